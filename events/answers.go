package events

import (
	"encoding/json"
	"time"

	"chronicler/shared/campaign"
)

// The answers of the HTTP API that the use cases give and the handlers
// write, so a handler depends on the wire and the campaign's records,
// never on the rules engine that made them.

// Invite is a campaign's invite code and when it stops working: the
// answer to POST /api/campaigns/{id}/invite.
type Invite struct {
	Code      string    `json:"invite_code"`
	ExpiresAt time.Time `json:"expires_at"`
}

// CampaignView is a campaign as a member sees it: GET
// /api/campaigns/{id} writes it.
type CampaignView struct {
	Campaign   campaign.Campaign
	State      campaign.State
	Characters []campaign.Character
	Members    []campaign.Member
	Session    *campaign.Session  // the open one, if any
	Sessions   []campaign.Session // all, oldest first
	LastSeq    int64
	Encounter  json.RawMessage // the encounter under way, if any
	Cost       TableCost       // what the narrator has cost the table
}

// TurnPage is a page of turn history: GET /api/campaigns/{id}/turns
// writes it.
type TurnPage struct {
	Turns []campaign.Turn
	Next  *int // the `after` of the next page; nil on the last page
}

// EncounterEnded is the answer to POST
// /api/campaigns/{id}/encounters/{eid}/end: whether the diffs were
// written (false for a dry run), and every participant's diff as the
// encounter engine made it (a JSON array of its Diff).
type EncounterEnded struct {
	Committed bool            `json:"committed"`
	Diffs     json.RawMessage `json:"diffs"`
}
