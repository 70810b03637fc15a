package spell

// Contact Other Plane's madness, Glibness, Reincarnate and Wish's
// duplication (wish.go). Their entries join specs in init.
var kSpecs = map[string]spec{
	"contact-other-plane": {exact: true},
	"glibness":            {exact: true, rider: "magic that would tell whether {target} speaks the truth says it does, whatever it says"},
	"reincarnate":         {exact: true},
	"wish":                {exact: true},
	"wind-walk": {why: "a cloud form that flies 300 feet and whose only actions are the Dash and turning back, a minute's change: " +
		"it is travel, which the map counts by moves, not by speed"},
}

func init() {
	for id, sp := range kSpecs {
		if _, dup := specs[id]; dup {
			panic("spell: " + id + " is specified twice")
		}
		specs[id] = sp
	}
	for id, r := range map[string]resolver{
		"contact-other-plane": {targets: self, check: selfOnly, run: (*cast).contactOtherPlane},
		"glibness":            {targets: self, check: selfOnly, run: (*cast).glibness},
		"reincarnate":         {targets: one, dead: true, run: (*cast).reincarnate},
		"wish":                {targets: wished, check: checkWish, run: (*cast).wish},
	} {
		if _, dup := resolvers[id]; dup {
			panic("spell: " + id + " has two resolvers")
		}
		resolvers[id] = r
	}
}
