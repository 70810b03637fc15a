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
	// Warlock: Beguiling Influence (an invocation), proficiency in
	// Deception and Persuasion.
	"eldritch-invocation-beguiling-influence": {checkBonus: func(c Combatant, _ Ability, s Skill) int {
		if s == Deception || s == Persuasion {
			return c.ProficiencyBonus
		}
		return 0
	}},
	// Monk: Diamond Soul, proficiency in every saving throw.
	"diamond-soul": {proficientSaves: []Ability{Str, Dex, Con, Int, Wis, Cha}},
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

// against reports whether the save is against what (SaveRequest.Against).
func (req SaveRequest) against(what string) bool { return slices.Contains(req.Against, what) }
