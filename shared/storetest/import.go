package storetest

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/game"
)

// importCampaign: a campaign with a long history (more turns and sessions
// than one DynamoDB transaction can hold) is created whole, reads back
// exactly, and an id already taken is refused without touching it.
func (s suite) importCampaign(t *testing.T) {
	st := s.open(t)
	c := newCampaign("imported", "p1")
	c.Status = campaign.Paused
	core := createTx(c)
	ch := newCharacter("c1", "p1")
	core.Characters = []campaign.Character{ch}
	state := *core.NewState
	state.TurnCount = 150
	core.NewState = &state
	var sessions []campaign.Session
	for i := range 30 {
		se := newSession(fmt.Sprint("s", i), c.ID, at(time.Duration(i)*time.Hour))
		ended := se.StartedAt.Add(time.Minute)
		se.EndedAt, se.EndReason = &ended, campaign.PlayerEnded
		sessions = append(sessions, se)
	}
	var history []campaign.Turn
	for seq := 1; seq <= 150; seq++ {
		history = append(history, newTurn(c.ID, seq))
	}
	if err := st.Import(t.Context(), core, sessions, history); err != nil {
		t.Fatalf("import: %v", err)
	}
	snap := snapshot(t, st, c.ID)
	c.Version, ch.Version = 1, 1
	same(t, "imported campaign", snap.Campaign, c)
	same(t, "imported state", snap.State, state)
	same(t, "imported characters", snap.Characters, []campaign.Character{ch})
	if len(snap.Sessions) != 30 || snap.Sessions[0].ID != "s0" || snap.Sessions[29].ID != "s29" {
		t.Fatalf("imported sessions: %d, want 30 oldest first", len(snap.Sessions))
	}
	got := turns(t, st, c.ID, 0, 500)
	same(t, "imported turns", got, history)

	t.Run("TakenIDIsConflict", func(t *testing.T) {
		again := createTx(c)
		again.Campaign.Version = 0
		err := st.Import(t.Context(), again, nil, []campaign.Turn{newTurn(c.ID, 151)})
		wantKind(t, "import over an existing campaign", err, fault.Conflict)
		if got := turns(t, st, c.ID, 0, 500); len(got) != 150 {
			t.Fatalf("a refused import changed the campaign: %d turns", len(got))
		}
	})
	t.Run("OpenSessionIsInvalid", func(t *testing.T) {
		other := newCampaign("open-session", "p1")
		err := st.Import(t.Context(), createTx(other), []campaign.Session{newSession("s", other.ID, t0)}, nil)
		wantKind(t, "import with an open session", err, fault.Invalid)
		_, err = st.Snapshot(t.Context(), other.ID)
		wantKind(t, "snapshot after a refused import", err, fault.NotFound)
	})
	t.Run("NotACreateIsInvalid", func(t *testing.T) {
		err := st.Import(t.Context(), game.Tx{CampaignID: "x"}, nil, nil)
		wantKind(t, "import without a campaign", err, fault.Invalid)
	})
}

// removeMember: a removed player is no longer a member (nor listed as one),
// removing a non-member is a Conflict, and the player's characters stay.
func (s suite) removeMember(t *testing.T) {
	st := s.open(t)
	c := create(t, st, newCampaign("members", "p1"))
	m := newMember("p2", campaign.Player)
	ch := newCharacter("c2", "p2")
	commit(t, st, game.Tx{CampaignID: c.ID, Member: &m, Characters: []campaign.Character{ch}})
	commit(t, st, game.Tx{CampaignID: c.ID, RemoveMember: "p2"})
	snap := snapshot(t, st, c.ID)
	if len(snap.Members) != 1 || snap.Members[0].PlayerID != "p1" {
		t.Fatalf("members after removal: %+v", snap.Members)
	}
	if len(snap.Characters) != 1 || snap.Characters[0].ID != "c2" {
		t.Fatalf("the removed player's character is gone: %+v", snap.Characters)
	}
	if cs, err := st.CampaignsOf(t.Context(), "p2"); err != nil || len(cs) != 0 {
		t.Fatalf("CampaignsOf a removed player = %v, %v", ids(cs), err)
	}
	err := st.Commit(t.Context(), game.Tx{CampaignID: c.ID, RemoveMember: "p2"})
	wantKind(t, "removing a non-member", err, fault.Conflict)
	// Rejoining is a new membership.
	commit(t, st, game.Tx{CampaignID: c.ID, Member: &m})
	if cs, err := st.CampaignsOf(t.Context(), "p2"); err != nil || len(cs) != 1 {
		t.Fatalf("CampaignsOf after rejoining = %v, %v", ids(cs), err)
	}
}

// encounters: an encounter record is created once, updated by version, read
// back in the snapshot while it is under way, and a stale write is a
// Conflict; once finished it is in Encounters only, and written no more.
func (s suite) encounters(t *testing.T) {
	st := s.open(t)
	c := create(t, st, newCampaign("fights", "p1"))
	e := campaign.EncounterRecord{ID: "enc-1", Status: "active", Data: json.RawMessage(`{"round":1,"order":["goblin-1","c1"]}`)}
	commit(t, st, game.Tx{CampaignID: c.ID, Encounters: []campaign.EncounterRecord{e}})
	snap := snapshot(t, st, c.ID)
	e.Version = 1
	same(t, "created encounter", snap.Encounters, []campaign.EncounterRecord{e})
	err := st.Commit(t.Context(), game.Tx{CampaignID: c.ID, Encounters: []campaign.EncounterRecord{{ID: "enc-1", Status: "active", Data: e.Data}}})
	wantKind(t, "creating it again", err, fault.Conflict)
	e.Status, e.Data = "ended", json.RawMessage(`{"round":3}`)
	commit(t, st, game.Tx{CampaignID: c.ID, Encounters: []campaign.EncounterRecord{e}})
	err = st.Commit(t.Context(), game.Tx{CampaignID: c.ID, Encounters: []campaign.EncounterRecord{e}}) // still at version 1
	wantKind(t, "a stale update", err, fault.Conflict)
	if snap = snapshot(t, st, c.ID); len(snap.Encounters) != 0 {
		t.Fatalf("the finished encounter is in the snapshot: %+v", snap.Encounters)
	}
	e.Version = 2
	same(t, "finished encounter", encountersOf(t, st, c.ID), []campaign.EncounterRecord{e})
	err = st.Commit(t.Context(), game.Tx{CampaignID: c.ID, Encounters: []campaign.EncounterRecord{e}})
	wantKind(t, "writing the finished encounter again", err, fault.Conflict)
	revived := e
	revived.Status = "active"
	err = st.Commit(t.Context(), game.Tx{CampaignID: c.ID, Encounters: []campaign.EncounterRecord{revived}})
	wantKind(t, "putting the finished encounter under way again", err, fault.Conflict)
	same(t, "finished encounter after refused writes", encountersOf(t, st, c.ID), []campaign.EncounterRecord{e})
}

// memory: none at first (NotFound), written with a turn, replaced by the
// next, untouched by a commit that fails, and never part of the snapshot.
func (s suite) memory(t *testing.T) {
	st := s.open(t)
	c := create(t, st, newCampaign("remembers", "p1"))
	_, err := st.Memory(t.Context(), c.ID)
	wantKind(t, "memory before any turn", err, fault.NotFound)
	one := []byte(`{"ledger":{"facts":[{"id":"f1"}]}}`)
	state := newState(c.ID)
	state.TurnCount = 1
	turn := newTurn(c.ID, 1)
	commit(t, st, game.Tx{CampaignID: c.ID, State: &state, ExpectTurnCount: 0, Turn: &turn, Memory: one})
	if got, err := st.Memory(t.Context(), c.ID); err != nil || string(got) != string(one) {
		t.Fatalf("memory = %s, %v", got, err)
	}
	two := []byte(`{"ledger":{"facts":[{"id":"f1"},{"id":"f2"}]}}`)
	stale := state
	err = st.Commit(t.Context(), game.Tx{CampaignID: c.ID, State: &stale, ExpectTurnCount: 0, Memory: two})
	wantKind(t, "a turn on a stale count", err, fault.Conflict)
	if got, _ := st.Memory(t.Context(), c.ID); string(got) != string(one) {
		t.Fatalf("a failed commit changed the memory to %s", got)
	}
	state.TurnCount = 2
	commit(t, st, game.Tx{CampaignID: c.ID, State: &state, ExpectTurnCount: 1, Memory: two})
	if got, _ := st.Memory(t.Context(), c.ID); string(got) != string(two) {
		t.Fatalf("memory = %s, want the second", got)
	}
	other := create(t, st, newCampaign("forgets", "p1"))
	_, err = st.Memory(t.Context(), other.ID)
	wantKind(t, "another campaign's memory", err, fault.NotFound)
}
