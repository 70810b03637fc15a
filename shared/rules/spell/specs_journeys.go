package spell

// The journeys (Teleport, Word of Recall, Transport via Plants, Tree
// Stride), which take their travellers out of a fight and, out of one,
// the party's scene to the area the cast names (journeys.go); the ground made
// hard going (Spike Growth, Plant Growth), held as areas; Control Water's
// whirlpool, an area that batters those in it. Their entries join specs
// in init.
var lSpecs = map[string]spec{
	"teleport":             {exact: true},
	"word-of-recall":       {exact: true},
	"transport-via-plants": {exact: true},
	"tree-stride":          {exact: true},
	"spike-growth":         {exact: true, idle: true, ongoing: TriggerZone},
	"plant-growth":         {exact: true, idle: true, ongoing: TriggerZone},
	// The whirlpool: each creature named in it makes its Strength save as
	// its turn starts, 2d8 bludgeoning, half on a success (the data's);
	// cast with nobody named it is one of the other three effects, told.
	"control-water": {idle: true, ongoing: TriggerZone,
		rider: "{target} is caught in the vortex until the spell ends, and swims out only with a Strength (Athletics) check " +
			"against the spell save DC, made with its action at disadvantage"},
}

func init() {
	for id, sp := range lSpecs {
		if _, dup := specs[id]; dup {
			panic("spell: " + id + " is specified twice")
		}
		specs[id] = sp
	}
}
