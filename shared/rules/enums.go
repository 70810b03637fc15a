package rules

import (
	"encoding/json"
	"iter"
	"math/bits"
	"strconv"
	"strings"

	"chronicler/shared/fault"
)

// Ability is one of the six abilities. The zero Ability is none.
type Ability uint8

// The abilities, in sheet order.
const (
	Str Ability = iota + 1
	Dex
	Con
	Int
	Wis
	Cha
)

var abilityIDs = [...]string{"", "str", "dex", "con", "int", "wis", "cha"}

var abilityNames = [...]string{"", "Strength", "Dexterity", "Constitution", "Intelligence", "Wisdom", "Charisma"}

// String is the ability's id, as the SRD data spells it: "str" .. "cha".
func (a Ability) String() string { return enumString(a, abilityIDs[:], "Ability") }

// Name is the ability's name: "Strength".
func (a Ability) Name() string {
	if !a.valid() {
		return a.String()
	}
	return abilityNames[a]
}

func (a Ability) valid() bool { return a > 0 && int(a) < len(abilityIDs) }

// MarshalText writes the ability's id, "" for none.
func (a Ability) MarshalText() ([]byte, error) { return enumText(a), nil }

// UnmarshalText reads what ParseAbility accepts; "" is the zero Ability.
func (a *Ability) UnmarshalText(b []byte) error { return unmarshalEnum(a, b, ParseAbility) }

// ParseAbility reads an ability's id or name in any case ("dex",
// "Dexterity"). Anything else is a fault.Invalid error on field "ability".
func ParseAbility(s string) (Ability, error) {
	k := normal(s)
	for i := 1; i < len(abilityIDs); i++ {
		if k == abilityIDs[i] || k == strings.ToLower(abilityNames[i]) {
			return Ability(i), nil
		}
	}
	return 0, fault.Field("parse ability", "ability", "%q is not an ability: use str, dex, con, int, wis or cha", s)
}

// Skill is one of the 18 SRD skills. The zero Skill is none.
type Skill uint8

// The skills, in alphabetical order.
const (
	Acrobatics Skill = iota + 1
	AnimalHandling
	Arcana
	Athletics
	Deception
	History
	Insight
	Intimidation
	Investigation
	Medicine
	Nature
	Perception
	Performance
	Persuasion
	Religion
	SleightOfHand
	Stealth
	Survival
)

var skillIDs = [...]string{"", "acrobatics", "animal-handling", "arcana", "athletics", "deception",
	"history", "insight", "intimidation", "investigation", "medicine", "nature", "perception",
	"performance", "persuasion", "religion", "sleight-of-hand", "stealth", "survival"}

var skillNames = [...]string{"", "Acrobatics", "Animal Handling", "Arcana", "Athletics", "Deception",
	"History", "Insight", "Intimidation", "Investigation", "Medicine", "Nature", "Perception",
	"Performance", "Persuasion", "Religion", "Sleight of Hand", "Stealth", "Survival"}

// skillAbilities is the SRD's skill -> ability table. No skill uses
// Constitution.
var skillAbilities = [...]Ability{0, Dex, Wis, Int, Str, Cha, Int, Wis, Cha, Int, Wis, Int, Wis,
	Cha, Cha, Int, Dex, Dex, Wis}

// String is the skill's id, as the SRD data spells it: "sleight-of-hand".
func (s Skill) String() string { return enumString(s, skillIDs[:], "Skill") }

// Name is the skill's name: "Sleight of Hand".
func (s Skill) Name() string {
	if !s.valid() {
		return s.String()
	}
	return skillNames[s]
}

// Ability is the ability the skill normally goes with; 0 for no skill.
func (s Skill) Ability() Ability {
	if !s.valid() {
		return 0
	}
	return skillAbilities[s]
}

func (s Skill) valid() bool { return s > 0 && int(s) < len(skillIDs) }

// MarshalText writes the skill's id, "" for none.
func (s Skill) MarshalText() ([]byte, error) { return enumText(s), nil }

// UnmarshalText reads what ParseSkill accepts; "" is the zero Skill.
func (s *Skill) UnmarshalText(b []byte) error { return unmarshalEnum(s, b, ParseSkill) }

// ParseSkill reads a skill's id or name in any case, with spaces, hyphens
// or underscores between words ("sleight-of-hand", "Sleight of Hand").
// Anything else is a fault.Invalid error on field "skill".
func ParseSkill(s string) (Skill, error) {
	if i := indexOf(skillIDs[:], normal(s)); i > 0 {
		return Skill(i), nil
	}
	return 0, fault.Field("parse skill", "skill", "%q is not an SRD skill", s)
}

// DamageType is one of the 13 SRD damage types. The zero DamageType is
// untyped damage, which no resistance or immunity affects.
type DamageType uint8

// The damage types.
const (
	Acid DamageType = iota + 1
	Bludgeoning
	Cold
	Fire
	Force
	Lightning
	Necrotic
	Piercing
	Poison
	Psychic
	Radiant
	Slashing
	Thunder
)

var damageTypeIDs = [...]string{"", "acid", "bludgeoning", "cold", "fire", "force", "lightning",
	"necrotic", "piercing", "poison", "psychic", "radiant", "slashing", "thunder"}

// String is the damage type's id, which is also its name: "slashing".
func (d DamageType) String() string { return enumString(d, damageTypeIDs[:], "DamageType") }

func (d DamageType) valid() bool { return d > 0 && int(d) < len(damageTypeIDs) }

// MarshalText writes the damage type's id, "" for none.
func (d DamageType) MarshalText() ([]byte, error) { return enumText(d), nil }

// UnmarshalText reads what ParseDamageType accepts; "" is untyped damage.
func (d *DamageType) UnmarshalText(b []byte) error { return unmarshalEnum(d, b, ParseDamageType) }

// ParseDamageType reads a damage type in any case. Anything else is a
// fault.Invalid error on field "damage_type".
func ParseDamageType(s string) (DamageType, error) {
	if i := indexOf(damageTypeIDs[:], normal(s)); i > 0 {
		return DamageType(i), nil
	}
	return 0, fault.Field("parse damage type", "damage_type", "%q is not an SRD damage type", s)
}

// Condition is one of the 15 SRD conditions. Exhaustion has levels, kept
// in Combatant.Exhaustion and changed with ChangeExhaustion; as a Condition
// it only names an immunity (Combatant.ConditionImmunities). The zero
// Condition is none.
type Condition uint8

// The conditions.
const (
	Blinded Condition = iota + 1
	Charmed
	Deafened
	Frightened
	Grappled
	Incapacitated
	Invisible
	Paralyzed
	Petrified
	Poisoned
	Prone
	Restrained
	Stunned
	Unconscious
	Exhaustion
)

var conditionIDs = [...]string{"", "blinded", "charmed", "deafened", "frightened", "grappled",
	"incapacitated", "invisible", "paralyzed", "petrified", "poisoned", "prone", "restrained",
	"stunned", "unconscious", "exhaustion"}

// String is the condition's id, which is also its name: "paralyzed".
func (c Condition) String() string { return enumString(c, conditionIDs[:], "Condition") }

func (c Condition) valid() bool { return c > 0 && int(c) < len(conditionIDs) }

// MarshalText writes the condition's id, "" for none.
func (c Condition) MarshalText() ([]byte, error) { return enumText(c), nil }

// UnmarshalText reads what ParseCondition accepts; "" is no condition.
func (c *Condition) UnmarshalText(b []byte) error { return unmarshalEnum(c, b, ParseCondition) }

// ParseCondition reads a condition in any case. Anything else is a
// fault.Invalid error on field "condition".
func ParseCondition(s string) (Condition, error) {
	if i := indexOf(conditionIDs[:], normal(s)); i > 0 {
		return Condition(i), nil
	}
	return 0, fault.Field("parse condition", "condition", "%q is not an SRD condition", s)
}

// enum is what a Set can hold: one of the package's named kinds.
type enum interface {
	~uint8
	String() string
	valid() bool
}

// Set is a set of abilities, skills, damage types or conditions. It is a
// value: copying it never shares state, and the zero Set is empty. It
// stores as a JSON array of ids in order, such as ["fire","poison"].
type Set[E enum] uint32

// SetOf returns the set holding es.
func SetOf[E enum](es ...E) Set[E] {
	var s Set[E]
	for _, e := range es {
		s = s.With(e)
	}
	return s
}

// Has reports whether e is in s.
func (s Set[E]) Has(e E) bool { return e.valid() && s&(1<<e) != 0 }

// With returns s with e added; an invalid e is ignored.
func (s Set[E]) With(e E) Set[E] {
	if !e.valid() {
		return s
	}
	return s | 1<<e
}

// Without returns s with e removed.
func (s Set[E]) Without(e E) Set[E] {
	if !e.valid() {
		return s
	}
	return s &^ (1 << e)
}

// Len is how many members s has.
func (s Set[E]) Len() int { return bits.OnesCount32(uint32(s)) }

// All yields the members of s in order.
func (s Set[E]) All() iter.Seq[E] {
	return func(yield func(E) bool) {
		for v := uint32(s); v != 0; v &= v - 1 {
			if !yield(E(bits.TrailingZeros32(v))) {
				return
			}
		}
	}
}

// String lists the members' ids, comma-separated.
func (s Set[E]) String() string {
	var b strings.Builder
	for e := range s.All() {
		if b.Len() > 0 {
			b.WriteString(", ")
		}
		b.WriteString(e.String())
	}
	return b.String()
}

// MarshalJSON writes the members' ids as a JSON array.
func (s Set[E]) MarshalJSON() ([]byte, error) {
	b := []byte{'['}
	for e := range s.All() {
		if len(b) > 1 {
			b = append(b, ',')
		}
		b = strconv.AppendQuote(b, e.String())
	}
	return append(b, ']'), nil
}

// UnmarshalJSON reads an array of ids (or null, the empty set); an unknown
// id is a fault.Invalid error.
func (s *Set[E]) UnmarshalJSON(b []byte) error {
	var ids []string
	if err := json.Unmarshal(b, &ids); err != nil {
		return fault.Wrap(fault.Invalid, "decode set", err)
	}
	var out Set[E]
	for _, id := range ids {
		e, ok := lookupEnum[E](normal(id))
		if !ok {
			return fault.E(fault.Invalid, "decode set", "unknown id %q", id)
		}
		out = out.With(e)
	}
	*s = out
	return nil
}

// lookupEnum finds the E whose id is k.
func lookupEnum[E enum](k string) (E, bool) {
	for i := 1; i < 32; i++ {
		e := E(i)
		if !e.valid() {
			break
		}
		if e.String() == k {
			return e, true
		}
	}
	return 0, false
}

// enumText is e's id, or "" for the zero value, so that none stores as "".
func enumText[E interface {
	~uint8
	String() string
}](e E) []byte {
	if e == 0 {
		return []byte{}
	}
	return []byte(e.String())
}

func enumString[E ~uint8](e E, ids []string, kind string) string {
	if e == 0 || int(e) >= len(ids) {
		return kind + "(" + strconv.Itoa(int(e)) + ")"
	}
	return ids[e]
}

func unmarshalEnum[E ~uint8](e *E, b []byte, parse func(string) (E, error)) error {
	if len(b) == 0 {
		*e = 0
		return nil
	}
	v, err := parse(string(b))
	if err != nil {
		return err
	}
	*e = v
	return nil
}

// normal lower-cases s, trims it and joins its words with hyphens, the form
// the SRD ids take.
func normal(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool {
		return r == ' ' || r == '_' || r == '-' || r == '\t'
	}), "-")
}

func indexOf(ids []string, k string) int {
	for i, id := range ids {
		if id == k && i > 0 {
			return i
		}
	}
	return 0
}
