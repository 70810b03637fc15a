package game_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"chronicler/events"
	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/game"
)

// The owner gives a character an item and coins: the sheet keeps them,
// the table is told in a character event with the seq of the commit, a
// player may not give, and the potion given heals when drunk.
func TestOwnerGives(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	c, owner := f.table(t, "Cellar Door", "c1")
	player := game.Player{ID: "p-bram", Name: "Bram"}
	f.joinAndSit(t, player, c, "b1")
	mira := mustSnap(t, f, c.ID).Characters[0]
	gift := events.Gift{Item: "potion-of-healing", Qty: 2, Coins: &campaign.Coins{GP: 10}}
	if _, err := f.svc.Give(ctx, player, c.ID, mira.ID, gift); !fault.Is(err, fault.Forbidden) {
		t.Fatalf("a player's gift = %v, want forbidden", err)
	}
	if _, err := f.svc.Give(ctx, owner, c.ID, "nobody", gift); !fault.Is(err, fault.NotFound) {
		t.Fatalf("a gift to nobody = %v, want not found", err)
	}
	got, err := f.svc.Give(ctx, owner, c.ID, mira.ID, gift)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.Give(ctx, owner, c.ID, mira.ID, events.Gift{Coins: &campaign.Coins{GP: 5, SP: 3}}); err != nil {
		t.Fatal(err)
	}
	stored := mustSnap(t, f, c.ID).Characters[0]
	i := slices.IndexFunc(stored.Inventory, func(it campaign.Item) bool { return it.Item == "potion-of-healing" })
	if i < 0 || stored.Inventory[i].Qty != 2 || stored.Inventory[i].Name != "Potion of Healing" || stored.Coins == nil || *stored.Coins != (campaign.Coins{GP: 15, SP: 3}) {
		t.Fatalf("stored sheet %+v coins %+v; want 2 potions of healing and 15 gp, 3 sp", stored.Inventory, stored.Coins)
	}
	if got.Version != stored.Version-1 {
		t.Errorf("the gift answered version %d; the next gift made it %d", got.Version, stored.Version)
	}
	told := f.told(t, "b1", events.TypeCharacter)
	if len(told) != 2 || told[0]["seq"] == nil || told[0]["text"] != "Mira receives 2 × Potion of Healing and 10 gp." {
		t.Fatalf("the table was told %v", told)
	}

	stored.HP = 1 // wounded, off the books: the sheet as the next turn reads it
	if err := f.store.Commit(ctx, game.Tx{CampaignID: c.ID, Characters: []campaign.Character{stored}}); err != nil {
		t.Fatal(err)
	}
	if err := f.act(t, "c1", mira.ID, "drink", "I drink a potion of healing", nil); err != nil {
		t.Fatal(err)
	}
	after := mustSnap(t, f, c.ID).Characters[0]
	i = slices.IndexFunc(after.Inventory, func(it campaign.Item) bool { return it.Item == "potion-of-healing" })
	if after.HP < 5 || i < 0 || after.Inventory[i].Qty != 1 {
		t.Fatalf("after the potion: HP %d, inventory %+v; want 1+2d4+2 and one potion left", after.HP, after.Inventory)
	}
	turns := f.turns(t, c.ID)
	if last := turns[len(turns)-1]; !strings.Contains(last.RulesResult, "drinks a Potion of Healing") {
		t.Fatalf("rules result %q", last.RulesResult)
	}
}

// Words that describe an uncertain task call for a check: the table is
// sent the roll with its DC and outcome, and the offline narration says
// whether it passed (in words: the numbers are on the roll).
func TestCheckFromWordsReachesTheTable(t *testing.T) {
	f := newFixture(t)
	c, _ := f.table(t, "Barrels", "c1")
	mira := mustSnap(t, f, c.ID).Characters[0]
	if err := f.act(t, "c1", mira.ID, "lift-1", "I try to lift the heavy barrel", nil); err != nil {
		t.Fatal(err)
	}
	results := f.told(t, "c1", events.TypeRollResult)
	if len(results) != 1 || results[0]["dc"] != float64(15) || (results[0]["outcome"] != "success" && results[0]["outcome"] != "failure") {
		t.Fatalf("roll results %v, want one with dc 15 and its outcome", results)
	}
	done := f.told(t, "c1", events.TypeNarrationDone)
	text, _ := done[len(done)-1]["text"].(string)
	// The offline narrator tells the outcome in words, never the numbers.
	said := map[bool][]string{true: {"pays off", "succeeds", "it works"}, false: {"comes to nothing", "fails", "is no use"}}
	passed := results[0]["outcome"] == "success"
	tells := func(pass bool) bool {
		return slices.ContainsFunc(said[pass], func(w string) bool { return strings.Contains(text, w) })
	}
	if !tells(passed) || tells(!passed) {
		t.Fatalf("narration %q does not say the check's %v", text, results[0]["outcome"])
	}
}
