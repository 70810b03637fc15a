package encounter_test

import (
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/srd"
)

// A +1 longsword adds 1 to the attack and damage rolls, and its blows
// are magical.
func TestMagicWeaponInAFight(t *testing.T) {
	m := mira()
	m.Inventory = campaign.GiveMagic([]campaign.Item{{Item: "longsword", Qty: 1}}, campaign.Item{Item: "longsword", Magic: "weapon-1"}, 1)
	e := casterFirst(t, []campaign.Character{m}, goblins(1))
	// 9 + 5 + 1 = 15 hits AC 15; 1d10 + 3 + 1 = 6 + 4.
	_, res, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "goblin-1", Weapon: "longsword"}, faces(t, 9, 6))
	if err != nil {
		t.Fatal(err)
	}
	a := res.Attacks[0]
	if !a.Hit || a.Bonus != 6 || a.Damage == nil || a.Damage.Parts[0].Dealt != 10 || !strings.Contains(a.Weapon, "a +1 longsword") {
		t.Fatalf("a +1 longsword: %+v: %s", a, res.Summary())
	}
}

// A Wand of Magic Missiles casts the spell for a charge a level, whoever
// holds it; its charges run out, and the fight writes what was spent on
// the wand.
func TestWandOfMagicMissiles(t *testing.T) {
	if _, ok := srd.LookupMagicItem("wand-of-magic-missiles"); !ok {
		t.Fatal("no wand in the data")
	}
	m := mira() // a fighter: no spell of her own
	m.Inventory = campaign.GiveMagic(m.Inventory, campaign.Item{Item: "wand-of-magic-missiles", Used: 4}, 1)
	e := casterFirst(t, []campaign.Character{m}, []encounter.MonsterSpec{{SRDID: "ogre", Count: 1}})
	wand := encounter.Action{Kind: encounter.ActionCast, Spell: "magic-missile", TargetIDs: []string{"ogre-1"}, SlotLevel: 3, With: []string{"wand of magic missiles"}}
	// Level 3: five darts, 1d4 + 1 each; three charges.
	e, res, err := encounter.Act(e, "mira", wand, faces(t, 1, 1, 1, 1, 1))
	if err != nil {
		t.Fatal(err)
	}
	if p := participant(t, e, "mira"); p.Pools["item:wand-of-magic-missiles"].Used != 7 || !strings.Contains(res.Summary(), "Wand of Magic Missiles") {
		t.Fatalf("after a 3rd-level cast from the wand: %+v: %s", p.Pools, res.Summary())
	}
	e = edit(e, "mira", func(p *encounter.Participant) { p.Turn = encounter.Turn{Movement: 30} })
	wand.SlotLevel = 1
	if _, _, err := encounter.Act(e, "mira", wand, faces(t)); err == nil || !strings.Contains(err.Error(), "charges") {
		t.Fatalf("a cast from an empty wand: %v", err)
	}
	_, diffs, err := encounter.End(e, "other", encounter.EndOptions{})
	if err != nil {
		t.Fatal(err)
	}
	sheets := diffs.CharacterUpdates([]campaign.Character{m})
	if c := campaign.Charges(sheets[0].Inventory)["wand-of-magic-missiles"]; c.Used != 7 {
		t.Errorf("the wand after the fight: %+v", c)
	}
}
