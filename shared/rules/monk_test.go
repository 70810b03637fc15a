package rules_test

import (
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/rules"
)

// monk is a human monk of the given level as the rules see its sheet:
// Dexterity 16, Constitution 14.
func monk(level int) rules.Combatant {
	return rules.FromSheet(campaign.Character{ID: "kai", Name: "Kai", Race: "human", Class: "monk", Level: level,
		Abilities: campaign.Abilities{Str: 10, Dex: 16, Con: 14, Int: 10, Wis: 14, Cha: 8}, HP: 60, MaxHP: 60, AC: 15, Speed: 50})
}

// Purity of Body: from 10th level a monk is immune to poison damage and
// to the poisoned condition; a snake's bite deals it its 1 piercing only.
func TestPurityOfBody(t *testing.T) {
	if c := monk(9); c.Immunities.Has(rules.Poison) || c.ConditionImmunities.Has(rules.Poisoned) {
		t.Fatalf("9th level: immunities %v, %v", c.Immunities, c.ConditionImmunities)
	}
	c := monk(10)
	if !c.Immunities.Has(rules.Poison) || !c.ConditionImmunities.Has(rules.Poisoned) {
		t.Fatalf("10th level: immunities %v, %v", c.Immunities, c.ConditionImmunities)
	}
	if r, err := rules.AddCondition(c, rules.Poisoned); err != nil || r.Changed || !r.Immune {
		t.Errorf("poisoned: %+v, %v", r, err)
	}
	r, err := rules.Attack(snake(), c, snakeBite(), faces(t, 15, 3, 3, 4))
	if err != nil {
		t.Fatal(err)
	}
	if r.Damage == nil || r.Damage.Taken != 1 {
		t.Errorf("bitten: %s", r.Summary())
	}
}

// Evasion on a hit's rider a Dexterity save halves: none of it on a made
// save (its dice not even rolled), half on a failed one (2d4 of 7 to 3).
func TestEvasionOnARider(t *testing.T) {
	bite := snakeBite()
	bite.Riders[0].Save.Ability = rules.Dex
	for _, tc := range []struct {
		name  string
		faces []int
		taken int
	}{{"MadeSaveTakesNone", []int{15, 10}, 1}, {"FailedSaveTakesHalf", []int{15, 2, 3, 4}, 1 + 3}} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := rules.Attack(snake(), monk(7), bite, faces(t, tc.faces...))
			if err != nil {
				t.Fatal(err)
			}
			if r.Damage == nil || r.Damage.Taken != tc.taken {
				t.Errorf("took %v, want %d: %s", r.Damage, tc.taken, r.Summary())
			}
		})
	}
}

// SavedDamage: all on a failure, half or none on a success as the effect
// says; with Evasion, where a success halves, none on a success and half
// on a failure.
func TestSavedDamage(t *testing.T) {
	dmg := []rules.Damage{{Amount: 21, Type: rules.Fire}}
	total := func(d []rules.Damage) int {
		n := 0
		for _, x := range d {
			n += x.Amount
		}
		return n
	}
	for _, tc := range []struct {
		name          string
		c             rules.Combatant
		a             rules.Ability
		success, half bool
		want          int
		why           string
	}{
		{"FailureTakesAll", mira(), rules.Dex, false, true, 21, ""},
		{"SuccessHalves", mira(), rules.Dex, true, true, 10, ""},
		{"SuccessSparesWhereNoneOnSuccess", mira(), rules.Dex, true, false, 0, ""},
		{"EvasionSparesASuccess", monk(7), rules.Dex, true, true, 0, "Evasion"},
		{"EvasionHalvesAFailure", monk(7), rules.Dex, false, true, 10, "Evasion"},
		{"EvasionOnlyOnDexteritySaves", monk(7), rules.Con, false, true, 21, ""},
		{"EvasionOnlyWhereASuccessHalves", monk(7), rules.Dex, false, false, 21, ""},
		{"NoEvasionBefore7thLevel", monk(6), rules.Dex, true, true, 10, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, why := tc.c.SavedDamage(dmg, tc.a, tc.success, tc.half)
			if total(got) != tc.want || why != tc.why || dmg[0].Amount != 21 {
				t.Errorf("got %d (%q), want %d (%q)", total(got), why, tc.want, tc.why)
			}
		})
	}
}

// ReduceDamage (Deflect Missiles) comes off the hit's damage before
// resistance, never below 0.
func TestReduceDamage(t *testing.T) {
	req := longsword()
	req.ReduceDamage = 5
	r, err := rules.Attack(mira(), goblin(), req, faces(t, 15, 4))
	if err != nil {
		t.Fatal(err)
	}
	if r.Damage == nil || r.Damage.Taken != 2 {
		t.Errorf("7 less 5: %s", r.Summary())
	}
	req.ReduceDamage = 20
	r, err = rules.Attack(mira(), goblin(), req, faces(t, 15, 4))
	if err != nil {
		t.Fatal(err)
	}
	if r.Damage == nil || r.Damage.Taken != 0 {
		t.Errorf("7 less 20: %s", r.Summary())
	}
}
