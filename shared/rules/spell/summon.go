package spell

import (
	"fmt"
	"slices"
	"strings"

	"chronicler/shared/srd"
)

// The conjurations call creatures into a fight that fight on the
// caster's side: Cast names what comes (Result.Summons), by stat block
// and count, and the encounter brings them in (encounter/summons.go).
// The caster picks the creature (Options.Summon, an SRD monster id) among
// those the spell allows: a beast for Conjure Animals, a fey for Conjure
// Woodland Beings, an elemental for the elemental conjurations, a
// celestial for Conjure Celestial, a skeleton or zombie for Animate Dead,
// a giant centipede, spider, wasp or scorpion for Giant Insect; how many
// come follows the creature's challenge rating and the slot, as the
// spell says. Without a pick, the spell's usual creature comes.

// Summon is a spell's creatures: Count of stat block SRDID, or of
// Monster when the spell makes their stat block (Animate Objects'
// objects, Arcane Hand's hand) or changes the SRD's (a familiar as a
// fey: servants.go).
type Summon struct {
	SRDID   string       `json:"srd_id"`
	Count   int          `json:"count"`
	Monster *srd.Monster `json:"monster,omitempty"`
}

// conjuration is how one spell calls its creatures: the types it calls,
// its default pick, and how many of a creature of challenge cr come at
// slot (0: the creature is beyond what the slot calls).
type conjuration struct {
	types []string
	only  []string // the stat blocks it calls, when it names them
	pick  string
	count func(cr float64, slot int) int
}

// byCR is the count of a spell that calls one creature of challenge 2,
// two of 1, four of 1/2 or eight of 1/4 or lower, times the slot's
// multiple (Conjure Animals: twice at 5th level, three times at 7th, four
// at 9th).
func byCR(base int) func(cr float64, slot int) int {
	return func(cr float64, slot int) int {
		n := 0
		switch {
		case cr <= 0.25:
			n = 8
		case cr <= 0.5:
			n = 4
		case cr <= 1:
			n = 2
		case cr <= 2:
			n = 1
		}
		return n * (1 + max(slot-base, 0)/2)
	}
}

// oneUpTo is a spell that calls one creature of challenge up to most at
// its base level, and one challenge higher for each slot level above.
func oneUpTo(base int, most float64) func(cr float64, slot int) int {
	return func(cr float64, slot int) int {
		if cr > most+float64(max(slot-base, 0)) {
			return 0
		}
		return 1
	}
}

var conjurations = map[string]conjuration{
	"conjure-animals":          {types: []string{"beast"}, pick: "wolf", count: byCR(3)},
	"conjure-woodland-beings":  {types: []string{"fey"}, pick: "sprite", count: byCR(4)},
	"conjure-minor-elementals": {types: []string{"elemental"}, pick: "magma-mephit", count: byCR(4)},
	"conjure-elemental":        {types: []string{"elemental"}, pick: "earth-elemental", count: oneUpTo(5, 5)},
	"conjure-fey":              {types: []string{"fey", "beast"}, pick: "dryad", count: oneUpTo(6, 6)},
	"conjure-celestial": {types: []string{"celestial"}, pick: "couatl", count: func(cr float64, slot int) int {
		if cr > 4 && !(slot >= 9 && cr <= 5) {
			return 0
		}
		return 1
	}},
	// Animate Dead: one undead, two more for each slot level above 3rd.
	"animate-dead": {types: []string{"undead"}, only: []string{"skeleton", "zombie"}, pick: "zombie",
		count: func(_ float64, slot int) int { return 1 + 2*max(slot-3, 0) }},
	// Giant Insect: ten centipedes, three spiders, five wasps or one
	// scorpion.
	"giant-insect": {types: []string{"beast"}, only: []string{"giant-centipede", "giant-spider", "giant-wasp", "giant-scorpion"}, pick: "giant-wasp",
		count: func(cr float64, _ int) int {
			return map[float64]int{0.25: 10, 1: 3, 0.5: 5, 3: 1}[cr]
		}},
}

func init() {
	for id := range conjurations {
		if _, dup := resolvers[id]; dup {
			panic("spell: " + id + " resolved twice")
		}
		resolvers[id] = resolver{targets: none, check: checkSummon, run: (*cast).summon}
		specs[id] = spec{exact: true}
	}
}

// Conjures reports whether spell id calls creatures into a fight (its
// choice names the creature: Options.Summon), a conjuration's or a
// servant's (servants.go).
func Conjures(id string) bool {
	_, ok := conjurations[id]
	return ok || Serves(id)
}

// none is a spell that targets no creature.
func none(*cast) (int, int) { return 0, 0 }

// summoned is the creature and count a casting calls, or an error a
// caster may read.
func (c *cast) summoned() (srd.Monster, int, error) {
	cj := conjurations[c.spell.ID]
	id := c.opts.Summon
	if id == "" {
		id = cj.pick
	}
	m, ok := srd.LookupMonster(id)
	switch {
	case !ok:
		return m, 0, refuse(ReasonInvalidArgs, "%s calls an SRD creature: %q is none", c.spell.Name, clip(id))
	case len(cj.only) > 0 && !slices.Contains(cj.only, m.ID):
		return m, 0, refuse(ReasonNotAllowed, "%s calls only %s", c.spell.Name, strings.Join(cj.only, ", "))
	case !slices.Contains(cj.types, strings.ToLower(m.Type)):
		return m, 0, refuse(ReasonNotAllowed, "%s calls a %s, and %s is a %s", c.spell.Name, strings.Join(cj.types, " or "), m.Name, strings.ToLower(m.Type))
	}
	n := cj.count(m.CR, c.slot)
	if n <= 0 {
		return m, 0, refuse(ReasonNotAllowed, "%s at level %d calls no creature of challenge %v such as %s", c.spell.Name, c.slot, m.CR, m.Name)
	}
	return m, n, nil
}

func checkSummon(c *cast) error {
	_, _, err := c.summoned()
	return err
}

// summon names the creatures the casting calls.
func (c *cast) summon() error {
	m, n, err := c.summoned()
	if err != nil {
		return err
	}
	c.r.Summons = append(c.r.Summons, Summon{SRDID: m.ID, Count: n})
	c.r.Notes = append(c.r.Notes, fmt.Sprintf("%s calls %d %s to fight for %s.", c.spell.Name, n, m.Name, c.r.Caster))
	return nil
}

// clip shortens a caller's word for a message.
func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}
