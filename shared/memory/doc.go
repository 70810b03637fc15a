// Package memory is what the narrator remembers of a campaign beyond its
// rolling summary, and the builder of the context it narrates from. A
// deterministic extractor turns each committed turn into canon (a ledger of
// facts with provenance and witnesses), locks the identity of every NPC it
// introduces, and indexes facts and turns by keyword so that lore a summary
// dropped long ago is recalled when an action names it again.
//
// Build assembles one narration's context from layers in prompt-cache
// order (frozen contract and world, cached canon and party, then scene,
// summary, recalled lore, recent turns and the current turn), each within
// its share of a token budget of about 2,400 tokens however long the
// campaign. It imports no SDK and calls no model.
package memory
