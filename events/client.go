package events

import (
	"bytes"
	"encoding/json"
	"strings"
	"unicode/utf8"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
)

// Limits of client input.
const (
	MaxFrameBytes  = 32 * 1024 // API Gateway's WebSocket frame: larger is refused, never cut
	MaxActionRunes = 2000      // a turn's free text
	MaxIDLength    = 128       // request, character, turn and roll ids
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
}

// Intent is a structured action.
type Intent struct {
	Kind      string   `json:"kind"`
	TargetID  string   `json:"target_id,omitempty"`
	Weapon    string   `json:"weapon,omitempty"`
	Spell     string   `json:"spell,omitempty"`
	TargetIDs []string `json:"target_ids,omitempty"`
	SlotLevel int      `json:"slot_level,omitempty"`
	Ability   string   `json:"ability,omitempty"`
	Skill     string   `json:"skill,omitempty"`
	ToAreaID  string   `json:"to_area_id,omitempty"`
	Item      string   `json:"item,omitempty"`
	Rest      string   `json:"rest,omitempty"`
	Text      string   `json:"text,omitempty"`
	// Bonus takes the intent as a bonus action in an encounter: attack
	// (two-weapon fighting's off hand), dash, disengage or hide (a rogue's
	// Cunning Action), second_wind, or a cast whose spell takes a bonus
	// action. Beyond protocol.md, additive.
	Bonus bool `json:"bonus,omitempty"`
	// KeepTurn leaves the actor's encounter turn open after the intent,
	// for a bonus action or end_turn to follow; without it an action ends
	// the turn. Beyond protocol.md, additive.
	KeepTurn bool `json:"keep_turn,omitempty"`
	// Ongoing, with cast, uses again a spell the actor cast earlier in
	// the encounter (Spiritual Weapon's attack, Call Lightning's bolt)
	// instead of casting it. Beyond protocol.md, additive.
	Ongoing bool `json:"ongoing,omitempty"`
	// Choice, with cast, is the caster's pick where the spell offers one:
	// the condition Lesser or Greater Restoration ends ("poisoned"), the
	// damage type Protection from Energy wards against ("fire"), the word
	// Command speaks ("halt"); Weapon, with cast, names the weapon Magic
	// Weapon makes magic. Beyond protocol.md, additive.
	Choice string `json:"choice,omitempty"`
}

var intentKinds = func() map[string]bool {
	m := map[string]bool{}
	for _, k := range campaign.IntentKinds {
		m[k] = true
	}
	return m
}()

// bonusKinds are the intents that may be taken as a bonus action.
var bonusKinds = map[string]bool{"attack": true, "cast": true, "dash": true, "disengage": true, "hide": true, "second_wind": true}

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
	case ActionResume, ActionEndSession:
	case ActionSync:
		if m.AfterSeq == nil || *m.AfterSeq < 0 {
			return m, fault.Field(op, "after_seq", "must be a number >= 0")
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

// DecodeIntent parses and validates a structured intent.
func DecodeIntent(raw json.RawMessage) (Intent, error) {
	const op = "decode intent"
	var in Intent
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&in); err != nil {
		return in, fault.Field(op, "intent", "is not a valid intent object: %s", jsonProblem(err))
	}
	if !intentKinds[in.Kind] {
		return in, fault.Field(op, "intent.kind", "unknown kind %q", truncate(in.Kind, 40))
	}
	if in.Bonus && !bonusKinds[in.Kind] {
		return in, fault.Field(op, "intent.bonus", "%s can't be taken as a bonus action", in.Kind)
	}
	if in.Ongoing && in.Kind != "cast" {
		return in, fault.Field(op, "intent.ongoing", "goes with cast only")
	}
	switch {
	case in.Choice != "" && in.Kind != "cast":
		return in, fault.Field(op, "intent.choice", "goes with cast only")
	case len(in.Choice) > MaxIDLength:
		return in, fault.Field(op, "intent.choice", "is longer than %d bytes", MaxIDLength)
	}
	need := func(field, v string) error {
		if v == "" || len(v) > MaxIDLength {
			return fault.Field(op, "intent."+field, "is required for %s", in.Kind)
		}
		return nil
	}
	switch in.Kind {
	case "attack":
		return in, need("target_id", in.TargetID)
	case "cast":
		if in.SlotLevel < 0 || in.SlotLevel > 9 {
			return in, fault.Field(op, "intent.slot_level", "must be between 1 and 9")
		}
		return in, need("spell", in.Spell)
	case "check":
		switch in.Ability {
		case "str", "dex", "con", "int", "wis", "cha":
		default:
			return in, fault.Field(op, "intent.ability", "must be one of str, dex, con, int, wis, cha")
		}
	case "move":
		return in, need("to_area_id", in.ToAreaID)
	case "use_item":
		return in, need("item", in.Item)
	case "rest":
		if in.Rest != "short" && in.Rest != "long" {
			return in, fault.Field(op, "intent.rest", "must be short or long")
		}
	case "say":
		n := utf8.RuneCountInString(in.Text)
		if strings.TrimSpace(in.Text) == "" || n > MaxActionRunes {
			return in, fault.Field(op, "intent.text", "must be 1 to %d characters", MaxActionRunes)
		}
	}
	return in, nil
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
