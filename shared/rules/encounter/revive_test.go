package encounter_test

import (
	"slices"
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
)

// priest is a level 5 cleric: Wis 16, two 3rd-level slots.
func priest() campaign.Character {
	c := cleo()
	c.ID, c.Name, c.Level = "pell", "Pell", 5
	c.SpellSlots = map[string]campaign.Slot{"1": {Max: 4}, "2": {Max: 3}, "3": {Max: 2}}
	return c
}

// fell leaves the character id dead after three failed death saves, or
// dying at 0 HP with one failure.
func fell(e encounter.Encounter, id string, dead bool) encounter.Encounter {
	return edit(e, id, func(p *encounter.Participant) {
		c := &p.Combatant
		c.HP, c.Conditions = 0, c.Conditions.With(rules.Unconscious).With(rules.Prone)
		c.DeathSaves.Failures, c.Dead = 1, dead
		if dead {
			c.DeathSaves.Failures = 3
		}
		p.HP, p.Defeated, p.Conditions = 0, dead, []string{"prone", "unconscious"}
	})
}

// A character who died in the fight comes back with Revivify at 1 HP,
// awake, and takes turns again; a dying one is made stable with Spare the
// Dying and stops making death saves.
func TestRevivalInAFight(t *testing.T) {
	t.Run("RevivifyBringsAFallenAllyBack", func(t *testing.T) {
		e := fell(casterFirst(t, []campaign.Character{priest(), tavi()}, goblins(1)), "tavi", true)
		out, res, err := encounter.Act(e, "pell", encounter.Action{Kind: encounter.ActionCast, Spell: "revivify", TargetID: "tavi", EndTurn: true}, faces(t))
		if err != nil {
			t.Fatal(err)
		}
		tv := participant(t, out, "tavi")
		if tv.Defeated || tv.HP != 1 || slices.Contains(tv.Conditions, "unconscious") || tv.Combatant.DeathSaves.Failures != 0 {
			t.Fatalf("tavi after Revivify: %+v", tv)
		}
		if !strings.Contains(res.Summary(), "Tavi returns to life with 1 HP") || out.Current != "tavi" {
			t.Errorf("summary %q, current %q: Tavi's turn is next", res.Summary(), out.Current)
		}
		if p := participant(t, out, "pell"); p.Combatant.SpellSlots[2].Used != 1 {
			t.Errorf("slots %+v", p.Combatant.SpellSlots[:3])
		}
	})
	t.Run("SpareTheDyingEndsTheDeathSaves", func(t *testing.T) {
		e := fell(casterFirst(t, []campaign.Character{priest(), tavi()}, goblins(1)), "tavi", false)
		out, _, err := encounter.Act(e, "pell", encounter.Action{Kind: encounter.ActionCast, Spell: "spare-the-dying", TargetID: "tavi", EndTurn: true}, faces(t))
		if err != nil {
			t.Fatal(err)
		}
		if tv := participant(t, out, "tavi"); !tv.Combatant.Stable || tv.Combatant.DeathSaves.Failures != 0 || out.Current == "tavi" {
			t.Errorf("tavi %+v, current %q: a stable character's turn is skipped", tv.Combatant, out.Current)
		}
	})
}
