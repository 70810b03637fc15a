package spell_test

import (
	"testing"

	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
)

func TestMagicMissile(t *testing.T) {
	concentrating := tough(orc(), 40)
	concentrating.Concentration = "hex"
	runCases(t, []castCase{
		{name: "MagicMissileThreeDartsAt1st", caster: novice(), spell: "magic-missile", slot: 1, targets: []rules.Combatant{orc()},
			faces: []int{1, 2, 3},
			changes: []rules.Change{slot("mira", 1, 0, 1), change("orc-1", rules.FieldHP, 15, 13),
				change("orc-1", rules.FieldHP, 13, 10), change("orc-1", rules.FieldHP, 10, 6)},
			summary: "Mira casts Magic Missile (1st level): the orc is struck by 3 darts and takes 2 force damage, then 3, then 4.",
			check: func(t *testing.T, r spell.Result) {
				if len(r.Rolls) != 3 {
					t.Fatalf("%d rolls, want one per dart", len(r.Rolls))
				}
				for _, roll := range r.Rolls {
					if roll.Expr != "1d4+1" || roll.Reason != "damage" {
						t.Errorf("roll %s (%s), want 1d4+1 damage", roll.Expr, roll.Reason)
					}
				}
			}},
		{name: "UpcastAddsDart", caster: mira(), spell: "magic-missile", slot: 3, targets: []rules.Combatant{tough(orc(), 60)},
			faces: []int{1, 1, 1, 1, 1},
			check: func(t *testing.T, r spell.Result) {
				if n := len(r.Targets[0].Damage); n != 5 {
					t.Errorf("%d darts at 3rd level, want 5", n)
				}
			}},
		{name: "MagicMissileSplitAcrossTargets", caster: mira(), spell: "magic-missile", slot: 1, targets: []rules.Combatant{goblin(), orc()},
			opts:    spell.Options{Projectiles: []int{1, 2}},
			faces:   []int{4, 1, 1},
			summary: "Mira casts Magic Missile (1st level): the goblin is struck by 1 dart and takes 5 force damage; the orc is struck by 2 darts and takes 2, then 2."},
		{name: "MagicMissileDealsDartsInTurnByDefault", caster: mira(), spell: "magic-missile", slot: 1, targets: []rules.Combatant{tough(goblin(), 30), orc()},
			faces: []int{1, 1, 1},
			check: func(t *testing.T, r spell.Result) {
				if a, b := len(r.Targets[0].Damage), len(r.Targets[1].Damage); a != 2 || b != 1 {
					t.Errorf("darts %d and %d, want 2 and 1", a, b)
				}
			}},
		{name: "DartsAtADeadTargetAreWasted", caster: mira(), spell: "magic-missile", slot: 1, targets: []rules.Combatant{hp(goblin(), 2)},
			faces:   []int{2},
			changes: []rules.Change{slot("mira", 1, 0, 1), change("goblin-1", rules.FieldHP, 2, 0), change("goblin-1", rules.FieldDead, false, true)},
			summary: "Mira casts Magic Missile (1st level): the goblin is struck by 1 dart and takes 3 force damage and dies; 2 darts aimed at the goblin found it already dead.",
			check: func(t *testing.T, r spell.Result) {
				if r.Targets[0].Wasted != 2 {
					t.Errorf("wasted %d, want 2", r.Targets[0].Wasted)
				}
			}},
		{name: "EachDartIsItsOwnConcentrationSave", caster: novice(), spell: "magic-missile", slot: 1, targets: []rules.Combatant{concentrating},
			// dart, CON save (15+3 keeps it), dart, CON save (2+3 loses it), dart.
			faces: []int{1, 15, 1, 2, 1},
			changes: []rules.Change{slot("mira", 1, 0, 1), change("orc-1", rules.FieldHP, 40, 38),
				change("orc-1", rules.FieldHP, 38, 36), change("orc-1", rules.FieldConcentration, "hex", ""),
				change("orc-1", rules.FieldHP, 36, 34)},
			summary: "Mira casts Magic Missile (1st level): the orc is struck by 3 darts and takes 2 force damage and keeps concentration on hex (CON save 18 vs DC 10), then 2 and loses concentration on hex (CON save 5 vs DC 10), then 2."},
	})
}

func TestSleepAndColorSpray(t *testing.T) {
	kobold := named(hp(goblin(), 5), "kobold-1", "the kobold")
	elf := named(bandit(), "elf-1", "the elf")
	elf.HP = 3
	elf.ConditionImmunities = rules.SetOf(rules.Charmed)
	runCases(t, []castCase{
		{name: "SleepLowestHPFirst", caster: mira(), spell: "sleep", slot: 1, targets: []rules.Combatant{orc(), goblin(), kobold},
			faces: []int{3, 3, 3, 2, 2}, // 13
			changes: []rules.Change{slot("mira", 1, 0, 1),
				gained("kobold-1", rules.Unconscious), gained("kobold-1", rules.Prone),
				gained("goblin-1", rules.Unconscious), gained("goblin-1", rules.Prone)},
			summary: "Mira casts Sleep (1st level): the pool is 13 hit points (5d8); the kobold (5 HP) falls asleep, unconscious and prone; the goblin (7 HP) falls asleep, unconscious and prone; the orc (15 HP) is unaffected (more hit points than the 1 left).",
			check: func(t *testing.T, r spell.Result) {
				if r.Pool == nil || r.Pool.Total != 13 || r.Pool.Left != 1 {
					t.Errorf("pool %+v, want 13 with 1 left", r.Pool)
				}
				if len(r.Effects) != 2 || r.Effects[0].Condition != rules.Unconscious {
					t.Errorf("effects %+v, want two sleepers", r.Effects)
				}
			}},
		{name: "SleepSkipsTheUnconsciousAndCharmImmune", caster: mira(), spell: "sleep", slot: 1,
			targets: []rules.Combatant{elf, with(hp(goblin(), 1), rules.Unconscious), orc()},
			faces:   []int{3, 3, 3, 3, 3}, // 15
			changes: []rules.Change{slot("mira", 1, 0, 1), gained("orc-1", rules.Unconscious), gained("orc-1", rules.Prone)},
			summary: "Mira casts Sleep (1st level): the pool is 15 hit points (5d8); the goblin (1 HP) is unaffected (already unconscious); the elf (3 HP) is unaffected (immune to being charmed); the orc (15 HP) falls asleep, unconscious and prone."},
		{name: "SleepUpcastRollsTwoMoreDice", caster: mira(), spell: "sleep", slot: 2,
			faces: []int{1, 1, 1, 1, 1, 1, 1},
			check: func(t *testing.T, r spell.Result) {
				if r.Pool.Dice != "7d8" {
					t.Errorf("pool %s, want 7d8", r.Pool.Dice)
				}
			}},
		{name: "ColorSprayBlindsLowestFirst", caster: mira(), spell: "color-spray", slot: 1, targets: []rules.Combatant{orc(), goblin()},
			faces:   []int{1, 1, 1, 1, 1, 5}, // 10
			changes: []rules.Change{slot("mira", 1, 0, 1), gained("goblin-1", rules.Blinded)},
			summary: "Mira casts Color Spray (1st level): the pool is 10 hit points (6d10); the goblin (7 HP) is blinded; the orc (15 HP) is unaffected (more hit points than the 3 left)."},
	})
}

func TestBlessAndBane(t *testing.T) {
	runCases(t, []castCase{
		{name: "BlessThreeTargetsAt1st", caster: bram(), spell: "bless", slot: 1, targets: []rules.Combatant{bram(), mira(), orc()},
			changes: []rules.Change{slot("bram", 1, 0, 1), change("bram", rules.FieldConcentration, "", "bless")},
			summary: "Bram casts Bless (1st level): Bram, Mira and the orc are blessed (+1d4 to attack rolls and saving throws while Bram concentrates).",
			check: func(t *testing.T, r spell.Result) {
				if len(r.Effects) != 3 {
					t.Fatalf("%d effects, want 3", len(r.Effects))
				}
				for _, e := range r.Effects {
					if e.ID != "blessed" || e.Dice != "1d4" || !e.Concentration {
						t.Errorf("effect %+v, want blessed 1d4 under concentration", e)
					}
				}
			}},
		{name: "BlessFourTargetsAt2nd", caster: bram(), spell: "bless", slot: 2,
			targets: []rules.Combatant{bram(), mira(), orc(), goblin()},
			check: func(t *testing.T, r spell.Result) {
				if len(r.Effects) != 4 {
					t.Errorf("%d effects, want 4", len(r.Effects))
				}
			}},
		{name: "BaneOnFailedCharismaSave", caster: bram(), spell: "bane", slot: 1, targets: []rules.Combatant{goblin(), orc()}, opts: wis,
			faces:   []int{3, 18},
			summary: "Bram casts Bane (1st level): the goblin fails its CHA save (DC 13, rolled 2) and is baned (-1d4 to attack rolls and saving throws); the orc saves (18).",
			check: func(t *testing.T, r spell.Result) {
				if len(r.Effects) != 1 || r.Effects[0].ID != "baned" || r.Effects[0].TargetID != "goblin-1" {
					t.Errorf("effects %+v", r.Effects)
				}
			}},
	})
}

func TestShield(t *testing.T) {
	shielded := func(total, natural int) spell.Options {
		return spell.Options{IncomingAttackTotal: total, IncomingAttackNatural: natural}
	}
	runCases(t, []castCase{
		{name: "ShieldTurnsHitIntoMiss", caster: mira(), spell: "shield", slot: 1, opts: shielded(14, 9),
			changes: []rules.Change{slot("mira", 1, 0, 1)},
			summary: "Mira casts Shield (1st level) as a reaction: Mira's AC rises from 12 to 17 until the start of Mira's next turn, turning the attack (14) into a miss.",
			check: func(t *testing.T, r spell.Result) {
				if sh := r.Shield; sh == nil || !sh.WasHit || !sh.NowMisses || sh.ACAfter != 17 {
					t.Errorf("shield %+v", r.Shield)
				}
				if len(r.Effects) != 1 || r.Effects[0].AC != 5 || r.Effects[0].TargetID != "mira" {
					t.Errorf("effects %+v, want +5 AC on Mira", r.Effects)
				}
			}},
		{name: "ShieldCannotStopAHighRoll", caster: mira(), spell: "shield", slot: 1, opts: shielded(18, 13),
			summary: "Mira casts Shield (1st level) as a reaction: Mira's AC rises from 12 to 17 until the start of Mira's next turn, but the attack (18) still hits."},
		{name: "ShieldCannotStopANatural20", caster: mira(), spell: "shield", slot: 1, targets: []rules.Combatant{mira()}, opts: shielded(15, 20),
			check: func(t *testing.T, r spell.Result) {
				if sh := r.Shield; !sh.WasHit || sh.NowMisses {
					t.Errorf("shield %+v: a natural 20 hits whatever the AC", sh)
				}
			}},
		{name: "ShieldWithoutAnAttack", caster: mira(), spell: "shield", slot: 1,
			summary: "Mira casts Shield (1st level) as a reaction: Mira's AC rises from 12 to 17 until the start of Mira's next turn."},
	})
}

func TestCounterspell(t *testing.T) {
	against := func(id string, level int) spell.Options {
		return spell.Options{Ability: rules.Int, CounteredSpell: id, CounteredLevel: level}
	}
	runCases(t, []castCase{
		{name: "CounterspellAutoAgainstThirdOrLower", caster: mira(), spell: "counterspell", slot: 3, targets: []rules.Combatant{orc()}, opts: against("fireball", 3),
			changes: []rules.Change{slot("mira", 3, 0, 1)},
			summary: "Mira casts Counterspell (3rd level) as a reaction: against Fireball (3rd level); it is countered automatically."},
		{name: "CounterspellAutoAtHigherSlot", caster: withSlot(mira(), 5, 1), spell: "counterspell", slot: 5, opts: against("cone-of-cold", 5),
			changes: []rules.Change{slot("mira", 5, 0, 1)},
			check: func(t *testing.T, r spell.Result) {
				if co := r.Counter; !co.Automatic || !co.Countered || co.Check != nil {
					t.Errorf("counter %+v, want automatic", co)
				}
			}},
		{name: "CounterspellCheckSucceedsAgainstHigherLevel", caster: mira(), spell: "counterspell", slot: 3, opts: against("cone-of-cold", 5),
			faces:   []int{13},
			summary: "Mira casts Counterspell (3rd level) as a reaction: against Cone of Cold (5th level); Mira's Intelligence check (15 vs DC 15) succeeds and it is countered."},
		{name: "CounterspellCheckFailsAgainstHigherLevel", caster: mira(), spell: "counterspell", slot: 3, opts: against("cone-of-cold", 5),
			faces:   []int{12},
			summary: "Mira casts Counterspell (3rd level) as a reaction: against Cone of Cold (5th level); Mira's Intelligence check (14 vs DC 15) fails and the spell goes on.",
			check: func(t *testing.T, r spell.Result) {
				if r.Counter.Countered {
					t.Error("countered on a failed check")
				}
			}},
		{name: "CounterspellStopsACantrip", caster: mira(), spell: "counterspell", slot: 3, opts: against("fire-bolt", 0),
			summary: "Mira casts Counterspell (3rd level) as a reaction: against the cantrip Fire Bolt; it is countered automatically."},
	})
}

func TestBeams(t *testing.T) {
	for _, tt := range []struct {
		name         string
		level, beams int
	}{
		{"OneBeamAtLevel1", 1, 1}, {"OneBeamAtLevel4", 4, 1}, {"TwoBeamsAtLevel5", 5, 2}, {"TwoBeamsAtLevel10", 10, 2},
		{"ThreeBeamsAtLevel11", 11, 3}, {"ThreeBeamsAtLevel16", 16, 3}, {"FourBeamsAtLevel17", 17, 4}, {"FourBeamsAtLevel20", 20, 4},
	} {
		t.Run("EldritchBlast"+tt.name, func(t *testing.T) {
			c := mira()
			c.Level = tt.level
			f := make([]int, tt.beams) // every beam misses on a 1
			for i := range f {
				f[i] = 1
			}
			r, err := spell.Cast(c, "eldritch-blast", 0, []rules.Combatant{orc()}, spell.Options{Ability: rules.Cha}, faces(t, f...), nil)
			if err != nil {
				t.Fatal(err)
			}
			if n := len(r.Targets[0].Attacks); n != tt.beams {
				t.Errorf("%d beams, want %d", n, tt.beams)
			}
			if _, err := spell.Cast(c, "eldritch-blast", 0, []rules.Combatant{orc()},
				spell.Options{Ability: rules.Cha, Projectiles: []int{tt.beams + 1}}, faces(t), nil); fault.ReasonOf(err) != spell.ReasonInvalidArgs {
				t.Errorf("one beam too many: %v, want invalid_args", err)
			}
		})
	}
	runCases(t, []castCase{
		{name: "EldritchBlastBeamsAtTwoTargets", caster: mira(), spell: "eldritch-blast", targets: []rules.Combatant{goblin(), orc()},
			opts:    spell.Options{Ability: rules.Cha},
			faces:   []int{15, 3, 2},
			summary: "Mira casts Eldritch Blast: the goblin is hit (18 vs AC 15) and takes 3 force damage; the orc is missed (5 vs AC 13)."},
		{name: "ScorchingRayThreeRaysAt2nd", caster: mira(), spell: "scorching-ray", slot: 2, targets: []rules.Combatant{tough(orc(), 60)},
			opts:  intel,
			faces: []int{10, 1, 1, 2, 10, 1, 1},
			summary: "Mira casts Scorching Ray (2nd level): the orc is hit (15 vs AC 13) and takes 2 fire damage; " +
				"the orc is missed (7 vs AC 13); the orc is hit (15 vs AC 13) and takes 2."},
	})
}

func TestOtherExactSpells(t *testing.T) {
	stunned := with(orc(), rules.Stunned)
	runCases(t, []castCase{
		{name: "FeatherFallRecordsEffect", caster: mira(), spell: "feather-fall", slot: 1, targets: []rules.Combatant{mira(), bram()},
			changes: []rules.Change{slot("mira", 1, 0, 1)},
			summary: "Mira casts Feather Fall (1st level) as a reaction: Mira and Bram are falling gently, 60 feet a round, with no falling damage.",
			check: func(t *testing.T, r spell.Result) {
				if len(r.Effects) != 2 || r.Effects[1].ID != "feather-fall" || r.Effects[1].TargetID != "bram" {
					t.Errorf("effects %+v", r.Effects)
				}
			}},
		{name: "FalseLifeGrantsTemporaryHP", caster: mira(), spell: "false-life", slot: 2,
			faces:   []int{3},
			changes: []rules.Change{slot("mira", 2, 0, 1), change("mira", rules.FieldTempHP, 0, 12)},
			summary: "Mira casts False Life (2nd level): Mira gains 12 temporary hit points."},
		{name: "PowerWordKillUnder100Dies", caster: withSlot(mira(), 9, 1), spell: "power-word-kill", slot: 9, targets: []rules.Combatant{tough(bram(), 100)},
			changes: []rules.Change{slot("mira", 9, 0, 1), change("bram", rules.FieldHP, 100, 0), change("bram", rules.FieldDead, false, true)},
			summary: "Mira casts Power Word Kill (9th level): Bram (100 HP) dies."},
		{name: "PowerWordKillOver100Fails", caster: withSlot(mira(), 9, 1), spell: "power-word-kill", slot: 9, targets: []rules.Combatant{tough(orc(), 101)},
			changes: []rules.Change{slot("mira", 9, 0, 1)},
			summary: "Mira casts Power Word Kill (9th level): the orc (101 HP) is unaffected (more than 100 hit points)."},
		{name: "PowerWordStunStuns", caster: withSlot(mira(), 8, 1), spell: "power-word-stun", slot: 8, targets: []rules.Combatant{orc()}, opts: intel,
			changes: []rules.Change{slot("mira", 8, 0, 1), gained("orc-1", rules.Stunned)},
			summary: "Mira casts Power Word Stun (8th level): the orc (15 HP) is stunned."},
		{name: "PowerWordStunEndsOnASave", caster: mira(), spell: "power-word-stun", slot: 8, targets: []rules.Combatant{stunned},
			opts:    spell.Options{Ability: rules.Int, Ongoing: true},
			faces:   []int{10},
			changes: []rules.Change{lost("orc-1", rules.Stunned)},
			summary: "Mira's Power Word Stun: the orc makes its CON save (DC 13, rolled 13) and is no longer stunned."},
		{name: "MassHealSpendsSevenHundred", caster: withSlot(bram(), 9, 1), spell: "mass-heal", slot: 9,
			targets: []rules.Combatant{with(hp(tough(orc(), 500), 1), rules.Deafened), hp(mira(), 1)},
			changes: []rules.Change{slot("bram", 9, 0, 1), change("orc-1", rules.FieldHP, 1, 500), lost("orc-1", rules.Deafened),
				change("mira", rules.FieldHP, 1, 27)},
			summary: "Bram casts Mass Heal (9th level): the orc regains 499 HP (500/500 HP) and is no longer deafened; Mira regains 26 HP (27/27 HP); 175 of the 700 hit points go unused."},
		{name: "AcidArrowSplashesOnMiss", caster: mira(), spell: "acid-arrow", slot: 2, targets: []rules.Combatant{orc()}, opts: intel,
			faces:   []int{2, 4, 4, 4, 4},
			changes: []rules.Change{slot("mira", 2, 0, 1), change("orc-1", rules.FieldHP, 15, 7)},
			summary: "Mira casts Acid Arrow (2nd level): the orc is missed (7 vs AC 13) but is splashed and takes 8 acid damage."},
		{name: "AcidArrowBurnsLaterOnHit", caster: mira(), spell: "acid-arrow", slot: 3, targets: []rules.Combatant{tough(orc(), 60)}, opts: intel,
			faces:   []int{15, 1, 1, 1, 1, 1},
			summary: "Mira casts Acid Arrow (3rd level): the orc is hit (20 vs AC 13) and takes 5 acid damage and will take 3d4 acid damage at the end of its next turn."},
	})
}
