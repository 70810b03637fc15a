package spell_test

import (
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
)

// ogre is the SRD ogre as Polymorph meets it: CR 2, 59 HP, Wisdom 7
// (-2 to its save).
func ogre() rules.Combatant {
	return rules.Combatant{
		ID: "ogre-1", Name: "the ogre", Monster: true,
		Abilities:        campaign.Abilities{Str: 19, Dex: 8, Con: 16, Int: 5, Wis: 7, Cha: 7},
		ProficiencyBonus: 2, AC: 11, HP: 59, MaxHP: 59, Speed: 40,
	}
}

// highMage is Mira at 17th level with a 9th-level slot: DC 8 + 6 + 2.
func highMage() rules.Combatant {
	c := withSlot(withSlot(mira(), 4, 1), 8, 1)
	c = withSlot(c, 9, 1)
	c.Level, c.ProficiencyBonus = 17, 6
	return c
}

// foe marks targets unwilling, with their challenge ratings, as the
// encounter does for the caster's foes.
func foe(cr map[string]float64, shapechangers ...string) spell.Options {
	o := spell.Options{Ability: rules.Int}
	for id, x := range cr {
		o.Situate(id, func(s *spell.Situation) { s.Unwilling, s.CR = true, x })
	}
	for _, id := range shapechangers {
		o.Situate(id, func(s *spell.Situation) { s.Shapechanger = true })
	}
	return o
}

func picked(o spell.Options, form string) spell.Options {
	o.Form = form
	return o
}

// The shape changes as the SRD writes them: Polymorph's Wisdom save and
// its beast of CR up to the target's (or its level), True Polymorph's
// creature of any kind, Shapechange's form up to the caster's level,
// Animal Shapes' willing creatures as Large or smaller beasts of CR 4 or
// lower.
func TestReshapes(t *testing.T) {
	fx := func(t *testing.T, r spell.Result, id, form string) {
		t.Helper()
		got := effectOn(t, r, id)
		if got.Form != form || !got.Concentration || got.Spell != r.SpellID || got.ID != r.SpellID {
			t.Errorf("effect on %s: %+v, want the shape of %s held by concentration", id, got, form)
		}
	}
	ogreFoe := foe(map[string]float64{"ogre-1": 2})
	runCases(t, []castCase{
		{name: "PolymorphTurnsAFoeThatFailsItsWisdomSaveIntoAFrog", caster: withSlot(mira(), 4, 1), spell: "polymorph", slot: 4,
			targets: []rules.Combatant{ogre()}, opts: ogreFoe,
			// 9 - 2 = 7 fails DC 13.
			faces:   []int{9},
			changes: []rules.Change{slot("mira", 4, 0, 1), change("mira", rules.FieldConcentration, "", "polymorph")},
			check: func(t *testing.T, r spell.Result) {
				fx(t, r, "ogre-1", "frog")
				if o := r.Targets[0]; !o.Affected || o.Told != "becomes a frog (1 HP, AC 11)" {
					t.Errorf("outcome %+v", o)
				}
				if !strings.Contains(r.Summary(), "can't speak, cast spells") {
					t.Errorf("summary %q tells no rider", r.Summary())
				}
			}},
		{name: "PolymorphPassesOverAFoeThatSaves", caster: withSlot(mira(), 4, 1), spell: "polymorph", slot: 4,
			targets: []rules.Combatant{ogre()}, opts: ogreFoe, faces: []int{15},
			check: func(t *testing.T, r spell.Result) {
				if len(r.Effects) != 0 || r.Targets[0].Affected {
					t.Errorf("a saving ogre was changed: %+v", r.Targets[0])
				}
			}},
		{name: "PolymorphGivesTheCastersPickWithinTheFoesChallenge", caster: withSlot(mira(), 4, 1), spell: "polymorph", slot: 4,
			targets: []rules.Combatant{ogre()}, opts: picked(ogreFoe, "polar-bear"), faces: []int{1},
			check: func(t *testing.T, r spell.Result) { fx(t, r, "ogre-1", "polar-bear") }},
		{name: "PolymorphMakesAnAllyTheStrongestBeastOfItsLevelWithoutASave", caster: withSlot(mira(), 4, 1), spell: "polymorph", slot: 4,
			targets: []rules.Combatant{bram()}, opts: intel,
			check: func(t *testing.T, r spell.Result) {
				fx(t, r, "bram", "giant-scorpion") // CR 3, 52 HP: level 3
				if len(r.Rolls) != 0 {
					t.Errorf("a willing ally rolled: %+v", r.Rolls)
				}
			}},
		{name: "PolymorphLeavesAShapechangerAsItIs", caster: withSlot(mira(), 4, 1), spell: "polymorph", slot: 4,
			targets: []rules.Combatant{ogre()}, opts: foe(map[string]float64{"ogre-1": 2}, "ogre-1"),
			check: func(t *testing.T, r spell.Result) {
				if len(r.Effects) != 0 || len(r.Rolls) != 0 || r.Targets[0].Note == "" {
					t.Errorf("a shapechanger: %+v", r.Targets[0])
				}
			}},
		{name: "PolymorphLeavesACreatureAt0HitPoints", caster: withSlot(mira(), 4, 1), spell: "polymorph", slot: 4,
			targets: []rules.Combatant{with(hp(bram(), 0), rules.Unconscious)}, opts: intel,
			check: func(t *testing.T, r spell.Result) {
				if len(r.Effects) != 0 || r.Targets[0].Affected {
					t.Errorf("a creature at 0 HP: %+v", r.Targets[0])
				}
			}},
		{name: "TruePolymorphTurnsAnAllyIntoAnyCreatureOfItsLevel", caster: highMage(), spell: "true-polymorph", slot: 9,
			targets: []rules.Combatant{bram()}, opts: picked(intel, "ogre"),
			check: func(t *testing.T, r spell.Result) {
				fx(t, r, "bram", "ogre")
				if !strings.Contains(r.Summary(), "permanent") {
					t.Errorf("summary %q does not tell the permanence", r.Summary())
				}
			}},
		{name: "ShapechangeTakesACreatureOfTheCastersLevelKeepingItsMind", caster: highMage(), spell: "shapechange", slot: 9,
			opts:    picked(intel, "adult-red-dragon"),
			changes: []rules.Change{slot("mira", 9, 0, 1), change("mira", rules.FieldConcentration, "", "shapechange")},
			check: func(t *testing.T, r spell.Result) {
				fx(t, r, "mira", "adult-red-dragon") // CR 17
				if !spell.KeepsMind("shapechange") || spell.KeepsMind("polymorph") || r.Trigger != spell.TriggerAction {
					t.Error("Shapechange keeps the mind and may be used again; Polymorph replaces it")
				}
			}},
		{name: "ShapechangeEndsWhenItsCasterTakesBackItsForm", caster: concentratingOn(highMage(), "shapechange"), spell: "shapechange", slot: 9,
			opts:    spell.Options{Ability: rules.Int, Ongoing: true, Form: spell.ChoiceRevert},
			changes: []rules.Change{change("mira", rules.FieldConcentration, "shapechange", "")},
			check: func(t *testing.T, r spell.Result) {
				if len(r.Effects) != 0 || r.SlotSpent {
					t.Errorf("a reversion left %+v, slot spent %v", r.Effects, r.SlotSpent)
				}
			}},
		{name: "AnimalShapesTurnsTheWillingAndPassesTheUnwillingBy", caster: highMage(), spell: "animal-shapes", slot: 8,
			targets: []rules.Combatant{bram(), ogre()}, opts: foe(map[string]float64{"ogre-1": 2}),
			check: func(t *testing.T, r spell.Result) {
				fx(t, r, "bram", "giant-scorpion") // Large, CR 3: the strongest walker of CR 4 or lower
				if len(r.Effects) != 1 || len(r.Rolls) != 0 || r.Targets[1].Affected {
					t.Errorf("the unwilling ogre: %+v, rolls %v", r.Targets[1], r.Rolls)
				}
			}},
	})
}

// The forms a spell refuses, before any die is drawn.
func TestReshapeRefusesFormsBeyondTheSpell(t *testing.T) {
	for _, tc := range []struct {
		name, spell, form string
		slot              int
		target            rules.Combatant
		opts              spell.Options
	}{
		{"PolymorphAboveTheFoesChallenge", "polymorph", "giant-scorpion", 4, ogre(), foe(map[string]float64{"ogre-1": 2})},
		{"PolymorphIntoNoBeast", "polymorph", "goblin", 4, ogre(), foe(map[string]float64{"ogre-1": 2})},
		{"PolymorphAboveTheAllysLevel", "polymorph", "elephant", 4, bram(), intel},
		{"TruePolymorphAboveTheFoesChallenge", "true-polymorph", "troll", 9, ogre(), foe(map[string]float64{"ogre-1": 2})},
		{"ShapechangeIntoUndead", "shapechange", "lich", 9, highMage(), intel},
		{"ShapechangeAboveTheCastersLevel", "shapechange", "ancient-red-dragon", 9, highMage(), intel},
		{"AnimalShapesIntoAHugeBeast", "animal-shapes", "elephant", 8, bram(), intel},
		{"AnimalShapesAboveChallenge4", "animal-shapes", "giant-crocodile", 8, bram(), intel},
		{"NoSuchCreature", "polymorph", "jabberwock", 4, ogre(), foe(map[string]float64{"ogre-1": 2})},
	} {
		t.Run(tc.name, func(t *testing.T) {
			targets := []rules.Combatant{tc.target}
			if tc.target.ID == "mira" {
				targets = nil
			}
			_, err := spell.Cast(highMage(), tc.spell, tc.slot, targets, picked(tc.opts, tc.form), faces(t), nil)
			if r := fault.ReasonOf(err); r != spell.ReasonNotAllowed && r != spell.ReasonInvalidArgs {
				t.Fatalf("%s into %s: %v", tc.spell, tc.form, err)
			}
		})
	}
}
