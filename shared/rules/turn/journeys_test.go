package turn_test

import (
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/dice/dicetest"
	"chronicler/shared/fault"
	"chronicler/shared/intent"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/rules/turn"
)

// journeying is a caster of the class and level with Bram the cleric,
// both in the cellar, whose one way out is the common room.
func journeying(t *testing.T, class string, level int) (turn.View, campaign.Character) {
	t.Helper()
	v, ash := caster(t, class, level)
	ash.AreaID = "cellar"
	bram := build(t, "bram", "Bram", "cleric")
	bram.AreaID = "cellar"
	v.Characters = []campaign.Character{ash, bram}
	v.Scene = campaign.Scene{Location: "Cellar", NPCs: []string{"a rat catcher"}}
	return v, ash
}

func sheetOf(t *testing.T, d turn.Decision, id string) campaign.Character {
	t.Helper()
	for _, ch := range d.Changed {
		if ch.ID == id {
			return ch
		}
	}
	t.Fatalf("no changed sheet for %s: %s", id, d.Summary)
	return campaign.Character{}
}

// Out of a fight Teleport takes the wizard and the cleric it names to
// the area the cast names, at any distance, and the scene with them.
func TestTeleportTakesTheGroupAndTheScene(t *testing.T) {
	v, ash := journeying(t, "wizard", 13)
	d := decided(t, v, ash, intent.Intent{Kind: "cast", Spell: "teleport", SlotLevel: 7, TargetIDs: []string{"bram"}, ToAreaID: "road"})
	if a, b := sheetOf(t, d, "ash"), sheetOf(t, d, "bram"); a.AreaID != "road" || b.AreaID != "road" {
		t.Errorf("ash in %q, bram in %q", a.AreaID, b.AreaID)
	}
	if d.Scene == nil || d.Scene.Location != "The Crossroads" || len(d.Scene.NPCs) != 0 || !strings.Contains(d.Summary, "arrives in The Crossroads") {
		t.Errorf("scene %+v: %s", d.Scene, d.Summary)
	}
}

// Tree Stride's 500 feet reach a neighbouring area, no farther.
func TestTreeStrideGoesNextDoorOnly(t *testing.T) {
	v, ash := journeying(t, "druid", 9)
	d := decided(t, v, ash, intent.Intent{Kind: "cast", Spell: "tree-stride", SlotLevel: 5, ToAreaID: "common-room"})
	if a := sheetOf(t, d, "ash"); a.AreaID != "common-room" || d.Scene.Location != "Common Room" {
		t.Errorf("ash in %q, scene %+v", a.AreaID, d.Scene)
	}
	_, err := turn.Decide(v, ash, act(intent.Intent{Kind: "cast", Spell: "tree-stride", SlotLevel: 5, ToAreaID: "road"}), dicetest.Faces(t))
	refusal(t, err, fault.OutOfRange, "intent.to_area_id", "")
}

// In a fight Teleport takes the wizard and the cleric out of it: the
// party gone, the fight is fled, and the sheets are where they went.
func TestTeleportFleesTheFight(t *testing.T) {
	v, _ := journeying(t, "wizard", 13)
	for i := range v.Characters {
		v.Characters[i].AreaID = "common-room"
	}
	ash := v.Characters[0]
	v = staged(t, v, func(*encounter.Encounter) {})
	d, err := turn.Decide(v, ash, act(intent.Intent{Kind: "cast", Spell: "teleport", SlotLevel: 7, TargetIDs: []string{"bram"}, ToAreaID: "cellar"}), dicetest.Faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if d.Encounter.Status != encounter.Ended || ended(t, d).Outcome != "fled" {
		t.Fatalf("after the teleport: %s", d.Summary)
	}
	if a, b := sheetOf(t, d, "ash"), sheetOf(t, d, "bram"); a.AreaID != "cellar" || b.AreaID != "cellar" {
		t.Errorf("ash in %q, bram in %q", a.AreaID, b.AreaID)
	}
}
