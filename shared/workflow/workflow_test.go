package workflow_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"chronicler/infra/local/statemachine"
	"chronicler/shared/fault"
	"chronicler/shared/workflow"
)

const (
	rollARN   = "arn:aws:lambda:us-east-1:000000000000:function:chronicler-roll"
	windowARN = "arn:aws:lambda:us-east-1:000000000000:function:chronicler-window"
)

var subs = map[string]string{workflow.RollFunctionArn: rollARN, workflow.WindowFunctionArn: windowARN}

func TestDefinition(t *testing.T) {
	def := workflow.Definition()
	if !json.Valid([]byte(def)) {
		t.Fatal("the definition is not JSON")
	}
	if got := workflow.Placeholders(def); !slices.Equal(got, []string{workflow.RollFunctionArn, workflow.WindowFunctionArn}) {
		t.Fatalf("placeholders %v", got)
	}
	if _, err := statemachine.Load(def); err == nil || !strings.Contains(err.Error(), "${RollFunctionArn}") {
		t.Fatalf("the unsubstituted definition loaded: %v", err)
	}
	concrete, err := workflow.Substitute(def, subs)
	if err != nil {
		t.Fatal(err)
	}
	m, err := statemachine.Load(concrete)
	if err != nil {
		t.Fatalf("the local interpreter refuses the definition: %v", err)
	}
	want := []string{"AfterClose", "AutoRoll", "BadOutcome", "CloseWindow", "Done", "Failed", "PromptRoll", "Route", "Window"}
	if got := m.States(); !slices.Equal(got, want) {
		t.Fatalf("states %v", got)
	}
}

func TestSubstitute(t *testing.T) {
	tests := []struct {
		name string
		def  string
		subs map[string]string
		want string // "" when it must fail
	}{
		{"ReplacesEveryOccurrence", `{"a":"${X}","b":"${X}-${Y}"}`, map[string]string{"X": "1", "Y": "2"}, `{"a":"1","b":"1-2"}`},
		{"LeavesJSONPathAlone", `{"p.$":"$.a","q":"${X}"}`, map[string]string{"X": "x"}, `{"p.$":"$.a","q":"x"}`},
		{"MissingValue", `{"a":"${X}"}`, map[string]string{}, ""},
		{"UnusedValueIsAMisspelling", `{"a":"${X}"}`, map[string]string{"X": "1", "Z": "2"}, ""},
		{"QuoteWouldBreakJSON", `{"a":"${X}"}`, map[string]string{"X": `a"b`}, ""},
		{"BackslashWouldBreakJSON", `{"a":"${X}"}`, map[string]string{"X": `a\`}, ""},
		{"EmptyValue", `{"a":"${X}"}`, map[string]string{"X": ""}, ""},
		{"ResultNotJSON", `{"a":${X}}`, map[string]string{"X": "nope"}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := workflow.Substitute(tc.def, tc.subs)
			if tc.want == "" {
				if !fault.Is(err, fault.Invalid) {
					t.Fatalf("got %q, %v; want an Invalid error", got, err)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("got %q, %v; want %q", got, err, tc.want)
			}
		})
	}
}

func TestDecodeRequest(t *testing.T) {
	good := `{"action":"prompt","token":"tok","execution":"arn:x","turn":{"campaign_id":"c","turn_id":"t"},"outcome":{"next":"roll","round":0,"detail":{"phase":1}}}`
	r, err := workflow.DecodeRequest([]byte(good))
	if err != nil || r.Action != workflow.ActionPrompt || r.Token != "tok" || r.Outcome.Next != workflow.NextRoll {
		t.Fatalf("DecodeRequest(good) = %+v, %v", r, err)
	}
	bad := map[string]string{
		"NotJSON":         `{`,
		"UnknownAction":   `{"action":"later","turn":{},"outcome":{"next":"roll"}}`,
		"PromptNoToken":   `{"action":"prompt","turn":{},"outcome":{"next":"roll"}}`,
		"AutoWithToken":   `{"action":"auto","token":"x","turn":{},"outcome":{"next":"roll"}}`,
		"NoTurn":          `{"action":"close","outcome":{"next":"window"}}`,
		"BadNext":         `{"action":"close","turn":{},"outcome":{"next":"sideways"}}`,
		"RoundTooHigh":    `{"action":"close","turn":{},"outcome":{"next":"window","round":9}}`,
		"UnknownField":    `{"action":"close","turn":{},"outcome":{"next":"window"},"extra":1}`,
		"TrailingData":    `{"action":"close","turn":{},"outcome":{"next":"window"}} {}`,
		"TokenTooLong":    `{"action":"open","token":"` + strings.Repeat("t", 2049) + `","turn":{},"outcome":{"next":"window"}}`,
		"DetailNotJSON":   `{"action":"close","turn":{},"outcome":{"next":"window","detail":}}`,
		"ArrayNotRequest": `[]`,
	}
	for name, in := range bad {
		t.Run(name, func(t *testing.T) {
			if _, err := workflow.DecodeRequest([]byte(in)); !fault.Is(err, fault.Invalid) {
				t.Errorf("err = %v, want invalid", err)
			}
		})
	}
}

func FuzzDecodeRequest(f *testing.F) {
	f.Add([]byte(`{"action":"prompt","token":"tok","execution":"arn:x","turn":{"campaign_id":"c","turn_id":"t"},"outcome":{"next":"roll","round":0,"detail":{"phase":1}}}`))
	f.Add([]byte(`{"action":"close","turn":{},"outcome":{"next":"window","round":4}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		r, err := workflow.DecodeRequest(b)
		if err != nil {
			if !fault.Is(err, fault.Invalid) {
				t.Fatalf("error of kind other than invalid: %v", err)
			}
			return
		}
		if !json.Valid(r.Turn) || (r.Token == "") != (r.Action == workflow.ActionAuto || r.Action == workflow.ActionClose) {
			t.Fatalf("accepted an invalid request: %+v", r)
		}
	})
}
