package spell_test

import (
	"strings"
	"testing"

	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
)

// effectOn is the one effect r left on id, failing the test if there is
// not exactly one.
func effectOn(t *testing.T, r spell.Result, id string) spell.Effect {
	t.Helper()
	var out []spell.Effect
	for _, fx := range r.Effects {
		if fx.TargetID == id {
			out = append(out, fx)
		}
	}
	if len(out) != 1 {
		t.Fatalf("effects on %s: %+v, want one", id, out)
	}
	return out[0]
}

func TestAid(t *testing.T) {
	runCases(t, []castCase{
		{name: "AidRaisesThreeMaximumsByFive", caster: bram(), spell: "aid", slot: 2, targets: []rules.Combatant{bram(), mira(), dying(mira2())},
			changes: []rules.Change{slot("bram", 2, 0, 1)},
			summary: "Bram casts Aid (2nd level): Bram gains 5 to its hit point maximum and hit points for 8 hours; " +
				"Mira gains 5 to its hit point maximum and hit points for 8 hours; Lia gains 5 to its hit point maximum and hit points for 8 hours.",
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "mira"); fx.MaxHP != 5 || fx.Ends != "8 hours" || fx.Concentration {
					t.Errorf("effect %+v, want +5 for 8 hours", fx)
				}
			}},
		{name: "AidAt4thAddsFifteen", caster: withSlot(bram(), 4, 1), spell: "aid", slot: 4, targets: []rules.Combatant{mira()},
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "mira"); fx.MaxHP != 15 {
					t.Errorf("effect %+v, want +15", fx)
				}
			}},
	})
}

// mira2 is a second character, Lia.
func mira2() rules.Combatant { return named(mira(), "lia", "Lia") }

func TestSpeedAndArmor(t *testing.T) {
	runCases(t, []castCase{
		{name: "HasteGivesTwoACAndDoubleSpeed", caster: mira(), spell: "haste", slot: 3, targets: []rules.Combatant{bram()},
			changes: []rules.Change{slot("mira", 3, 0, 1), change("mira", rules.FieldConcentration, "", "haste")},
			summary: "Mira casts Haste (3rd level): Bram is hasted: +2 AC, double speed and advantage on Dexterity saving throws. " +
				"Bram also gains an action on each of its turns (one weapon attack, Dash, Disengage, Hide or Use an Object); " +
				"when Haste ends, Bram can't move or act until after its next turn.",
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "bram"); fx.AC != 2 || fx.Speed != 25 || !fx.Concentration {
					t.Errorf("effect %+v, want +2 AC and +25 ft under concentration", fx)
				}
			}},
		{name: "SlowTakesACAndHalfTheSpeedOnAFailedSave", caster: mira(), spell: "slow", slot: 3, targets: []rules.Combatant{orc(), goblin()}, opts: intel,
			// The orc's WIS save (+0) rolls 5, the goblin's (-1) 19.
			faces:   []int{5, 19},
			changes: []rules.Change{slot("mira", 3, 0, 1), change("mira", rules.FieldConcentration, "", "slow")},
			summary: "Mira casts Slow (3rd level): the orc fails its WIS save (DC 13, rolled 5) and is slowed: -2 AC and Dexterity saving throws, half speed; " +
				"the goblin saves (18). The orc can't take reactions, takes an action or a bonus action on its turn but not both, " +
				"makes no more than one attack, and on an 11 or higher on a d20 a 1-action spell it casts waits for its next turn.",
			check: func(t *testing.T, r spell.Result) {
				fx := effectOn(t, r, "orc-1")
				if fx.AC != -2 || fx.Speed != -15 || fx.RepeatSave != rules.Wis || fx.DC != 13 || !fx.Concentration {
					t.Errorf("effect %+v, want -2 AC, -15 ft, a Wisdom save against 13", fx)
				}
			}},
		{name: "SlowEndsOnARepeatedSave", caster: func() rules.Combatant { c := mira(); c.Concentration = "slow"; return c }(), spell: "slow", slot: 3,
			targets: []rules.Combatant{orc()}, opts: spell.Options{Ability: rules.Int, Ongoing: true},
			faces:   []int{14},
			changes: []rules.Change{},
			summary: "Mira's Slow: the orc makes its WIS save (DC 13, rolled 14)."},
		{name: "LongstriderTwoTargetsAt2nd", caster: mira(), spell: "longstrider", slot: 2, targets: []rules.Combatant{mira(), bram()},
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "bram"); fx.Speed != 10 || fx.Concentration || fx.Ends != "1 hour" {
					t.Errorf("effect %+v, want +10 ft for the hour", fx)
				}
			}},
	})
}

func TestAttackRollWards(t *testing.T) {
	runCases(t, []castCase{
		{name: "BlurOnTheCaster", caster: mira(), spell: "blur", slot: 2,
			changes: []rules.Change{slot("mira", 2, 0, 1), change("mira", rules.FieldConcentration, "", "blur")},
			summary: "Mira casts Blur (2nd level): Mira is blurred: attack rolls against it have disadvantage.",
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "mira"); fx.ID != "blur" || !fx.Concentration {
					t.Errorf("effect %+v", fx)
				}
			}},
		{name: "ProtectionFromEvilAndGoodWards", caster: bram(), spell: "protection-from-evil-and-good", slot: 1, targets: []rules.Combatant{mira()},
			summary: "Bram casts Protection from Evil and Good (1st level): Mira is warded: aberrations, celestials, elementals, fey, fiends and undead " +
				"have disadvantage on attack rolls against it. Mira can't be charmed, frightened or possessed by those creatures, " +
				"and has advantage on a new save against such an effect already on it."},
		{name: "InvisibilityTwoTargetsAt3rd", caster: mira(), spell: "invisibility", slot: 3, targets: []rules.Combatant{mira(), bram()},
			changes: []rules.Change{slot("mira", 3, 0, 1), change("mira", rules.FieldConcentration, "", "invisibility"),
				gained("mira", rules.Invisible), gained("bram", rules.Invisible)},
			summary: "Mira casts Invisibility (3rd level): Mira is invisible; Bram is invisible.",
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "bram"); fx.Condition != rules.Invisible || !strings.Contains(fx.Ends, "attacks or casts a spell") {
					t.Errorf("effect %+v", fx)
				}
			}},
		{name: "GreaterInvisibilityLastsThroughAttacks", caster: withSlot(mira(), 4, 1), spell: "greater-invisibility", slot: 4, targets: []rules.Combatant{bram()},
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "bram"); fx.Ends != "1 minute" {
					t.Errorf("effect %+v", fx)
				}
			}},
		{name: "TrueStrikeStudiesTheTarget", caster: mira(), spell: "true-strike", targets: []rules.Combatant{orc()},
			summary: "Mira casts True Strike: the orc is studied: Mira has advantage on the first attack roll against it on Mira's next turn.",
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "orc-1"); fx.Ends != "the end of the caster's next turn" || !fx.Concentration {
					t.Errorf("effect %+v", fx)
				}
			}},
	})
}

func TestDamageWards(t *testing.T) {
	paladin := named(bram(), "ser", "Ser")
	runCases(t, []castCase{
		{name: "StoneskinResistsNonmagicalWeapons", caster: withSlot(mira(), 4, 1), spell: "stoneskin", slot: 4, targets: []rules.Combatant{bram()},
			summary: "Mira casts Stoneskin (4th level): Bram resists nonmagical bludgeoning, piercing and slashing damage.",
			check: func(t *testing.T, r spell.Result) {
				fx := effectOn(t, r, "bram")
				if !fx.Nonmagical || fx.Resist != rules.SetOf(rules.Bludgeoning, rules.Piercing, rules.Slashing) || !fx.Concentration {
					t.Errorf("effect %+v", fx)
				}
			}},
		{name: "ProtectionFromEnergyResistsTheChosenType", caster: mira(), spell: "protection-from-energy", slot: 3, targets: []rules.Combatant{bram()},
			opts:    spell.Options{DamageType: rules.Fire},
			summary: "Mira casts Protection From Energy (3rd level): Bram resists fire damage.",
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "bram"); fx.Resist != rules.SetOf(rules.Fire) || fx.Nonmagical {
					t.Errorf("effect %+v", fx)
				}
			}},
		{name: "ProtectionFromEnergyDefaultsToAcid", caster: mira(), spell: "protection-from-energy", slot: 3, targets: []rules.Combatant{bram()},
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "bram"); fx.Resist != rules.SetOf(rules.Acid) {
					t.Errorf("effect %+v", fx)
				}
			}},
		{name: "DivineFavorAddsRadiantToTheCastersHits", caster: paladin, spell: "divine-favor", slot: 1,
			summary: "Ser casts Divine Favor (1st level): Ser deals 1d4 more radiant damage with each weapon hit.",
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "ser"); fx.Dice != "1d4" || fx.DamageType != rules.Radiant {
					t.Errorf("effect %+v", fx)
				}
			}},
		{name: "HuntersMarkMarksTheQuarry", caster: paladin, spell: "hunters-mark", slot: 1, targets: []rules.Combatant{orc()},
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "orc-1"); fx.Dice != "1d6" || fx.CasterID != "ser" || fx.DamageType != 0 || fx.Ends != "Up to 1 hour" {
					t.Errorf("effect %+v", fx)
				}
			}},
		{name: "HuntersMarkAt3rdLastsEightHours", caster: withSlot(paladin, 3, 1), spell: "hunters-mark", slot: 3, targets: []rules.Combatant{orc()},
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "orc-1"); fx.Ends != "Up to 8 hours" {
					t.Errorf("effect %+v", fx)
				}
			}},
		{name: "MagicWeaponPlusOne", caster: mira(), spell: "magic-weapon", slot: 2, targets: []rules.Combatant{bram()}, opts: spell.Options{Weapon: "mace"},
			summary: "Mira casts Magic Weapon (2nd level): Bram wields a magic mace: +1 to attack and damage rolls."},
		{name: "MagicWeaponPlusTwoAt4th", caster: withSlot(mira(), 4, 1), spell: "magic-weapon", slot: 4, targets: []rules.Combatant{bram()},
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "bram"); fx.Bonus != 2 || fx.Weapon != "" {
					t.Errorf("effect %+v", fx)
				}
			}},
		{name: "MagicWeaponPlusThreeAt6th", caster: withSlot(mira(), 6, 1), spell: "magic-weapon", slot: 6, targets: []rules.Combatant{bram()},
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "bram"); fx.Bonus != 3 {
					t.Errorf("effect %+v", fx)
				}
			}},
	})
}

func TestOneRollAndHeroism(t *testing.T) {
	runCases(t, []castCase{
		{name: "GuidanceAddsADieToOneCheck", caster: bram(), spell: "guidance", targets: []rules.Combatant{mira()},
			changes: []rules.Change{change("bram", rules.FieldConcentration, "", "guidance")},
			summary: "Bram casts Guidance: Mira may add 1d4 to one ability check.",
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "mira"); fx.Dice != "1d4" || !fx.Concentration {
					t.Errorf("effect %+v", fx)
				}
			}},
		{name: "ResistanceAddsADieToOneSave", caster: bram(), spell: "resistance", targets: []rules.Combatant{mira()},
			summary: "Bram casts Resistance: Mira may add 1d4 to one saving throw."},
		{name: "HeroismEndsFearAndPromisesTemporaryHitPoints", caster: bram(), spell: "heroism", slot: 2, opts: wis,
			targets: []rules.Combatant{with(mira(), rules.Frightened), orc()},
			changes: []rules.Change{slot("bram", 2, 0, 1), change("bram", rules.FieldConcentration, "", "heroism"), lost("mira", rules.Frightened)},
			summary: "Bram casts Heroism (2nd level): Mira is heroic: immune to being frightened, with 3 temporary hit points at the start of each of its turns " +
				"and is no longer frightened; the orc is heroic: immune to being frightened, with 3 temporary hit points at the start of each of its turns.",
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "orc-1"); fx.Dice != "3" || !fx.Immune.Has(rules.Frightened) {
					t.Errorf("effect %+v", fx)
				}
			}},
	})
}

func TestTeleports(t *testing.T) {
	runCases(t, []castCase{
		{name: "MistyStepTakesTheCasterAway", caster: mira(), spell: "misty-step", slot: 2,
			changes: []rules.Change{slot("mira", 2, 0, 1)},
			summary: "Mira casts Misty Step (2nd level): Mira teleports up to 30 feet.",
			check: func(t *testing.T, r spell.Result) {
				if len(r.Teleported) != 1 || r.Teleported[0] != "mira" {
					t.Errorf("teleported %v", r.Teleported)
				}
			}},
		{name: "DimensionDoorBringsACompanion", caster: withSlot(mira(), 4, 1), spell: "dimension-door", slot: 4, targets: []rules.Combatant{bram()},
			summary: "Mira casts Dimension Door (4th level): Mira teleports up to 500 feet; Bram teleports up to 500 feet.",
			check: func(t *testing.T, r spell.Result) {
				if len(r.Teleported) != 2 || r.Teleported[1] != "bram" {
					t.Errorf("teleported %v", r.Teleported)
				}
			}},
	})
}

func TestMirrorImage(t *testing.T) {
	runCases(t, []castCase{
		{name: "MirrorImageThreeDuplicates", caster: mira(), spell: "mirror-image", slot: 2,
			summary: "Mira casts Mirror Image (2nd level): Mira is surrounded by three illusory duplicates.",
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "mira"); fx.Left != 3 || fx.Ends != "1 minute" || fx.Concentration {
					t.Errorf("effect %+v", fx)
				}
			}},
	})
}

func TestHopeAndHolyAura(t *testing.T) {
	maxed := spell.Options{Ability: rules.Wis, Situations: map[string]spell.Situation{"mira": {MaxHealing: true}}}
	runCases(t, []castCase{
		{name: "BeaconOfHopeOnEveryTarget", caster: withSlot(bram(), 3, 1), spell: "beacon-of-hope", slot: 3, targets: []rules.Combatant{bram(), mira()},
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "mira"); !fx.Concentration || fx.ID != "beacon-of-hope" {
					t.Errorf("effect %+v", fx)
				}
			}},
		{name: "MaxHealingTakesTheTopOfTheDice", caster: bram(), spell: "cure-wounds", slot: 1, targets: []rules.Combatant{hp(mira(), 5)}, opts: maxed,
			// 1d8 + 3 at its most: 11, no die drawn.
			changes: []rules.Change{slot("bram", 1, 0, 1), change("mira", rules.FieldHP, 5, 16)}},
		{name: "HolyAuraKeepsTheDC", caster: withSlot(bram(), 8, 1), spell: "holy-aura", slot: 8, targets: []rules.Combatant{bram(), mira()}, opts: wis,
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "mira"); fx.DC != 13 || !fx.Concentration {
					t.Errorf("effect %+v", fx)
				}
			}},
	})
}

func TestBlink(t *testing.T) {
	runCases(t, []castCase{
		{name: "BlinkOnTheCaster", caster: mira(), spell: "blink", slot: 3,
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "mira"); fx.ID != "blink" || fx.Ends != "1 minute" || fx.Concentration {
					t.Errorf("effect %+v", fx)
				}
			}},
	})
}
