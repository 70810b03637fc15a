package events

import (
	"encoding/json"

	"chronicler/shared/campaign"
)

// Taking a turn back: the owner's undo, a player's ask for one, and the
// X-card any player taps. Each names the turn it means (turn_id), so an
// answer meant for one turn never takes back another.
const (
	ActionUndo    = "undo"     // the owner takes back the last committed turn
	ActionAskUndo = "ask_undo" // a player asks the owner to
	ActionXCard   = "xcard"    // anyone withdraws the last narration, anonymously
)

// The events they send.
const (
	// TypeTurnUndone tells the table the last turn was taken back, with
	// the table as it was before it.
	TypeTurnUndone = "turn.undone"
	// TypeUndoRequested tells the table (the owner decides) that a player
	// asks to take a turn back.
	TypeUndoRequested = "undo.requested"
	// TypeNarrationWithdrawn tells the table a turn's narration is
	// withdrawn (the X-card): its text is no longer shown, and the
	// narration told again follows as narration.delta and narration.done
	// of the same turn.
	TypeNarrationWithdrawn = "narration.withdrawn"
)

// TurnUndone is a turn taken back: the characters it changed as they are
// again, the fight as it was (when the turn was part of one), the scene,
// the game clock and the turn count.
type TurnUndone struct {
	TurnID     string               `json:"turn_id"`
	Sequence   int                  `json:"sequence"`
	Characters []campaign.Character `json:"characters"`
	Encounter  json.RawMessage      `json:"encounter,omitempty"`
	Scene      campaign.Scene       `json:"scene"`
	// Scenes is each character's scene when they are not all in one, as
	// turn.committed's.
	Scenes    map[string]campaign.Scene `json:"scenes,omitempty"`
	Clock     int64                     `json:"clock,omitempty"`
	TurnCount int                       `json:"turn_count"`
}

// UndoRequested is a player's ask to take the turn back.
type UndoRequested struct {
	TurnID   string `json:"turn_id"`
	Sequence int    `json:"sequence"`
	PlayerID string `json:"player_id"`
	Name     string `json:"name"`
}

// NarrationWithdrawn is a narration the X-card took off the table. It
// says nothing of who tapped it.
type NarrationWithdrawn struct {
	TurnID   string `json:"turn_id"`
	Sequence int    `json:"sequence"`
}
