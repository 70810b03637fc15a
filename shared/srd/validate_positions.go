package srd

import "strconv"

// positions checks an action's Move and Lure (types_positions.go).
func (c *checker) positions(a Action, at string) {
	if v := a.Move; v != nil {
		at := at + ".move"
		c.oneOf(v.Kind, set("pull", "fling"), at+".kind")
		c.inRange(v.Feet, 5, 120, at+".feet")
		if v.Save != nil {
			c.dc(*v.Save, at+".save")
		}
		for i, d := range v.Damage {
			c.damage(d, at+".damage."+strconv.Itoa(i))
		}
		c.check(len(v.Damage) == 0 || v.Save != nil, at+".damage", "goes with a save")
		c.check(a.AttackBonus == nil || (!v.Grappled && !v.One && v.Kind == "pull"), at, "an attack's hit pulls its target only")
		c.check(v.Fall == "" || v.Kind == "fling", at+".fall", "goes with a fling")
		if v.Fall != "" {
			c.dice(v.Fall, at+".fall")
		}
		if v.Struck != nil {
			c.check(v.Fall != "", at+".struck", "takes the fall's damage")
			c.dc(*v.Struck, at+".struck")
		}
	}
	if l := a.Lure; l != nil {
		c.check(a.AttackBonus == nil && a.DC != nil && len(a.Inflicts) > 0, at+".lure", "goes with an action that charms behind a save")
		for i, t := range l.Only {
			c.required(t, at+".lure.only."+strconv.Itoa(i))
		}
	}
}
