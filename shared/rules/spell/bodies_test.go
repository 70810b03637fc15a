package spell_test

import (
	"testing"

	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
)

// unwilling marks the targets as resisting the spell.
func unwilling(opts spell.Options, ids ...string) spell.Options {
	for _, id := range ids {
		opts.Situate(id, func(s *spell.Situation) { s.Unwilling = true })
	}
	return opts
}

func TestBodySpells(t *testing.T) {
	wis := spell.Options{Ability: rules.Wis}
	runCases(t, []castCase{
		{name: "ShillelaghMakesTheQuarterstaffAD8WithWisdom", caster: bram(), spell: "shillelagh",
			opts:    spell.Options{Ability: rules.Wis, Weapon: "quarterstaff"},
			changes: []rules.Change{},
			summary: "Bram casts Shillelagh: Bram imbues its quarterstaff: magical, a d8 for its damage die and Wisdom for its attack and damage rolls.",
			check: func(t *testing.T, r spell.Result) {
				fx := effectOn(t, r, "bram")
				if fx.ID != spell.ShillelaghID || fx.Ability != rules.Wis || fx.Dice != "1d8" || fx.Weapon != "quarterstaff" || fx.Concentration || fx.Ends != "1 minute" {
					t.Errorf("effect %+v, want a d8 quarterstaff with Wisdom for 1 minute", fx)
				}
			}},
		{name: "EnlargeOnAnAllyNeedsNoSave", caster: mira(), spell: "enlarge-reduce", slot: 2, targets: []rules.Combatant{bram()}, opts: intel,
			changes: []rules.Change{slot("mira", 2, 0, 1), change("mira", rules.FieldConcentration, "", "enlarge-reduce")},
			summary: "Mira casts Enlarge/Reduce (2nd level): Bram is enlarged: its weapon attacks deal 1d4 more damage, and it has advantage on Strength checks and saving throws.",
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "bram"); fx.ID != spell.EnlargedID || fx.Dice != "1d4" || !fx.Concentration {
					t.Errorf("effect %+v, want enlarged by 1d4 under concentration", fx)
				}
			}},
		{name: "ReduceOnAFoeThatFailsItsConstitutionSave", caster: mira(), spell: "enlarge-reduce", slot: 2, targets: []rules.Combatant{orc()},
			opts: unwilling(spell.Options{Ability: rules.Int, Form: "reduce"}, "orc-1"),
			// The orc's CON save (+3) rolls 5: 8 against DC 13.
			faces: []int{5},
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "orc-1"); fx.ID != spell.ReducedID || fx.Dice != "1d4" {
					t.Errorf("effect %+v, want reduced by 1d4", fx)
				}
				if sv := r.Targets[0].Save; sv == nil || sv.Ability != rules.Con || sv.DC != 13 {
					t.Errorf("save %+v, want a DC 13 Constitution save", sv)
				}
			}},
		{name: "ReduceFailsOnAFoeThatSaves", caster: mira(), spell: "enlarge-reduce", slot: 2, targets: []rules.Combatant{orc()},
			opts: unwilling(spell.Options{Ability: rules.Int, Form: "reduce"}, "orc-1"), faces: []int{15},
			check: func(t *testing.T, r spell.Result) {
				if len(r.Effects) != 0 || r.Targets[0].Affected {
					t.Errorf("effects %+v, want none on a save of 18", r.Effects)
				}
			}},
		{name: "ExpeditiousRetreatLetsTheCasterDash", caster: mira(), spell: "expeditious-retreat", slot: 1,
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "mira"); fx.ID != spell.RetreatID || !fx.Concentration {
					t.Errorf("effect %+v, want the retreat under concentration", fx)
				}
			}},
		{name: "FlyAt4thTakesTwoAndPlaysSixtyFeet", caster: withSlot(mira(), 4, 1), spell: "fly", slot: 4, targets: []rules.Combatant{mira(), bram()},
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "mira"); fx.Speed != 30 || !fx.Concentration {
					t.Errorf("effect on Mira %+v, want +30 ft (60 flying, 30 walking)", fx)
				}
				if fx := effectOn(t, r, "bram"); fx.Speed != 35 {
					t.Errorf("effect on Bram %+v, want +35 ft (60 flying, 25 walking)", fx)
				}
			}},
		{name: "GaseousFormResistsNonmagicalDamageAndFliesTenFeet", caster: mira(), spell: "gaseous-form", slot: 3, targets: []rules.Combatant{bram()},
			check: func(t *testing.T, r spell.Result) {
				fx := effectOn(t, r, "bram")
				if fx.ID != spell.GaseousID || fx.Speed != -15 || !fx.Nonmagical || !fx.Resist.Has(rules.Fire) || !fx.Resist.Has(rules.Slashing) || fx.Resist.Len() != 13 {
					t.Errorf("effect %+v, want 10 ft of speed and resistance to every nonmagical damage", fx)
				}
			}},
		{name: "AlterSelfGrowsPiercingNaturalWeapons", caster: mira(), spell: "alter-self", slot: 2,
			opts: spell.Options{DamageType: rules.Piercing},
			check: func(t *testing.T, r spell.Result) {
				fx := effectOn(t, r, "mira")
				if fx.ID != spell.NaturalWeaponsID || fx.Dice != "1d6" || fx.Bonus != 1 || fx.DamageType != rules.Piercing {
					t.Errorf("effect %+v, want 1d6 piercing at +1", fx)
				}
			}},
		{name: "AlterSelfAquaticIsTold", caster: mira(), spell: "alter-self", slot: 2, opts: spell.Options{Form: "aquatic-adaptation"},
			summary: "Mira casts Alter Self (2nd level): Mira adapts to water: it breathes underwater, with a swimming speed of 30 feet.",
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "mira"); fx.ID != "alter-self" || fx.Dice != "" {
					t.Errorf("effect %+v, want one told", fx)
				}
			}},
		{name: "DarkvisionSeesInTheDark", caster: mira(), spell: "darkvision", slot: 2, targets: []rules.Combatant{bram()},
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "bram"); fx.ID != spell.DarkvisionID || fx.Ends != "8 hours" {
					t.Errorf("effect %+v, want darkvision for 8 hours", fx)
				}
			}},
		{name: "LightOnTheCastersOwnTorch", caster: bram(), spell: "light", opts: wis,
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "bram"); fx.ID != spell.BrightLightID {
					t.Errorf("effect %+v, want bright light", fx)
				}
			}},
		{name: "LightOnAFoesShieldIfItFailsADexteritySave", caster: bram(), spell: "light", targets: []rules.Combatant{goblin()},
			// The goblin's DEX save (+2) rolls 3: 5 against Bram's DC 13.
			opts: unwilling(wis, "goblin-1"), faces: []int{3},
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "goblin-1"); fx.ID != spell.BrightLightID {
					t.Errorf("effect %+v, want bright light on the goblin", fx)
				}
			}},
		{name: "DancingLightsAreDim", caster: mira(), spell: "dancing-lights",
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "mira"); fx.ID != spell.DimLightID || !fx.Concentration {
					t.Errorf("effect %+v, want dim light under concentration", fx)
				}
			}},
		{name: "DaylightIsBrightForAnHour", caster: withSlot(bram(), 3, 1), spell: "daylight", slot: 3,
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "bram"); fx.ID != spell.BrightLightID || fx.Concentration || fx.Ends != "1 hour" {
					t.Errorf("effect %+v, want bright light for an hour", fx)
				}
			}},
		{name: "FogCloudLiesOnTheFight", caster: mira(), spell: "fog-cloud", slot: 1, targets: []rules.Combatant{orc()},
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "mira"); fx.ID != spell.FogID || !fx.Concentration {
					t.Errorf("effect %+v, want the fog held by concentration", fx)
				}
			}},
		{name: "WaterBreathingTakesTen", caster: withSlot(mira(), 3, 1), spell: "water-breathing", slot: 3,
			targets: []rules.Combatant{mira(), bram(), mira2(), named(bram(), "b2", "B2"), named(bram(), "b3", "B3"), named(bram(), "b4", "B4"),
				named(bram(), "b5", "B5"), named(bram(), "b6", "B6"), named(bram(), "b7", "B7"), named(bram(), "b8", "B8")},
			check: func(t *testing.T, r spell.Result) {
				if len(r.Effects) != 10 || r.Effects[9].Ends != "24 hours" {
					t.Errorf("effects %+v, want ten for 24 hours", r.Effects)
				}
			}},
	})
}

func TestBodySpellsRefused(t *testing.T) {
	for _, tt := range []struct {
		name    string
		caster  rules.Combatant
		spell   string
		slot    int
		targets []rules.Combatant
		opts    spell.Options
	}{
		{"ShillelaghOnALongsword", bram(), "shillelagh", 0, nil, spell.Options{Ability: rules.Wis, Weapon: "longsword"}},
		{"ShillelaghOnAnothersStaff", bram(), "shillelagh", 0, []rules.Combatant{mira()}, spell.Options{Ability: rules.Wis}},
		{"EnlargeToAnUnknownForm", mira(), "enlarge-reduce", 2, []rules.Combatant{bram()}, spell.Options{Ability: rules.Int, Form: "shrink"}},
		{"AlterSelfWithFireClaws", mira(), "alter-self", 2, nil, spell.Options{DamageType: rules.Fire}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := spell.Cast(tt.caster, tt.spell, tt.slot, tt.targets, tt.opts, faces(t), nil)
			if fault.ReasonOf(err) != spell.ReasonInvalidArgs {
				t.Errorf("error %v, want an invalid_args refusal", err)
			}
		})
	}
}
