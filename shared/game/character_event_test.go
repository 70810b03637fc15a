package game_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"chronicler/events"
	"chronicler/shared/campaign"
	"chronicler/shared/game"
)

// A character made while the table plays reaches every connection at once,
// as a campaign event with its whole sheet: the others' party shows it
// without waiting for a turn or a reload.
func TestANewCharacterIsAnnounced(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	c, _ := f.table(t, "The Sunken Crown", "c1")
	bram := game.Player{ID: "p-bram", Name: "Bram"}
	if _, err := f.svc.JoinCampaign(ctx, bram, c.ID, events.JoinCampaign{InviteCode: c.InviteCode}); err != nil {
		t.Fatal(err)
	}
	made, err := f.svc.CreateCharacter(ctx, bram, c.ID, campaign.NewCharacter{Name: "Tobin", Race: "dwarf", Class: "fighter"})
	if err != nil {
		t.Fatal(err)
	}
	f.push.mu.Lock()
	sent := f.push.sent["c1"]
	f.push.mu.Unlock()
	var got *struct {
		Seq       int64              `json:"seq"`
		Character campaign.Character `json:"character"`
	}
	for _, m := range sent {
		if strings.Contains(string(m), `"type":"character"`) {
			if err := json.Unmarshal(m, &got); err != nil {
				t.Fatal(err)
			}
		}
	}
	if got == nil {
		t.Fatalf("no character event reached the table")
	}
	if got.Seq == 0 || got.Character.ID != made.ID || got.Character.Name != "Tobin" || got.Character.MaxHP == 0 || got.Character.Presence != campaign.Offline {
		t.Errorf("character event = %+v, want Tobin's sheet, offline, with a seq", got)
	}
	evs, err := f.store.Events(ctx, c.ID, got.Seq-1, 1)
	if err != nil || len(evs) != 1 || !strings.Contains(string(evs[0].Data), `"type":"character"`) {
		t.Errorf("the event log at seq %d: %v %v", got.Seq, evs, err)
	}
}
