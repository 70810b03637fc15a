package events

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"chronicler/shared/campaign"
)

// Server event types.
const (
	TypeSession      = "session"
	TypeRecap        = "recap"
	TypeTurnAccepted = "turn.accepted"
	// TypeTurnDropped tells the table a turn it was told of was not
	// saved (added after version 1 of protocol.md, additive): the table is free again.
	TypeTurnDropped    = "turn.dropped"
	TypeRollResult     = "roll.result"
	TypeRollRequested  = "roll.requested"
	TypeReactionWindow = "reaction.window"
	TypeReactionGot    = "reaction.received"
	TypeReactionClosed = "reaction.closed"
	// TypeReactionOrdered tells the table a standing order answered a
	// window for its player (added after version 2 of protocol.md,
	// additive).
	TypeReactionOrdered = "reaction.ordered"
	TypeEncounter       = "encounter"
	TypeNarrationDelta  = "narration.delta"
	TypeNarrationDone   = "narration.done"
	TypeNarrationSlow   = "narration.slow"
	// TypeNarrationThrift tells the table narration takes a step to save
	// as a budget nears its end, or is back to full (added after version 1 of
	// protocol.md, additive).
	TypeNarrationThrift = "narration.thrift"
	TypeTurnCommitted   = "turn.committed"
	TypePresence        = "presence"
	// TypeCharacter announces a sheet new or changed outside a turn: a
	// new character, an item or coins the owner gave. Added after version 1 of
	// protocol.md, additive.
	TypeCharacter = "character"
	// TypeCost tells every player what the narrator has cost the table
	// beside the owner's budgets (TableCost), when a session opens or the
	// owner sets a budget; each turn.committed carries it too.
	TypeCost      = "cost"
	TypeError     = "error"
	TypeSyncBegin = "sync.begin"
	TypeSyncDone  = "sync.done"
	// TypeCharacterLeveled tells the table a character levelled up
	// (added after version 1 of protocol.md, additive).
	TypeCharacterLeveled = "character.leveled"
	// TypePause tells the table it was paused or goes on (Paused; added
	// after version 2 of protocol.md, additive).
	TypePause = "pause"
)

// Header is what every server message starts with. Seq is 0 (and left out)
// for a message meant for one connection only.
type Header struct {
	Type       string `json:"type"`
	CampaignID string `json:"campaign_id"`
	Seq        int64  `json:"seq,omitempty"`
}

// Session reports the session's status and everyone's presence.
type Session struct {
	SessionID string                       `json:"session_id"`
	Status    campaign.Status              `json:"status"`
	EndReason string                       `json:"end_reason,omitempty"`
	Presence  map[string]campaign.Presence `json:"presence"`
}

// Recap is the "Previously on..." text.
type Recap struct {
	Text string `json:"text"`
	// CharacterIDs are the characters whose knowledge a recap to one
	// player tells (what they saw while the player was away, what they
	// know beyond the table's recap); absent on the table's.
	CharacterIDs []string `json:"character_ids,omitempty"`
}

// TurnAccepted acknowledges a turn.
type TurnAccepted struct {
	TurnID      string `json:"turn_id"`
	RequestID   string `json:"request_id"`
	CharacterID string `json:"character_id"`
}

// TurnDropped is a turn that was accepted and then not saved: its
// player may take it again, and nobody waits on it any more.
type TurnDropped struct {
	TurnID      string `json:"turn_id"`
	CharacterID string `json:"character_id,omitempty"`
}

// RollRequested asks a player to roll (the server makes the number).
type RollRequested struct {
	TurnID      string    `json:"turn_id"`
	RollID      string    `json:"roll_id"`
	CharacterID string    `json:"character_id"`
	Dice        string    `json:"dice"`
	Reason      string    `json:"reason"`
	Deadline    time.Time `json:"deadline"`
}

// RollResult is a roll the engine made, shown before it is narrated: the
// roll as the turn keeps it (campaign.Roll), which beyond version 1 of protocol.md's
// fields carries its terms as rolled and its options.
type RollResult struct {
	TurnID string `json:"turn_id"`
	campaign.Roll
}

// ReactionWindow offers the eligible characters their reactions to a roll
// until ClosesAt. Offers (beyond version 1's names) say for each reaction
// whether it would change the outcome: "yes", "no" or "unknown".
type ReactionWindow struct {
	TurnID string `json:"turn_id"`
	// RollID is the roll the window answers; "" for a window opened
	// before its moment's dice (a spell being cast, a creature leaving
	// reach), which Trigger tells.
	RollID   string     `json:"roll_id,omitempty"`
	Trigger  string     `json:"trigger,omitempty"`
	Eligible []Eligible `json:"eligible"`
	ClosesAt time.Time  `json:"closes_at"`
}

// Eligible is one character a reaction window is open to, with its
// offers as the window keeps them (campaign.Offer: a reaction's name and
// whether it would change the outcome).
type Eligible struct {
	CharacterID string           `json:"character_id"`
	Reactions   []string         `json:"reactions"`
	Offers      []campaign.Offer `json:"offers"`
}

// ReactionReceived tells the table a character answered the window.
type ReactionReceived struct {
	TurnID      string `json:"turn_id"`
	CharacterID string `json:"character_id"`
	Reaction    string `json:"reaction"`
}

// ReactionClosed closes a window with the reactions applied, in order, as
// the turn keeps them (campaign.AppliedReaction: the character, the
// reaction's name and a sentence telling it).
type ReactionClosed struct {
	TurnID  string                     `json:"turn_id"`
	Applied []campaign.AppliedReaction `json:"applied"`
}

// NarrationDelta is a piece of streaming narration.
type NarrationDelta struct {
	TurnID string `json:"turn_id"`
	Text   string `json:"text"`
}

// NarrationSlow says the narrator is slow: the model sent nothing in time
// (reason "first_text") or stopped mid-way ("stall"). The narration goes
// on: another call continues from the text already shown, or the offline
// narrator finishes the turn; narration.done follows as ever.
type NarrationSlow struct {
	TurnID string `json:"turn_id"`
	Reason string `json:"reason"`
}

// NarrationThrift says how narration saves from this turn on: step
// "shorter" (shorter narrations), "low" (the smaller model), "offline"
// (the built-in narrator, for free) or "" (back to full), for the budget
// named by scope ("session", "campaign" or "day"), with what it has spent;
// text says it in words for the table.
type NarrationThrift struct {
	TurnID    string  `json:"turn_id"`
	Step      string  `json:"step"`
	Scope     string  `json:"scope,omitempty"`
	SpentUSD  float64 `json:"spent_usd"`
	BudgetUSD float64 `json:"budget_usd"`
	Text      string  `json:"text"`
}

// NarrationDone is the whole narration of a turn.
type NarrationDone struct {
	TurnID      string   `json:"turn_id"`
	Text        string   `json:"text"`
	Suggestions []string `json:"suggestions"`
	// Degraded says the model could not narrate this turn and the plain
	// offline narrator did; the turn counts all the same.
	Degraded bool `json:"degraded,omitempty"`
}

// TurnCommitted says a turn is saved, with what it changed.
type TurnCommitted struct {
	TurnID     string               `json:"turn_id"`
	Sequence   int                  `json:"sequence"`
	ActorID    string               `json:"actor_id"`
	Rolls      []campaign.Roll      `json:"rolls"`
	Characters []campaign.Character `json:"characters"`
	Encounter  json.RawMessage      `json:"encounter,omitempty"`
	// Scene is the scene the receiving connection's player's character
	// is in after the turn (the campaign's, for a player with none).
	Scene campaign.Scene `json:"scene"`
	// Clock is the game time once the turn is done (campaign.State.Clock).
	Clock int64 `json:"clock,omitempty"`
	// Scenes is each character's scene after the turn, by character id,
	// when they are not all in one (added after version 1 of
	// protocol.md); absent, Scene is every character's.
	Scenes map[string]campaign.Scene `json:"scenes,omitempty"`
	// Cost is what the narrator has cost the table once the turn is done.
	Cost *TableCost `json:"cost,omitempty"`
}

// CharacterLeveled is a level up a turn committed (a level_up intent):
// what the new level gave the character (campaign.Leveled). It follows
// the turn's turn.committed, which carries the new sheet.
type CharacterLeveled struct {
	TurnID string `json:"turn_id"`
	campaign.Leveled
}

// Encounter reports an encounter started or ended (turns in it come with
// turn.committed); Characters are the sheets an ending changed.
type Encounter struct {
	Encounter  json.RawMessage      `json:"encounter"`
	Characters []campaign.Character `json:"characters,omitempty"`
}

// Character is a sheet changed outside a turn (added after version 1 of protocol.md): a
// character new to the campaign, so every table shows it at once, or what
// the owner gave (Gift), with Text, the line the table reads ("Mira
// receives a Potion of Healing and 10 gp.").
type Character struct {
	Character campaign.Character `json:"character"`
	Gift      *Gift              `json:"gift,omitempty"`
	Text      string             `json:"text,omitempty"`
}

// Presence reports one character's presence change.
type Presence struct {
	CharacterID string            `json:"character_id"`
	State       campaign.Presence `json:"state"`
}

// Error reports a failed request to the connection that sent it.
type Error struct {
	RequestID string `json:"request_id,omitempty"`
	Code      string `json:"code"`
	Message   string `json:"message"`
	// Reason, added after version 1 of protocol.md, is the rules' refusal reason when the
	// engine refused an intent (not_your_turn, out_of_range, no_slot, ...).
	Reason string `json:"reason,omitempty"`
}

// SyncBegin frames a sync reply: the events after AfterSeq follow, each as
// it was first sent, then SyncDone. A reply is one page: at most the
// request's limit (MaxSyncPage) of events, fewer when the page reached its
// bound in bytes or time first.
type SyncBegin struct {
	AfterSeq int64 `json:"after_seq"`
}

// SyncDone ends a sync reply; LastSeq is the campaign's last seq when the
// sync began. More says the page stopped short of it: the client asks
// again with after_seq NextAfterSeq (the last seq this page carried) once
// it has read the page, and goes on until a reply comes without More.
type SyncDone struct {
	LastSeq      int64 `json:"last_seq"`
	More         bool  `json:"more,omitempty"`
	NextAfterSeq int64 `json:"next_after_seq,omitempty"`
}

// Encode renders a server message: the header's fields, then the body's.
// body must marshal to a JSON object.
func Encode(h Header, body any) ([]byte, error) {
	head, err := json.Marshal(h)
	if err != nil {
		return nil, fmt.Errorf("encode %s header: %w", h.Type, err)
	}
	b, err := json.Marshal(body)
	if err != nil {
		return nil, fmt.Errorf("encode %s: %w", h.Type, err)
	}
	if len(b) < 2 || b[0] != '{' {
		return nil, fmt.Errorf("encode %s: body is not an object", h.Type)
	}
	if len(b) == 2 {
		return head, nil
	}
	out := make([]byte, 0, len(head)+len(b))
	out = append(out, head[:len(head)-1]...)
	out = append(out, ',')
	return append(out, b[1:]...), nil
}

// WithSeq is msg, a server message encoded without a seq (Header.Seq 0),
// as Encode would have encoded it with seq: the same bytes with
// `"seq":<seq>` after the header's campaign_id. Campaign events are stored
// without their seq, which the store gives them inside the transaction
// that appends them, and get it here on their way out. A message that
// carries a seq already (stored before the store gave seqs) is returned as
// it is.
func WithSeq(msg []byte, seq int64) ([]byte, error) {
	if seq < 1 {
		return nil, fmt.Errorf("stamp seq %d: seqs start at 1", seq)
	}
	var h Header
	if err := json.Unmarshal(msg, &h); err != nil {
		return nil, fmt.Errorf("stamp seq %d: %w", seq, err)
	}
	if h.Seq != 0 {
		return msg, nil
	}
	head, err := json.Marshal(Header{Type: h.Type, CampaignID: h.CampaignID})
	if err != nil {
		return nil, fmt.Errorf("stamp seq %d: %w", seq, err)
	}
	open := head[:len(head)-1] // without its closing brace
	if !bytes.HasPrefix(msg, open) {
		return nil, fmt.Errorf("stamp seq %d: %.40q was not encoded by Encode", seq, msg)
	}
	out := make([]byte, 0, len(msg)+24)
	out = append(out, open...)
	out = append(out, `,"seq":`...)
	out = strconv.AppendInt(out, seq, 10)
	return append(out, msg[len(open):]...), nil
}
