package encounter_test

import (
	"slices"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
)

// Cleo's cures in a fight: Lesser Restoration ends the condition asked
// for, and Protection from Poison halves a snake's venom until the fight
// ends, leaving a resistance the target had of its own.
func TestCuresInAFight(t *testing.T) {
	sick := func(e encounter.Encounter) encounter.Encounter {
		return edit(e, "mira", func(p *encounter.Participant) {
			p.Combatant.Conditions = rules.SetOf(rules.Blinded, rules.Poisoned)
			p.Conditions = []string{"blinded", "poisoned"}
		})
	}
	t.Run("LesserRestorationEndsTheChosenCondition", func(t *testing.T) {
		e := sick(casterFirst(t, []campaign.Character{cleo(), mira()}, goblins(1)))
		in := encounter.Action{Kind: encounter.ActionCast, Spell: "lesser-restoration", TargetID: "mira", Choice: "poisoned"}
		out, _, err := encounter.Act(e, "cleo", in, faces(t))
		if err != nil {
			t.Fatal(err)
		}
		if m := participant(t, out, "mira"); !slices.Equal(m.Conditions, []string{"blinded"}) {
			t.Errorf("mira %v, want only blinded left", m.Conditions)
		}
		in.Choice = "hungry"
		if _, _, err := encounter.Act(e, "cleo", in, faces(t)); fault.ReasonOf(err) != encounter.InvalidArgs {
			t.Errorf("a choice that is no condition: %v, want invalid_args", err)
		}
	})
	t.Run("ProtectionFromPoisonHalvesVenom", func(t *testing.T) {
		e := sick(casterFirst(t, []campaign.Character{cleo(), mira()}, []encounter.MonsterSpec{{SRDID: "flying-snake", Count: 1}}))
		e, _, err := encounter.Act(e, "cleo", encounter.Action{Kind: encounter.ActionCast, Spell: "protection-from-poison", TargetID: "mira", EndTurn: true}, faces(t))
		if err != nil {
			t.Fatal(err)
		}
		m := participant(t, e, "mira")
		if slices.Contains(m.Conditions, "poisoned") || !m.Combatant.Resistances.Has(rules.Poison) {
			t.Fatalf("mira %v, resists %v", m.Conditions, m.Combatant.Resistances)
		}
		e, _, err = encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionEndTurn}, faces(t))
		if err != nil {
			t.Fatal(err)
		}
		// The snake's bite, with advantage on blind Mira: 15 + 6 hits; 1
		// piercing and 3d4 (4, 4, 4) poison, halved to 6.
		e, res, err := encounter.Act(e, "flying-snake-1", encounter.Action{Kind: encounter.ActionAttack, TargetID: "mira", Weapon: "Bite"}, faces(t, 15, 2, 4, 4, 4))
		if err != nil {
			t.Fatal(err)
		}
		if m := participant(t, e, "mira"); m.HP != 28-1-6 {
			t.Errorf("mira at %d HP, want 21: %s", m.HP, res.Summary())
		}
		ended, _, err := encounter.End(e, "fled", encounter.EndOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if m := participant(t, ended, "mira"); !m.Combatant.Resistances.Has(rules.Poison) {
			t.Error("the resistance ended with the fight, not with its hour")
		}
	})
	t.Run("AResistanceOfItsOwnStays", func(t *testing.T) {
		e := casterFirst(t, []campaign.Character{cleo(), mira()}, goblins(1))
		e = edit(e, "mira", func(p *encounter.Participant) { p.Combatant.Resistances = rules.SetOf(rules.Poison) })
		e, _, err := encounter.Act(e, "cleo", encounter.Action{Kind: encounter.ActionCast, Spell: "protection-from-poison", TargetID: "mira"}, faces(t))
		if err != nil {
			t.Fatal(err)
		}
		ended, _, err := encounter.End(e, "fled", encounter.EndOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if m := participant(t, ended, "mira"); !m.Combatant.Resistances.Has(rules.Poison) {
			t.Error("the spell took away a resistance it did not give")
		}
	})
}
