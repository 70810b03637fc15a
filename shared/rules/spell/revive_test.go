package spell_test

import (
	"testing"

	"chronicler/shared/rules"
)

// fallen is c dead after three failed death saves: 0 HP, unconscious and
// prone where it fell.
func fallen(c rules.Combatant) rules.Combatant {
	c = with(c, rules.Unconscious, rules.Prone)
	c.HP, c.Dead, c.DeathSaves.Failures = 0, true, 3
	return c
}

// dying is c at 0 HP making death saves, one failed so far.
func dying(c rules.Combatant) rules.Combatant {
	c = with(c, rules.Unconscious, rules.Prone)
	c.HP, c.DeathSaves.Failures = 0, 1
	return c
}

func TestRevival(t *testing.T) {
	poisoned := with(fallen(mira()), rules.Poisoned)
	runCases(t, []castCase{
		{name: "RevivifyReturnsTheDeadWithOneHP", caster: withSlot(bram(), 3, 1), spell: "revivify", slot: 3,
			targets: []rules.Combatant{fallen(mira())},
			changes: []rules.Change{slot("bram", 3, 0, 1), change("mira", rules.FieldDead, true, false), change("mira", rules.FieldHP, 0, 1),
				change("mira", rules.FieldDeathFailures, 3, 0), lost("mira", rules.Unconscious)},
			summary: "Bram casts Revivify (3rd level): Mira returns to life with 1 HP."},
		{name: "RevivifyTakesAnyDeadMonster", caster: withSlot(bram(), 3, 1), spell: "revivify", slot: 3,
			targets: []rules.Combatant{func() rules.Combatant { g := goblin(); g.HP, g.Dead = 0, true; return g }()},
			changes: []rules.Change{slot("bram", 3, 0, 1), change("goblin-1", rules.FieldDead, true, false), change("goblin-1", rules.FieldHP, 0, 1)}},
		{name: "RaiseDeadNeutralizesPoison", caster: withSlot(bram(), 5, 1), spell: "raise-dead", slot: 5, targets: []rules.Combatant{poisoned},
			changes: []rules.Change{slot("bram", 5, 0, 1), change("mira", rules.FieldDead, true, false), change("mira", rules.FieldHP, 0, 1),
				change("mira", rules.FieldDeathFailures, 3, 0), lost("mira", rules.Unconscious), lost("mira", rules.Poisoned)},
			summary: "Bram casts Raise Dead (5th level): Mira returns to life with 1 HP and is no longer poisoned. " +
				"Mira takes a -4 penalty to attack rolls, saving throws and ability checks, 1 less after each long rest."},
		{name: "ResurrectionRestoresEveryHitPoint", caster: withSlot(bram(), 7, 1), spell: "resurrection", slot: 7, targets: []rules.Combatant{fallen(mira())},
			changes: []rules.Change{slot("bram", 7, 0, 1), change("mira", rules.FieldDead, true, false), change("mira", rules.FieldHP, 0, 27),
				change("mira", rules.FieldDeathFailures, 3, 0), lost("mira", rules.Unconscious)}},
		{name: "TrueResurrectionRestoresTheExhaustedMaximum", caster: withSlot(bram(), 9, 1), spell: "true-resurrection", slot: 9,
			targets: []rules.Combatant{func() rules.Combatant { c := fallen(mira()); c.Exhaustion = 4; return c }()},
			summary: "Bram casts True Resurrection (9th level): Mira returns to life with 13 HP."},
		{name: "SpareTheDyingStabilizes", caster: bram(), spell: "spare-the-dying", targets: []rules.Combatant{dying(mira())},
			changes: []rules.Change{change("mira", rules.FieldDeathFailures, 1, 0), change("mira", rules.FieldStable, false, true)},
			summary: "Bram casts Spare the Dying: Mira is stable."},
		{name: "SpareTheDyingLeavesTheStandingAlone", caster: bram(), spell: "spare-the-dying", targets: []rules.Combatant{orc()},
			changes: []rules.Change{},
			summary: "Bram casts Spare the Dying: the orc is unaffected (not at 0 hit points)."},
		{name: "SpareTheDyingLeavesTheStableAlone", caster: bram(), spell: "spare-the-dying",
			targets: []rules.Combatant{func() rules.Combatant { c := dying(mira()); c.Stable, c.DeathSaves.Failures = true, 0; return c }()},
			summary: "Bram casts Spare the Dying: Mira is unaffected (already stable)."},
	})
}
