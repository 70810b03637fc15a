package spell_test

import (
	"slices"
	"testing"

	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
)

// archmage is Mira with one slot of every level from 4th to 9th.
func archmage() rules.Combatant {
	c := mira()
	for l := 4; l <= 9; l++ {
		c = withSlot(c, l, 1)
	}
	return c
}

func repeat(face, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = face
	}
	return out
}

func TestBoonsLastOnTheirTargets(t *testing.T) {
	poisoned := with(bram(), rules.Poisoned)
	charmedOrc := with(orc(), rules.Charmed)
	runCases(t, []castCase{
		{name: "HeroesFeastRaisesEachDinersMaximumBy2d10AndCuresPoison", caster: archmage(), spell: "heroes-feast", slot: 6,
			targets: []rules.Combatant{mira(), poisoned}, faces: []int{3, 4, 10, 10},
			changes: []rules.Change{slot("mira", 6, 0, 1), lost("bram", rules.Poisoned)},
			check: func(t *testing.T, r spell.Result) {
				for id, n := range map[string]int{"mira": 7, "bram": 20} {
					fx := effectOn(t, r, id)
					if fx.MaxHP != n || !fx.ImmuneDamage.Has(rules.Poison) || fx.Immune != rules.SetOf(rules.Poisoned, rules.Frightened) || fx.Ends != "24 hours" {
						t.Errorf("%s: %+v, want +%d hit points, immunity to poison and fear for 24 hours", id, fx, n)
					}
				}
			}},
		{name: "GoodberryPutsTenBerriesInTheCastersHand", caster: mira(), spell: "goodberry", slot: 1,
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "mira"); fx.ID != spell.GoodberryID || fx.Left != 10 || fx.Ends != "24 hours" {
					t.Errorf("effect %+v, want ten berries good for 24 hours", fx)
				}
			}},
		{name: "ForesightLastsEightHours", caster: archmage(), spell: "foresight", slot: 9, targets: []rules.Combatant{bram()},
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "bram"); fx.ID != spell.ForesightID || fx.Ends != "8 hours" || fx.Concentration {
					t.Errorf("effect %+v, want foresight for 8 hours without concentration", fx)
				}
			}},
		{name: "MindBlankEndsACharmAndWardsAgainstPsychicDamage", caster: archmage(), spell: "mind-blank", slot: 8, targets: []rules.Combatant{charmedOrc},
			changes: []rules.Change{slot("mira", 8, 0, 1), lost("orc-1", rules.Charmed)},
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "orc-1"); !fx.ImmuneDamage.Has(rules.Psychic) || !fx.Immune.Has(rules.Charmed) || fx.Ends != "24 hours" {
					t.Errorf("effect %+v, want immunity to psychic damage and charm for 24 hours", fx)
				}
			}},
		{name: "PassWithoutTraceWithNoTargetVeilsTheCaster", caster: mira(), spell: "pass-without-trace", slot: 2,
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "mira"); fx.Bonus != 10 || !fx.Concentration {
					t.Errorf("effect %+v, want +10 under concentration", fx)
				}
			}},
		{name: "PassWithoutTraceVeilsEachCompanionNamed", caster: mira(), spell: "pass-without-trace", slot: 2, targets: []rules.Combatant{mira(), bram()},
			check: func(t *testing.T, r spell.Result) {
				if effectOn(t, r, "bram").Bonus != 10 || effectOn(t, r, "mira").Bonus != 10 {
					t.Errorf("effects %+v, want +10 on both", r.Effects)
				}
			}},
		{name: "FireShieldWarmResistsColdAndBurnsWithFire", caster: archmage(), spell: "fire-shield", slot: 4,
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "mira"); fx.Resist != rules.SetOf(rules.Cold) || fx.Dice != "2d8" || fx.DamageType != rules.Fire {
					t.Errorf("effect %+v, want cold resisted and 2d8 fire", fx)
				}
			}},
		{name: "FireShieldChillResistsFireAndBurnsWithCold", caster: archmage(), spell: "fire-shield", slot: 4, opts: spell.Options{Form: "chill"},
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "mira"); fx.Resist != rules.SetOf(rules.Fire) || fx.DamageType != rules.Cold {
					t.Errorf("effect %+v, want fire resisted and cold dealt", fx)
				}
			}},
		{name: "BrandingSmiteGains1d6PerSlotAbove2nd", caster: archmage(), spell: "branding-smite", slot: 4,
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "mira"); fx.Dice != "4d6" || fx.DamageType != rules.Radiant || !fx.Concentration {
					t.Errorf("effect %+v, want 4d6 radiant under concentration", fx)
				}
			}},
		{name: "GlobeAt7thBlocks6thLevelSpells", caster: archmage(), spell: "globe-of-invulnerability", slot: 7,
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "mira"); fx.ID != spell.GlobeID || fx.Bonus != 6 || !fx.Concentration {
					t.Errorf("effect %+v, want a globe against 6th level and lower", fx)
				}
			}},
		{name: "TimeStopGives1d4Plus1Turns", caster: archmage(), spell: "time-stop", slot: 9, faces: []int{3},
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "mira"); fx.ID != spell.TimeStopID || fx.Left != 4 {
					t.Errorf("effect %+v, want 4 turns", fx)
				}
			}},
	})
}

func TestEnthrall(t *testing.T) {
	unbent := orc()
	unbent.ConditionImmunities = rules.SetOf(rules.Charmed)
	runCases(t, []castCase{
		{name: "AFailedWisdomSaveDullsPerceptionOfOthers", caster: mira(), spell: "enthrall", slot: 2, targets: []rules.Combatant{orc()}, opts: intel,
			faces: []int{12}, // 12 + 0 against DC 13
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "orc-1"); fx.ID != spell.EnthrallID || fx.Ends != "1 minute" {
					t.Errorf("effect %+v, want enthralled for a minute", fx)
				}
			}},
		{name: "ASuccessLeavesItAlone", caster: mira(), spell: "enthrall", slot: 2, targets: []rules.Combatant{orc()}, opts: intel,
			faces: []int{13},
			check: func(t *testing.T, r spell.Result) {
				if len(r.Effects) != 0 {
					t.Errorf("effects %+v, want none", r.Effects)
				}
			}},
		{name: "ACreatureThatCantBeCharmedMakesNoSave", caster: mira(), spell: "enthrall", slot: 2, targets: []rules.Combatant{unbent}, opts: intel,
			check: func(t *testing.T, r spell.Result) {
				if len(r.Effects) != 0 || r.Targets[0].Save != nil {
					t.Errorf("effects %+v, save %+v: want none", r.Effects, r.Targets[0].Save)
				}
			}},
	})
}

func TestDispelEvilAndGood(t *testing.T) {
	holding := archmage()
	holding.Concentration = "dispel-evil-and-good"
	runCases(t, []castCase{
		{name: "TheWardGoesOnTheCaster", caster: archmage(), spell: "dispel-evil-and-good", slot: 5, opts: intel,
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "mira"); fx.ID != spell.DispelEvilID || !fx.Concentration || r.Trigger != spell.TriggerAction {
					t.Errorf("effect %+v (trigger %v), want the ward under concentration, used again with an action", fx, r.Trigger)
				}
			}},
		{name: "BreakEnchantmentEndsACharmAndTheSpell", caster: holding, spell: "dispel-evil-and-good", slot: 5,
			targets: []rules.Combatant{with(bram(), rules.Charmed)}, opts: spell.Options{Ability: rules.Int, Ongoing: true},
			changes: []rules.Change{lost("bram", rules.Charmed), change("mira", rules.FieldConcentration, "dispel-evil-and-good", "")}},
		{name: "DismissalIsACharismaSave", caster: holding, spell: "dispel-evil-and-good", slot: 5,
			targets: []rules.Combatant{orc()}, opts: spell.Options{Ability: rules.Int, Ongoing: true, Choice: "dismissal"}, faces: []int{2},
			check: func(t *testing.T, r spell.Result) {
				if sv := r.Targets[0].Save; sv == nil || sv.Ability != rules.Cha || sv.Success || !r.Targets[0].Affected {
					t.Errorf("outcome %+v, want a failed Charisma save", r.Targets[0])
				}
			}},
	})
	t.Run("BreakingAFrightIsNoDamageType", func(t *testing.T) {
		_, err := spell.Cast(holding, "dispel-evil-and-good", 5, []rules.Combatant{bram()},
			spell.Options{Ability: rules.Int, Ongoing: true, Condition: rules.Poisoned}, faces(t), nil)
		if fault.ReasonOf(err) != spell.ReasonInvalidArgs {
			t.Fatalf("err %v, want %s", err, spell.ReasonInvalidArgs)
		}
	})
}

func TestBlasts(t *testing.T) {
	big := tough(orc(), 200)
	runCases(t, []castCase{
		{name: "DelayedBlastFireballAt8thIs13d6AndHoldsNoConcentration", caster: archmage(), spell: "delayed-blast-fireball", slot: 8,
			targets: []rules.Combatant{big}, opts: intel, faces: append(repeat(2, 13), 1), // 26 fire; the save fails
			changes: []rules.Change{slot("mira", 8, 0, 1), change("mira", rules.FieldConcentration, "", "delayed-blast-fireball"),
				change("orc-1", rules.FieldHP, 200, 174), change("mira", rules.FieldConcentration, "delayed-blast-fireball", "")},
			check: func(t *testing.T, r spell.Result) {
				if r.Concentration {
					t.Error("the caster still concentrates on a bead that burst")
				}
			}},
		{name: "PrismaticRedRayIs10d6FireHalfOnASave", caster: archmage(), spell: "prismatic-spray", slot: 7, targets: []rules.Combatant{big}, opts: intel,
			faces:   append([]int{1, 20}, repeat(3, 10)...), // red; the save succeeds; 30 fire, 15 taken
			changes: []rules.Change{slot("mira", 7, 0, 1), change("orc-1", rules.FieldHP, 200, 185)}},
		{name: "PrismaticIndigoRestrainsAndStartsTheStone", caster: archmage(), spell: "prismatic-spray", slot: 7, targets: []rules.Combatant{big}, opts: intel,
			faces:   []int{6, 1},
			changes: []rules.Change{slot("mira", 7, 0, 1), gained("orc-1", rules.Restrained)},
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "orc-1"); fx.ID != spell.StoneID || fx.RepeatSave != rules.Con || fx.Left != 3 || fx.Concentration {
					t.Errorf("effect %+v, want three Constitution saves to count, no concentration", fx)
				}
			}},
		{name: "PrismaticEightIsTwoRaysRerollingEights", caster: archmage(), spell: "prismatic-spray", slot: 7, targets: []rules.Combatant{big}, opts: intel,
			faces:   append([]int{8, 8, 7, 2, 1}, repeat(1, 10)...), // violet and orange; the save fails; 10 acid
			changes: []rules.Change{slot("mira", 7, 0, 1), gained("orc-1", rules.Blinded), change("orc-1", rules.FieldHP, 200, 190)},
			check: func(t *testing.T, r spell.Result) {
				fx := effectOn(t, r, "orc-1")
				if fx.Condition != rules.Blinded || fx.Ends != "until the start of the caster's next turn" {
					t.Errorf("effect %+v, want blinded until the caster's next turn", fx)
				}
				if !slices.ContainsFunc(r.Notes, func(n string) bool { return len(n) > 0 }) {
					t.Error("no note of the Wisdom save violet asks")
				}
			}},
	})
}
