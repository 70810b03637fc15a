package spell

import (
	"chronicler/shared/dice"
	"chronicler/shared/rules"
)

func init() {
	for id, r := range map[string]resolver{
		"teleport":             {targets: company(8), check: checkCompany, run: (*cast).depart},
		"word-of-recall":       {targets: company(5), check: checkCompany, run: (*cast).depart},
		"transport-via-plants": {targets: self, check: selfOnly, run: (*cast).depart},
		"tree-stride":          {targets: self, check: selfOnly, run: (*cast).depart},
		"spike-growth":         {targets: none, run: (*cast).spikes},
		// Plant Growth's undergrowth only slows (the encounter holds the
		// speed on those in it): nothing is set off.
		"plant-growth": {targets: none, run: func(*cast) error { return nil }},
	} {
		if _, dup := resolvers[id]; dup {
			panic("spell: " + id + " resolved twice")
		}
		resolvers[id] = r
	}
}

// journeys are how far each spell that carries its travellers away goes,
// in feet; 0 is any distance on the plane.
var journeys = map[string]int{"teleport": 0, "word-of-recall": 0, "transport-via-plants": 0, "tree-stride": 500}

// Departure reports whether spell id carries its travellers
// (Result.Teleported) away, out of a fight, to the area its casting
// names, and how far it goes in feet (0: any distance; Tree Stride's 500
// feet reach no farther than a neighbouring area).
func Departure(id string) (feet int, ok bool) {
	feet, ok = journeys[id]
	return feet, ok
}

// departTold says how each journey's travellers go.
var departTold = map[string]string{"teleport": "teleports away", "word-of-recall": "is recalled to the sanctuary",
	"transport-via-plants": "steps into a great plant and out of another, far away", "tree-stride": "steps into a tree and out of another"}

// departNotes are what each journey does that the rules leave to the
// narrator.
var departNotes = map[string]string{
	"teleport": "Where the group lands turns on how well {caster} knows the destination, the table's d100: " +
		"a mishap (3d10 force to each traveller), a similar area or off target are the narrator's",
	"word-of-recall": "They arrive at the sanctuary {caster} designated in a place dedicated to its deity; " +
		"without one prepared the spell has no effect, the narrator's to say",
	"transport-via-plants": "For the round, any creature may step through the same plant after {caster}",
	"tree-stride":          "{caster} may step from tree to tree once a round while the spell lasts, ending each turn outside a tree",
}

// company is a journey's group: its caster (named or not) and up to n
// willing creatures.
func company(n int) func(*cast) (int, int) { return func(*cast) (int, int) { return 0, n + 1 } }

// checkCompany refuses a companion beyond the spell's range of the
// caster, an unwilling one, or more than the spell takes along.
func checkCompany(c *cast) error {
	feet, n := c.rangeFeet(), 0
	for _, id := range c.ids {
		if id == c.casterID {
			continue
		}
		n++
		t := c.state[id]
		switch d := c.opts.Situations[id].Distance; {
		case d > feet:
			return refuse(ReasonNotAllowed, "%s is %d ft away; %s takes only creatures within %d ft", t.Name, d, c.spell.Name, feet)
		case !c.willing(id):
			return refuse(ReasonNotAllowed, "%s is not willing to go with %s", t.Name, c.caster().Name)
		}
	}
	if _, hi := c.exactBounds(); n > hi-1 {
		return refuse(ReasonInvalidArgs, "%s takes at most %d creatures along", c.spell.Name, hi-1)
	}
	return nil
}

// depart takes the caster and its company away (Result.Teleported): out
// of a fight, and to the area the casting names, which is the caller's.
func (c *cast) depart() error {
	if err := c.teleport(); err != nil {
		return err
	}
	for i := range c.r.Targets {
		c.r.Targets[i].Told = departTold[c.spell.ID]
	}
	c.note(departNotes[c.spell.ID], c.casterID)
	return nil
}

// spikeDice are Spike Growth's: 2d4 piercing for every 5 feet moved. The
// fights keep no distances, so a move through the spikes deals them once.
var spikeDice = dice.MustParse("2d4")

// spikes: each creature moving in the spikes (the encounter sets them
// off) takes 2d4 piercing.
func (c *cast) spikes() error {
	dmg := c.rollDamage([]rules.DamageRoll{{Dice: spikeDice, Type: rules.Piercing}})
	for _, id := range c.ids {
		out := c.outcome(id)
		out.Affected = true
		if err := c.damage(id, out, dmg); err != nil {
			return err
		}
	}
	return nil
}

// Ground is what an area of hard going does to the creatures in it.
type Ground struct {
	// Slowed is what is left of a creature's speed in it: a half in
	// difficult terrain (Spike Growth), a quarter in Plant Growth's
	// undergrowth (4 feet of movement for each foot).
	Slowed int
	// Hurts says moving in it or into it sets the spell off on the mover
	// (Spike Growth's spikes), not the start of a turn there.
	Hurts bool
}

// grounds are the spells whose area is hard going.
var grounds = map[string]Ground{"spike-growth": {Slowed: 2, Hurts: true}, "plant-growth": {Slowed: 4}}

// GroundOf is what spell id's area does to the going, and whether it is
// an area of hard going at all: such an area sets nothing off as a turn
// starts in it.
func GroundOf(id string) (Ground, bool) {
	g, ok := grounds[id]
	return g, ok
}
