package encounter_test

import (
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/rules/encounter"
)

// fen is a druid with a scimitar and leather armour and a shield: Wis
// 16, Con 14; at level 2, 17 HP, AC 14.
func fen(level int) campaign.Character {
	return campaign.Character{
		ID: "fen", PlayerID: "p1", Name: "Fen", Race: "human", Class: "druid", Level: level,
		Abilities: campaign.Abilities{Str: 10, Dex: 12, Con: 14, Int: 10, Wis: 16, Cha: 8},
		HP:        17, MaxHP: 17, AC: 14, Speed: 30, Conditions: []string{},
		SpellSlots: map[string]campaign.Slot{"1": {Max: 3}}, HitDice: campaign.Pool{Max: level},
		Inventory: []campaign.Item{{Item: "scimitar", Qty: 1, Equipped: true}},
	}
}

func shapeInto(beast string) encounter.Action {
	return encounter.Action{Kind: encounter.ActionFeature, Feature: encounter.WildShape, Choice: beast, EndTurn: true}
}

// Wild Shape as the SRD writes it, played through a fight with an orc:
// an action and one of two uses for the wolf's 11 HP, AC 13 and bite
// (+4, 2d4+2); no spells in its shape; the orc's greataxe (1d12+3) for
// 12 drops the wolf, and Fen is back in her own form, the 1 damage
// beyond the wolf's hit points taken from her own 17.
func TestWildShapeFightsAndDropsBack(t *testing.T) {
	e := casterFirst(t, []campaign.Character{fen(2)}, []encounter.MonsterSpec{{SRDID: "orc", Count: 1}})
	e, res, err := encounter.Act(e, "fen", shapeInto("wolf"), faces(t))
	if err != nil {
		t.Fatal(err)
	}
	f := participant(t, e, "fen")
	if f.Form == nil || f.HP != 11 || f.AC != 13 || f.Combatant.Speed != 40 || f.Combatant.Abilities.Dex != 15 || f.Combatant.Abilities.Wis != 16 {
		t.Fatalf("Fen as a wolf: %+v, %s", f, res.Summary())
	}
	if f.Pools[campaign.ResourceWildShape] != (campaign.Pool{Max: 2, Used: 1}) {
		t.Fatalf("wild shape uses: %v", f.Pools)
	}
	// The orc's greataxe misses the wolf.
	e, _, err = encounter.MonsterTurn(e, faces(t, 2))
	if err != nil {
		t.Fatal(err)
	}
	// No spell in a wolf's shape.
	cast := encounter.Action{Kind: encounter.ActionCast, Spell: "cure-wounds", TargetID: "fen"}
	if _, _, err := encounter.Act(e, "fen", cast, faces(t)); fault.ReasonOf(err) != encounter.NotAllowed || !strings.Contains(err.Error(), "wolf") {
		t.Fatalf("a wolf cast a spell: %v", err)
	}
	// The wolf bites: 15 + 4 hits AC 13, 2d4 + 2 of 3 and 3 is 8.
	e, res, err = encounter.Act(e, "fen", encounter.Action{Kind: encounter.ActionAttack, TargetID: "orc-1", EndTurn: true}, faces(t, 15, 3, 3))
	if err != nil {
		t.Fatal(err)
	}
	if a := res.Attacks[0]; !a.Hit || a.Damage == nil || a.Damage.Taken != 8 || !strings.Contains(strings.ToLower(a.Weapon), "bite") {
		t.Fatalf("the wolf's bite: %+v", a)
	}
	// The greataxe hits for 9 + 3 = 12: the wolf's 11, and 1 more.
	e, res, err = encounter.MonsterTurn(e, faces(t, 15, 9))
	if err != nil {
		t.Fatal(err)
	}
	f = participant(t, e, "fen")
	if f.Form != nil || f.HP != 16 || f.MaxHP != 17 || f.AC != 14 || f.Combatant.Abilities.Dex != 12 || len(f.Conditions) != 0 {
		t.Fatalf("Fen after the wolf dropped: %+v\n%s", f, res.Summary())
	}
	if !strings.Contains(res.Summary(), "own form") {
		t.Errorf("summary: %q", res.Summary())
	}
	// The fight's diff is Fen's own: 17 to 16.
	if d := e.Diffs()[0]; d.HP.Before != 17 || d.HP.After != 16 {
		t.Errorf("diff: %+v", d.HP)
	}
}

// A bonus action ends the shape, with the beast's hit points gone and the
// druid's own back; the shape the fight ends in is the druid's own on
// its sheet.
func TestWildShapeEndsWithABonusAction(t *testing.T) {
	e := casterFirst(t, []campaign.Character{fen(2)}, []encounter.MonsterSpec{{SRDID: "goblin", Count: 1}})
	e, _, err := encounter.Act(e, "fen", encounter.Action{Kind: encounter.ActionFeature, Feature: encounter.WildShape, Choice: "wolf"}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if d := e.Diffs()[0]; d.HP.After != 17 {
		t.Fatalf("a shaped druid's diff is its own form's: %+v", d.HP)
	}
	end := encounter.Action{Kind: encounter.ActionFeature, Feature: encounter.WildShape, Choice: encounter.ChoiceEnd}
	if !end.TakesBonusAction() {
		t.Fatal("ending Wild Shape should take a bonus action")
	}
	e, _, err = encounter.Act(e, "fen", end, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	f := participant(t, e, "fen")
	if f.Form != nil || f.HP != 17 || !f.Turn.BonusActionUsed || f.Pools[campaign.ResourceWildShape].Used != 1 {
		t.Fatalf("after ending the shape: %+v", f)
	}
	if _, _, err := encounter.Act(e, "fen", end, faces(t)); err == nil {
		t.Error("a second bonus action ended a shape that was gone")
	}
}

// The beasts a druid may become: CR 1/4 and neither swimming nor flying
// at 2nd level, CR 1/2 and swimming at 4th, flying from 8th; and not a
// creature that is no beast. Archdruid spends no use.
func TestWildShapeBeasts(t *testing.T) {
	for _, tc := range []struct {
		name  string
		level int
		beast string
		ok    bool
	}{
		{"WolfAtSecond", 2, "wolf", true},
		{"BlackBearTooStrongAtSecond", 2, "black-bear", false},
		{"CrocodileSwimsAtFourth", 4, "crocodile", true},
		{"GiantOwlFliesOnlyFromEighth", 4, "giant-owl", false},
		{"GiantOwlAtEighth", 8, "giant-owl", true},
		{"GoblinIsNoBeast", 8, "goblin", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := casterFirst(t, []campaign.Character{fen(tc.level)}, []encounter.MonsterSpec{{SRDID: "goblin", Count: 1}})
			_, _, err := encounter.Act(e, "fen", shapeInto(tc.beast), faces(t))
			if (err == nil) != tc.ok {
				t.Fatalf("level %d into %s: %v", tc.level, tc.beast, err)
			}
		})
	}
	t.Run("ArchdruidSpendsNoUse", func(t *testing.T) {
		e := casterFirst(t, []campaign.Character{fen(20)}, []encounter.MonsterSpec{{SRDID: "goblin", Count: 1}})
		e, _, err := encounter.Act(e, "fen", shapeInto("brown-bear"), faces(t))
		if err != nil {
			t.Fatal(err)
		}
		if u := participant(t, e, "fen").Pools[campaign.ResourceWildShape].Used; u != 0 {
			t.Fatalf("an archdruid spent %d uses", u)
		}
	})
}

// A 5th-level druid against SRD wolves: as a black bear (CR 1/2, 19 HP,
// AC 11), its Multiattack bites and claws a wolf.
func TestLevelFiveDruidFightsAsABear(t *testing.T) {
	d := fen(5)
	d.HP, d.MaxHP = 38, 38
	e := casterFirst(t, []campaign.Character{d}, []encounter.MonsterSpec{{SRDID: "wolf", Count: 1}})
	e, _, err := encounter.Act(e, "fen", shapeInto("black-bear"), faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if f := participant(t, e, "fen"); f.HP != 19 || f.AC != 11 {
		t.Fatalf("Fen as a black bear: HP %d AC %d", f.HP, f.AC)
	}
	e, _, err = encounter.MonsterTurn(e, faces(t, 2))
	if err != nil {
		t.Fatal(err)
	}
	_, res, err := encounter.Act(e, "fen", encounter.Action{Kind: encounter.ActionAttack, TargetID: "wolf-1", EndTurn: true}, faces(t, 15, 4, 15, 2, 2))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Attacks) != 2 || !res.Attacks[0].Hit || !res.Attacks[1].Hit {
		t.Fatalf("the bear's multiattack: %s", res.Summary())
	}
}
