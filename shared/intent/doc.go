// Package intent is the rules' word for what a player asks a turn to do:
// the Intent type, the one table of its kinds (what each requires, whether
// it may be a bonus action, how a fight takes it, what the allowlist and
// the narrator's read_intent answer make of it) and Validate, which the wire
// decoder and the rules share.
//
// Parse turns the common phrasings of a player's free text ("I attack the
// goblin with my longsword", "cast cure wounds on Bram", "go to the cellar")
// into intents. It is deterministic and resolves names only against what its
// Context says the actor has and sees; anything it cannot read with
// confidence (an unknown or ambiguous name, two actions in one sentence) it
// declines, so the caller passes the text on as speech or to the narrator
// rather than act on a guess. Colour says which of the words it declines
// are colour ("I nod to Bram"): in character, taking no action the rules
// know, told as they are without a model to read them.
package intent
