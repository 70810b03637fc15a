package encounter

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"chronicler/shared/dice"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
)

// The sorcerer's features in a fight.
var sorcererFeatures = map[string]classFeature{
	// Font of Magic: the sorcery points, a pool of the Sorcerer table's
	// size back on a long rest, which the features below spend.
	"font-of-magic": {where: "resources.json: sorcery-points, spent by Flexible Casting and Metamagic"},
	// Flexible Casting: a bonus action each way between slots and points.
	"flexible-casting-converting-spell-slot": {use: convertSlot},
	"flexible-casting-creating-spell-slots":  {use: createSlot},
	// Metamagic: one option a spell, Empowered Spell besides another.
	"metamagic-1":                {cast: oneMetamagic},
	"metamagic-careful-spell":    {cast: careful},
	"metamagic-distant-spell":    {cast: distant},
	"metamagic-empowered-spell":  {cast: empowered},
	"metamagic-extended-spell":   {cast: extended},
	"metamagic-heightened-spell": {cast: heightened},
	"metamagic-quickened-spell":  {cast: quick},
	"metamagic-subtle-spell":     {cast: subtle},
	"metamagic-twinned-spell":    {cast: twinned},
	// Draconic Bloodline: the ancestor's damage type, which Elemental
	// Affinity adds to; the aura of Draconic Presence.
	"dragon-ancestor-black---acid-damage":       {where: ancestryWhere},
	"dragon-ancestor-blue---lightning-damage":   {where: ancestryWhere},
	"dragon-ancestor-brass---fire-damage":       {where: ancestryWhere},
	"dragon-ancestor-bronze---lightning-damage": {where: ancestryWhere},
	"dragon-ancestor-copper---acid-damage":      {where: ancestryWhere},
	"dragon-ancestor-gold---fire-damage":        {where: ancestryWhere},
	"dragon-ancestor-green---poison-damage":     {where: ancestryWhere},
	"dragon-ancestor-red---fire-damage":         {where: ancestryWhere},
	"dragon-ancestor-silver---cold-damage":      {where: ancestryWhere},
	"dragon-ancestor-white---cold-damage":       {where: ancestryWhere},
	"elemental-affinity":                        {cast: elementalAffinity},
	"draconic-presence":                         {use: draconicPresence, aura: presenceAura},
}

// sorceryPoints is the pool Font of Magic gives.
const sorceryPoints = "sorcery-points"

const ancestryWhere = "sorcerer.go: ancestry, the damage type Elemental Affinity adds to"

// Ancestry is the damage type of a draconic sorcerer's dragon ancestor,
// by the option chosen among features (its Dragon Ancestor row: "...---
// fire-damage"); 0 without one.
func Ancestry(features []string) rules.DamageType {
	for _, id := range features {
		rest, ok := strings.CutPrefix(id, "dragon-ancestor-")
		if !ok {
			continue
		}
		_, kind, ok := strings.Cut(rest, "---")
		if t, err := rules.ParseDamageType(strings.TrimSuffix(kind, "-damage")); ok && err == nil {
			return t
		}
	}
	return 0
}

// SlotCost is the sorcery points Flexible Casting turns into a spell slot
// of level (2, 3, 5, 6 or 7 for 1st to 5th); false for a level it can't
// make.
func SlotCost(level int) (int, bool) {
	cost := map[int]int{1: 2, 2: 3, 3: 5, 4: 6, 5: 7}[level]
	return cost, cost > 0
}

// slotLevel reads a Flexible Casting choice: the slot's level, "3" or
// "3rd".
func slotLevel(choice string) (int, error) {
	s := strings.TrimRight(strings.ToLower(strings.TrimSpace(choice)), "stndrh")
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > 9 {
		return 0, refuse(InvalidArgs, "action.choice", "name the spell slot's level, 1 to 9")
	}
	return n, nil
}

// convertSlot is Flexible Casting's first way: a slot spent for as many
// sorcery points as its level, never above the sorcerer's maximum.
func convertSlot(e *Encounter, res *Result, ai int, in Action, _ dice.Source) error {
	p := e.Participants[ai]
	level, err := slotLevel(in.Choice)
	if err != nil {
		return err
	}
	sl := p.Combatant.SpellSlots[level-1]
	pool, ok := p.Pools[sorceryPoints]
	switch {
	case sl.Max-sl.Used < 1:
		return refuse(NoSlot, "action.choice", "%s has no %s-level spell slot left", p.Name, rules.Ordinal(level))
	case !ok || pool.Used == 0:
		return refuse(NotAllowed, "action.choice", "%s has all %d sorcery points already", p.Name, pool.Max)
	}
	if err := e.spendSlot(res, ai, level); err != nil {
		return err
	}
	got := min(level, pool.Used)
	pool.Used -= got
	me := &e.Participants[ai]
	me.Pools = maps.Clone(me.Pools)
	me.Pools[sorceryPoints] = pool
	res.say(fmt.Sprintf("%s turns a %s-level spell slot into %d sorcery points (%d of %d left).", p.Name, rules.Ordinal(level), got, pool.Max-pool.Used, pool.Max))
	return nil
}

// createSlot is Flexible Casting's other way: sorcery points turned into
// a slot of 1st to 5th level, which a long rest takes away. The fight has
// spent the feature's cost (the 1st-level price); the rest of a higher
// slot's is spent here. A slot made when none is spent stands above the
// maximum, as a use below zero, which the long rest's reset clears.
func createSlot(e *Encounter, res *Result, ai int, in Action, _ dice.Source) error {
	level, err := slotLevel(in.Choice)
	if err != nil {
		return err
	}
	cost, ok := SlotCost(level)
	if !ok {
		return refuse(NotAllowed, "action.choice", "Flexible Casting makes slots of 5th level at most")
	}
	f, _ := srd.LookupFeature("flexible-casting-creating-spell-slots")
	if more := cost - max(f.Cost, 1); more > 0 {
		if err := e.spendPool(ai, f, more); err != nil {
			return err
		}
	}
	p := e.Participants[ai]
	used := p.Combatant.SpellSlots[level-1].Used
	ch := rules.Change{TargetID: p.ID, Field: rules.FieldSpellSlotsUsed, Slot: level, From: used, To: used - 1}
	if err := e.apply([]rules.Change{ch}); err != nil {
		return err
	}
	res.Changes = append(res.Changes, ch)
	pool := e.Participants[ai].Pools[sorceryPoints]
	res.say(fmt.Sprintf("%s turns %d sorcery points into a %s-level spell slot (%d of %d points left).", p.Name, cost, rules.Ordinal(level), pool.Max-pool.Used, pool.Max))
	return nil
}

// metamagic are the Metamagic options, by id, with what each costs of
// the sorcery points (Twinned Spell: the spell's level, 1 for a cantrip).
var metamagic = map[string]int{
	"metamagic-careful-spell": 1, "metamagic-distant-spell": 1, "metamagic-empowered-spell": 1,
	"metamagic-extended-spell": 1, "metamagic-heightened-spell": 3, "metamagic-quickened-spell": 2,
	"metamagic-subtle-spell": 1, "metamagic-twinned-spell": 0,
}

// oneMetamagic holds a cast to one Metamagic option, Empowered Spell
// besides another.
func oneMetamagic(_ *Encounter, _ int, _ Action, c *casting) error {
	var named []string
	for _, id := range c.with {
		if _, ok := metamagic[id]; ok && id != "metamagic-empowered-spell" {
			named = append(named, id)
		}
	}
	if len(named) > 1 {
		return refuse(NotAllowed, "action.with", "a spell takes one Metamagic option, and Empowered Spell besides another")
	}
	return nil
}

// quickened reports whether a cast names Quickened Spell.
func quickened(with []string) bool {
	return slices.ContainsFunc(with, func(w string) bool {
		w = strings.ToLower(strings.TrimSpace(w))
		return w == "quickened" || w == "metamagic-quickened-spell"
	})
}

// option claims Metamagic option id for the cast if it names it, and
// pays its points.
func option(c *casting, id string) bool {
	if !c.uses(id) {
		return false
	}
	c.pay(sorceryPoints, metamagic[id], id)
	return true
}

// charisma is a caster's Charisma modifier, at least one: the creatures
// Careful Spell spares, the dice Empowered Spell rerolls.
func charisma(p Participant) int { return max(p.Combatant.Modifier(rules.Cha), 1) }

func careful(e *Encounter, ai int, in Action, c *casting) error {
	if !option(c, "metamagic-careful-spell") {
		return nil
	}
	p := e.Participants[ai]
	switch n := charisma(p); {
	case !forcesSave(c.spell):
		return refuse(NotAllowed, "action.with", "Careful Spell needs a spell that forces a save, and %s does not", c.spell.Name)
	case len(in.Spare) == 0:
		return refuse(InvalidArgs, "action.spare", "Careful Spell spares the creatures the cast names in spare")
	case len(in.Spare) > n:
		return refuse(NotAllowed, "action.spare", "%s spares up to %d creatures with Careful Spell", p.Name, n)
	}
	for _, id := range in.Spare {
		if !slices.Contains(c.ids, id) {
			return refuse(InvalidArgs, "action.spare", "%q is not among the spell's targets", truncate(id, 40))
		}
		c.spare(id, false)
	}
	c.spared = true
	return nil
}

func distant(_ *Encounter, _ int, _ Action, c *casting) error {
	if !option(c, "metamagic-distant-spell") {
		return nil
	}
	r := c.spell.Range
	switch {
	case strings.EqualFold(r.Text, "touch"):
		c.opts.Range = 30
	case r.Feet != nil && *r.Feet >= 5:
		c.opts.Range = 2 * *r.Feet
	default:
		return refuse(NotAllowed, "action.with", "Distant Spell needs a range of 5 feet or more, or touch; %s's is %s", c.spell.Name, strings.ToLower(r.Text))
	}
	return nil
}

func empowered(e *Encounter, ai int, _ Action, c *casting) error {
	if !option(c, "metamagic-empowered-spell") {
		return nil
	}
	if !deals(c.spell, 0) {
		return refuse(NotAllowed, "action.with", "Empowered Spell rerolls damage dice, and %s deals no damage", c.spell.Name)
	}
	c.opts.RerollLow = charisma(e.Participants[ai])
	return nil
}

// maxRounds is a day, the longest Extended Spell makes a spell last.
const maxRounds = 24 * 600

func extended(e *Encounter, ai int, _ Action, c *casting) error {
	if !option(c, "metamagic-extended-spell") {
		return nil
	}
	if rounds(strings.ToLower(c.spell.Duration)) < 10 {
		return refuse(NotAllowed, "action.with", "Extended Spell needs a spell lasting a minute or more; %s lasts %s", c.spell.Name, strings.ToLower(c.spell.Duration))
	}
	id := e.Participants[ai].ID
	c.then(func(e *Encounter, _ *Result, _ int, _ spell.Result, _ dice.Source) error {
		// What the spell left that runs by its duration lasts twice as
		// long; what ends at a turn (a Shield's) is not its duration's.
		for k, fx := range e.Effects {
			if n := fx.Until.Round - e.Round; fx.CasterID == id && fx.Spell == c.spell.ID && n >= 10 {
				e.Effects[k].Until.Round = e.Round + min(2*n, maxRounds)
			}
		}
		return nil
	})
	return nil
}

func heightened(e *Encounter, _ int, in Action, c *casting) error {
	if !option(c, "metamagic-heightened-spell") {
		return nil
	}
	if !forcesSave(c.spell) || len(c.ids) == 0 {
		return refuse(NotAllowed, "action.with", "Heightened Spell needs a spell that forces its target to save")
	}
	id := c.ids[0]
	if in.TargetID != "" {
		id = in.TargetID
	}
	c.opts.Situate(id, func(sit *spell.Situation) {
		sit.Disadvantage = append(slices.Clip(sit.Disadvantage), "Heightened Spell")
	})
	return nil
}

func quick(_ *Encounter, _ int, _ Action, c *casting) error {
	if !option(c, "metamagic-quickened-spell") {
		return nil
	}
	if !strings.EqualFold(c.spell.CastingTime, "1 action") {
		return refuse(NotAllowed, "action.with", "Quickened Spell needs a spell cast with an action; %s takes %s", c.spell.Name, strings.ToLower(c.spell.CastingTime))
	}
	c.bonus = true
	return nil
}

func subtle(_ *Encounter, _ int, _ Action, c *casting) error {
	if option(c, "metamagic-subtle-spell") {
		c.subtle = true
	}
	return nil
}

// twinExact are the exact spells whose resolver treats each target
// alike, which Twinned Spell may give a second.
var twinExact = map[string]bool{"invisibility": true, "heroism": true, "longstrider": true, "mage-armor": true,
	"shield-of-faith": true, "barkskin": true}

// twinnable reports whether Twinned Spell may give s, cast at slot, a
// second target: one that can take no more than one at that level, with
// a range beyond self.
func twinnable(s srd.Spell, slot int) bool {
	if s.Range.Feet == nil || *s.Range.Feet == 0 {
		return false
	}
	if _, hi := spell.TargetsFor(s, slot); hi != 1 {
		return false
	}
	switch spell.Classify(s) {
	case spell.ShapeAttack, spell.ShapeSaveDamage, spell.ShapeAutoDamage, spell.ShapeHeal, spell.ShapeCondition:
		return true
	case spell.ShapeExact:
		return twinExact[s.ID]
	}
	return false
}

func twinned(_ *Encounter, _ int, _ Action, c *casting) error {
	if !c.uses("metamagic-twinned-spell") {
		return nil
	}
	switch {
	case !twinnable(c.spell, c.slot):
		return refuse(NotAllowed, "action.with", "Twinned Spell needs a spell of one target at its level and a range beyond self, and %s is not one", c.spell.Name)
	case len(c.ids) != 2:
		return refuse(InvalidArgs, "action.target_ids", "Twinned Spell aims the spell at two targets; name both")
	}
	c.opts.Twinned = true
	level := c.slot
	if c.spell.Level == 0 {
		level = 1
	}
	c.pay(sorceryPoints, level, "metamagic-twinned-spell")
	return nil
}

// elementalAffinity adds the sorcerer's Charisma modifier to one damage
// roll of a spell of its ancestor's type; with it (1 point), the
// sorcerer resists that type for an hour.
func elementalAffinity(e *Encounter, ai int, _ Action, c *casting) error {
	p := e.Participants[ai]
	t := Ancestry(p.Combatant.Features)
	resist := c.uses("elemental-affinity")
	switch {
	case t == 0 || !deals(c.spell, t):
		if resist {
			return refuse(NotAllowed, "action.with", "Elemental Affinity needs a spell dealing %s's ancestral damage", p.Name)
		}
		return nil
	case p.Combatant.Modifier(rules.Cha) > 0:
		c.opts.OneDamageBonus += p.Combatant.Modifier(rules.Cha)
		c.opts.OneDamageType = t
	}
	if !resist {
		return nil
	}
	c.pay(sorceryPoints, 1, "elemental-affinity")
	c.then(func(e *Encounter, res *Result, ai int, _ spell.Result, src dice.Source) error {
		me := e.Participants[ai]
		fx := Effect{Effect: spell.Effect{ID: "elemental-affinity", Spell: "elemental-affinity", CasterID: me.ID, TargetID: me.ID,
			Resist: rules.SetOf(t), Ends: "1 hour"}, Until: Until{Round: e.Round + 600, Turn: me.ID}}
		if err := e.add(res, fx, src); err != nil {
			return err
		}
		res.say(fmt.Sprintf("%s resists %s damage for an hour.", me.Name, t))
		return nil
	})
	return nil
}

// presence is the effect of Draconic Presence on its sorcerer: the aura,
// held by concentration, its kind (awe or fear) in Note.
const presence = "draconic-presence"

// draconicPresence raises the aura: an action and 5 sorcery points (spent
// by the fight), for a minute of the sorcerer's concentration.
func draconicPresence(e *Encounter, res *Result, ai int, in Action, src dice.Source) error {
	kind := strings.ToLower(strings.TrimSpace(in.Choice))
	switch kind {
	case "", "fear", "frightened":
		kind = "fear"
	case "awe", "charmed":
		kind = "awe"
	default:
		return refuse(InvalidArgs, "action.choice", "Draconic Presence is an aura of awe or fear")
	}
	if err := e.stopConcentrating(res, ai); err != nil {
		return err
	}
	p := e.Participants[ai]
	ch := []rules.Change{{TargetID: p.ID, Field: rules.FieldConcentration, From: "", To: presence}}
	if err := e.apply(ch); err != nil {
		return err
	}
	res.Changes = append(res.Changes, ch...)
	fx := Effect{Effect: spell.Effect{ID: presence, Spell: presence, CasterID: p.ID, TargetID: p.ID, Concentration: true,
		Ends: "1 minute", Note: kind}, Until: Until{Round: e.Round + 10, Turn: p.ID}}
	if err := e.add(res, fx, src); err != nil {
		return err
	}
	res.say(fmt.Sprintf("%s exudes an aura of %s: each hostile creature that starts its turn in the fight saves on Wisdom (DC %d) or is %s while it lasts.",
		p.Name, kind, presenceDC(p), presenceCondition(kind)))
	return nil
}

func presenceDC(p Participant) int {
	return 8 + p.Combatant.ProficiencyBonus + p.Combatant.Modifier(rules.Cha)
}

func presenceCondition(kind string) rules.Condition {
	if kind == "awe" {
		return rules.Charmed
	}
	return rules.Frightened
}

// presenceAura has a hostile creature starting its turn under the aura
// of sorcerer ai save, unless the aura holds it already or it has
// resisted it (immune for a day).
func presenceAura(e *Encounter, res *Result, ai, i int, src dice.Source) error {
	p, t := e.Participants[ai], e.Participants[i]
	k := slices.IndexFunc(e.Effects, func(fx Effect) bool { return fx.ID == presence && fx.TargetID == p.ID })
	if k < 0 || t.Kind == p.Kind || t.down() || e.elsewhere(t.ID) {
		return nil
	}
	if slices.ContainsFunc(e.Effects, func(fx Effect) bool {
		return fx.Spell == presence && fx.CasterID == p.ID && fx.TargetID == t.ID
	}) {
		return nil
	}
	cond := presenceCondition(e.Effects[k].Note)
	ability := rules.Wis
	sv, err := e.save(res, i, saveCall{ability: ability, dc: presenceDC(p), against: []string{"magic", cond.String()},
		reason: "Wisdom saving throw against Draconic Presence"}, src)
	if err != nil {
		return err
	}
	res.say(sv.Summary())
	if sv.Success {
		fx := Effect{Effect: spell.Effect{ID: "presence-resisted", Spell: presence, CasterID: p.ID, TargetID: t.ID, Ends: "24 hours",
			Note: "immune to the aura for a day"}, Until: Until{Round: e.Round + maxRounds, Turn: p.ID}}
		return e.add(res, fx, src)
	}
	cr, err := e.condition(res, i, cond)
	if err != nil {
		return err
	}
	res.say(cr.Summary())
	if !cr.Changed {
		return nil
	}
	fx := Effect{Effect: spell.Effect{ID: cond.String(), Spell: presence, CasterID: p.ID, TargetID: t.ID, Condition: cond,
		Concentration: true, Ends: "while the aura lasts"}}
	return e.add(res, fx, src)
}
