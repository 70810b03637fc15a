package rules_test

import (
	"reflect"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/dice/dicetest"
	"chronicler/shared/rules"
)

// faces is a dice source that yields the faces the test chose.
func faces(t testing.TB, f ...int) *dicetest.Script {
	t.Helper()
	return dicetest.Faces(t, f...)
}

// mira is a level 3 fighter: +5 to hit with her longsword (1d8+3).
func mira() rules.Combatant {
	return rules.Combatant{
		ID: "mira", Name: "Mira", Level: 3,
		Abilities:        campaign.Abilities{Str: 16, Dex: 14, Con: 14, Int: 10, Wis: 12, Cha: 8},
		ProficiencyBonus: rules.ProficiencyByLevel(3),
		AC:               16, HP: 28, MaxHP: 28, Speed: 30,
		SaveProficiencies:  rules.SetOf(rules.Str, rules.Con),
		SkillProficiencies: rules.SetOf(rules.Athletics, rules.Perception),
		HitDie:             10, HitDice: campaign.Pool{Max: 3},
	}
}

// goblin is the SRD goblin: AC 15, 7 HP, dies at 0.
func goblin() rules.Combatant {
	return rules.Combatant{
		ID: "goblin-1", Name: "the goblin", Monster: true,
		Abilities:        campaign.Abilities{Str: 8, Dex: 14, Con: 10, Int: 10, Wis: 8, Cha: 8},
		ProficiencyBonus: rules.ProficiencyByCR(0.25),
		AC:               15, HP: 7, MaxHP: 7, Speed: 30,
		SkillProficiencies: rules.SetOf(rules.Stealth),
		Expertise:          rules.SetOf(rules.Stealth),
	}
}

// dying is Mira at 0 HP, unconscious and prone.
func dying() rules.Combatant {
	c := mira()
	c.HP = 0
	c.Conditions = rules.SetOf(rules.Unconscious, rules.Prone)
	return c
}

func longsword() rules.AttackRequest {
	return rules.AttackRequest{Weapon: "her longsword", Bonus: 5,
		Damage: []rules.DamageRoll{{Dice: dice.MustParse("1d8+3"), Type: rules.Slashing}}}
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

// edgeOf says how a d20 roll was rolled.
func edgeOf(r rules.Roll) string {
	switch {
	case r.Advantage:
		return "advantage"
	case r.Disadvantage:
		return "disadvantage"
	}
	return "straight"
}
