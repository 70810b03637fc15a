package game

import (
	"context"
	"encoding/json"
	"fmt"

	"chronicler/events"
	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/memory"
)

// Export returns the whole campaign — meta, state, characters, members,
// sessions, every turn, every encounter (under way and finished) and the
// narrative memory — as a versioned file a member can keep, and that
// Import turns back into a campaign (without its encounters: an imported
// campaign arrives with no fight under way). Concluded campaigns export
// too.
func (s *Service) Export(ctx context.Context, p Player, campaignID string) (events.Export, error) {
	const op = "export campaign"
	snap, err := s.memberSnapshot(ctx, p, campaignID, op)
	if err != nil {
		return events.Export{}, err
	}
	c := snap.Campaign
	e := events.Export{
		Format: events.ExportFormat, Version: events.ExportVersion, ExportedAt: s.now(),
		Campaign: events.ExportCampaign{ID: c.ID, Name: c.Name, Status: c.Status, WorldSeed: c.WorldSeed,
			DMPersona: c.DMPersona, Settings: c.Settings, OwnerID: c.OwnerID, CreatedAt: c.CreatedAt, LastPlayedAt: c.LastPlayedAt,
			Homebrew: c.Homebrew},
		State: snap.State, Characters: withPresence(snap), Members: snap.Members, Sessions: snap.Sessions,
		Turns: []campaign.Turn{}, Encounters: []json.RawMessage{},
	}
	mem, err := s.loadMemory(ctx, campaignID)
	if err != nil {
		return events.Export{}, fmt.Errorf("%s: %w", op, err)
	}
	if e.Memory, err = json.Marshal(mem); err != nil {
		return events.Export{}, fault.Wrap(fault.Internal, op, err)
	}
	if c.OwnerID == p.ID {
		e.Campaign.Secrets = c.Secrets
	}
	// The finished encounters are not in the snapshot: they are read apart.
	recs, err := s.Store.Encounters(ctx, campaignID)
	if err != nil {
		return events.Export{}, fmt.Errorf("%s: %w", op, err)
	}
	size := 0
	for _, r := range recs {
		e.Encounters = append(e.Encounters, r.Data)
		size += len(r.Data) + 1
	}
	// The first response's turns make room for the encounters, so that it
	// stays as bounded as the pages after it while they are few.
	if e.Turns, e.NextAfter, err = s.exportTurns(ctx, p, c, 0, size); err != nil {
		return events.Export{}, fmt.Errorf("%s: %w", op, err)
	}
	if e.UndoneTurns, err = s.Store.UndoneTurns(ctx, campaignID, events.ExportPageTurns); err != nil {
		return events.Export{}, fmt.Errorf("%s: %w", op, err)
	}
	if c.OwnerID != p.ID {
		withoutContext(e.UndoneTurns)
	}
	if e.Sessions == nil {
		e.Sessions = []campaign.Session{}
	}
	return e, nil
}

// ExportPage returns the turns of a campaign's export after sequence
// after: the pages that follow Export's first response when the campaign
// has more turns than one response holds.
func (s *Service) ExportPage(ctx context.Context, p Player, campaignID string, after int) (events.ExportPage, error) {
	const op = "export campaign"
	if after < 1 {
		return events.ExportPage{}, fault.Field(op, "after", "must be the sequence of a turn already exported (1 or more)")
	}
	snap, err := s.memberSnapshot(ctx, p, campaignID, op)
	if err != nil {
		return events.ExportPage{}, err
	}
	turns, next, err := s.exportTurns(ctx, p, snap.Campaign, after, 0)
	if err != nil {
		return events.ExportPage{}, fmt.Errorf("%s: %w", op, err)
	}
	return events.ExportPage{Turns: turns, NextAfter: next}, nil
}

// exportTurns reads the turns after sequence after, as many as fit in
// events.ExportPageBytes less size, what the response holds besides (at
// least one turn), and events.ExportPageTurns, and the after of the next
// page (0 at the end). Only the owner's export carries each turn's context
// (its prompt, which may quote secrets).
func (s *Service) exportTurns(ctx context.Context, p Player, c campaign.Campaign, after, size int) ([]campaign.Turn, int, error) {
	out := []campaign.Turn{}
	for {
		page, err := s.Store.Turns(ctx, c.ID, after, 100)
		if err != nil {
			return nil, 0, err
		}
		if c.OwnerID != p.ID {
			withoutContext(page)
		}
		for _, t := range page {
			b, err := json.Marshal(t)
			if err != nil {
				return nil, 0, fault.Wrap(fault.Internal, "export turns", err)
			}
			if len(out) > 0 && (size+len(b) > events.ExportPageBytes || len(out) == events.ExportPageTurns) {
				return out, out[len(out)-1].Sequence, nil
			}
			out, size, after = append(out, t), size+len(b)+1, t.Sequence
		}
		if len(page) < 100 {
			return out, 0, nil
		}
	}
}

// Import creates a new campaign from an export, owned by p, with new ids
// for the campaign, its characters, sessions and turns. The original
// owner's characters become p's; other players keep theirs and can join
// with the new invite code. A campaign that was being played arrives Paused.
func (s *Service) Import(ctx context.Context, p Player, e events.Export) (campaign.Campaign, error) {
	const op = "import campaign"
	if err := s.checkOwned(ctx, p, op); err != nil {
		return campaign.Campaign{}, err
	}
	settings, err := e.Campaign.Settings.Normalize()
	if err != nil {
		return campaign.Campaign{}, err
	}
	now := s.now()
	status := e.Campaign.Status
	if status == campaign.Active {
		status = campaign.Paused
	}
	c := campaign.Campaign{
		ID: s.NewID(), Name: e.Campaign.Name, Status: status, WorldSeed: e.Campaign.WorldSeed,
		DMPersona: e.Campaign.DMPersona, Settings: settings, OwnerID: p.ID, InviteCode: newInviteCode(),
		CreatedAt: e.Campaign.CreatedAt, LastPlayedAt: e.Campaign.LastPlayedAt, Homebrew: e.Campaign.Homebrew,
		Secrets: e.Campaign.Secrets,
	}
	expires := now.Add(InviteTTL)
	c.InviteExpiresAt = &expires
	player := func(id string) string {
		if id == e.Campaign.OwnerID {
			return p.ID
		}
		return id
	}
	charIDs, sessionIDs := map[string]string{}, map[string]string{}
	chars := make([]campaign.Character, len(e.Characters))
	for i, ch := range e.Characters {
		charIDs[ch.ID] = s.NewID()
		ch.ID, ch.PlayerID, ch.Presence, ch.Version = charIDs[ch.ID], player(ch.PlayerID), "", 0
		chars[i] = ch
	}
	st := e.State
	st.CampaignID = c.ID
	sessions := make([]campaign.Session, len(e.Sessions))
	for i, se := range e.Sessions {
		sessionIDs[se.ID] = s.NewID()
		se.ID, se.CampaignID, se.Version, se.EmptySince = sessionIDs[se.ID], c.ID, 0, nil
		if se.Open() {
			ended := se.StartedAt
			if st.UpdatedAt.After(ended) {
				ended = st.UpdatedAt
			}
			se.EndedAt, se.EndReason = &ended, campaign.ConnectionLost
		}
		joined := make([]string, len(se.Joined))
		for j, pl := range se.Joined {
			joined[j] = player(pl)
		}
		se.Joined = joined
		if len(se.LeftAtTurn) > 0 {
			left := make(map[string]int, len(se.LeftAtTurn))
			for pl, at := range se.LeftAtTurn {
				left[player(pl)] = at
			}
			se.LeftAtTurn = left
		}
		sessions[i] = se
	}
	st.Cost.SessionID = sessionIDs[st.Cost.SessionID]
	past := make([]campaign.SessionCost, len(st.PastCosts))
	for i, pc := range st.PastCosts {
		pc.SessionID = sessionIDs[pc.SessionID]
		past[i] = pc
	}
	if len(past) > 0 {
		st.PastCosts = past
	}
	turns := make([]campaign.Turn, len(e.Turns))
	for i, t := range e.Turns {
		t.ID, t.CampaignID, t.SessionID, t.PlayerID = s.NewID(), c.ID, sessionIDs[t.SessionID], player(t.PlayerID)
		if id, ok := charIDs[t.ActorID]; ok {
			t.ActorID = id
		}
		t.Witnesses = renamed(t.Witnesses, charIDs)
		turns[i] = t
	}
	owner := campaign.Member{PlayerID: p.ID, Name: p.Name, Role: campaign.Owner, JoinedAt: now}
	core := Tx{CampaignID: c.ID, Campaign: &c, NewState: &st, Member: &owner, Characters: chars}
	for _, t := range e.UndoneTurns {
		if t.Undone == nil {
			return campaign.Campaign{}, fault.Field(op, "undone_turns", "each must be marked undone")
		}
		t.ID, t.CampaignID, t.SessionID, t.PlayerID = s.NewID(), c.ID, sessionIDs[t.SessionID], player(t.PlayerID)
		if id, ok := charIDs[t.ActorID]; ok {
			t.ActorID = id
		}
		t.Undone.By = player(t.Undone.By)
		core.Undone = append(core.Undone, t)
	}
	if len(e.Memory) > 0 && string(e.Memory) != "null" {
		mem, err := memory.Decode(e.Memory)
		if err != nil {
			return campaign.Campaign{}, err
		}
		mem.RenameCharacters(charIDs)
		if core.Memory, err = saveMemory(mem); err != nil {
			return campaign.Campaign{}, fault.Wrap(fault.Internal, op, err)
		}
	}
	if err := s.Store.Import(ctx, core, sessions, turns); err != nil {
		return campaign.Campaign{}, fmt.Errorf("%s: %w", op, err)
	}
	c.Version = 1
	return c, nil
}
