package game_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"chronicler/events"
	"chronicler/shared/campaign"
	"chronicler/shared/game"
	"chronicler/shared/rules/encounter"
)

// Bryn the fighter starts with a light crossbow and 20 bolts. Each shot
// spends a bolt; when the fight is over half the bolts shot are found
// again, and the sheet the table is sent says how many are left.
func TestBoltsShotLeaveTheSheet(t *testing.T) {
	shoot := &events.Intent{Kind: "attack", TargetID: "straw-goblin-1", Weapon: "crossbow-light"}
	t.Run("TheFightEndingByItselfSendsTheSheet", func(t *testing.T) {
		f := newFixture(t)
		ctx := context.Background()
		owner := game.Player{ID: "p-c1", Name: "Aria"}
		c, bryn := f.fighterTable(t, owner, nil)
		f.brew(t, owner, c, foe(t, "straw-goblin", 1, 1, -5, "1d4"))
		if _, err := f.svc.StartEncounter(ctx, owner, c.ID, startReq(t, `{"monsters":[{"srd_id":"straw-goblin","count":1}],"surprise":["monsters"]}`)); err != nil {
			t.Fatal(err)
		}
		shots := 0
		for i := range 10 {
			if _, _, ok, _ := activeFor(t, mustSnap(t, f, c.ID)); !ok {
				break
			}
			if err := f.act(t, "c1", bryn.ID, fmt.Sprint("shot-", i), "", shoot); err != nil {
				t.Fatal(err)
			}
			shots++
		}
		tcs := f.committedTurns(t, "c1")
		last := tcs[len(tcs)-1]
		if e := encounterOf(t, last.Encounter); e.Status != encounter.Ended {
			t.Fatalf("the fight is %s after %d shots", e.Status, shots)
		}
		want := 20 - shots + shots/2
		if len(last.Characters) != 1 || campaign.Pieces(last.Characters[0].Inventory, "crossbow-bolt") != want {
			t.Fatalf("turn.committed characters = %+v, want Bryn with %d bolts", last.Characters, want)
		}
		if got := campaign.Pieces(mustSnap(t, f, c.ID).Characters[0].Inventory, "crossbow-bolt"); got != want {
			t.Errorf("Bryn's sheet holds %d bolts, want %d", got, want)
		}
	})
	t.Run("TheOwnerEndingItSendsTheSheet", func(t *testing.T) {
		f := newFixture(t)
		ctx := context.Background()
		owner := game.Player{ID: "p-c1", Name: "Aria"}
		c, bryn := f.fighterTable(t, owner, nil)
		f.brew(t, owner, c, foe(t, "straw-goblin", 500, 1, -5, "1"))
		if _, err := f.svc.StartEncounter(ctx, owner, c.ID, startReq(t, `{"monsters":[{"srd_id":"straw-goblin","count":1}],"surprise":["monsters"]}`)); err != nil {
			t.Fatal(err)
		}
		for i := range 2 {
			if err := f.act(t, "c1", bryn.ID, fmt.Sprint("shot-", i), "", shoot); err != nil {
				t.Fatal(err)
			}
		}
		_, e, ok, _ := activeFor(t, mustSnap(t, f, c.ID))
		if !ok {
			t.Fatal("the fight ended")
		}
		end, err := f.svc.EndEncounter(ctx, owner, c.ID, e.ID, events.EndEncounter{Outcome: "victory"})
		if err != nil {
			t.Fatal(err)
		}
		var ds encounter.Diffs
		if err := json.Unmarshal(end.Diffs, &ds); err != nil {
			t.Fatal(err)
		}
		i := slices.IndexFunc(ds, func(d encounter.Diff) bool { return d.CharacterID == bryn.ID })
		if want := []encounter.AmmoDiff{{ID: "crossbow-bolt", Before: 20, Spent: 2, Recovered: 1, After: 19}}; i < 0 || !slices.Equal(ds[i].Ammunition, want) {
			t.Fatalf("diffs %+v, want Bryn's %+v", ds, want)
		}
		var ev events.Encounter
		if err := json.Unmarshal([]byte(f.lastOf(t, "c1", events.TypeEncounter)), &ev); err != nil {
			t.Fatal(err)
		}
		if len(ev.Characters) != 1 || campaign.Pieces(ev.Characters[0].Inventory, "crossbow-bolt") != 19 {
			t.Fatalf("the encounter event's characters = %+v, want Bryn with 19 bolts", ev.Characters)
		}
	})
}
