package spell_test

import (
	"reflect"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/dice/dicetest"
	"chronicler/shared/rules"
)

// faces is a dice source that yields the faces the test chose.
func faces(t testing.TB, f ...int) *dicetest.Script {
	t.Helper()
	return dicetest.Faces(t, f...)
}

// mira is a level 5 wizard: Intelligence 15 (+2), proficiency +3, so spell
// save DC 13 and spell attack +5; four 1st-, three 2nd- and two 3rd-level
// slots.
func mira() rules.Combatant {
	c := rules.Combatant{
		ID: "mira", Name: "Mira", Level: 5,
		Abilities:        campaign.Abilities{Str: 8, Dex: 14, Con: 14, Int: 15, Wis: 12, Cha: 10},
		ProficiencyBonus: rules.ProficiencyByLevel(5),
		AC:               12, HP: 27, MaxHP: 27, Speed: 30,
		SaveProficiencies: rules.SetOf(rules.Int, rules.Wis),
	}
	c.SpellSlots[0] = campaign.Slot{Max: 4}
	c.SpellSlots[1] = campaign.Slot{Max: 3}
	c.SpellSlots[2] = campaign.Slot{Max: 2}
	return c
}

// novice is a level 1 wizard: Intelligence 16 (+3), proficiency +2: DC
// 13, attack +5, two 1st-level slots.
func novice() rules.Combatant {
	c := mira()
	c.Level, c.ProficiencyBonus, c.Abilities.Int = 1, 2, 16
	c.SpellSlots = [9]campaign.Slot{{Max: 2}}
	return c
}

// bram is a level 3 cleric: Wisdom 16 (+3), proficiency +2.
func bram() rules.Combatant {
	c := rules.Combatant{
		ID: "bram", Name: "Bram", Level: 3,
		Abilities:        campaign.Abilities{Str: 14, Dex: 10, Con: 14, Int: 10, Wis: 16, Cha: 12},
		ProficiencyBonus: 2, AC: 18, HP: 10, MaxHP: 24, Speed: 25,
		SaveProficiencies: rules.SetOf(rules.Wis, rules.Cha),
	}
	c.SpellSlots[0] = campaign.Slot{Max: 4}
	c.SpellSlots[1] = campaign.Slot{Max: 2}
	return c
}

// goblin is the SRD goblin: AC 15, 7 HP, Dex +2, Wis -1.
func goblin() rules.Combatant {
	return rules.Combatant{
		ID: "goblin-1", Name: "the goblin", Monster: true,
		Abilities:        campaign.Abilities{Str: 8, Dex: 14, Con: 10, Int: 10, Wis: 8, Cha: 8},
		ProficiencyBonus: 2, AC: 15, HP: 7, MaxHP: 7, Speed: 30,
	}
}

// orc is the SRD orc: AC 13, 15 HP, Dex +1, Con +3, Wis +0.
func orc() rules.Combatant {
	return rules.Combatant{
		ID: "orc-1", Name: "the orc", Monster: true,
		Abilities:        campaign.Abilities{Str: 16, Dex: 12, Con: 16, Int: 7, Wis: 11, Cha: 10},
		ProficiencyBonus: 2, AC: 13, HP: 15, MaxHP: 15, Speed: 30,
	}
}

// bandit is a humanoid with Wis 10 and 11 HP.
func bandit() rules.Combatant {
	return rules.Combatant{
		ID: "bandit-1", Name: "the bandit", Monster: true,
		Abilities:        campaign.Abilities{Str: 11, Dex: 12, Con: 12, Int: 10, Wis: 10, Cha: 10},
		ProficiencyBonus: 2, AC: 12, HP: 11, MaxHP: 11, Speed: 30,
	}
}

func named(c rules.Combatant, id, name string) rules.Combatant {
	c.ID, c.Name = id, name
	return c
}

func hp(c rules.Combatant, n int) rules.Combatant {
	c.HP = n
	return c
}

func with(c rules.Combatant, conds ...rules.Condition) rules.Combatant {
	for _, x := range conds {
		c.Conditions = c.Conditions.With(x)
	}
	return c
}

func change(id string, f rules.Field, from, to any) rules.Change {
	return rules.Change{TargetID: id, Field: f, From: from, To: to}
}

func slot(id string, level, from, to int) rules.Change {
	return rules.Change{TargetID: id, Field: rules.FieldSpellSlotsUsed, Slot: level, From: from, To: to}
}

func gained(id string, c rules.Condition) rules.Change {
	return change(id, rules.FieldCondition, rules.Condition(0), c)
}

func lost(id string, c rules.Condition) rules.Change {
	return change(id, rules.FieldCondition, c, rules.Condition(0))
}

func wantChanges(t *testing.T, got []rules.Change, want ...rules.Change) {
	t.Helper()
	if len(got) == 0 && len(want) == 0 {
		return
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("changes:\n got %v\nwant %v", got, want)
	}
}

func wantSummary(t *testing.T, got, want string) {
	t.Helper()
	if got != want {
		t.Errorf("summary:\n got %q\nwant %q", got, want)
	}
}
