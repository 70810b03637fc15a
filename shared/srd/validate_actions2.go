package srd

// actions2 checks an action's Boon and its single target's limits
// (types_actions2.go).
func (c *checker) actions2(a Action, at string) {
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
	if a.Only != "" {
		c.oneOf(a.Only, hitConditions, at+".only")
		c.check(a.Single, at+".only", "goes with a single target")
	}
	if a.Drops {
		c.check(a.Single && a.DC != nil, at+".drops", "goes with a single target's save")
	}
	c.inRange(a.Bolts, 0, 10, at+".bolts")
	if a.SaveOr != "" {
		c.oneOf(a.SaveOr, abilities, at+".save_or")
		c.check(a.DC != nil && a.DC.Ability != a.SaveOr, at+".save_or", "is another ability than the save's")
	}
}
