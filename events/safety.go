package events

import (
	"strings"
	"time"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
)

// The table's pause (client actions; see protocol.md, "Safety tools").
const (
	ActionPause   = "pause"
	ActionUnpause = "unpause"
)

// MaxLimitRunes bounds a line's or a veil's text: a subject named in a
// few words, not a paragraph the prompt would carry every turn.
const MaxLimitRunes = 120

// NewLimit is POST /api/campaigns/{id}/safety: a line or a veil.
type NewLimit struct {
	Kind string `json:"kind"`
	Text string `json:"text"`
}

// DecodeLimit parses and validates POST .../safety: kind "line" or
// "veil", text of 1 to MaxLimitRunes characters on one line (its white
// space folded: each limit is one line of the narrator's prompt).
func DecodeLimit(data []byte) (NewLimit, error) {
	const op = "add limit"
	var b NewLimit
	if err := decode(op, data, &b, true); err != nil {
		return b, err
	}
	if b.Kind != campaign.LimitLine && b.Kind != campaign.LimitVeil {
		return b, fault.Field(op, "kind", "must be %q or %q", campaign.LimitLine, campaign.LimitVeil)
	}
	var err error
	if b.Text, err = text(op, "text", b.Text, true, MaxLimitRunes); err != nil {
		return b, err
	}
	b.Text = strings.Join(strings.Fields(b.Text), " ")
	return b, nil
}

// LimitView is a line or a veil as one player is shown it: the table's
// (the owner's) to everyone, a private one to the player who added it
// alone (Mine). Who added a private limit is never sent.
type LimitView struct {
	ID      string `json:"id"`
	Kind    string `json:"kind"`
	Text    string `json:"text"`
	Private bool   `json:"private,omitempty"`
	Mine    bool   `json:"mine,omitempty"`
}

// Safety is GET /api/campaigns/{id}/safety: the limits the player may
// see (the table's and their own), and the pause, if the table is paused.
type Safety struct {
	Lines []LimitView `json:"lines"`
	Veils []LimitView `json:"veils"`
	Pause *PauseView  `json:"pause,omitempty"`
}

// PauseView is a pause as the wire tells it.
type PauseView struct {
	By string    `json:"by"`
	At time.Time `json:"at"`
}

// Paused tells the table it was paused (Paused true) or goes on: who
// paused or unpaused it, by name, and when; on unpause, how long the
// table was held and the deadlines that moved with it (a roll prompt's
// or a reaction window's, sent again as roll.requested or
// reaction.window after this event).
type Paused struct {
	Paused bool      `json:"paused"`
	By     string    `json:"by"`
	At     time.Time `json:"at"`
	// HeldSeconds is how long the pause lasted (unpause only).
	HeldSeconds int `json:"held_seconds,omitempty"`
}
