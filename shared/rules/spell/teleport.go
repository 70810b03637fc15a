package spell

// teleport takes the caster, and for Dimension Door the one willing
// creature it brings along (its target, if any), out of every other
// creature's reach without drawing opportunity attacks (Result.Teleported).
// Where they arrive is the caller's; Dimension Door's damage for arriving
// in an occupied space is left out, the destination being taken as clear.
func (c *cast) teleport() error {
	ids := []string{c.casterID}
	for _, id := range c.ids {
		if id != c.casterID {
			ids = append(ids, id)
		}
	}
	told := "teleports"
	if f := reaches[c.spell.ID]; f > 0 {
		told += " up to " + plural(f, "foot", "feet")
	}
	for _, id := range ids {
		out := c.outcome(id)
		out.Affected, out.Told = true, told
	}
	c.r.Teleported = ids
	return nil
}

// reaches are how far each teleport goes, in feet (Misty Step's range is
// Self, its 30 feet in its text).
var reaches = map[string]int{"misty-step": 30, "dimension-door": 500}

// checkCompanion refuses a creature Dimension Door would bring along (its
// target) from farther than 5 feet of the caster.
func checkCompanion(c *cast) error {
	for _, id := range c.ids {
		if d := c.opts.Situations[id].Distance; id != c.casterID && d > 5 {
			return refuse(ReasonNotAllowed, "%s is %d ft away; %s brings only a creature within 5 ft", c.state[id].Name, d, c.spell.Name)
		}
	}
	return nil
}
