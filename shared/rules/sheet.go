package rules

import (
	"slices"
	"strconv"

	"chronicler/shared/campaign"
	"chronicler/shared/srd"
)

// FromSheet is a character as the engine sees it: the sheet's numbers, the
// class's hit die and saving-throw proficiencies from the rules data, a
// halfling's Lucky, the skill proficiencies, the
// conditions and spell slots in the engine's form. A sheet marked dead, or
// at 0 HP with three failed death saves, is dead.
func FromSheet(ch campaign.Character) Combatant {
	c := Combatant{
		ID: ch.ID, Name: ch.Name, Level: ch.Level, Abilities: ch.Abilities,
		ProficiencyBonus: ProficiencyByLevel(ch.Level), AC: ch.AC, HP: ch.HP, MaxHP: ch.MaxHP,
		TempHP: ch.TempHP, Speed: ch.Speed, HitDice: ch.HitDice, DeathSaves: ch.DeathSaves,
		Exhaustion: min(max(ch.Exhaustion, 0), 6), Drained: max(ch.Drained, 0),
		Afflictions: slices.Clone(ch.Afflictions),
	}
	c.Dead = ch.IsDead()
	c.ItemSaves = campaign.ItemSaves(ch.Inventory)
	c = withItems(c, ch.Inventory)
	// The halfling's Lucky: a 1 on the d20 of an attack roll, ability
	// check or saving throw is rolled again.
	c.Lucky = ch.Race == "halfling"
	c.Features = campaign.FeatureIDs(ch)
	c.Features = append(c.Features, effectStates(ch)...) // Glibness, cast before
	c.Features = append(c.Features, itemStates(ch.Inventory)...)
	// What the character's race and features give beyond its class:
	// skills (Keen Senses), resistances (a tiefling's fire) and
	// immunities (Nature's Ward).
	for _, name := range campaign.FeatureSkills(ch) {
		if sk, err := ParseSkill(name); err == nil {
			c.SkillProficiencies = c.SkillProficiencies.With(sk)
		}
	}
	for _, name := range campaign.FeatureResistances(ch) {
		if t, err := ParseDamageType(name); err == nil {
			c.Resistances = c.Resistances.With(t)
		}
	}
	damage, conditions := campaign.FeatureImmunities(ch)
	for _, name := range damage {
		if t, err := ParseDamageType(name); err == nil {
			c.Immunities = c.Immunities.With(t)
		}
	}
	for _, name := range conditions {
		if cond, err := ParseCondition(name); err == nil {
			c.ConditionImmunities = c.ConditionImmunities.With(cond)
		}
	}
	c.featureDefences()
	c.Choices = ch.Choices
	for _, name := range ch.Skills {
		if sk, err := ParseSkill(name); err == nil {
			c.SkillProficiencies = c.SkillProficiencies.With(sk)
		}
	}
	for _, name := range ch.Expertise {
		if sk, err := ParseSkill(name); err == nil {
			c.Expertise = c.Expertise.With(sk)
		}
	}
	if class, ok := srd.LookupClass(ch.Class); ok {
		c.HitDie = class.HitDie
		for _, a := range class.SavingThrows {
			if ab, err := ParseAbility(a); err == nil {
				c.SaveProficiencies = c.SaveProficiencies.With(ab)
			}
		}
	}
	for _, name := range ch.Conditions {
		if cond, err := ParseCondition(name); err == nil {
			c.Conditions = c.Conditions.With(cond)
		}
	}
	if ch.Concentration != nil {
		c.Concentration = *ch.Concentration
	}
	c.Stable = ch.Stable && ch.HP <= 0
	for lvl, slot := range ch.SpellSlots {
		if n, err := strconv.Atoi(lvl); err == nil && n >= 1 && n <= 9 {
			c.SpellSlots[n-1] = slot
		}
	}
	return c
}

// ToSheet writes the engine's view of a character back onto its sheet:
// hit points and their maximum, temporary HP, hit dice, death saves, whether it is stable
// or dead, conditions, exhaustion, a life drain's loss, concentration and the spell slots the sheet has.
func ToSheet(ch campaign.Character, c Combatant) campaign.Character {
	ch.HP, ch.MaxHP, ch.TempHP, ch.HitDice, ch.DeathSaves = c.HP, c.MaxHP, c.TempHP, c.HitDice, c.DeathSaves
	ch.Exhaustion, ch.Drained = c.Exhaustion, c.Drained
	ch.Afflictions = slices.Clone(c.Afflictions)
	ch.Stable = c.Stable && c.HP <= 0 && !c.Dead
	ch.Dead = c.Dead
	ch.Conditions = []string{}
	for cond := range c.Conditions.All() {
		ch.Conditions = append(ch.Conditions, cond.String())
	}
	ch.Concentration = nil
	if c.Concentration != "" {
		conc := c.Concentration
		ch.Concentration = &conc
	}
	slots := make(map[string]campaign.Slot, len(ch.SpellSlots))
	for lvl := range ch.SpellSlots {
		if n, err := strconv.Atoi(lvl); err == nil && n >= 1 && n <= 9 {
			slots[lvl] = c.SpellSlots[n-1]
		}
	}
	ch.SpellSlots = slots
	return ch
}
