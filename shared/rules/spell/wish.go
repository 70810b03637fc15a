package spell

import (
	"strings"

	"chronicler/shared/dice"
	"chronicler/shared/rules"
	"chronicler/shared/srd"
)

// UntilLongRest is the Ends of an effect that lasts until its target
// finishes a long rest (Contact Other Plane's madness): no clock ends
// it, the long rest does.
const UntilLongRest = "until it finishes a long rest"

// InsaneID is the effect Contact Other Plane's madness leaves.
const InsaneID = "insane"

// GlibID is Glibness's effect on its caster: the d20 of its Charisma
// checks counts as 15 at least (rules.Glib reads it).
const GlibID = rules.Glib

// contactOtherPlane: the caster makes a DC 15 Intelligence save; on a
// failure it takes 6d6 psychic damage and is insane until it finishes a
// long rest, which the engine plays as incapacitated (it can't take
// actions), held by the effect the long rest ends.
func (c *cast) contactOtherPlane() error {
	id := c.casterID
	out := c.outcome(id)
	sv, err := rules.Save(*c.caster(), rules.SaveRequest{Ability: rules.Int, DC: 15,
		Against: []string{"magic", c.spell.ID, "psychic"}, Reason: "Intelligence saving throw against the strain of " + c.spell.Name}, c.src)
	if err != nil {
		return refuseWrap(err)
	}
	if err := c.take(sv.Log); err != nil {
		return err
	}
	out.Save = &sv
	if sv.Success {
		out.Told = "keeps its mind and may ask the entity up to five questions, each answered in a word"
		return nil
	}
	out.Affected = true
	dmg := c.rollDamage([]rules.DamageRoll{{Dice: dice.MustParse("6d6"), Type: rules.Psychic}})
	if err := c.damage(id, out, dmg); err != nil {
		return err
	}
	if c.state[id].Dead {
		return nil
	}
	cr, err := rules.AddCondition(*c.state[id], rules.Incapacitated)
	if err != nil {
		return internal(err)
	}
	if err := c.take(cr.Log); err != nil {
		return err
	}
	out.Conditions = append(out.Conditions, cr)
	if cr.Changed {
		c.effect(Effect{ID: InsaneID, TargetID: id, Condition: rules.Incapacitated, Ends: UntilLongRest,
			Note: "insane: it can't take actions, understand speech or read, and speaks only gibberish; Greater Restoration ends it"})
	}
	out.Told = "goes insane until it finishes a long rest: it can't take actions, understand what others say or read, and speaks only in gibberish"
	return nil
}

// glibness: for the hour, the d20 of each of the caster's Charisma
// checks counts as 15 when it rolls lower.
func (c *cast) glibness() error {
	c.bestow(c.casterID, Effect{ID: GlibID, Note: "the d20 of its Charisma checks counts as 15 when lower"},
		"may count the d20 of its Charisma checks as 15 for the hour")
	c.rider(c.casterID)
	return nil
}

// incarnation is a row of Reincarnate's d100 table: the highest roll
// that gives it, the form the SRD names and the race the rules play it
// as. The engine keeps a race, not a subrace, and plays each race with
// the SRD's one subrace (hill dwarf, high elf, rock gnome, lightfoot
// halfling), so a mountain dwarf comes back a dwarf as the rules know
// one.
type incarnation struct {
	upTo       int
	form, race string
}

var incarnations = []incarnation{
	{4, "dragonborn", "dragonborn"},
	{13, "hill dwarf", "dwarf"},
	{21, "mountain dwarf", "dwarf"},
	{25, "dark elf", "elf"},
	{34, "high elf", "elf"},
	{42, "wood elf", "elf"},
	{46, "forest gnome", "gnome"},
	{52, "rock gnome", "gnome"},
	{56, "half-elf", "half-elf"},
	{60, "half-orc", "half-orc"},
	{68, "lightfoot halfling", "halfling"},
	{76, "stout halfling", "halfling"},
	{96, "human", "human"},
	{100, "tiefling", "tiefling"},
}

// incarnationOf is the row of the table a d100 roll falls on.
func incarnationOf(roll int) incarnation {
	for _, in := range incarnations {
		if roll <= in.upTo {
			return in
		}
	}
	return incarnations[len(incarnations)-1]
}

// reincarnate returns a dead creature to life in a new adult body, whole
// (every hit point of its maximum: the body is new), of the race a d100
// rolls on the spell's table (Outcome.Race, for the caller who keeps
// sheets to change its race and what comes with it).
func (c *cast) reincarnate() error {
	id := c.ids[0]
	roll := c.roll("reincarnation (d100)", dice.MustParse("1d100"))
	in := incarnationOf(roll.Total)
	if err := revive(true, nil)(c); err != nil {
		return err
	}
	out := &c.r.Targets[len(c.r.Targets)-1]
	out.Race = in.race
	out.Told += " in a new body, as a " + in.form
	if in.form != in.race {
		out.Told += " (the rules play it as a " + in.race + ")"
	}
	c.note("{target} remembers its former life, keeps its class and levels, and takes its new race's traits in place of its old", id)
	return nil
}

// wishPick reads Wish's pick: the spell it duplicates, by id or name,
// and after a colon that spell's own pick ("enhance-ability: cha").
func wishPick(choice string) (id, pick string) {
	id, pick, _ = strings.Cut(choice, ":")
	id = strings.Join(strings.Fields(strings.ToLower(strings.NewReplacer("'", "", "/", "-").Replace(id))), "-")
	return id, strings.TrimSpace(pick)
}

// wished is the duplicated spell: its data, or false when the pick names
// none Wish may duplicate.
func (c *cast) wished() (srd.Spell, bool) {
	id, _ := wishPick(c.opts.Choice)
	s, ok := c.lookup(id)
	if !ok {
		s, ok = srd.LookupSpell(id)
	}
	return s, ok && s.ID != c.spell.ID && s.Level <= 8
}

// wished's targets are the duplicated spell's.
func wished(c *cast) (int, int) {
	s, ok := c.wished()
	if !ok {
		return 0, MaxTargets // checkWish refuses it
	}
	return TargetsFor(s, s.Level)
}

// wishOptions are the duplicated spell's options: the caster's, with
// its own pick, cast without a slot or components.
func (c *cast) wishOptions() Options {
	o := c.opts
	_, o.Choice = wishPick(c.opts.Choice)
	o.Innate, o.Ritual = true, false
	return o
}

func (c *cast) wishTargets() []rules.Combatant {
	out := make([]rules.Combatant, len(c.ids))
	for i, id := range c.ids {
		out[i] = *c.state[id]
	}
	return out
}

// checkWish refuses a pick that is no spell of 8th level or lower, or
// one its caster or its area uses again on later turns (a Spiritual
// Weapon's strikes, a Moonbeam's burns), which the fight keeps under the
// spell cast, Wish; a repeated save (Hold Person's) goes by the effect's
// own spell and stays. Then every refusal the duplicated spell would
// make.
func checkWish(c *cast) error {
	s, ok := c.wished()
	switch {
	case c.opts.Choice == "":
		return refuse(ReasonInvalidArgs, "Wish duplicates a spell of 8th level or lower: name it as the choice")
	case !ok:
		return refuse(ReasonInvalidArgs, "Wish duplicates a spell of 8th level or lower, not %q", clip(c.opts.Choice))
	case TriggerOf(s) == TriggerAction || TriggerOf(s) == TriggerZone:
		return refuse(ReasonNotAllowed, "%s goes on through later uses of its own, which Wish can't carry: cast %s itself", s.Name, s.Name)
	case c.opts.Ongoing:
		return refuse(ReasonNotAllowed, "Wish has no ongoing effect")
	}
	return Check(*c.caster(), s.ID, s.Level, c.wishTargets(), c.wishOptions(), c.lookup)
}

// wish duplicates the picked spell at its own level, needing none of its
// components or slot: its result becomes Wish's (its rolls, changes,
// targets, effects, creatures called and concentration).
func (c *cast) wish() error {
	s, _ := c.wished()
	r, err := Cast(*c.caster(), s.ID, s.Level, c.wishTargets(), c.wishOptions(), c.src, c.lookup)
	if err != nil {
		return err
	}
	if err := c.take(r.Log); err != nil {
		return err
	}
	c.r.Targets = append(c.r.Targets, r.Targets...)
	c.r.Effects = append(c.r.Effects, r.Effects...)
	c.r.Summons = append(c.r.Summons, r.Summons...)
	c.r.Teleported = append(c.r.Teleported, r.Teleported...)
	c.r.Dispelled = append(c.r.Dispelled, r.Dispelled...)
	c.r.Pool, c.r.Shield, c.r.Counter = r.Pool, r.Shield, r.Counter
	c.r.Concentration, c.r.ConcentrationEnded = r.Concentration, r.ConcentrationEnded
	c.r.DC, c.r.AttackBonus, c.r.Idle = r.DC, r.AttackBonus, r.Idle
	as := "a cantrip"
	if s.Level > 0 {
		as = "at " + rules.Ordinal(s.Level) + " level"
	}
	c.r.Notes = append([]string{"Wish duplicates " + s.Name + ", cast " + as + " with no components."}, r.Notes...)
	return nil
}
