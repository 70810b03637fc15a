package spell

import (
	"chronicler/shared/rules"
)

// The ids of the effects the control spells leave, which the encounter
// plays while they last.
const (
	// ConfusedID: the target rolls a d10 at the start of each of its
	// turns for what it does, and takes no reactions.
	ConfusedID = "confusion"
	// CompelledID: the target moves where the caster says.
	CompelledID = "compulsion"
	// DancingID: the target dances, with disadvantage on its attack rolls
	// and Dexterity saves and attacks against it with advantage; it
	// spends its action on a Wisdom save to stop.
	DancingID = "irresistible-dance"
	// SickenedID: Eyebite's poisoned target saves after each of its
	// turns to end it.
	SickenedID = "sickened"
	// StoneID: Flesh to Stone's restraint, its saves counted.
	StoneID = "flesh-to-stone"
	// FeeblemindID: Intelligence and Charisma of 1, no spells.
	FeeblemindID = "feeblemind"
	// EnclosedID and CagedID: out of reach, and reaching nobody, inside
	// a sphere or a cage of force.
	EnclosedID = "resilient-sphere"
	CagedID    = "forcecage"
	// MazeID: banished to a labyrinth until it escapes.
	MazeID = "maze"
)

// controlResolvers are the control spells' entries of the resolvers
// table.
func controlResolvers() map[string]resolver {
	return map[string]resolver{
		"compulsion":         {targets: upTo(MaxTargets), ability: true, run: (*cast).compulsion},
		"confusion":          {targets: anyIn, ability: true, run: (*cast).confusion},
		"irresistible-dance": {targets: one, ability: true, run: (*cast).irresistibleDance},
		"eyebite":            {targets: one, ability: true, run: (*cast).eyebite},
		"flesh-to-stone":     {targets: one, ability: true, run: (*cast).fleshToStone},
		"feeblemind":         {targets: one, ability: true, check: (*cast).prepareDamage, run: (*cast).feeblemind},
		"resilient-sphere":   {targets: one, ability: true, run: (*cast).resilientSphere},
		"forcecage":          {targets: anyIn, run: (*cast).forcecage},
		"maze":               {targets: one, run: (*cast).maze},
	}
}

// uncharmable passes by a target that can't be charmed, which the
// enchantments that need a mind to bend do not touch; it reports whether
// it did.
func (c *cast) uncharmable(id string, out *Outcome) bool {
	if !c.state[id].ConditionImmunities.Has(rules.Charmed) {
		return false
	}
	out.Note = "can't be charmed"
	return true
}

// compulsion: creatures that can hear the caster save or are compelled,
// and one that can't be charmed succeeds without a roll. The movement is
// told; the save after it ends the spell on the target.
func (c *cast) compulsion() error {
	for _, id := range c.ids {
		out := c.outcome(id)
		if c.uncharmable(id, out) {
			continue
		}
		sv, err := c.saveFor(id)
		if err != nil {
			return err
		}
		out.Save = &sv
		if sv.Success {
			continue
		}
		c.bestow(id, Effect{ID: CompelledID, Concentration: true, RepeatSave: c.save, DC: c.r.DC, Ends: c.sp.ends,
			Note: "must use its movement to move in the direction the caster designates"},
			"is compelled to move where "+c.caster().Name+" directs")
		c.rider(id)
	}
	return nil
}

// confusion: each creature in the sphere saves or is confused until it
// succeeds on the save at the end of one of its turns.
func (c *cast) confusion() error {
	return c.onFailedSave(func(id string, out *Outcome) error {
		c.effect(Effect{ID: ConfusedID, TargetID: id, Concentration: true, RepeatSave: c.save, DC: c.r.DC, Ends: c.sp.ends,
			Note: "can't take reactions; rolls a d10 at the start of each of its turns: 1 wanders, 2-6 does nothing, 7-8 attacks a random creature within reach, 9-10 acts normally"})
		out.Told = "is confused"
		return nil
	})
}

// irresistibleDance: no save at first; a creature that can't be charmed
// is immune.
func (c *cast) irresistibleDance() error {
	id := c.ids[0]
	out := c.outcome(id)
	if c.uncharmable(id, out) {
		return nil
	}
	out.Affected = true
	c.effect(Effect{ID: DancingID, TargetID: id, Concentration: true, RepeatSave: c.save, DC: c.r.DC, Ends: c.sp.ends,
		Note: "dances in place: disadvantage on attack rolls and Dexterity saves, attack rolls against it have advantage"})
	out.Told = "dances: it uses all its movement to dance in place, has disadvantage on attack rolls and Dexterity saves, " +
		"and attacks against it have advantage; with its action it makes a Wisdom save to stop"
	return nil
}

// eyebite: the target saves or is asleep (unconscious until it takes
// damage), panicked (frightened) or sickened (poisoned, saving after each
// of its turns), as the caster chooses (Options.Condition); the caster
// uses its action on later turns to target another (Options.Ongoing).
func (c *cast) eyebite() error {
	pick := c.opts.Condition
	if pick == 0 {
		pick = rules.Unconscious
	}
	if c.opts.Ongoing {
		c.note("{caster} can't target a creature that has succeeded on a save against this casting of Eyebite", c.ids[0])
	}
	return c.onFailedSave(func(id string, out *Outcome) error {
		cr, err := rules.AddCondition(*c.state[id], pick)
		if err != nil {
			return internal(err)
		}
		if err := c.take(cr.Log); err != nil {
			return err
		}
		out.Conditions = append(out.Conditions, cr)
		if !cr.Changed {
			return nil
		}
		fx := Effect{ID: pick.String(), TargetID: id, Condition: pick, Concentration: true, Ends: "1 minute"}
		switch pick {
		case rules.Unconscious:
			fx.Ends, fx.Note = "1 minute, or until it takes damage or another creature uses its action to shake it awake", "asleep"
			out.Told = "falls asleep"
		case rules.Frightened:
			fx.Note = "panicked"
			out.Told = "panics"
			c.note("{target} must Dash away from {caster} by the safest, shortest route on each of its turns; "+
				"once at least 60 feet away and out of {caster}'s sight, it is no longer panicked", id)
		case rules.Poisoned:
			fx.ID, fx.RepeatSave, fx.DC, fx.Note = SickenedID, c.save, c.r.DC, "sickened: disadvantage on attack rolls and ability checks"
			fx.Ends = "1 minute, or until it succeeds on the Wisdom save it repeats after each of its turns"
			out.Told = "is sickened"
		}
		c.effect(fx)
		return nil
	})
}

// fleshToStone: the target saves or is restrained, and counts its saves
// after each of its turns (the encounter): three successes free it, three
// failures petrify it. Whether its body is flesh is the caller's.
func (c *cast) fleshToStone() error {
	return c.onFailedSave(func(id string, out *Outcome) error {
		cr, err := rules.AddCondition(*c.state[id], rules.Restrained)
		if err != nil {
			return internal(err)
		}
		if err := c.take(cr.Log); err != nil {
			return err
		}
		out.Conditions = append(out.Conditions, cr)
		if !cr.Changed {
			return nil
		}
		c.effect(Effect{ID: StoneID, TargetID: id, Condition: rules.Restrained, Concentration: true, RepeatSave: c.save, DC: c.r.DC,
			Left: 3, Ends: c.sp.ends, Note: "its flesh hardens: three failed Constitution saves turn it to stone, three successes free it"})
		out.Told = "begins to turn to stone"
		c.note("if {caster} concentrates for the full minute, {target}, once stone, stays stone until the effect is removed", id)
		return nil
	})
}

// feeblemind: 4d6 psychic damage, then an Intelligence save; on a failure
// the target's Intelligence and Charisma become 1 and it can't cast
// spells (the effect's state, rules.Feebleminded).
func (c *cast) feeblemind() error {
	id := c.ids[0]
	out := c.outcome(id)
	out.Affected = true
	if err := c.damage(id, out, c.rollDamage(c.parts)); err != nil {
		return err
	}
	if c.state[id].Dead {
		return nil
	}
	sv, err := c.saveFor(id)
	if err != nil {
		return err
	}
	out.Save = &sv
	if sv.Success {
		return nil
	}
	c.effect(Effect{ID: FeeblemindID, TargetID: id, Ends: c.sp.ends,
		Note: "Intelligence and Charisma 1; it can't cast spells, activate magic items, understand language or communicate intelligibly"})
	out.Told = "is feebleminded: its Intelligence and Charisma become 1, and it can't cast spells, activate magic items, " +
		"understand language or communicate intelligibly, though it knows its friends"
	return nil
}

// resilientSphere: the target saves or is enclosed; the caster enclosing
// itself is willing and does not save.
func (c *cast) resilientSphere() error {
	id := c.ids[0]
	out := c.outcome(id)
	if id != c.casterID {
		sv, err := c.saveFor(id)
		if err != nil {
			return err
		}
		out.Save = &sv
		if sv.Success {
			return nil
		}
	}
	c.bestow(id, Effect{ID: EnclosedID, Concentration: true, Ends: c.sp.ends,
		Note: "enclosed in a sphere of force: nothing passes in or out; it can't be harmed from outside nor harm anything outside"},
		"is enclosed in a sphere of force")
	c.rider(id)
	return nil
}

// forcecage: every creature wholly inside is trapped, with no save.
func (c *cast) forcecage() error {
	for _, id := range c.ids {
		c.bestow(id, Effect{ID: CagedID, Ends: c.sp.ends,
			Note: "trapped in a prison of force: it can't leave, nor attack out, nor be attacked from outside"},
			"is trapped in the forcecage")
		c.rider(id)
	}
	return nil
}

// maze: no save; the target is banished to a labyrinth, incapacitated
// for the fight, until it escapes with its action (the encounter).
func (c *cast) maze() error {
	id := c.ids[0]
	out := c.outcome(id)
	out.Affected = true
	cr, err := rules.AddCondition(*c.state[id], rules.Incapacitated)
	if err != nil {
		return internal(err)
	}
	if err := c.take(cr.Log); err != nil {
		return err
	}
	out.Conditions = append(out.Conditions, cr)
	fx := Effect{ID: MazeID, TargetID: id, Concentration: true, Ends: c.sp.ends,
		Note: "lost in a labyrinthine demiplane: it escapes with a DC 20 Intelligence check made with its action"}
	if cr.Changed {
		fx.Condition = rules.Incapacitated
	}
	c.effect(fx)
	out.Told = "vanishes into a labyrinthine demiplane"
	return nil
}
