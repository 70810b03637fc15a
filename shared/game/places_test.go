package game_test

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"

	"chronicler/events"
	"chronicler/shared/campaign"
	"chronicler/shared/game"
)

// Two players in the inn: Mira's Mage Armor, cast before the fight, holds
// in it (AC 16, not 13); Brannoc goes down to the cellar alone, so Mira's
// scene is still the common room, and the fight there is hers only; the
// clock counts the casting's round and the move's minute.
func TestPlacesTimeAndLastingEffects(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	n := scriptOf("The night goes on.")
	f.svc.Narrator = n
	c, owner := f.table(t, "Inn", "c1")
	bob := game.Player{ID: "p-c2", Name: "Bob"}
	if _, err := f.svc.JoinCampaign(ctx, bob, c.ID, events.JoinCampaign{InviteCode: c.InviteCode}); err != nil {
		t.Fatal(err)
	}
	brannoc, err := f.svc.CreateCharacter(ctx, bob, c.ID, campaign.NewCharacter{Name: "Brannoc", Race: "human", Class: "fighter"})
	if err != nil {
		t.Fatal(err)
	}
	f.sit(t, bob, c, "c2")
	mira := mustSnap(t, f, c.ID).Characters[0]
	if mira.Name != "Mira" || mira.AC != 13 {
		t.Fatalf("first character %s at AC %d, want Mira at 13", mira.Name, mira.AC)
	}

	if err := f.act(t, "c1", mira.ID, "armor", "", &events.Intent{Kind: "cast", Spell: "mage-armor", TargetIDs: []string{mira.ID}}); err != nil {
		t.Fatal(err)
	}
	snap := mustSnap(t, f, c.ID)
	if m := *characterIn(t, snap, mira.ID); m.AC != 16 || len(m.Effects) != 1 || m.Effects[0].Until != 8*campaign.Hour {
		t.Fatalf("Mira after Mage Armor: AC %d, effects %+v", m.AC, m.Effects)
	}
	if snap.State.Clock != campaign.Round {
		t.Fatalf("clock %d after a spell's casting, want %d", snap.State.Clock, campaign.Round)
	}

	if err := f.act(t, "c2", brannoc.ID, "down", "", &events.Intent{Kind: "move", ToAreaID: "cellar"}); err != nil {
		t.Fatal(err)
	}
	snap = mustSnap(t, f, c.ID)
	if snap.State.Clock != campaign.Round+campaign.Minute || characterIn(t, snap, mira.ID).AreaID != "common-room" || characterIn(t, snap, brannoc.ID).AreaID != "cellar" {
		t.Fatalf("clock %d; Mira in %s, Brannoc in %s", snap.State.Clock, characterIn(t, snap, mira.ID).AreaID, characterIn(t, snap, brannoc.ID).AreaID)
	}
	if !slices.ContainsFunc(f.push.sent["c2"], func(b []byte) bool {
		return bytes.Contains(b, []byte(`"type":"turn.committed"`)) && bytes.Contains(b, []byte(`"clock":66`))
	}) {
		t.Error("no turn.committed told the table the clock after the move")
	}
	if err := f.act(t, "c1", mira.ID, "hum", "", &events.Intent{Kind: "say", Text: "Quiet up here."}); err != nil {
		t.Fatal(err)
	}
	if sc := n.got[len(n.got)-1].Scene; sc.Location != "Common Room" {
		t.Fatalf("Mira's turn narrated in %q, want the Common Room she is in", sc.Location)
	}

	rec, err := f.svc.StartEncounter(ctx, owner, c.ID, startReq(t, `{"monsters":[{"srd_id":"goblin","count":1}]}`))
	if err != nil {
		t.Fatal(err)
	}
	e := begun(t, rec)
	if len(e.Participants) != 2 || e.AreaID != "common-room" {
		t.Fatalf("the fight in %s: %+v; want Mira and the goblin only", e.AreaID, e.Participants)
	}
	if p, ok := e.Participant(mira.ID); !ok || p.AC != 16 || e.Clock != snap.State.Clock {
		t.Fatalf("Mira in the fight at AC %d (clock %d), want 16 under Mage Armor", p.AC, e.Clock)
	}
	// Brannoc, in the cellar, is not in it: he searches as he likes.
	if err := f.act(t, "c2", brannoc.ID, "search", "", &events.Intent{Kind: "check", Ability: "wis", Skill: "perception"}); err != nil {
		t.Fatalf("Brannoc's search in the cellar: %v", err)
	}
}

// The recap tells where each character is when they are apart.
func TestRecapTellsWhereEachIs(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	c, _ := f.table(t, "Apart", "c1")
	bob := game.Player{ID: "p-c2", Name: "Bob"}
	if _, err := f.svc.JoinCampaign(ctx, bob, c.ID, events.JoinCampaign{InviteCode: c.InviteCode}); err != nil {
		t.Fatal(err)
	}
	brannoc, err := f.svc.CreateCharacter(ctx, bob, c.ID, campaign.NewCharacter{Name: "Brannoc", Race: "human", Class: "fighter"})
	if err != nil {
		t.Fatal(err)
	}
	f.sit(t, bob, c, "c2")
	if err := f.act(t, "c2", brannoc.ID, "down", "", &events.Intent{Kind: "move", ToAreaID: "cellar"}); err != nil {
		t.Fatal(err)
	}
	f.sit(t, bob, c, "c3")
	recaps := f.recaps("c3")
	// The table's recap; Bob's own (what Brannoc alone saw) may follow.
	if !slices.ContainsFunc(recaps, func(r string) bool {
		return strings.HasPrefix(r, "Previously on") && strings.Contains(r, "The party is at Common Room (Mira) and Cellar (Brannoc),")
	}) {
		t.Fatalf("recaps = %q", recaps)
	}
}

func characterIn(t *testing.T, snap game.Snapshot, id string) *campaign.Character {
	t.Helper()
	for i := range snap.Characters {
		if snap.Characters[i].ID == id {
			return &snap.Characters[i]
		}
	}
	t.Fatalf("no character %s", id)
	return nil
}
