// Package intent turns the common phrasings of a player's free text ("I
// attack the goblin with my longsword", "cast cure wounds on Bram", "go to
// the cellar") into the structured intents the rules engine validates. It is
// deterministic and resolves names only against what its Context says the
// actor has and sees; anything it cannot read with confidence (an unknown or
// ambiguous name, two actions in one sentence) it declines, so the caller
// passes the text on as speech or to the narrator rather than act on a guess.
package intent
