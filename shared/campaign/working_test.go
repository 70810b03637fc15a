package campaign

import (
	"strings"
	"testing"

	"chronicler/shared/dice"
)

func TestWorkingProblem(t *testing.T) {
	// 1d20 showing 12, +5 in the expression, +3 after it fell: 20.
	roll := func(w *Working) Roll {
		return Roll{Dice: "1d20+5", Rolls: []int{12}, Total: 20, Working: w,
			Terms: []dice.TermResult{{Dice: "1d20", Rolls: []int{12}, Kept: []int{12}, Subtotal: 12}, {Dice: "5", Modifier: 5, Subtotal: 5}}}
	}
	good := func() *Working {
		return &Working{Rule: RuleAttackRolls, Terms: []Term{{Value: 3, Source: "Strength", Kind: TermAbility}, {Value: 2, Source: "proficiency", Kind: TermProficiency},
			{Value: 3, Source: "bardic inspiration", Kind: TermSituation, After: true}},
			DC: &DCSource{Value: 17, Source: "the goblin's armor class", Terms: []Term{{Value: 15, Source: "armor class", Kind: TermBase}, {Value: 2, Source: "half cover", Kind: TermCover}}}}
	}
	tests := []struct {
		name  string
		edit  func(w *Working)
		wants string
	}{
		{"TermsThatMakeTheTotalPass", func(*Working) {}, ""},
		{"TermsShortOfTheTotalFail", func(w *Working) { w.Terms = w.Terms[:2] }, "make 17, not 20"},
		{"UnknownKindFails", func(w *Working) { w.Terms[0].Kind = "luck" }, "kind must be one of"},
		{"UnnamedSourceFails", func(w *Working) { w.Terms[0].Source = "" }, "source must be named"},
		{"NoRuleFails", func(w *Working) { w.Rule = "" }, "rule must be named"},
		{"DCTermsThatMissItsValueFail", func(w *Working) { w.DC.Value = 16 }, "the DC's terms make 17, not 16"},
		{"TooManyCausesFail", func(w *Working) { w.Advantage = make([]string, 17) }, "at most 16"},
		{"OverlongCauseFails", func(w *Working) { w.Disadvantage = []string{strings.Repeat("x", 121)} }, "each cause"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := good()
			tt.edit(w)
			got := roll(w).WorkingProblem()
			if (tt.wants == "") != (got == "") || !strings.Contains(got, tt.wants) {
				t.Fatalf("WorkingProblem = %q, want %q", got, tt.wants)
			}
		})
	}
	t.Run("NoWorkingHasNoProblem", func(t *testing.T) {
		if got := roll(nil).WorkingProblem(); got != "" {
			t.Fatalf("WorkingProblem = %q", got)
		}
	})
	t.Run("VerifyTakesTheTermsAddedAfterOffBeforeReplaying", func(t *testing.T) {
		if err := roll(good()).Verify(); err != nil {
			t.Fatalf("Verify = %v", err)
		}
		if err := roll(nil).Verify(); err == nil {
			t.Fatal("a total of 20 from 12+5 with nothing added after verified")
		}
	})
}
