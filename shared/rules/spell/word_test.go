package spell_test

import (
	"testing"

	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
)

func TestHarm(t *testing.T) {
	priest := withSlot(bram(), 6, 1) // Wis 16, proficiency +2: DC 13
	sixes := make([]int, 14)
	for i := range sixes {
		sixes[i] = 6
	}
	runCases(t, []castCase{
		{name: "HarmHoldsAtOneHPAndLowersTheMaximum", caster: priest, spell: "harm", slot: 6, targets: []rules.Combatant{tough(orc(), 60)}, opts: wis,
			// 14d6 = 84 necrotic; the orc's CON save (+3) rolls 4.
			faces:   append(sixes, 4),
			changes: []rules.Change{slot("bram", 6, 0, 1), change("orc-1", rules.FieldHP, 60, 1)},
			summary: "Bram casts Harm (6th level): the orc fails its CON save (DC 13, rolled 7) and takes 84 necrotic damage but can't drop below 1 HP " +
				"and loses 59 of its hit point maximum for an hour.",
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "orc-1"); fx.MaxHP != -59 || fx.Ends != "1 hour" {
					t.Errorf("effect %+v, want -59 to the maximum for an hour", fx)
				}
			}},
		{name: "HarmHalvedOnASaveLeavesTheMaximum", caster: priest, spell: "harm", slot: 6, targets: []rules.Combatant{tough(orc(), 100)}, opts: wis,
			faces:   append(sixes, 15),
			changes: []rules.Change{slot("bram", 6, 0, 1), change("orc-1", rules.FieldHP, 100, 58)},
			check: func(t *testing.T, r spell.Result) {
				if len(r.Effects) != 0 {
					t.Errorf("effects %+v: a save keeps the maximum", r.Effects)
				}
			}},
	})
}

func TestDivineWord(t *testing.T) {
	priest := withSlot(bram(), 7, 1)
	runCases(t, []castCase{
		{name: "DivineWordStrikesByHitPoints", caster: priest, spell: "divine-word", slot: 7, opts: wis,
			targets: []rules.Combatant{goblin(), tough(named(orc(), "orc-2", "the orc captain"), 25), tough(orc(), 35), tough(bandit(), 45), tough(named(orc(), "ogre-1", "the ogre"), 59)},
			// Every CHA save rolls 1.
			faces: []int{1, 1, 1, 1, 1},
			changes: []rules.Change{slot("bram", 7, 0, 1), change("goblin-1", rules.FieldHP, 7, 0), change("goblin-1", rules.FieldDead, false, true),
				gained("orc-2", rules.Blinded), gained("orc-2", rules.Deafened), gained("orc-2", rules.Stunned),
				gained("orc-1", rules.Deafened), gained("orc-1", rules.Blinded), gained("bandit-1", rules.Deafened)},
			check: func(t *testing.T, r spell.Result) {
				if !r.Targets[0].Killed || r.Targets[4].Affected || r.Targets[4].Told != "is unharmed, having more than 50 hit points" {
					t.Errorf("targets %+v", r.Targets)
				}
				ends := map[string]string{}
				for _, fx := range r.Effects {
					ends[fx.TargetID+" "+fx.ID] = fx.Ends
				}
				if ends["orc-2 stunned"] != "1 hour" || ends["orc-1 blinded"] != "10 minutes" || ends["bandit-1 deafened"] != "1 minute" {
					t.Errorf("effects %v", ends)
				}
			}},
		{name: "DivineWordSparesASave", caster: priest, spell: "divine-word", slot: 7, opts: wis, targets: []rules.Combatant{goblin()},
			faces:   []int{20},
			changes: []rules.Change{slot("bram", 7, 0, 1)},
			summary: "Bram casts Divine Word (7th level): the goblin makes its CHA save (DC 13, rolled 19)."},
	})
}

func TestBanishment(t *testing.T) {
	runCases(t, []castCase{
		{name: "BanishmentIncapacitatesOnAFailedSave", caster: withSlot(mira(), 5, 1), spell: "banishment", slot: 5, opts: intel,
			targets: []rules.Combatant{orc(), goblin()},
			// The orc's CHA save (+0) rolls 4, the goblin's (-1) 18.
			faces:   []int{4, 18},
			changes: []rules.Change{slot("mira", 5, 0, 1), change("mira", rules.FieldConcentration, "", "banishment"), gained("orc-1", rules.Incapacitated)},
			summary: "Mira casts Banishment (5th level): the orc fails its CHA save (DC 13, rolled 4) and is incapacitated; the goblin saves (17). " +
				"The orc is banished to a harmless demiplane, gone until the spell ends; " +
				"if it is native to another plane and the spell lasts the full minute, it goes home and does not return.",
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "orc-1"); fx.Spell != "banishment" || !fx.Concentration || fx.Condition != rules.Incapacitated {
					t.Errorf("effect %+v", fx)
				}
			}},
	})
}

func TestCommand(t *testing.T) {
	runCases(t, []castCase{
		{name: "CommandToGrovelOnAFailedSave", caster: bram(), spell: "command", slot: 1, targets: []rules.Combatant{orc()}, opts: wis,
			faces:   []int{5},
			changes: []rules.Change{slot("bram", 1, 0, 1)},
			summary: "Bram casts Command (1st level): the orc fails its WIS save (DC 13, rolled 5) and must grovel on its next turn: fall prone and end its turn.",
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "orc-1"); fx.Note != "grovel" || fx.Ends != "the end of its next turn" {
					t.Errorf("effect %+v", fx)
				}
			}},
		{name: "CommandToFleeTwoTargetsAt2nd", caster: bram(), spell: "command", slot: 2, targets: []rules.Combatant{orc(), goblin()},
			opts: spell.Options{Ability: rules.Wis, Command: "flee"}, faces: []int{5, 20},
			summary: "Bram casts Command (2nd level): the orc fails its WIS save (DC 13, rolled 5) and must flee on its next turn, " +
				"spending it moving away from Bram; the goblin saves (19)."},
	})
}
