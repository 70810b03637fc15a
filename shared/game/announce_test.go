package game_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"chronicler/events"
	"chronicler/shared/campaign"
	"chronicler/shared/game"
)

// killedAfter is a store whose process is killed right after the first
// commit match accepts is applied (see dying), and that commit.
func killedAfter(store game.Store, match func(game.Tx) bool) (*dying, func() *game.Tx) {
	var mu sync.Mutex
	var last *game.Tx
	d := &dying{Store: store, applied: true, at: func(tx game.Tx) bool {
		if !match(tx) {
			return false
		}
		mu.Lock()
		last = &tx
		mu.Unlock()
		return true
	}}
	return d, func() *game.Tx {
		mu.Lock()
		defer mu.Unlock()
		return last
	}
}

// logged is the campaign's event log as the table would read it in a sync.
func (f *fixture) logged(t testing.TB, campaignID string) []wire {
	t.Helper()
	evs, err := f.store.Events(context.Background(), campaignID, 0, 100000)
	if err != nil {
		t.Fatal(err)
	}
	var out []wire
	for _, ev := range evs {
		var w wire
		if err := json.Unmarshal(ev.Data, &w); err != nil {
			t.Fatal(err)
		}
		out = append(out, w)
	}
	return out
}

func hasEvent(log []wire, typ, turnID string) bool {
	return slices.ContainsFunc(log, func(w wire) bool { return w.Type == typ && w.TurnID == turnID })
}

// goblinFight is Mira, a wizard with Shield, alone against goblins; the
// fight starts once before has run.
func goblinFight(t *testing.T, f *fixture, before func()) (campaign.Campaign, campaign.Character) {
	t.Helper()
	owner := game.Player{ID: "p-c1", Name: "Aria"}
	c, mira := f.tableOf(t, owner, "Goblin Road", "c1", campaign.NewCharacter{Name: "Mira", Race: "elf", Class: "wizard", Level: 6})
	before()
	if _, err := f.svc.StartEncounter(context.Background(), owner, c.ID, startReq(t, `{"monsters":[{"srd_id":"goblin","count":3}]}`)); err != nil {
		t.Fatal(err)
	}
	return c, mira
}

// untilWindow has Mira end her turns until a monster's turn holds the
// table with a reaction window, and returns its lease; nil if the fight
// ended first, or stop said to.
func untilWindow(t *testing.T, f *fixture, c campaign.Campaign, mira campaign.Character, stop func() bool) *campaign.Lease {
	t.Helper()
	for i := range 80 {
		snap := mustSnap(t, f, c.ID)
		if l := snap.Lease; l != nil && l.Pending != nil && l.Pending.Window != nil {
			return l
		}
		if _, e, ok, _ := activeFor(t, snap); !ok || e.Decided() != "" || stop() {
			return nil
		}
		_ = f.act(t, "c1", mira.ID, fmt.Sprint("end-", i), "", &events.Intent{Kind: "end_turn"})
	}
	return nil
}

// A monster's turn held on a reaction window is announced (its
// turn.accepted, the rolls so far, the window) in the commit that holds
// it: a crash right after that commit leaves the table able to learn of
// the window by a sync. It used to be a second transaction.
func TestHeldWindowIsAnnouncedInItsCommit(t *testing.T) {
	f := newFixture(t)
	store, died := killedAfter(f.store, func(tx game.Tx) bool {
		l := tx.AcquireLease
		return l != nil && l.Pending != nil && l.Pending.Window != nil && tx.Request == nil
	})
	c, mira := goblinFight(t, f, func() { f.svc.Store = store })
	untilWindow(t, f, c, mira, func() bool { return died() != nil })
	tx := died()
	if tx == nil {
		t.Fatal("no monster's turn opened a window")
	}
	log := f.logged(t, c.ID)
	turnID := tx.AcquireLease.TurnID
	for _, typ := range []string{events.TypeTurnAccepted, events.TypeReactionWindow} {
		if !hasEvent(log, typ, turnID) {
			t.Errorf("the held turn %s committed without its %s in the log", turnID, typ)
		}
	}
}

// An answer to a reaction window is announced in the commit that records
// it: reaction.received, and when it closes the window, reaction.closed.
func TestWindowAnswerIsAnnouncedInItsCommit(t *testing.T) {
	for _, answer := range []string{"pass", "shield"} {
		t.Run(answer, func(t *testing.T) {
			f := newFixture(t)
			c, mira := goblinFight(t, f, func() {})
			for k := 0; ; k++ {
				l := untilWindow(t, f, c, mira, func() bool { return false })
				if l == nil {
					t.Skip("the fight ended before a window Mira could answer with " + answer)
				}
				offered := answer == "pass" || slices.ContainsFunc(l.Pending.Window.Eligible, func(e campaign.Eligible) bool {
					return e.CharacterID == mira.ID && slices.ContainsFunc(e.Offers, func(o campaign.Offer) bool { return o.Name == answer })
				})
				if !offered {
					if err := f.svc.React(context.Background(), "c1", events.ClientMessage{Action: events.ActionReact, RequestID: fmt.Sprint("skip-", k),
						TurnID: l.TurnID, CharacterID: mira.ID, Reaction: "pass"}); err != nil {
						t.Fatal(err)
					}
					continue
				}
				store, died := killedAfter(f.store, func(tx game.Tx) bool {
					return tx.Request != nil && strings.HasPrefix(tx.Request.RequestID, "step:")
				})
				f.svc.Store = store
				_ = f.svc.React(context.Background(), "c1", events.ClientMessage{Action: events.ActionReact, RequestID: "answer",
					TurnID: l.TurnID, CharacterID: mira.ID, Reaction: answer})
				tx := died()
				if tx == nil {
					t.Fatal("the answer committed nothing")
				}
				log := f.logged(t, c.ID)
				if !slices.ContainsFunc(log, func(w wire) bool {
					return w.Type == events.TypeReactionGot && w.TurnID == l.TurnID && w.CharacterID == mira.ID && w.Reaction == answer
				}) {
					t.Errorf("Mira's %s was committed without its reaction.received in the log", answer)
				}
				if closed := tx.AcquireLease.Pending.Settled > l.Pending.Settled; closed && !hasEvent(log, events.TypeReactionClosed, l.TurnID) {
					t.Errorf("Mira's %s closed the window without its reaction.closed in the log", answer)
				}
				return
			}
		})
	}
}

// A player's presence is told in the commit of the connection that
// changes it: a crash right after it leaves the log saying what is true.
func TestPresenceIsToldInTheConnectionsCommit(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	c, _, _, bram, tobin := twoAtTheTable(t, f)
	f.svc.Store, _ = killedAfter(f.store, func(tx game.Tx) bool { return slices.Contains(tx.DeleteConnections, "b1") })
	_ = f.svc.Disconnect(ctx, "b1") // killed: it hears no answer

	if p := f.lastPresence(t, c.ID)[tobin.ID]; p != string(campaign.Absent) {
		t.Errorf("after Bram's last socket closed, the log says Tobin is %q", p)
	}
	f.svc.Store, _ = killedAfter(f.store, func(tx game.Tx) bool { return tx.PutConnection != nil })
	_ = f.svc.Connect(ctx, "b2", bram, c.ID)
	if p := f.lastPresence(t, c.ID)[tobin.ID]; p != string(campaign.Present) {
		t.Errorf("after Bram reconnected, the log says Tobin is %q", p)
	}
}

// ahead is a store that runs then, once, just before the first commit
// match accepts is applied: another call of the game that read the same
// snapshot commits first.
type ahead struct {
	game.Store
	mu    sync.Mutex
	match func(game.Tx) bool
	then  func()
}

func (s *ahead) Commit(ctx context.Context, tx game.Tx) error {
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
	return s.Store.Commit(ctx, tx)
}

// Two sockets of one player closing at once, each having read the other
// still there: the second to commit finds the session changed and reads
// again, so the player is told absent and her leaving is kept.
func TestBothSocketsOfAPlayerClosingAtOnce(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	c, _, _, bram, tobin := twoAtTheTable(t, f)
	f.sit(t, bram, c, "b2")
	f.svc.Store = &ahead{Store: f.store,
		match: func(tx game.Tx) bool { return slices.Contains(tx.DeleteConnections, "b1") },
		then: func() {
			if err := f.svc.Disconnect(ctx, "b2"); err != nil {
				t.Error(err)
			}
		}}
	if err := f.svc.Disconnect(ctx, "b1"); err != nil {
		t.Fatal(err)
	}
	snap := mustSnap(t, f, c.ID)
	if p := campaign.PresenceOf(bram.ID, openSession(snap), snap.Connections); p != campaign.Absent {
		t.Fatalf("Bram is %s in the store", p)
	}
	if _, ok := openSession(snap).LeftAtTurn[bram.ID]; !ok {
		t.Error("the session does not know Bram left")
	}
	if p := f.lastPresence(t, c.ID)[tobin.ID]; p != string(campaign.Absent) {
		t.Errorf("the table was told last that Tobin is %q", p)
	}
}

// A session ended, or opened again, is announced in the commit that ends
// or opens it: the session event (and the table's recap) is in the log
// even when the process dies right after.
func TestSessionChangesAreAnnouncedInTheirCommit(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	c, _ := f.table(t, "Announced", "c1")
	type session struct {
		Type      string `json:"type"`
		Status    string `json:"status"`
		EndReason string `json:"end_reason"`
	}
	last := func() []session {
		evs, err := f.store.Events(ctx, c.ID, 0, 100000)
		if err != nil {
			t.Fatal(err)
		}
		var out []session
		for _, ev := range evs {
			var s session
			if err := json.Unmarshal(ev.Data, &s); err != nil {
				t.Fatal(err)
			}
			out = append(out, s)
		}
		return out
	}
	byRequest := func(id string) func(game.Tx) bool {
		return func(tx game.Tx) bool { return tx.Request != nil && tx.Request.RequestID == id }
	}
	f.svc.Store, _ = killedAfter(f.store, byRequest("end"))
	_ = f.svc.EndSession(ctx, "c1", "end")
	if log := last(); log[len(log)-1].Type != events.TypeSession || log[len(log)-1].EndReason != string(campaign.PlayerEnded) {
		t.Errorf("after the session ended, the log ends with %+v", log[len(log)-1])
	}
	f.svc.Store, _ = killedAfter(f.store, byRequest("again"))
	_ = f.svc.Resume(ctx, "c1", "again")
	log := last()
	if n := len(log); n < 2 || log[n-2].Type != events.TypeSession || log[n-2].Status != string(campaign.Active) || log[n-1].Type != events.TypeRecap {
		t.Errorf("after the session opened again, the log ends with %+v", log[max(len(log)-2, 0):])
	}
}
