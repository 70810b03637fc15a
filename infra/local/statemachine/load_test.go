package statemachine

import (
	"errors"
	"strings"
	"testing"
)

// Load refuses what the interpreter does not run, naming the state and the
// field, instead of running a definition it would get wrong.
func TestLoadRefuses(t *testing.T) {
	const fn = "arn:aws:lambda:us-east-1:123456789012:function:f"
	const wait = `"Resource":"arn:aws:states:::lambda:invoke.waitForTaskToken"`
	tests := []struct {
		name, def string
		want      []string // substrings of the error
	}{
		{"ParallelState", one(`{"Type":"Parallel","Branches":[],"End":true}`), []string{`state "S"`, `"Type"`, `"Parallel" is not supported`}},
		{"MapState", one(`{"Type":"Map","End":true}`), []string{`state "S"`, `"Map" is not supported`}},
		{"UnknownStateField", one(`{"Type":"Task","Resource":"` + fn + `","Credentials":{},"End":true}`), []string{`state "S"`, `field "Credentials"`, "not supported in a Task state"}},
		{"MisspeltField", one(`{"Type":"Task","Resource":"` + fn + `","TimeoutSecond":5,"End":true}`), []string{`field "TimeoutSecond"`}},
		{"AssignVariables", one(`{"Type":"Pass","Assign":{"x":1},"End":true}`), []string{`field "Assign"`}},
		{"JSONataTopLevel", `{"QueryLanguage":"JSONata","StartAt":"S","States":{"S":{"Type":"Succeed"}}}`, []string{`field "QueryLanguage"`, "JSONata is not"}},
		{"JSONataState", one(`{"Type":"Succeed","QueryLanguage":"JSONata"}`), []string{`state "S"`, `field "QueryLanguage"`}},
		{"UnknownTopLevelField", `{"StartAt":"S","Foo":1,"States":{"S":{"Type":"Succeed"}}}`, []string{`field "Foo"`, "top level"}},
		{"IntrinsicFunction", one(`{"Type":"Pass","Parameters":{"m.$":"States.Format('{}', $.x)"},"End":true}`), []string{`field "Parameters"`, "intrinsic functions are not supported"}},
		{"OtherServiceIntegration", one(`{"Type":"Task","Resource":"arn:aws:states:::dynamodb:putItem","End":true}`), []string{`field "Resource"`, "dynamodb:putItem", "not supported"}},
		{"SyncIntegration", one(`{"Type":"Task","Resource":"arn:aws:states:::states:startExecution.sync","End":true}`), []string{`field "Resource"`}},
		{"LambdaInvokeExtraParameter", one(`{"Type":"Task","Resource":"arn:aws:states:::lambda:invoke","Parameters":{"FunctionName":"f","Payload":{},"InvocationType":"Event"},"End":true}`), []string{`field "Parameters.InvocationType"`}},
		{"LambdaInvokeWithoutPayload", one(`{"Type":"Task","Resource":"arn:aws:states:::lambda:invoke","Parameters":{"FunctionName":"f"},"End":true}`), []string{`field "Parameters.Payload"`, "required"}},
		{"WaitForTaskTokenWithoutToken", one(`{"Type":"Task",` + wait + `,"Parameters":{"FunctionName":"f","Payload":{}},"End":true}`), []string{`field "Parameters"`, "$$.Task.Token"}},
		{"TaskTokenOutsideWaitForTaskToken", one(`{"Type":"Task","Resource":"` + fn + `","Parameters":{"t.$":"$$.Task.Token"},"End":true}`), []string{`field "Parameters"`, "only in a .waitForTaskToken"}},
		{"TaskTokenInPass", one(`{"Type":"Pass","Parameters":{"t.$":"$$.Task.Token"},"End":true}`), []string{`state "S"`, "only in a .waitForTaskToken"}},
		{"TimeoutSecondsAndPath", one(`{"Type":"Task","Resource":"` + fn + `","TimeoutSeconds":5,"TimeoutSecondsPath":"$.t","End":true}`), []string{`field "TimeoutSecondsPath"`, "cannot be used with TimeoutSeconds"}},
		{"ZeroTimeout", one(`{"Type":"Task","Resource":"` + fn + `","TimeoutSeconds":0,"End":true}`), []string{`field "TimeoutSeconds"`}},
		{"HeartbeatOnSyncTask", one(`{"Type":"Task","Resource":"` + fn + `","HeartbeatSeconds":5,"End":true}`), []string{`field "HeartbeatSeconds"`}},
		{"HeartbeatNotBelowTimeout", one(`{"Type":"Task",` + wait + `,"Parameters":{"FunctionName":"f","Payload":{"t.$":"$$.Task.Token"}},"TimeoutSeconds":5,"HeartbeatSeconds":5,"End":true}`), []string{`field "HeartbeatSeconds"`, "smaller than TimeoutSeconds"}},
		{"JitterFull", one(`{"Type":"Task","Resource":"` + fn + `","Retry":[{"ErrorEquals":["E"],"JitterStrategy":"FULL"}],"End":true}`), []string{`field "Retry[0].JitterStrategy"`}},
		{"UnknownRetrierField", one(`{"Type":"Task","Resource":"` + fn + `","Retry":[{"ErrorEquals":["E"],"Backoff":2}],"End":true}`), []string{`field "Retry[0].Backoff"`}},
		{"StatesAllNotLast", one(`{"Type":"Task","Resource":"` + fn + `","Catch":[{"ErrorEquals":["States.ALL"],"Next":"S"},{"ErrorEquals":["E"],"Next":"S"}],"End":true}`), []string{`field "Catch[0]"`, "States.ALL must appear alone"}},
		{"StatesAllNotAlone", one(`{"Type":"Task","Resource":"` + fn + `","Retry":[{"ErrorEquals":["States.ALL","E"]}],"End":true}`), []string{`field "Retry[0]"`}},
		{"CatchWithoutNext", one(`{"Type":"Task","Resource":"` + fn + `","Catch":[{"ErrorEquals":["E"]}],"End":true}`), []string{`field "Catch[0]"`, "Next is required"}},
		{"ResultPathWithWildcard", one(`{"Type":"Pass","ResultPath":"$.a[*]","End":true}`), []string{`field "ResultPath"`, "Reference Path"}},
		{"ResultPathIntoContext", one(`{"Type":"Pass","ResultPath":"$$.x","End":true}`), []string{`field "ResultPath"`, "context object"}},
		{"NotAPath", one(`{"Type":"Pass","InputPath":"a.b","End":true}`), []string{`field "InputPath"`, "must start with $"}},
		{"UnsubstitutedPlaceholder", one(`{"Type":"Task","Resource":"${RollFunctionArn}","End":true}`), []string{"${RollFunctionArn}", "not substituted"}},
		{"NextAndEnd", one(`{"Type":"Pass","Next":"S","End":true}`), []string{`state "S"`, "exactly one of Next or End"}},
		{"NeitherNextNorEnd", one(`{"Type":"Pass"}`), []string{"exactly one of Next or End"}},
		{"NextToMissingState", one(`{"Type":"Pass","Next":"Nowhere"}`), []string{`field "Next"`, `"Nowhere", which is not a state`}},
		{"UnreachableState", one(`{"Type":"Succeed"}`, `"Orphan":{"Type":"Succeed"}`), []string{`state "Orphan"`, "not reachable"}},
		{"StartAtMissingState", `{"StartAt":"X","States":{"S":{"Type":"Succeed"}}}`, []string{`field "StartAt"`}},
		{"ChoiceWithEnd", one(`{"Type":"Choice","Choices":[{"Variable":"$.a","IsNull":true,"Next":"S"}],"End":true}`), []string{`field "End"`, "Choice state"}},
		{"ChoiceTwoOperators", one(`{"Type":"Choice","Choices":[{"Variable":"$.a","IsNull":true,"IsPresent":true,"Next":"S"}]}`), []string{`field "Choices[0]"`, "exactly one"}},
		{"ChoiceUnknownOperator", one(`{"Type":"Choice","Choices":[{"Variable":"$.a","NumericEqualz":1,"Next":"S"}]}`), []string{`"NumericEqualz" is not a supported`}},
		{"ChoiceLiteralOfWrongType", one(`{"Type":"Choice","Choices":[{"Variable":"$.a","NumericEquals":"5","Next":"S"}]}`), []string{"NumericEquals needs a number"}},
		{"ChoiceBadTimestamp", one(`{"Type":"Choice","Choices":[{"Variable":"$.a","TimestampEquals":"2026-03-14 12:00","Next":"S"}]}`), []string{"TimestampEquals needs an RFC 3339 timestamp"}},
		{"ChoiceNextInsideAnd", one(`{"Type":"Choice","Choices":[{"And":[{"Variable":"$.a","IsNull":true,"Next":"S"}],"Next":"S"}]}`), []string{"the Next field is only allowed in a top-level"}},
		{"ChoiceRuleWithoutNext", one(`{"Type":"Choice","Choices":[{"Variable":"$.a","IsNull":true}]}`), []string{"needs Next"}},
		{"ChoiceWithoutVariable", one(`{"Type":"Choice","Choices":[{"IsNull":true,"Next":"S"}]}`), []string{"IsNull needs a Variable"}},
		{"WaitTwoDurations", one(`{"Type":"Wait","Seconds":1,"Timestamp":"2026-03-14T12:00:00Z","End":true}`), []string{"exactly one of Seconds"}},
		{"WaitLowercaseTimestamp", one(`{"Type":"Wait","Timestamp":"2026-03-14t12:00:00z","End":true}`), []string{`field "Timestamp"`}},
		{"FailErrorAndErrorPath", one(`{"Type":"Fail","Error":"E","ErrorPath":"$.e"}`), []string{`field "ErrorPath"`}},
		{"SucceedWithNext", one(`{"Type":"Succeed","Next":"S"}`), []string{`field "Next"`, "Succeed state"}},
		{"ParametersKeyTwice", one(`{"Type":"Pass","Parameters":{"a":1,"a.$":"$.a"},"End":true}`), []string{`field "Parameters"`, "both present"}},
		{"NotJSON", `{"StartAt":`, []string{"not a JSON object"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load(tc.def)
			if err == nil {
				t.Fatal("Load accepted the definition")
			}
			var le *LoadError
			if !errors.As(err, &le) {
				t.Fatalf("error %T is not a *LoadError: %v", err, err)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
		})
	}
}

func TestLoadReportsEveryProblem(t *testing.T) {
	_, err := Load(`{"StartAt":"A","States":{"A":{"Type":"Pass","Bogus":1,"End":true},"B":{"Type":"Map","End":true}}}`)
	if err == nil {
		t.Fatal("accepted")
	}
	for _, w := range []string{`state "A": field "Bogus"`, `state "B": field "Type"`} {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("%q does not mention %q", err, w)
		}
	}
}

func TestLoadAccepts(t *testing.T) {
	defs := map[string]string{
		"CommentsVersionAndJSONPath": `{"Comment":"c","Version":"1.0","QueryLanguage":"JSONPath","TimeoutSeconds":60,"StartAt":"S","States":{"S":{"Type":"Pass","Comment":"c","QueryLanguage":"JSONPath","End":true}}}`,
		"EveryStateType": `{"StartAt":"P","States":{
			"P":{"Type":"Pass","Next":"W"},
			"W":{"Type":"Wait","Seconds":0,"Next":"T"},
			"T":{"Type":"Task","Resource":"arn:aws:states:::lambda:invoke.waitForTaskToken","Parameters":{"FunctionName":"f","Payload":{"t.$":"$$.Task.Token"}},"HeartbeatSecondsPath":"$.hb","TimeoutSeconds":60,
				"Retry":[{"ErrorEquals":["E"],"IntervalSeconds":2,"MaxAttempts":0,"BackoffRate":1.5,"MaxDelaySeconds":9,"JitterStrategy":"NONE"}],
				"Catch":[{"ErrorEquals":["States.ALL"],"ResultPath":null,"Next":"F"}],"Next":"C"},
			"C":{"Type":"Choice","Choices":[{"Not":{"Variable":"$.x","IsPresent":true},"Next":"S"}],"Default":"F"},
			"S":{"Type":"Succeed"},"F":{"Type":"Fail"}}}`,
	}
	for name, def := range defs {
		t.Run(name, func(t *testing.T) {
			if _, err := Load(def); err != nil {
				t.Fatal(err)
			}
		})
	}
}
