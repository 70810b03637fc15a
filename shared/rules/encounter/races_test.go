package encounter_test

import (
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
)

// kava is a level 1 red dragonborn fighter: Con 14, so a breath DC of 8
// + 2 + 2 = 12; 12 HP.
func kava() campaign.Character {
	ch := mira()
	ch.ID, ch.Name, ch.Race, ch.Level, ch.HP, ch.MaxHP = "kava", "Kava", "dragonborn", 1, 12, 12
	ch.HitDice = campaign.Pool{Max: 1}
	ch.Choices = map[string][]string{"draconic-ancestry": {"draconic-ancestry-red"}}
	return ch
}

// Breath Weapon: an action and its one use a short rest; 2d6 fire on
// the creatures named, each a DC 12 Dexterity save for half. A red
// dragonborn resists fire.
func TestDragonbornBreathWeapon(t *testing.T) {
	e := casterFirst(t, []campaign.Character{kava()}, []encounter.MonsterSpec{{SRDID: "goblin", Count: 2}})
	if k := participant(t, e, "kava"); !k.Combatant.Resistances.Has(rules.Fire) {
		t.Fatalf("a red dragonborn's resistances: %v", k.Combatant.Resistances)
	}
	breath := encounter.Action{Kind: encounter.ActionFeature, Feature: "breath-weapon", TargetIDs: []string{"goblin-1", "goblin-2"}, EndTurn: true}
	// 2d6 of 4 and 3: 7 fire. Goblin 1 saves with 5 + 2 and burns for 7
	// of its 7; goblin 2 with 15 + 2 and takes 3.
	e, res, err := encounter.Act(e, "kava", breath, faces(t, 4, 3, 5, 15))
	if err != nil {
		t.Fatal(err)
	}
	if g := participant(t, e, "goblin-1"); !g.Defeated {
		t.Errorf("goblin 1 after the breath: %+v", g)
	}
	if g := participant(t, e, "goblin-2"); g.HP != 4 {
		t.Errorf("goblin 2 at %d HP, want 4", g.HP)
	}
	if !strings.Contains(res.Summary(), "DC 12") || participant(t, e, "kava").Pools["dragonborn-breath"].Used != 1 {
		t.Fatalf("breath: %q, pools %v", res.Summary(), participant(t, e, "kava").Pools)
	}
	unchosen := kava()
	unchosen.Choices = nil
	e = casterFirst(t, []campaign.Character{unchosen}, []encounter.MonsterSpec{{SRDID: "goblin", Count: 1}})
	if _, _, err := encounter.Act(e, "kava", breath, faces(t)); err == nil {
		t.Error("a dragonborn with no ancestry breathed")
	}
}

// grosh is a level 1 half-orc fighter with a greataxe (+5, 1d12+3), 12
// HP, AC 13.
func grosh() campaign.Character {
	ch := mira()
	ch.ID, ch.Name, ch.Race, ch.Level, ch.HP, ch.MaxHP, ch.AC = "grosh", "Grosh", "half-orc", 1, 12, 12, 13
	ch.HitDice = campaign.Pool{Max: 1}
	ch.Inventory = []campaign.Item{{Item: "greataxe", Qty: 1, Equipped: true}}
	return ch
}

// Relentless Endurance: the first drop to 0 of a long rest leaves the
// half-orc at 1 HP and on its feet; the next drops it.
func TestRelentlessEndurance(t *testing.T) {
	e := casterFirst(t, []campaign.Character{grosh()}, []encounter.MonsterSpec{{SRDID: "orc", Count: 1}})
	e, _, err := encounter.Act(e, "grosh", encounter.Action{Kind: encounter.ActionDodge, EndTurn: true}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	// The orc's greataxe at disadvantage on a dodging Grosh: the lower of
	// 19 and 18, + 5, hits; 9 + 3 is 12, all of Grosh's hit points.
	e, res, err := encounter.MonsterTurn(e, faces(t, 19, 18, 9))
	if err != nil {
		t.Fatal(err)
	}
	g := participant(t, e, "grosh")
	if g.HP != 1 || len(g.Conditions) != 0 || g.Pools["relentless-endurance"].Used != 1 || !strings.Contains(res.Summary(), "Relentless Endurance") {
		t.Fatalf("Grosh after the drop: %+v\n%s", g, res.Summary())
	}
	e, _, err = encounter.Act(e, "grosh", encounter.Action{Kind: encounter.ActionEndTurn, EndTurn: true}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	// The second drop stands: the fight is lost, and Grosh's death saves
	// (10, 10, 10) leave him stable at 0.
	e, res, err = encounter.MonsterTurn(e, faces(t, 18, 9, 10, 10, 10))
	if err != nil {
		t.Fatal(err)
	}
	if g := participant(t, e, "grosh"); g.HP != 0 || !g.Combatant.Conditions.Has(rules.Unconscious) {
		t.Fatalf("the second drop: %+v\n%s", g, res.Summary())
	}
}

// Savage Attacks: a melee weapon's critical hit rolls one more of its
// damage dice: the greataxe's 2d12 of a critical, and one d12 more.
func TestSavageAttacks(t *testing.T) {
	e := casterFirst(t, []campaign.Character{grosh()}, []encounter.MonsterSpec{{SRDID: "ogre", Count: 1}})
	_, res, err := encounter.Act(e, "grosh", encounter.Action{Kind: encounter.ActionAttack, TargetID: "ogre-1", EndTurn: true}, faces(t, 20, 5, 5, 6))
	if err != nil {
		t.Fatal(err)
	}
	a := res.Attacks[0]
	if !a.Critical || a.Damage == nil || a.Damage.Taken != 5+5+3+6 {
		t.Fatalf("a savage critical: %+v", a)
	}
}

// Darkness: a human fights at disadvantage what it cannot see, and is
// attacked at advantage by a goblin, whose darkvision sees it; in bright
// light neither.
func TestDarknessAndDarkvision(t *testing.T) {
	e := casterFirst(t, []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "goblin", Count: 1}})
	e.Light = "dark"
	e, res, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "goblin-1", EndTurn: true}, faces(t, 3, 4))
	if err != nil {
		t.Fatal(err)
	}
	if a := res.Attacks[0]; len(a.Edge.Disadvantage) == 0 || len(a.Edge.Advantage) != 0 {
		t.Fatalf("Mira in the dark: %+v", a.Edge)
	}
	// Its scimitar (2 and 3, with advantage), then its Nimble Escape's
	// Hide in the dark (10).
	_, res, err = encounter.MonsterTurn(e, faces(t, 2, 3, 10))
	if err != nil {
		t.Fatal(err)
	}
	if a := res.Attacks[0]; len(a.Edge.Advantage) == 0 || len(a.Edge.Disadvantage) != 0 {
		t.Fatalf("the goblin in the dark: %+v", a.Edge)
	}
}

// Nature's Sanctuary: a wolf attacking a 14th-level druid makes a Wisdom
// save against its spell save DC (8 + 5 + 3 = 16) or loses the attack.
func TestNaturesSanctuary(t *testing.T) {
	d := fen(14)
	d.Subclass = "land"
	e := casterFirst(t, []campaign.Character{d}, []encounter.MonsterSpec{{SRDID: "wolf", Count: 1}})
	e, _, err := encounter.Act(e, "fen", encounter.Action{Kind: encounter.ActionEndTurn, EndTurn: true}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	_, res, err := encounter.MonsterTurn(e, faces(t, 4))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Attacks) != 0 || !strings.Contains(res.Summary(), "Nature's Sanctuary") {
		t.Fatalf("the wolf against Nature's Sanctuary: %s", res.Summary())
	}
}
