package campaign

import (
	"time"

	"chronicler/shared/revert"
)

// TurnBefore is what a committed turn replaced, kept in the commit that
// saved the turn, so the turn can be taken back (an undo) or its narration
// told again (the X-card) by one commit that writes it back. It keeps
// reverse patches (revert.Patch) of what the turn left, not the values
// whole: a turn changes a few fields of the state, a sheet and the fight,
// and appends to the memory, and this is written with every turn. The
// stores keep it apart from the turn, where no read of the table's recent
// turns pays for it, until it expires (UndoWindow).
type TurnBefore struct {
	// State turns the state item the turn left back into the one it read.
	State revert.Patch `json:"state"`
	// Characters turn the sheets the turn changed back, by character id,
	// and CharacterVersions are their stored versions before it: the
	// turn left each at its version + 1, which an undo requires still.
	Characters        map[string]revert.Patch `json:"characters,omitempty"`
	CharacterVersions map[string]int64        `json:"character_versions,omitempty"`
	// Encounter is the fight the turn was part of, when it was one
	// already, at EncounterVersion before it; EncounterPatch turns the
	// record the turn left back.
	Encounter        string       `json:"encounter,omitempty"`
	EncounterPatch   revert.Patch `json:"encounter_patch"`
	EncounterVersion int64        `json:"encounter_version,omitempty"`
	// Memory turns the narrative memory the turn left (its JSON) back;
	// NoMemory says the campaign had none before the turn.
	Memory   revert.Patch `json:"memory"`
	NoMemory bool         `json:"no_memory,omitempty"`
	// Scene is where the rules moved the party, when the turn moved it;
	// Eventful says the turn was one the low tier folds at (a move, a
	// fight's end, a reaction). A narration told again is remembered
	// as the first one was.
	Scene    *Scene `json:"scene,omitempty"`
	Eventful bool   `json:"eventful,omitempty"`
}

// UndoWindow is how long after it was committed a turn may be taken back
// (within its session too); what it replaced is kept a little longer.
const UndoWindow = 24 * time.Hour

// TurnBeforeTTL is how long a store keeps what a turn replaced: past the
// undo window, so an undo at the window's edge finds it.
const TurnBeforeTTL = UndoWindow + time.Hour

// TurnUndone marks a turn the owner took back: it stays in the journal
// and the export, out of the campaign's sequence of turns.
type TurnUndone struct {
	At time.Time `json:"at"`
	By string    `json:"by"` // the owner's player id
}
