package campaign

import "chronicler/shared/srd"

// The class features whose numbers the sheet keeps: what they add to its
// AC and speed (Defense, Fast Movement), and the ability scores they
// raise when they come (Primal Champion). Each is a row of sheetPlayed.

// defenseStyles are the Defense fighting style's rows, one per class
// that offers it: +1 AC while wearing armour.
var defenseStyles = map[string]bool{
	"fighter-fighting-style-defense": true, "fighting-style-defense": true, "ranger-fighting-style-defense": true,
}

// featureNumbers are what a character's features add to the AC and speed
// its kit and race give: Defense's +1 while it wears body armour, Fast
// Movement's 10 feet while it wears no heavy armour.
func featureNumbers(ch Character) (ac, speed int) {
	armour, heavy := false, false
	for _, it := range Worn(ch) {
		a, ok := srd.LookupArmor(it.Item)
		if !ok || it.Qty < 1 || a.Category == "shield" {
			continue
		}
		armour, heavy = true, heavy || a.Category == "heavy"
	}
	for _, f := range FeaturesOf(ch) {
		switch {
		case defenseStyles[f.ID] && armour:
			ac++
		case f.ID == "fast-movement" && !heavy:
			speed += 10
		}
	}
	return ac, speed
}

// WithFeatureNumbers is after with its AC and speed moved by the change,
// since before, in what its features add to them (Defense, Fast
// Movement): a level that brings one, armour put on or taken off, a
// fighting style chosen. Build, LevelUp and Equip call it; so does
// whatever records a choice on a sheet.
func WithFeatureNumbers(before, after Character) Character {
	ac0, sp0 := featureNumbers(before)
	ac1, sp1 := featureNumbers(after)
	after.AC += ac1 - ac0
	after.Speed = max(after.Speed+sp1-sp0, 0)
	return after
}

// raisedBy are the features that raise ability scores as they come.
var raisedBy = map[string]func(Abilities) Abilities{
	// Primal Champion: Strength and Constitution +4, to at most 24.
	"primal-champion": func(a Abilities) Abilities {
		a.Str, a.Con = min(a.Str+4, 24), min(a.Con+4, 24)
		return a
	},
}

// raised are the scores ab with the raises of the features after has and
// before had not.
func raised(before, after Character, ab Abilities) Abilities {
	had := map[string]bool{}
	for _, f := range FeaturesOf(before) {
		had[f.ID] = true
	}
	for _, f := range FeaturesOf(after) {
		if raise, ok := raisedBy[f.ID]; ok && !had[f.ID] {
			ab = raise(ab)
		}
	}
	return ab
}
