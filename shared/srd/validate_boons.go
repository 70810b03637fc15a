package srd

// boons checks an action's Boon (types_boons.go) and Bolts.
func (c *checker) boons(a Action, at string) {
	if b := a.Boon; b != nil {
		at := at + ".boon"
		c.check(a.AttackBonus == nil, at, "goes with an action that makes no attack roll")
		c.oneOf(b.Target, set("self", "another", "either", "allies"), at+".target")
		if b.Heals != "" {
			c.dice(b.Heals, at+".heals")
		}
		if b.Die != "" {
			c.dice(b.Die, at+".die")
		}
		for _, x := range b.Cures {
			c.oneOf(x, hitConditions, at+".cures")
		}
		for _, x := range b.Advantage {
			c.oneOf(x, abilities, at+".advantage")
		}
		c.inRange(b.AC, 0, 10, at+".ac")
		c.oneOf(b.Lasts, hitDurations, at+".lasts")
		c.check(b.Heals != "" || b.AC > 0 || b.Die != "" || b.State != "" || len(b.Advantage) > 0, at, "does something")
	}
	c.inRange(a.Bolts, 0, 10, at+".bolts")
	c.check(a.Bolts == 0 || saveDamage(a), at+".bolts", "goes with damage behind a save")
}

// saveDamage reports whether a deals damage behind its save.
func saveDamage(a Action) bool { return a.DC != nil && len(a.Damage) > 0 }
