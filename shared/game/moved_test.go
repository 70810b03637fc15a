package game_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"chronicler/events"
	"chronicler/shared/fault"
	"chronicler/shared/game"
)

// Another player's whole turn is taken and committed between a turn's read
// of the table and its lease (as on a loaded machine): the lease is
// refused on the turn count that moved on, and the turn is decided again
// on the table as it is and saved. Before, the lease was granted on the
// stale read, the turn announced (turn.accepted), and its final commit
// refused ("the table changed while the turn was resolved"): the turn was
// dropped.
func TestATurnWhoseTableMovedOnIsDecidedAgain(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	c, _, mira, _, tobin := twoAtTheTable(t, f)
	search := &events.Intent{Kind: "check", Ability: "wis", Skill: "perception"}
	f.svc.Store = &ahead{Store: f.store,
		match: func(tx game.Tx) bool { return tx.AcquireLease != nil && tx.AcquireLease.ActorID == tobin.ID },
		then: func() {
			if err := f.act(t, "a1", mira.ID, "mira-search", "", search); err != nil {
				t.Errorf("Mira's turn, between Tobin's read and his lease: %v", err)
			}
		}}
	if err := f.act(t, "b1", tobin.ID, "tobin-search", "", search); err != nil {
		t.Fatalf("Tobin's turn: %v", err)
	}

	snap := mustSnap(t, f, c.ID)
	if snap.State.TurnCount != 2 {
		t.Errorf("turn count %d, want 2: both turns saved", snap.State.TurnCount)
	}
	if snap.Lease != nil {
		t.Errorf("the table is still held by %+v", snap.Lease)
	}
	turns, err := f.store.Turns(ctx, c.ID, 0, 10)
	if err != nil {
		t.Fatal(err)
	}
	var played []string
	for _, tu := range turns {
		played = append(played, tu.RequestID)
	}
	if !slices.Equal(played, []string{"mira-search", "tobin-search"}) {
		t.Errorf("turns saved for requests %v, want Mira's then Tobin's", played)
	}
	log := f.logged(t, c.ID)
	if slices.ContainsFunc(log, func(w wire) bool { return w.Type == events.TypeTurnDropped }) {
		t.Error("a turn was dropped")
	}
	accepted := 0
	for _, w := range log {
		if w.Type == events.TypeTurnAccepted && w.CharacterID == tobin.ID {
			accepted++
		}
	}
	if accepted != 1 {
		t.Errorf("Tobin's turn was announced %d times, want once", accepted)
	}
}

// always is a store that runs then before every commit match accepts,
// except the commits then makes itself.
type always struct {
	game.Store
	match func(game.Tx) bool
	then  func()
	in    bool
}

func (s *always) Commit(ctx context.Context, tx game.Tx) error {
	if !s.in && s.match(tx) {
		s.in = true
		s.then()
		s.in = false
	}
	return s.Store.Commit(ctx, tx)
}

// A table that moves on before every lease the turn asks for has it
// decided a bounded number of times, then refused as a Conflict to try
// again, and never announced.
func TestATurnWhoseTableKeepsMovingIsRefused(t *testing.T) {
	f := newFixture(t)
	c, _, mira, _, tobin := twoAtTheTable(t, f)
	search := &events.Intent{Kind: "check", Ability: "wis", Skill: "perception"}
	ahead := 0
	f.svc.Store = &always{Store: f.store,
		match: func(tx game.Tx) bool { return tx.AcquireLease != nil && tx.AcquireLease.ActorID == tobin.ID },
		then: func() {
			ahead++
			if err := f.act(t, "a1", mira.ID, fmt.Sprint("mira-", ahead), "", search); err != nil {
				t.Errorf("Mira's turn %d: %v", ahead, err)
			}
		}}
	err := f.act(t, "b1", tobin.ID, "tobin-search", "", search)
	if !fault.Is(err, fault.Conflict) {
		t.Fatalf("Tobin's turn: got %v, want a Conflict", err)
	}
	if ahead < 2 || ahead > 5 {
		t.Errorf("Tobin's turn was decided %d times", ahead)
	}
	if n := mustSnap(t, f, c.ID).State.TurnCount; n != ahead {
		t.Errorf("turn count %d, want Mira's %d turns only", n, ahead)
	}
	for _, w := range f.logged(t, c.ID) {
		if w.CharacterID == tobin.ID && (w.Type == events.TypeTurnAccepted || w.Type == events.TypeTurnDropped) {
			t.Errorf("the table was told %s of a turn never held", w.Type)
		}
	}
}
