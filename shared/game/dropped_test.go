package game_test

import (
	"context"
	"testing"

	"chronicler/events"
	"chronicler/shared/fault"
	"chronicler/shared/game"
)

// unsaved is a store whose turns never save: the commit that would write
// a turn fails, as a store that is down at that moment does.
type unsaved struct{ game.Store }

func (u unsaved) Commit(ctx context.Context, tx game.Tx) error {
	if tx.Turn != nil {
		return fault.E(fault.Unavailable, "commit", "the store is down")
	}
	return u.Store.Commit(ctx, tx)
}

// A turn the table was told of (turn.accepted) and that was then not
// saved is announced as dropped, in the commit that frees the table:
// nobody is left waiting on "Mira is acting…".
func TestADroppedTurnIsAnnounced(t *testing.T) {
	f := newFixture(t)
	c, _ := f.table(t, "Dropped", "c1")
	bram := game.Player{ID: "p-bram", Name: "Bram"}
	f.joinAndSit(t, bram, c, "b1")
	f.svc.Store = unsaved{f.svc.Store}
	mira := mustSnap(t, f, c.ID).Characters[0]
	if err := f.act(t, "c1", mira.ID, "search-1", "I look under the table", nil); err == nil {
		t.Fatal("the turn saved on a store that cannot save turns")
	}
	accepted := f.told(t, "b1", events.TypeTurnAccepted)
	dropped := f.told(t, "b1", events.TypeTurnDropped)
	if len(accepted) != 1 || len(dropped) != 1 || dropped[0]["turn_id"] != accepted[0]["turn_id"] {
		t.Fatalf("the other player was told accepted %v, dropped %v; want the same turn dropped", accepted, dropped)
	}
	if snap := mustSnap(t, f, c.ID); snap.Lease != nil {
		t.Errorf("the table is still held by %+v", snap.Lease)
	}
}
