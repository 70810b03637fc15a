package spell

// DarknessID is the effect Darkness leaves: magical darkness over the
// fight while its caster concentrates. The engine keeps no positions, so
// the darkness lies on everyone fighting; a creature that can't see
// through it fights unseen and unseeing, which cancels out between two
// such creatures, and the encounter gives the edge to one that sees
// (Devil's Sight).
const DarknessID = "darkness"

// anyIn is an area spell's targets: none to all, each caught in it.
func anyIn(*cast) (int, int) { return 0, MaxTargets }

// darkness leaves the darkness on its caster, who holds it by
// concentration; the creatures named are those it covers, told.
func (c *cast) darkness() error {
	c.effect(Effect{ID: DarknessID, TargetID: c.casterID, Concentration: true,
		Note: "magical darkness: only those who see through it can see in it"})
	for _, id := range c.ids {
		c.outcome(id).Told = "is in the darkness"
	}
	return nil
}
