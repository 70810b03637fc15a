package statemachine

import (
	"context"
	"strings"
	"testing"
)

// The order and effects of InputPath, Parameters, ResultSelector,
// ResultPath and OutputPath, as the Step Functions developer guide
// describes them ("Processing input and output").
func TestInputOutputProcessing(t *testing.T) {
	const in = `{"a":{"b":1,"c":[1,2,3]},"d":"x","items":[{"id":1},{"id":2}],"big":9007199254740993}`
	tests := []struct {
		name  string
		state string
		want  string
	}{
		{"PassWithoutFieldsCopiesInput", `{"Type":"Pass","End":true}`, in},
		{"ResultReplacesInputByDefault", `{"Type":"Pass","Result":{"r":1},"End":true}`, `{"r":1}`},
		{"ResultPathAddsResultToRawInput", `{"Type":"Pass","Result":"v","ResultPath":"$.r","End":true}`,
			`{"a":{"b":1,"c":[1,2,3]},"d":"x","items":[{"id":1},{"id":2}],"big":9007199254740993,"r":"v"}`},
		{"ResultPathMergesIntoInputBeforeInputPath", `{"Type":"Pass","InputPath":"$.a","ResultPath":"$.r","OutputPath":"$.r","End":true}`,
			`{"b":1,"c":[1,2,3]}`},
		{"ResultPathNullKeepsInput", `{"Type":"Pass","Result":"v","ResultPath":null,"OutputPath":"$.d","End":true}`, `"x"`},
		{"ResultPathCreatesMissingObjects", `{"Type":"Pass","Result":1,"ResultPath":"$.n.e.w","OutputPath":"$.n","End":true}`, `{"e":{"w":1}}`},
		{"ResultPathOverwritesExistingField", `{"Type":"Pass","Result":2,"ResultPath":"$.a.b","OutputPath":"$.a","End":true}`, `{"b":2,"c":[1,2,3]}`},
		{"InputPathSelectsEffectiveInput", `{"Type":"Pass","InputPath":"$.a.c","End":true}`, `[1,2,3]`},
		{"InputPathNullGivesEmptyObject", `{"Type":"Pass","InputPath":null,"End":true}`, `{}`},
		{"OutputPathNullGivesEmptyObject", `{"Type":"Pass","OutputPath":null,"End":true}`, `{}`},
		{"OutputPathAppliesAfterResultPath", `{"Type":"Pass","Result":{"x":1},"ResultPath":"$.res","OutputPath":"$.res.x","End":true}`, `1`},
		{"ParametersReadInputPathOutput", `{"Type":"Pass","InputPath":"$.a","Parameters":{"first.$":"$.c[0]","fixed":"f"},"End":true}`,
			`{"first":1,"fixed":"f"}`},
		{"ParametersNestedObjectsAndArrays", `{"Type":"Pass","Parameters":{"o":{"v.$":"$.d"},"l":[{"w.$":"$.a.b"},3]},"End":true}`,
			`{"o":{"v":"x"},"l":[{"w":1},3]}`},
		{"ParametersIndefinitePathGivesList", `{"Type":"Pass","Parameters":{"ids.$":"$.items[*].id"},"End":true}`, `{"ids":[1,2]}`},
		{"ParametersReadContextObject", `{"Type":"Pass","Parameters":{"state.$":"$$.State.Name","machine.$":"$$.StateMachine.Name","d.$":"$$.Execution.Input.d","retry.$":"$$.State.RetryCount"},"End":true}`,
			`{"state":"S","machine":"test","d":"x","retry":0}`},
		{"ParametersResultThenResultPath", `{"Type":"Pass","Parameters":{"v.$":"$.d"},"ResultPath":"$.p","OutputPath":"$.p","End":true}`, `{"v":"x"}`},
		{"IntegersKeepEveryDigit", `{"Type":"Pass","InputPath":"$.big","End":true}`, `9007199254740993`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := run(t, one(tc.state), in)
			if e.Status != Succeeded {
				t.Fatalf("status %s: %s %s", e.Status, e.Error, e.Cause)
			}
			if tc.name == "IntegersKeepEveryDigit" && e.Output != "9007199254740993" {
				t.Fatalf("output %s", e.Output)
			}
			jsonEqual(t, e.Output, tc.want)
		})
	}
}

// Path failures end the execution with the documented error names.
func TestPathFailures(t *testing.T) {
	tests := []struct {
		name, state, wantErr string
	}{
		{"MissingInputPathIsRuntime", `{"Type":"Pass","InputPath":"$.nope","End":true}`, errRuntime},
		{"MissingOutputPathIsRuntime", `{"Type":"Pass","OutputPath":"$.nope","End":true}`, errRuntime},
		{"MissingParameterPathIsParameterPathFailure", `{"Type":"Pass","Parameters":{"v.$":"$.nope"},"End":true}`, errParameterPath},
		{"ResultPathThroughAStringIsResultPathMatchFailure", `{"Type":"Pass","Result":1,"ResultPath":"$.s.x","End":true}`, errResultPathMatch},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := run(t, one(tc.state), `{"s":"text"}`)
			if e.Status != Failed || e.Error != tc.wantErr {
				t.Fatalf("got %s %s (%s), want FAILED %s", e.Status, e.Error, e.Cause, tc.wantErr)
			}
		})
	}
}

// Task results: a Lambda ARN answers the function's payload, lambda:invoke
// wraps it, ResultSelector reshapes it before ResultPath.
func TestTaskResults(t *testing.T) {
	const fn = "arn:aws:lambda:us-east-1:123456789012:function:f"
	answer := func(context.Context, call) ([]byte, error) { return []byte(`{"x":7,"y":[1]}`), nil }
	tests := []struct {
		name, state, want, wantPayload string
	}{
		{"LambdaArnResultIsThePayload", `{"Type":"Task","Resource":"` + fn + `","ResultPath":"$.r","End":true}`,
			`{"in":1,"r":{"x":7,"y":[1]}}`, `{"in":1}`},
		{"LambdaArnParametersArePayload", `{"Type":"Task","Resource":"` + fn + `","Parameters":{"v.$":"$.in"},"OutputPath":"$.x","End":true}`,
			`7`, `{"v":1}`},
		{"LambdaInvokeWrapsPayload", `{"Type":"Task","Resource":"arn:aws:states:::lambda:invoke","Parameters":{"FunctionName":"` + fn + `","Payload.$":"$"},"End":true}`,
			`{"ExecutedVersion":"$LATEST","Payload":{"x":7,"y":[1]},"StatusCode":200}`, `{"in":1}`},
		{"ResultSelectorBeforeResultPath", `{"Type":"Task","Resource":"arn:aws:states:::lambda:invoke","Parameters":{"FunctionName":"` + fn + `","Payload":{"k":"v"}},"ResultSelector":{"x.$":"$.Payload.x","code.$":"$.StatusCode"},"ResultPath":"$.r","End":true}`,
			`{"in":1,"r":{"x":7,"code":200}}`, `{"k":"v"}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, one(tc.state), answer)
			e := h.wait(h.start(`{"in":1}`))
			if e.Status != Succeeded {
				t.Fatalf("status %s: %s %s", e.Status, e.Error, e.Cause)
			}
			jsonEqual(t, e.Output, tc.want)
			c := h.nextCall()
			if c.Resource != fn {
				t.Errorf("resource %q", c.Resource)
			}
			jsonEqual(t, toJSON(c.Payload), tc.wantPayload)
		})
	}
}

func toJSON(v any) string { return encodeJSON(v) }

func TestFailState(t *testing.T) {
	tests := []struct {
		name, state, wantErr, wantCause string
	}{
		{"StaticErrorAndCause", `{"Type":"Fail","Error":"E","Cause":"C"}`, "E", "C"},
		{"ErrorPathAndCausePath", `{"Type":"Fail","ErrorPath":"$.e","CausePath":"$.c"}`, "from-input", "because"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := run(t, one(tc.state), `{"e":"from-input","c":"because"}`)
			if e.Status != Failed || e.Error != tc.wantErr || e.Cause != tc.wantCause {
				t.Fatalf("got %s %q %q", e.Status, e.Error, e.Cause)
			}
		})
	}
	t.Run("ErrorPathToANumberIsRuntime", func(t *testing.T) {
		e := run(t, one(`{"Type":"Fail","ErrorPath":"$.n"}`), `{"n":1}`)
		if e.Error != errRuntime || !strings.Contains(e.Cause, "$.n") {
			t.Fatalf("got %q %q", e.Error, e.Cause)
		}
	})
}

func TestSucceedStateAppliesInputAndOutputPath(t *testing.T) {
	e := run(t, one(`{"Type":"Succeed","InputPath":"$.a","OutputPath":"$.b"}`), `{"a":{"b":[true]}}`)
	if e.Status != Succeeded {
		t.Fatal(e.Status, e.Error, e.Cause)
	}
	jsonEqual(t, e.Output, `[true]`)
}
