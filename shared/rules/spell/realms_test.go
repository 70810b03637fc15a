package spell_test

import (
	"slices"
	"strings"
	"testing"

	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
)

// Mira's spell save DC is 13 and her spell attack +5 throughout; the orc
// has AC 13 and saves Strength, Constitution at +3, Dexterity at +1 and
// Wisdom and Charisma at +0.

func willing(id string) spell.Options {
	o := intel
	o.Situate(id, func(s *spell.Situation) { s.Willing = true })
	return o
}

func choosing(choice string) spell.Options {
	o := intel
	o.Choice = choice
	return o
}

func TestRealmSpells(t *testing.T) {
	high := func(level int) rules.Combatant { return withSlot(mira(), level, 1) }
	runCases(t, []castCase{
		{name: "PlaneShiftHitsAndTheFailedCharismaSaveSendsTheOrcAway", caster: high(7), spell: "plane-shift", slot: 7,
			targets: []rules.Combatant{orc()}, opts: intel, faces: []int{10, 12}, // 15 hits AC 13; Charisma 12 misses DC 13
			changes: []rules.Change{slot("mira", 7, 0, 1), gained("orc-1", rules.Incapacitated)},
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "orc-1"); fx.ID != spell.ShiftedID || fx.Condition != rules.Incapacitated || fx.Concentration {
					t.Errorf("effect %+v", fx)
				}
			}},
		{name: "PlaneShiftMissesAndNoSaveIsMade", caster: high(7), spell: "plane-shift", slot: 7,
			targets: []rules.Combatant{orc()}, opts: intel, faces: []int{7}, // 12 misses AC 13
			changes: []rules.Change{slot("mira", 7, 0, 1)},
			check: func(t *testing.T, r spell.Result) {
				if r.Targets[0].Save != nil || len(r.Effects) != 0 {
					t.Errorf("outcome %+v, effects %+v", r.Targets[0], r.Effects)
				}
			}},
		{name: "PlaneShiftCarriesTheWillingWithoutARoll", caster: high(7), spell: "plane-shift", slot: 7,
			targets: []rules.Combatant{bandit()}, opts: willing("bandit-1"),
			check: func(t *testing.T, r spell.Result) {
				if len(r.Rolls) != 0 || len(r.Effects) != 0 || !r.Targets[0].Affected || len(r.Notes) != 1 {
					t.Errorf("rolls %v, effects %+v, notes %q", r.Rolls, r.Effects, r.Notes)
				}
			}},
		{name: "ImprisonmentBuriesOnAFailedWisdomSave", caster: high(9), spell: "imprisonment", slot: 9,
			targets: []rules.Combatant{orc()}, opts: intel, faces: []int{12},
			changes: []rules.Change{slot("mira", 9, 0, 1), gained("orc-1", rules.Incapacitated)},
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "orc-1"); fx.ID != spell.ImprisonedID || fx.RepeatSave != 0 || fx.Ends != "until dispelled" {
					t.Errorf("effect %+v", fx)
				}
			}},
		{name: "ImprisonmentChainsRestrain", caster: high(9), spell: "imprisonment", slot: 9,
			targets: []rules.Combatant{orc()}, opts: choosing("chaining"), faces: []int{3},
			changes: []rules.Change{slot("mira", 9, 0, 1), gained("orc-1", rules.Restrained)},
		},
		{name: "ImprisonmentSlumberIsUnconsciousness", caster: high(9), spell: "imprisonment", slot: 9,
			targets: []rules.Combatant{orc()}, opts: choosing("slumber"), faces: []int{3},
			changes: []rules.Change{slot("mira", 9, 0, 1), gained("orc-1", rules.Unconscious), gained("orc-1", rules.Prone)},
		},
		{name: "ImprisonmentResistedOnASuccess", caster: high(9), spell: "imprisonment", slot: 9,
			targets: []rules.Combatant{orc()}, opts: intel, faces: []int{13},
			changes: []rules.Change{slot("mira", 9, 0, 1)},
		},
		{name: "EtherealnessTakesTheCasterToTheEthereal", caster: high(7), spell: "etherealness", slot: 7,
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "mira"); fx.ID != spell.EtherealID || fx.Ends != "8 hours" || r.Trigger != spell.TriggerAction {
					t.Errorf("effect %+v, trigger %v", fx, r.Trigger)
				}
			}},
		{name: "EtherealnessDismissedWithAnAction", caster: high(7), spell: "etherealness", slot: 7, opts: spell.Options{Ongoing: true},
			check: func(t *testing.T, r spell.Result) {
				if len(r.Dispelled) != 1 || r.Dispelled[0].ID != spell.EtherealID || r.Dispelled[0].TargetID != "mira" || r.SlotSpent {
					t.Errorf("dispelled %+v", r.Dispelled)
				}
			}},
		{name: "MeldIntoStoneHidesTheCaster", caster: mira(), spell: "meld-into-stone", slot: 3,
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "mira"); fx.ID != spell.MeldedID {
					t.Errorf("effect %+v", fx)
				}
			}},
		{name: "MisleadTurnsTheCasterInvisible", caster: high(5), spell: "mislead", slot: 5,
			changes: []rules.Change{slot("mira", 5, 0, 1), change("mira", rules.FieldConcentration, "", "mislead"), gained("mira", rules.Invisible)},
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "mira"); fx.Condition != rules.Invisible || !fx.Concentration || !strings.Contains(fx.Ends, "attacks or casts a spell") {
					t.Errorf("effect %+v", fx)
				}
			}},
		{name: "GeasCharmsForThirtyDays", caster: high(5), spell: "geas", slot: 5, targets: []rules.Combatant{bandit()}, opts: intel, faces: []int{12},
			changes: []rules.Change{slot("mira", 5, 0, 1), gained("bandit-1", rules.Charmed)},
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "bandit-1"); fx.Concentration || !strings.HasPrefix(fx.Ends, "30 days") || len(r.Notes) != 1 {
					t.Errorf("effect %+v, notes %q", fx, r.Notes)
				}
			}},
		{name: "ModifyMemoryCharmsAndIncapacitates", caster: high(5), spell: "modify-memory", slot: 5, targets: []rules.Combatant{bandit()}, opts: intel, faces: []int{12},
			changes: []rules.Change{slot("mira", 5, 0, 1), change("mira", rules.FieldConcentration, "", "modify-memory"),
				gained("bandit-1", rules.Charmed), gained("bandit-1", rules.Incapacitated)},
		},
		{name: "MagicCircleWardsItsOccupantsAgainstEachTypeChosen", caster: mira(), spell: "magic-circle", slot: 3,
			targets: []rules.Combatant{bram()}, opts: choosing("fiends and undead"),
			check: func(t *testing.T, r spell.Result) {
				var types []string
				for _, fx := range r.Effects {
					if ty, ok := spell.CircleAgainst(fx.ID); ok && fx.TargetID == "bram" {
						types = append(types, ty)
					}
				}
				if !slices.Equal(types, []string{"fiend", "undead"}) {
					t.Errorf("effects %+v", r.Effects)
				}
			}},
		{name: "AntilifeShellOnTheCaster", caster: high(5), spell: "antilife-shell", slot: 5,
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "mira"); fx.ID != spell.ShellID || !fx.Concentration {
					t.Errorf("effect %+v", fx)
				}
			}},
		{name: "AntimagicFieldOnTheCaster", caster: high(8), spell: "antimagic-field", slot: 8,
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "mira"); fx.ID != spell.FieldID || !fx.Concentration {
					t.Errorf("effect %+v", fx)
				}
			}},
		{name: "LevitateLiftsTheOrcOnAFailedConstitutionSave", caster: mira(), spell: "levitate", slot: 2, targets: []rules.Combatant{orc()}, opts: intel,
			faces: []int{9}, // 12 against DC 13
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "orc-1"); fx.ID != spell.AloftID || !fx.Concentration {
					t.Errorf("effect %+v", fx)
				}
			}},
		{name: "LevitateResistedOnASave", caster: mira(), spell: "levitate", slot: 2, targets: []rules.Combatant{orc()}, opts: intel,
			faces: []int{10},
			check: func(t *testing.T, r spell.Result) {
				if len(r.Effects) != 0 {
					t.Errorf("effects %+v", r.Effects)
				}
			}},
		{name: "LevitateOnTheCasterNeedsNoSave", caster: mira(), spell: "levitate", slot: 2, targets: []rules.Combatant{mira()}, opts: intel,
			check: func(t *testing.T, r spell.Result) {
				if r.Targets[0].Save != nil || effectOn(t, r, "mira").ID != spell.AloftID {
					t.Errorf("outcome %+v", r.Targets[0])
				}
			}},
		{name: "TelekinesisWinsTheContestAndGrips", caster: high(5), spell: "telekinesis", slot: 5, targets: []rules.Combatant{orc()}, opts: intel,
			faces:   []int{15, 5}, // Intelligence 17 against Strength 8
			changes: []rules.Change{slot("mira", 5, 0, 1), change("mira", rules.FieldConcentration, "", "telekinesis"), gained("orc-1", rules.Restrained)},
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "orc-1"); fx.ID != spell.GripID || fx.Ends != "until the end of the caster's next turn" || !fx.Concentration {
					t.Errorf("effect %+v", fx)
				}
			}},
		{name: "TelekinesisLosesTheContest", caster: high(5), spell: "telekinesis", slot: 5, targets: []rules.Combatant{orc()}, opts: intel,
			faces:   []int{10, 10}, // Intelligence 12 against Strength 13
			changes: []rules.Change{slot("mira", 5, 0, 1), change("mira", rules.FieldConcentration, "", "telekinesis")},
		},
		{name: "ReverseGravityLiftsOnAFailedDexteritySaveWithItsFallRolled", caster: high(7), spell: "reverse-gravity", slot: 7,
			targets: []rules.Combatant{orc()}, opts: intel, faces: []int{5, 1, 2, 3, 4, 5, 6, 1, 2, 3, 4},
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "orc-1"); fx.ID != spell.AloftID || fx.Dice != "31" || fx.DamageType != rules.Bludgeoning {
					t.Errorf("effect %+v", fx)
				}
			}},
		{name: "WallOfForceHoldsTheFarSide", caster: high(5), spell: "wall-of-force", slot: 5, targets: []rules.Combatant{orc()},
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "orc-1"); fx.ID != spell.FarSideID || !fx.Concentration {
					t.Errorf("effect %+v", fx)
				}
			}},
		{name: "PrismaticWallBlindsForAMinuteOnAFailedConstitutionSave", caster: high(9), spell: "prismatic-wall", slot: 9,
			targets: []rules.Combatant{orc(), bandit()}, opts: intel, faces: []int{9, 13}, // 12 fails, 13 holds
			changes: []rules.Change{slot("mira", 9, 0, 1), gained("orc-1", rules.Blinded)},
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "orc-1"); fx.Ends != "1 minute" || fx.Concentration {
					t.Errorf("effect %+v", fx)
				}
			}},
		{name: "EarthquakeBreaksConcentrationAtDC10AndKnocksProne", caster: high(8), spell: "earthquake", slot: 8,
			targets: []rules.Combatant{concentratingOn(orc(), "bless")}, opts: intel, faces: []int{6, 3}, // Constitution 9, Dexterity 4
			changes: []rules.Change{slot("mira", 8, 0, 1), change("mira", rules.FieldConcentration, "", "earthquake"),
				change("orc-1", rules.FieldConcentration, "bless", ""), gained("orc-1", rules.Prone)},
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "orc-1"); fx.ID != spell.QuakingID || fx.RepeatSave != rules.Dex || fx.DC != 13 {
					t.Errorf("effect %+v", fx)
				}
			}},
		{name: "EarthquakeSparesConcentrationOnATen", caster: high(8), spell: "earthquake", slot: 8,
			targets: []rules.Combatant{concentratingOn(orc(), "bless")}, opts: intel, faces: []int{7, 12},
			changes: []rules.Change{slot("mira", 8, 0, 1), change("mira", rules.FieldConcentration, "", "earthquake")},
		},
	})
}

func TestRealmSpellsRefuseBadChoices(t *testing.T) {
	for _, tc := range []struct{ spell, choice string }{{"magic-circle", "dragons"}, {"imprisonment", "exile"}} {
		caster := withSlot(mira(), 9, 1)
		_, err := spell.Cast(caster, tc.spell, 9, []rules.Combatant{orc()}, choosing(tc.choice), faces(t), nil)
		if fault.ReasonOf(err) != spell.ReasonInvalidArgs {
			t.Errorf("%s with %q: %v, want invalid_args", tc.spell, tc.choice, err)
		}
	}
}
