package spell_test

import (
	"testing"

	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
)

// effectOn is the one effect r left on id, failing the test if there is
// not exactly one.
func effectOn(t *testing.T, r spell.Result, id string) spell.Effect {
	t.Helper()
	var out []spell.Effect
	for _, fx := range r.Effects {
		if fx.TargetID == id {
			out = append(out, fx)
		}
	}
	if len(out) != 1 {
		t.Fatalf("effects on %s: %+v, want one", id, out)
	}
	return out[0]
}

func TestAid(t *testing.T) {
	runCases(t, []castCase{
		{name: "AidRaisesThreeMaximumsByFive", caster: bram(), spell: "aid", slot: 2, targets: []rules.Combatant{bram(), mira(), dying(mira2())},
			changes: []rules.Change{slot("bram", 2, 0, 1)},
			summary: "Bram casts Aid (2nd level): Bram gains 5 to its hit point maximum and hit points for 8 hours; " +
				"Mira gains 5 to its hit point maximum and hit points for 8 hours; Lia gains 5 to its hit point maximum and hit points for 8 hours.",
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "mira"); fx.MaxHP != 5 || fx.Ends != "8 hours" || fx.Concentration {
					t.Errorf("effect %+v, want +5 for 8 hours", fx)
				}
			}},
		{name: "AidAt4thAddsFifteen", caster: withSlot(bram(), 4, 1), spell: "aid", slot: 4, targets: []rules.Combatant{mira()},
			check: func(t *testing.T, r spell.Result) {
				if fx := effectOn(t, r, "mira"); fx.MaxHP != 15 {
					t.Errorf("effect %+v, want +15", fx)
				}
			}},
	})
}

// mira2 is a second character, Lia.
func mira2() rules.Combatant { return named(mira(), "lia", "Lia") }
