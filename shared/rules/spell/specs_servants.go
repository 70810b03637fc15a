package spell

// The servant spells (servants.go) and the two whose creature changes no
// number of a fight. Their entries join specs in init.
var servantSpecs = map[string]spec{
	"find-familiar":   {exact: true},
	"find-steed":      {exact: true},
	"create-undead":   {exact: true},
	"animate-objects": {exact: true},
	"arcane-hand":     {exact: true},
	"phantom-steed": {why: "a riding horse of 100 feet' speed that makes no attack and vanishes at any damage: " +
		"it carries its rider, which no number of a fight the engine keeps records"},
	"unseen-servant": {why: "an invisible force of AC 10 and 1 hit point, Strength 2, that can't attack: " +
		"it fetches, carries and cleans, which changes no number in a fight"},
}

func init() {
	for id, sp := range servantSpecs {
		if _, dup := specs[id]; dup {
			panic("spell: " + id + " is specified twice")
		}
		specs[id] = sp
	}
}
