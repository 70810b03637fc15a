package turn_test

import (
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/dice/dicetest"
	"chronicler/shared/intent"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/rules/turn"
	"chronicler/shared/world"
)

// A familiar found before a fight is in it: the cast out of a fight keeps
// the owl on the wizard's sheet, and the fight that starts brings it in
// at her side, with its own initiative; it goes out of the fight with
// her.
func TestFamiliarFoundBeforeAFightComesIntoIt(t *testing.T) {
	w := wren(t)
	v := turn.View{Map: world.Starter("camp-1"), Characters: []campaign.Character{w}, Clock: 2 * campaign.Hour}
	d := decided(t, v, w, intent.Intent{Kind: "cast", Spell: "find-familiar", Choice: "celestial owl"})
	v = with(v, d)
	w = v.Characters[0]
	if len(w.Effects) != 1 || w.Effects[0].Summon != "celestial-owl" || w.Effects[0].Left != 1 || w.Effects[0].Until != 0 {
		t.Fatalf("after Find Familiar: effects %+v; want the celestial owl kept until dismissed", w.Effects)
	}
	e, _, err := encounter.StartAt(v.Clock, "enc-1", v.Characters, []encounter.MonsterSpec{{SRDID: "goblin", Count: 1}}, nil, dicetest.Faces(t, 20, 2, 10), nil)
	if err != nil {
		t.Fatal(err)
	}
	owl, ok := e.Participant("wren-owl-1")
	if !ok || !owl.Summoned || owl.Type != "celestial" || len(e.Order) != 3 {
		t.Fatalf("in the fight: %+v, order %v; want Wren's celestial owl", owl, e.Order)
	}
	_, diffs, err := encounter.End(e, "fled", encounter.EndOptions{})
	if err != nil {
		t.Fatal(err)
	}
	after := diffs.CharacterUpdates(v.Characters)
	if len(after) != 1 || len(after[0].Effects) != 1 || after[0].Effects[0].Summon != "celestial-owl" {
		t.Errorf("after the fight: %+v, want the owl still kept", after)
	}
}
