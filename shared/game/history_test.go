package game_test

import (
	"context"
	"fmt"
	"testing"

	"chronicler/events"
	"chronicler/shared/fault"
	"chronicler/shared/game"
	"chronicler/shared/rules/encounter"
)

// A won fight is history: the snapshot every turn reads no longer holds
// it, the export still does (beside the next fight, under way), and the
// owner is told it has ended rather than that it does not exist.
func TestAFinishedFightLeavesTheSnapshotButStaysInTheExport(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	owner := game.Player{ID: "p-c1", Name: "Aria"}
	c, bryn := f.fighterTable(t, owner, nil)
	f.brew(t, owner, c, foe(t, "straw-goblin", 1, 1, -5, "1d4"))
	first, err := f.svc.StartEncounter(ctx, owner, c.ID, startReq(t, `{"monsters":[{"srd_id":"straw-goblin","count":1}],"surprise":["monsters"]}`))
	if err != nil {
		t.Fatal(err)
	}
	for i := range 10 {
		if len(mustSnap(t, f, c.ID).Encounters) == 0 {
			break
		}
		if err := f.act(t, "c1", bryn.ID, fmt.Sprint("swing-", i), "", &events.Intent{Kind: "attack", TargetID: "straw-goblin-1"}); err != nil {
			t.Fatal(err)
		}
	}
	if got := mustSnap(t, f, c.ID).Encounters; len(got) != 0 {
		t.Fatalf("the snapshot still holds %d encounters after the fight was won", len(got))
	}
	_, err = f.svc.EndEncounter(ctx, owner, c.ID, first.ID, events.EndEncounter{Outcome: "victory"})
	if !fault.Is(err, fault.Conflict) {
		t.Fatalf("ending the won fight: %v (kind %q), want a conflict", err, fault.KindOf(err))
	}
	if _, err := f.svc.EndEncounter(ctx, owner, c.ID, "no-such-fight", events.EndEncounter{Outcome: "victory"}); !fault.Is(err, fault.NotFound) {
		t.Fatalf("ending a fight that never was: %v, want not found", err)
	}

	second, err := f.svc.StartEncounter(ctx, owner, c.ID, startReq(t, `{"monsters":[{"srd_id":"straw-goblin","count":1}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if got := mustSnap(t, f, c.ID).Encounters; len(got) != 1 || got[0].ID != second.ID {
		t.Fatalf("the snapshot's encounters = %+v, want the second fight alone", got)
	}
	exp, err := f.svc.Export(ctx, owner, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	status := map[string]string{}
	for _, raw := range exp.Encounters {
		e := encounterOf(t, raw)
		status[e.ID] = e.Status + "/" + e.Outcome
	}
	want := map[string]string{first.ID: encounter.Ended + "/victory", second.ID: encounter.Active + "/"}
	if fmt.Sprint(status) != fmt.Sprint(want) {
		t.Fatalf("the export's encounters = %v, want %v", status, want)
	}
}
