package rules_test

import (
	"testing"

	"chronicler/shared/fault"
	"chronicler/shared/rules"
)

func TestAddCondition(t *testing.T) {
	concentrating := mira()
	concentrating.Concentration = "bless"
	golem := goblin()
	golem.ConditionImmunities = rules.SetOf(rules.Poisoned, rules.Charmed)
	tests := []struct {
		name    string
		c       rules.Combatant
		cond    rules.Condition
		changes []rules.Change
		summary string
	}{
		{"Gains", mira(), rules.Frightened, []rules.Change{gained("mira", rules.Frightened)}, "Mira is frightened."},
		{"AlreadyHasIt", with(mira(), rules.Prone), rules.Prone, nil, "Mira is already prone."},
		{"ConditionImmunity", golem, rules.Poisoned, nil, "The goblin is immune to being poisoned."},
		{"PetrifiedImmuneToPoisoned", with(mira(), rules.Petrified), rules.Poisoned, nil, "Mira is immune to being poisoned."},
		{"UnconsciousFallsProne", mira(), rules.Unconscious,
			[]rules.Change{gained("mira", rules.Unconscious), gained("mira", rules.Prone)}, "Mira falls unconscious and prone."},
		{"StunnedBreaksConcentration", concentrating, rules.Stunned,
			[]rules.Change{gained("mira", rules.Stunned), change("mira", rules.FieldConcentration, "bless", "")},
			"Mira is stunned and loses concentration on bless."},
		{"FrightenedKeepsConcentration", concentrating, rules.Frightened, []rules.Change{gained("mira", rules.Frightened)}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := rules.AddCondition(tt.c, tt.cond)
			if err != nil {
				t.Fatal(err)
			}
			wantChanges(t, r.Changes, tt.changes...)
			if tt.summary != "" {
				wantSummary(t, r.Summary(), tt.summary)
			}
		})
	}
	t.Run("Rejects", func(t *testing.T) {
		dead := mira()
		dead.Dead = true
		for _, tt := range []struct {
			c    rules.Combatant
			cond rules.Condition
		}{{dead, rules.Prone}, {mira(), rules.Exhaustion}, {mira(), 0}, {mira(), 77}} {
			if _, err := rules.AddCondition(tt.c, tt.cond); !fault.Is(err, fault.Invalid) {
				t.Errorf("AddCondition(%v): err = %v, want invalid", tt.cond, err)
			}
		}
	})
}

func TestRemoveCondition(t *testing.T) {
	r, err := rules.RemoveCondition(with(mira(), rules.Prone), rules.Prone)
	if err != nil {
		t.Fatal(err)
	}
	wantChanges(t, r.Changes, lost("mira", rules.Prone))
	wantSummary(t, r.Summary(), "Mira is no longer prone.")

	r, err = rules.RemoveCondition(mira(), rules.Prone)
	if err != nil {
		t.Fatal(err)
	}
	wantChanges(t, r.Changes)
	wantSummary(t, r.Summary(), "Mira was not prone.")

	if _, err := rules.RemoveCondition(dying(), rules.Unconscious); !fault.Is(err, fault.Invalid) {
		t.Errorf("waking the dying without healing: err = %v, want invalid", err)
	}
}

func TestExhaustion(t *testing.T) {
	at := func(level int) rules.Combatant { c := mira(); c.Exhaustion = level; return c }
	t.Run("ExhaustionLevel2HalvesSpeed", func(t *testing.T) {
		if got := at(1).CurrentSpeed(); got != 30 {
			t.Errorf("speed at 1 = %d, want 30", got)
		}
		if got := at(2).CurrentSpeed(); got != 15 {
			t.Errorf("speed at 2 = %d, want 15", got)
		}
	})
	t.Run("ExhaustionLevel4HalvesMaxHP", func(t *testing.T) {
		if got := at(3).CurrentMaxHP(); got != 28 {
			t.Errorf("max at 3 = %d, want 28", got)
		}
		if got := at(4).CurrentMaxHP(); got != 14 {
			t.Errorf("max at 4 = %d, want 14", got)
		}
		r, err := rules.ChangeExhaustion(at(3), 1)
		if err != nil {
			t.Fatal(err)
		}
		wantChanges(t, r.Changes, change("mira", rules.FieldExhaustion, 3, 4), change("mira", rules.FieldHP, 28, 14))
		wantSummary(t, r.Summary(), "Mira's exhaustion rises from 3 to 4: hit point maximum halved; Mira is cut to 14 HP.")
	})
	t.Run("ExhaustionLevel5SpeedZero", func(t *testing.T) {
		if got := at(5).CurrentSpeed(); got != 0 {
			t.Errorf("speed at 5 = %d, want 0", got)
		}
	})
	t.Run("ExhaustionLevel6Death", func(t *testing.T) {
		c := at(5)
		c.HP = 10
		r, err := rules.ChangeExhaustion(c, 2)
		if err != nil {
			t.Fatal(err)
		}
		wantChanges(t, r.Changes, change("mira", rules.FieldExhaustion, 5, 6), change("mira", rules.FieldDead, false, true))
		wantSummary(t, r.Summary(), "Mira's exhaustion rises from 5 to 6: death; Mira dies.")
	})
	t.Run("EffectsAccumulate", func(t *testing.T) {
		r, _ := rules.ChangeExhaustion(at(0), 2)
		wantSummary(t, r.Summary(), "Mira's exhaustion rises from 0 to 2: disadvantage on ability checks, speed halved.")
	})
	t.Run("Lowers", func(t *testing.T) {
		r, _ := rules.ChangeExhaustion(at(1), -3)
		wantChanges(t, r.Changes, change("mira", rules.FieldExhaustion, 1, 0))
		wantSummary(t, r.Summary(), "Mira's exhaustion falls from 1 to 0: no longer exhausted.")
	})
	t.Run("ImmuneToExhaustion", func(t *testing.T) {
		zombie := goblin()
		zombie.ConditionImmunities = rules.SetOf(rules.Exhaustion)
		r, _ := rules.ChangeExhaustion(zombie, 1)
		wantChanges(t, r.Changes)
		wantSummary(t, r.Summary(), "The goblin is immune to exhaustion.")
	})
}
