package statemachine

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

const fnARN = "arn:aws:lambda:us-east-1:123456789012:function:f"

// failing answers the Invoker with the named errors in turn, then succeeds.
func failing(names ...string) func(context.Context, call) ([]byte, error) {
	var n atomic.Int32
	return func(context.Context, call) ([]byte, error) {
		i := int(n.Add(1)) - 1
		if i < len(names) {
			return nil, &TaskError{Name: names[i], Cause: "attempt failed"}
		}
		return []byte(`{"ok":true}`), nil
	}
}

func task(extra string) string {
	return `{"Type":"Task","Resource":"` + fnARN + `","ResultPath":"$.r"` + extra + `,"Next":"Done"}`
}

const done = `"Done":{"Type":"Succeed"}`

// Retry and Catch as the developer guide orders them: the first retrier
// whose ErrorEquals matches decides (an exhausted one ends retrying), the
// delay grows by BackoffRate up to MaxDelaySeconds, then the first
// matching catcher wins and its ResultPath puts {Error, Cause} into the
// state's input.
func TestRetryAndCatch(t *testing.T) {
	tests := []struct {
		name      string
		extra     string
		errs      []string
		delays    []time.Duration // the retry waits expected, in order
		wantCalls int
		want      string // the execution's output, or "FAILED <error>"
	}{
		{"RetrySucceeds", `,"Retry":[{"ErrorEquals":["E"],"IntervalSeconds":2,"BackoffRate":3,"MaxAttempts":3}]`,
			[]string{"E", "E"}, []time.Duration{2 * time.Second, 6 * time.Second}, 3, `{"r":{"ok":true}}`},
		{"DefaultsAreOneSecondTimesTwoThreeTimes", `,"Retry":[{"ErrorEquals":["E"]}]`,
			[]string{"E", "E", "E"}, []time.Duration{1 * time.Second, 2 * time.Second, 4 * time.Second}, 4, `{"r":{"ok":true}}`},
		{"MaxDelaySecondsCaps", `,"Retry":[{"ErrorEquals":["E"],"IntervalSeconds":4,"BackoffRate":10,"MaxDelaySeconds":5}]`,
			[]string{"E", "E"}, []time.Duration{4 * time.Second, 5 * time.Second}, 3, `{"r":{"ok":true}}`},
		{"ExhaustedRetrierGoesToCatch", `,"Retry":[{"ErrorEquals":["E"],"MaxAttempts":1}],"Catch":[{"ErrorEquals":["E"],"ResultPath":"$.err","Next":"Done"}]`,
			[]string{"E", "E"}, []time.Duration{time.Second}, 2, `{"err":{"Error":"E","Cause":"attempt failed"}}`},
		{"MaxAttemptsZeroNeverRetries", `,"Retry":[{"ErrorEquals":["E"],"MaxAttempts":0}],"Catch":[{"ErrorEquals":["E"],"ResultPath":"$.err","Next":"Done"}]`,
			[]string{"E"}, nil, 1, `{"err":{"Error":"E","Cause":"attempt failed"}}`},
		{"FirstMatchingRetrierOnlyEvenWhenExhausted", `,"Retry":[{"ErrorEquals":["E"],"MaxAttempts":0},{"ErrorEquals":["States.ALL"],"MaxAttempts":5}]`,
			[]string{"E"}, nil, 1, "FAILED E"},
		{"RetriersCountSeparately", `,"Retry":[{"ErrorEquals":["A"],"MaxAttempts":1,"IntervalSeconds":3},{"ErrorEquals":["B"],"MaxAttempts":1,"IntervalSeconds":7}]`,
			[]string{"A", "B"}, []time.Duration{3 * time.Second, 7 * time.Second}, 3, `{"r":{"ok":true}}`},
		{"FirstMatchingCatcherWins", `,"Catch":[{"ErrorEquals":["Other"],"Next":"Done"},{"ErrorEquals":["E"],"ResultPath":"$.first","Next":"Done"},{"ErrorEquals":["States.ALL"],"ResultPath":"$.all","Next":"Done"}]`,
			[]string{"E"}, nil, 1, `{"first":{"Error":"E","Cause":"attempt failed"}}`},
		{"CatchWithoutResultPathReplacesInput", `,"Catch":[{"ErrorEquals":["States.ALL"],"Next":"Done"}]`,
			[]string{"E"}, nil, 1, `{"Error":"E","Cause":"attempt failed"}`},
		{"CatchResultPathNullKeepsInput", `,"Catch":[{"ErrorEquals":["States.ALL"],"ResultPath":null,"Next":"Done"}]`,
			[]string{"E"}, nil, 1, `{}`},
		{"TaskFailedMatchesAnyTaskError", `,"Catch":[{"ErrorEquals":["States.TaskFailed"],"ResultPath":"$.err","Next":"Done"}]`,
			[]string{"Lambda.Whatever"}, nil, 1, `{"err":{"Error":"Lambda.Whatever","Cause":"attempt failed"}}`},
		{"UncaughtErrorFailsExecution", `,"Catch":[{"ErrorEquals":["Other"],"Next":"Done"}]`,
			[]string{"E"}, nil, 1, "FAILED E"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, one(task(tc.extra), done), failing(tc.errs...))
			arn := h.start(`{}`)
			h.nextCall()
			for i, d := range tc.delays {
				h.blockUntil(1)
				if d > time.Second {
					h.clock.Advance(d - time.Second)
					if h.clock.Pending() != 1 {
						t.Fatalf("retry %d fired before %s", i+1, d)
					}
					h.clock.Advance(time.Second)
				} else {
					h.clock.Advance(d)
				}
				h.nextCall()
			}
			e := h.wait(arn)
			if len(h.calls) != 0 {
				t.Fatalf("%d more calls than expected", len(h.calls))
			}
			if got := 1 + len(tc.delays); got != tc.wantCalls {
				t.Fatalf("test table: %d calls, want %d", got, tc.wantCalls)
			}
			if strings.HasPrefix(tc.want, "FAILED ") {
				if e.Status != Failed || e.Error != strings.TrimPrefix(tc.want, "FAILED ") {
					t.Fatalf("got %s %s", e.Status, e.Error)
				}
				return
			}
			if e.Status != Succeeded {
				t.Fatalf("status %s %s %s", e.Status, e.Error, e.Cause)
			}
			jsonEqual(t, e.Output, tc.want)
			if want := 2 + len(tc.delays); e.Transitions != want {
				t.Errorf("transitions %d, want %d (each retry counts)", e.Transitions, want)
			}
		})
	}
}

// Runtime errors are never retried or caught, not even by States.ALL.
func TestRuntimeErrorIsNotCaught(t *testing.T) {
	h := newHarness(t, one(task(`,"TimeoutSecondsPath":"$.t","Retry":[{"ErrorEquals":["States.ALL"]}],"Catch":[{"ErrorEquals":["States.ALL"],"Next":"Done"}]`), done), nil)
	e := h.wait(h.start(`{"t":"soon"}`))
	if e.Status != Failed || e.Error != errRuntime {
		t.Fatalf("got %s %s", e.Status, e.Error)
	}
	if len(h.calls) != 0 {
		t.Fatal("the task ran")
	}
}

// TimeoutSeconds bounds a synchronous invocation: States.Timeout, which
// States.TaskFailed does not match and States.Timeout does.
func TestTaskTimeout(t *testing.T) {
	blocking := func(ctx context.Context, _ call) ([]byte, error) {
		<-ctx.Done() // the Invoker must honour cancellation
		return nil, ctx.Err()
	}
	tests := []struct {
		name, catch, want string
	}{
		{"CaughtByStatesTimeout", `[{"ErrorEquals":["States.TaskFailed"],"ResultPath":"$.tf","Next":"Done"},{"ErrorEquals":["States.Timeout"],"ResultPath":"$.to","Next":"Done"}]`, "to"},
		{"CaughtByStatesAll", `[{"ErrorEquals":["States.ALL"],"ResultPath":"$.all","Next":"Done"}]`, "all"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, one(task(`,"TimeoutSeconds":30,"Catch":`+tc.catch), done), blocking)
			arn := h.start(`{}`)
			h.nextCall() // the timer started before the call
			h.clock.Advance(29 * time.Second)
			if d, _ := h.svc.DescribeExecution(arn); d.Status != Running {
				t.Fatalf("closed early: %s", d.Status)
			}
			h.clock.Advance(time.Second)
			e := h.wait(arn)
			if e.Status != Succeeded || !strings.Contains(e.Output, `"`+tc.want+`":{"Cause"`) || !strings.Contains(e.Output, errTimeout) {
				t.Fatalf("got %s %s %s", e.Status, e.Output, e.Error)
			}
		})
	}
	t.Run("TaskFailedDoesNotMatchTimeout", func(t *testing.T) {
		h := newHarness(t, one(task(`,"TimeoutSeconds":30,"Catch":[{"ErrorEquals":["States.TaskFailed"],"Next":"Done"}]`), done), blocking)
		arn := h.start(`{}`)
		h.nextCall()
		h.clock.Advance(30 * time.Second)
		if e := h.wait(arn); e.Status != Failed || e.Error != errTimeout {
			t.Fatalf("got %s %s", e.Status, e.Error)
		}
	})
}

const waitTask = `{"Type":"Task","Resource":"arn:aws:states:::lambda:invoke.waitForTaskToken",
	"Parameters":{"FunctionName":"prompt","Payload":{"token.$":"$$.Task.Token","who.$":"$.who"}},
	"ResultPath":"$.answer"%s,"Next":"Done"}`

func waitDef(extra string) string {
	return one(strings.Replace(waitTask, "%s", extra, 1), done)
}

func tokenOf(t *testing.T, c call) string {
	t.Helper()
	tok, _ := c.Payload["token"].(string)
	if tok == "" {
		t.Fatalf("no token in %v", c.Payload)
	}
	return tok
}

// .waitForTaskToken: the function is invoked with the token, then the task
// waits for SendTaskSuccess, SendTaskFailure, a heartbeat or its timeouts.
func TestWaitForTaskToken(t *testing.T) {
	t.Run("SendTaskSuccessIsTheResult", func(t *testing.T) {
		h := newHarness(t, waitDef(""), func(context.Context, call) ([]byte, error) { return []byte(`{"ignored":true}`), nil })
		arn := h.start(`{"who":"ana"}`)
		c := h.nextCall()
		if c.Resource != "prompt" || c.Payload["who"] != "ana" {
			t.Fatalf("call %+v", c)
		}
		if err := h.svc.SendTaskSuccess(tokenOf(t, c), `{"roll":17}`); err != nil {
			t.Fatal(err)
		}
		e := h.wait(arn)
		jsonEqual(t, e.Output, `{"who":"ana","answer":{"roll":17}}`)
	})
	t.Run("AnswerWhileTheFunctionRuns", func(t *testing.T) {
		var h *harness
		h = newHarness(t, waitDef(""), func(_ context.Context, c call) ([]byte, error) {
			return nil, h.svc.SendTaskSuccess(c.Payload["token"].(string), `"early"`)
		})
		e := h.wait(h.start(`{"who":"ana"}`))
		jsonEqual(t, e.Output, `{"who":"ana","answer":"early"}`)
	})
	t.Run("SendTaskFailureIsCaughtByName", func(t *testing.T) {
		h := newHarness(t, waitDef(`,"Catch":[{"ErrorEquals":["Player.Left"],"ResultPath":"$.err","Next":"Done"}]`), nil)
		arn := h.start(`{"who":"ana"}`)
		if err := h.svc.SendTaskFailure(tokenOf(t, h.nextCall()), "Player.Left", "gone"); err != nil {
			t.Fatal(err)
		}
		jsonEqual(t, h.wait(arn).Output, `{"who":"ana","err":{"Error":"Player.Left","Cause":"gone"}}`)
	})
	t.Run("TimeoutSecondsPathTimesOut", func(t *testing.T) {
		h := newHarness(t, waitDef(`,"TimeoutSecondsPath":"$.limit","Catch":[{"ErrorEquals":["States.Timeout"],"ResultPath":"$.err","Next":"Done"}]`), nil)
		arn := h.start(`{"who":"ana","limit":20}`)
		tok := tokenOf(t, h.nextCall())
		h.clock.Advance(20 * time.Second)
		e := h.wait(arn)
		if !strings.Contains(e.Output, errTimeout) {
			t.Fatalf("output %s", e.Output)
		}
		assertAPIError(t, h.svc.SendTaskSuccess(tok, `{}`), ErrTaskTimedOut)
	})
	t.Run("HeartbeatsKeepTheTaskAlive", func(t *testing.T) {
		h := newHarness(t, waitDef(`,"HeartbeatSeconds":10,"TimeoutSeconds":100`), nil)
		arn := h.start(`{"who":"ana"}`)
		tok := tokenOf(t, h.nextCall())
		for range 3 {
			// The task waits on its timeout and its heartbeat timer; each
			// heartbeat starts a new heartbeat timer.
			h.blockUntil(2)
			h.clock.Advance(9 * time.Second)
			before := h.clock.Pending()
			if err := h.svc.SendTaskHeartbeat(tok); err != nil {
				t.Fatal(err)
			}
			h.blockUntil(before + 1)
		}
		if err := h.svc.SendTaskSuccess(tok, `1`); err != nil {
			t.Fatal(err)
		}
		if e := h.wait(arn); e.Status != Succeeded {
			t.Fatalf("got %s %s", e.Status, e.Error)
		}
	})
	t.Run("MissedHeartbeatIsHeartbeatTimeoutMatchedByStatesTimeout", func(t *testing.T) {
		h := newHarness(t, waitDef(`,"HeartbeatSeconds":10,"Catch":[{"ErrorEquals":["States.TaskFailed"],"ResultPath":"$.tf","Next":"Done"},{"ErrorEquals":["States.Timeout"],"ResultPath":"$.err","Next":"Done"}]`), nil)
		arn := h.start(`{"who":"ana"}`)
		h.nextCall()
		h.blockUntil(1)
		h.clock.Advance(10 * time.Second)
		e := h.wait(arn)
		if !strings.Contains(e.Output, `"err":{"Cause"`) || !strings.Contains(e.Output, errHeartbeatTimeout) {
			t.Fatalf("output %s", e.Output)
		}
	})
	t.Run("FunctionErrorFailsTheTask", func(t *testing.T) {
		h := newHarness(t, waitDef(""), failing("Lambda.ServiceException"))
		e := h.wait(h.start(`{"who":"ana"}`))
		if e.Status != Failed || e.Error != "Lambda.ServiceException" {
			t.Fatalf("got %s %s", e.Status, e.Error)
		}
	})
	t.Run("RetryMintsANewToken", func(t *testing.T) {
		h := newHarness(t, waitDef(`,"TimeoutSeconds":5,"Retry":[{"ErrorEquals":["States.Timeout"],"MaxAttempts":1,"IntervalSeconds":1}]`), nil)
		arn := h.start(`{"who":"ana"}`)
		first := tokenOf(t, h.nextCall())
		h.clock.Advance(5 * time.Second)
		h.blockUntil(1)
		h.clock.Advance(time.Second)
		second := tokenOf(t, h.nextCall())
		if first == second {
			t.Fatal("the retry reused the token")
		}
		assertAPIError(t, h.svc.SendTaskSuccess(first, `1`), ErrTaskTimedOut)
		if err := h.svc.SendTaskSuccess(second, `2`); err != nil {
			t.Fatal(err)
		}
		e := h.wait(arn)
		jsonEqual(t, e.Output, `{"who":"ana","answer":2}`)
		if e.Transitions != 3 {
			t.Errorf("transitions %d, want 3 (task, retry, Done)", e.Transitions)
		}
	})
}

func assertAPIError(t *testing.T, err error, typ string) {
	t.Helper()
	var ae *APIError
	if !errors.As(err, &ae) || ae.Type != typ {
		t.Fatalf("got %v, want %s", err, typ)
	}
}

// A token answers once; every other answer is refused and changes nothing.
func TestStaleAnswers(t *testing.T) {
	h := newHarness(t, waitDef(""), nil)
	arn := h.start(`{"who":"ana"}`)
	tok := tokenOf(t, h.nextCall())

	assertAPIError(t, h.svc.SendTaskSuccess(tok, `{not json`), ErrInvalidOutput)
	if err := h.svc.SendTaskSuccess(tok, `"first"`); err != nil {
		t.Fatal(err)
	}
	e := h.wait(arn)
	before := len(h.history(arn))

	assertAPIError(t, h.svc.SendTaskSuccess(tok, `"second"`), ErrTaskTimedOut)
	assertAPIError(t, h.svc.SendTaskFailure(tok, "E", ""), ErrTaskTimedOut)
	assertAPIError(t, h.svc.SendTaskHeartbeat(tok), ErrTaskTimedOut)
	assertAPIError(t, h.svc.SendTaskSuccess("not-a-token", `1`), ErrInvalidToken)
	assertAPIError(t, h.svc.SendTaskSuccess("", `1`), ErrInvalidToken)
	assertAPIError(t, h.svc.SendTaskSuccess(newToken("arn:aws:states:us-east-1:000000000000:execution:test:gone"), `1`), ErrTaskDoesNotExist)

	after, _ := h.svc.DescribeExecution(arn)
	if after.Output != e.Output || after.Transitions != e.Transitions || len(h.history(arn)) != before {
		t.Fatalf("a stale answer changed the execution: %+v", after)
	}
	jsonEqual(t, after.Output, `{"who":"ana","answer":"first"}`)
}

func TestStopExecution(t *testing.T) {
	h := newHarness(t, waitDef(""), nil)
	arn := h.start(`{"who":"ana"}`)
	tok := tokenOf(t, h.nextCall())
	e, err := h.svc.StopExecution(arn, "Turn.Cancelled", "the table left")
	if err != nil {
		t.Fatal(err)
	}
	if e.Status != Aborted || e.Error != "Turn.Cancelled" || e.StopDate.IsZero() {
		t.Fatalf("got %+v", e)
	}
	assertAPIError(t, h.svc.SendTaskSuccess(tok, `1`), ErrTaskTimedOut)
	if again, err := h.svc.StopExecution(arn, "", ""); err != nil || again.Status != Aborted {
		t.Fatalf("stopping twice: %v %s", err, again.Status)
	}
	_, err = h.svc.StopExecution("arn:aws:states:us-east-1:000000000000:execution:test:nope", "", "")
	assertAPIError(t, err, ErrExecutionDoesNotExist)
}

func TestExecutionTimeoutSeconds(t *testing.T) {
	h := newHarness(t, `{"StartAt":"S","TimeoutSeconds":60,"States":{"S":`+strings.Replace(waitTask, "%s", "", 1)+`,`+done+`}}`, nil)
	arn := h.start(`{"who":"ana"}`)
	h.nextCall()
	h.clock.Advance(60 * time.Second)
	e := h.wait(arn)
	if e.Status != TimedOut || e.Error != errTimeout {
		t.Fatalf("got %s %s", e.Status, e.Error)
	}
}

func TestStartExecution(t *testing.T) {
	h := newHarness(t, waitDef(""), nil)
	first, err := h.svc.StartExecution(h.arn, "turn-1", `{"who":"ana"}`)
	if err != nil {
		t.Fatal(err)
	}
	h.nextCall()
	again, err := h.svc.StartExecution(h.arn, "turn-1", `{"who":"ana"}`)
	if err != nil || again.ARN != first.ARN {
		t.Fatalf("same name and input: %v %s", err, again.ARN)
	}
	_, err = h.svc.StartExecution(h.arn, "turn-1", `{"who":"bo"}`)
	assertAPIError(t, err, ErrExecutionAlreadyExists)
	_, err = h.svc.StartExecution(h.arn, "bad name!", `{}`)
	assertAPIError(t, err, ErrInvalidName)
	_, err = h.svc.StartExecution(h.arn, "", `{`)
	assertAPIError(t, err, ErrInvalidExecutionInput)
	_, err = h.svc.StartExecution("arn:aws:states:us-east-1:000000000000:stateMachine:nope", "", `{}`)
	assertAPIError(t, err, ErrStateMachineDoesNotExist)
	if len(h.calls) != 0 {
		t.Fatal("a refused start ran")
	}
}

func TestWaitState(t *testing.T) {
	tests := []struct {
		name, state, input string
		wait               time.Duration
	}{
		{"Seconds", `{"Type":"Wait","Seconds":30,"Next":"Done"}`, `{}`, 30 * time.Second},
		{"SecondsPath", `{"Type":"Wait","SecondsPath":"$.s","Next":"Done"}`, `{"s":45}`, 45 * time.Second},
		{"SecondsPathAfterInputPath", `{"Type":"Wait","InputPath":"$.inner","SecondsPath":"$.s","Next":"Done"}`, `{"inner":{"s":5}}`, 5 * time.Second},
		{"Timestamp", `{"Type":"Wait","Timestamp":"2026-03-14T12:01:00Z","Next":"Done"}`, `{}`, time.Minute},
		{"TimestampPath", `{"Type":"Wait","TimestampPath":"$.at","Next":"Done"}`, `{"at":"2026-03-14T13:00:00+01:00"}`, 0},
		{"TimestampInThePast", `{"Type":"Wait","Timestamp":"2020-01-01T00:00:00Z","Next":"Done"}`, `{}`, 0},
		{"ZeroSeconds", `{"Type":"Wait","Seconds":0,"Next":"Done"}`, `{}`, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, one(tc.state, done), nil)
			arn := h.start(tc.input)
			if tc.wait > 0 {
				h.blockUntil(1)
				h.clock.Advance(tc.wait - time.Nanosecond)
				if d, _ := h.svc.DescribeExecution(arn); d.Status != Running || h.clock.Pending() != 1 {
					t.Fatalf("the wait ended early: %s", d.Status)
				}
				h.clock.Advance(time.Nanosecond)
			}
			e := h.wait(arn)
			if e.Status != Succeeded {
				t.Fatalf("got %s %s %s", e.Status, e.Error, e.Cause)
			}
			want := tc.input
			if tc.name == "SecondsPathAfterInputPath" {
				want = `{"s":5}` // a Wait state's output is its (filtered) input
			}
			jsonEqual(t, e.Output, want)
		})
	}
	t.Run("SecondsPathNotANumberIsRuntime", func(t *testing.T) {
		e := run(t, one(`{"Type":"Wait","SecondsPath":"$.s","Next":"Done"}`, done), `{"s":"ten"}`)
		if e.Status != Failed || e.Error != errRuntime {
			t.Fatalf("got %s %s", e.Status, e.Error)
		}
	})
}

// The history counts what Step Functions bills: one transition per state
// entered, one per retry.
func TestHistoryAndTransitions(t *testing.T) {
	var events []EventType
	m, err := Load(`{"StartAt":"A","States":{"A":{"Type":"Pass","Next":"B"},"B":{"Type":"Choice","Choices":[{"Variable":"$.x","IsPresent":true,"Next":"C"}],"Default":"C"},"C":{"Type":"Succeed"}}}`)
	if err != nil {
		t.Fatal(err)
	}
	svc := New(Options{Clock: NewManualClock(epoch0), OnEvent: func(e Event) { events = append(events, e.Type) }})
	defer svc.Close()
	arn, _ := svc.Register("m", m)
	ex, err := svc.StartExecution(arn, "x", `{}`)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), guard)
	defer cancel()
	e, err := svc.Wait(ctx, ex.ARN)
	if err != nil {
		t.Fatal(err)
	}
	if e.Transitions != 3 {
		t.Errorf("transitions %d, want 3", e.Transitions)
	}
	want := []EventType{ExecutionStarted, StateEntered, StateExited, StateEntered, StateExited, StateEntered, StateExited, ExecutionSucceeded}
	if strings.Join(toStrings(events), ",") != strings.Join(toStrings(want), ",") {
		t.Errorf("events %v", events)
	}
}

func toStrings(ev []EventType) []string {
	out := make([]string, len(ev))
	for i, e := range ev {
		out[i] = string(e)
	}
	return out
}

func TestKeepClosedForgetsTheOldest(t *testing.T) {
	m, err := Load(one(`{"Type":"Succeed"}`))
	if err != nil {
		t.Fatal(err)
	}
	svc := New(Options{KeepClosed: 1})
	defer svc.Close()
	arn, _ := svc.Register("m", m)
	ctx, cancel := context.WithTimeout(context.Background(), guard)
	defer cancel()
	var arns []string
	for _, name := range []string{"a", "b"} {
		e, err := svc.StartExecution(arn, name, "")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Wait(ctx, e.ARN); err != nil {
			t.Fatal(err)
		}
		arns = append(arns, e.ARN)
	}
	_, err = svc.DescribeExecution(arns[0])
	assertAPIError(t, err, ErrExecutionDoesNotExist)
	if e, err := svc.DescribeExecution(arns[1]); err != nil || e.Status != Succeeded || e.Output != "{}" {
		t.Fatalf("newest: %+v %v", e, err)
	}
}
