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
