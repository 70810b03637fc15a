package game_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"chronicler/events"
	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/game"
)

// interleaving is a store that runs then, once, right after the first
// commit match accepts: another call of the game, at that very point of
// the one under way.
type interleaving struct {
	game.Store
	mu    sync.Mutex
	match func(game.Tx) bool
	then  func()
}

func (s *interleaving) Commit(ctx context.Context, tx game.Tx) error {
	if err := s.Store.Commit(ctx, tx); err != nil {
		return err
	}
	s.mu.Lock()
	then := s.then
	if then != nil && s.match(tx) {
		s.then = nil
	} else {
		then = nil
	}
	s.mu.Unlock()
	if then != nil {
		then()
	}
	return nil
}

// connecting has API Gateway's answer for a socket whose $connect runs:
// posts to it answer 410 (gone) until connect has returned.
func (f *fixture) connecting(id string, connect func() error) error {
	f.push.mu.Lock()
	f.push.gone[id] = true
	f.push.mu.Unlock()
	err := connect()
	f.push.mu.Lock()
	delete(f.push.gone, id)
	f.push.mu.Unlock()
	return err
}

// lastPresence is the presence the table was told last (by seq, in the
// event log) of each character: by a presence event, or a session event's
// presence map.
func (f *fixture) lastPresence(t testing.TB, campaignID string) map[string]string {
	t.Helper()
	evs, err := f.store.Events(context.Background(), campaignID, 0, 100000)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, ev := range evs {
		var w struct {
			wire
			Presence map[string]string `json:"presence"`
		}
		if err := json.Unmarshal(ev.Data, &w); err != nil {
			t.Fatal(err)
		}
		switch w.Type {
		case events.TypePresence:
			out[w.CharacterID] = w.State
		case events.TypeSession:
			for id, p := range w.Presence {
				out[id] = p
			}
		}
	}
	return out
}

// bound checks that connection conn is bound and its player present, in
// the store and as the table was told last, and that it can sync.
func (f *fixture) bound(t *testing.T, svc *game.Service, campaignID, conn string, ch campaign.Character) {
	t.Helper()
	ctx := context.Background()
	if _, err := f.store.ConnectionByID(ctx, conn); err != nil {
		t.Fatalf("connection %s: %v", conn, err)
	}
	snap := mustSnap(t, f, campaignID)
	if p := campaign.PresenceOf(ch.PlayerID, openSession(snap), snap.Connections); p != campaign.Present {
		t.Errorf("%s is %s in the store", ch.Name, p)
	}
	if p := f.lastPresence(t, campaignID)[ch.ID]; p != string(campaign.Present) {
		t.Errorf("the table was told last that %s is %q", ch.Name, p)
	}
	if err := svc.Sync(ctx, conn, 0, 0); err != nil {
		t.Errorf("sync on %s: %v", conn, err)
	}
}

func openSession(snap game.Snapshot) *campaign.Session {
	for i := len(snap.Sessions) - 1; i >= 0; i-- {
		if snap.Sessions[i].Open() {
			return &snap.Sessions[i]
		}
	}
	return nil
}

// member has p join campaign c with a character named name.
func (f *fixture) member(t testing.TB, p game.Player, c campaign.Campaign, name string) campaign.Character {
	t.Helper()
	ctx := context.Background()
	if _, err := f.svc.JoinCampaign(ctx, p, c.ID, events.JoinCampaign{InviteCode: c.InviteCode}); err != nil {
		t.Fatal(err)
	}
	ch, err := f.svc.CreateCharacter(ctx, p, c.ID, campaign.NewCharacter{Name: name, Race: "human", Class: "fighter"})
	if err != nil {
		t.Fatal(err)
	}
	return ch
}

// twoAtTheTable is Aria's campaign (Mira, on a1) with Bram at the table
// (Tobin, on b1).
func twoAtTheTable(t *testing.T, f *fixture) (campaign.Campaign, game.Player, campaign.Character, game.Player, campaign.Character) {
	t.Helper()
	aria := game.Player{ID: "p-a", Name: "Aria"}
	c, mira := f.tableOf(t, aria, "Presence", "a1", campaign.NewCharacter{Name: "Mira", Race: "elf", Class: "wizard"})
	bram := game.Player{ID: "p-b", Name: "Bram"}
	tobin := f.member(t, bram, c, "Tobin")
	f.sit(t, bram, c, "b1")
	return c, aria, mira, bram, tobin
}

// A player who reconnects while the table plays on is bound and present
// from her Connect on: the events the table is sent while her $connect
// runs find her socket not open yet (410), which proves nothing. It used
// to unbind her new socket and tell the table she was absent: her sync
// was refused as "not bound", and her character played for her.
func TestReconnectWhileTheTablePlaysStaysBound(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	c, _, mira, bram, tobin := twoAtTheTable(t, f)
	if err := f.svc.Disconnect(ctx, "b1"); err != nil {
		t.Fatal(err)
	}
	f.svc.Store = &interleaving{Store: f.store,
		match: func(tx game.Tx) bool { return tx.PutConnection != nil && tx.PutConnection.ID == "b2" },
		then: func() {
			if err := f.act(t, "a1", mira.ID, "search", "", &events.Intent{Kind: "check", Ability: "wis", Skill: "perception"}); err != nil {
				t.Errorf("Aria's turn: %v", err)
			}
		}}
	if err := f.connecting("b2", func() error { return f.svc.Connect(ctx, "b2", bram, c.ID) }); err != nil {
		t.Fatal(err)
	}
	if n := len(f.turns(t, c.ID)); n != 1 {
		t.Fatalf("%d turns; Aria's was to be played while Bram connected", n)
	}
	f.bound(t, f.svc, c.ID, "b2", tobin)
}

// The old socket's Disconnect and the new one's Connect of a player who
// reconnects, committed in either order, leave the new one bound and the
// table told, last, that she is present.
func TestOldSocketsDisconnectNeverUnbindsTheNew(t *testing.T) {
	cases := map[string]struct {
		match func(game.Tx) bool
		first string // the call under way when the other runs
	}{
		"DisconnectCommitsFirst": {func(tx game.Tx) bool { return slices.Contains(tx.DeleteConnections, "b1") }, "disconnect"},
		"ConnectCommitsFirst":    {func(tx game.Tx) bool { return tx.PutConnection != nil && tx.PutConnection.ID == "b2" }, "connect"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			f := newFixture(t)
			ctx := context.Background()
			c, _, _, bram, tobin := twoAtTheTable(t, f)
			connect := func() {
				if err := f.connecting("b2", func() error { return f.svc.Connect(ctx, "b2", bram, c.ID) }); err != nil {
					t.Error(err)
				}
			}
			disconnect := func() {
				if err := f.svc.Disconnect(ctx, "b1"); err != nil {
					t.Error(err)
				}
			}
			store := &interleaving{Store: f.store, match: tc.match}
			f.svc.Store = store
			if tc.first == "disconnect" {
				store.then = connect
				disconnect()
			} else {
				store.then = disconnect
				connect()
			}
			if store.then != nil {
				t.Fatal("the calls were not interleaved")
			}
			f.bound(t, f.svc, c.ID, "b2", tobin)
			if _, err := f.store.ConnectionByID(ctx, "b1"); !fault.Is(err, fault.NotFound) {
				t.Errorf("the old connection: %v", err)
			}
		})
	}
}

// Players reconnecting all at once, each old socket closing as the new
// one opens, while the table plays on: every new socket is bound and its
// player present, and the table was told so last.
func TestReconnectsAtOnceStayBound(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	aria := game.Player{ID: "p-a", Name: "Aria"}
	c, mira := f.tableOf(t, aria, "Crowd", "a1", campaign.NewCharacter{Name: "Mira", Race: "elf", Class: "wizard"})
	const n = 8
	players := make([]game.Player, n)
	chars := make([]campaign.Character, n)
	for i := range players {
		players[i] = game.Player{ID: fmt.Sprint("p-", i), Name: fmt.Sprint("Player ", i)}
		chars[i] = f.member(t, players[i], c, fmt.Sprint("Hero ", i))
		f.sit(t, players[i], c, fmt.Sprint("old-", i))
	}
	f.svc.TurnLimit = nil
	stop := make(chan struct{})
	played := make(chan int)
	go func() { // the table plays on
		k := 0
		for {
			select {
			case <-stop:
				played <- k
				return
			default:
			}
			if err := f.svc.TakeTurn(ctx, "a1", events.ClientMessage{Action: events.ActionTurn, RequestID: fmt.Sprint("a-", k),
				CharacterID: mira.ID, Text: "I keep watch"}); err == nil {
				k++
			}
		}
	}()
	var wg sync.WaitGroup
	for i := range players {
		wg.Add(2)
		go func() {
			defer wg.Done()
			if err := f.svc.Disconnect(ctx, fmt.Sprint("old-", i)); err != nil {
				t.Errorf("disconnect %d: %v", i, err)
			}
		}()
		go func() {
			defer wg.Done()
			id := fmt.Sprint("new-", i)
			if err := f.connecting(id, func() error { return f.svc.Connect(ctx, id, players[i], c.ID) }); err != nil {
				t.Errorf("connect %d: %v", i, err)
			}
		}()
	}
	wg.Wait()
	close(stop)
	t.Logf("%d turns played meanwhile", <-played)
	for i := range players {
		f.bound(t, f.svc, c.ID, fmt.Sprint("new-", i), chars[i])
	}
}

// Fifty sockets of a table closing at once all get their disconnect
// through: each writes the session, and a conflict is retried, spread
// out, until it does. Four quick tries let 12 of 50 fail.
func TestFiftySocketsCloseAtOnce(t *testing.T) {
	f := newFixture(t)
	f.svc.Limits.Members = 0 // fifty players at one table: a crowd, not a party
	f.svc.InviteLimit = nil
	ctx := context.Background()
	aria := game.Player{ID: "p-a", Name: "Aria"}
	c, _ := f.tableOf(t, aria, "Fifty", "a1", campaign.NewCharacter{Name: "Mira", Race: "elf", Class: "wizard"})
	const n, heroes = 50, 11 // a campaign has at most 12 characters
	for i := range n {
		p := game.Player{ID: fmt.Sprint("p-", i), Name: fmt.Sprint("Player ", i)}
		if i < heroes {
			f.member(t, p, c, fmt.Sprint("Hero ", i))
			f.sit(t, p, c, fmt.Sprint("s-", i))
		} else {
			f.joinAndSit(t, p, c, fmt.Sprint("s-", i))
		}
	}
	start := time.Now()
	defer func() { t.Logf("%d disconnects in %v", n, time.Since(start)) }()
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := f.svc.Disconnect(ctx, fmt.Sprint("s-", i)); err != nil {
				t.Errorf("disconnect %d: %v", i, err)
			}
		}()
	}
	wg.Wait()
	snap := mustSnap(t, f, c.ID)
	sess := openSession(snap)
	if len(snap.Connections) != 1 || sess == nil || len(sess.LeftAtTurn) != n {
		t.Fatalf("after %d disconnects: connections %+v, session %+v", n, snap.Connections, sess)
	}
	absent := 0
	for _, p := range f.lastPresence(t, c.ID) {
		if p == string(campaign.Absent) {
			absent++
		}
	}
	if absent != heroes {
		t.Errorf("the table was told %d absent, want %d", absent, heroes)
	}
}
