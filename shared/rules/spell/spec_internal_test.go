package spell

import (
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/rules"
	"chronicler/shared/srd"
)

// TestSpecsNameSRDSpells catches a misspelt id in the table, which would
// silently leave the spell to its data.
func TestSpecsNameSRDSpells(t *testing.T) {
	for id, sp := range specs {
		s, ok := srd.LookupSpell(id)
		if !ok {
			t.Errorf("specs names %q, which is not an SRD spell", id)
			continue
		}
		if len(sp.conds) > 0 && saveOf(s, sp) == nil && attackType(s, sp) == "" && !sp.exact {
			t.Errorf("%s imposes conditions but has neither a save nor an attack", id)
		}
	}
}

// TestEveryOngoingEffectResolves resolves the later effect of every spell
// that has one, at every slot level, on a target under the spell.
func TestEveryOngoingEffectResolves(t *testing.T) {
	src := dice.NewSeeded(11)
	for id, sp := range specs {
		if sp.ongoing == TriggerNone {
			continue
		}
		s, _ := srd.LookupSpell(id)
		caster := rules.Combatant{ID: "c", Name: "the caster", Level: 20, ProficiencyBonus: 6,
			Abilities: campaign.Abilities{Str: 10, Dex: 10, Con: 10, Int: 18, Wis: 10, Cha: 10}, HP: 50, MaxHP: 50}
		if s.Concentration {
			caster.Concentration = id
		}
		target := rules.Combatant{ID: "t", Name: "the target", Monster: true, HP: 300, MaxHP: 300, AC: 10,
			Abilities: campaign.Abilities{Str: 10, Dex: 10, Con: 10, Int: 10, Wis: 10, Cha: 10}}
		for _, c := range sp.conds {
			target.Conditions = target.Conditions.With(c)
		}
		for slot := max(s.Level, 0); slot <= 9; slot++ {
			if s.Level == 0 && slot > 0 {
				break
			}
			targets := []rules.Combatant{target}
			if id == "shapechange" || id == "etherealness" || id == "meld-into-stone" {
				targets = nil // used again on its caster alone: a new form, a return
			}
			r, err := Cast(caster, id, slot, targets, Options{Ability: rules.Int, Ongoing: true}, src, nil)
			if err != nil {
				t.Errorf("%s at %d: %v", id, slot, err)
				continue
			}
			if r.SlotSpent || r.Summary() == "" {
				t.Errorf("%s at %d: slot spent %v, summary %q", id, slot, r.SlotSpent, r.Summary())
			}
		}
	}
}
