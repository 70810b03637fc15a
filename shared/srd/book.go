package srd

import (
	"maps"
	"slices"
	"strings"
)

// Overrides are a campaign's homebrew: records keyed by id that replace the
// SRD record with that id, or add a new one.
type Overrides struct {
	Spells   map[string]Spell   `json:"spells,omitempty"`
	Monsters map[string]Monster `json:"monsters,omitempty"`
	Weapons  map[string]Weapon  `json:"weapons,omitempty"`
}

// Book is the rules data one campaign plays by: its overrides first, then
// the SRD. A Book is immutable and safe for concurrent use; the zero Book
// (and a nil *Book) is the SRD alone.
type Book struct {
	o Overrides
}

// NewBook validates the overrides and returns a Book over them. It returns
// an Invalid fault naming the first bad field (ids in sorted order), e.g.
// "spells.frostburn.level". The Book keeps its own copy of the overrides.
func NewBook(overrides Overrides) (*Book, error) {
	if err := overrides.Validate(); err != nil {
		return nil, err
	}
	return &Book{o: Overrides{
		Spells:   cloneMap(overrides.Spells, Spell.clone),
		Monsters: cloneMap(overrides.Monsters, Monster.clone),
		Weapons:  cloneMap(overrides.Weapons, Weapon.clone),
	}}, nil
}

func cloneMap[T any](in map[string]T, clone func(T) T) map[string]T {
	if len(in) == 0 {
		return nil
	}
	out := make(map[string]T, len(in))
	for k, v := range in {
		out[k] = clone(v)
	}
	return out
}

func (b *Book) overrides() Overrides {
	if b == nil {
		return Overrides{}
	}
	return b.o
}

// resolve returns the campaign's record for id if it has one, else the SRD's.
func resolve[T any](over map[string]T, id string, base func(string) (T, bool), clone func(T) T) (T, bool) {
	if v, ok := over[id]; ok {
		return clone(v), true
	}
	return base(id)
}

// merge returns base with the overrides laid over it, sorted by id.
func merge[T any](over map[string]T, base []T, id func(T) string, clone func(T) T) []T {
	if len(over) == 0 {
		return base
	}
	out := slices.DeleteFunc(base, func(v T) bool { _, ok := over[id(v)]; return ok })
	for _, k := range slices.Sorted(maps.Keys(over)) {
		out = append(out, clone(over[k]))
	}
	slices.SortFunc(out, func(a, b T) int { return strings.Compare(id(a), id(b)) })
	return out
}

// Spell returns the campaign's spell with the given id, else the SRD's.
func (b *Book) Spell(id string) (Spell, bool) {
	return resolve(b.overrides().Spells, id, LookupSpell, Spell.clone)
}

// Spells returns every spell the campaign knows, sorted by id.
func (b *Book) Spells() []Spell {
	return merge(b.overrides().Spells, Spells(), func(s Spell) string { return s.ID }, Spell.clone)
}

// Monster returns the campaign's monster with the given id, else the SRD's.
func (b *Book) Monster(id string) (Monster, bool) {
	return resolve(b.overrides().Monsters, id, LookupMonster, Monster.clone)
}

// Monsters returns every monster the campaign knows, sorted by id.
func (b *Book) Monsters() []Monster {
	return merge(b.overrides().Monsters, Monsters(), func(m Monster) string { return m.ID }, Monster.clone)
}

// Weapon returns the campaign's weapon with the given id, else the SRD's.
func (b *Book) Weapon(id string) (Weapon, bool) {
	return resolve(b.overrides().Weapons, id, LookupWeapon, Weapon.clone)
}

// Weapons returns every weapon the campaign knows, sorted by id.
func (b *Book) Weapons() []Weapon {
	return merge(b.overrides().Weapons, Weapons(), func(w Weapon) string { return w.ID }, Weapon.clone)
}

// Class returns the SRD class with the given id; classes are not overridable.
func (b *Book) Class(id string) (Class, bool) { return LookupClass(id) }

// Race returns the SRD race with the given id; races are not overridable.
func (b *Book) Race(id string) (Race, bool) { return LookupRace(id) }

// Armor returns the SRD armor with the given id; armor is not overridable.
func (b *Book) Armor(id string) (Armor, bool) { return LookupArmor(id) }

// Condition returns the SRD condition with the given id.
func (b *Book) Condition(id string) (Condition, bool) { return LookupCondition(id) }
