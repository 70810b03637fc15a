package game_test

import (
	"context"
	"testing"

	"chronicler/shared/fault"
	"chronicler/shared/game"
	"chronicler/shared/srd"
)

// TestHomebrewMonsters: the owner's stat blocks come before the SRD's in
// the encounters started after them, survive an export and an import,
// and only the owner sets them.
func TestHomebrewMonsters(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	c, owner := f.table(t, "Fen", "c1")
	goblin, _ := srd.LookupMonster("goblin")
	goblin.HP = 30 // the fen's goblins are tougher
	hag := goblin
	hag.ID, hag.Name, hag.HP = "bog-hag", "Bog Hag", 40
	brew := srd.Overrides{Monsters: map[string]srd.Monster{"goblin": goblin, "bog-hag": hag}}
	if err := brew.Validate(); err != nil {
		t.Fatal(err)
	}

	other := game.Player{ID: "p-other", Name: "Bram"}
	f.joinAndSit(t, other, c, "b1")
	if _, err := f.svc.SetHomebrew(ctx, other, c.ID, brew); !fault.Is(err, fault.Forbidden) {
		t.Fatalf("a player's homebrew = %v, want forbidden", err)
	}
	got, err := f.svc.SetHomebrew(ctx, owner, c.ID, brew)
	if err != nil || got.Homebrew == nil || len(got.Homebrew.Monsters) != 2 {
		t.Fatalf("SetHomebrew = %+v, %v", got.Homebrew, err)
	}

	rec, err := f.svc.StartEncounter(ctx, owner, c.ID, startReq(t, `{"monsters":[{"srd_id":"goblin","count":1},{"srd_id":"bog-hag","count":1}]}`))
	if err != nil {
		t.Fatal(err)
	}
	e := begun(t, rec)
	hp := map[string]int{}
	for _, p := range e.Participants {
		hp[p.SRDID] = p.MaxHP
	}
	if hp["goblin"] != 30 || hp["bog-hag"] != 40 {
		t.Errorf("max HP by stat block = %v, want the homebrew's 30 and 40", hp)
	}

	exp, err := f.svc.Export(ctx, owner, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	imported, err := f.svc.Import(ctx, owner, exp)
	if err != nil {
		t.Fatal(err)
	}
	back, err := f.store.Campaign(ctx, imported.ID)
	if err != nil || back.Homebrew == nil || back.Homebrew.Monsters["bog-hag"].HP != 40 {
		t.Fatalf("imported campaign's homebrew = %+v, %v", back.Homebrew, err)
	}

	// Clearing it brings the SRD's goblin back.
	if got, err := f.svc.SetHomebrew(ctx, owner, imported.ID, srd.Overrides{}); err != nil || got.Homebrew != nil {
		t.Fatalf("clear = %+v, %v", got.Homebrew, err)
	}
	if b := mustSnap(t, f, imported.ID).Campaign.Book(); b != nil {
		t.Errorf("a cleared campaign still has a book of its own")
	}
}
