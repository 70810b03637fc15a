package rules

import (
	"slices"

	"chronicler/shared/campaign"
	"chronicler/shared/srd"
)

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

// Feebleminded is the state Feeblemind leaves a creature in: its
// Intelligence and Charisma scores read 1 and it can't cast spells while
// the encounter keeps the spell's effect on it.
const Feebleminded = "feebleminded"

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
	// checkTotal is the least total a check of ability a comes to
	// (Indomitable Might: the Strength score); 0 for none.
	checkTotal func(c Combatant, a Ability) int
	// immune and immuneTo are the damage types and conditions the
	// creature is immune to, given as its sheet becomes a Combatant
	// (FromSheet).
	immune   Set[DamageType]
	immuneTo Set[Condition]
	// checkAbout gives advantage on a check, and why, by the whole
	// request: what the check is about (CheckRequest.About), how far the
	// roller moved.
	checkAbout func(c Combatant, a Ability, req CheckRequest) (string, bool)
	// checkExtra is added to a check by the whole request (Natural
	// Explorer's doubled proficiency in a favored terrain).
	checkExtra func(c Combatant, a Ability, req CheckRequest) int
	// checkFloor is the least the d20 of a check of skill s counts as
	// (Reliable Talent's 10); 0 for none.
	checkFloor func(c Combatant, a Ability, s Skill) int
	// evasion: a Dexterity save against an effect that deals half damage
	// on a success deals none on a success and half on a failure
	// (Evasion, DamageOnSave).
	evasion bool
	// elusive: no attack roll against the creature has advantage while it
	// is not incapacitated.
	elusive bool
	// seesUnseen: the creature's attacks have no disadvantage for a
	// target it cannot see (Feral Senses).
	seesUnseen bool
	// checkDisadvantage and saveDisadvantage say the state gives
	// disadvantage on a check of ability a, or on the save, and why (a
	// curse).
	checkDisadvantage func(c Combatant, a Ability) (string, bool)
	saveDisadvantage  func(c Combatant, req SaveRequest) (string, bool)
	// seesInvisible: invisibility gives no advantage on attacks against
	// the creature, nor disadvantage on its attacks (See Invisibility).
	seesInvisible bool
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
	"indomitable-might": {checkTotal: func(c Combatant, a Ability) int {
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
	// Warlock: Beguiling Influence (an invocation), proficiency in
	// Deception and Persuasion.
	"eldritch-invocation-beguiling-influence": {checkBonus: func(c Combatant, _ Ability, s Skill) int {
		if s == Deception || s == Persuasion {
			return c.ProficiencyBonus
		}
		return 0
	}},
	// Monk: Diamond Soul, proficiency in every saving throw (the ki spent
	// to roll a failed one again is the encounter's).
	"diamond-soul": {proficientSaves: []Ability{Str, Dex, Con, Int, Wis, Cha}},
	// Druid (Land): Land's Stride, advantage on saves against plants
	// magically made or shaped to hinder (the spells that raise them).
	"druid-lands-stride": {saveAdvantage: against("Land's Stride", "entangle", "wall-of-thorns")},
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
	// Monsters' traits that are passives of their own (encounter's
	// monstertraits.go): a duergar's resilience, a cultist's Dark
	// Devotion, an ettin's two heads, a centaur's sure feet.
	"duergar-resilience": {saveAdvantage: against("Duergar Resilience", "poison", "poisoned", "magic", "charmed", "paralyzed")},
	"dark-devotion":      {saveAdvantage: against("Dark Devotion", "charmed", "frightened")},
	"two-heads":          {saveAdvantage: against("Two Heads", "blinded", "charmed", "deafened", "frightened", "stunned", "unconscious")},
	"sure-footed":        {saveAdvantage: against("Sure-Footed", "prone")},
	// Gnome: Gnome Cunning, advantage on Intelligence, Wisdom and Charisma
	// saves against magic.
	"gnome-cunning": {saveAdvantage: func(c Combatant, req SaveRequest) (string, bool) {
		mental := req.Ability == Int || req.Ability == Wis || req.Ability == Cha
		return "Gnome Cunning", mental && req.against("magic")
	}},

	// Rogue, monk, ranger (Hunter): Evasion, one rule under three rows
	// (sameAs).
	Evasion: {evasion: true},
	// Rogue: Reliable Talent, a d20 of 9 or lower counts as 10 on a check
	// of a skill the rogue is proficient in.
	"reliable-talent": {checkFloor: func(c Combatant, _ Ability, s Skill) int {
		if s != 0 && (c.SkillProficiencies.Has(s) || c.Expertise.Has(s)) {
			return 10
		}
		return 0
	}},
	// Rogue: Slippery Mind, proficiency in Wisdom saves.
	"slippery-mind": {proficientSaves: []Ability{Wis}},
	// Rogue: Elusive, no advantage on attack rolls against it while it is
	// not incapacitated (Attack).
	"elusive": {elusive: true},
	// Rogue (Thief): Supreme Sneak, advantage on a Dexterity (Stealth)
	// check on a turn it has moved no more than half its speed.
	"supreme-sneak": {checkAbout: func(_ Combatant, a Ability, req CheckRequest) (string, bool) {
		return "Supreme Sneak", a == Dex && req.Skill == Stealth && !req.Moved
	}},

	// Ranger: Favored Enemy, advantage on Wisdom (Survival) checks to
	// track the creature types it chose (Choices["favored-enemy"]) and on
	// Intelligence checks to recall what it knows of them: the check says
	// what it is about (CheckRequest.About).
	"favored-enemy-1-type": {checkAbout: func(c Combatant, a Ability, req CheckRequest) (string, bool) {
		tracking := a == Wis && req.Skill == Survival
		return "Favored Enemy", (tracking || a == Int) && c.chose(FavoredEnemies, req.About)
	}},
	// Ranger: Natural Explorer, the proficiency bonus doubled on an
	// Intelligence or Wisdom check of a proficient skill about a terrain
	// it chose (Choices["favored-terrain"]). Its travel benefits are the
	// narrator's.
	"natural-explorer-1-terrain-type": {checkExtra: func(c Combatant, a Ability, req CheckRequest) int {
		s := req.Skill
		if (a != Int && a != Wis) || s == 0 || !c.SkillProficiencies.Has(s) || c.Expertise.Has(s) || !c.chose(FavoredTerrains, req.About) {
			return 0
		}
		return c.ProficiencyBonus
	}},
	// Ranger (Hunter): Steel Will, advantage on saves against being
	// frightened.
	"defensive-tactics-steel-will": {saveAdvantage: against("Steel Will", "frightened")},
	// Ranger: Land's Stride, advantage on saves against plants magic
	// makes to hold creatures back (Entangle). Difficult terrain and
	// thorns are the narrator's.
	"ranger-lands-stride": {saveAdvantage: against("Land's Stride", "entangle")},
	// Ranger: Feral Senses, no disadvantage on attacks for a target it
	// cannot see (Attack).
	"feral-senses": {seesUnseen: true},

	// Bard: Countercharm's performance, while it lasts: advantage on
	// saves against being frightened or charmed, for those who can hear
	// it.
	Countercharmed: {saveAdvantage: func(c Combatant, req SaveRequest) (string, bool) {
		return "Countercharm", !c.Conditions.Has(Deafened) && (req.against("frightened") || req.against("charmed"))
	}},
}

// The states and rules the table keeps under a name of their own.
const (
	// Countercharmed is the state a bard's Countercharm puts on it and
	// its companions while the performance lasts.
	Countercharmed = "countercharmed"
	// Evasion is the one rule of the three Evasion rows (sameAs).
	Evasion = "evasion"
)

// The choices (campaign.Character.Choices) the table's rows read.
const (
	FavoredEnemies  = "favored-enemy"
	FavoredTerrains = "favored-terrain"
)

// sameAs are the rows that play as another: one rule the data gives
// under several ids, a feature that grows with its class (Favored
// Enemy's second and third types) or one that several classes share
// (Evasion). A creature with several of them has the rule once.
var sameAs = map[string]string{
	"favored-enemy-2-types":            "favored-enemy-1-type",
	"favored-enemy-3-enemies":          "favored-enemy-1-type",
	"natural-explorer-2-terrain-types": "natural-explorer-1-terrain-type",
	"natural-explorer-3-terrain-types": "natural-explorer-1-terrain-type",
	"rogue-evasion":                    Evasion,
	"monk-evasion":                     Evasion,
	"superior-hunters-defense-evasion": Evasion,
	"two-headed":                       "two-heads", // a monster's trait under two names
	"multiple-heads":                   "two-heads", // a hydra's: the same advantage while it has more than one head
}

// chose reports whether the creature chose, for choice id, any of what
// (a favored enemy among the creature types a check is about).
func (c Combatant) chose(id string, what []string) bool {
	return slices.ContainsFunc(c.Choices[id], func(x string) bool { return slices.Contains(what, x) })
}

// against is a saveAdvantage for saves against any of what.
func against(why string, what ...string) func(Combatant, SaveRequest) (string, bool) {
	return func(_ Combatant, req SaveRequest) (string, bool) {
		return why, slices.ContainsFunc(what, req.against)
	}
}

// PlayedPassives are the feature ids the core rules play (the coverage
// test's): the table's rows that are features, and those that play as
// one of them (sameAs).
func PlayedPassives() []string {
	out := make([]string, 0, len(passives)+len(sameAs))
	for id := range passives {
		if _, ok := srd.LookupFeature(id); ok {
			out = append(out, id)
		}
	}
	for id := range sameAs {
		if _, ok := srd.LookupFeature(id); ok {
			out = append(out, id)
		}
	}
	slices.Sort(out)
	return out
}

// rows are the rows c's features and states play, each once: a feature
// that plays as another (sameAs) counts as that one.
func (c Combatant) rows() []passive {
	named := c.namedRows()
	out := make([]passive, len(named))
	for i, r := range named {
		out[i] = r.passive
	}
	return out
}

// namedRow is a row with the id of the feature or state it plays, which
// a roll's working names as the source of what the row adds.
type namedRow struct {
	id string
	passive
}

// namedRows are rows with their ids.
func (c Combatant) namedRows() []namedRow {
	var out []namedRow
	for _, id := range c.Features {
		if to, ok := sameAs[id]; ok {
			id = to
		}
		p, ok := passives[id]
		if !ok || slices.ContainsFunc(out, func(r namedRow) bool { return r.id == id }) {
			continue
		}
		out = append(out, namedRow{id, p})
	}
	return out
}

// featureSaveEdge adds the advantage c's features give its save.
func (e *Edge) featureSaveEdge(c Combatant, req SaveRequest) {
	for _, p := range c.rows() {
		if f := p.saveAdvantage; f != nil {
			if why, ok := f(c, req); ok {
				e.adv(why)
			}
		}
		if f := p.saveDisadvantage; f != nil {
			if why, ok := f(c, req); ok {
				e.dis(why)
			}
		}
	}
}

// featureCheckEdge adds the advantage c's features give its check req
// of a.
func (e *Edge) featureCheckEdge(c Combatant, a Ability, req CheckRequest) {
	for _, p := range c.rows() {
		if f := p.checkAdvantage; f != nil {
			if why, ok := f(c, a); ok {
				e.adv(why)
			}
		}
		if f := p.checkAbout; f != nil {
			if why, ok := f(c, a, req); ok {
				e.adv(why)
			}
		}
		if f := p.checkDisadvantage; f != nil {
			if why, ok := f(c, a); ok {
				e.dis(why)
			}
		}
	}
}

// featureCheckBonus is the most c's features add to a check of a with s
// it is not proficient in (the bonuses of this kind do not stack).
func (c Combatant) featureCheckBonus(a Ability, s Skill) (best int, id string) {
	for _, p := range c.namedRows() {
		if f := p.checkBonus; f != nil {
			if n := f(c, a, s); n > best {
				best, id = n, p.id
			}
		}
	}
	return best, id
}

// featureCheckTotal is the least total c's features let a check of a
// come to, 0 when none sets one.
func (c Combatant) featureCheckTotal(a Ability) int {
	least := 0
	for _, p := range c.rows() {
		if f := p.checkTotal; f != nil {
			least = max(least, f(c, a))
		}
	}
	return least
}

// featureCheckExtra is what c's features add to check req of a by what
// it is about.
func (c Combatant) featureCheckExtra(a Ability, req CheckRequest) []campaign.Term {
	var out []campaign.Term
	for _, p := range c.namedRows() {
		if f := p.checkExtra; f != nil {
			if n := f(c, a, req); n != 0 {
				out = append(out, campaign.Term{Value: n, Source: featureName(p.id), Kind: campaign.TermFeature})
			}
		}
	}
	return out
}

// featureCheckFloor is the least the d20 of c's check of a with s counts
// as; 0 when nothing raises it.
func (c Combatant) featureCheckFloor(a Ability, s Skill) (n int, id string) {
	for _, p := range c.namedRows() {
		if f := p.checkFloor; f != nil {
			if m := f(c, a, s); m > n {
				n, id = m, p.id
			}
		}
	}
	return n, id
}

// featureSaveProficient reports whether c's features make it proficient
// in saves of a.
func (c Combatant) featureSaveProficient(a Ability) (id string, ok bool) {
	for _, p := range c.namedRows() {
		if slices.Contains(p.proficientSaves, a) {
			return p.id, true
		}
	}
	return "", false
}

// SavedDamage is what c takes of dmg, dealt behind a saving throw of
// ability a it made (success) or failed (DamageOnSave), and why, when a
// feature spared it more than the save alone would ("Evasion"). dmg is
// not changed.
func (c Combatant) SavedDamage(dmg []Damage, a Ability, success, half bool) (taken []Damage, why string) {
	if c.Evades(a, half) {
		why = "Evasion"
	}
	return DamageOnSave(c, a, success, half, dmg), why
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

// featureIs reports whether one of c's features sets a flag of the
// table (evasion, elusive, seesUnseen).
func (c Combatant) featureIs(flag func(passive) bool) bool {
	return slices.ContainsFunc(c.rows(), flag)
}

// Evades reports whether c's Evasion turns its Dexterity save of ability
// a against an effect that deals half damage on a success (half) into
// none on a success and half on a failure.
func (c Combatant) Evades(a Ability, half bool) bool {
	return half && a == Dex && c.featureIs(func(p passive) bool { return p.evasion })
}

// DamageOnSave is the damage c takes of dmg from an effect it saved
// against with ability a: all of it on a failure, and on a success half
// (rounded down, halve) when half is set, else none; Evasion makes that
// none on a success and half on a failure (Evades). nil is none.
func DamageOnSave(c Combatant, a Ability, success, half bool, dmg []Damage) []Damage {
	evades := c.Evades(a, half)
	switch {
	case success && (evades || !half):
		return nil
	case success || evades:
		return Halved(dmg)
	}
	return dmg
}

// against reports whether the save is against what (SaveRequest.Against).
func (req SaveRequest) against(what string) bool { return slices.Contains(req.Against, what) }
