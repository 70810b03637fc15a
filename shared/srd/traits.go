package srd

import "sync"

// Trait is one of the monsters' special abilities as the rules know it
// (monster_traits.json, written by hand, one row a trait): the id the
// stat blocks' special abilities carry, its name, what it does in a line
// and, for one the fights do not play, why the narrator tells it instead.
// Its numbers are each stat block's (the special ability's srd.Action).
type Trait struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Summary string `json:"summary"`
	Told    string `json:"told,omitempty"`
}

var traits = sync.OnceValue(func() table[Trait] {
	t, err := parse("monster_traits.json", func(t Trait) string { return t.ID })
	if err != nil {
		panic(err) // embedded and held by this package's tests: a broken build
	}
	return t
})

// LookupTrait returns the monster trait with id.
func LookupTrait(id string) (Trait, bool) { return traits().get(id) }

// Traits returns every monster trait, in the file's order.
func Traits() []Trait { return append([]Trait(nil), traits().all...) }
