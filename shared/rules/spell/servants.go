package spell

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"chronicler/shared/srd"
)

// The servants are the spells that call a creature to serve its caster,
// as the conjurations do (summon.go: Result.Summons), with rules of their
// own. Find Familiar's familiar and Find Steed's steed take a form the
// caster picks (Options.Summon: "owl", "fiend-owl", "celestial-warhorse"),
// as a celestial, fey or fiend; the familiar can't attack and helps its
// master instead (encounter/spells_servants.go). Create Undead's ghouls,
// ghasts, wights or mummies serve for 24 hours. These three take longer
// than a turn to cast: they are cast out of a fight, and their caster
// keeps them in an effect (ServantID, its Summon the pick and its Left
// how many are left) that brings them into each fight it starts
// (Serving). Animate Objects' objects and Arcane Hand's hand have no stat
// block in the SRD: Cast makes theirs from the spell's table and the
// caster (Summon.Monster), and they last while the caster concentrates.

// ServantID is the effect on a caster that keeps the creatures a servant
// spell called in its service between fights.
const ServantID = "servant"

// servant is how one spell calls its servants: the forms the caster may
// pick (the first its usual one), the types they may come as (the first
// the usual; none keeps the stat block's), how many of a form come at a
// slot level (0: none of that form at that level), and how long they
// serve. kept says the caster keeps them between fights.
type servant struct {
	forms []string
	types []string
	count func(form string, slot int) int
	ends  string
	kept  bool
	// make builds the stat block when the SRD has none (the form is
	// then a key of the spell's own table).
	make func(c *cast, form string) srd.Monster
	// bind is a save the called creature makes before it serves
	// (Planar Binding's Charisma): false when it resists.
	bind func(c *cast, m srd.Monster) (bool, error)
	// endsAt, when set, is how long they serve at a slot level, in
	// place of ends.
	endsAt func(slot int) string
}

// spirits are the types a familiar or a steed may take instead of beast.
var spirits = []string{"fey", "celestial", "fiend"}

func oneOf(string, int) int { return 1 }

var servants = map[string]servant{
	"find-familiar": {forms: []string{"owl", "bat", "cat", "crab", "frog", "hawk", "lizard", "octopus",
		"poisonous-snake", "quipper", "rat", "raven", "sea-horse", "spider", "weasel"},
		types: spirits, count: oneOf, kept: true, ends: "until dismissed, or it drops to 0 hit points"},
	"find-steed": {forms: []string{"warhorse", "pony", "camel", "elk", "mastiff"},
		types: spirits, count: oneOf, kept: true, ends: "until dismissed, or it drops to 0 hit points"},
	// Create Undead: three ghouls at 6th level, four at 7th, five at 8th
	// (or two ghasts or wights), six at 9th (or three ghasts or wights,
	// or two mummies).
	"create-undead": {forms: []string{"ghoul", "ghast", "wight", "mummy"}, kept: true, ends: "24 hours",
		count: func(form string, slot int) int {
			switch form {
			case "ghoul":
				return slot - 3
			case "ghast", "wight":
				return map[int]int{8: 2, 9: 3}[slot]
			}
			return map[int]int{9: 2}[slot]
		}},
	// Animate Objects: ten objects, two more for each slot level above
	// 5th; a Medium one counts as two, a Large as four, a Huge as eight.
	"animate-objects": {forms: []string{"tiny", "small", "medium", "large", "huge"}, ends: "while the spell lasts",
		count: func(form string, slot int) int {
			return (10 + 2*max(slot-5, 0)) / animated[form].weight
		}, make: (*cast).animatedObject},
	"arcane-hand": {forms: []string{"clenched-fist"}, count: oneOf, ends: "while the spell lasts, or it drops to 0 hit points",
		make: (*cast).arcaneHand},
}

// aliases are the other names the SRD gives a familiar's forms.
var aliases = map[string]string{"toad": "frog", "fish": "quipper", "snake": "poisonous-snake", "seahorse": "sea-horse", "hand": "clenched-fist", "fist": "clenched-fist"}

func init() {
	for id, sv := range servants {
		if _, dup := resolvers[id]; dup {
			panic("spell: " + id + " resolved twice")
		}
		if _, dup := conjurations[id]; dup {
			panic("spell: " + id + " is a conjuration and a servant")
		}
		r := resolver{targets: none, check: checkServant, run: (*cast).serve}
		if id == "arcane-hand" || sv.bind != nil {
			r.ability = true // the fist strikes with the caster's spell attack; a binding's save is against its DC
		}
		resolvers[id] = r
		if sv.make == nil {
			// The stat blocks it calls must be the SRD's, in the form the
			// spell calls them: a typo here would refuse every casting.
			for _, f := range sv.forms {
				if _, ok := srd.LookupMonster(f); !ok {
					panic("spell: " + id + " calls " + f + ", which the SRD has no stat block for")
				}
			}
		}
	}
}

// Serves reports whether spell id calls servants (its choice names their
// form: Options.Summon).
func Serves(id string) bool {
	_, ok := servants[id]
	return ok
}

// pickOf reads a caster's pick for a servant spell: its form and the
// type it comes as, the spell's usual ones where the pick names none.
func (sv servant) pickOf(pick string) (form, typ string) {
	if len(sv.types) > 0 {
		typ = sv.types[0]
	}
	var rest []string
	for _, w := range strings.FieldsFunc(strings.ToLower(pick), func(r rune) bool { return r == '-' || r == ' ' || r == '_' }) {
		switch {
		case slices.Contains(sv.types, w):
			typ = w
		case w == "a" || w == "an" || w == "object" || w == "objects":
		default:
			rest = append(rest, w)
		}
	}
	form = strings.Join(rest, "-")
	if a, ok := aliases[form]; ok {
		form = a
	}
	if form == "" {
		form = sv.forms[0]
	}
	return form, typ
}

// chosen is the form a casting calls, the type it comes as and how
// many, or a refusal a caster may read; it builds nothing, so a check
// may ask it before the casting begins.
func (c *cast) chosen() (form, typ string, n int, err error) {
	sv := servants[c.spell.ID]
	form, typ = sv.pickOf(c.opts.Summon)
	if !slices.Contains(sv.forms, form) {
		return "", "", 0, refuse(ReasonNotAllowed, "%s calls %s, not %q", c.spell.Name, strings.Join(sv.forms, ", "), clip(form))
	}
	if n = sv.count(form, c.slot); n <= 0 {
		return "", "", 0, refuse(ReasonNotAllowed, "%s at level %d calls no %s", c.spell.Name, c.slot, form)
	}
	return form, typ, n, nil
}

// called is what a casting calls: its stat block, as the servant comes,
// how many, and the pick that calls them again ("fey-owl").
func (c *cast) called() (srd.Monster, int, string, error) {
	sv := servants[c.spell.ID]
	form, typ, n, err := c.chosen()
	if err != nil {
		return srd.Monster{}, 0, "", err
	}
	var m srd.Monster
	if sv.make != nil {
		m = sv.make(c, form)
	} else {
		m, _ = srd.LookupMonster(form)
		m = spirit(c.spell.ID, m, typ)
	}
	pick := form
	if typ != "" {
		pick = typ + "-" + form
	}
	return m, n, pick, nil
}

// spirit is a familiar's or a steed's stat block: its form's, as a
// celestial, fey or fiend; a familiar makes no attack, and a steed is of
// Intelligence 6 at least.
func spirit(id string, m srd.Monster, typ string) srd.Monster {
	switch id {
	case "awaken":
		return awakened(m)
	case "simulacrum":
		return simulacrum(m) // safeguards.go
	}
	if typ == "" {
		return m
	}
	m.Type = typ
	switch id {
	case "find-familiar":
		m.Actions = nil
	case "find-steed":
		m.Abilities.Int = max(m.Abilities.Int, 6)
	}
	m.XP = 0
	return m
}

func checkServant(c *cast) error {
	_, _, _, err := c.chosen()
	return err
}

// serve names the creatures the casting calls and, for a spell whose
// servants outlast a fight, the effect on the caster that keeps them.
func (c *cast) serve() error {
	m, n, pick, err := c.called()
	if err != nil {
		return err
	}
	sv := servants[c.spell.ID]
	if sv.bind != nil {
		if bound, err := sv.bind(c, m); err != nil || !bound {
			return err
		}
	}
	ends := sv.ends
	if sv.endsAt != nil {
		ends = sv.endsAt(c.slot)
	}
	call := Summon{SRDID: m.ID, Count: n}
	if sv.make != nil || sv.types != nil || c.spell.ID == "awaken" || c.spell.ID == "simulacrum" {
		call.Monster = &m
	}
	c.r.Summons = append(c.r.Summons, call)
	who := c.r.Caster
	what := plural(n, m.Name, m.Name+"s")
	if sv.types != nil {
		what = "a " + m.Name + " (a " + m.Type + ")"
	}
	c.r.Notes = append(c.r.Notes, fmt.Sprintf("%s calls %s to serve %s (%s).", c.spell.Name, what, who, ends))
	if sv.kept {
		c.r.Effects = append(c.r.Effects, Effect{ID: ServantID, Spell: c.spell.ID, CasterID: c.casterID, TargetID: c.casterID,
			Summon: pick, Left: n, Ends: ends, Note: what + " serves " + who})
	}
	switch c.spell.ID {
	case "find-familiar":
		c.r.Notes = append(c.r.Notes, who+" speaks with the familiar telepathically within 100 feet, may see through its senses with an action, "+
			"and may cast a touch spell through it; in a fight it can't attack, and helps "+who+" instead.")
	case "find-steed":
		c.r.Notes = append(c.r.Notes, who+" speaks with the steed telepathically within a mile, and a spell "+who+" casts on itself alone may also target the steed while mounted.")
	case "create-undead":
		c.r.Notes = append(c.r.Notes, "The spell is cast only at night; cast again within the 24 hours it holds the same creatures for another 24.")
	case "simulacrum":
		c.r.Notes = append(c.r.Notes, "The copy has no equipment, never grows stronger nor regains spent spell slots, and is repaired only in an alchemical laboratory (100 gp a hit point); "+
			"casting the spell again destroys it")
	case "arcane-hand":
		c.r.Notes = append(c.r.Notes, "The hand strikes with its Clenched Fist on its turns; its Forceful, Grasping and Interposing Hands (a push, a grapple, half cover) are told.")
	}
	return nil
}

// Serving is what a caster's servant effect brings into a fight: the
// creatures of spell id picked as pick, left of them. A pick the spell
// does not call is an error.
func Serving(id, pick string, left int) (Summon, error) {
	sv, ok := servants[id]
	if !ok || sv.make != nil {
		return Summon{}, refuse(ReasonInvalidArgs, "%q keeps no servants between fights", clip(id))
	}
	form, typ := sv.pickOf(pick)
	m, ok := srd.LookupMonster(form)
	if !ok || !slices.Contains(sv.forms, form) {
		return Summon{}, refuse(ReasonInvalidArgs, "%q calls no %q", id, clip(form))
	}
	m = spirit(id, m, typ)
	call := Summon{SRDID: m.ID, Count: left}
	if sv.types != nil || id == "awaken" || id == "simulacrum" { // an awakened beast's Intelligence of 10, a copy's half hit points
		call.Monster = &m
	}
	return call, nil
}

// objectSize is a row of Animate Objects' table: what one object of a
// size is, and how many of the ten it counts as.
type objectSize struct {
	weight, hp, ac, attack int
	damage                 string
	str, dex               int
}

var animated = map[string]objectSize{
	"tiny":   {1, 20, 18, 8, "1d4+4", 4, 18},
	"small":  {1, 25, 16, 6, "1d8+2", 6, 14},
	"medium": {2, 40, 13, 5, "2d6+1", 10, 12},
	"large":  {4, 50, 10, 6, "2d10+2", 14, 10},
	"huge":   {8, 80, 10, 8, "2d12+4", 18, 6},
}

// animatedObject is an animated object's stat block, from the spell's
// table: a construct of Constitution 10, Intelligence and Wisdom 3 and
// Charisma 1, with a speed of 30 feet and blindsight of 30, that makes
// one slam.
func (c *cast) animatedObject(size string) srd.Monster {
	o := animated[size]
	bonus := o.attack
	name := strings.ToUpper(size[:1]) + size[1:]
	return srd.Monster{ID: "animated-object-" + size, Name: "Animated " + name + " Object", Size: name, Type: "construct",
		AC: o.ac, HP: o.hp, HitDice: strconv.Itoa(o.hp), Speed: map[string]int{"walk": 30},
		Abilities: srd.Abilities{Str: o.str, Dex: o.dex, Con: 10, Int: 3, Wis: 3, Cha: 1},
		Senses:    srd.Senses{Blindsight: 30, Notes: map[string]string{"blindsight": "blind beyond this radius"}},
		Actions: []srd.Action{{ID: "slam", Name: "Slam", AttackBonus: &bonus, AttackType: "melee", Reach: 5,
			Damage: []srd.Damage{{Dice: o.damage, Type: "bludgeoning"}}}}}
}

// arcaneHand is the hand's stat block: a Large object of AC 20 with the
// caster's hit point maximum, Strength 26 and Dexterity 10, whose
// Clenched Fist is a melee spell attack with the caster's spell attack
// bonus for 4d8 force, 2d8 more for each slot level above 5th.
func (c *cast) arcaneHand(string) srd.Monster {
	bonus := c.r.AttackBonus
	caster := c.caster()
	return srd.Monster{ID: "arcane-hand", Name: "Arcane Hand", Size: "Large", Type: "object",
		AC: 20, HP: caster.CurrentMaxHP(), HitDice: strconv.Itoa(caster.CurrentMaxHP()), Speed: map[string]int{"fly": 60},
		Abilities: srd.Abilities{Str: 26, Dex: 10, Con: 10, Int: 1, Wis: 1, Cha: 1}, ProficiencyBonus: caster.ProficiencyBonus,
		Actions: []srd.Action{{ID: "clenched-fist", Name: "Clenched Fist", AttackBonus: &bonus, AttackType: "melee", SpellAttack: true, Reach: 5,
			Damage: []srd.Damage{{Dice: strconv.Itoa(4+2*max(c.slot-5, 0)) + "d8", Type: "force"}}}}}
}
