package srd

// actions3 checks a single target's Upon and Drops (types.go).
func (c *checker) actions3(a Action, at string) {
	if a.Upon != "" {
		c.oneOf(a.Upon, set("frightened", "grappled"), at+".upon")
		c.check(a.Single, at+".upon", "goes with a single target")
	}
	c.check(!a.Drops || (a.Single && a.DC != nil), at+".drops", "goes with a single target's save")
}
