package spell_test

import (
	"testing"

	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
)

func TestEnhanceAbility(t *testing.T) {
	runCases(t, []castCase{
		{name: "BullsStrengthGivesAdvantageOnStrengthChecks", caster: bram(), spell: "enhance-ability", slot: 2, targets: []rules.Combatant{mira()},
			opts:    spell.Options{Choice: "Bull's Strength"},
			changes: []rules.Change{slot("bram", 2, 0, 1), change("bram", rules.FieldConcentration, "", "enhance-ability")},
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "mira"); fx.Ability != rules.Str || !fx.Concentration || fx.Dice != "" {
					t.Errorf("effect %+v, want advantage on Strength checks under concentration, no temporary hit points", fx)
				}
				if len(r.Notes) != 1 || r.Notes[0] != "Mira's carrying capacity doubles" {
					t.Errorf("notes %q, want the carrying capacity", r.Notes)
				}
			}},
		{name: "BearsEnduranceGivesTwoD6TemporaryHitPoints", caster: bram(), spell: "enhance-ability", slot: 2, targets: []rules.Combatant{mira()},
			opts:  spell.Options{Choice: "con"},
			faces: []int{3, 5},
			changes: []rules.Change{slot("bram", 2, 0, 1), change("bram", rules.FieldConcentration, "", "enhance-ability"),
				change("mira", rules.FieldTempHP, 0, 8)},
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "mira"); fx.Ability != rules.Con || fx.Dice != "8" {
					t.Errorf("effect %+v, want Constitution and the 8 temporary hit points it gave", fx)
				}
			}},
		{name: "A3rdLevelSlotTouchesTwo", caster: withSlot(bram(), 3, 1), spell: "enhance-ability", slot: 3, targets: []rules.Combatant{mira(), bram()},
			opts: spell.Options{Choice: "owls-wisdom"},
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "bram"); fx.Ability != rules.Wis {
					t.Errorf("effect %+v, want Wisdom", fx)
				}
			}},
	})
	for name, tt := range map[string]struct {
		opts    spell.Options
		targets []rules.Combatant
	}{
		"AnUnknownEnhancementIsRefused": {spell.Options{Choice: "hawks-eye"}, []rules.Combatant{mira()}},
		"A2ndLevelSlotTouchesOne":       {spell.Options{}, []rules.Combatant{mira(), bram()}},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := spell.Cast(bram(), "enhance-ability", 2, tt.targets, tt.opts, faces(t), nil)
			if fault.ReasonOf(err) != spell.ReasonInvalidArgs {
				t.Fatalf("err %v, want %s", err, spell.ReasonInvalidArgs)
			}
		})
	}
}

func TestBestowCurse(t *testing.T) {
	runCases(t, []castCase{
		{name: "AFailedWisdomSaveCursesTheChosenAbility", caster: mira(), spell: "bestow-curse", slot: 3, targets: []rules.Combatant{orc()},
			opts: spell.Options{Ability: rules.Int, Choice: "wis"},
			// The orc's WIS save (+0) rolls 5 against DC 13.
			faces: []int{5},
			check: func(t *testing.T, r spell.Result) {
				fx := effectOn(t, r, "orc-1")
				if fx.ID != spell.CursedAbility || fx.Ability != rules.Wis || !fx.Concentration || fx.Ends != "Up to 1 minute" {
					t.Errorf("effect %+v, want a curse on Wisdom for a minute under concentration", fx)
				}
			}},
		{name: "TheNecroticCurseAddsOneD8", caster: mira(), spell: "bestow-curse", slot: 3, targets: []rules.Combatant{orc()},
			opts: spell.Options{Ability: rules.Int, Choice: "necrotic"}, faces: []int{5},
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "orc-1"); fx.ID != spell.CursedNecrotic || fx.Dice != "1d8" || fx.DamageType != rules.Necrotic {
					t.Errorf("effect %+v, want 1d8 necrotic", fx)
				}
			}},
		{name: "A5thLevelSlotLastsEightHoursWithoutConcentration", caster: withSlot(mira(), 5, 1), spell: "bestow-curse", slot: 5, targets: []rules.Combatant{orc()},
			opts: spell.Options{Ability: rules.Int}, faces: []int{5},
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "orc-1"); fx.ID != spell.CursedAttacks || fx.Concentration || fx.Ends != "8 hours" {
					t.Errorf("effect %+v, want the attack curse for 8 hours, free of concentration", fx)
				}
			}},
		{name: "ASuccessfulSaveLeavesNoCurse", caster: mira(), spell: "bestow-curse", slot: 3, targets: []rules.Combatant{orc()},
			opts: spell.Options{Ability: rules.Int}, faces: []int{13},
			check: func(t *testing.T, r spell.Result) {
				if len(r.Effects) != 0 {
					t.Errorf("effects %+v, want none", r.Effects)
				}
			}},
	})
}

func TestRayOfEnfeeblement(t *testing.T) {
	concentrating := mira()
	concentrating.Concentration = "ray-of-enfeeblement"
	runCases(t, []castCase{
		{name: "AHitEnfeeblesUntilAConstitutionSave", caster: mira(), spell: "ray-of-enfeeblement", slot: 2, targets: []rules.Combatant{orc()}, opts: intel,
			// 15 + 5 = 20 against AC 13.
			faces: []int{15},
			check: func(t *testing.T, r spell.Result) {
				fx := effectOn(t, r, "orc-1")
				if fx.RepeatSave != rules.Con || fx.DC != 13 || !fx.Concentration {
					t.Errorf("effect %+v, want a Constitution save against 13 under concentration", fx)
				}
			}},
		{name: "AMissLeavesNothing", caster: mira(), spell: "ray-of-enfeeblement", slot: 2, targets: []rules.Combatant{orc()}, opts: intel,
			faces: []int{3},
			check: func(t *testing.T, r spell.Result) {
				if len(r.Effects) != 0 {
					t.Errorf("effects %+v, want none", r.Effects)
				}
			}},
		{name: "TheRepeatedSaveSucceedsOnThirteen", caster: concentrating, spell: "ray-of-enfeeblement", slot: 2, targets: []rules.Combatant{orc()},
			opts: spell.Options{Ability: rules.Int, Ongoing: true},
			// The orc's CON save (+3) rolls 10.
			faces: []int{10},
			check: func(t *testing.T, r spell.Result) {
				if sv := r.Targets[0].Save; sv == nil || !sv.Success || sv.Total != 13 {
					t.Errorf("save %+v, want a success at 13", sv)
				}
			}},
	})
}

func TestWards(t *testing.T) {
	runCases(t, []castCase{
		{name: "DeathWardLastsEightHours", caster: withSlot(bram(), 4, 1), spell: "death-ward", slot: 4, targets: []rules.Combatant{mira()},
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "mira"); fx.ID != "death-ward" || fx.Ends != "8 hours" || fx.Concentration {
					t.Errorf("effect %+v, want the ward for 8 hours", fx)
				}
			}},
		{name: "WardingBondGivesOneACAndResistsEveryDamage", caster: bram(), spell: "warding-bond", slot: 2, targets: []rules.Combatant{mira()},
			check: func(t *testing.T, r spell.Result) {
				fx := effectOn(t, r, "mira")
				if fx.AC != 1 || !fx.Resist.Has(rules.Force) || !fx.Resist.Has(rules.Slashing) || !fx.Resist.Has(rules.Psychic) || fx.Nonmagical {
					t.Errorf("effect %+v, want +1 AC and resistance to all damage", fx)
				}
			}},
		{name: "SeeInvisibilityIsTheCasters", caster: mira(), spell: "see-invisibility", slot: 2,
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "mira"); fx.ID != "see-invisibility" || fx.Ends != "1 hour" {
					t.Errorf("effect %+v, want see-invisibility for the hour", fx)
				}
			}},
		{name: "TrueSeeingIsTheTargets", caster: withSlot(mira(), 6, 1), spell: "true-seeing", slot: 6, targets: []rules.Combatant{bram()},
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "bram"); fx.ID != "true-seeing" {
					t.Errorf("effect %+v, want true-seeing", fx)
				}
			}},
	})
	if _, err := spell.Cast(bram(), "warding-bond", 2, []rules.Combatant{bram()}, spell.Options{}, faces(t), nil); fault.ReasonOf(err) != spell.ReasonInvalidArgs {
		t.Errorf("a bond with oneself: err %v, want %s", err, spell.ReasonInvalidArgs)
	}
}

func TestCalmEmotions(t *testing.T) {
	runCases(t, []castCase{
		{name: "AFailedCharismaSaveEndsCharmAndFear", caster: bram(), spell: "calm-emotions", slot: 2,
			targets: []rules.Combatant{with(orc(), rules.Charmed), with(mira(), rules.Frightened), goblin()},
			opts:    spell.Options{Ability: rules.Wis, Situations: map[string]spell.Situation{"mira": {Willing: true}}},
			// The orc's CHA save (+0) rolls 4; Mira fails by choice; the goblin's (-1) rolls 18.
			faces: []int{4, 18},
			changes: []rules.Change{slot("bram", 2, 0, 1), change("bram", rules.FieldConcentration, "", "calm-emotions"),
				lost("orc-1", rules.Charmed), lost("mira", rules.Frightened)},
			check: func(t *testing.T, r spell.Result) {
				for _, id := range []string{"orc-1", "mira"} {
					if fx := effectOn(t, r, id); !fx.Immune.Has(rules.Charmed) || !fx.Immune.Has(rules.Frightened) || !fx.Concentration {
						t.Errorf("effect on %s %+v, want charm and fear suppressed under concentration", id, fx)
					}
				}
				if r.Targets[1].Save != nil {
					t.Errorf("Mira rolled a save: %+v", r.Targets[1].Save)
				}
			}},
	})
}

func TestEndingSpells(t *testing.T) {
	curse := spell.Lasting{Effect: spell.Effect{ID: spell.CursedAttacks, Spell: "bestow-curse", CasterID: "hag", TargetID: "orc-1"}, Level: 3}
	blessed := spell.Lasting{Effect: spell.Effect{ID: "blessed", Spell: "bless", CasterID: "bram", TargetID: "orc-1"}, Level: 1}
	held := spell.Lasting{Effect: spell.Effect{ID: "paralyzed", Spell: "hold-monster", CasterID: "hag", TargetID: "orc-1", Condition: rules.Paralyzed}, Level: 5}
	elsewhere := spell.Lasting{Effect: spell.Effect{ID: "blessed", Spell: "bless", CasterID: "bram", TargetID: "mira"}, Level: 1}
	ids := func(fxs []spell.Effect) []string {
		var out []string
		for _, fx := range fxs {
			out = append(out, fx.Spell+">"+fx.TargetID)
		}
		return out
	}
	runCases(t, []castCase{
		{name: "RemoveCurseEndsBestowCurseAlone", caster: mira(), spell: "remove-curse", slot: 3, targets: []rules.Combatant{orc()},
			opts: spell.Options{Lasting: []spell.Lasting{curse, blessed}},
			check: func(t *testing.T, r spell.Result) {
				if got := ids(r.Dispelled); len(got) != 1 || got[0] != "bestow-curse>orc-1" {
					t.Errorf("dispelled %v, want the curse alone", got)
				}
			}},
		{name: "DispelMagicEndsThirdLevelAndBelowAndChecksAbove", caster: mira(), spell: "dispel-magic", slot: 3, targets: []rules.Combatant{orc()},
			opts: spell.Options{Ability: rules.Int, Lasting: []spell.Lasting{curse, blessed, held, elsewhere}},
			// Hold Monster at 5th: an Intelligence check (+2) of 12 + 2 = 14 against DC 15 fails.
			faces: []int{12},
			check: func(t *testing.T, r spell.Result) {
				if got := ids(r.Dispelled); len(got) != 2 || got[0] != "bestow-curse>orc-1" || got[1] != "bless>orc-1" {
					t.Errorf("dispelled %v, want the curse and the blessing on the orc", got)
				}
			}},
		{name: "DispelMagicEndsAHigherSpellOnACheckOfItsDC", caster: mira(), spell: "dispel-magic", slot: 3, targets: []rules.Combatant{orc()},
			opts:  spell.Options{Ability: rules.Int, Lasting: []spell.Lasting{held}},
			faces: []int{13},
			check: func(t *testing.T, r spell.Result) {
				if got := ids(r.Dispelled); len(got) != 1 || got[0] != "hold-monster>orc-1" {
					t.Errorf("dispelled %v, want Hold Monster on a 15", got)
				}
			}},
		{name: "DispelMagicAt5thEndsA5thLevelSpellWithoutACheck", caster: withSlot(mira(), 5, 1), spell: "dispel-magic", slot: 5, targets: []rules.Combatant{orc()},
			opts: spell.Options{Ability: rules.Int, Lasting: []spell.Lasting{held}},
			check: func(t *testing.T, r spell.Result) {
				if got := ids(r.Dispelled); len(got) != 1 {
					t.Errorf("dispelled %v, want Hold Monster", got)
				}
			}},
	})
}
