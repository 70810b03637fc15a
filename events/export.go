package events

import (
	"bytes"
	"encoding/json"
	"fmt"
	"time"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/srd"
)

// Export file format. A file of a newer version than ExportVersion is
// refused: its meaning is unknown here. Version 2 added the campaign's
// memory; a version 1 file imports without one.
const (
	ExportFormat  = "chronicler.campaign"
	ExportVersion = 2
	// MaxImportBytes bounds an import's request body: Lambda takes a
	// request of 6 MB at most, and API Gateway may hand it a body in
	// base64 (4/3 of it) inside the event. A larger file is sent gzipped
	// (Content-Encoding: gzip).
	MaxImportBytes = 4 << 20
	// MaxExportBytes bounds an import file once inflated.
	MaxExportBytes = 48 << 20
	maxExportTurns = 100_000
	// ExportPageBytes bounds the turns of one export response (the first,
	// with the campaign, and each page after it): Lambda answers 6 MB at
	// most.
	ExportPageBytes = 2 << 20
	// ExportPageTurns bounds the turns of one export response.
	ExportPageTurns = 500
)

// ExportPage is one page of an export's turns after the first:
// GET /api/campaigns/{id}/export?after=<seq>. NextAfter, when not 0, is the
// after of the next page.
type ExportPage struct {
	Turns     []campaign.Turn `json:"turns"`
	NextAfter int             `json:"next_after,omitempty"`
}

// Export is a whole campaign, as GET /api/campaigns/{id}/export returns it
// and POST /api/campaigns/import takes it.
type Export struct {
	Format     string               `json:"format"`
	Version    int                  `json:"version"`
	ExportedAt time.Time            `json:"exported_at"`
	Campaign   ExportCampaign       `json:"campaign"`
	State      campaign.State       `json:"state"`
	Characters []campaign.Character `json:"characters"`
	Members    []campaign.Member    `json:"members"`
	Sessions   []campaign.Session   `json:"sessions"`
	Turns      []campaign.Turn      `json:"turns"`
	// UndoneTurns are the turns the owner took back, each marked undone:
	// the journal keeps them out of the sequence (at most
	// ExportPageTurns, the latest).
	UndoneTurns []campaign.Turn   `json:"undone_turns,omitempty"`
	Encounters  []json.RawMessage `json:"encounters"`
	// Ledger is version 1's place for the canon, always empty; version 2
	// keeps the whole narrative memory (the canon ledger, the NPC roster
	// and the recall index, memory.Memory) in Memory.
	Ledger []json.RawMessage `json:"ledger,omitempty"`
	Memory json.RawMessage   `json:"memory,omitempty"`
	// NextAfter, in an export's first response only, says the campaign
	// has more turns than one response holds: ask for the pages after it
	// (ExportPage), append their turns, and drop next_after; the file is
	// then whole. A file that still has it is refused on import.
	NextAfter int `json:"next_after,omitempty"`
}

// ExportCampaign is the campaign's meta in an export.
type ExportCampaign struct {
	ID           string            `json:"id"`
	Name         string            `json:"name"`
	Status       campaign.Status   `json:"status"`
	WorldSeed    string            `json:"world_seed,omitempty"`
	DMPersona    string            `json:"dm_persona,omitempty"`
	Settings     campaign.Settings `json:"settings"`
	OwnerID      string            `json:"owner_id"`
	CreatedAt    time.Time         `json:"created_at"`
	LastPlayedAt time.Time         `json:"last_played_at"`
	// Homebrew is the campaign's own stat blocks.
	Homebrew *srd.Overrides `json:"homebrew,omitempty"`
	// Secrets are the owner's canon no player knows; only the owner's
	// export carries them.
	Secrets []campaign.Secret `json:"secrets,omitempty"`
}

// DecodeExport parses and validates an export file. Every problem is
// fault.Invalid (TooLarge for an oversize file) naming what is wrong.
func DecodeExport(data []byte) (Export, error) {
	const op = "import campaign"
	var e Export
	if len(data) > MaxExportBytes {
		return e, fault.E(fault.TooLarge, op, "the file is larger than %d bytes", MaxExportBytes)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&e); err != nil {
		return Export{}, fault.E(fault.Invalid, op, "the file is not a campaign export: %s", jsonProblem(err))
	}
	if dec.More() {
		return Export{}, fault.E(fault.Invalid, op, "the file has trailing data")
	}
	switch {
	case e.Format != ExportFormat:
		return e, fault.Field(op, "format", "must be %q", ExportFormat)
	case e.Version > ExportVersion:
		return e, fault.Field(op, "version", "the file is version %d, newer than this server reads (%d); update the server", e.Version, ExportVersion)
	case e.Version < 1:
		return e, fault.Field(op, "version", "must be 1 or more")
	case e.NextAfter != 0:
		return e, fault.Field(op, "next_after", "the file is the first page of an export: append the turns of GET .../export?after=%d (and the pages after it), then drop next_after", e.NextAfter)
	}
	c := e.Campaign
	if _, err := text(op, "campaign.name", c.Name, true, 80); err != nil {
		return e, err
	}
	if !c.Status.Valid() {
		return e, fault.Field(op, "campaign.status", "must be active, paused, concluded or abandoned")
	}
	if _, err := c.Settings.Normalize(); err != nil {
		return e, err
	}
	if len(c.Secrets) > campaign.MaxSecrets {
		return e, fault.Field(op, "campaign.secrets", "a campaign keeps at most %d secrets", campaign.MaxSecrets)
	}
	for i, sec := range c.Secrets {
		field := fmt.Sprintf("campaign.secrets[%d]", i)
		if sec.ID == "" {
			return e, fault.Field(op, field+".id", "is required")
		}
		if _, err := text(op, field+".text", sec.Text, true, 500); err != nil {
			return e, err
		}
		if _, err := text(op, field+".subject", sec.Subject, false, 60); err != nil {
			return e, err
		}
	}
	if h := c.Homebrew; h != nil {
		if err := checkHomebrew(op, *h); err != nil {
			_, why := fault.Public(err)
			return e, fault.Field(op, "campaign.homebrew", "%s", why)
		}
	}
	if len(e.Characters) > 12 {
		return e, fault.Field(op, "characters", "a campaign has at most 12 characters")
	}
	chars := map[string]bool{}
	for i, ch := range e.Characters {
		field := fmt.Sprintf("characters[%d]", i)
		switch {
		case ch.ID == "" || chars[ch.ID]:
			return e, fault.Field(op, field+".id", "must be present and distinct")
		case ch.Level < 1 || ch.Level > 20:
			return e, fault.Field(op, field+".level", "must be between 1 and 20")
		case ch.MaxHP < 1 || ch.HP < 0 || ch.HP > ch.MaxHP || ch.TempHP < 0:
			return e, fault.Field(op, field+".hp", "must be between 0 and max_hp, with max_hp at least 1")
		case ch.Dead && ch.HP != 0:
			return e, fault.Field(op, field+".dead", "a dead character has 0 HP")
		case ch.WakesAt < 0:
			return e, fault.Field(op, field+".wakes_at", "must not be negative")
		}
		if why := campaign.EffectsProblem(ch.Effects); why != "" {
			return e, fault.Field(op, field+".effects", "%s", why)
		}
		if why := campaign.AfflictionsProblem(ch.Afflictions); why != "" {
			return e, fault.Field(op, field+".afflictions", "%s", why)
		}
		if _, err := text(op, field+".name", ch.Name, true, 60); err != nil {
			return e, err
		}
		chars[ch.ID] = true
	}
	if len(e.Turns) > maxExportTurns {
		return e, fault.Field(op, "turns", "at most %d turns can be imported", maxExportTurns)
	}
	for i, t := range e.Turns {
		if t.Sequence != i+1 {
			return e, fault.Field(op, fmt.Sprintf("turns[%d].sequence", i), "turns must run 1, 2, 3, ... in order")
		}
		// The dice are the engine's: a roll whose faces do not make its
		// terms and total was not made by them.
		for j, r := range t.Rolls {
			if err := r.Verify(); err != nil {
				_, why := fault.Public(err)
				return e, fault.Field(op, fmt.Sprintf("turns[%d].rolls[%d]", i, j), "the dice do not add up: %s", why)
			}
			if why := r.WorkingProblem(); why != "" {
				return e, fault.Field(op, fmt.Sprintf("turns[%d].rolls[%d].working", i, j), "%s", why)
			}
		}
	}
	if e.State.Clock < 0 {
		return e, fault.Field(op, "state.clock", "must not be negative")
	}
	if e.State.TurnCount != len(e.Turns) {
		return e, fault.Field(op, "state.turn_count", "is %d but the file has %d turns", e.State.TurnCount, len(e.Turns))
	}
	sessions := map[string]bool{}
	for i, s := range e.Sessions {
		if s.ID == "" || sessions[s.ID] {
			return e, fault.Field(op, fmt.Sprintf("sessions[%d].session_id", i), "must be present and distinct")
		}
		sessions[s.ID] = true
	}
	return e, nil
}
