package dice_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"chronicler/shared/dice"
	"chronicler/shared/fault"
)

func TestParse(t *testing.T) {
	tests := []struct {
		name     string
		in       string
		want     string
		min, max int
	}{
		{"BareD20IsOneD20", "d20", "1d20", 1, 20},
		{"AttackWithModifier", "1d20+5", "1d20+5", 6, 25},
		{"SeveralDiceTermsAndModifier", "2d6+1d4+3", "2d6+1d4+3", 6, 19},
		{"KeepHighest", "4d6kh3", "4d6kh3", 3, 18},
		{"KeepLowest", "4d6kl1", "4d6kl1", 1, 6},
		{"DisadvantageWritten", "2d20kl1", "2d20kl1", 1, 20},
		{"AdvantageWritten", "2d20kh1", "2d20kh1", 1, 20},
		{"PercentileIsOneD100", "d%", "1d100", 1, 100},
		{"PercentileWithCount", "2d%", "2d100", 2, 200},
		{"SubtractFlat", "1d8-1", "1d8-1", 0, 7},
		{"SubtractDice", "2d6-1d4", "2d6-1d4", -2, 11},
		{"SpacesAroundOperators", "  1d20 +\t5 ", "1d20+5", 6, 25},
		{"SpacesBetweenTokens", "4 d 6 kh 3 - 1", "4d6kh3-1", 2, 17},
		{"UpperCase", "2D6+1D4", "2d6+1d4", 3, 16},
		{"UpperCaseKeep", "4D6KH3", "4d6kh3", 3, 18},
		{"MixedCaseKeep", "4d6Kl1", "4d6kl1", 1, 6},
		{"LeadingMinus", "-1d4+2", "-1d4+2", -2, 1},
		{"LeadingPlusDropped", "+1d4", "1d4", 1, 4},
		{"FlatOnly", "5", "5", 5, 5},
		{"NegativeFlatOnly", "-3", "-3", -3, -3},
		{"ZeroModifierKept", "1d20+0", "1d20+0", 1, 20},
		{"MinusZeroIsPlusZero", "1d20-0", "1d20+0", 1, 20},
		{"LeadingZeros", "01d06+007", "1d6+7", 8, 13},
		{"KeepAllIsNoKeep", "4d6kh4", "4d6", 4, 24},
		{"KeepOneOfOne", "1d20kl1", "1d20", 1, 20},
		{"MostDice", "100d1000", "100d1000", 100, 100000},
		{"FewestSides", "1d2", "1d2", 1, 2},
		{"LargestModifiers", "1d4+1000-1000", "1d4+1000-1000", 1, 4},
		{"TwentyTerms", strings.Repeat("1d4+", 19) + "1", strings.Repeat("1d4+", 19) + "1", 20, 77},
		{"InputOfExactlyMaxBytes", "1d20" + strings.Repeat(" ", 96), "1d20", 1, 20},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, err := dice.Parse(tt.in)
			if err != nil {
				t.Fatalf("Parse(%q): %v", tt.in, err)
			}
			if got := e.String(); got != tt.want {
				t.Errorf("String() = %q, want %q", got, tt.want)
			}
			if e.Min() != tt.min || e.Max() != tt.max {
				t.Errorf("bounds = [%d, %d], want [%d, %d]", e.Min(), e.Max(), tt.min, tt.max)
			}
		})
	}
}

func TestParseRejects(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string // in the message
	}{
		{"Empty", "", "is empty"},
		{"OnlySpaces", "   ", "is empty"},
		{"ZeroSides", "1d0", `"1d0": a die has 2 to 1000 sides`},
		{"OneSide", "1d1", `"1d1": a die has 2 to 1000 sides`},
		{"TooManySides", "1d1001", `"1d1001": a die has 2 to 1000 sides`},
		{"AbsurdCount", "999999d6", `"999999d6": at most 100 dice per term`},
		{"OneDieTooMany", "101d6", "at most 100 dice per term"},
		{"OverflowingCount", "99999999999999999999999d6", "at most 100 dice per term"},
		{"ZeroDice", "0d6", `"0d6": roll at least 1 die`},
		{"TrailingPlus", "d20+", "ends with '+'"},
		{"TrailingMinus", "d20 - ", "ends with '-'"},
		{"MissingSides", "2d", `"2d" needs the number of sides`},
		{"MissingSidesBeforeOperator", "2d+1", `"2d" needs the number of sides`},
		{"KeepWithoutDice", "kh3", "unexpected 'k' at column 1: expected dice or a number"},
		{"KeepMoreThanRolled", "4d6kh5", `"4d6kh5": cannot keep 5 of 4 dice`},
		{"KeepAbsurdlyMany", "4d6kh99999999999", "cannot keep 99999999999 of 4 dice"},
		{"KeepNone", "4d6kh0", `"4d6kh0": keep at least 1 die`},
		{"KeepWithoutCount", "4d6kh", `"4d6kh" needs the number of dice to keep`},
		{"KeepWithoutDirection", "4d6k3", "expected kh (keep highest) or kl (keep lowest)"},
		{"LonePlus", "+", "ends with '+'"},
		{"LoneMinus", "-", "ends with '-'"},
		{"DoubleOperator", "1d20++2", "unexpected '+' at column 6: expected dice or a number after '+'"},
		{"MissingOperator", "1d20 5", "unexpected '5' at column 6: expected '+', '-' or the end"},
		{"SpaceInsideNumber", "1d2 0", "unexpected '0' at column 5"},
		{"Multiplication", "2d6*2", "unexpected '*' at column 4"},
		{"Letters", "fireball", "unexpected 'f' at column 1"},
		{"NonASCII", "1d20€", "unexpected '€' at column 5"},
		{"ModifierTooLarge", "1d20+1001", `"1001": a number may be at most 1000`},
		{"NegativeModifierTooLarge", "1d20-1001", `"1001": a number may be at most 1000`},
		{"TooManyTerms", strings.Repeat("1+", 20) + "1", "more than 20 terms"},
		{"TooLong", "1d20" + strings.Repeat(" ", 97), "is 101 bytes long; at most 100"},
		{"TooLongWrittenOut", strings.Repeat("d%+", 19) + "d%", "is 119 bytes long written out in full; at most 100"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, err := dice.Parse(tt.in)
			if err == nil {
				t.Fatalf("Parse(%q) = %q, want an error", tt.in, e)
			}
			if !fault.Is(err, fault.Invalid) {
				t.Errorf("kind = %q, want invalid", fault.KindOf(err))
			}
			var fe *fault.Error
			if errors.As(err, &fe) && fe.Field != "dice" {
				t.Errorf("field = %q, want dice", fe.Field)
			}
			if _, msg := fault.Public(err); !strings.Contains(msg, tt.want) {
				t.Errorf("message = %q, want it to contain %q", msg, tt.want)
			}
			if e != (dice.Expr{}) {
				t.Errorf("Parse returned %q with its error, want the zero Expr", e)
			}
		})
	}
}

func TestStringRoundTrips(t *testing.T) {
	for _, in := range []string{
		"d20", "1d20+5", "2d6+1d4+3", "4d6kh3", "4d6kl1", "2d20kl1", "d%", "1d8-1",
		"2d6-1d4", " -2D8 kh 1 + 3 ", "5", "-0", "4d6kh4", "1d20+0-0+1d4",
	} {
		e := dice.MustParse(in)
		again, err := dice.Parse(e.String())
		if err != nil {
			t.Fatalf("Parse(%q) (from %q): %v", e, in, err)
		}
		if again != e {
			t.Errorf("%q -> %q -> %q: not equal", in, e, again)
		}
		if again.String() != e.String() {
			t.Errorf("String is not stable: %q then %q", e, again)
		}
	}
}

func TestEqualExpressionsCompareEqual(t *testing.T) {
	if dice.MustParse("d20 + 5") != dice.MustParse("1D20+5") {
		t.Error("d20 + 5 != 1D20+5")
	}
	if dice.MustParse("d%") != dice.MustParse("1d100") {
		t.Error("d% != 1d100")
	}
	if dice.MustParse("1d20+5") == dice.MustParse("1d20+6") {
		t.Error("1d20+5 == 1d20+6")
	}
}

func TestZeroExprIsConstantZero(t *testing.T) {
	var e dice.Expr
	if e.String() != "0" || e.Min() != 0 || e.Max() != 0 {
		t.Errorf("zero Expr = %q [%d, %d], want 0 [0, 0]", e, e.Min(), e.Max())
	}
}

func TestExprStoresAsJSONString(t *testing.T) {
	type weapon struct {
		Damage dice.Expr `json:"damage"`
	}
	b, err := json.Marshal(weapon{Damage: dice.MustParse("1D8 + 3")})
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != `{"damage":"1d8+3"}` {
		t.Errorf("Marshal = %s", b)
	}
	var w weapon
	if err := json.Unmarshal(b, &w); err != nil {
		t.Fatal(err)
	}
	if w.Damage != dice.MustParse("1d8+3") {
		t.Errorf("Unmarshal = %q", w.Damage)
	}
	err = json.Unmarshal([]byte(`{"damage":"1d0"}`), &w)
	if !fault.Is(err, fault.Invalid) {
		t.Errorf("Unmarshal of 1d0: err = %v, want invalid", err)
	}
}

func TestMustParsePanicsOnMalformedDice(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("MustParse(1d0) did not panic")
		}
	}()
	dice.MustParse("1d0")
}
