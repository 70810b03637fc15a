package rules

import "slices"

// The class features and racial traits the core rules read on every roll
// of their kind, by id (srd.Features): a creature has those its
// Combatant.Features name. Each row changes what it says and nothing
// else; a feature that needs the fight (who is where, whose turn it is,
// a resource spent) is the encounter's (rules/encounter, features.go).
//
// Features names ids of the SRD's rows, and states a fight puts on a
// creature while they last ("raging").

// Raging is the state a barbarian's Rage puts it in: the encounter adds it
// to the combatant's Features while the rage lasts.
const Raging = "raging"

// passive is one row: each field that is set applies.
type passive struct {
	// saveAdvantage says the feature gives advantage on the save, and why.
	saveAdvantage func(c Combatant, req SaveRequest) (string, bool)
	// checkAdvantage says the feature gives advantage on a check of
	// ability a.
	checkAdvantage func(c Combatant, a Ability) (string, bool)
	// checkBonus is added to a check of ability a with skill s (0: none)
	// the creature has no proficiency in.
	checkBonus func(c Combatant, a Ability, s Skill) int
	// proficientSaves makes the creature proficient in saves of these
	// abilities (all six: Diamond Soul).
	proficientSaves []Ability
	// checkFloor is the least total a check of ability a comes to
	// (Indomitable Might: the Strength score); 0 for none.
	checkFloor func(c Combatant, a Ability) int
	// evades are the abilities of saves against damage a success halves
	// that the creature takes none of on a success and half of on a
	// failure (Evasion: Dexterity).
	evades []Ability
	// immune and immuneTo are the damage types and conditions the
	// creature is immune to, given as its sheet becomes a Combatant
	// (FromSheet).
	immune   Set[DamageType]
	immuneTo Set[Condition]
}

// passives is the table.
var passives = map[string]passive{
	// Barbarian: Danger Sense, advantage on Dexterity saves against
	// effects it can see (traps, spells), unless blinded, deafened or
	// incapacitated.
	"danger-sense": {saveAdvantage: func(c Combatant, req SaveRequest) (string, bool) {
		blind := c.Conditions.Has(Blinded) || c.Conditions.Has(Deafened) || c.Incapacitated()
		return "Danger Sense", req.Ability == Dex && req.against("seen") && !blind
	}},
	// Barbarian: while raging, advantage on Strength checks and saves.
	Raging: {
		saveAdvantage:  func(c Combatant, req SaveRequest) (string, bool) { return "rage", req.Ability == Str },
		checkAdvantage: func(c Combatant, a Ability) (string, bool) { return "rage", a == Str },
	},
	// Barbarian: Indomitable Might, a Strength check's total is at least
	// the Strength score.
	"indomitable-might": {checkFloor: func(c Combatant, a Ability) int {
		if a == Str {
			return c.Abilities.Str
		}
		return 0
	}},
	// Bard: Jack of All Trades, half the proficiency bonus (rounded down)
	// on checks without proficiency.
	"jack-of-all-trades": {checkBonus: func(c Combatant, _ Ability, _ Skill) int { return c.ProficiencyBonus / 2 }},
	// Fighter (Champion): Remarkable Athlete, half the proficiency bonus
	// (rounded up) on Strength, Dexterity and Constitution checks without
	// proficiency.
	"remarkable-athlete": {checkBonus: func(c Combatant, a Ability, _ Skill) int {
		if a == Str || a == Dex || a == Con {
			return (c.ProficiencyBonus + 1) / 2
		}
		return 0
	}},
	// Monk: Diamond Soul, proficiency in every saving throw (the ki spent
	// to roll a failed one again is the encounter's).
	"diamond-soul": {proficientSaves: []Ability{Str, Dex, Con, Int, Wis, Cha}},
	// Druid (Land): Land's Stride, advantage on saves against plants
	// magically made or shaped to hinder (the spells that raise them).
	"druid-lands-stride": {saveAdvantage: against("Land's Stride", "entangle", "wall-of-thorns")},
	// Monk: Evasion, none of the damage a Dexterity save would halve on a
	// success, half on a failure.
	"monk-evasion": {evades: []Ability{Dex}},
	// Monk: Purity of Body, immune to poison damage and the poisoned
	// condition (disease, which the rules do not model, is the narrator's).
	"purity-of-body": {immune: SetOf(Poison), immuneTo: SetOf(Poisoned)},
	// Halfling: Brave, advantage on saves against being frightened.
	"brave": {saveAdvantage: against("Brave", "frightened")},
	// Elf, half-elf: Fey Ancestry, advantage on saves against being
	// charmed.
	"fey-ancestry": {saveAdvantage: against("Fey Ancestry", "charmed")},
	// Dwarf: Dwarven Resilience, advantage on saves against poison (its
	// resistance to poison damage is the sheet's).
	"dwarven-resilience": {saveAdvantage: against("Dwarven Resilience", "poison", "poisoned")},
	// Gnome: Gnome Cunning, advantage on Intelligence, Wisdom and Charisma
	// saves against magic.
	"gnome-cunning": {saveAdvantage: func(c Combatant, req SaveRequest) (string, bool) {
		mental := req.Ability == Int || req.Ability == Wis || req.Ability == Cha
		return "Gnome Cunning", mental && req.against("magic")
	}},
}

// against is a saveAdvantage for saves against any of what.
func against(why string, what ...string) func(Combatant, SaveRequest) (string, bool) {
	return func(_ Combatant, req SaveRequest) (string, bool) {
		return why, slices.ContainsFunc(what, req.against)
	}
}

// PlayedPassives are the ids the core rules play (the coverage test's).
func PlayedPassives() []string {
	out := make([]string, 0, len(passives))
	for id := range passives {
		out = append(out, id)
	}
	slices.Sort(out)
	return out
}

// has reports whether the creature has feature id.
func (c Combatant) has(id string) bool { return slices.Contains(c.Features, id) }

// featureSaveEdge adds the advantage c's features give its save.
func (e *Edge) featureSaveEdge(c Combatant, req SaveRequest) {
	for _, id := range c.Features {
		if f := passives[id].saveAdvantage; f != nil {
			if why, ok := f(c, req); ok {
				e.adv(why)
			}
		}
	}
}

// featureCheckEdge adds the advantage c's features give its check of a.
func (e *Edge) featureCheckEdge(c Combatant, a Ability) {
	for _, id := range c.Features {
		if f := passives[id].checkAdvantage; f != nil {
			if why, ok := f(c, a); ok {
				e.adv(why)
			}
		}
	}
}

// featureCheckBonus is the most c's features add to a check of a with s
// it is not proficient in (the bonuses of this kind do not stack).
func (c Combatant) featureCheckBonus(a Ability, s Skill) int {
	best := 0
	for _, id := range c.Features {
		if f := passives[id].checkBonus; f != nil {
			best = max(best, f(c, a, s))
		}
	}
	return best
}

// featureCheckFloor is the least total c's features let a check of a
// come to, 0 when none sets one.
func (c Combatant) featureCheckFloor(a Ability) int {
	floor := 0
	for _, id := range c.Features {
		if f := passives[id].checkFloor; f != nil {
			floor = max(floor, f(c, a))
		}
	}
	return floor
}

// featureSaveProficient reports whether c's features make it proficient
// in saves of a.
func (c Combatant) featureSaveProficient(a Ability) bool {
	for _, id := range c.Features {
		if slices.Contains(passives[id].proficientSaves, a) {
			return true
		}
	}
	return false
}

// evades reports whether c's features spare it damage a save of ability a
// halves (Evasion).
func (c Combatant) evades(a Ability) bool {
	for _, id := range c.Features {
		if slices.Contains(passives[id].evades, a) {
			return true
		}
	}
	return false
}

// SavedDamage is what c takes of dmg, dealt behind a saving throw of
// ability a it made (success) or failed: all of it on a failure and, on a
// success, half of it when half is set, else none. Where a success would
// halve it, a feature of c's may spare it more: Evasion takes none on a
// success and half on a failure; why names it then ("Evasion"). dmg is
// not changed.
func (c Combatant) SavedDamage(dmg []Damage, a Ability, success, half bool) (taken []Damage, why string) {
	switch {
	case half && c.evades(a) && success:
		return nil, "Evasion"
	case half && c.evades(a):
		return Halved(dmg), "Evasion"
	case success && half:
		return Halved(dmg), ""
	case success:
		return nil, ""
	}
	return dmg, ""
}

// featureDefences gives c the immunities its features bring (Purity of
// Body).
func (c *Combatant) featureDefences() {
	for _, id := range c.Features {
		p := passives[id]
		c.Immunities |= p.immune
		c.ConditionImmunities |= p.immuneTo
	}
}

// against reports whether the save is against what (SaveRequest.Against).
func (req SaveRequest) against(what string) bool { return slices.Contains(req.Against, what) }
