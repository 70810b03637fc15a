// Package narrator is the game master's voice. A Narrator turns a compact
// snapshot of the campaign plus the rules engine's result into prose, as a
// stream, and compresses turns into a rolling summary. It never decides an
// outcome: everything it is told is already settled. Offline is the
// deterministic narrator that needs no model.
//
// Calls go to one of two tiers by purpose (Route): the high tier narrates,
// the turns the engine plays (Request.Played) among them, as the actions
// they are; the low tier acknowledges trivial turns, answers a player's
// out-of-character remark (Request.OutOfCharacter) out of character,
// summarizes, folds (the summary and the facts of every turn since the
// last fold, a record_fold answer: Folder), reads a player's words as an
// action (read_intent: IntentReader) and defines coined terms
// (define_terms: Definer). These structured answers are one JSON object
// in the answer's text, its shape stated in the prompt (Form); they are
// outside input: decoded strictly and validated against each turn before
// anything uses them (DecodeFold, which checks the facts of each turn
// against that turn; DecodeIntentAnswer; DecodeDefinitions). Each kind of
// call has its output cap (MaxOutput).
package narrator
