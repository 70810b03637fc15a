package spell_test

import (
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
)

// Evasion in a spell's save: a 7th-level monk (Dexterity save +3 + 3)
// takes none of a fireball's 8d6 (24) on a save it makes against Mira's
// DC 13, and half (12) on one it fails, where a goblin takes half on a
// made save.
func TestEvasionAgainstAFireball(t *testing.T) {
	monk := rules.FromSheet(campaign.Character{ID: "kai", Name: "Kai", Race: "human", Class: "monk", Level: 7,
		Abilities: campaign.Abilities{Str: 10, Dex: 16, Con: 14, Int: 10, Wis: 14, Cha: 8}, HP: 52, MaxHP: 52})
	opts := spell.Options{Ability: rules.Int}
	for _, tc := range []struct {
		name  string
		save  int
		taken int
	}{{"MadeSaveTakesNone", 10, 0}, {"FailedSaveTakesHalf", 2, 12}} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := spell.Cast(mira(), "fireball", 3, []rules.Combatant{monk}, opts, faces(t, 3, 3, 3, 3, 3, 3, 3, 3, tc.save), nil)
			if err != nil {
				t.Fatal(err)
			}
			taken := 0
			for _, d := range r.Targets[0].Damage {
				taken += d.Taken
			}
			if taken != tc.taken {
				t.Errorf("took %d, want %d: %s", taken, tc.taken, r.Summary())
			}
		})
	}
	r, err := spell.Cast(mira(), "fireball", 3, []rules.Combatant{goblin()}, opts, faces(t, 3, 3, 3, 3, 3, 3, 3, 3, 18), nil)
	if err != nil {
		t.Fatal(err)
	}
	if d := r.Targets[0].Damage; len(d) != 1 || d[0].Taken != 12 {
		t.Errorf("the goblin's made save: %+v", d)
	}
}
