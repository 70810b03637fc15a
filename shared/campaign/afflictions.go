package campaign

import "fmt"

// Affliction is a curse or disease a monster's hit left on a character
// (srd.Affliction), which the sheet carries past the fight until a spell
// ends it: mummy rot, a were-creature's lycanthropy, a rat's disease, a
// clay golem's slam. Reduced is the hit point maximum it has taken so
// far; the sheet's maximum is max_hp less it (and less a life drain's
// drained). Kind says which spell ends it: "curse" Remove Curse (or
// Greater Restoration), "disease" Lesser Restoration, "reduction" Greater
// Restoration; a long rest does not.
type Affliction struct {
	Name string `json:"name"`
	Kind string `json:"kind"`
	// From is the monster whose hit left it (an SRD or homebrew id).
	From string `json:"from,omitempty"`
	// NoHealing is "all" when the character can't regain hit points,
	// "nonmagical" when only magic heals it (no rest, no hit die).
	NoHealing string `json:"no_healing,omitempty"`
	// Daily is the roll the maximum decreases by every 24 hours, which
	// each long rest takes.
	Daily   string `json:"daily,omitempty"`
	Reduced int    `json:"reduced,omitempty"`
}

// MaxAfflictions is how many afflictions a sheet keeps.
const MaxAfflictions = 8

// AfflictionsProblem says what is wrong with a sheet's afflictions, as an
// imported file may give them; "" when nothing is.
func AfflictionsProblem(as []Affliction) string {
	if len(as) > MaxAfflictions {
		return fmt.Sprintf("a character carries at most %d afflictions", MaxAfflictions)
	}
	for i, a := range as {
		switch {
		case a.Name == "" || len(a.Name) > 40 || len(a.From) > 60 || len(a.Daily) > 10:
			return fmt.Sprintf("affliction %d: name (1 to 40 characters) is required; from and daily are short", i)
		case a.Kind != "curse" && a.Kind != "disease" && a.Kind != "reduction":
			return fmt.Sprintf("affliction %d: kind must be curse, disease or reduction", i)
		case a.NoHealing != "" && a.NoHealing != "all" && a.NoHealing != "nonmagical":
			return fmt.Sprintf("affliction %d: no_healing must be all or nonmagical", i)
		case a.Reduced < 0 || a.Reduced > 1000:
			return fmt.Sprintf("affliction %d: reduced must be between 0 and 1000", i)
		}
	}
	return ""
}

// AfflictionsReduce is the hit point maximum a sheet's afflictions have
// taken in all.
func AfflictionsReduce(as []Affliction) int {
	n := 0
	for _, a := range as {
		n += max(a.Reduced, 0)
	}
	return n
}

// Unhealed is the affliction that keeps a character from regaining hit
// points: any of its "all", or, when magical is false (a rest, a hit
// die), of its "nonmagical" too; ok false when none does.
func Unhealed(as []Affliction, magical bool) (Affliction, bool) {
	for _, a := range as {
		if a.NoHealing == "all" || (a.NoHealing == "nonmagical" && !magical) {
			return a, true
		}
	}
	return Affliction{}, false
}
