package spell

import (
	"slices"
	"strconv"
	"strings"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/rules"
	"chronicler/shared/srd"
)

// cast is one casting being resolved.
type cast struct {
	spell  srd.Spell
	sp     spec
	shape  Shape
	opts   Options
	src    dice.Source
	lookup func(string) (srd.Spell, bool)
	slot   int // the level cast at; 0 for a cantrip
	level  int // the caster level cantrips scale with
	mod    int // the spellcasting ability modifier
	save   rules.Ability
	parts  []rules.DamageRoll // the spell's damage, when it has any
	heal   dice.Expr          // the spell's healing, when it has any

	// oneSpent says OneDamageBonus has been dealt; rerolls are the dice
	// RerollLow has rerolled so far.
	oneSpent bool
	rerolls  int

	casterID string
	ids      []string // the targets' ids, in order
	// state is each combatant as the changes so far have left it; the
	// caster appears once even when it is also a target.
	state map[string]*rules.Combatant
	r     *Result
}

// incapacitating are the conditions that stop a creature acting.
var incapacitating = rules.SetOf(rules.Incapacitated, rules.Paralyzed, rules.Petrified, rules.Stunned, rules.Unconscious)

// prepare checks everything Cast can check before it rolls or changes
// anything, and returns the casting ready to begin.
func prepare(caster rules.Combatant, s srd.Spell, slot int, targets []rules.Combatant, opts Options, src dice.Source, lookup func(string) (srd.Spell, bool)) (*cast, error) {
	c := &cast{spell: s, sp: specOf(s.ID), shape: Classify(s), opts: opts, src: src, lookup: lookup,
		slot: slot, casterID: caster.ID}
	if caster.ID == "" {
		return nil, refuse(ReasonInvalidArgs, "the caster has no id")
	}
	if err := c.checkSlotLevel(); err != nil {
		return nil, err
	}
	if opts.Ability > rules.Cha {
		return nil, refuse(ReasonInvalidArgs, "unknown spellcasting ability %d", opts.Ability)
	}
	if opts.DC < 0 || opts.DC > 30 || opts.AttackBonus < 0 || opts.AttackBonus > 20 {
		return nil, refuse(ReasonInvalidArgs, "a spell save DC must be 0..30 and an attack bonus 0..20")
	}
	if src == nil {
		return nil, refuse(ReasonInvalidArgs, "no dice source")
	}
	if err := c.checkOngoing(caster); err != nil {
		return nil, err
	}
	if err := c.checkCaster(caster); err != nil {
		return nil, err
	}
	c.level = opts.CasterLevel
	if c.level <= 0 {
		c.level = max(caster.Level, 1)
	}
	if opts.Ability != 0 {
		c.mod = caster.Modifier(opts.Ability)
	}

	c.state = make(map[string]*rules.Combatant, len(targets)+1)
	self := caster
	c.state[caster.ID] = &self
	c.ids = make([]string, 0, len(targets))
	for i, t := range targets {
		switch {
		case t.ID == "":
			return nil, refuse(ReasonInvalidArgs, "target %d has no id", i)
		case slices.Contains(c.ids, t.ID):
			return nil, refuse(ReasonInvalidArgs, "%s is named twice among the targets", t.Name)
		}
		c.ids = append(c.ids, t.ID)
		if t.ID != caster.ID {
			c.state[t.ID] = &t
		}
	}
	for _, t := range c.state {
		freed(t)
	}
	if err := c.checkTargets(); err != nil {
		return nil, err
	}
	if err := c.prepareMechanics(); err != nil {
		return nil, err
	}
	if err := c.checkSlot(caster); err != nil {
		return nil, err
	}
	c.boost()
	return c, nil
}

// freed is target t as a spell reaches it: magic can't paralyse or
// restrain the wearer of a Ring of Free Action (rules.FreeAction). Only
// this cast's copy of t is immune: other causes still can.
func freed(t *rules.Combatant) {
	if slices.Contains(t.Features, rules.FreeAction) {
		t.ConditionImmunities = t.ConditionImmunities.With(rules.Paralyzed).With(rules.Restrained)
	}
}

// boost puts what the caster's features add into the spell's damage:
// DamageBonus on its main roll, MaxDamage on every roll.
func (c *cast) boost() {
	if len(c.parts) == 0 {
		return
	}
	c.parts = slices.Clone(c.parts)
	if n := c.opts.DamageBonus; n != 0 {
		c.parts[0].Dice = added(c.parts[0].Dice, n)
	}
	if c.opts.MaxDamage {
		for i, p := range c.parts {
			c.parts[i].Dice = dice.MustParse(strconv.Itoa(min(max(p.Dice.Max(), 0), dice.MaxModifier)))
		}
	}
}

// added is x with n more ("1d10+3" and 2: "1d10+3+2").
func added(x dice.Expr, n int) dice.Expr {
	y, err := dice.Parse(x.String() + signed(n))
	if err != nil {
		return x
	}
	return y
}

// withOne is parts with OneDamageBonus on the first part of its type,
// while it is not dealt yet; ok says it is there.
func (c *cast) withOne(parts []rules.DamageRoll) (out []rules.DamageRoll, ok bool) {
	if c.opts.OneDamageBonus == 0 || c.oneSpent {
		return parts, false
	}
	for i, p := range parts {
		if c.opts.OneDamageType == 0 || p.Type == c.opts.OneDamageType {
			out = slices.Clone(parts)
			out[i].Dice = added(p.Dice, c.opts.OneDamageBonus)
			return out, true
		}
	}
	return parts, false
}

// rangeFeet is the spell's range in feet for this casting, 0 if it has
// none to measure.
func (c *cast) rangeFeet() int {
	if c.opts.Range > 0 {
		return c.opts.Range
	}
	if f := c.spell.Range.Feet; f != nil {
		return *f
	}
	return 0
}

func (c *cast) checkSlotLevel() error {
	s, slot := c.spell, c.slot
	switch {
	case c.opts.Ritual && c.opts.Ongoing:
		return refuse(ReasonInvalidArgs, "a ritual casting is a new casting, not an ongoing effect")
	case s.Level == 0 && slot != 0:
		return refuse(ReasonInvalidArgs, "%s is a cantrip and uses no spell slot (slot level %d asked)", s.Name, slot)
	case s.Level == 0 && c.opts.Ritual:
		return refuse(ReasonInvalidArgs, "%s is a cantrip, not a ritual", s.Name)
	case s.Level == 0:
		return nil
	case slot < 1 || slot > 9:
		return refuse(ReasonInvalidArgs, "slot level %d is not 1 to 9", slot)
	case slot < s.Level:
		return refuse(ReasonInvalidArgs, "%s is a %s-level spell; a %s-level slot is too low", s.Name, rules.Ordinal(s.Level), rules.Ordinal(slot))
	case c.opts.Ritual && !s.Ritual:
		return refuse(ReasonInvalidArgs, "%s is not a ritual", s.Name)
	case c.opts.Ritual && slot != s.Level:
		return refuse(ReasonInvalidArgs, "a ritual is cast at the spell's own level (%s), not %s", rules.Ordinal(s.Level), rules.Ordinal(slot))
	}
	return nil
}

func (c *cast) checkOngoing(caster rules.Combatant) error {
	if !c.opts.Ongoing {
		return nil
	}
	s := c.spell
	if c.sp.ongoing == TriggerNone {
		return refuse(ReasonNotAllowed, "%s has no ongoing effect to resolve", s.Name)
	}
	if s.Concentration && caster.Concentration != s.ID {
		return refuse(ReasonNotAllowed, "%s is not concentrating on %s", caster.Name, s.Name)
	}
	return nil
}

// checkCaster refuses a caster that cannot act, unless the effect goes on
// without it (a creature walking into a Moonbeam, a repeated save).
func (c *cast) checkCaster(caster rules.Combatant) error {
	if c.opts.Ongoing && (c.sp.ongoing == TriggerZone || c.sp.ongoing == TriggerSave) {
		return nil
	}
	if caster.Dead {
		return refuse(ReasonNotAllowed, "%s is dead", caster.Name)
	}
	if c.opts.Contingent {
		return nil // cast long before, it goes off on its own
	}
	for cond := range (caster.Conditions & incapacitating).All() {
		return refuse(ReasonNotAllowed, "%s is %s and can't cast spells", caster.Name, cond)
	}
	if slices.Contains(caster.Features, rules.Feebleminded) {
		return refuse(ReasonNotAllowed, "%s is feebleminded and can't cast spells", caster.Name)
	}
	return nil
}

// bounds is the fewest and most targets the casting may have.
func (c *cast) bounds() (lo, hi int) {
	s, sp := c.spell, c.sp
	if c.opts.Ongoing && (sp.ongoing == TriggerZone || sp.ongoing == TriggerSave) {
		return 1, MaxTargets
	}
	if sp.exact {
		return c.exactBounds()
	}
	if sp.idle && !c.opts.Ongoing {
		return 0, 0
	}
	lo, hi = 1, 1
	if s.Area != nil || c.shape == ShapeNarrative {
		lo, hi = 0, MaxTargets
	}
	if sp.maxTargets != nil {
		hi = min(sp.maxTargets(c.slot), MaxTargets)
	}
	if sp.optional && !c.opts.Ongoing {
		lo = 0
	}
	if c.shape == ShapeHeal {
		lo = 1
	}
	if c.opts.Twinned && hi == 1 {
		hi = 2
	}
	return lo, hi
}

// TargetsFor is the fewest and most targets a casting of s at slot level
// slot (0 for a cantrip) may have.
func TargetsFor(s srd.Spell, slot int) (lo, hi int) {
	c := &cast{spell: s, sp: specOf(s.ID), shape: Classify(s), slot: slot}
	return c.bounds()
}

func (c *cast) checkTargets() error {
	s := c.spell
	lo, hi := c.bounds()
	n := len(c.ids)
	if n < lo || n > hi {
		return refuse(ReasonInvalidArgs, "%s takes %s, not %d", s.Name, targetRange(lo, hi), n)
	}
	feet := c.rangeFeet()
	// A melee spell attack is made from wherever the spell reaches from
	// (the caster's hand, a spiritual weapon); an area spell's range is
	// to its point of origin, not to each creature in it.
	checkRange := feet > 0 && s.Area == nil && attackType(s, c.sp) != "melee"
	revives := c.shape == ShapeExact && resolvers[s.ID].dead
	for _, id := range c.ids {
		t := c.state[id]
		switch {
		case t.Dead && !revives:
			return refuse(ReasonNotAllowed, "%s is dead", t.Name)
		case !t.Dead && revives:
			return refuse(ReasonNotAllowed, "%s is not dead", t.Name)
		}
		d := c.opts.Situations[id].Distance
		switch {
		case d < 0:
			return refuse(ReasonInvalidArgs, "the distance to %s must not be negative", t.Name)
		case checkRange && d > feet:
			return refuse(ReasonNotAllowed, "%s is %d ft away, beyond %s's range of %d ft", t.Name, d, s.Name, feet)
		case c.opts.Situations[id].Cover == rules.TotalCover:
			return refuse(ReasonNotAllowed, "%s has total cover and can't be targeted", t.Name)
		}
	}
	if c.opts.Ongoing && c.sp.ongoing == TriggerSave {
		for _, id := range c.ids {
			if t := c.state[id]; !c.sustained(*t) {
				return refuse(ReasonNotAllowed, "%s is not under %s", t.Name, s.Name)
			}
		}
	}
	return nil
}

func targetRange(lo, hi int) string {
	switch {
	case lo == hi && hi == 0:
		return "no targets when cast"
	case lo == hi:
		return plural(lo, "target", "targets")
	case lo == 0:
		return "at most " + plural(hi, "target", "targets")
	}
	return strconv.Itoa(lo) + " to " + strconv.Itoa(hi) + " targets"
}

// needsAbility says the casting uses the spellcasting ability.
func (c *cast) needsAbility() bool {
	s, sp := c.spell, c.sp
	if c.opts.Ongoing && sp.ongoing == TriggerSave {
		return true
	}
	if sp.idle && !c.opts.Ongoing {
		return false
	}
	switch c.shape {
	case ShapeAttack, ShapeSaveDamage, ShapeCondition:
		return true
	case ShapeAutoDamage:
		return s.Damage != nil && s.Damage.AddsModifier
	case ShapeHeal:
		return s.HealAddsModifier
	case ShapeExact:
		if r, ok := resolvers[s.ID]; ok {
			return r.ability
		}
		switch s.ID {
		case "bane", "eldritch-blast", "scorching-ray", "acid-arrow", "power-word-stun", "faerie-fire":
			return true
		case "counterspell":
			return c.opts.CounteredLevel > c.slot
		}
	}
	return false
}

// prepareMechanics parses what the spell will roll and checks the choices
// it needs, so that nothing fails once dice are drawn.
func (c *cast) prepareMechanics() error {
	s, sp := c.spell, c.sp
	if c.needsAbility() && c.opts.Ability == 0 {
		return refuse(ReasonInvalidArgs, "%s needs the caster's spellcasting ability (Options.Ability)", s.Name)
	}
	if sv := saveOf(s, sp); sv != nil {
		a, err := rules.ParseAbility(sv.Ability)
		if err != nil {
			return refuse(ReasonInvalidArgs, "%s's save: %v", s.Name, err)
		}
		c.save = a
	}
	if x := c.opts.Condition; x != 0 && !(sp.choose && containsCond(sp.conds, x)) && !(sp.cureOne && containsCond(sp.cures, x)) {
		return refuse(ReasonInvalidArgs, "%s does not let the caster choose %s", s.Name, c.opts.Condition)
	}
	switch c.shape {
	case ShapeAttack, ShapeSaveDamage, ShapeAutoDamage:
		if s.Damage != nil {
			p, err := c.damageRolls()
			if err != nil {
				return err
			}
			c.parts = p
		}
	case ShapeCondition:
		if sp.resaveDamage && s.Damage != nil {
			p, err := c.damageRolls()
			if err != nil {
				return err
			}
			c.parts = p
		}
	case ShapeHeal:
		x, err := c.healing()
		if err != nil {
			return err
		}
		c.heal = x
	case ShapeExact:
		return c.prepareExact()
	}
	if c.shape == ShapeSaveDamage || c.shape == ShapeCondition {
		if c.save == 0 {
			return refuse(ReasonInvalidArgs, "%s has no saving throw in its data", s.Name)
		}
	}
	return nil
}

func (c *cast) checkSlot(caster rules.Combatant) error {
	if c.spell.Level == 0 || c.opts.Ritual || c.opts.Ongoing || c.opts.Innate || c.opts.Contingent {
		return nil
	}
	sl := caster.SpellSlots[c.slot-1]
	if sl.Max-sl.Used < 1 {
		if sl.Max == 0 {
			return refuse(ReasonNoSlot, "%s has no %s-level spell slots", caster.Name, rules.Ordinal(c.slot))
		}
		return refuse(ReasonNoSlot, "%s has no %s-level spell slot left (%d of %d used)", caster.Name, rules.Ordinal(c.slot), sl.Used, sl.Max)
	}
	return nil
}

// begin fills in the result and makes the casting's own changes: the
// slot, then concentration.
func (c *cast) begin() error {
	s := c.spell
	caster := c.caster()
	c.r = &Result{CasterID: caster.ID, Caster: caster.Name, SpellID: s.ID, Spell: s.Name, Level: s.Level,
		SlotLevel: c.slot, Shape: c.shape, Ritual: c.opts.Ritual, Ongoing: c.opts.Ongoing,
		Reaction: strings.Contains(s.CastingTime, "reaction"), Trigger: c.sp.ongoing}
	// Room for the usual case: a roll, a save and a change or two each.
	c.r.Rolls = make([]rules.Roll, 0, 2+2*len(c.ids))
	c.r.Changes = make([]rules.Change, 0, 2+2*len(c.ids))
	c.r.Targets = make([]Outcome, 0, len(c.ids))
	if c.opts.Ability != 0 && c.needsAbility() {
		c.r.DCSource = rules.SpellDC(caster.Name, c.opts.Ability, c.mod, caster.ProficiencyBonus)
		c.r.DC = c.r.DCSource.Value
		c.r.AttackBonus = caster.ProficiencyBonus + c.mod
		c.r.AttackTerms = []campaign.Term{{Value: c.mod, Source: c.opts.Ability.Name(), Kind: campaign.TermAbility},
			{Value: caster.ProficiencyBonus, Source: "proficiency", Kind: campaign.TermProficiency}}
		if c.opts.DC > 0 {
			c.r.DC = c.opts.DC
			c.r.DCSource = &campaign.DCSource{Value: c.opts.DC, Source: rules.Possessive(caster.Name) + " stated spell save DC"}
		}
		if c.opts.AttackBonus > 0 {
			c.r.AttackBonus = c.opts.AttackBonus
			c.r.AttackTerms = []campaign.Term{{Value: c.opts.AttackBonus, Source: rules.Possessive(caster.Name) + " stated spell attack bonus", Kind: campaign.TermBase}}
		}
	}
	var chs []rules.Change
	if s.Level > 0 && !c.opts.Ritual && !c.opts.Ongoing && !c.opts.Innate && !c.opts.Contingent {
		used := caster.SpellSlots[c.slot-1].Used
		c.r.SlotSpent = true
		chs = append(chs, rules.Change{TargetID: caster.ID, Field: rules.FieldSpellSlotsUsed, Slot: c.slot, From: used, To: used + 1})
	}
	if s.Concentration && !c.opts.Ongoing {
		c.r.Concentration = true
		c.r.ConcentrationEnded = caster.Concentration
		if caster.Concentration != s.ID {
			chs = append(chs, rules.Change{TargetID: caster.ID, Field: rules.FieldConcentration, From: caster.Concentration, To: s.ID})
		}
	}
	return c.take(rules.Log{Changes: chs})
}

// resolve applies the spell's effect.
func (c *cast) resolve() error {
	switch {
	case c.opts.Ongoing && c.sp.ongoing == TriggerSave:
		return c.resave()
	case c.sp.idle && !c.opts.Ongoing:
		c.r.Idle = true
		return nil
	}
	switch c.shape {
	case ShapeAttack:
		return c.attacks()
	case ShapeSaveDamage:
		return c.saveDamage()
	case ShapeAutoDamage:
		return c.autoDamage()
	case ShapeHeal:
		return c.healTargets()
	case ShapeCondition:
		return c.conditions()
	case ShapeExact:
		return c.exact()
	}
	for _, id := range c.ids {
		c.outcome(id)
	}
	return nil
}

// caster is the caster as the changes so far have left it.
func (c *cast) caster() *rules.Combatant { return c.state[c.casterID] }

// take adds a nested result's log to the result's and brings the state up
// to date with its changes.
func (c *cast) take(l rules.Log) error {
	c.r.Rolls = append(c.r.Rolls, l.Rolls...)
	c.r.Changes = append(c.r.Changes, l.Changes...)
	// Apply takes the changes aimed at one combatant from the whole list,
	// so each combatant the log touches applies it once.
	for i, ch := range l.Changes {
		p := c.state[ch.TargetID]
		if p == nil || slices.ContainsFunc(l.Changes[:i], func(x rules.Change) bool { return x.TargetID == ch.TargetID }) {
			continue
		}
		n, err := p.Apply(l.Changes)
		if err != nil {
			return internal(err)
		}
		*p = n
	}
	return nil
}

// roll records a roll of the caster's that no rules resolver made.
func (c *cast) roll(reason string, x dice.Expr) dice.Result {
	res := dice.Roll(x, c.src)
	c.r.Rolls = append(c.r.Rolls, rules.Roll{Reason: reason, RollerID: c.casterID, Result: res})
	return res
}

// outcome starts the outcome for a target and returns it.
func (c *cast) outcome(id string) *Outcome {
	c.r.Targets = append(c.r.Targets, Outcome{TargetID: id, Target: c.state[id].Name})
	return &c.r.Targets[len(c.r.Targets)-1]
}

// effect records an effect on a target.
func (c *cast) effect(e Effect) {
	e.Spell, e.CasterID = c.spell.ID, c.casterID
	if e.Ends == "" {
		e.Ends = c.spell.Duration
	}
	c.r.Effects = append(c.r.Effects, e)
}

// rider notes the spell's unapplied effect on an affected target.
func (c *cast) rider(id string) {
	if c.sp.rider == "" || c.state[id].Dead {
		return
	}
	c.note(c.sp.rider, id)
}

func (c *cast) note(text, id string) {
	name := ""
	if t := c.state[id]; t != nil {
		name = t.Name
	}
	c.r.Notes = append(c.r.Notes, capital(strings.NewReplacer("{target}", name, "{caster}", c.caster().Name).Replace(text)))
}

func containsCond(cs []rules.Condition, x rules.Condition) bool {
	for _, c := range cs {
		if c == x {
			return true
		}
	}
	return false
}

// sustained says t has a condition the spell keeps up (prone is never
// kept up: a creature ends it by standing). A spell that imposes no
// condition (Slow) leaves nothing to see on t: the caller, who keeps its
// effects, vouches that t is under it.
func (c *cast) sustained(t rules.Combatant) bool {
	if len(c.sp.conds) == 0 {
		return true
	}
	for _, cond := range c.sp.conds {
		if cond != rules.Prone && t.Conditions.Has(cond) {
			return true
		}
	}
	return false
}

// atLevel is the entry of m for the highest level at or below lvl, and
// that level.
func atLevel(m map[int]string, lvl int) (string, int, bool) {
	best := -1
	for k := range m {
		if k <= lvl && k > best {
			best = k
		}
	}
	if best < 0 {
		return "", 0, false
	}
	return m[best], best, true
}

// damageRolls is the spell's damage at the casting's level: its main roll
// (with the modifier if the data says so, and the dice the data leaves out
// for higher slots) and any extra roll of another type.
func (c *cast) damageRolls() ([]rules.DamageRoll, error) {
	s := c.spell
	var out []rules.DamageRoll
	for i, d := range []*srd.SpellDamage{s.Damage, s.ExtraDamage} {
		if d == nil {
			continue
		}
		var text string
		var at int
		var ok bool
		if s.Level == 0 && len(d.ByCharacterLevel) > 0 {
			text, at, ok = atLevel(d.ByCharacterLevel, c.level)
		} else {
			text, at, ok = atLevel(d.BySlotLevel, c.slot)
		}
		if !ok {
			return nil, refuse(ReasonInvalidArgs, "%s has no damage for this level", s.Name)
		}
		if ps := c.sp.perSlot; i == 0 && ps.n > 0 && c.slot > at && s.Level > 0 {
			text += "+" + strconv.Itoa(ps.n*(c.slot-at)) + "d" + strconv.Itoa(ps.sides)
		}
		if d.AddsModifier {
			text += signed(c.mod)
		}
		x, err := dice.Parse(text)
		if err != nil {
			return nil, refuse(ReasonInvalidArgs, "%s's damage %q: %v", s.Name, text, err)
		}
		var t rules.DamageType
		if d.Type != "" {
			if t, err = rules.ParseDamageType(d.Type); err != nil {
				return nil, refuse(ReasonInvalidArgs, "%s's damage: %v", s.Name, err)
			}
		}
		out = append(out, rules.DamageRoll{Dice: x, Type: t})
	}
	return out, nil
}

// healing is the spell's healing at the casting's slot level.
func (c *cast) healing() (dice.Expr, error) {
	s := c.spell
	text, _, ok := atLevel(s.HealAtSlotLevel, max(c.slot, s.Level))
	if !ok {
		return dice.Expr{}, refuse(ReasonInvalidArgs, "%s has no healing for this level", s.Name)
	}
	if s.HealAddsModifier {
		text += signed(c.mod)
	}
	x, err := dice.Parse(text)
	if err != nil {
		return dice.Expr{}, refuse(ReasonInvalidArgs, "%s's healing %q: %v", s.Name, text, err)
	}
	return x, nil
}

// signed is "+3", "-1", or "" for 0.
func signed(n int) string {
	switch {
	case n > 0:
		return "+" + strconv.Itoa(n)
	case n < 0:
		return strconv.Itoa(n)
	}
	return ""
}
