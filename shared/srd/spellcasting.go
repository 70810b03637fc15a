package srd

import (
	"slices"
	"sync"
)

// What class features and racial traits do with spells, as data
// (spellcasting.json, one row a feature): the spells a character chooses
// with a feature (cantrips known, spells known, a wizard's spellbook,
// Magical Secrets, a Mystic Arcanum), the spells it gives outright (a
// cleric's domain spells, a paladin's oath spells, a land druid's
// circle spells, a tiefling's Infernal Legacy), and how a class prepares
// its spells. campaign reads it into a character's choices and what it
// can cast; the rules engine casts from that.

// SpellFeature is what one class feature or racial trait does with
// spells.
type SpellFeature struct {
	// Feature is the feature's or trait's id (features.json).
	Feature string `json:"feature"`
	// Choices are the spells it asks the player to choose.
	Choices []SpellChoice `json:"choices,omitempty"`
	// Grants are the spells it gives: always known or prepared, never
	// counted against what the character chooses or prepares.
	Grants []SpellGrant `json:"grants,omitempty"`
	// Prepares says the class prepares its spells (a cleric, a druid, a
	// paladin, a wizard), and how many.
	Prepares *Preparing `json:"prepares,omitempty"`
}

// SpellChoice is a choice of spells a feature asks for, kept under ID in
// the character's choices like any feature's choice. Its count is Count,
// plus the class level's counter Counter (cantrips_known, spells_known:
// ClassLevel.Counter), plus PerLevel for each class level after the
// first (a spellbook's two); its options are the spells of Class's list
// (any class's when empty) that the filters let through.
type SpellChoice struct {
	ID       string `json:"id"`
	Count    int    `json:"count,omitempty"`
	Counter  string `json:"counter,omitempty"`
	PerLevel int    `json:"per_level,omitempty"`
	Class    string `json:"class,omitempty"`
	// Cantrips lets cantrips through; Castable the spells of a level the
	// character has spell slots for; Level the spells of that level only
	// (a Mystic Arcanum's 6th).
	Cantrips bool `json:"cantrips,omitempty"`
	Castable bool `json:"castable,omitempty"`
	Level    int  `json:"level,omitempty"`
	// Book takes the options from the character's spellbook (the
	// "spellbook" choice) once it has one.
	Book bool `json:"book,omitempty"`
	// Within names the choice whose count includes this one's: Magical
	// Secrets are among a bard's spells known.
	Within string `json:"within,omitempty"`
	// Optional: the player may leave the choice unmade, and the
	// character then has every option, as every sheet had before spells
	// were chosen (a caster's cantrips and spells known, a spellbook).
	Optional bool `json:"optional,omitempty"`
	// Prepared: the chosen spells are always prepared, and not counted
	// (Signature Spells).
	Prepared bool `json:"prepared,omitempty"`
	// Resources: the chosen spells, in order, are each cast at their own
	// level without a slot, once per use of the resource in the same
	// place (a Mystic Arcanum's, each Signature Spell's own); AtWill:
	// the chosen spells are cast so with no resource, when prepared
	// (Spell Mastery).
	Resources []string `json:"resources,omitempty"`
	AtWill    bool     `json:"at_will,omitempty"`
	// Ability is the spellcasting ability the chosen spells are cast
	// with, where it is not the class's (a high elf's cantrip: int).
	Ability string `json:"ability,omitempty"`
	// Swap: at a level up the player may give up one chosen spell for
	// another (spells known).
	Swap bool `json:"swap,omitempty"`
}

// SpellGrant is spells a feature gives from a level (the class level; a
// racial trait's, the character's level), where the character has the
// subclass Subclass and the feature With (a land druid's land), when
// they are set.
type SpellGrant struct {
	Level    int      `json:"level"`
	Spells   []string `json:"spells"`
	Subclass string   `json:"subclass,omitempty"`
	With     string   `json:"with,omitempty"`
	// Ability is the spellcasting ability the spells are cast with,
	// where it is not the class's (Infernal Legacy's: cha).
	Ability string `json:"ability,omitempty"`
	// Resource and Slot: the spells are cast without a slot, at Slot's
	// level, once per use of the resource (Infernal Legacy's Hellish
	// Rebuke as a 2nd-level spell once a day).
	Resource string `json:"resource,omitempty"`
	Slot     int    `json:"slot,omitempty"`
}

// Preparing is how a class prepares its spells after a long rest: as
// many as its spellcasting ability modifier plus its class level divided
// by Divisor (1 when 0; a paladin's 2), rounded down, at least one, from
// its class's list, or from the spells of its choice From (a wizard's
// spellbook).
type Preparing struct {
	Divisor int    `json:"divisor,omitempty"`
	From    string `json:"from,omitempty"`
}

var spellFeatures = sync.OnceValue(func() table[SpellFeature] {
	t, err := parse("spellcasting.json", func(f SpellFeature) string { return f.Feature })
	if err != nil {
		panic(err) // embedded and held by this package's tests: a broken build
	}
	return t
})

// LookupSpellFeature returns what feature id does with spells; false for
// a feature that does nothing with them.
func LookupSpellFeature(id string) (SpellFeature, bool) {
	f, ok := spellFeatures().get(id)
	return f.clone(), ok
}

// SpellFeatures returns every feature's row of spellcasting.json, in the
// file's order.
func SpellFeatures() []SpellFeature { return cloneAll(spellFeatures().all, SpellFeature.clone) }

func (f SpellFeature) clone() SpellFeature {
	f.Choices = slices.Clone(f.Choices)
	for i := range f.Choices {
		f.Choices[i].Resources = slices.Clone(f.Choices[i].Resources)
	}
	f.Grants = slices.Clone(f.Grants)
	for i := range f.Grants {
		f.Grants[i].Spells = slices.Clone(f.Grants[i].Spells)
	}
	f.Prepares = clonePtr(f.Prepares)
	return f
}
