package storetest

import (
	"fmt"
	"testing"
	"time"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/game"
)

func (s suite) turns(t *testing.T) {
	const id = "camp-a"
	t.Run("PagesInSequenceOrder", func(t *testing.T) {
		st := s.open(t)
		create(t, st, newCampaign(id, "p1"))
		// Out of order, and past 9, so neither insertion order nor text
		// order of the sequence passes for sequence order.
		for _, seq := range []int{7, 3, 12, 1, 10, 2, 9, 11, 4, 6, 5, 8} {
			turn := newTurn(id, seq)
			commit(t, st, game.Tx{CampaignID: id, Turn: &turn})
		}
		for _, tc := range []struct {
			after, limit int
			want         []int
		}{
			{0, 5, []int{1, 2, 3, 4, 5}},
			{5, 5, []int{6, 7, 8, 9, 10}},
			{10, 5, []int{11, 12}},
			{12, 5, []int{}},
			{3, 100, []int{4, 5, 6, 7, 8, 9, 10, 11, 12}},
			{8, 1, []int{9}},
		} {
			got := sequences(turns(t, st, id, tc.after, tc.limit))
			same(t, fmt.Sprintf("turns after %d, at most %d", tc.after, tc.limit), got, tc.want)
		}
	})
	t.Run("RoundTripsEveryField", func(t *testing.T) {
		st := s.open(t)
		create(t, st, newCampaign(id, "p1"))
		full := newTurn(id, 1)
		bare := campaign.Turn{ID: "turn-bare", CampaignID: id, Sequence: 2, Action: "I wait.", Narration: "Time passes.", CreatedAt: at(time.Hour)}
		commit(t, st, game.Tx{CampaignID: id, Turn: &full})
		commit(t, st, game.Tx{CampaignID: id, Turn: &bare})
		same(t, "turns", turns(t, st, id, 0, 10), []campaign.Turn{full, bare})
	})
	t.Run("RecentTurnsLeaveOutTheContext", func(t *testing.T) {
		st := s.open(t)
		create(t, st, newCampaign(id, "p1"))
		var want []campaign.Turn
		for seq := 1; seq <= 3; seq++ {
			turn := newTurn(id, seq)
			turn.Context = &campaign.TurnContext{Model: "m", TotalTokens: 7,
				Blocks: []campaign.ContextBlock{{Name: "system", Text: "You narrate.", Tokens: 7, Cached: true}}}
			commit(t, st, game.Tx{CampaignID: id, Turn: &turn})
			turn.Context = nil
			want = append(want, turn)
		}
		if full := turns(t, st, id, 0, 10); len(full) != 3 || full[0].Context == nil {
			t.Fatalf("Turns lost the context: %+v", full)
		}
		got, err := st.RecentTurns(t.Context(), id, 1, 5)
		if err != nil {
			t.Fatal(err)
		}
		same(t, "recent turns after 1", got, want[1:])
	})
	t.Run("SameSequenceConflicts", func(t *testing.T) {
		st := s.open(t)
		create(t, st, newCampaign(id, "p1"))
		first := newTurn(id, 1)
		commit(t, st, game.Tx{CampaignID: id, Turn: &first})
		second := newTurn(id, 1)
		second.ID, second.Action = "turn-again", "a second turn 1"
		wantKind(t, "turn 1 again", st.Commit(t.Context(), game.Tx{CampaignID: id, Turn: &second}), fault.Conflict)
		same(t, "turns", turns(t, st, id, 0, 10), []campaign.Turn{first})
	})
	t.Run("NoneYetIsEmpty", func(t *testing.T) {
		st := s.open(t)
		create(t, st, newCampaign(id, "p1"))
		if got := turns(t, st, id, 0, 10); len(got) != 0 {
			t.Fatalf("got turns %v in a new campaign", sequences(got))
		}
	})
}

func (s suite) connections(t *testing.T) {
	const id = "camp-a"
	open := func(t *testing.T) (game.Store, []campaign.Connection) {
		st := s.open(t)
		create(t, st, newCampaign(id, "p1"))
		conns := []campaign.Connection{newConnection("conn-1", id, "p1"), newConnection("conn-2", id, "p2")}
		for _, c := range conns {
			commit(t, st, game.Tx{CampaignID: id, PutConnection: &c})
		}
		return st, conns
	}
	list := func(t *testing.T, st game.Store) []campaign.Connection {
		t.Helper()
		cs, err := st.Connections(t.Context(), id)
		if err != nil {
			t.Fatalf("connections: %v", err)
		}
		sortConnections(cs)
		return cs
	}

	t.Run("PutIsVisibleEverywhere", func(t *testing.T) {
		st, conns := open(t)
		for _, want := range conns {
			got, err := st.ConnectionByID(t.Context(), want.ID)
			if err != nil {
				t.Fatalf("connection %s: %v", want.ID, err)
			}
			same(t, "connection "+want.ID, got, want)
		}
		same(t, "connections", list(t, st), conns)
		same(t, "snapshot connections", snapshot(t, st, id).Connections, conns)
	})
	t.Run("DeleteRemovesAndIgnoresUnknownIDs", func(t *testing.T) {
		st, conns := open(t)
		commit(t, st, game.Tx{CampaignID: id, DeleteConnections: []string{"conn-1", "conn-never-seen"}})
		_, err := st.ConnectionByID(t.Context(), "conn-1")
		wantKind(t, "deleted connection", err, fault.NotFound)
		same(t, "connections", list(t, st), conns[1:])
		same(t, "snapshot connections", snapshot(t, st, id).Connections, conns[1:])
	})
	t.Run("NoneIsEmpty", func(t *testing.T) {
		st := s.open(t)
		create(t, st, newCampaign(id, "p1"))
		if got := list(t, st); len(got) != 0 {
			t.Fatalf("got connections %+v in a new campaign", got)
		}
	})
}

func (s suite) campaignsOf(t *testing.T) {
	t.Run("ListsOnlyThePlayersCampaignsNewestPlayedFirst", func(t *testing.T) {
		st := s.open(t)
		a := newCampaign("camp-a", "p1")
		a.LastPlayedAt = at(time.Hour)
		a = create(t, st, a)
		b := newCampaign("camp-b", "p2")
		b.LastPlayedAt = at(2 * time.Hour)
		b = create(t, st, b)
		joined := newMember("p1", campaign.Player)
		commit(t, st, game.Tx{CampaignID: b.ID, Member: &joined})

		of := func(player string) []campaign.Campaign {
			t.Helper()
			cs, err := st.CampaignsOf(t.Context(), player)
			if err != nil {
				t.Fatalf("campaigns of %s: %v", player, err)
			}
			return cs
		}
		same(t, "campaigns of p1", of("p1"), []campaign.Campaign{b, a})
		same(t, "campaigns of p2", of("p2"), []campaign.Campaign{b})
		same(t, "campaigns of a stranger", ids(of("p3")), []string{})

		// The list follows the campaigns as they are now.
		a.LastPlayedAt = at(3 * time.Hour)
		commit(t, st, game.Tx{CampaignID: a.ID, Campaign: &a})
		a.Version = 2
		same(t, "campaigns of p1 after playing camp-a", of("p1"), []campaign.Campaign{a, b})
	})
}

func (s suite) campaignsByStatus(t *testing.T) {
	// west makes a local clock reading sort before an earlier UTC one: a
	// store that orders by the local text of a time fails.
	west := time.FixedZone("UTC-5", -5*3600)
	before := at(4 * time.Hour)
	open := func(t *testing.T) (game.Store, map[string]campaign.Campaign) {
		st := s.open(t)
		stored := map[string]campaign.Campaign{}
		for _, x := range []struct {
			id     string
			status campaign.Status
			played time.Time
		}{
			{"act-3", campaign.Active, at(3 * time.Hour)},
			{"act-1", campaign.Active, at(time.Hour)},
			{"act-2", campaign.Active, at(2 * time.Hour).In(west)},
			{"act-edge", campaign.Active, before}, // not before: at
			{"act-late", campaign.Active, at(5 * time.Hour)},
			{"pau-1", campaign.Paused, at(90 * time.Minute)},
			{"pau-2", campaign.Paused, at(30 * time.Minute)},
			{"con-1", campaign.Concluded, t0},
			{"abn-1", campaign.Abandoned, t0},
		} {
			c := newCampaign(x.id, "p1")
			c.Status, c.LastPlayedAt = x.status, x.played
			stored[x.id] = create(t, st, c)
		}
		return st, stored
	}
	list := func(t *testing.T, st game.Store, s campaign.Status, before time.Time, limit int) []campaign.Campaign {
		t.Helper()
		cs, err := st.CampaignsByStatus(t.Context(), s, before, limit)
		if err != nil {
			t.Fatalf("%s campaigns before %s: %v", s, before, err)
		}
		return cs
	}

	t.Run("ActiveOldestFirst", func(t *testing.T) {
		st, stored := open(t)
		got := list(t, st, campaign.Active, before, 10)
		same(t, "active campaigns", got, []campaign.Campaign{stored["act-1"], stored["act-2"], stored["act-3"]})
	})
	t.Run("PausedOldestFirst", func(t *testing.T) {
		st, _ := open(t)
		same(t, "paused campaigns", ids(list(t, st, campaign.Paused, before, 10)), []string{"pau-2", "pau-1"})
	})
	t.Run("RespectsLimit", func(t *testing.T) {
		st, _ := open(t)
		same(t, "two active campaigns", ids(list(t, st, campaign.Active, before, 2)), []string{"act-1", "act-2"})
		same(t, "one active campaign", ids(list(t, st, campaign.Active, before, 1)), []string{"act-1"})
	})
	t.Run("OnlyPlayedStrictlyBefore", func(t *testing.T) {
		st, _ := open(t)
		same(t, "active before 1h30", ids(list(t, st, campaign.Active, at(90*time.Minute), 10)), []string{"act-1"})
		same(t, "active before 1h", ids(list(t, st, campaign.Active, at(time.Hour), 10)), []string{})
		same(t, "active before 4h01", ids(list(t, st, campaign.Active, at(4*time.Hour+time.Minute), 10)), []string{"act-1", "act-2", "act-3", "act-edge"})
	})
	t.Run("NeverConcludedOrAbandoned", func(t *testing.T) {
		// The index is sparse: concluded and abandoned campaigns are not in
		// it. Asking for them finds nothing, or is refused as Invalid.
		st, _ := open(t)
		for _, status := range []campaign.Status{campaign.Concluded, campaign.Abandoned} {
			cs, err := st.CampaignsByStatus(t.Context(), status, at(100*time.Hour), 10)
			if err != nil {
				wantKind(t, fmt.Sprintf("%s campaigns", status), err, fault.Invalid)
				continue
			}
			same(t, fmt.Sprintf("%s campaigns", status), ids(cs), []string{})
		}
		for _, status := range []campaign.Status{campaign.Active, campaign.Paused} {
			for _, c := range list(t, st, status, at(100*time.Hour), 100) {
				if c.Status != status {
					t.Errorf("%s campaigns include %s, which is %s", status, c.ID, c.Status)
				}
			}
		}
	})
	t.Run("FollowsStatusChanges", func(t *testing.T) {
		st, stored := open(t)
		update := func(id string, status campaign.Status, played time.Time) {
			c := stored[id]
			c.Status, c.LastPlayedAt = status, played
			commit(t, st, game.Tx{CampaignID: id, Campaign: &c})
		}
		update("act-3", campaign.Concluded, at(3*time.Hour))
		update("act-1", campaign.Paused, at(time.Hour))
		update("pau-1", campaign.Abandoned, at(90*time.Minute))
		update("pau-2", campaign.Active, at(150*time.Minute)) // resumed and played
		same(t, "active campaigns", ids(list(t, st, campaign.Active, before, 10)), []string{"act-2", "pau-2"})
		same(t, "paused campaigns", ids(list(t, st, campaign.Paused, before, 10)), []string{"act-1"})
	})
}

func (s suite) isolation(t *testing.T) {
	// Two campaigns with the same ids inside (character, turn seq, request,
	// event seq): each must see only its own.
	type side struct {
		c     campaign.Campaign
		char  campaign.Character
		turn  campaign.Turn
		req   campaign.Request
		conn  campaign.Connection
		event game.Event
	}
	build := func(t *testing.T, st game.Store, id, player string) side {
		x := side{c: newCampaign(id, player)}
		x.c = create(t, st, x.c)
		x.char = newCharacter("hero", player)
		x.char.Name = "Hero of " + id
		x.turn = newTurn(id, 1)
		x.req = campaign.Request{RequestID: "req-1", TurnID: x.turn.ID, CreatedAt: t0}
		x.conn = newConnection("conn-"+id, id, player)
		commit(t, st, game.Tx{CampaignID: id, Characters: []campaign.Character{x.char}, Turn: &x.turn, Request: &x.req, PutConnection: &x.conn})
		x.char.Version = 1
		x.event = appendEvents(t, st, id, game.Event{Data: []byte(`{"type":"narration","campaign":"` + id + `"}`), CreatedAt: t0})[0]
		if x.event.Seq != 1 {
			t.Fatalf("first event of %s at seq %d, want 1", id, x.event.Seq)
		}
		return x
	}

	st := s.open(t)
	a := build(t, st, "camp-a", "p1")
	b := build(t, st, "camp-b", "p2")
	only := campaign.Request{RequestID: "req-only-a", TurnID: "t", CreatedAt: t0}
	commit(t, st, game.Tx{CampaignID: a.c.ID, Request: &only})

	for _, x := range []side{a, b} {
		t.Run("SeesOnlyItsOwn/"+x.c.ID, func(t *testing.T) {
			id := x.c.ID
			same(t, "snapshot", snapshot(t, st, id), game.Snapshot{
				Campaign:    x.c,
				State:       newState(id),
				Characters:  []campaign.Character{x.char},
				Members:     []campaign.Member{newMember(x.c.OwnerID, campaign.Owner)},
				Connections: []campaign.Connection{x.conn},
				LastSeq:     1,
			})
			same(t, "turns", turns(t, st, id, 0, 10), []campaign.Turn{x.turn})
			evs, err := st.Events(t.Context(), id, 0, 10)
			if err != nil {
				t.Fatalf("events: %v", err)
			}
			same(t, "events", evs, []game.Event{x.event})
			req, err := st.Request(t.Context(), id, "req-1")
			if err != nil {
				t.Fatalf("request: %v", err)
			}
			same(t, "request", req, x.req)
			conns, err := st.Connections(t.Context(), id)
			if err != nil {
				t.Fatalf("connections: %v", err)
			}
			same(t, "connections", conns, []campaign.Connection{x.conn})
			conn, err := st.ConnectionByID(t.Context(), x.conn.ID)
			if err != nil {
				t.Fatalf("connection by id: %v", err)
			}
			same(t, "connection by id", conn, x.conn)
		})
	}
	t.Run("RequestOfOtherCampaignNotFound", func(t *testing.T) {
		_, err := st.Request(t.Context(), b.c.ID, only.RequestID)
		wantKind(t, "camp-a's request through camp-b", err, fault.NotFound)
	})
	t.Run("DeleteThroughOtherCampaignKeepsConnection", func(t *testing.T) {
		commit(t, st, game.Tx{CampaignID: b.c.ID, DeleteConnections: []string{a.conn.ID}})
		conn, err := st.ConnectionByID(t.Context(), a.conn.ID)
		if err != nil {
			t.Fatalf("camp-a's connection after camp-b deleted it: %v", err)
		}
		same(t, "connection", conn, a.conn)
		same(t, "camp-a's connections", snapshot(t, st, a.c.ID).Connections, []campaign.Connection{a.conn})
	})
}

func (s suite) snapshot(t *testing.T) {
	t.Run("HasTheCampaignButNoHistory", func(t *testing.T) {
		st := s.open(t)
		const id = "camp-a"
		c := create(t, st, newCampaign(id, "p1"))
		p2 := newMember("p2", campaign.Player)
		chars := []campaign.Character{newCharacter("c3", "p1"), newCharacter("c1", "p1"), newCharacter("c2", "p2")}
		later := newSession("s-a", id, at(2*time.Hour))
		ended := at(time.Hour)
		earlier := newSession("s-b", id, t0)
		earlier.EndedAt, earlier.EndReason = &ended, campaign.ConnectionLost
		conn := newConnection("conn-1", id, "p2")
		commit(t, st, game.Tx{CampaignID: id, Member: &p2, Characters: chars, Sessions: []campaign.Session{later, earlier}, PutConnection: &conn})

		// A long history, which the snapshot must neither return nor be
		// crowded out by.
		const history = 60
		for n := range history {
			turn := newTurn(id, n+1)
			turn.Narration = fmt.Sprintf("%0512d", n)
			state := newState(id)
			state.TurnCount = n + 1
			req := campaign.Request{RequestID: fmt.Sprintf("req-%d", n), TurnID: turn.ID, CreatedAt: turn.CreatedAt}
			commit(t, st, game.Tx{CampaignID: id, Turn: &turn, State: &state, ExpectTurnCount: n, Request: &req})
		}
		for n := range int64(history) {
			appendEvents(t, st, id, newEvent(n+1))
		}
		lease := newLease("turn-61", at(3*time.Hour), at(3*time.Hour+time.Minute))
		commit(t, st, game.Tx{CampaignID: id, AcquireLease: &lease, LeaseNow: at(3 * time.Hour)})

		wantChars := []campaign.Character{chars[1], chars[2], chars[0]} // by id
		for i := range wantChars {
			wantChars[i].Version = 1
		}
		later.Version, earlier.Version = 1, 1
		state := newState(id)
		state.TurnCount = history
		same(t, "snapshot", snapshot(t, st, id), game.Snapshot{
			Campaign:    c,
			State:       state,
			Characters:  wantChars,
			Members:     []campaign.Member{newMember("p1", campaign.Owner), p2},
			Sessions:    []campaign.Session{earlier, later}, // oldest first
			Connections: []campaign.Connection{conn},
			Lease:       &lease,
			LastSeq:     history,
		})
	})
}
