package spell

import "strconv"

// The spells whose whole effect lasts on a creature: each target gets an
// Effect saying what it changes (armor class, speed, resistances, a die
// to add, the hit point maximum) and the caller applies it while it lasts.
// Cast changes nothing on the target itself beyond a condition gained or
// ended.

// aid raises each target's hit point maximum and hit points by 5 per
// slot level above 1st, as the data's amounts say.
func (c *cast) aid() error {
	n := 5 * (c.slot - 1)
	if text, _, ok := atLevel(c.spell.HealAtSlotLevel, c.slot); ok {
		if v, err := strconv.Atoi(text); err == nil && v > 0 {
			n = v
		}
	}
	for _, id := range c.ids {
		out := c.outcome(id)
		out.Affected = true
		c.effect(Effect{ID: c.spell.ID, TargetID: id, MaxHP: n,
			Note: "+" + strconv.Itoa(n) + " to its hit point maximum and hit points"})
		out.Told = "gains " + strconv.Itoa(n) + " to its hit point maximum and hit points for 8 hours"
	}
	return nil
}

// haste gives the target +2 AC, twice its speed and advantage on
// Dexterity saving throws while the caster concentrates. Its extra action
// and the lethargy when it ends are the narrator's.
func (c *cast) haste() error {
	id := c.ids[0]
	out := c.outcome(id)
	out.Affected = true
	c.effect(Effect{ID: c.spell.ID, TargetID: id, AC: 2, Speed: c.state[id].Speed, Concentration: true,
		Note: "+2 AC, double speed, advantage on Dexterity saving throws"})
	out.Told = "is hasted: +2 AC, double speed and advantage on Dexterity saving throws"
	c.rider(id)
	return nil
}

// slow has each target make a Wisdom save; one that fails takes -2 to AC
// and Dexterity saves and half its speed until it succeeds on the save at
// the end of one of its turns or the caster's concentration ends.
func (c *cast) slow() error {
	return c.onFailedSave(func(id string, out *Outcome) error {
		t := c.state[id]
		c.effect(Effect{ID: c.spell.ID, TargetID: id, AC: -2, Speed: -(t.Speed - t.Speed/2), Concentration: true,
			RepeatSave: c.save, DC: c.r.DC, Ends: c.sp.ends, Note: "-2 AC and Dexterity saving throws, half speed"})
		out.Told = "is slowed: -2 AC and Dexterity saving throws, half speed"
		c.rider(id)
		return nil
	})
}

// blur: attack rolls against the caster have disadvantage, unless the
// attacker does not rely on sight (the caller judges).
func (c *cast) blur() error {
	out := c.outcome(c.casterID)
	out.Affected = true
	c.effect(Effect{ID: c.spell.ID, TargetID: c.casterID, Concentration: true,
		Note: "attack rolls against it have disadvantage, unless the attacker has blindsight or truesight"})
	out.Told = "is blurred: attack rolls against it have disadvantage"
	return nil
}

// protectionFromEvil: aberrations, celestials, elementals, fey, fiends
// and undead have disadvantage on attack rolls against the target (the
// caller knows the attackers' types).
func (c *cast) protectionFromEvil() error {
	id := c.ids[0]
	out := c.outcome(id)
	out.Affected = true
	c.effect(Effect{ID: c.spell.ID, TargetID: id, Concentration: true,
		Note: "aberrations, celestials, elementals, fey, fiends and undead have disadvantage on attack rolls against it"})
	out.Told = "is warded: aberrations, celestials, elementals, fey, fiends and undead have disadvantage on attack rolls against it"
	c.rider(id)
	return nil
}

// invisibility makes each target invisible while the caster
// concentrates; the caller ends Invisibility (not Greater Invisibility)
// on a target that attacks or casts a spell, as Ends says.
func (c *cast) invisibility() error {
	for _, id := range c.ids {
		out := c.outcome(id)
		out.Affected = true
		if err := c.impose(id, out); err != nil {
			return err
		}
	}
	return nil
}

// trueStrike: the caster's first attack roll against the target on its
// next turn has advantage.
func (c *cast) trueStrike() error {
	id := c.ids[0]
	out := c.outcome(id)
	out.Affected = true
	c.effect(Effect{ID: c.spell.ID, TargetID: id, Concentration: true, Ends: "the end of the caster's next turn",
		Note: "the caster's first attack roll against it on the caster's next turn has advantage"})
	who := c.caster().Name
	out.Told = "is studied: " + who + " has advantage on the first attack roll against it on " + possessive(who) + " next turn"
	return nil
}

// longstrider: each target's speed rises by 10 feet for the hour.
func (c *cast) longstrider() error {
	for _, id := range c.ids {
		out := c.outcome(id)
		out.Affected = true
		c.effect(Effect{ID: c.spell.ID, TargetID: id, Speed: 10, Note: "+10 feet of speed"})
		out.Told = "gains 10 feet of speed for the hour"
	}
	return nil
}
