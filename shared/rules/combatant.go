package rules

import (
	"slices"

	"chronicler/shared/campaign"
)

// Combatant is the engine's view of one creature, character or monster, as
// the caller builds it from the sheet or stat block for one resolution. It
// is a value with no shared state: resolvers read it and report changes as
// Changes; Apply makes the changed copy. The caller may tailor the view to
// the situation, for example leave out Frightened while the source of the
// fear is out of sight.
type Combatant struct {
	ID   string `json:"id"`
	Name string `json:"name"` // as it reads in a sentence: "Mira", "the goblin"
	// Level is a character's level; 0 for a monster.
	Level int `json:"level,omitempty"`
	// Monster dies the instant it drops to 0 hit points, as most monsters
	// do; characters (and villains the GM wants to linger) fall
	// unconscious and make death saving throws instead.
	Monster          bool               `json:"monster,omitempty"`
	Abilities        campaign.Abilities `json:"abilities"`
	ProficiencyBonus int                `json:"proficiency_bonus"`
	AC               int                `json:"ac"`
	HP               int                `json:"hp"`
	// MaxHP is the hit point maximum before exhaustion; CurrentMaxHP
	// applies exhaustion's halving.
	MaxHP  int `json:"max_hp"`
	TempHP int `json:"temp_hp"`
	// Speed is the walking speed in feet before conditions; CurrentSpeed
	// applies them.
	Speed               int             `json:"speed"`
	SaveProficiencies   Set[Ability]    `json:"save_proficiencies"`
	SkillProficiencies  Set[Skill]      `json:"skill_proficiencies"`
	Expertise           Set[Skill]      `json:"expertise"` // doubles the proficiency bonus; implies proficiency
	Resistances         Set[DamageType] `json:"resistances"`
	Vulnerabilities     Set[DamageType] `json:"vulnerabilities"`
	Immunities          Set[DamageType] `json:"immunities"`
	ConditionImmunities Set[Condition]  `json:"condition_immunities"`
	// ItemSaves is what a character's magic items add to every saving
	// throw (a Ring of Protection's 1: campaign.ItemSaves).
	ItemSaves int `json:"item_saves,omitempty"`
	// Absorbs are the damage types the creature takes none of and heals
	// from instead (a clay golem's acid, a flesh golem's lightning).
	Absorbs    Set[DamageType] `json:"absorbs,omitempty"`
	Conditions Set[Condition]  `json:"conditions"`
	Exhaustion int             `json:"exhaustion,omitempty"` // level 0..6
	// Drained is the hit point maximum a life drain took (a wight's, a
	// vampire's bite), until a long rest or Greater Restoration gives it
	// back; CurrentMaxHP is that much lower.
	Drained int `json:"drained,omitempty"`
	// Afflictions are the curses and diseases a monster's hit left
	// (campaign.Affliction); what they took of the maximum counts off
	// CurrentMaxHP.
	Afflictions []campaign.Affliction `json:"afflictions,omitempty"`
	// Dodging is set from the creature's Dodge action until the start of
	// its next turn.
	Dodging bool `json:"dodging,omitempty"`
	// Lucky is the halfling trait: a 1 on an attack roll, ability check or
	// saving throw is rerolled once.
	Lucky bool `json:"lucky,omitempty"`
	// Features are the class features and racial traits (srd ids) the
	// creature has, and the states a fight puts on it while they last
	// (Raging): the rules play those of the table in features.go, the
	// encounter those of its own.
	Features []string `json:"features,omitempty"`
	// Choices are what a character chose for its features, by choice id
	// (campaign.Character.Choices): the creature types of Favored Enemy.
	Choices map[string][]string `json:"choices,omitempty"`
	// Concentration is the id of the spell the creature concentrates on, or
	// "".
	Concentration string `json:"concentration,omitempty"`
	// ConcentrationSave is what a fight adds to the creature's saves to
	// keep concentrating (Bless's d4, an Aura of Protection), as it adds
	// to its other Constitution saves; nil outside a fight, where
	// TakeDamage makes the bare save. The fight sets it on the combatant
	// it hands over for one resolution: it is never stored.
	ConcentrationSave *SaveMods           `json:"-"`
	DeathSaves        campaign.DeathSaves `json:"death_saves"`
	Stable            bool                `json:"stable,omitempty"`
	Dead              bool                `json:"dead,omitempty"`
	// HitDie is the number of sides of the creature's hit dice (a
	// fighter's 10); HitDice counts them.
	HitDie  int           `json:"hit_die,omitempty"`
	HitDice campaign.Pool `json:"hit_dice"`
	// SpellSlots[i] is the slots of spell level i+1.
	SpellSlots [9]campaign.Slot `json:"spell_slots"`
}

// ProficiencyByLevel is a character's proficiency bonus at a level: +2 at
// levels 1-4 rising by one every four levels to +6 at 17-20. Levels
// outside 1-20 are clamped.
func ProficiencyByLevel(level int) int {
	level = min(max(level, 1), 20)
	return 2 + (level-1)/4
}

// ProficiencyByCR is a monster's proficiency bonus by challenge rating: +2
// up to CR 4 (fractions included), then one more every four ratings, +9 at
// CR 29-30.
func ProficiencyByCR(cr float64) int {
	if cr < 1 {
		return 2
	}
	return 2 + (min(int(cr), 30)-1)/4
}

// Modifier is the creature's modifier for ability a; 0 for no ability.
func (c Combatant) Modifier(a Ability) int {
	return campaign.Modifier(c.score(a))
}

func (c Combatant) score(a Ability) int {
	ab := c.Abilities
	if (a == Int || a == Cha) && slices.Contains(c.Features, Feebleminded) {
		return 1
	}
	switch a {
	case Str:
		return ab.Str
	case Dex:
		return ab.Dex
	case Con:
		return ab.Con
	case Int:
		return ab.Int
	case Wis:
		return ab.Wis
	case Cha:
		return ab.Cha
	}
	return 10
}

// SaveBonus is what the creature adds to a saving throw of ability a: its
// modifier, plus its proficiency bonus if proficient, plus what its magic
// items add to every save.
func (c Combatant) SaveBonus(a Ability) int { return campaign.SumTerms(c.SaveTerms(a)) }

// SaveTerms are SaveBonus's parts, each with its source, as a save's
// working shows them.
func (c Combatant) SaveTerms(a Ability) []campaign.Term {
	out := []campaign.Term{{Value: c.Modifier(a), Source: a.Name(), Kind: campaign.TermAbility}}
	if c.SaveProficiencies.Has(a) {
		out = append(out, campaign.Term{Value: c.ProficiencyBonus, Source: "proficiency", Kind: campaign.TermProficiency})
	} else if id, ok := c.featureSaveProficient(a); ok {
		out = append(out, campaign.Term{Value: c.ProficiencyBonus, Source: "proficiency (" + featureName(id) + ")", Kind: campaign.TermProficiency})
	}
	if c.ItemSaves != 0 {
		out = append(out, campaign.Term{Value: c.ItemSaves, Source: "magic items", Kind: campaign.TermItem})
	}
	return out
}

// CheckBonus is what the creature adds to an ability check of ability a
// with skill s (0 for none): its modifier, plus its proficiency bonus if
// proficient in s, twice that with expertise. The proficiency applies
// whatever the ability, so a Constitution (Athletics) check counts it.
// Without proficiency, a feature may add part of the bonus (Jack of All
// Trades, Remarkable Athlete).
func (c Combatant) CheckBonus(a Ability, s Skill) int { return campaign.SumTerms(c.CheckTerms(a, s)) }

// CheckTerms are CheckBonus's parts, each with its source, as a check's
// working shows them.
func (c Combatant) CheckTerms(a Ability, s Skill) []campaign.Term {
	out := []campaign.Term{{Value: c.Modifier(a), Source: a.Name(), Kind: campaign.TermAbility}}
	switch {
	case s != 0 && c.Expertise.Has(s):
		out = append(out, campaign.Term{Value: 2 * c.ProficiencyBonus, Source: "expertise in " + s.Name(), Kind: campaign.TermExpertise})
	case s != 0 && c.SkillProficiencies.Has(s):
		out = append(out, campaign.Term{Value: c.ProficiencyBonus, Source: "proficiency in " + s.Name(), Kind: campaign.TermProficiency})
	default:
		if n, id := c.featureCheckBonus(a, s); n != 0 {
			out = append(out, campaign.Term{Value: n, Source: featureName(id), Kind: campaign.TermFeature})
		}
	}
	return out
}

// PassivePerception is 10 plus the creature's Wisdom (Perception) check
// bonus, 5 less when its conditions give it disadvantage on checks. A
// blinded creature fails checks that rely on sight, which the caller judges.
func (c Combatant) PassivePerception() int {
	p := 10 + c.CheckBonus(Wis, Perception)
	var e Edge
	e.addCheckConditions(c)
	switch e.net() {
	case 1:
		p += 5
	case -1:
		p -= 5
	}
	return p
}

// CurrentMaxHP is the hit point maximum after exhaustion, halved
// (rounded down) from level 4, less what life drains and afflictions
// took (never below 0).
func (c Combatant) CurrentMaxHP() int {
	m := c.MaxHP
	if c.Exhaustion >= 4 {
		m /= 2
	}
	return max(m-max(c.Drained, 0)-campaign.AfflictionsReduce(c.Afflictions), 0)
}

// CurrentSpeed is the walking speed after conditions: 0 when grappled,
// restrained, paralyzed, petrified, stunned, unconscious, dead or at
// exhaustion 5, halved (rounded down) from exhaustion 2.
func (c Combatant) CurrentSpeed() int {
	if c.Dead || c.Exhaustion >= 5 || c.Conditions&immobile != 0 {
		return 0
	}
	if c.Exhaustion >= 2 {
		return c.Speed / 2
	}
	return c.Speed
}

var (
	// immobile are the conditions that set speed to 0.
	immobile = SetOf(Grappled, Restrained, Paralyzed, Petrified, Stunned, Unconscious)
	// incapacitating are the conditions that include incapacitated.
	incapacitating = SetOf(Incapacitated, Paralyzed, Petrified, Stunned, Unconscious)
	// helpless are the conditions under which a creature automatically
	// fails Strength and Dexterity saving throws.
	helpless = SetOf(Paralyzed, Petrified, Stunned, Unconscious)
)

// Incapacitated reports whether the creature can take no actions or
// reactions: incapacitated, or paralyzed, petrified, stunned or
// unconscious, which include it.
func (c Combatant) Incapacitated() bool { return c.Conditions&incapacitating != 0 }

// Dying reports whether the creature is at 0 hit points, alive and not
// stable: it makes death saving throws.
func (c Combatant) Dying() bool { return c.HP <= 0 && !c.Dead && !c.Stable }

// dodges reports whether the creature has the Dodge action's benefit,
// which it loses while incapacitated or with speed 0.
func (c Combatant) dodges() bool {
	return c.Dodging && !c.Incapacitated() && c.CurrentSpeed() > 0
}
