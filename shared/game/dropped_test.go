package game_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"chronicler/events"
	"chronicler/shared/campaign"
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

// A dropped turn keeps its request: the player's client, which may have
// missed the drop, resends the request and is told of the same turn,
// accepted and dropped, as protocol.md promises ("a repeat gets the
// original answer again ... and changes nothing"). Before, the drop left
// no request record and the resend played a second turn under a new id.
func TestAResentDroppedTurnKeepsItsTurnID(t *testing.T) {
	// Each case drops the turn and returns the server that goes on, and
	// the dropped turn's id.
	cases := map[string]func(t *testing.T, f *fixture, act func(svc *game.Service, conn string) error) (*game.Service, string){
		// The turn held the table, then failed to resolve.
		"ResolveFailed": func(t *testing.T, f *fixture, act func(*game.Service, string) error) (*game.Service, string) {
			f.svc.Store = unsaved{f.store}
			if err := act(f.svc, "a1"); err == nil {
				t.Fatal("the turn saved on a store that cannot save turns")
			}
			f.svc.Store = f.store
			accepted := f.told(t, "a1", events.TypeTurnAccepted)
			if len(accepted) != 1 {
				t.Fatalf("the first try was answered %v, want one turn.accepted", accepted)
			}
			return f.svc, accepted[0]["turn_id"].(string)
		},
		// The server died with the turn holding the table, and the
		// restart could not finish it (finishLost).
		"DroppedAtRestart": func(t *testing.T, f *fixture, act func(*game.Service, string) error) (*game.Service, string) {
			f.svc.Store = &dying{Store: f.store, at: func(tx game.Tx) bool { return tx.AcquireLease != nil }, applied: true}
			if err := act(f.svc, "a1"); !errors.Is(err, errKilled) {
				t.Fatalf("the turn = %v, want it killed", err)
			}
			conn, err := f.store.ConnectionByID(context.Background(), "a1")
			if err != nil {
				t.Fatal(err)
			}
			lease := mustSnap(t, f, conn.CampaignID).Lease
			if lease == nil {
				t.Fatal("the killed turn left no lease")
			}
			f.clock.Add(3 * time.Second)
			svc := f.restartedOn(t, unsaved{f.store})
			svc.Store = f.store
			return svc, lease.TurnID
		},
	}
	for name, drop := range cases {
		t.Run(name, func(t *testing.T) {
			f := newFixture(t)
			ctx := context.Background()
			aria := game.Player{ID: "p-a", Name: "Aria"}
			camp, mira := f.tableOf(t, aria, "Dropped", "a1", campaign.NewCharacter{Name: "Mira", Race: "elf", Class: "wizard"})
			msg := events.ClientMessage{Action: events.ActionTurn, RequestID: "search-1", CharacterID: mira.ID, Text: "I look under the table"}
			act := func(svc *game.Service, conn string) error { return svc.TakeTurn(ctx, conn, msg) }

			svc, turnID := drop(t, f, act)
			if snap := mustSnap(t, f, camp.ID); snap.Lease != nil {
				t.Fatalf("the dropped turn still holds the table: %+v", snap.Lease)
			}

			if err := svc.Connect(ctx, "a2", aria, camp.ID); err != nil {
				t.Fatal(err)
			}
			if err := act(svc, "a2"); err != nil {
				t.Fatalf("the resent request: %v", err)
			}
			accepted := f.told(t, "a2", events.TypeTurnAccepted)
			if len(accepted) != 1 || accepted[0]["turn_id"] != turnID || accepted[0]["request_id"] != "search-1" {
				t.Fatalf("the resend was answered %v, want turn %s", accepted, turnID)
			}
			dropped := f.told(t, "a2", events.TypeTurnDropped)
			if len(dropped) != 1 || dropped[0]["turn_id"] != turnID {
				t.Errorf("the resend was told dropped %v, want turn %s", dropped, turnID)
			}
			if turns := f.turns(t, camp.ID); len(turns) != 0 {
				t.Errorf("the resend changed something: turns %+v", turns)
			}
			if snap := mustSnap(t, f, camp.ID); snap.Lease != nil {
				t.Errorf("the resend holds the table: %+v", snap.Lease)
			}
			// A new request is a new turn, played as any.
			msg.RequestID = "search-2"
			if err := act(svc, "a2"); err != nil {
				t.Fatalf("a new request after the drop: %v", err)
			}
			if turns := f.turns(t, camp.ID); len(turns) != 1 || turns[0].RequestID != "search-2" || turns[0].ID == turnID {
				t.Errorf("turns after a new request: %+v", turns)
			}
		})
	}
}

// savedUnheard is a store whose turns save but whose turn commits answer
// with an error, as a commit that times out after it applied does.
type savedUnheard struct{ game.Store }

func (s savedUnheard) Commit(ctx context.Context, tx game.Tx) error {
	err := s.Store.Commit(ctx, tx)
	if err == nil && tx.Turn != nil {
		return fault.E(fault.Unavailable, "commit", "no answer from the store")
	}
	return err
}

// A turn saved though its commit said it failed is not dropped: the
// release finds the lease gone and the request known, and writes
// nothing, so the request stays the saved turn's and its resend is told
// of that turn alone.
func TestATurnSavedUnheardIsNotDropped(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	aria := game.Player{ID: "p-a", Name: "Aria"}
	camp, mira := f.tableOf(t, aria, "Unheard", "a1", campaign.NewCharacter{Name: "Mira", Race: "elf", Class: "wizard"})
	msg := events.ClientMessage{Action: events.ActionTurn, RequestID: "search-1", CharacterID: mira.ID, Text: "I look under the table"}
	f.svc.Store = savedUnheard{f.store}
	if err := f.svc.TakeTurn(ctx, "a1", msg); err == nil {
		t.Fatal("the commit's error was not the turn's")
	}
	f.svc.Store = f.store
	turns := f.turns(t, camp.ID)
	if len(turns) != 1 {
		t.Fatalf("turns %+v, want the one saved", turns)
	}
	if dropped := f.told(t, "a1", events.TypeTurnDropped); len(dropped) != 0 {
		t.Errorf("a saved turn was told dropped: %v", dropped)
	}
	if err := f.svc.TakeTurn(ctx, "a1", msg); err != nil {
		t.Fatalf("the resent request: %v", err)
	}
	accepted := f.told(t, "a1", events.TypeTurnAccepted)
	if len(accepted) != 2 || accepted[1]["turn_id"] != turns[0].ID {
		t.Errorf("told %v, want the resend answered with %s", accepted, turns[0].ID)
	}
	if dropped := f.told(t, "a1", events.TypeTurnDropped); len(dropped) != 0 {
		t.Errorf("the resend of a saved turn was told dropped: %v", dropped)
	}
}
