package spell_test

import (
	"testing"

	"chronicler/shared/fault"
	"chronicler/shared/rules/spell"
)

// A conjuration calls the creatures its text says: how many follows the
// creature's challenge and the slot; one the spell does not call is
// refused before anything is spent.
func TestConjurationsCallTheirCreatures(t *testing.T) {
	for _, tt := range []struct {
		name, spell, pick string
		slot              int
		want              spell.Summon
		refused           bool
	}{
		{"EightWolves", "conjure-animals", "", 3, spell.Summon{SRDID: "wolf", Count: 8}, false},
		{"TwoBrownBearsOfChallengeOne", "conjure-animals", "brown-bear", 3, spell.Summon{SRDID: "brown-bear", Count: 2}, false},
		{"TwiceAsManyAtFifth", "conjure-animals", "wolf", 5, spell.Summon{SRDID: "wolf", Count: 16}, false},
		{"NoGoblinForConjureAnimals", "conjure-animals", "goblin", 3, spell.Summon{}, true},
		{"NoBeastAboveChallengeTwo", "conjure-animals", "giant-crocodile", 3, spell.Summon{}, true},
		{"AnElementalAtFifth", "conjure-elemental", "fire-elemental", 5, spell.Summon{SRDID: "fire-elemental", Count: 1}, false},
		{"AnimateDeadCallsThreeMoreAtFifth", "animate-dead", "skeleton", 5, spell.Summon{SRDID: "skeleton", Count: 5}, false},
		{"AnimateDeadRaisesNoGhoul", "animate-dead", "ghoul", 3, spell.Summon{}, true},
		{"GiantInsectMakesThreeSpiders", "giant-insect", "giant-spider", 4, spell.Summon{SRDID: "giant-spider", Count: 3}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r, err := spell.Cast(withSlot(bram(), tt.slot, 1), tt.spell, tt.slot, nil, spell.Options{Ability: 5, Summon: tt.pick}, faces(t), nil)
			if tt.refused {
				if !fault.Is(err, fault.Invalid) {
					t.Fatalf("%s calling %q: %v, want a refusal", tt.spell, tt.pick, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(r.Summons) != 1 || r.Summons[0] != tt.want {
				t.Errorf("summons %+v, want %+v", r.Summons, tt.want)
			}
		})
	}
}
