package encounter_test

import (
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/rules/encounter"
)

// orla is a wizard of the School of Evocation of the level given, Int 16
// (+3), Dex 14, with a full caster's slots: at 5th level spell attack +6
// and save DC 14.
func orla(level int) campaign.Character {
	full := [][]int{
		1: {2}, 5: {4, 3, 2}, 6: {4, 3, 3}, 10: {4, 3, 3, 3, 2}, 14: {4, 3, 3, 3, 2, 1, 1},
		18: {4, 3, 3, 3, 3, 1, 1, 1, 1}, 20: {4, 3, 3, 3, 3, 2, 2, 1, 1},
	}[level]
	slots := map[string]campaign.Slot{}
	for i, n := range full {
		slots[string(rune('1'+i))] = campaign.Slot{Max: n}
	}
	return campaign.Character{
		ID: "orla", PlayerID: "p7", Name: "Orla", Race: "human", Class: "wizard", Level: level,
		Abilities: campaign.Abilities{Str: 8, Dex: 14, Con: 12, Int: 16, Wis: 12, Cha: 10},
		HP:        6 * level, MaxHP: 6 * level, AC: 12, Speed: 30, Conditions: []string{},
		SpellSlots: slots, HitDice: campaign.Pool{Max: level},
		Inventory: []campaign.Item{{Item: "quarterstaff", Qty: 1}},
	}
}

// Sculpt Spells: Orla spares Mira in her fireball; Mira succeeds on the
// save without a roll and takes none of the half a success would.
// Up to 1 + the spell's level are spared, never the caster, and only from
// an evocation.
func TestSculptSpells(t *testing.T) {
	e := casterFirst(t, []campaign.Character{orla(5), mira()}, goblins(1))
	in := cast("fireball", "goblin-1", "mira")
	in.Spare = []string{"mira"}
	out, res, err := encounter.Act(e, "orla", in, faces(t, 2, 2, 2, 2, 2, 2, 2, 2, 3))
	if err != nil {
		t.Fatal(err)
	}
	if m := participant(t, out, "mira"); m.HP != 28 || !participant(t, out, "goblin-1").Defeated {
		t.Errorf("Mira at %d HP: %s", m.HP, res.Summary())
	}
	if !strings.Contains(res.Summary(), "Mira is spared by the caster and takes no damage") {
		t.Errorf("summary %q", res.Summary())
	}
	in.Spare = []string{"orla"}
	in.TargetIDs = append(in.TargetIDs, "orla")
	if _, _, err := encounter.Act(e, "orla", in, faces(t)); fault.ReasonOf(err) != encounter.NotAllowed {
		t.Errorf("Orla spared herself: %v", err)
	}
	in = cast("hold-person", "mira")
	in.Spare = []string{"mira"}
	if _, _, err := encounter.Act(e, "orla", in, faces(t)); fault.ReasonOf(err) != encounter.NotAllowed {
		t.Errorf("a creature spared from an enchantment: %v", err)
	}
}

// Potent Cantrip (6th level): a goblin that makes its save against Acid
// Splash (2d6) still takes half of it.
func TestPotentCantrip(t *testing.T) {
	e := casterFirst(t, []campaign.Character{orla(6)}, goblins(1))
	out, res, err := encounter.Act(e, "orla", cast("acid-splash", "goblin-1"), faces(t, 4, 4, 20))
	if err != nil {
		t.Fatal(err)
	}
	if g := participant(t, out, "goblin-1"); g.HP != 3 {
		t.Errorf("goblin at %d: %s", g.HP, res.Summary())
	}
	out, _, err = encounter.Act(casterFirst(t, []campaign.Character{orla(5)}, goblins(1)), "orla", cast("acid-splash", "goblin-1"), faces(t, 4, 4, 20))
	if err != nil || participant(t, out, "goblin-1").HP != 7 {
		t.Errorf("a 5th-level wizard's cantrip hurt a goblin that saved: %v", err)
	}
}

// Empowered Evocation (10th level): +3 (Int) on one damage roll of an
// evocation: Fireball's one roll, Magic Missile's first dart.
func TestEmpoweredEvocation(t *testing.T) {
	e := casterFirst(t, []campaign.Character{orla(10)}, []encounter.MonsterSpec{{SRDID: "ogre", Count: 1}})
	_, res, err := encounter.Act(e, "orla", cast("fireball", "ogre-1"), faces(t, 1, 1, 1, 1, 1, 1, 1, 1, 20))
	if err != nil {
		t.Fatal(err)
	}
	if res.Rolls[0].Expr != "8d6+3" || res.Rolls[0].Total != 11 {
		t.Errorf("fireball damage %+v", res.Rolls[0])
	}
	_, res, err = encounter.Act(e, "orla", cast("magic-missile", "ogre-1"), faces(t, 1, 1, 1))
	if err != nil {
		t.Fatal(err)
	}
	if res.Rolls[0].Expr != "1d4+1+3" || res.Rolls[1].Expr != "1d4+1" {
		t.Errorf("darts %+v", res.Rolls)
	}
}

// A level 1 wizard against goblins: Magic Missile's darts (1d4+1 each)
// kill one with two, and the third is wasted on it.
func TestWizardLevel1(t *testing.T) {
	e := casterFirst(t, []campaign.Character{orla(1)}, goblins(2))
	out, res, err := encounter.Act(e, "orla", encounter.Action{Kind: encounter.ActionCast, Spell: "magic-missile", TargetIDs: []string{"goblin-1"}, EndTurn: true}, faces(t, 3, 3))
	if err != nil {
		t.Fatal(err)
	}
	if !participant(t, out, "goblin-1").Defeated || participant(t, out, "orla").Combatant.SpellSlots[0].Used != 1 {
		t.Fatalf("%s", res.Summary())
	}
	if res.Cast.Targets[0].Wasted != 1 {
		t.Errorf("the third dart: %+v", res.Cast.Targets[0])
	}
}
