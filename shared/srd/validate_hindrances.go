package srd

// hindrances checks a single target's Upon and Drops (types.go).
func (c *checker) hindrances(a Action, at string) {
	if a.Upon != "" {
		c.oneOf(a.Upon, set("frightened", "grappled"), at+".upon")
		c.check(a.Single, at+".upon", "goes with a single target")
	}
	if h := a.Hinders; h != nil {
		c.check(a.DC != nil && a.AttackBonus == nil, at+".hinders", "goes with a save and no attack roll")
		c.oneOf(h.Lasts, hitDurations, at+".hinders.lasts")
		c.oneOf(h.Cloud, set("", "1 minute"), at+".hinders.cloud")
		c.check((h.Cloud == "") != (h.Lasts == ""), at+".hinders", "lasts its time, or its cloud's")
		c.check(h.NoReactions || h.HalfSpeed || h.OneAttack || h.ActionOrBonus, at+".hinders", "does something")
	}
	if a.Either != "" {
		c.oneOf(a.Either, abilities, at+".either")
		c.check(a.DC != nil, at+".either", "goes with a save")
	}
	c.check(!a.Drops || (a.Single && a.DC != nil), at+".drops", "goes with a single target's save")
}
