package events

import (
	"bytes"
	"encoding/json"
	"strings"
	"unicode/utf8"

	"chronicler/shared/fault"
	"chronicler/shared/intent"
)

// Limits of client input.
const (
	MaxFrameBytes  = 32 * 1024             // API Gateway's WebSocket frame: larger is refused, never cut
	MaxActionRunes = intent.MaxActionRunes // a turn's free text
	MaxIDLength    = intent.MaxIDLength    // request, character, turn and roll ids
	// MaxSyncPage is the most events one sync reply carries: a client
	// asks for the next page (after the reply's next_after_seq) when it
	// has read this one, so a sync of any gap is a series of bounded
	// replies, each well inside what a connection's send queue holds.
	MaxSyncPage = 200
)

// Client actions (route keys).
const (
	ActionResume     = "resume"
	ActionTurn       = "turn"
	ActionRoll       = "roll"
	ActionReact      = "react"
	ActionEndSession = "end_session"
	ActionSync       = "sync"
)

// ClientMessage is any message a client sends. Which fields matter depends
// on Action; DecodeClient checks them.
type ClientMessage struct {
	Action      string          `json:"action"`
	RequestID   string          `json:"request_id"`
	CampaignID  string          `json:"campaign_id,omitempty"` // optional; must match the connection's if present
	CharacterID string          `json:"character_id,omitempty"`
	Text        string          `json:"text,omitempty"`
	Intent      json.RawMessage `json:"intent,omitempty"`
	TurnID      string          `json:"turn_id,omitempty"`
	RollID      string          `json:"roll_id,omitempty"`
	Reaction    string          `json:"reaction,omitempty"`
	AfterSeq    *int64          `json:"after_seq,omitempty"`
	// Limit is the most events a sync reply may carry (1..MaxSyncPage);
	// absent, MaxSyncPage.
	Limit *int `json:"limit,omitempty"`
}

// Intent is a structured action; the rules own its shape and its kinds.
type Intent = intent.Intent

// DecodeClient parses and validates one client message. Every failure is a
// fault.Invalid (fault.TooLarge for an oversize frame) naming the field.
func DecodeClient(data []byte) (ClientMessage, error) {
	const op = "decode message"
	var m ClientMessage
	if len(data) > MaxFrameBytes {
		return m, fault.E(fault.TooLarge, op, "message is larger than %d bytes", MaxFrameBytes)
	}
	if !utf8.Valid(data) {
		return m, fault.E(fault.Invalid, op, "message is not UTF-8")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		return ClientMessage{}, fault.E(fault.Invalid, op, "message is not a valid JSON object: %s", jsonProblem(err))
	}
	if dec.More() {
		return ClientMessage{}, fault.E(fault.Invalid, op, "message has trailing data")
	}
	if err := checkID(op, "request_id", m.RequestID, m.Action != ActionSync); err != nil {
		return m, err
	}
	if err := checkID(op, "campaign_id", m.CampaignID, false); err != nil {
		return m, err
	}
	switch m.Action {
	case ActionResume, ActionEndSession, ActionPause, ActionUnpause:
	case ActionSync:
		if m.AfterSeq == nil || *m.AfterSeq < 0 {
			return m, fault.Field(op, "after_seq", "must be a number >= 0")
		}
		if m.Limit != nil && (*m.Limit < 1 || *m.Limit > MaxSyncPage) {
			return m, fault.Field(op, "limit", "must be 1 to %d", MaxSyncPage)
		}
	case ActionTurn:
		if err := checkID(op, "character_id", m.CharacterID, true); err != nil {
			return m, err
		}
		hasText, hasIntent := m.Text != "", len(m.Intent) > 0 && string(m.Intent) != "null"
		switch {
		case hasText == hasIntent:
			return m, fault.Field(op, "text", "send either text or intent")
		case hasText:
			n := utf8.RuneCountInString(m.Text)
			if strings.TrimSpace(m.Text) == "" || n > MaxActionRunes {
				return m, fault.Field(op, "text", "must be 1 to %d characters", MaxActionRunes)
			}
		default:
			if _, err := DecodeIntent(m.Intent); err != nil {
				return m, err
			}
		}
	case ActionRoll:
		if err := checkID(op, "turn_id", m.TurnID, true); err != nil {
			return m, err
		}
		if err := checkID(op, "roll_id", m.RollID, true); err != nil {
			return m, err
		}
	case ActionUndo, ActionAskUndo, ActionXCard:
		if err := checkID(op, "turn_id", m.TurnID, true); err != nil {
			return m, err
		}
	case ActionReact:
		if err := checkID(op, "turn_id", m.TurnID, true); err != nil {
			return m, err
		}
		if err := checkID(op, "character_id", m.CharacterID, true); err != nil {
			return m, err
		}
		if m.Reaction == "" || len(m.Reaction) > 64 {
			return m, fault.Field(op, "reaction", "must name a reaction or be \"pass\"")
		}
	case "":
		return m, fault.Field(op, "action", "is required")
	default:
		return m, fault.Field(op, "action", "unknown action %q", truncate(m.Action, 40))
	}
	return m, nil
}

// DecodeIntent parses a structured intent and validates it against the
// rules' kind table (Intent.Validate).
func DecodeIntent(raw json.RawMessage) (Intent, error) {
	const op = "decode intent"
	var in Intent
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&in); err != nil {
		return in, fault.Field(op, "intent", "is not a valid intent object: %s", jsonProblem(err))
	}
	// An empty list or map says what leaving it out says, and is kept so.
	if len(in.TargetIDs) == 0 {
		in.TargetIDs = nil
	}
	if len(in.Increases) == 0 {
		in.Increases = nil
	}
	if len(in.Spells) == 0 {
		in.Spells = nil
	}
	if len(in.Replace) == 0 {
		in.Replace = nil
	}
	return in, in.Validate(op)
}

func checkID(op, field, v string, required bool) error {
	switch {
	case v == "" && required:
		return fault.Field(op, field, "is required")
	case len(v) > MaxIDLength:
		return fault.Field(op, field, "is longer than %d bytes", MaxIDLength)
	}
	for _, r := range v {
		if r < 0x21 || r == 0x7f {
			return fault.Field(op, field, "must not contain spaces or control characters")
		}
	}
	return nil
}

// jsonProblem describes a JSON error without echoing large input back.
func jsonProblem(err error) string {
	return truncate(strings.TrimPrefix(err.Error(), "json: "), 120)
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}
