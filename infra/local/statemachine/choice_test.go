package statemachine

import (
	"strings"
	"testing"
)

// Choice Rules, per operator, against the Step Functions developer guide
// ("Choice workflow state"): a value of the wrong type makes a comparison
// false; a Variable that selects nothing is a States.Runtime error, except
// for IsPresent.
func TestChoiceRules(t *testing.T) {
	const input = `{
		"s": "mage", "n": 5, "f": 5.0, "half": 2.5, "b": true, "nul": null,
		"t": "2026-03-14T12:00:00Z", "t2": "2026-03-14T13:00:00+01:00", "later": "2026-03-15T00:00:00Z",
		"other": {"s": "mage", "n": 7, "b": true, "t": "2026-03-14T12:00:00Z"},
		"star": "a*b", "path": "C:\\dir", "list": [1, 2]
	}`
	in, err := decodeJSON([]byte(input))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		rule string
		want bool
	}{
		{"StringEqualsMatches", `{"Variable":"$.s","StringEquals":"mage"}`, true},
		{"StringEqualsIsCaseSensitive", `{"Variable":"$.s","StringEquals":"Mage"}`, false},
		{"StringEqualsOnNumberIsFalse", `{"Variable":"$.n","StringEquals":"5"}`, false},
		{"StringLessThan", `{"Variable":"$.s","StringLessThan":"magf"}`, true},
		{"StringGreaterThan", `{"Variable":"$.s","StringGreaterThan":"mage"}`, false},
		{"StringLessThanEqualsEqual", `{"Variable":"$.s","StringLessThanEquals":"mage"}`, true},
		{"StringGreaterThanEquals", `{"Variable":"$.s","StringGreaterThanEquals":"a"}`, true},
		{"StringEqualsPath", `{"Variable":"$.s","StringEqualsPath":"$.other.s"}`, true},
		{"StringMatchesWildcard", `{"Variable":"$.s","StringMatches":"m*e"}`, true},
		{"StringMatchesWholeString", `{"Variable":"$.s","StringMatches":"ag*"}`, false},
		{"StringMatchesEmptyRun", `{"Variable":"$.s","StringMatches":"mage*"}`, true},
		{"StringMatchesEscapedStar", `{"Variable":"$.star","StringMatches":"a\\*b"}`, true},
		{"StringMatchesEscapedStarIsLiteral", `{"Variable":"$.s","StringMatches":"m\\*"}`, false},
		{"StringMatchesEscapedBackslash", `{"Variable":"$.path","StringMatches":"C:\\\\*"}`, true},
		{"NumericEqualsIntAndFloat", `{"Variable":"$.f","NumericEquals":5}`, true},
		{"NumericEqualsOnStringIsFalse", `{"Variable":"$.s","NumericEquals":5}`, false},
		{"NumericLessThan", `{"Variable":"$.n","NumericLessThan":5}`, false},
		{"NumericLessThanFraction", `{"Variable":"$.half","NumericLessThan":3}`, true},
		{"NumericGreaterThan", `{"Variable":"$.n","NumericGreaterThan":4.5}`, true},
		{"NumericLessThanEquals", `{"Variable":"$.n","NumericLessThanEquals":5}`, true},
		{"NumericGreaterThanEquals", `{"Variable":"$.n","NumericGreaterThanEquals":6}`, false},
		{"NumericLessThanPath", `{"Variable":"$.n","NumericLessThanPath":"$.other.n"}`, true},
		{"NumericEqualsPathTypeMismatchIsFalse", `{"Variable":"$.n","NumericEqualsPath":"$.s"}`, false},
		{"BooleanEquals", `{"Variable":"$.b","BooleanEquals":true}`, true},
		{"BooleanEqualsOnStringIsFalse", `{"Variable":"$.s","BooleanEquals":true}`, false},
		{"BooleanEqualsPath", `{"Variable":"$.b","BooleanEqualsPath":"$.other.b"}`, true},
		{"TimestampEqualsAcrossOffsets", `{"Variable":"$.t","TimestampEquals":"2026-03-14T13:00:00+01:00"}`, true},
		{"TimestampLessThan", `{"Variable":"$.t","TimestampLessThan":"2026-03-15T00:00:00Z"}`, true},
		{"TimestampGreaterThanEquals", `{"Variable":"$.t","TimestampGreaterThanEquals":"2026-03-14T12:00:00Z"}`, true},
		{"TimestampGreaterThanPath", `{"Variable":"$.later","TimestampGreaterThanPath":"$.t2"}`, true},
		{"TimestampOnNonTimestampIsFalse", `{"Variable":"$.s","TimestampEquals":"2026-03-14T12:00:00Z"}`, false},
		{"IsNullOnNull", `{"Variable":"$.nul","IsNull":true}`, true},
		{"IsNullOnString", `{"Variable":"$.s","IsNull":true}`, false},
		{"IsPresentOnMissing", `{"Variable":"$.missing","IsPresent":true}`, false},
		{"IsPresentFalseOnMissing", `{"Variable":"$.missing","IsPresent":false}`, true},
		{"IsPresentOnNull", `{"Variable":"$.nul","IsPresent":true}`, true},
		{"IsNumeric", `{"Variable":"$.half","IsNumeric":true}`, true},
		{"IsNumericOnString", `{"Variable":"$.s","IsNumeric":true}`, false},
		{"IsString", `{"Variable":"$.s","IsString":true}`, true},
		{"IsBoolean", `{"Variable":"$.b","IsBoolean":true}`, true},
		{"IsTimestamp", `{"Variable":"$.t","IsTimestamp":true}`, true},
		{"IsTimestampOnPlainString", `{"Variable":"$.s","IsTimestamp":false}`, true},
		{"AndAllTrue", `{"And":[{"Variable":"$.s","StringEquals":"mage"},{"Variable":"$.n","NumericLessThan":6}]}`, true},
		{"AndOneFalse", `{"And":[{"Variable":"$.s","StringEquals":"mage"},{"Variable":"$.n","NumericLessThan":5}]}`, false},
		{"OrOneTrue", `{"Or":[{"Variable":"$.s","StringEquals":"rogue"},{"Variable":"$.b","BooleanEquals":true}]}`, true},
		{"OrAllFalse", `{"Or":[{"Variable":"$.s","StringEquals":"rogue"},{"Variable":"$.b","BooleanEquals":false}]}`, false},
		{"Not", `{"Not":{"Variable":"$.s","StringEquals":"rogue"}}`, true},
		{"NestedNotAndOr", `{"Not":{"And":[{"Variable":"$.b","BooleanEquals":true},{"Or":[{"Variable":"$.n","NumericEquals":1},{"Variable":"$.n","NumericEquals":5}]}]}}`, false},
		{"VariableFromContextObject", `{"Variable":"$$.State.Name","StringEquals":"S"}`, true},
		{"IndefiniteVariableIsAList", `{"Variable":"$.list[*]","IsString":false}`, true},
	}
	ctx := map[string]any{"State": map[string]any{"Name": "S"}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			raw, err := decodeJSON([]byte(tc.rule))
			if err != nil {
				t.Fatal(err)
			}
			r, err := parseRule(raw, false)
			if err != nil {
				t.Fatalf("parseRule: %v", err)
			}
			got, serr := r.eval(in, ctx)
			if serr != nil {
				t.Fatalf("eval: %v", serr)
			}
			if got != tc.want {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}

func TestChoiceRuntimeErrors(t *testing.T) {
	tests := []struct{ name, rule string }{
		{"MissingVariable", `{"Variable":"$.missing","StringEquals":"x"}`},
		{"MissingPathOperand", `{"Variable":"$.s","StringEqualsPath":"$.missing"}`},
		{"MissingVariableUnderNot", `{"Not":{"Variable":"$.missing","IsNull":true}}`},
	}
	in := map[string]any{"s": "x"}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			raw, _ := decodeJSON([]byte(tc.rule))
			r, err := parseRule(raw, false)
			if err != nil {
				t.Fatal(err)
			}
			if _, serr := r.eval(in, nil); serr == nil || serr.name != errRuntime {
				t.Fatalf("got %v, want %s", serr, errRuntime)
			}
		})
	}
}

// The Choice state as a whole: first matching rule wins, then Default,
// else States.NoChoiceMatched; InputPath and OutputPath apply; the output
// is the (filtered) input.
func TestChoiceState(t *testing.T) {
	const states = `"A":{"Type":"Pass","Result":"A","End":true},"B":{"Type":"Pass","Result":"B","End":true},"D":{"Type":"Pass","Result":"D","End":true},` +
		`"Echo":{"Type":"Succeed"}`
	// reachAll keeps every target state reachable (Load refuses
	// unreachable states); IsPresent on a missing field is false, so these
	// rules never match.
	const reachAll = `{"Variable":"$.never","IsPresent":true,"Next":"A"},{"Variable":"$.never","IsPresent":true,"Next":"B"},{"Variable":"$.never","IsPresent":true,"Next":"Echo"}]`
	def := func(choice string) string {
		choice = strings.Replace(choice, `}],"Default"`, `},`+reachAll+`,"Default"`, 1)
		return `{"StartAt":"C","States":{"C":` + choice + `,` + states + `}}`
	}
	tests := []struct {
		name, choice, input, wantStatus, want string
	}{
		{"FirstMatchingRuleWins", `{"Type":"Choice","Choices":[{"Variable":"$.n","NumericGreaterThan":1,"Next":"A"},{"Variable":"$.n","NumericGreaterThan":0,"Next":"B"}],"Default":"D"}`,
			`{"n":2}`, "SUCCEEDED", `"A"`},
		{"LaterRuleMatches", `{"Type":"Choice","Choices":[{"Variable":"$.n","NumericGreaterThan":5,"Next":"A"},{"Variable":"$.n","NumericGreaterThan":0,"Next":"B"}],"Default":"D"}`,
			`{"n":2}`, "SUCCEEDED", `"B"`},
		{"DefaultWhenNothingMatches", `{"Type":"Choice","Choices":[{"Variable":"$.n","NumericGreaterThan":5,"Next":"A"}],"Default":"D"}`,
			`{"n":2}`, "SUCCEEDED", `"D"`},
		{"InputPathScopesVariables", `{"Type":"Choice","InputPath":"$.x","Choices":[{"Variable":"$.n","NumericEquals":1,"Next":"Echo"}],"Default":"D"}`,
			`{"x":{"n":1},"n":2}`, "SUCCEEDED", `{"n":1}`},
		{"OutputPathFiltersOutput", `{"Type":"Choice","OutputPath":"$.keep","Choices":[{"Variable":"$.n","NumericEquals":2,"Next":"Echo"}],"Default":"D"}`,
			`{"keep":[1],"n":2}`, "SUCCEEDED", `[1]`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := run(t, def(tc.choice), tc.input)
			if string(e.Status) != tc.wantStatus {
				t.Fatalf("status %s %s %s", e.Status, e.Error, e.Cause)
			}
			jsonEqual(t, e.Output, tc.want)
		})
	}
	t.Run("NoMatchWithoutDefaultIsNoChoiceMatched", func(t *testing.T) {
		e := run(t, `{"StartAt":"C","States":{"C":{"Type":"Choice","Choices":[{"Variable":"$.n","NumericEquals":1,"Next":"A"}]},"A":{"Type":"Succeed"}}}`, `{"n":2}`)
		if e.Status != Failed || e.Error != errNoChoiceMatched {
			t.Fatalf("got %s %s", e.Status, e.Error)
		}
	})
	t.Run("MissingVariableFailsTheExecution", func(t *testing.T) {
		e := run(t, `{"StartAt":"C","States":{"C":{"Type":"Choice","Choices":[{"Variable":"$.gone","NumericEquals":1,"Next":"A"}],"Default":"A"},"A":{"Type":"Succeed"}}}`, `{}`)
		if e.Status != Failed || e.Error != errRuntime {
			t.Fatalf("got %s %s", e.Status, e.Error)
		}
	})
}
