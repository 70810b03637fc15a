package spell_test

import (
	"slices"
	"testing"

	"chronicler/shared/dice"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
)

// Features read what a save against a spell is against: the conditions
// it imposes (Steel Will's frightened, against Fear), the spell itself
// (Land's Stride's Entangle); and Evasion turns Fireball's half on a
// success into nothing and its full on a failure into half.
func TestSavesAgainstSpellsForFeatures(t *testing.T) {
	ranger := named(mira(), "fenn", "Fenn")
	ranger.Features = []string{"defensive-tactics-steel-will", "ranger-lands-stride"}
	for _, tc := range []struct{ spell, why string }{{"fear", "Steel Will"}, {"entangle", "Land's Stride"}} {
		r, err := spell.Cast(mira(), tc.spell, 3, []rules.Combatant{ranger}, intel, faces(t, 4, 17), nil)
		if err != nil {
			t.Fatal(err)
		}
		if sv := r.Targets[0].Save; sv == nil || !slices.Contains(sv.Edge.Advantage, tc.why) {
			t.Fatalf("%s: save %+v, want %s's advantage", tc.spell, sv, tc.why)
		}
	}

	rogue := named(mira(), "sly", "Sly")
	rogue.HP, rogue.MaxHP = 60, 60
	rogue.Features = []string{"rogue-evasion"}
	// 8d6 of 3s: 24 fire. Sly's Dex save (+2) at DC 13: 15 succeeds, 2
	// fails.
	eights := []int{3, 3, 3, 3, 3, 3, 3, 3}
	r, err := spell.Cast(mira(), "fireball", 3, []rules.Combatant{rogue}, intel, faces(t, append(slices.Clone(eights), 15)...), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Targets[0].Damage) != 0 {
		t.Fatalf("a saved fireball dealt %+v to an evasive rogue", r.Targets[0].Damage)
	}
	r, err = spell.Cast(mira(), "fireball", 3, []rules.Combatant{rogue}, intel, faces(t, append(slices.Clone(eights), 2)...), nil)
	if err != nil {
		t.Fatal(err)
	}
	if d := r.Targets[0].Damage; len(d) != 1 || d[0].Taken != 12 {
		t.Fatalf("a failed save: %+v, want half of 24", d)
	}
}

// A save against a spell may take a reserve (a Bardic Inspiration die)
// its situation holds.
func TestSpellSaveTakesAReserve(t *testing.T) {
	opts := intel
	opts.Situations = map[string]spell.Situation{"orc-1": {Reserves: []rules.Reserve{{ID: "bardic-inspiration", Name: "bardic inspiration", Dice: dice.MustParse("1d6")}}}}
	// Hold Person: the orc's Wisdom save (+0) of 10 at DC 13, and the d6's
	// 4.
	r, err := spell.Cast(mira(), "hold-person", 2, []rules.Combatant{orc()}, opts, faces(t, 10, 4), nil)
	if err != nil {
		t.Fatal(err)
	}
	if sv := r.Targets[0].Save; !sv.Success || !slices.Equal(sv.Reserved, []string{"bardic-inspiration"}) {
		t.Fatalf("save %+v", sv)
	}
}
