package game_test

import (
	"context"
	"strings"
	"testing"

	"chronicler/events"
	"chronicler/shared/game"
)

// A player ends her turn and closes her socket, and the monster's turn
// commits before her disconnect does: the fight reaches her next turn
// while she still counts as present, and stops there. Her disconnect
// then plays the fight on at once, her character keeping its guard up,
// as the sweep would only many seconds later; whether the fight's turns
// are played in place or by a flow of steps.
func TestAFightWaitingOnAPlayerWhoLeftGoesOnAtHerDisconnect(t *testing.T) {
	for _, flow := range []string{"InPlace", "ByAFlowOfSteps"} {
		t.Run(flow, func(t *testing.T) {
			f := newFixture(t)
			if flow == "ByAFlowOfSteps" {
				f.svc.Fights = stepping{f.svc}
			}
			ctx := context.Background()
			owner := game.Player{ID: "p-c1", Name: "Aria"}
			c, bryn := f.fighterTable(t, owner, nil)
			f.brew(t, owner, c, foe(t, "sleepy-goblin", 200, 10, -5, "1d4"))
			if _, err := f.svc.StartEncounter(ctx, owner, c.ID, startReq(t, `{"monsters":[{"srd_id":"sleepy-goblin","count":1}]}`)); err != nil {
				t.Fatal(err)
			}
			if err := f.act(t, "c1", bryn.ID, "done", "", &events.Intent{Kind: "end_turn"}); err != nil {
				t.Fatal(err)
			}
			// The race lost: the goblin's turn is committed and the fight
			// is back on Bryn while his socket is still bound.
			snap := mustSnap(t, f, c.ID)
			_, e, ok, _ := activeFor(t, snap)
			if !ok || e.Current != bryn.ID || snap.Lease != nil {
				t.Fatalf("before the disconnect: fighting %v, current %q, lease %+v; want Bryn's turn up and the table free", ok, e.Current, snap.Lease)
			}
			before := len(f.turns(t, c.ID))

			if err := f.svc.Disconnect(ctx, "c1"); err != nil {
				t.Fatal(err)
			}
			turns := f.turns(t, c.ID)
			for _, tn := range turns[before:] {
				if tn.ActorID == bryn.ID && strings.Contains(tn.Action, "away from the table") {
					return
				}
			}
			_, e, _, _ = activeFor(t, mustSnap(t, f, c.ID))
			t.Errorf("%d turns after Bryn's player left, none his, played for him away; the fight is on %q", len(turns)-before, e.Current)
		})
	}
}
