package rules

import (
	"slices"

	"chronicler/shared/campaign"
)

// WoundClosure is a worn Periapt of Wound Closure, among its wearer's
// Features: a Hit Die spent restores twice its hit points (SpendHitDice).
const WoundClosure = "periapt-of-wound-closure"

// FreeAction is a worn Ring of Free Action, among its wearer's Features:
// magic can't paralyse or restrain it (spell.Cast).
const FreeAction = "ring-of-free-action"

// withItems is c as the magic items the character wears make it: the
// scores they set, the damage they resist and are immune to, the
// conditions they ward off, the speed they give (campaign/items.go).
func withItems(c Combatant, inv []campaign.Item) Combatant {
	c.Abilities = campaign.ItemScores(c.Abilities, inv)
	c.Speed = campaign.ItemSpeed(c.Speed, inv)
	resists, immune, conditions := campaign.ItemDefences(inv)
	for _, name := range resists {
		if t, err := ParseDamageType(name); err == nil {
			c.Resistances = c.Resistances.With(t)
		}
	}
	for _, name := range immune {
		if t, err := ParseDamageType(name); err == nil {
			c.Immunities = c.Immunities.With(t)
		}
	}
	for _, name := range conditions {
		if cond, err := ParseCondition(name); err == nil {
			c.ConditionImmunities = c.ConditionImmunities.With(cond)
		}
	}
	return c
}

// itemStates are the states the magic items in inv put on their wearer,
// among its Features: a worn Periapt of Wound Closure, of Health, a
// Ring of Free Action.
func itemStates(inv []campaign.Item) []string {
	var out []string
	worn := campaign.WornMagic(inv)
	for _, id := range []string{WoundClosure, PeriaptOfHealth, FreeAction} {
		if slices.Contains(worn, id) {
			out = append(out, id)
		}
	}
	return out
}
