package game_test

import (
	"context"
	"slices"
	"testing"

	"chronicler/events"
	"chronicler/shared/campaign"
	"chronicler/shared/game"
)

// A cleric prepares her spells with a prepare turn, which a table whose
// allowlist names only say still plays (a sheet's bookkeeping, as a
// level up); the sheet keeps them.
func TestAClericPreparesHerSpells(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	owner := game.Player{ID: "p-c1", Name: "Aria"}
	c, err := f.svc.CreateCampaign(ctx, owner, events.CreateCampaign{Name: "Chapel", Settings: &campaign.Settings{Allowlist: []string{"say"}}})
	if err != nil {
		t.Fatal(err)
	}
	bram, err := f.svc.CreateCharacter(ctx, owner, c.ID, campaign.NewCharacter{Name: "Bram", Race: "human", Class: "cleric"})
	if err != nil {
		t.Fatal(err)
	}
	f.sit(t, owner, c, "c1")
	if err := f.act(t, "c1", bram.ID, "prep-1", "", &events.Intent{Kind: "prepare", Spells: []string{"guiding-bolt"}}); err != nil {
		t.Fatal(err)
	}
	if got := mustSnap(t, f, c.ID).Characters[0]; !slices.Equal(got.Prepared, []string{"guiding-bolt"}) {
		t.Fatalf("Bram's prepared spells: %v", got.Prepared)
	}
	if err := f.act(t, "c1", bram.ID, "prep-2", "", &events.Intent{Kind: "prepare", Spells: []string{"bane"}}); err == nil {
		t.Fatal("Bram prepared again without a long rest")
	}
}
