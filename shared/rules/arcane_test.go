package rules_test

import (
	"testing"

	"chronicler/shared/dice/dicetest"
	"chronicler/shared/rules"
)

// Beguiling Influence (a warlock's invocation): proficiency in Deception
// and Persuasion, so a Charisma (Persuasion) check adds the proficiency
// bonus; other Charisma checks do not.
func TestBeguilingInfluence(t *testing.T) {
	w := rules.Combatant{ID: "vex", Name: "Vex", Level: 2, ProficiencyBonus: 2, HP: 10, MaxHP: 10,
		Features: []string{"eldritch-invocation-beguiling-influence"}}
	w.Abilities.Cha = 16
	for _, tc := range []struct {
		skill rules.Skill
		total int
	}{{rules.Persuasion, 10 + 3 + 2}, {rules.Deception, 10 + 3 + 2}, {rules.Intimidation, 10 + 3}} {
		r, err := rules.Check(w, rules.CheckRequest{Ability: rules.Cha, Skill: tc.skill}, dicetest.Faces(t, 10))
		if err != nil {
			t.Fatal(err)
		}
		if r.Total != tc.total {
			t.Errorf("%v: %d, want %d", tc.skill, r.Total, tc.total)
		}
	}
}
