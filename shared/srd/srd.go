package srd

//go:generate go run ./internal/gen -ref ../../../shared/srd-reference -out data

import (
	"embed"
	"encoding/json"
	"fmt"
	"sync"
)

//go:embed data/*.json
var dataFS embed.FS

// table is one kind of record, sorted by id, with an index into it.
type table[T any] struct {
	all []T
	pos map[string]int
}

func (t table[T]) get(id string) (T, bool) {
	i, ok := t.pos[id]
	if !ok {
		var zero T
		return zero, false
	}
	return t.all[i], true
}

type tables struct {
	spells     table[Spell]
	monsters   table[Monster]
	classes    table[Class]
	races      table[Race]
	weapons    table[Weapon]
	armor      table[Armor]
	gear       table[Gear]
	conditions table[Condition]
	features   table[Feature]
	resources  table[Resource]
}

// load parses the embedded files once, on first use.
var load = sync.OnceValues(func() (*tables, error) {
	t := &tables{}
	var err error
	if t.spells, err = parse("spells.json", func(s Spell) string { return s.ID }); err != nil {
		return nil, err
	}
	if t.monsters, err = parse("monsters.json", func(m Monster) string { return m.ID }); err != nil {
		return nil, err
	}
	if t.classes, err = parse("classes.json", func(c Class) string { return c.ID }); err != nil {
		return nil, err
	}
	if t.races, err = parse("races.json", func(r Race) string { return r.ID }); err != nil {
		return nil, err
	}
	if t.weapons, err = parse("weapons.json", func(w Weapon) string { return w.ID }); err != nil {
		return nil, err
	}
	if t.armor, err = parse("armor.json", func(a Armor) string { return a.ID }); err != nil {
		return nil, err
	}
	if t.gear, err = parse("gear.json", func(g Gear) string { return g.ID }); err != nil {
		return nil, err
	}
	if t.conditions, err = parse("conditions.json", func(c Condition) string { return c.ID }); err != nil {
		return nil, err
	}
	if t.features, err = parse("features.json", func(f Feature) string { return f.ID }); err != nil {
		return nil, err
	}
	if t.resources, err = parse("resources.json", func(r Resource) string { return r.ID }); err != nil {
		return nil, err
	}
	return t, nil
})

func parse[T any](name string, id func(T) string) (table[T], error) {
	var t table[T]
	b, err := dataFS.ReadFile("data/" + name)
	if err != nil {
		return t, fmt.Errorf("read srd data %s: %w", name, err)
	}
	if err := json.Unmarshal(b, &t.all); err != nil {
		return t, fmt.Errorf("decode srd data %s: %w", name, err)
	}
	t.pos = make(map[string]int, len(t.all))
	for i, v := range t.all {
		if _, dup := t.pos[id(v)]; dup {
			return t, fmt.Errorf("srd data %s: duplicate id %q", name, id(v))
		}
		t.pos[id(v)] = i
	}
	return t, nil
}

// data returns the parsed tables. The files are embedded at build time and
// checked by this package's tests, so failing to read them is a broken
// build, not a runtime condition to handle.
func data() *tables {
	t, err := load()
	if err != nil {
		panic(err)
	}
	return t
}

// The lookups are named Lookup* because the plain names are the types. Each
// returns a deep copy, so a caller that changes what it got cannot change the
// rules for anyone else; false means no such id.

// LookupSpell returns the SRD spell with the given id ("fireball").
func LookupSpell(id string) (Spell, bool) {
	s, ok := data().spells.get(id)
	return s.clone(), ok
}

// Spells returns every SRD spell, sorted by id.
func Spells() []Spell { return cloneAll(data().spells.all, Spell.clone) }

// LookupMonster returns the SRD monster with the given id ("adult-red-dragon").
func LookupMonster(id string) (Monster, bool) {
	m, ok := data().monsters.get(id)
	return m.clone(), ok
}

// Monsters returns every SRD monster, sorted by id.
func Monsters() []Monster { return cloneAll(data().monsters.all, Monster.clone) }

// LookupClass returns the SRD class with the given id ("wizard").
func LookupClass(id string) (Class, bool) {
	c, ok := data().classes.get(id)
	return c.clone(), ok
}

// Classes returns the twelve SRD classes, sorted by id.
func Classes() []Class { return cloneAll(data().classes.all, Class.clone) }

// LookupRace returns the SRD race with the given id ("dwarf"); subraces are
// inside their race.
func LookupRace(id string) (Race, bool) {
	r, ok := data().races.get(id)
	return r.clone(), ok
}

// Races returns the nine SRD races, sorted by id.
func Races() []Race { return cloneAll(data().races.all, Race.clone) }

// LookupWeapon returns the SRD weapon with the given id ("longsword").
func LookupWeapon(id string) (Weapon, bool) {
	w, ok := data().weapons.get(id)
	return w.clone(), ok
}

// Weapons returns every SRD weapon, sorted by id.
func Weapons() []Weapon { return cloneAll(data().weapons.all, Weapon.clone) }

// LookupArmor returns the SRD armor or shield with the given id ("chain-mail").
func LookupArmor(id string) (Armor, bool) {
	a, ok := data().armor.get(id)
	return a, ok // no reference fields: a copy already
}

// Armors returns every SRD armor and the shield, sorted by id.
func Armors() []Armor { return append([]Armor(nil), data().armor.all...) }

// LookupGear returns the SRD adventuring gear or tool with the given id
// ("rope-hempen-50-feet").
func LookupGear(id string) (Gear, bool) {
	g, ok := data().gear.get(id)
	return g, ok // no reference fields: a copy already
}

// Gears returns every SRD item of adventuring gear and tool, sorted by id.
func Gears() []Gear { return append([]Gear(nil), data().gear.all...) }

// LookupCondition returns the SRD condition with the given id ("prone").
func LookupCondition(id string) (Condition, bool) { return data().conditions.get(id) }

// Conditions returns the fifteen SRD conditions, sorted by id.
func Conditions() []Condition { return append([]Condition(nil), data().conditions.all...) }
