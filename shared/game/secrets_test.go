package game_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"chronicler/events"
	"chronicler/shared/fault"
	"chronicler/shared/game"
	"chronicler/shared/narrator"
)

// TestSecrets: what the owner tells the narrator alone reaches the
// narrator when a turn mentions its subject, and no player by any road:
// not the campaign, not a player's export, not the turns, not the stored
// memory.
func TestSecrets(t *testing.T) {
	f := newFixture(t)
	n := scriptOf("Marta smiles.")
	f.svc.Narrator = n
	ctx := context.Background()
	c, owner := f.table(t, "Cellar Door", "c1")
	player := game.Player{ID: "p-bram", Name: "Bram"}
	f.joinAndSit(t, player, c, "b1")
	const secret = "Marta poisons travellers for the Black Hand."
	req := events.NewSecret{Subject: "Marta", Text: secret}
	if _, err := f.svc.AddSecret(ctx, player, c.ID, req); !fault.Is(err, fault.Forbidden) {
		t.Fatalf("a player's secret = %v, want forbidden", err)
	}
	if _, err := f.svc.Secrets(ctx, player, c.ID); !fault.Is(err, fault.Forbidden) {
		t.Fatalf("a player listing secrets = %v, want forbidden", err)
	}
	sec, err := f.svc.AddSecret(ctx, owner, c.ID, req)
	if err != nil {
		t.Fatal(err)
	}

	mira := mustSnap(t, f, c.ID).Characters[0]
	if err := f.act(t, "c1", mira.ID, "ask", "I ask Marta for a room", nil); err != nil {
		t.Fatal(err)
	}
	sent := narrator.Join(narrator.Blocks(n.got[len(n.got)-1]))
	if !strings.Contains(sent, secret) || !strings.Contains(sent, "GM only") {
		t.Fatalf("the narrator was not told the secret, marked GM only:\n%s", sent)
	}

	view, err := f.svc.GetCampaign(ctx, player, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	exp, err := f.svc.Export(ctx, player, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	page, err := f.svc.Turns(ctx, player, c.ID, 0, 50)
	if err != nil {
		t.Fatal(err)
	}
	mem, err := f.store.Memory(ctx, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	for what, v := range map[string]any{"the campaign view": view.Campaign.Secrets, "a player's export": exp, "the turns": page} {
		b, _ := json.Marshal(v)
		if strings.Contains(string(b), "Black Hand") {
			t.Errorf("%s tells a player the secret: %s", what, b)
		}
	}
	if strings.Contains(string(mem), "Black Hand") {
		t.Error("the stored memory keeps the secret (it is the campaign's alone)")
	}
	if own, err := f.svc.Export(ctx, owner, c.ID); err != nil || len(own.Campaign.Secrets) != 1 {
		t.Errorf("the owner's export: %+v, %v", own.Campaign.Secrets, err)
	}

	if err := f.svc.RemoveSecret(ctx, owner, c.ID, sec.ID); err != nil {
		t.Fatal(err)
	}
	if list, err := f.svc.Secrets(ctx, owner, c.ID); err != nil || len(list) != 0 {
		t.Fatalf("after removing: %+v, %v", list, err)
	}
	if err := f.svc.RemoveSecret(ctx, owner, c.ID, sec.ID); !fault.Is(err, fault.NotFound) {
		t.Errorf("removing it twice = %v, want not found", err)
	}
}
