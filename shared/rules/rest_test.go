package rules_test

import (
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
)

func TestSpendHitDice(t *testing.T) {
	hurt := func(hp, used int) rules.Combatant {
		c := mira()
		c.HP, c.HitDice.Used = hp, used
		return c
	}
	tests := []struct {
		name    string
		c       rules.Combatant
		n       int
		faces   []int
		changes []rules.Change
		summary string
	}{
		{"RollsHitDiePlusCon", hurt(10, 0), 1, []int{6},
			[]rules.Change{change("mira", rules.FieldHitDiceUsed, 0, 1), change("mira", rules.FieldHP, 10, 18)},
			"Mira spends 1 hit die and regains 8 HP (18/28 HP; 2 hit dice left)."},
		{"SeveralDice", hurt(5, 1), 2, []int{3, 10},
			[]rules.Change{change("mira", rules.FieldHitDiceUsed, 1, 3), change("mira", rules.FieldHP, 5, 22)},
			"Mira spends 2 hit dice and regains 17 HP (22/28 HP; 0 hit dice left)."},
		{"NotAboveMaximum", hurt(25, 0), 1, []int{9},
			[]rules.Change{change("mira", rules.FieldHitDiceUsed, 0, 1), change("mira", rules.FieldHP, 25, 28)}, ""},
		{"NegativeConHealsAtLeastZero", func() rules.Combatant { c := hurt(10, 0); c.Abilities.Con = 6; return c }(), 1, []int{1},
			[]rules.Change{change("mira", rules.FieldHitDiceUsed, 0, 1)}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := rules.SpendHitDice(tt.c, tt.n, faces(t, tt.faces...))
			if err != nil {
				t.Fatal(err)
			}
			wantChanges(t, r.Changes, tt.changes...)
			if tt.summary != "" {
				wantSummary(t, r.Summary(), tt.summary)
			}
			if len(r.Rolls) != tt.n || r.Rolls[0].Reason != "hit die" {
				t.Errorf("rolls = %+v", r.Rolls)
			}
		})
	}
	t.Run("Rejects", func(t *testing.T) {
		for name, tt := range map[string]struct {
			c rules.Combatant
			n int
		}{
			"MoreThanLeft": {hurt(10, 2), 2},
			"None":         {hurt(10, 0), 0},
			"AtZeroHP":     {dying(), 1},
			"NoHitDieSize": {func() rules.Combatant { c := hurt(10, 0); c.HitDie = 0; return c }(), 1},
		} {
			if _, err := rules.SpendHitDice(tt.c, tt.n, faces(t)); !fault.Is(err, fault.Invalid) {
				t.Errorf("%s: err = %v, want invalid", name, err)
			}
		}
	})
}

func TestLongRest(t *testing.T) {
	tired := func() rules.Combatant {
		c := mira()
		c.Level, c.HitDice = 8, campaign.Pool{Max: 8, Used: 7}
		c.HP, c.TempHP, c.Exhaustion = 9, 4, 4
		c.SpellSlots[0] = campaign.Slot{Max: 4, Used: 3}
		c.SpellSlots[2] = campaign.Slot{Max: 2, Used: 2}
		return c
	}
	t.Run("RestoresEverything", func(t *testing.T) {
		r, err := rules.LongRest(tired(), true)
		if err != nil {
			t.Fatal(err)
		}
		wantChanges(t, r.Changes,
			change("mira", rules.FieldExhaustion, 4, 3),
			change("mira", rules.FieldHP, 9, 28), // exhaustion 3 no longer halves the maximum
			change("mira", rules.FieldTempHP, 4, 0),
			change("mira", rules.FieldHitDiceUsed, 7, 3),
			rules.Change{TargetID: "mira", Field: rules.FieldSpellSlotsUsed, Slot: 1, From: 3, To: 0},
			rules.Change{TargetID: "mira", Field: rules.FieldSpellSlotsUsed, Slot: 3, From: 2, To: 0})
		wantSummary(t, r.Summary(), "Mira finishes a long rest: 28/28 HP, 4 hit dice regained (5 left), 5 spell slots restored, exhaustion down from 4 to 3.")
	})
	t.Run("WithoutFoodExhaustionStays", func(t *testing.T) {
		r, err := rules.LongRest(tired(), false)
		if err != nil {
			t.Fatal(err)
		}
		if r.ExhaustionTo != 4 || r.HPAfter != 14 {
			t.Errorf("exhaustion %d HP %d, want 4 and 14 (halved maximum)", r.ExhaustionTo, r.HPAfter)
		}
	})
	t.Run("GivesBackADrainedMaximum", func(t *testing.T) {
		c := mira()
		c.HP, c.Drained = 20, 6
		if c.CurrentMaxHP() != 22 {
			t.Fatalf("drained maximum %d, want 22", c.CurrentMaxHP())
		}
		r, err := rules.LongRest(c, true)
		if err != nil {
			t.Fatal(err)
		}
		wantChanges(t, r.Changes,
			change("mira", rules.FieldDrained, 6, 0),
			change("mira", rules.FieldHP, 20, 28))
		wantSummary(t, r.Summary(), "Mira finishes a long rest: 28/28 HP, the hit point maximum back up by 6 from a life drain.")
	})
	t.Run("ExhaustionHalvesBeforeADrain", func(t *testing.T) {
		c := mira()
		c.Exhaustion, c.Drained = 4, 10
		if c.CurrentMaxHP() != 4 {
			t.Errorf("maximum %d, want 28/2 - 10 = 4", c.CurrentMaxHP())
		}
		c.Drained = 40
		if c.CurrentMaxHP() != 0 {
			t.Errorf("maximum %d, want 0", c.CurrentMaxHP())
		}
	})
	t.Run("RecoversAtLeastOneHitDie", func(t *testing.T) {
		c := mira()
		c.Level, c.HitDice = 1, campaign.Pool{Max: 1, Used: 1}
		r, err := rules.LongRest(c, true)
		if err != nil {
			t.Fatal(err)
		}
		if r.HitDiceRegained != 1 {
			t.Errorf("regained %d hit dice, want 1", r.HitDiceRegained)
		}
	})
	t.Run("RecoversNoMoreThanSpent", func(t *testing.T) {
		c := tired()
		c.HitDice.Used = 1
		r, _ := rules.LongRest(c, true)
		if r.HitDiceRegained != 1 {
			t.Errorf("regained %d hit dice, want 1", r.HitDiceRegained)
		}
	})
	t.Run("AtZeroHPIsInvalid", func(t *testing.T) {
		c := dying()
		c.Stable = true
		if _, err := rules.LongRest(c, true); !fault.Is(err, fault.Invalid) {
			t.Errorf("err = %v, want invalid", err)
		}
	})
}

// A worn Periapt of Wound Closure doubles what a Hit Die restores: 6 + 2
// is 16.
func TestWoundClosureDoublesHitDice(t *testing.T) {
	ch := campaign.Character{ID: "mira", Name: "Mira", Level: 3, HP: 5, MaxHP: 28, HitDice: campaign.Pool{Max: 3},
		Abilities: campaign.Abilities{Con: 14}, Class: "fighter",
		Inventory: []campaign.Item{{Item: "periapt-of-wound-closure", Qty: 1, Attuned: true}}}
	r, err := rules.SpendHitDice(rules.FromSheet(ch), 1, faces(t, 6))
	if err != nil {
		t.Fatal(err)
	}
	if r.Regained != 16 {
		t.Fatalf("regained %d, want 16: %s", r.Regained, r.Summary())
	}
}
