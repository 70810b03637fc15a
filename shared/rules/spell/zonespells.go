package spell

// The zone spells whose setting off the data cannot say: Stinking
// Cloud's creatures that fail their Constitution save spend their action
// retching (Outcome.Told; the encounter takes the action).
func init() {
	for id, r := range map[string]resolver{
		"stinking-cloud": {targets: none, ability: true, run: (*cast).stinkingCloud},
	} {
		if _, dup := resolvers[id]; dup {
			panic("spell: " + id + " resolved twice")
		}
		resolvers[id] = r
	}
	specs["stinking-cloud"] = spec{exact: true, idle: true, ongoing: TriggerZone}
}

// Retching is what Stinking Cloud's failed save says of its target, which
// the encounter reads to take its action.
const Retching = "spends its action retching and reeling"

// stinkingCloud: each creature in the cloud as its turn starts makes a
// Constitution save against poison or spends its action retching.
func (c *cast) stinkingCloud() error {
	return c.onFailedSave(func(id string, out *Outcome) error {
		out.Told = Retching
		return nil
	})
}
