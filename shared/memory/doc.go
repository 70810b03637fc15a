// Package memory is what the narrator remembers of a campaign beyond its
// rolling summary, and the builder of the context it narrates from. A
// deterministic extractor turns each committed turn into canon (a ledger of
// facts with provenance and witnesses), locks the identity of every NPC it
// introduces, and indexes facts and turns by keyword so that lore a summary
// dropped long ago is recalled when an action names it again.
//
// Build assembles one narration's context from layers in prompt-cache
// order (in the cached layout: contract and world, the party's roster,
// the canon, the story's chapters and the recent turns, then the party
// as it stands, the scene, the recalled lore and the current turn), each
// within its share of a token budget of about 2,400 tokens however long
// the campaign. The story is kept as chapters a fold appends (story.go).
// It imports no SDK and calls no model.
package memory
