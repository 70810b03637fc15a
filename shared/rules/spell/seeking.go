package spell

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"chronicler/shared/campaign"
	"chronicler/shared/srd"
)

// The spells that find and read things the campaign keeps: Identify
// reads a magic item its caster carries from its data (its properties,
// attunement and charges) or the spells on a creature it touches; Locate
// Creature and Locate Object sense where on the map a character, or what
// one carries, is; Find the Path knows the way through the map's areas
// to a place on it. Their caller, keeper of the sheets and the map,
// gives them what they read (Options.Items, Options.Lasting,
// Options.Whereabouts).

// PathID: on its caster, Find the Path's knowledge of the way to its
// destination (Effect.Note), while its concentration lasts.
const PathID = "find-the-path"

// Whereabouts is where a divination's quarry is, as the caller finds it
// on its map and sheets: Locate Creature's creature, Locate Object's
// object, Find the Path's place.
type Whereabouts struct {
	// Sought is the quarry as it reads ("Mira", "the nearest dwarf",
	// "a longsword").
	Sought string `json:"sought"`
	// Route are the names of the areas from the caster's to the
	// quarry's, the caster's first: one when the quarry is where the
	// caster is; nil when it is nowhere the spell can sense.
	Route []string `json:"route,omitempty"`
	// Found names what the spell found, where it is not Sought itself
	// (the nearest dwarf: "Brom"); Bearer the character who carries a
	// found object.
	Found  string `json:"found,omitempty"`
	Bearer string `json:"bearer,omitempty"`
}

// Seeks says spell id reads a quarry the caster names in its choice
// (Options.Choice): an item, a creature or a place.
func Seeks(id string) bool {
	switch id {
	case "identify", "locate-creature", "locate-object", "find-the-path":
		return true
	}
	return false
}

// pResolvers are these spells' entries of the resolvers table.
func pResolvers() map[string]resolver {
	return map[string]resolver{
		"identify":        {targets: optionalOne, check: checkIdentify, run: (*cast).identify},
		"locate-creature": {targets: none, check: named("a creature familiar to the caster, or a kind of creature (\"Mira\", \"dwarf\")"), run: (*cast).locate},
		"locate-object":   {targets: none, check: named("an object familiar to the caster, or a kind of object (\"longsword\")"), run: (*cast).locate},
		"find-the-path":   {targets: none, check: checkPath, run: (*cast).findPath},
	}
}

// named refuses a casting whose choice names no quarry.
func named(what string) func(c *cast) error {
	return func(c *cast) error {
		if strings.TrimSpace(c.opts.Choice) == "" {
			return refuse(ReasonInvalidArgs, "%s seeks %s: name it", c.spell.Name, what)
		}
		return nil
	}
}

// checkIdentify asks for a creature touched or an object named, one the
// caster carries (Options.Items).
func checkIdentify(c *cast) error {
	switch {
	case len(c.ids) == 1 && c.opts.Choice != "":
		return refuse(ReasonInvalidArgs, "Identify touches one object or one creature, not both")
	case len(c.ids) == 1:
		return nil
	case strings.TrimSpace(c.opts.Choice) == "":
		return refuse(ReasonInvalidArgs, "Identify touches an object (name it) or a creature (target it)")
	}
	if _, ok := ItemNamed(c.opts.Items, c.opts.Choice); !ok {
		return refuse(ReasonInvalidArgs, "%s carries no %s to touch", c.caster().Name, clip(c.opts.Choice))
	}
	return nil
}

// ItemNamed is the stack of inv a choice names: by its item's or its
// enchantment's id, or their names ("Ring of Protection", "Longsword,
// +1", "+1 longsword").
func ItemNamed(inv []campaign.Item, choice string) (campaign.Item, bool) {
	k := choiceKey(choice)
	for _, it := range inv {
		if it.Qty < 1 {
			continue
		}
		names := []string{it.Item, it.Magic, it.Name, campaign.ItemName(it.Item)}
		if m, ok := campaign.MagicOf(it); ok {
			names = append(names, m.Name)
			if it.Magic != "" && m.Bonus > 0 {
				names = append(names, fmt.Sprintf("+%d %s", m.Bonus, campaign.ItemName(it.Item))) // "+1 longsword"
			}
		}
		if it.Magic != "" {
			if n, ok := srd.MagicName(it.Item, it.Magic); ok {
				names = append(names, n)
			}
		}
		if slices.ContainsFunc(names, func(n string) bool { return n != "" && choiceKey(n) == k }) {
			return it, true
		}
	}
	return campaign.Item{}, false
}

// identify tells what it touched: a creature's spells (those on it,
// Options.Lasting; none through a Nondetection), or an item's magic.
func (c *cast) identify() error {
	if len(c.ids) == 1 {
		id := c.ids[0]
		out := c.outcome(id)
		out.Affected = true
		if c.hidden(id) {
			out.Told = "is hidden from divination: Identify learns nothing of it"
			return nil
		}
		var on []string
		for _, l := range c.opts.Lasting {
			if s, ok := srd.LookupSpell(l.Spell); ok && l.TargetID == id && !slices.Contains(on, s.Name) {
				on = append(on, s.Name)
			}
		}
		out.Told = "is under no spell"
		if len(on) > 0 {
			out.Told = "is under " + strings.Join(on, ", ")
		}
		return nil
	}
	it, _ := ItemNamed(c.opts.Items, c.opts.Choice)
	m, ok := campaign.MagicOf(it)
	name := campaign.ItemName(it.Item)
	if !ok {
		c.r.Notes = append(c.r.Notes, capital(name)+" is not magic")
		return nil
	}
	if it.Magic != "" {
		if n, ok := srd.MagicName(it.Item, it.Magic); ok {
			name = n
		}
	} else {
		name = m.Name
	}
	c.r.Notes = append(c.r.Notes, capital(name)+": "+strings.Join(Properties(m, it), "; "))
	var on []string
	for _, l := range c.opts.Lasting {
		if s, ok := srd.LookupSpell(l.Spell); ok && l.Weapon != "" && l.Weapon == it.Item && !slices.Contains(on, s.Name) {
			on = append(on, s.Name)
		}
	}
	if len(on) > 0 {
		c.r.Notes = append(c.r.Notes, capital(name)+" is under "+strings.Join(on, ", "))
	}
	return nil
}

// Properties are what Identify learns of magic item m, carried as stack
// it: what it is, what it adds, what it does, its charges and the spells
// they cast, and whether it needs attunement (and is attuned).
func Properties(m srd.MagicItem, it campaign.Item) []string {
	out := []string{strings.TrimSpace(m.Rarity + " " + strings.ReplaceAll(m.Category, "-", " "))}
	switch {
	case m.Bonus == 0:
	case m.Enchants == "weapon" || m.Enchants == "ammunition":
		out = append(out, fmt.Sprintf("+%d to attack and damage rolls", m.Bonus))
	case m.Enchants == "armor" || m.Enchants == "shield":
		out = append(out, fmt.Sprintf("+%d to AC", m.Bonus))
	}
	if m.AC > 0 {
		ac := fmt.Sprintf("+%d to AC", m.AC)
		if m.Unarmored {
			ac += " while its wearer has no armour or shield"
		}
		out = append(out, ac)
	}
	if m.Saves > 0 {
		out = append(out, fmt.Sprintf("+%d to saving throws", m.Saves))
	}
	for _, s := range m.Scores {
		out = append(out, fmt.Sprintf("%s %d unless higher", strings.ToUpper(s.Ability[:1])+s.Ability[1:], s.Score))
	}
	for _, r := range m.Resists {
		out = append(out, r+" resistance")
	}
	for _, r := range m.Immune {
		out = append(out, r+" immunity")
	}
	for _, r := range m.ConditionImmune {
		out = append(out, "immune to "+r)
	}
	if m.Speed > 0 {
		out = append(out, "walking speed "+strconv.Itoa(m.Speed)+" ft")
	}
	if m.SpeedTimes > 1 {
		out = append(out, "speed ×"+strconv.Itoa(m.SpeedTimes))
	}
	for _, d := range m.Damage {
		s := "+" + strings.TrimSpace(d.Dice+" "+d.Type) + " damage"
		if len(d.Against) > 0 {
			s += " against " + strings.Join(d.Against, " and ")
		}
		if d.Critical {
			s += " on a 20"
		}
		out = append(out, s)
	}
	if m.Charges > 0 {
		left := m.Charges - min(max(it.Used, 0), m.Charges)
		s := fmt.Sprintf("%d of %d charges left", left, m.Charges)
		if m.Regain != "" {
			s += ", regaining " + m.Regain + " at dawn"
		}
		out = append(out, s)
	}
	for _, sp := range m.Spells {
		name := sp.ID
		if s, ok := srd.LookupSpell(sp.ID); ok {
			name = s.Name
		}
		out = append(out, "casts "+name+" for "+plural(sp.Charges, "charge", "charges"))
	}
	if m.Category == "potion" {
		out = append(out, "works when drunk")
	}
	switch {
	case !m.Attunement:
		out = append(out, "needs no attunement")
	case it.Attuned:
		out = append(out, "requires attunement"+by(m.AttunedBy)+", and its bearer is attuned")
	default:
		out = append(out, "requires attunement"+by(m.AttunedBy)+": it does nothing until its bearer attunes over a short rest")
	}
	return out
}

func by(who string) string {
	if who == "" {
		return ""
	}
	return " by " + who
}

// locate says where Locate Creature's or Locate Object's quarry is,
// from the whereabouts the caller found (Options.Whereabouts): its
// direction, which is the first area on the way to it (the spell senses
// no more: not the place it is in, nor how far). A fight keeps no map, so there the spell's
// sense is the narrator's.
func (c *cast) locate() error {
	w := c.opts.Whereabouts
	if w == nil {
		c.note("{caster} senses the direction to "+c.opts.Choice+" if it is within 1,000 feet: the narrator says where it lies", "")
		return nil
	}
	if len(w.Route) == 0 {
		c.note("{caster} senses no "+w.Sought+" anywhere the spell reaches", "")
		return nil
	}
	what := w.Sought
	if w.Found != "" {
		what = w.Found + " (" + w.Sought + ")"
	}
	if w.Bearer != "" {
		what += ", carried by " + w.Bearer + ","
	}
	if len(w.Route) == 1 {
		c.note("{caster} senses "+what+" close by, here in "+w.Route[0], "")
	} else {
		c.note("{caster} senses "+what+" in the direction of "+w.Route[1], "")
	}
	c.r.Notes = append(c.r.Notes, "The map keeps no distances: beyond 1,000 feet, or past "+blocker(c.spell.ID)+", the spell senses nothing, which the narrator says")
	return nil
}

// blocker is what keeps a locate spell from its quarry.
func blocker(id string) string {
	if id == "locate-object" {
		return "any lead in the way"
	}
	return "running water 10 feet wide, or in another form (polymorphed)"
}

// checkPath asks for a destination the map knows (Options.Whereabouts
// with a route): a place off the map or beyond every way is no fixed
// place the spell can find.
func checkPath(c *cast) error {
	w := c.opts.Whereabouts
	switch {
	case w == nil && strings.TrimSpace(c.opts.Choice) == "":
		return refuse(ReasonInvalidArgs, "Find the Path seeks a place the caster knows: name it")
	case w != nil && len(w.Route) == 0:
		return refuse(ReasonInvalidArgs, "%s is no place the map leads to from here, and Find the Path fails", clip(w.Sought))
	}
	return nil
}

// findPath gives its caster the shortest way to its destination, kept
// on it while the spell lasts: at every fork it knows the way on.
func (c *cast) findPath() error {
	w := c.opts.Whereabouts
	if w == nil {
		c.note("{caster} knows the shortest way to "+c.opts.Choice+", how far it is and in which direction: the narrator tells it", "")
		return nil
	}
	dest := w.Route[len(w.Route)-1]
	if len(w.Route) == 1 {
		c.note("{caster} is already in "+dest, "")
		return nil
	}
	way := strings.Join(w.Route[1:], " → ")
	c.effect(Effect{ID: PathID, TargetID: c.casterID, Note: "knows the shortest way to " + dest + ": " + way})
	c.note(fmt.Sprintf("{caster} knows the shortest way to %s, %s: %s (the shortest, not the safest)",
		dest, plural(len(w.Route)-1, "move", "moves"), way), "")
	return nil
}
