package spell

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"chronicler/shared/rules"
	"chronicler/shared/srd"
)

// The shape changes (Polymorph, True Polymorph, Shapechange, Animal
// Shapes) turn a creature into another for a while: Cast decides who
// changes and into what, and leaves an Effect whose Form names the stat
// block; package encounter plays the shape as it plays a druid's Wild
// Shape (its hit points, AC, abilities and attacks; at 0 hit points the
// creature drops back to its own form, the damage beyond carried over),
// and puts the creature back when the spell ends. Out of a fight the
// shape is told.

// reshape is how one spell changes shapes.
type reshape struct {
	// beast says the new form must be a beast; else any creature but
	// those of notTypes.
	beast    bool
	notTypes []string
	// largest is the largest size the form may have, "" any.
	largest string
	// most is the highest challenge rating the new form of target t may
	// have.
	most func(c *cast, t string) float64
	// keepsMind: the target keeps its Intelligence, Wisdom and Charisma.
	keepsMind bool
	// willingOnly: an unwilling creature is not affected, with no save
	// (Animal Shapes); otherwise an unwilling one saves (Wisdom).
	willingOnly bool
	ends        string
}

// crOrLevel is the target's challenge rating, or its level if it has
// none (a character).
func crOrLevel(c *cast, id string) float64 {
	if l := c.state[id].Level; l > 0 {
		return float64(l)
	}
	return c.opts.Situations[id].CR
}

var reshapes = map[string]reshape{
	"polymorph": {beast: true, most: crOrLevel,
		ends: "1 hour while the caster concentrates, or until it drops to 0 hit points or dies"},
	"true-polymorph": {most: crOrLevel,
		ends: "1 hour while the caster concentrates (then for good), or until it drops to 0 hit points or dies"},
	"shapechange": {notTypes: []string{"construct", "undead"}, keepsMind: true,
		most: func(c *cast, _ string) float64 { return float64(c.level) },
		ends: "1 hour while the caster concentrates, or until it drops to 0 hit points"},
	"animal-shapes": {beast: true, largest: "large", keepsMind: true, willingOnly: true,
		most: func(*cast, string) float64 { return 4 },
		ends: "24 hours while the caster concentrates, or until it drops to 0 hit points or dies"},
}

// Reshapes reports whether spell id turns its targets into another
// creature (its choice names the form: Options.Form, an SRD monster id).
func Reshapes(id string) bool {
	_, ok := reshapes[id]
	return ok
}

// KeepsMind reports whether a creature spell id reshapes keeps its own
// Intelligence, Wisdom and Charisma (Shapechange, Animal Shapes), where
// Polymorph replaces them with the new form's.
func KeepsMind(id string) bool { return reshapes[id].keepsMind }

// ChoiceRevert is the Options.Form of a later use of Shapechange that
// ends it: the caster takes back its own form.
const ChoiceRevert = "end"

// foeForm is the form a foe takes when the caster names none: the
// harmless frog of the tales, challenge 0, which every creature may
// become.
const foeForm = "frog"

func init() {
	for id, r := range map[string]resolver{
		"polymorph":      {targets: one, ability: true, check: checkReshape, run: (*cast).reshape},
		"true-polymorph": {targets: one, ability: true, check: checkReshape, run: (*cast).reshape},
		"shapechange":    {targets: self, check: checkShapechange, run: (*cast).reshape},
		"animal-shapes":  {targets: upTo(MaxTargets), check: checkReshape, run: (*cast).reshape},
	} {
		if _, dup := resolvers[id]; dup {
			panic("spell: two resolvers for " + id)
		}
		resolvers[id] = r
	}
}

// reshaped are the creatures the casting reshapes: the caster itself
// for Shapechange named or not.
func (c *cast) reshaped() []string {
	if len(c.ids) == 0 {
		return []string{c.casterID}
	}
	return c.ids
}

// reverts says a later use of Shapechange takes back the caster's form.
func (c *cast) reverts() bool {
	return c.opts.Ongoing && strings.EqualFold(strings.TrimSpace(c.opts.Form), ChoiceRevert)
}

func checkShapechange(c *cast) error {
	if err := selfOnly(c); err != nil {
		return err
	}
	if c.reverts() {
		return nil
	}
	return checkReshape(c)
}

// checkReshape refuses a form the spell does not allow any of its
// targets, the caster's pick or the default.
func checkReshape(c *cast) error {
	for _, id := range c.reshaped() {
		if _, err := c.formFor(id); err != nil {
			return err
		}
	}
	return nil
}

// formFor is the stat block target id takes: the caster's pick
// (Options.Form) if the spell allows it, else the frog for a foe and the
// strongest form the spell allows for a willing creature.
func (c *cast) formFor(id string) (srd.Monster, error) {
	rs := reshapes[c.spell.ID]
	most := rs.most(c, id)
	pick := strings.ToLower(strings.TrimSpace(c.opts.Form))
	if pick == "" {
		if !c.willing(id) && !rs.willingOnly {
			pick = foeForm
		} else if m, ok := strongest(rs, most); ok {
			return m, nil
		}
	}
	m, ok := srd.LookupMonster(pick)
	if !ok {
		return m, refuse(ReasonInvalidArgs, "%s turns a creature into an SRD creature: %q is none", c.spell.Name, clip(pick))
	}
	if err := rs.allows(m, most); err != nil {
		return m, refuse(ReasonNotAllowed, "%s can't turn %s into %s: %v", c.spell.Name, c.state[id].Name, rules.Article(strings.ToLower(m.Name)), err)
	}
	return m, nil
}

// allows says why m is no form the spell gives a creature whose form may
// reach challenge most; nil if it is one.
func (rs reshape) allows(m srd.Monster, most float64) error {
	kind := strings.ToLower(m.Type)
	switch {
	case rs.beast && kind != "beast":
		return fmt.Errorf("it is %s, not a beast", rules.Article(kind))
	case slices.Contains(rs.notTypes, kind):
		return fmt.Errorf("it is %s", rules.Article(kind))
	case rs.largest != "" && sizeRank(m.Size) > sizeRank(rs.largest):
		return fmt.Errorf("it is %s, larger than %s", strings.ToLower(m.Size), rs.largest)
	case m.CR > most:
		return fmt.Errorf("its challenge rating %s is above %s", crWords(m.CR), crWords(most))
	}
	return nil
}

// strongest is the form of highest challenge (then hit points) the
// spell allows up to most that walks: a fight is on the ground.
func strongest(rs reshape, most float64) (srd.Monster, bool) {
	var best srd.Monster
	found := false
	for _, m := range srd.Monsters() {
		if m.Speed["walk"] <= 0 || rs.allows(m, most) != nil {
			continue
		}
		if !found || cmp.Or(cmp.Compare(m.CR, best.CR), cmp.Compare(m.HP, best.HP), cmp.Compare(best.ID, m.ID)) > 0 {
			best, found = m, true
		}
	}
	return best, found
}

var sizes = []string{"tiny", "small", "medium", "large", "huge", "gargantuan"}

func sizeRank(s string) int { return slices.Index(sizes, strings.ToLower(s)) }

// crWords is a challenge rating as the books write it: "1/4", "2".
func crWords(cr float64) string {
	switch cr {
	case 0.125:
		return "1/8"
	case 0.25:
		return "1/4"
	case 0.5:
		return "1/2"
	}
	return fmt.Sprintf("%g", cr)
}

// reshape turns each target into its form: a shapechanger is unaffected
// (it succeeds on Polymorph's save; True Polymorph passes it by), as is a
// creature at 0 hit points, whose new form would drop at once; an
// unwilling creature makes a Wisdom save and is unaffected on a success
// (Animal Shapes takes the willing alone). A later use of Shapechange
// takes a new form, or the caster's own.
func (c *cast) reshape() error {
	rs := reshapes[c.spell.ID]
	if c.reverts() {
		out := c.outcome(c.casterID)
		out.Told = "takes back its own form, and the spell ends"
		conc := c.caster().Concentration
		return c.take(rules.Log{Changes: []rules.Change{{TargetID: c.casterID, Field: rules.FieldConcentration, From: conc, To: ""}}})
	}
	for _, id := range c.reshaped() {
		t := c.state[id]
		out := c.outcome(id)
		switch {
		case c.opts.Situations[id].Shapechanger:
			out.Note = "a shapechanger, it is unaffected"
			continue
		case t.HP <= 0:
			out.Note = "at 0 hit points, it is unaffected"
			continue
		case !c.willing(id) && rs.willingOnly:
			out.Note = "unwilling, it is unaffected"
			continue
		case !c.willing(id):
			sv, err := c.saveFor(id)
			if err != nil {
				return err
			}
			out.Save = &sv
			if sv.Success {
				continue
			}
		}
		m, err := c.formFor(id)
		if err != nil {
			return err
		}
		name := strings.ToLower(m.Name)
		out.Affected = true
		out.Told = fmt.Sprintf("becomes %s (%d HP, AC %d)", rules.Article(name), max(m.HP, 1), m.AC)
		mind := "its statistics, mind included, are the " + name + "'s"
		if rs.keepsMind {
			mind = "its statistics are the " + name + "'s, but for its own Intelligence, Wisdom and Charisma"
		}
		c.effect(Effect{ID: c.spell.ID, TargetID: id, Form: m.ID, Concentration: true, Ends: rs.ends,
			Note: "in the shape of " + rules.Article(name) + ": " + mind + "; at 0 hit points it returns to its own form, the damage beyond carried over"})
		c.rider(id)
	}
	return nil
}
