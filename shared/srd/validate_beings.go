package srd

import (
	"regexp"
	"strconv"
)

// countPattern is a Called's count: dice, or a number of 1 to 20.
var countPattern = regexp.MustCompile(`^(?:[1-9]d(?:4|6|8|10|12)|[1-9]|1[0-9]|20)$`)

// call checks an action's Call.
func (c *checker) call(a Action, at string) {
	v := a.Call
	at += ".call"
	c.check(a.AttackBonus == nil, at, "goes with an action without an attack roll")
	c.check(len(v.Creatures) >= 1 && len(v.Creatures) <= 4, at+".creatures", "lists 1 to 4 choices")
	for i, k := range v.Creatures {
		c.check(countPattern.MatchString(k.Count), at+".creatures."+strconv.Itoa(i)+".count", "must be dice like 2d4 or a number up to 20, got %q", k.Count)
	}
	if v.Arrive != "" {
		c.dice(v.Arrive, at+".arrive")
	}
	c.inRange(v.Max, 0, 20, at+".max")
}
