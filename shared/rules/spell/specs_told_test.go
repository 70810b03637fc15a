package spell_test

import (
	"strings"
	"testing"

	"chronicler/shared/rules/spell"
)

// TestEveryNarrativeSpellSaysWhy holds each narrative SRD spell to a
// reason, one line, for leaving it to the narrator.
func TestEveryNarrativeSpellSaysWhy(t *testing.T) {
	exempt := map[string]bool{
		// Being made mechanical, or given their reason, on other branches.
		"plane-shift": true, "etherealness": true, "imprisonment": true, "magic-circle": true, "antilife-shell": true,
		"levitate": true, "telekinesis": true, "reverse-gravity": true, "wall-of-force": true, "prismatic-wall": true,
		"earthquake": true, "mislead": true, "geas": true, "modify-memory": true, "meld-into-stone": true,
		"antimagic-field": true, "wall-of-stone": true,
		// They change numbers the engine keeps and could be played: a
		// resolver, not a reason, is owed them.
		"contact-other-plane": true, "glibness": true, "reincarnate": true, "wind-walk": true, "wish": true,
	}
	r := spell.Coverage(nil)
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
