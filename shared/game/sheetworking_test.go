package game_test

import (
	"context"
	"testing"

	"chronicler/shared/fault"
	"chronicler/shared/game"
)

// Any member reads how the rules make a character's sheet, worked out
// from the sheet as stored; a stranger and a character the campaign does
// not have are refused.
func TestSheetWorkingIsEveryMembersAndMakesTheStoredNumbers(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	c, owner := f.table(t, "Cellar Door", "c1")
	player := game.Player{ID: "p-bram", Name: "Bram"}
	f.joinAndSit(t, player, c, "b1")
	mira := mustSnap(t, f, c.ID).Characters[0]
	w, err := f.svc.SheetWorking(ctx, player, c.ID, mira.ID)
	if err != nil {
		t.Fatal(err)
	}
	if w.CharacterID != mira.ID || w.AC.Value != mira.AC || len(w.Saves) != 6 || len(w.Skills) != 18 || len(w.Attacks) == 0 {
		t.Errorf("working of %s (AC %d): %+v", mira.Name, mira.AC, w)
	}
	if _, err := f.svc.SheetWorking(ctx, game.Player{ID: "p-stranger"}, c.ID, mira.ID); !fault.Is(err, fault.Forbidden) {
		t.Errorf("a stranger's ask = %v, want forbidden", err)
	}
	if _, err := f.svc.SheetWorking(ctx, owner, c.ID, "nobody"); !fault.Is(err, fault.NotFound) {
		t.Errorf("an unknown character's = %v, want not found", err)
	}
}
