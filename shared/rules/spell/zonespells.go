package spell

// The zone spells whose setting off the data cannot say: Stinking
// Cloud's creatures that fail their Constitution save spend their action
// retching (Outcome.Told; the encounter takes the action); Silence holds
// those in it deafened and unable to cast a spell with a verbal
// component (the encounter plays both).
func init() {
	for id, r := range map[string]resolver{
		"stinking-cloud": {targets: none, ability: true, run: (*cast).stinkingCloud},
		"silence":        {targets: none, run: func(*cast) error { return nil }},
		"gust-of-wind":   {targets: none, ability: true, run: (*cast).gust},
	} {
		if _, dup := resolvers[id]; dup {
			panic("spell: " + id + " resolved twice")
		}
		resolvers[id] = r
	}
	specs["stinking-cloud"] = spec{exact: true, idle: true, ongoing: TriggerZone}
	// Silence: those in it are deafened and cast no spell with a verbal
	// component (the encounter's zones.go); its thunder immunity is told.
	specs["gust-of-wind"] = spec{exact: true, idle: true, ongoing: TriggerZone}
	specs["silence"] = spec{exact: true, idle: true, ongoing: TriggerZone, rider: "{target} is immune to thunder damage while in the silence"}
}

// Pushed is what Gust of Wind's failed save says of its target, which the
// encounter reads to take it out of everyone's reach.
const Pushed = "is pushed 15 feet away along the line"

// gust: each creature in the line as its turn starts makes a Strength
// save or is pushed 15 feet away, out of reach.
func (c *cast) gust() error {
	return c.onFailedSave(func(id string, out *Outcome) error {
		out.Told = Pushed
		return nil
	})
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
