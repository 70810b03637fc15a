package rules_test

import (
	"slices"
	"testing"

	"chronicler/shared/rules"
)

// Enhance Ability: advantage on checks of its ability alone.
func TestEnhancedGivesAdvantageOnItsAbilitysChecks(t *testing.T) {
	c := having(mira(), rules.Enhanced(rules.Str))
	r, err := rules.Check(c, rules.CheckRequest{Skill: rules.Athletics}, faces(t, 4, 16))
	if err != nil || !slices.Equal(r.Edge.Advantage, []string{"Enhance Ability"}) || r.Natural != 16 {
		t.Fatalf("an Athletics check: %+v, %v, want advantage", r, err)
	}
	r, err = rules.Check(c, rules.CheckRequest{Ability: rules.Dex}, faces(t, 4))
	if err != nil || len(r.Edge.Advantage) != 0 {
		t.Fatalf("a Dexterity check: %+v, %v, want no advantage", r.Edge, err)
	}
}

// Bestow Curse on an ability: disadvantage on its checks and its saves.
func TestCursedGivesDisadvantageOnItsChecksAndSaves(t *testing.T) {
	c := having(mira(), rules.Cursed(rules.Wis))
	r, err := rules.Check(c, rules.CheckRequest{Skill: rules.Perception}, faces(t, 16, 4))
	if err != nil || !slices.Equal(r.Edge.Disadvantage, []string{"Bestow Curse"}) || r.Natural != 4 {
		t.Fatalf("a Perception check: %+v, %v, want disadvantage", r, err)
	}
	sv, err := rules.Save(c, rules.SaveRequest{Ability: rules.Wis, DC: 10}, faces(t, 16, 4))
	if err != nil || sv.Natural != 4 || sv.Success {
		t.Fatalf("a Wisdom save: %+v, %v, want the lower d20 and a failure", sv, err)
	}
	sv, err = rules.Save(c, rules.SaveRequest{Ability: rules.Con, DC: 10}, faces(t, 16))
	if err != nil || sv.Natural != 16 {
		t.Fatalf("a Constitution save: %+v, %v, want one d20", sv, err)
	}
}

// See Invisibility and True Seeing: invisibility neither helps an
// attacker against the creature nor hinders the creature's attacks.
func TestSeeingInvisibleCancelsInvisibility(t *testing.T) {
	for _, state := range []string{rules.SeeingInvisible, rules.TrueSeeing} {
		t.Run(state, func(t *testing.T) {
			seer := having(mira(), state)
			r, err := rules.Attack(seer, with(goblin(), rules.Invisible), longsword(), faces(t, 15, 4))
			if err != nil || len(r.Edge.Disadvantage) != 0 {
				t.Fatalf("attacking an invisible goblin: %+v, %v, want no disadvantage", r.Edge, err)
			}
			r, err = rules.Attack(with(goblin(), rules.Invisible), seer, longsword(), faces(t, 15, 4))
			if err != nil || len(r.Edge.Advantage) != 0 {
				t.Fatalf("an invisible goblin attacking: %+v, %v, want no advantage", r.Edge, err)
			}
			r, err = rules.Attack(with(goblin(), rules.Invisible), mira(), longsword(), faces(t, 15, 4, 4))
			if err != nil || len(r.Edge.Advantage) != 1 {
				t.Fatalf("an invisible goblin attacking one who can't see it: %+v, %v, want advantage", r.Edge, err)
			}
		})
	}
}
