package spell_test

import (
	"testing"

	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
)

// Mira's spell save DC is 13 throughout; the bandit saves Wisdom at +0,
// the orc Constitution at +3, Dexterity at +1 and Intelligence at -2.

func uncharmable(c rules.Combatant) rules.Combatant {
	c.ConditionImmunities = rules.SetOf(rules.Charmed)
	return c
}

func concentratingOn(c rules.Combatant, id string) rules.Combatant {
	c.Concentration = id
	return c
}

func TestControlSpells(t *testing.T) {
	second := named(bandit(), "bandit-2", "the second bandit")
	runCases(t, []castCase{
		{name: "SuggestionCharmsOnAFailedWisdomSave", caster: mira(), spell: "suggestion", slot: 2, targets: []rules.Combatant{bandit()}, opts: intel,
			faces:   []int{12},
			changes: []rules.Change{slot("mira", 2, 0, 1), change("mira", rules.FieldConcentration, "", "suggestion"), gained("bandit-1", rules.Charmed)},
			check: func(t *testing.T, r spell.Result) {
				fx := effectOn(t, r, "bandit-1")
				if fx.Condition != rules.Charmed || !fx.Concentration || fx.Ends != "8 hours, or until it takes damage (from the caster or its companions)" {
					t.Errorf("effect %+v", fx)
				}
				if len(r.Notes) != 1 {
					t.Errorf("notes %q, want the suggestion told", r.Notes)
				}
			}},
		{name: "SuggestionPassesOverTheUncharmable", caster: mira(), spell: "suggestion", slot: 2, targets: []rules.Combatant{uncharmable(bandit())}, opts: intel,
			faces:   []int{1},
			changes: []rules.Change{slot("mira", 2, 0, 1), change("mira", rules.FieldConcentration, "", "suggestion")},
		},
		{name: "MassSuggestionLastsADayWithoutConcentration", caster: withSlot(mira(), 6, 1), spell: "mass-suggestion", slot: 6,
			targets: []rules.Combatant{bandit(), second}, opts: intel, faces: []int{12, 13},
			changes: []rules.Change{slot("mira", 6, 0, 1), gained("bandit-1", rules.Charmed)},
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "bandit-1"); fx.Concentration || fx.Ends[:8] != "24 hours" {
					t.Errorf("effect %+v", fx)
				}
			}},
		{name: "CompulsionCompelsAndTheUncharmableSucceedsWithoutARoll", caster: withSlot(mira(), 4, 1), spell: "compulsion", slot: 4,
			targets: []rules.Combatant{uncharmable(bandit()), second}, opts: intel, faces: []int{12},
			check: func(t *testing.T, r spell.Result) {
				if r.Targets[0].Save != nil || r.Targets[0].Affected || r.Targets[0].Note != "can't be charmed" {
					t.Errorf("uncharmable %+v", r.Targets[0])
				}
				fx := effectOn(t, r, "bandit-2")
				if fx.ID != spell.CompelledID || fx.RepeatSave != rules.Wis || fx.DC != 13 || !fx.Concentration {
					t.Errorf("effect %+v", fx)
				}
			}},
		{name: "ConfusionConfusesThoseWhoFailInTheSphere", caster: withSlot(mira(), 4, 1), spell: "confusion", slot: 4,
			targets: []rules.Combatant{bandit(), second}, opts: intel, faces: []int{12, 13},
			check: func(t *testing.T, r spell.Result) {
				fx := effectOn(t, r, "bandit-1")
				if fx.ID != spell.ConfusedID || fx.RepeatSave != rules.Wis || fx.DC != 13 ||
					fx.Ends != "1 minute, or until it succeeds on a Wisdom save at the end of one of its turns" {
					t.Errorf("effect %+v", fx)
				}
				if r.Targets[1].Affected {
					t.Errorf("the second bandit saved: %+v", r.Targets[1])
				}
			}},
		{name: "IrresistibleDanceTakesHoldWithoutASave", caster: withSlot(mira(), 6, 1), spell: "irresistible-dance", slot: 6,
			targets: []rules.Combatant{bandit()}, opts: intel,
			check: func(t *testing.T, r spell.Result) {
				fx := effectOn(t, r, "bandit-1")
				if fx.ID != spell.DancingID || fx.RepeatSave != rules.Wis || fx.DC != 13 || !fx.Concentration || len(r.Rolls) != 0 {
					t.Errorf("effect %+v, rolls %v", fx, r.Rolls)
				}
			}},
		{name: "IrresistibleDanceLeavesTheUncharmableBe", caster: withSlot(mira(), 6, 1), spell: "irresistible-dance", slot: 6,
			targets: []rules.Combatant{uncharmable(bandit())}, opts: intel,
			check: func(t *testing.T, r spell.Result) {
				if len(r.Effects) != 0 || r.Targets[0].Affected {
					t.Errorf("effects %+v", r.Effects)
				}
			}},
		{name: "EyebitePutsToSleepByDefault", caster: withSlot(mira(), 6, 1), spell: "eyebite", slot: 6, targets: []rules.Combatant{bandit()}, opts: intel,
			faces: []int{12},
			changes: []rules.Change{slot("mira", 6, 0, 1), change("mira", rules.FieldConcentration, "", "eyebite"),
				gained("bandit-1", rules.Unconscious), gained("bandit-1", rules.Prone)},
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "bandit-1"); fx.Ends != "1 minute, or until it takes damage or another creature uses its action to shake it awake" {
					t.Errorf("effect %+v", fx)
				}
			}},
		{name: "EyebitePanics", caster: withSlot(mira(), 6, 1), spell: "eyebite", slot: 6, targets: []rules.Combatant{bandit()},
			opts: spell.Options{Ability: rules.Int, Condition: rules.Frightened}, faces: []int{12},
			changes: []rules.Change{slot("mira", 6, 0, 1), change("mira", rules.FieldConcentration, "", "eyebite"), gained("bandit-1", rules.Frightened)}},
		{name: "EyebiteSickensAgainOnALaterTurnWithoutASlot", caster: concentratingOn(withSlot(mira(), 6, 1), "eyebite"), spell: "eyebite", slot: 6,
			targets: []rules.Combatant{bandit()}, opts: spell.Options{Ability: rules.Int, Condition: rules.Poisoned, Ongoing: true}, faces: []int{12},
			changes: []rules.Change{gained("bandit-1", rules.Poisoned)},
			check: func(t *testing.T, r spell.Result) {
				fx := effectOn(t, r, "bandit-1")
				if fx.ID != spell.SickenedID || fx.Condition != rules.Poisoned || fx.RepeatSave != rules.Wis || fx.DC != 13 {
					t.Errorf("effect %+v", fx)
				}
			}},
		{name: "FleshToStoneRestrainsAndCountsThreeSaves", caster: withSlot(mira(), 6, 1), spell: "flesh-to-stone", slot: 6, targets: []rules.Combatant{orc()}, opts: intel,
			faces:   []int{9}, // Con save 9+3 = 12
			changes: []rules.Change{slot("mira", 6, 0, 1), change("mira", rules.FieldConcentration, "", "flesh-to-stone"), gained("orc-1", rules.Restrained)},
			check: func(t *testing.T, r spell.Result) {
				fx := effectOn(t, r, "orc-1")
				if fx.ID != spell.StoneID || fx.Left != 3 || fx.RepeatSave != rules.Con || fx.DC != 13 {
					t.Errorf("effect %+v", fx)
				}
			}},
		{name: "FeeblemindDealsItsDamageAndBreaksTheMindOnAFailedSave", caster: withSlot(mira(), 8, 1), spell: "feeblemind", slot: 8,
			targets: []rules.Combatant{tough(orc(), 60)}, opts: intel,
			faces:   []int{6, 6, 6, 6, 14}, // 24 psychic; Int save 14-2 = 12
			changes: []rules.Change{slot("mira", 8, 0, 1), change("orc-1", rules.FieldHP, 60, 36)},
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "orc-1"); fx.ID != spell.FeeblemindID {
					t.Errorf("effect %+v", fx)
				}
			}},
		{name: "FeeblemindStillDamagesOnASave", caster: withSlot(mira(), 8, 1), spell: "feeblemind", slot: 8,
			targets: []rules.Combatant{tough(orc(), 60)}, opts: intel, faces: []int{1, 1, 1, 1, 15},
			changes: []rules.Change{slot("mira", 8, 0, 1), change("orc-1", rules.FieldHP, 60, 56)},
			check: func(t *testing.T, r spell.Result) {
				if len(r.Effects) != 0 {
					t.Errorf("effects %+v", r.Effects)
				}
			}},
		{name: "ResilientSphereEnclosesOnAFailedDexteritySave", caster: withSlot(mira(), 4, 1), spell: "resilient-sphere", slot: 4, targets: []rules.Combatant{orc()}, opts: intel,
			faces: []int{11}, // 11+1 = 12
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "orc-1"); fx.ID != spell.EnclosedID || !fx.Concentration {
					t.Errorf("effect %+v", fx)
				}
			}},
		{name: "ResilientSphereHoldsNothingOnASave", caster: withSlot(mira(), 4, 1), spell: "resilient-sphere", slot: 4, targets: []rules.Combatant{orc()}, opts: intel,
			faces: []int{12},
			check: func(t *testing.T, r spell.Result) {
				if len(r.Effects) != 0 {
					t.Errorf("effects %+v", r.Effects)
				}
			}},
		{name: "ForcecageTrapsEveryoneInsideWithoutASave", caster: withSlot(mira(), 7, 1), spell: "forcecage", slot: 7, targets: []rules.Combatant{orc(), bandit()},
			check: func(t *testing.T, r spell.Result) {
				if len(r.Rolls) != 0 || effectOn(t, r, "orc-1").ID != spell.CagedID || effectOn(t, r, "bandit-1").Ends != "1 hour" || r.Concentration {
					t.Errorf("effects %+v, rolls %v", r.Effects, r.Rolls)
				}
			}},
		{name: "MazeTakesTheTargetAwayWithoutASave", caster: withSlot(mira(), 8, 1), spell: "maze", slot: 8, targets: []rules.Combatant{orc()},
			changes: []rules.Change{slot("mira", 8, 0, 1), change("mira", rules.FieldConcentration, "", "maze"), gained("orc-1", rules.Incapacitated)},
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "orc-1"); fx.ID != spell.MazeID || fx.Condition != rules.Incapacitated {
					t.Errorf("effect %+v", fx)
				}
			}},
	})
}

func TestMassSuggestionTakesTwelve(t *testing.T) {
	s, _ := srd.LookupSpell("mass-suggestion")
	if lo, hi := spell.TargetsFor(s, 6); lo != 1 || hi != 12 {
		t.Errorf("targets %d to %d, want 1 to 12", lo, hi)
	}
}

func TestFeebleminded(t *testing.T) {
	c := mira()
	c.Features = []string{rules.Feebleminded}
	if m := c.Modifier(rules.Int); m != -5 {
		t.Errorf("Intelligence modifier %d, want -5 (a score of 1)", m)
	}
	if m := c.Modifier(rules.Cha); m != -5 {
		t.Errorf("Charisma modifier %d, want -5", m)
	}
	_, err := spell.Cast(c, "fire-bolt", 0, []rules.Combatant{orc()}, intel, faces(t), nil)
	if fault.ReasonOf(err) != spell.ReasonNotAllowed {
		t.Fatalf("a feebleminded caster cast: %v", err)
	}
}
