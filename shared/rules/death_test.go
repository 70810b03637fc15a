package rules_test

import (
	"testing"

	"chronicler/shared/fault"
	"chronicler/shared/rules"
)

func TestDeathSave(t *testing.T) {
	at := func(successes, failures int) rules.Combatant {
		c := dying()
		c.DeathSaves.Successes, c.DeathSaves.Failures = successes, failures
		return c
	}
	tests := []struct {
		name    string
		c       rules.Combatant
		faces   []int
		changes []rules.Change
		summary string
	}{
		{"TenIsASuccess", at(0, 0), []int{10},
			[]rules.Change{change("mira", rules.FieldDeathSuccesses, 0, 1)},
			"Mira makes a death saving throw: 10, a success (1 success, 0 failures)."},
		{"NineIsAFailure", at(1, 0), []int{9},
			[]rules.Change{change("mira", rules.FieldDeathFailures, 0, 1)},
			"Mira makes a death saving throw: 9, a failure (1 success, 1 failure)."},
		{"ThirdSuccessStabilizes", at(2, 1), []int{15},
			[]rules.Change{change("mira", rules.FieldDeathSuccesses, 2, 0), change("mira", rules.FieldDeathFailures, 1, 0),
				change("mira", rules.FieldStable, false, true)},
			"Mira makes a death saving throw: 15, a third success; Mira is stable."},
		{"ThirdFailureKills", at(2, 2), []int{4},
			[]rules.Change{change("mira", rules.FieldDeathFailures, 2, 3), change("mira", rules.FieldDead, false, true)},
			"Mira makes a death saving throw: 4, a third failure; Mira dies."},
		{"Natural1IsTwoFailures", at(0, 0), []int{1},
			[]rules.Change{change("mira", rules.FieldDeathFailures, 0, 2)},
			"Mira makes a death saving throw: 1, a natural 1 and two failures (0 successes, 2 failures)."},
		{"Natural1AtTwoFailuresKills", at(1, 2), []int{1},
			[]rules.Change{change("mira", rules.FieldDeathFailures, 2, 3), change("mira", rules.FieldDead, false, true)},
			"Mira makes a death saving throw: 1, a natural 1 and two failures; Mira dies."},
		{"Natural20DeathSaveRevives", at(1, 2), []int{20},
			[]rules.Change{change("mira", rules.FieldHP, 0, 1), lost("mira", rules.Unconscious),
				change("mira", rules.FieldDeathSuccesses, 1, 0), change("mira", rules.FieldDeathFailures, 2, 0)},
			"Mira makes a death saving throw: 20, a natural 20; Mira regains 1 HP and wakes."},
		{"ExhaustionLevel3DisadvantageOnDeathSaves", func() rules.Combatant { c := at(0, 0); c.Exhaustion = 3; return c }(), []int{18, 6},
			[]rules.Change{change("mira", rules.FieldDeathFailures, 0, 1)},
			"Mira makes a death saving throw: 6, with disadvantage, a failure (0 successes, 1 failure)."},
		{"DeathEndsConcentration", func() rules.Combatant { c := at(0, 2); c.Concentration = "bless"; return c }(), []int{3},
			[]rules.Change{change("mira", rules.FieldDeathFailures, 2, 3), change("mira", rules.FieldConcentration, "bless", ""),
				change("mira", rules.FieldDead, false, true)}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := rules.DeathSave(tt.c, faces(t, tt.faces...))
			if err != nil {
				t.Fatal(err)
			}
			wantChanges(t, r.Changes, tt.changes...)
			if tt.summary != "" {
				wantSummary(t, r.Summary(), tt.summary)
			}
			if r.Rolls[0].Reason != "death save" || r.Rolls[0].Expr != "1d20" {
				t.Errorf("roll = %+v, want a bare d20 death save", r.Rolls[0])
			}
		})
	}
	t.Run("NotDyingIsInvalid", func(t *testing.T) {
		stable := dying()
		stable.Stable = true
		for _, c := range []rules.Combatant{mira(), stable} {
			if _, err := rules.DeathSave(c, faces(t)); !fault.Is(err, fault.Invalid) {
				t.Errorf("err = %v, want invalid", err)
			}
		}
	})
}

func TestStabilize(t *testing.T) {
	bran := mira()
	bran.ID, bran.Name = "bran", "Bran"
	bran.SkillProficiencies = rules.SetOf(rules.Medicine)
	patient := dying()
	patient.DeathSaves.Successes, patient.DeathSaves.Failures = 1, 2
	stabilized := []rules.Change{change("mira", rules.FieldDeathSuccesses, 1, 0),
		change("mira", rules.FieldDeathFailures, 2, 0), change("mira", rules.FieldStable, false, true)}
	tests := []struct {
		name    string
		healer  rules.Combatant
		faces   []int
		ok      bool
		summary string
	}{
		{"MedicineDC10Stabilizes", bran, []int{7}, true, "Bran stabilizes Mira with first aid (Wisdom (Medicine) 10 vs DC 10)."},
		{"MedicineBelow10Fails", bran, []int{6}, false, "Bran fails to stabilize Mira (Wisdom (Medicine) 9 vs DC 10)."},
		{"PoisonedHealerHasDisadvantage", with(bran, rules.Poisoned), []int{15, 2}, false,
			"Bran fails to stabilize Mira (Wisdom (Medicine) 5, with disadvantage vs DC 10)."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := rules.FirstAid(tt.healer, patient, faces(t, tt.faces...))
			if err != nil {
				t.Fatal(err)
			}
			if r.Stabilized != tt.ok {
				t.Errorf("stabilized = %v, want %v", r.Stabilized, tt.ok)
			}
			if tt.ok {
				wantChanges(t, r.Changes, stabilized...)
			} else {
				wantChanges(t, r.Changes)
			}
			wantSummary(t, r.Summary(), tt.summary)
		})
	}
	t.Run("SpareTheDyingStabilizesAutomatically", func(t *testing.T) {
		r, err := rules.Stabilize(patient, "spare the dying")
		if err != nil {
			t.Fatal(err)
		}
		wantChanges(t, r.Changes, stabilized...)
		wantSummary(t, r.Summary(), "Mira is stabilized by spare the dying.")
	})
	t.Run("Rejects", func(t *testing.T) {
		if _, err := rules.FirstAid(bran, mira(), faces(t)); !fault.Is(err, fault.Invalid) {
			t.Errorf("first aid on the healthy: err = %v", err)
		}
		if _, err := rules.FirstAid(with(bran, rules.Stunned), patient, faces(t)); !fault.Is(err, fault.Invalid) {
			t.Errorf("first aid by the stunned: err = %v", err)
		}
		if _, err := rules.Stabilize(mira(), "spare the dying"); !fault.Is(err, fault.Invalid) {
			t.Errorf("stabilize the healthy: err = %v", err)
		}
	})
}

// Beacon of Hope's advantage: of the two d20s, 3 and 12, the 12 stands.
func TestDeathSaveWithAdvantage(t *testing.T) {
	r, err := rules.DeathSaveWith(dying(), []string{"Beacon of Hope"}, nil, faces(t, 3, 12))
	if err != nil {
		t.Fatal(err)
	}
	if !r.Success || r.Natural != 12 || len(r.Edge.Advantage) != 1 {
		t.Errorf("save %+v, want a success on the 12", r)
	}
	wantSummary(t, r.Summary(), "Mira makes a death saving throw: 12, with advantage, a success (1 success, 0 failures).")
}

// A stable creature at 0 HP regains 1 HP after 1d4 hours and wakes; the
// dead and the dying do not.
func TestRecover(t *testing.T) {
	stable := rules.Combatant{ID: "m", Name: "Mira", HP: 0, MaxHP: 20, Stable: true, Conditions: rules.SetOf(rules.Unconscious, rules.Prone)}
	r, err := rules.Recover(stable, faces(t, 3))
	if err != nil {
		t.Fatal(err)
	}
	after, err := stable.Apply(r.Changes)
	if err != nil {
		t.Fatal(err)
	}
	if r.Hours != 3 || after.HP != 1 || after.Stable || after.Conditions.Has(rules.Unconscious) || !after.Conditions.Has(rules.Prone) {
		t.Errorf("after %d hours: %+v", r.Hours, after)
	}
	if r.Summary() != "Mira, stable at 0 HP, regains 1 HP after 3 hours and wakes." {
		t.Errorf("summary %q", r.Summary())
	}
	dying, dead := stable, stable
	dying.Stable = false
	dead.Dead = true
	for name, c := range map[string]rules.Combatant{"Dying": dying, "Dead": dead} {
		if _, err := rules.Recover(c, faces(t)); !fault.Is(err, fault.Invalid) {
			t.Errorf("%s: %v", name, err)
		}
	}
}
