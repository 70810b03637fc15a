package campaign

// The class resources a character spends and gets back by resting.
const (
	// ResourceBardicInspiration: a bard's dice, its Charisma modifier of
	// them (at least one), back on a long rest, or a short one from 5th
	// level (Font of Inspiration). Cutting Words spends them.
	ResourceBardicInspiration = "bardic-inspiration"
	// ResourceSecondWind: a fighter's one use, back on a short or long
	// rest.
	ResourceSecondWind = "second-wind"
)

// ResourcesOf returns the pools a character's class and level give it,
// with what its sheet says is used (a sheet from before it kept them has
// used nothing).
func ResourcesOf(ch Character) map[string]Pool {
	out := map[string]Pool{}
	switch ch.Class {
	case "bard":
		out[ResourceBardicInspiration] = Pool{Max: max(Modifier(ch.Abilities.Cha), 1)}
	case "fighter":
		out[ResourceSecondWind] = Pool{Max: 1}
	}
	for id, p := range out {
		p.Used = min(max(ch.Resources[id].Used, 0), p.Max)
		out[id] = p
	}
	return out
}

// Rested is the character's resources after a rest: all of them back
// after a long one, those that come back on a short one after that.
func Rested(ch Character, long bool) map[string]Pool {
	out := ResourcesOf(ch)
	for id, p := range out {
		short := id == ResourceSecondWind || (id == ResourceBardicInspiration && ch.Level >= 5)
		if long || short {
			p.Used = 0
			out[id] = p
		}
	}
	return out
}
