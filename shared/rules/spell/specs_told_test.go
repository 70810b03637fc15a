package spell_test

import (
	"slices"
	"strings"
	"testing"

	"chronicler/shared/rules/spell"
)

// TestEveryNarrativeSpellSaysWhy holds each narrative SRD spell to a
// reason, one line, for leaving it to the narrator.
func TestEveryNarrativeSpellSaysWhy(t *testing.T) {
	exempt := map[string]bool{}
	r := spell.Coverage(nil)
	for id := range exempt {
		if !slices.Contains(r.Spells[spell.ShapeNarrative], id) {
			t.Errorf("%s is exempt from a reason and is not narrative: take it off the list", id)
		}
	}
	for _, id := range r.Spells[spell.ShapeNarrative] {
		why := r.Why[id]
		switch {
		case exempt[id]:
		case why == "":
			t.Errorf("%s is narrative and gives no reason", id)
		case strings.Contains(why, "\n"):
			t.Errorf("%s's reason is not one line: %q", id, why)
		}
	}
}
