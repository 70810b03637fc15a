package spell_test

import (
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
)

var (
	intel = spell.Options{Ability: rules.Int}
	wis   = spell.Options{Ability: rules.Wis}
)

// withSlot gives c max slots of a level.
func withSlot(c rules.Combatant, level, max int) rules.Combatant {
	c.SpellSlots[level-1] = campaign.Slot{Max: max}
	return c
}

func tough(c rules.Combatant, n int) rules.Combatant {
	c.HP, c.MaxHP = n, n
	return c
}

// castCase is one casting and what it must come to.
type castCase struct {
	name    string
	caster  rules.Combatant
	spell   string
	slot    int
	targets []rules.Combatant
	opts    spell.Options
	faces   []int
	changes []rules.Change // nil: not checked
	summary string         // "": not checked
	check   func(t *testing.T, r spell.Result)
}

func runCases(t *testing.T, cases []castCase) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			r, err := spell.Cast(tt.caster, tt.spell, tt.slot, tt.targets, tt.opts, faces(t, tt.faces...), nil)
			if err != nil {
				t.Fatal(err)
			}
			if tt.changes != nil {
				wantChanges(t, r.Changes, tt.changes...)
			}
			if tt.summary != "" {
				wantSummary(t, r.Summary(), tt.summary)
			}
			if tt.check != nil {
				tt.check(t, r)
			}
		})
	}
}

func TestSaveForDamage(t *testing.T) {
	resistThunder := orc()
	resistThunder.Resistances = rules.SetOf(rules.Thunder)
	covered := spell.Options{Ability: rules.Wis, Situations: map[string]spell.Situation{"goblin-1": {Cover: rules.ThreeQuartersCover}}}
	runCases(t, []castCase{
		{name: "FireballHalfOnSave", caster: mira(), spell: "fireball", slot: 3, targets: []rules.Combatant{goblin(), orc()}, opts: intel,
			// 8d6 = 28; the goblin's DEX save 5+2 fails, the orc's 14+1 succeeds.
			faces: []int{3, 4, 3, 4, 3, 4, 3, 4, 5, 14},
			changes: []rules.Change{slot("mira", 3, 0, 1),
				change("goblin-1", rules.FieldHP, 7, 0), change("goblin-1", rules.FieldDead, false, true),
				change("orc-1", rules.FieldHP, 15, 1)},
			summary: "Mira casts Fireball (3rd level): the goblin fails its DEX save (DC 13, rolled 7) and takes 28 fire damage and dies; the orc saves (15) and takes 14.",
			check: func(t *testing.T, r spell.Result) {
				if r.DC != 13 || r.Shape != spell.ShapeSaveDamage || !r.SlotSpent {
					t.Errorf("DC %d shape %v slot spent %v", r.DC, r.Shape, r.SlotSpent)
				}
				if len(r.Rolls) != 3 || r.Rolls[0].Expr != "8d6" || r.Rolls[0].Total != 28 {
					t.Errorf("rolls %+v: want one 8d6 for 28, then two saves", r.Rolls)
				}
			}},
		{name: "FireballUpcastAddsDie", caster: withSlot(mira(), 4, 1), spell: "fireball", slot: 4, targets: []rules.Combatant{tough(orc(), 60)}, opts: intel,
			faces:   []int{1, 1, 1, 1, 1, 1, 1, 1, 2, 1},
			summary: "Mira casts Fireball (4th level): the orc fails its DEX save (DC 13, rolled 2) and takes 10 fire damage.",
			check: func(t *testing.T, r spell.Result) {
				if r.Rolls[0].Expr != "9d6" {
					t.Errorf("damage %s, want 9d6", r.Rolls[0].Expr)
				}
			}},
		{name: "FireballOnNobodySpendsTheSlot", caster: mira(), spell: "fireball", slot: 3, opts: intel,
			changes: []rules.Change{slot("mira", 3, 0, 1)},
			summary: "Mira casts Fireball (3rd level)."},
		{name: "BurningHandsSavingGoblinStillDies", caster: novice(), spell: "burning-hands", slot: 1, targets: []rules.Combatant{goblin(), orc()}, opts: intel,
			faces:   []int{6, 6, 6, 20, 2},
			summary: "Mira casts Burning Hands (1st level): the goblin makes its DEX save (DC 13, rolled 22) and takes 9 fire damage and dies; the orc fails (3) and takes 18 and dies."},
		{name: "ThunderwaveResistanceHalves", caster: novice(), spell: "thunderwave", slot: 1, targets: []rules.Combatant{resistThunder}, opts: intel,
			faces:   []int{4, 4, 1},
			changes: []rules.Change{slot("mira", 1, 0, 1), change("orc-1", rules.FieldHP, 15, 11)},
			summary: "Mira casts Thunderwave (1st level): the orc fails its CON save (DC 13, rolled 4) and takes 8 thunder damage (halved to 4 by resistance). The orc is pushed 10 feet away from Mira."},
		{name: "SacredFlameIgnoresCover", caster: bram(), spell: "sacred-flame", targets: []rules.Combatant{goblin()}, opts: covered,
			// 11 fails DC 13; three-quarters cover would have made it 16.
			faces:   []int{5, 9},
			changes: []rules.Change{change("goblin-1", rules.FieldHP, 7, 2)},
			summary: "Bram casts Sacred Flame: the goblin fails its DEX save (DC 13, rolled 11) and takes 5 radiant damage."},
		{name: "SacredFlameNoDamageOnSave", caster: bram(), spell: "sacred-flame", targets: []rules.Combatant{goblin()}, opts: wis,
			faces:   []int{5, 15},
			summary: "Bram casts Sacred Flame: the goblin makes its DEX save (DC 13, rolled 17) and takes no damage."},
		{name: "ParalyzedTargetFailsDexSaveAutomatically", caster: mira(), spell: "fireball", slot: 3, targets: []rules.Combatant{with(tough(orc(), 60), rules.Paralyzed)}, opts: intel,
			faces:   []int{1, 1, 1, 1, 1, 1, 1, 1},
			summary: "Mira casts Fireball (3rd level): the orc automatically fails its DEX save (DC 13, paralyzed) and takes 8 fire damage."},
		{name: "FlameStrikeHalvesEachType", caster: withSlot(bram(), 5, 1), spell: "flame-strike", slot: 5, targets: []rules.Combatant{tough(orc(), 60)}, opts: wis,
			faces:   []int{3, 3, 3, 3, 4, 4, 4, 4, 20},
			changes: []rules.Change{slot("bram", 5, 0, 1), change("orc-1", rules.FieldHP, 60, 46)},
			summary: "Bram casts Flame Strike (5th level): the orc makes its DEX save (DC 13, rolled 21) and takes 6 fire and 8 radiant damage."},
		{name: "DisintegrateTurnsToDust", caster: withSlot(mira(), 6, 1), spell: "disintegrate", slot: 6,
			targets: []rules.Combatant{func() rules.Combatant { b := bram(); b.HP, b.MaxHP = 45, 100; return b }()}, opts: intel,
			faces: []int{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1},
			changes: []rules.Change{slot("mira", 6, 0, 1), change("bram", rules.FieldHP, 45, 0),
				gained("bram", rules.Unconscious), gained("bram", rules.Prone), change("bram", rules.FieldDead, false, true)},
			summary: "Mira casts Disintegrate (6th level): Bram fails its DEX save (DC 13, rolled 1) and takes 50 force damage and is turned to dust."},
		{name: "DisintegrateUpcastAddsThreeDice", caster: withSlot(mira(), 7, 1), spell: "disintegrate", slot: 7, targets: []rules.Combatant{tough(orc(), 200)}, opts: intel,
			faces: []int{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 20},
			check: func(t *testing.T, r spell.Result) {
				if r.Rolls[0].Expr != "10d6+40+3d6" || r.Rolls[0].Total != 53 {
					t.Errorf("damage %s = %d, want 10d6+40+3d6 = 53", r.Rolls[0].Expr, r.Rolls[0].Total)
				}
			}},
		{name: "SunburstBlindsOnFail", caster: withSlot(bram(), 8, 1), spell: "sunburst", slot: 8, targets: []rules.Combatant{tough(orc(), 100)}, opts: wis,
			faces: []int{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1},
			changes: []rules.Change{slot("bram", 8, 0, 1), change("orc-1", rules.FieldHP, 100, 88),
				gained("orc-1", rules.Blinded)},
			check: func(t *testing.T, r spell.Result) {
				if len(r.Effects) != 1 || r.Effects[0].RepeatSave != rules.Con || r.Effects[0].DC != 13 {
					t.Errorf("effects %+v: want blinded with a repeated CON save against 13", r.Effects)
				}
			}},
		{name: "HellishRebukeHalfOnSave", caster: novice(), spell: "hellish-rebuke", slot: 1, targets: []rules.Combatant{orc()}, opts: spell.Options{Ability: rules.Cha},
			// Mira's Charisma 10: DC 10. 2d10 = 13; the orc's 9+1 saves.
			faces:   []int{6, 7, 9},
			changes: []rules.Change{slot("mira", 1, 0, 1), change("orc-1", rules.FieldHP, 15, 9)},
			summary: "Mira casts Hellish Rebuke (1st level) as a reaction: the orc makes its DEX save (DC 10, rolled 10) and takes 6 fire damage.",
			check: func(t *testing.T, r spell.Result) {
				if !r.Reaction {
					t.Error("not a reaction")
				}
			}},
		{name: "HellishRebukeUpcastAddsD10", caster: mira(), spell: "hellish-rebuke", slot: 2, targets: []rules.Combatant{tough(orc(), 60)}, opts: spell.Options{Ability: rules.Cha},
			faces: []int{1, 1, 1, 1},
			check: func(t *testing.T, r spell.Result) {
				if r.Rolls[0].Expr != "3d10" {
					t.Errorf("damage %s, want 3d10", r.Rolls[0].Expr)
				}
			}},
	})
}

func TestSpellAttacks(t *testing.T) {
	runCases(t, []castCase{
		{name: "FireBoltHitsAndKills", caster: novice(), spell: "fire-bolt", targets: []rules.Combatant{goblin()}, opts: intel,
			faces:   []int{12, 7},
			changes: []rules.Change{change("goblin-1", rules.FieldHP, 7, 0), change("goblin-1", rules.FieldDead, false, true)},
			summary: "Mira casts Fire Bolt: the goblin is hit (17 vs AC 15) and takes 7 fire damage and dies.",
			check: func(t *testing.T, r spell.Result) {
				if r.AttackBonus != 5 || r.SlotSpent {
					t.Errorf("attack bonus %d, slot spent %v: want +5 and no slot", r.AttackBonus, r.SlotSpent)
				}
			}},
		{name: "FireBoltMissesAndRollsNoDamage", caster: novice(), spell: "fire-bolt", targets: []rules.Combatant{goblin()}, opts: intel,
			faces:   []int{2},
			summary: "Mira casts Fire Bolt: the goblin is missed (7 vs AC 15)."},
		{name: "InflictWoundsCritDoublesDice", caster: bram(), spell: "inflict-wounds", slot: 1, targets: []rules.Combatant{tough(orc(), 60)}, opts: wis,
			faces:   []int{20, 1, 1, 1, 1, 1, 1},
			summary: "Bram casts Inflict Wounds (1st level): the orc is critically hit (natural 20, 25 vs AC 13) and takes 6 necrotic damage.",
			check: func(t *testing.T, r spell.Result) {
				if d := r.Rolls[1]; d.Expr != "3d10" || !d.Critical || len(d.Rolls) != 6 {
					t.Errorf("damage roll %+v: want 3d10 doubled to six dice", d)
				}
			}},
		{name: "GuidingBoltGrantsAdvantageOnNextAttack", caster: bram(), spell: "guiding-bolt", slot: 1, targets: []rules.Combatant{tough(orc(), 60)}, opts: wis,
			faces:   []int{10, 1, 2, 3, 4},
			summary: "Bram casts Guiding Bolt (1st level): the orc is hit (15 vs AC 13) and takes 10 radiant damage. The next attack roll against the orc before the end of Bram's next turn has advantage.",
			check: func(t *testing.T, r spell.Result) {
				if len(r.Effects) != 1 || r.Effects[0].ID != "guiding-bolt" || r.Effects[0].TargetID != "orc-1" {
					t.Errorf("effects %+v", r.Effects)
				}
			}},
		{name: "RangedSpellAttackFromAdjacentHasDisadvantage", caster: novice(), spell: "fire-bolt", targets: []rules.Combatant{goblin()},
			opts:    spell.Options{Ability: rules.Int, Situations: map[string]spell.Situation{"goblin-1": {Distance: 5}}},
			faces:   []int{18, 3},
			summary: "Mira casts Fire Bolt: the goblin is missed (8 vs AC 15, with disadvantage)."},
		{name: "SpiritualWeaponAddsModifier", caster: bram(), spell: "spiritual-weapon", slot: 2, targets: []rules.Combatant{tough(orc(), 60)}, opts: wis,
			faces:   []int{10, 5},
			summary: "Bram casts Spiritual Weapon (2nd level): the orc is hit (15 vs AC 13) and takes 8 force damage."},
		{name: "SpiritualWeaponWithoutATarget", caster: bram(), spell: "spiritual-weapon", slot: 2, opts: wis,
			changes: []rules.Change{slot("bram", 2, 0, 1)},
			summary: "Bram casts Spiritual Weapon (2nd level)."},
		{name: "VampiricTouchHealsCasterHalf", caster: hp(mira(), 10), spell: "vampiric-touch", slot: 3, targets: []rules.Combatant{tough(orc(), 60)}, opts: intel,
			faces: []int{10, 3, 4, 5},
			changes: []rules.Change{slot("mira", 3, 0, 1), change("mira", rules.FieldConcentration, "", "vampiric-touch"),
				change("orc-1", rules.FieldHP, 60, 48), change("mira", rules.FieldHP, 10, 16)},
			summary: "Mira casts Vampiric Touch (3rd level): the orc is hit (15 vs AC 13) and takes 12 necrotic damage, and Mira regains 6 HP (16/27 HP)."},
		{name: "ContagionPoisonsOnHit", caster: withSlot(bram(), 5, 1), spell: "contagion", slot: 5, targets: []rules.Combatant{orc()}, opts: wis,
			faces:   []int{10},
			changes: []rules.Change{slot("bram", 5, 0, 1), gained("orc-1", rules.Poisoned)},
			summary: "Bram casts Contagion (5th level): the orc is hit (15 vs AC 13) and is poisoned."},
	})
}

func TestCantripScalesWithLevel(t *testing.T) {
	for _, tt := range []struct {
		name  string
		level int
		dice  string
	}{
		{"Level1RollsOneDie", 1, "1d10"}, {"Level4RollsOneDie", 4, "1d10"}, {"Level5RollsTwoDice", 5, "2d10"},
		{"Level11RollsThreeDice", 11, "3d10"}, {"Level17RollsFourDice", 17, "4d10"}, {"Level20RollsFourDice", 20, "4d10"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := novice()
			c.Level = tt.level
			n := map[string]int{"1d10": 1, "2d10": 2, "3d10": 3, "4d10": 4}[tt.dice]
			f := []int{15}
			for range n {
				f = append(f, 1)
			}
			r, err := spell.Cast(c, "fire-bolt", 0, []rules.Combatant{tough(orc(), 60)}, intel, faces(t, f...), nil)
			if err != nil {
				t.Fatal(err)
			}
			if got := r.Rolls[1].Expr; got != tt.dice {
				t.Errorf("damage %s, want %s", got, tt.dice)
			}
		})
	}
	t.Run("CasterLevelOptionScalesAMonster", func(t *testing.T) {
		c := goblin()
		r, err := spell.Cast(c, "fire-bolt", 0, []rules.Combatant{tough(orc(), 60)},
			spell.Options{Ability: rules.Int, CasterLevel: 11}, faces(t, 20, 1, 1, 1, 1, 1, 1), nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := r.Rolls[1].Expr; got != "3d10" {
			t.Errorf("damage %s, want 3d10", got)
		}
	})
}

func TestHealing(t *testing.T) {
	dying := hp(mira(), 0)
	dying.Conditions = rules.SetOf(rules.Unconscious, rules.Prone)
	dying.DeathSaves.Failures = 1
	runCases(t, []castCase{
		{name: "CureWoundsAddsModifier", caster: bram(), spell: "cure-wounds", slot: 1, targets: []rules.Combatant{hp(mira(), 3)}, opts: wis,
			faces:   []int{6},
			changes: []rules.Change{slot("bram", 1, 0, 1), change("mira", rules.FieldHP, 3, 12)},
			summary: "Bram casts Cure Wounds (1st level): Mira regains 9 HP (12/27 HP).",
			check: func(t *testing.T, r spell.Result) {
				if r.Rolls[0].Expr != "1d8+3" {
					t.Errorf("healing %s, want 1d8+3", r.Rolls[0].Expr)
				}
			}},
		{name: "CureWoundsUpcastAddsDie", caster: bram(), spell: "cure-wounds", slot: 2, targets: []rules.Combatant{hp(mira(), 3)}, opts: wis,
			faces:   []int{6, 2},
			summary: "Bram casts Cure Wounds (2nd level): Mira regains 11 HP (14/27 HP)."},
		{name: "HealingWordRevivesTheDying", caster: bram(), spell: "healing-word", slot: 1, targets: []rules.Combatant{dying}, opts: wis,
			faces: []int{2},
			changes: []rules.Change{slot("bram", 1, 0, 1), change("mira", rules.FieldHP, 0, 5),
				lost("mira", rules.Unconscious), change("mira", rules.FieldDeathFailures, 1, 0)},
			summary: "Bram casts Healing Word (1st level): Mira regains 5 HP and regains consciousness (5/27 HP)."},
		{name: "HealingStopsAtMaximum", caster: bram(), spell: "cure-wounds", slot: 1, targets: []rules.Combatant{hp(mira(), 25)}, opts: wis,
			faces:   []int{8},
			summary: "Bram casts Cure Wounds (1st level): Mira regains 2 of 11 HP, up to the maximum (27/27 HP)."},
		{name: "HealCuresBlindness", caster: withSlot(bram(), 6, 1), spell: "heal", slot: 6, targets: []rules.Combatant{with(hp(mira(), 1), rules.Blinded)},
			changes: []rules.Change{slot("bram", 6, 0, 1), change("mira", rules.FieldHP, 1, 27), lost("mira", rules.Blinded)},
			summary: "Bram casts Heal (6th level): Mira regains 26 of 70 HP, up to the maximum (27/27 HP) and is no longer blinded."},
		{name: "MassCureWoundsRollsForEach", caster: withSlot(bram(), 5, 1), spell: "mass-cure-wounds", slot: 5,
			// The caster among the targets is the caster as given (10 HP).
			targets: []rules.Combatant{hp(mira(), 1), hp(bram(), 1)}, opts: wis,
			faces:   []int{1, 1, 1, 2, 2, 2},
			summary: "Bram casts Mass Cure Wounds (5th level): Mira regains 6 HP (7/27 HP); Bram regains 9 HP (19/24 HP)."},
	})
}

func TestConditions(t *testing.T) {
	concentrating := bandit()
	concentrating.Concentration = "shield-of-faith"
	held := with(bandit(), rules.Paralyzed)
	holding := mira()
	holding.Concentration = "hold-person"
	laughing := with(bandit(), rules.Prone, rules.Incapacitated)
	laughter := mira()
	laughter.Concentration = "hideous-laughter"
	runCases(t, []castCase{
		{name: "HoldPersonParalyzesOnFail", caster: mira(), spell: "hold-person", slot: 2, targets: []rules.Combatant{bandit()}, opts: intel,
			faces: []int{5},
			changes: []rules.Change{slot("mira", 2, 0, 1), change("mira", rules.FieldConcentration, "", "hold-person"),
				gained("bandit-1", rules.Paralyzed)},
			summary: "Mira casts Hold Person (2nd level): the bandit fails its WIS save (DC 13, rolled 5) and is paralyzed.",
			check: func(t *testing.T, r spell.Result) {
				want := spell.Effect{ID: "paralyzed", Spell: "hold-person", CasterID: "mira", TargetID: "bandit-1",
					Condition: rules.Paralyzed, Concentration: true, RepeatSave: rules.Wis, DC: 13,
					Ends: "1 minute, or until it succeeds on a Wisdom save at the end of one of its turns"}
				if len(r.Effects) != 1 || r.Effects[0].ID != want.ID || r.Effects[0].RepeatSave != want.RepeatSave ||
					r.Effects[0].DC != want.DC || !r.Effects[0].Concentration || r.Effects[0].Ends != want.Ends {
					t.Errorf("effects %+v, want %+v", r.Effects, want)
				}
			}},
		{name: "HoldPersonNoEffectOnSave", caster: mira(), spell: "hold-person", slot: 2, targets: []rules.Combatant{bandit()}, opts: intel,
			faces:   []int{13},
			changes: []rules.Change{slot("mira", 2, 0, 1), change("mira", rules.FieldConcentration, "", "hold-person")},
			summary: "Mira casts Hold Person (2nd level): the bandit makes its WIS save (DC 13, rolled 13)."},
		{name: "HoldPersonUpcastTakesTwo", caster: mira(), spell: "hold-person", slot: 3, targets: []rules.Combatant{bandit(), named(bandit(), "bandit-2", "the second bandit")}, opts: intel,
			faces:   []int{1, 20},
			summary: "Mira casts Hold Person (3rd level): the bandit fails its WIS save (DC 13, rolled 1) and is paralyzed; the second bandit saves (20)."},
		{name: "HoldPersonBreaksTargetsConcentration", caster: mira(), spell: "hold-person", slot: 2, targets: []rules.Combatant{concentrating}, opts: intel,
			faces: []int{5},
			changes: []rules.Change{slot("mira", 2, 0, 1), change("mira", rules.FieldConcentration, "", "hold-person"),
				gained("bandit-1", rules.Paralyzed), change("bandit-1", rules.FieldConcentration, "shield-of-faith", "")},
			summary: "Mira casts Hold Person (2nd level): the bandit fails its WIS save (DC 13, rolled 5) and is paralyzed and loses concentration on shield-of-faith."},
		{name: "HoldPersonSaveEndsIt", caster: holding, spell: "hold-person", slot: 2, targets: []rules.Combatant{held}, opts: spell.Options{Ability: rules.Int, Ongoing: true},
			faces:   []int{15},
			changes: []rules.Change{lost("bandit-1", rules.Paralyzed)},
			summary: "Mira's Hold Person: the bandit makes its WIS save (DC 13, rolled 15) and is no longer paralyzed."},
		{name: "HoldPersonHoldsOnFailedResave", caster: holding, spell: "hold-person", slot: 2, targets: []rules.Combatant{held}, opts: spell.Options{Ability: rules.Int, Ongoing: true},
			faces:   []int{4},
			changes: []rules.Change{},
			summary: "Mira's Hold Person: the bandit fails its WIS save (DC 13, rolled 4) and remains under Hold Person."},
		{name: "HideousLaughterLeavesProneWhenItEnds", caster: laughter, spell: "hideous-laughter", slot: 1, targets: []rules.Combatant{laughing}, opts: spell.Options{Ability: rules.Int, Ongoing: true},
			faces:   []int{18},
			changes: []rules.Change{lost("bandit-1", rules.Incapacitated)},
			summary: "Mira's Hideous Laughter: the bandit makes its WIS save (DC 13, rolled 18) and is no longer incapacitated."},
		{name: "HideousLaughterKnocksProne", caster: mira(), spell: "hideous-laughter", slot: 1, targets: []rules.Combatant{bandit()}, opts: intel,
			faces: []int{3},
			changes: []rules.Change{slot("mira", 1, 0, 1), change("mira", rules.FieldConcentration, "", "hideous-laughter"),
				gained("bandit-1", rules.Prone), gained("bandit-1", rules.Incapacitated)},
			summary: "Mira casts Hideous Laughter (1st level): the bandit fails its WIS save (DC 13, rolled 3) and is prone and incapacitated. The bandit can't stand up while it laughs."},
		{name: "BlindnessDeafnessCasterChoosesDeafened", caster: mira(), spell: "blindness-deafness", slot: 2, targets: []rules.Combatant{bandit()},
			opts:    spell.Options{Ability: rules.Int, Condition: rules.Deafened},
			faces:   []int{3},
			changes: []rules.Change{slot("mira", 2, 0, 1), gained("bandit-1", rules.Deafened)}},
		{name: "CharmImmuneTargetUnaffected", caster: mira(), spell: "charm-person", slot: 1,
			targets: []rules.Combatant{func() rules.Combatant { b := bandit(); b.ConditionImmunities = rules.SetOf(rules.Charmed); return b }()}, opts: intel,
			faces:   []int{3},
			changes: []rules.Change{slot("mira", 1, 0, 1)},
			summary: "Mira casts Charm Person (1st level): the bandit fails its WIS save (DC 13, rolled 3) but is immune to being charmed."},
		{name: "PhantasmalKillerFrightensWithoutDamageOnCast", caster: withSlot(mira(), 4, 1), spell: "phantasmal-killer", slot: 4, targets: []rules.Combatant{bandit()}, opts: intel,
			faces:   []int{3},
			changes: []rules.Change{slot("mira", 4, 0, 1), change("mira", rules.FieldConcentration, "", "phantasmal-killer"), gained("bandit-1", rules.Frightened)}},
	})
}

func TestOngoingEffects(t *testing.T) {
	beaming := mira()
	beaming.Concentration = "moonbeam"
	killer := mira()
	killer.Concentration = "phantasmal-killer"
	runCases(t, []castCase{
		{name: "MoonbeamCastAffectsNobody", caster: mira(), spell: "moonbeam", slot: 2,
			changes: []rules.Change{slot("mira", 2, 0, 1), change("mira", rules.FieldConcentration, "", "moonbeam")},
			summary: "Mira casts Moonbeam (2nd level), which affects no one until it is set off.",
			check: func(t *testing.T, r spell.Result) {
				if !r.Idle {
					t.Error("not idle")
				}
			}},
		{name: "MoonbeamBurnsACreatureStartingItsTurnThere", caster: beaming, spell: "moonbeam", slot: 2, targets: []rules.Combatant{orc()},
			opts:    spell.Options{Ability: rules.Int, Ongoing: true},
			faces:   []int{4, 6, 15},
			changes: []rules.Change{change("orc-1", rules.FieldHP, 15, 10)},
			summary: "Mira's Moonbeam: the orc makes its CON save (DC 13, rolled 18) and takes 5 radiant damage."},
		{name: "MoonbeamGoesOnWhileTheCasterSleeps", caster: with(beaming, rules.Unconscious), spell: "moonbeam", slot: 2, targets: []rules.Combatant{orc()},
			opts:  spell.Options{Ability: rules.Int, Ongoing: true},
			faces: []int{5, 5, 2}},
		{name: "PhantasmalKillerHurtsOnFailedResave", caster: killer, spell: "phantasmal-killer", slot: 4, targets: []rules.Combatant{with(tough(bandit(), 40), rules.Frightened)},
			opts:    spell.Options{Ability: rules.Int, Ongoing: true},
			faces:   []int{2, 1, 2, 3, 4},
			changes: []rules.Change{change("bandit-1", rules.FieldHP, 40, 30)},
			summary: "Mira's Phantasmal Killer: the bandit fails its WIS save (DC 13, rolled 2) and takes 10 psychic damage and remains under Phantasmal Killer."},
		{name: "HeatMetalBurnsWithoutASave", caster: mira(), spell: "heat-metal", slot: 2, targets: []rules.Combatant{orc()},
			faces:   []int{3, 5},
			changes: []rules.Change{slot("mira", 2, 0, 1), change("mira", rules.FieldConcentration, "", "heat-metal"), change("orc-1", rules.FieldHP, 15, 7)},
			summary: "Mira casts Heat Metal (2nd level): the orc takes 8 fire damage. The orc, if holding or wearing the object, must succeed on a Constitution save or drop it; " +
				"if it keeps it, it has disadvantage on attack rolls and ability checks until the start of Mira's next turn."},
		{name: "NarrativeSpellSpendsSlotAndConcentration", caster: mira(), spell: "clairvoyance", slot: 3, targets: []rules.Combatant{bram()},
			changes: []rules.Change{slot("mira", 3, 0, 1), change("mira", rules.FieldConcentration, "", "clairvoyance")},
			summary: "Mira casts Clairvoyance (3rd level) on Bram."},
	})
}
