package srd

// affliction checks a curse's or disease's numbers: a hit's, behind a
// save, of a kind a spell knows how to end.
func (c *checker) affliction(f Affliction, attack bool, at string) {
	c.check(attack, at, "goes with an attack roll")
	c.check(f.Name != "" && len(f.Name) <= 40, at+".name", "is required, at most 40 bytes")
	c.oneOf(f.Kind, set("curse", "disease", "reduction"), at+".kind")
	c.dc(f.Save, at+".save")
	c.except(f.Only, at+".only")
	if f.NoHealing != "" {
		c.oneOf(f.NoHealing, set("all", "nonmagical"), at+".no_healing")
	}
	if f.Daily != "" {
		c.check(hitDicePattern.MatchString(f.Daily), at+".daily", "must be dice (\"3d6\"), got %q", f.Daily)
	}
}

// instead checks a damage roll in another state: a state the rules name,
// and dice.
func (c *checker) instead(i Instead, at string) {
	c.oneOf(i.When, set("enlarged", "small-form", "shillelagh", "two-handed"), at+".when")
	c.dice(i.Dice, at+".dice")
	c.inRange(i.AttackBonus, 0, 30, at+".attack_bonus")
}
