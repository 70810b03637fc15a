package campaign

import "time"

// TurnBefore is what a committed turn replaced, kept with the turn in the
// commit that saved it, so the turn can be taken back (an undo) or its
// narration told again (the X-card) by one commit that writes it back.
// The stores keep it apart from what the next turn's narration reads.
type TurnBefore struct {
	// State is the state item as the turn read it.
	State State `json:"state"`
	// Characters are the sheets the turn changed, as they were before it,
	// and CharacterVersions their stored versions then: the turn left
	// each at its version + 1, which an undo requires still.
	Characters        []Character      `json:"characters,omitempty"`
	CharacterVersions map[string]int64 `json:"character_versions,omitempty"`
	// Encounter is the fight's record before the turn, when the turn was
	// part of one, at EncounterVersion.
	Encounter        *EncounterRecord `json:"encounter,omitempty"`
	EncounterVersion int64            `json:"encounter_version,omitempty"`
	// Memory is the narrative memory as stored before the turn (gzipped
	// JSON), empty when the campaign had none yet.
	Memory []byte `json:"memory,omitempty"`
	// Scene is where the rules moved the party, when the turn moved it;
	// Eventful says the turn was one the low tier folds at (a move, a
	// fight's end, a reaction). A narration told again is remembered
	// as the first one was.
	Scene    *Scene `json:"scene,omitempty"`
	Eventful bool   `json:"eventful,omitempty"`
}

// TurnUndone marks a turn the owner took back: it stays in the journal
// and the export, out of the campaign's sequence of turns.
type TurnUndone struct {
	At time.Time `json:"at"`
	By string    `json:"by"` // the owner's player id
}
