package spell_test

import (
	"testing"

	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
)

func TestRestorations(t *testing.T) {
	sick := with(mira(), rules.Blinded, rules.Poisoned)
	tired := func(c rules.Combatant, n int) rules.Combatant { c.Exhaustion = n; return c }
	drained := func(c rules.Combatant, n int) rules.Combatant { c.Drained = n; return c }
	cleric := withSlot(bram(), 5, 1)
	runCases(t, []castCase{
		{name: "LesserRestorationEndsTheFirstItCan", caster: bram(), spell: "lesser-restoration", slot: 2, targets: []rules.Combatant{sick},
			changes: []rules.Change{slot("bram", 2, 0, 1), lost("mira", rules.Blinded)},
			summary: "Bram casts Lesser Restoration (2nd level): Mira is no longer blinded."},
		{name: "LesserRestorationEndsTheOneChosen", caster: bram(), spell: "lesser-restoration", slot: 2, targets: []rules.Combatant{sick},
			opts:    spell.Options{Condition: rules.Poisoned},
			changes: []rules.Change{slot("bram", 2, 0, 1), lost("mira", rules.Poisoned)}},
		{name: "LesserRestorationEndsParalysis", caster: bram(), spell: "lesser-restoration", slot: 2, targets: []rules.Combatant{with(mira(), rules.Paralyzed)},
			changes: []rules.Change{slot("bram", 2, 0, 1), lost("mira", rules.Paralyzed)}},
		{name: "LesserRestorationFindsNothingToEnd", caster: bram(), spell: "lesser-restoration", slot: 2, targets: []rules.Combatant{with(mira(), rules.Charmed)},
			changes: []rules.Change{slot("bram", 2, 0, 1)},
			summary: "Bram casts Lesser Restoration (2nd level): Mira is unaffected (not blinded, deafened, paralyzed or poisoned)."},
		{name: "LesserRestorationChosenConditionAbsent", caster: bram(), spell: "lesser-restoration", slot: 2, targets: []rules.Combatant{sick},
			opts:    spell.Options{Condition: rules.Deafened},
			summary: "Bram casts Lesser Restoration (2nd level): Mira is unaffected (not deafened)."},
		{name: "GreaterRestorationEasesExhaustionFirst", caster: cleric, spell: "greater-restoration", slot: 5,
			targets: []rules.Combatant{with(tired(mira(), 2), rules.Charmed)},
			changes: []rules.Change{slot("bram", 5, 0, 1), change("mira", rules.FieldExhaustion, 2, 1)},
			summary: "Bram casts Greater Restoration (5th level): Mira sheds a level of exhaustion (now 1)."},
		{name: "GreaterRestorationEndsACharmWhenChosen", caster: cleric, spell: "greater-restoration", slot: 5,
			targets: []rules.Combatant{with(tired(mira(), 2), rules.Charmed)}, opts: spell.Options{Condition: rules.Charmed},
			changes: []rules.Change{slot("bram", 5, 0, 1), lost("mira", rules.Charmed)}},
		{name: "GreaterRestorationFindsNothingToEnd", caster: cleric, spell: "greater-restoration", slot: 5, targets: []rules.Combatant{mira()},
			summary: "Bram casts Greater Restoration (5th level): Mira is unaffected (not exhausted, charmed or petrified)."},
		{name: "GreaterRestorationEndsPetrification", caster: cleric, spell: "greater-restoration", slot: 5,
			targets: []rules.Combatant{with(mira(), rules.Petrified)},
			changes: []rules.Change{slot("bram", 5, 0, 1), lost("mira", rules.Petrified)}},
		{name: "GreaterRestorationLiftsTheHalvedMaximumNotTheHitPoints", caster: cleric, spell: "greater-restoration", slot: 5,
			targets: []rules.Combatant{hp(tired(mira(), 4), 14)},
			changes: []rules.Change{slot("bram", 5, 0, 1), change("mira", rules.FieldExhaustion, 4, 3)}},
		{name: "GreaterRestorationGivesBackADrainedMaximum", caster: cleric, spell: "greater-restoration", slot: 5,
			targets: []rules.Combatant{drained(mira(), 6)},
			changes: []rules.Change{slot("bram", 5, 0, 1), change("mira", rules.FieldDrained, 6, 0)},
			summary: "Bram casts Greater Restoration (5th level): Mira has the 6 hit points a life drain took from its maximum back."},
		{name: "GreaterRestorationEndsACharmBeforeADrain", caster: cleric, spell: "greater-restoration", slot: 5,
			targets: []rules.Combatant{with(drained(mira(), 6), rules.Charmed)},
			changes: []rules.Change{slot("bram", 5, 0, 1), lost("mira", rules.Charmed)}},
		{name: "GreaterRestorationGivesBackTheMaximumWhenChosen", caster: cleric, spell: "greater-restoration", slot: 5,
			targets: []rules.Combatant{with(drained(mira(), 6), rules.Charmed)}, opts: spell.Options{Choice: spell.MaxHPPick},
			changes: []rules.Change{slot("bram", 5, 0, 1), change("mira", rules.FieldDrained, 6, 0)}},
		{name: "GreaterRestorationChosenMaximumNotDrained", caster: cleric, spell: "greater-restoration", slot: 5,
			targets: []rules.Combatant{mira()}, opts: spell.Options{Choice: spell.MaxHPPick},
			summary: "Bram casts Greater Restoration (5th level): Mira is unaffected (not drained)."},
		{name: "ProtectionFromPoisonNeutralizesAndWards", caster: bram(), spell: "protection-from-poison", slot: 2, targets: []rules.Combatant{sick},
			changes: []rules.Change{slot("bram", 2, 0, 1), lost("mira", rules.Poisoned)},
			summary: "Bram casts Protection from Poison (2nd level): Mira resists poison damage for the hour and is no longer poisoned. " +
				"Mira has advantage on saving throws against being poisoned for the hour.",
			check: func(t *testing.T, r spell.Result) {
				if len(r.Effects) != 1 || !r.Effects[0].Resist.Has(rules.Poison) || r.Effects[0].Ends != "1 hour" || r.Effects[0].Concentration {
					t.Errorf("effects %+v, want poison resistance for the hour", r.Effects)
				}
			}},
	})
}
