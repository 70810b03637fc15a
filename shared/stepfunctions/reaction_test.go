package stepfunctions_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http/httptest"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/sfn"
	"github.com/aws/aws-sdk-go-v2/service/sfn/types"

	"chronicler/infra/local/statemachine"
	"chronicler/shared/fault"
	"chronicler/shared/stepfunctions"
	"chronicler/shared/workflow"
)

// guard bounds every wait; it detects hangs and never decides a result.
const guard = 10 * time.Second

const (
	rollTimeout   = 60 * time.Second
	windowTimeout = 20 * time.Second
	rollARN       = "arn:aws:lambda:us-east-1:000000000000:function:chronicler-roll"
	windowARN     = "arn:aws:lambda:us-east-1:000000000000:function:chronicler-window"
)

var subs = map[string]string{workflow.RollFunctionArn: rollARN, workflow.WindowFunctionArn: windowARN}

var turn = json.RawMessage(`{"campaign":"c1","turn":7,"actor":"ana"}`)

// lambdas stands in for the roll and window functions: the prompt and open
// actions hand their Request to the test (which answers through the
// Client, as the player's roll and react actions will), auto and close
// answer at once with what the test chose.
type lambdas struct {
	prompts, opens chan workflow.Request
	mu             sync.Mutex
	auto, close    func(workflow.Request) workflow.Outcome
	syncCalls      []workflow.Request
}

func (l *lambdas) invoke(_ context.Context, resource string, payload []byte) ([]byte, error) {
	var req workflow.Request
	if err := json.Unmarshal(payload, &req); err != nil {
		return nil, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	var out workflow.Outcome
	switch {
	case resource == rollARN && req.Action == workflow.ActionPrompt:
		l.prompts <- req
		return []byte(`{"prompted":true}`), nil
	case resource == windowARN && req.Action == workflow.ActionOpen:
		l.opens <- req
		return []byte(`{"opened":true}`), nil
	case resource == rollARN && req.Action == workflow.ActionAuto && l.auto != nil:
		out = l.auto(req)
	case resource == windowARN && req.Action == workflow.ActionClose && l.close != nil:
		out = l.close(req)
	default:
		return nil, &statemachine.TaskError{Name: "Test.Unexpected", Cause: fmt.Sprintf("%s %s", resource, req.Action)}
	}
	l.syncCalls = append(l.syncCalls, req)
	return json.Marshal(out)
}

type env struct {
	t      *testing.T
	svc    *statemachine.Service
	clock  *statemachine.ManualClock
	fns    *lambdas
	api    *sfn.Client
	client *stepfunctions.Client
	ctx    context.Context
}

// setup runs the reaction definition in the local interpreter behind its
// HTTP endpoint and talks to it with the real sfn client.
func setup(t *testing.T) *env {
	t.Helper()
	def, err := workflow.Substitute(workflow.Definition(), subs)
	if err != nil {
		t.Fatal(err)
	}
	m, err := statemachine.Load(def)
	if err != nil {
		t.Fatal(err)
	}
	fns := &lambdas{prompts: make(chan workflow.Request, 10), opens: make(chan workflow.Request, 10)}
	clock := statemachine.NewManualClock(time.Date(2026, 3, 14, 20, 0, 0, 0, time.UTC))
	svc := statemachine.New(statemachine.Options{Clock: clock, Invoker: fns.invoke})
	t.Cleanup(svc.Close)
	arn, err := svc.Register("chronicler-reaction", m)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(svc)
	t.Cleanup(srv.Close)
	api := sfn.New(sfn.Options{
		Region:       "us-east-1",
		Credentials:  credentials.NewStaticCredentialsProvider("local", "local", ""),
		BaseEndpoint: aws.String(srv.URL),
	})
	ctx, cancel := context.WithTimeout(context.Background(), guard)
	t.Cleanup(cancel)
	return &env{t: t, svc: svc, clock: clock, fns: fns, api: api, client: stepfunctions.NewClient(api, arn), ctx: ctx}
}

func (e *env) start(name string) string {
	e.t.Helper()
	arn, err := e.client.Start(e.ctx, workflow.Input{Name: name, Turn: turn, RollTimeout: rollTimeout, WindowTimeout: windowTimeout})
	if err != nil {
		e.t.Fatalf("Start: %v", err)
	}
	return arn
}

func (e *env) recv(ch chan workflow.Request, what string) workflow.Request {
	e.t.Helper()
	select {
	case r := <-ch:
		return r
	case <-e.ctx.Done():
		e.t.Fatalf("no %s", what)
	}
	return workflow.Request{}
}

func (e *env) answer(token string, next workflow.Next, round int, detail string) {
	e.t.Helper()
	if err := e.client.Answer(e.ctx, token, workflow.Outcome{Next: next, Round: round, Detail: json.RawMessage(detail)}); err != nil {
		e.t.Fatalf("Answer: %v", err)
	}
}

// finish waits for the execution and reads it back through the real client.
func (e *env) finish(arn string) (*sfn.DescribeExecutionOutput, statemachine.Execution) {
	e.t.Helper()
	ex, err := e.svc.Wait(e.ctx, arn)
	if err != nil {
		e.t.Fatal(err)
	}
	out, err := e.api.DescribeExecution(e.ctx, &sfn.DescribeExecutionInput{ExecutionArn: aws.String(arn)})
	if err != nil {
		e.t.Fatal(err)
	}
	return out, ex
}

func (e *env) path(arn string) []string {
	ev, _ := e.svc.History(arn)
	var states []string
	for _, x := range ev {
		if x.Type == statemachine.StateEntered {
			states = append(states, x.State)
		}
	}
	return states
}

func assertStale(t *testing.T, err error, want any) {
	t.Helper()
	if !fault.Is(err, fault.Conflict) {
		t.Fatalf("got %v, want a Conflict", err)
	}
	if code, msg := fault.Public(err); code != fault.Conflict || msg != "stale or repeated answer" {
		t.Fatalf("public %s %q", code, msg)
	}
	if !errors.As(err, want) {
		t.Fatalf("%v does not wrap %T", err, want)
	}
}

func assertOutcome(t *testing.T, out *sfn.DescribeExecutionOutput, want workflow.Outcome) {
	t.Helper()
	if out.Status != types.ExecutionStatusSucceeded {
		t.Fatalf("status %s %s %s", out.Status, aws.ToString(out.Error), aws.ToString(out.Cause))
	}
	var got workflow.Outcome
	if err := json.Unmarshal([]byte(aws.ToString(out.Output)), &got); err != nil {
		t.Fatal(err)
	}
	if got.Next != want.Next || got.Round != want.Round || !sameJSON(got.Detail, want.Detail) {
		t.Fatalf("outcome %s, want %+v", aws.ToString(out.Output), want)
	}
}

// sameJSON compares JSON by value: the machine re-encodes what it carries,
// so key order and spacing may change (as on Step Functions).
func sameJSON(a, b json.RawMessage) bool {
	if len(a) == 0 || len(b) == 0 {
		return len(a) == len(b)
	}
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return reflect.DeepEqual(x, y)
}

func assertPath(t *testing.T, got []string, want ...string) {
	t.Helper()
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("states %v, want %v", got, want)
	}
}

// One roll answered in time, one reaction round answered: the common
// interactive turn.
func TestRollAnsweredThenOneReaction(t *testing.T) {
	e := setup(t)
	arn := e.start("turn-7")

	prompt := e.recv(e.fns.prompts, "roll prompt")
	// A retried Start of the running turn is a no-op.
	if again := e.start("turn-7"); again != arn || len(e.fns.prompts) != 0 {
		t.Fatalf("restart gave %s", again)
	}
	if prompt.Execution != arn || !sameJSON(prompt.Turn, turn) || prompt.Outcome.Next != workflow.NextRoll || prompt.Token == "" {
		t.Fatalf("prompt %+v", prompt)
	}
	e.answer(prompt.Token, workflow.NextWindow, 0, `{"total":17,"hit":true}`)

	open := e.recv(e.fns.opens, "reaction window")
	if !sameJSON(open.Outcome.Detail, json.RawMessage(`{"total":17,"hit":true}`)) || open.Token == "" || open.Token == prompt.Token {
		t.Fatalf("open %+v", open)
	}
	e.answer(open.Token, workflow.NextDone, 1, `{"total":17,"shield":"bo","hit":false}`)

	out, ex := e.finish(arn)
	assertOutcome(t, out, workflow.Outcome{Next: workflow.NextDone, Round: 1, Detail: json.RawMessage(`{"total":17,"shield":"bo","hit":false}`)})
	assertPath(t, e.path(arn), "Route", "PromptRoll", "Route", "Window", "Route", "Done")
	if ex.Transitions != 6 {
		t.Errorf("transitions %d, want 6", ex.Transitions)
	}
	t.Logf("state transitions for one roll and one reaction round: %d", ex.Transitions)

	// Once it has closed, the name cannot start another flow.
	_, err := e.client.Start(e.ctx, workflow.Input{Name: "turn-7", Turn: turn, RollTimeout: rollTimeout, WindowTimeout: windowTimeout})
	if !fault.Is(err, fault.Conflict) {
		t.Errorf("restarting a closed turn: %v", err)
	}
	// Answering again is refused and changes nothing.
	assertStale(t, e.client.Answer(e.ctx, open.Token, workflow.Outcome{Next: workflow.NextDone, Round: 1}), new(*types.TaskTimedOut))
	assertStale(t, e.client.Answer(e.ctx, prompt.Token, workflow.Outcome{Next: workflow.NextDone}), new(*types.TaskTimedOut))
	if _, after := e.finish(arn); after.Transitions != ex.Transitions || after.Output != ex.Output {
		t.Fatalf("a stale answer changed the execution: %+v", after)
	}
}

func TestRollPromptTimesOutAndAutoRolls(t *testing.T) {
	e := setup(t)
	e.fns.auto = func(r workflow.Request) workflow.Outcome {
		return workflow.Outcome{Next: workflow.NextDone, Detail: json.RawMessage(`{"total":9,"auto":true}`)}
	}
	arn := e.start("turn-8")
	prompt := e.recv(e.fns.prompts, "roll prompt")
	e.clock.Advance(rollTimeout - time.Second)
	if d, _ := e.svc.DescribeExecution(arn); d.Status != statemachine.Running {
		t.Fatalf("closed before the roll timeout: %s", d.Status)
	}
	e.clock.Advance(time.Second)

	out, ex := e.finish(arn)
	assertOutcome(t, out, workflow.Outcome{Next: workflow.NextDone, Detail: json.RawMessage(`{"total":9,"auto":true}`)})
	assertPath(t, e.path(arn), "Route", "PromptRoll", "AutoRoll", "Route", "Done")
	if got := e.fns.syncCalls; len(got) != 1 || got[0].Action != workflow.ActionAuto || got[0].Token != "" || got[0].Outcome.Next != workflow.NextRoll {
		t.Fatalf("auto roll calls %+v", got)
	}
	t.Logf("state transitions when the roll prompt times out: %d", ex.Transitions)

	// The player's late roll is stale.
	assertStale(t, e.client.Answer(e.ctx, prompt.Token, workflow.Outcome{Next: workflow.NextDone}), new(*types.TaskTimedOut))
}

func TestWindowTimesOutAndCloses(t *testing.T) {
	e := setup(t)
	e.fns.close = func(r workflow.Request) workflow.Outcome {
		return workflow.Outcome{Next: workflow.NextDone, Round: r.Outcome.Round, Detail: json.RawMessage(`{"reactions":[]}`)}
	}
	arn := e.start("turn-9")
	e.answer(e.recv(e.fns.prompts, "roll prompt").Token, workflow.NextWindow, 0, `{"total":15}`)
	open := e.recv(e.fns.opens, "reaction window")
	e.clock.Advance(windowTimeout)

	out, ex := e.finish(arn)
	assertOutcome(t, out, workflow.Outcome{Next: workflow.NextDone, Detail: json.RawMessage(`{"reactions":[]}`)})
	assertPath(t, e.path(arn), "Route", "PromptRoll", "Route", "Window", "CloseWindow", "AfterClose", "Done")
	t.Logf("state transitions when the window times out: %d", ex.Transitions)
	assertStale(t, e.client.Answer(e.ctx, open.Token, workflow.Outcome{Next: workflow.NextDone, Round: 1}), new(*types.TaskTimedOut))
}

func TestReactionAsksForAnotherRoll(t *testing.T) {
	e := setup(t)
	arn := e.start("turn-10")
	e.answer(e.recv(e.fns.prompts, "first roll").Token, workflow.NextWindow, 0, `{"attack":16}`)
	e.answer(e.recv(e.fns.opens, "window").Token, workflow.NextRoll, 1, `{"attack":16,"shield":true}`)
	second := e.recv(e.fns.prompts, "second roll")
	if second.Outcome.Round != 1 || !sameJSON(second.Outcome.Detail, json.RawMessage(`{"attack":16,"shield":true}`)) {
		t.Fatalf("second prompt %+v", second.Outcome)
	}
	e.answer(second.Token, workflow.NextDone, 0, `{"damage":0}`)
	out, _ := e.finish(arn)
	assertOutcome(t, out, workflow.Outcome{Next: workflow.NextDone, Detail: json.RawMessage(`{"damage":0}`)})
	assertPath(t, e.path(arn), "Route", "PromptRoll", "Route", "Window", "Route", "PromptRoll", "Route", "Done")
}

// Counterspell against Counterspell... at most MaxRounds rounds per roll,
// then the window closes.
func TestReactionRoundsStopAtMaxRounds(t *testing.T) {
	e := setup(t)
	e.fns.close = func(r workflow.Request) workflow.Outcome {
		return workflow.Outcome{Next: workflow.NextDone, Round: r.Outcome.Round, Detail: json.RawMessage(`"limit"`)}
	}
	arn := e.start("turn-11")
	e.answer(e.recv(e.fns.prompts, "roll").Token, workflow.NextWindow, 0, "")
	for round := 1; round <= workflow.MaxRounds; round++ {
		open := e.recv(e.fns.opens, fmt.Sprintf("round %d", round))
		if open.Outcome.Round != round-1 {
			t.Fatalf("round %d opened with outcome round %d", round, open.Outcome.Round)
		}
		e.answer(open.Token, workflow.NextWindow, round, "")
	}
	out, ex := e.finish(arn)
	assertOutcome(t, out, workflow.Outcome{Next: workflow.NextDone, Round: workflow.MaxRounds, Detail: json.RawMessage(`"limit"`)})
	if len(e.fns.opens) != 0 {
		t.Fatal("a sixth round opened")
	}
	if got := e.fns.syncCalls; len(got) != 1 || got[0].Action != workflow.ActionClose || got[0].Outcome.Round != workflow.MaxRounds {
		t.Fatalf("close calls %+v", got)
	}
	t.Logf("state transitions for five reaction rounds: %d", ex.Transitions)
}

func TestStaleAndForgedAnswers(t *testing.T) {
	e := setup(t)
	arn := e.start("turn-12")
	prompt := e.recv(e.fns.prompts, "roll prompt")
	e.answer(prompt.Token, workflow.NextWindow, 0, "")
	open := e.recv(e.fns.opens, "window")
	before, _ := e.svc.DescribeExecution(arn)

	assertStale(t, e.client.Answer(e.ctx, prompt.Token, workflow.Outcome{Next: workflow.NextDone}), new(*types.TaskTimedOut))
	assertStale(t, e.client.Answer(e.ctx, "forged", workflow.Outcome{Next: workflow.NextDone}), new(*types.InvalidToken))
	assertStale(t, e.client.Fail(e.ctx, prompt.Token, "Roll.Rejected", "late"), new(*types.TaskTimedOut))
	if after, _ := e.svc.DescribeExecution(arn); after.Transitions != before.Transitions || after.Status != statemachine.Running {
		t.Fatalf("stale answers changed the execution: %+v", after)
	}
	e.answer(open.Token, workflow.NextDone, 1, "")
	out, _ := e.finish(arn)
	assertOutcome(t, out, workflow.Outcome{Next: workflow.NextDone, Round: 1})
}

func TestWorkerFailsTheFlow(t *testing.T) {
	e := setup(t)
	arn := e.start("turn-13")
	prompt := e.recv(e.fns.prompts, "roll prompt")
	if err := e.client.Fail(e.ctx, prompt.Token, "Roll.Rejected", "the character is unconscious"); err != nil {
		t.Fatal(err)
	}
	out, ex := e.finish(arn)
	if out.Status != types.ExecutionStatusFailed || aws.ToString(out.Error) != "Roll.Rejected" || aws.ToString(out.Cause) != "the character is unconscious" {
		t.Fatalf("got %s %s %s", out.Status, aws.ToString(out.Error), aws.ToString(out.Cause))
	}
	assertPath(t, e.path(arn), "Route", "PromptRoll", "Failed")
	_ = ex
}

func TestCloseWindowCannotReopen(t *testing.T) {
	e := setup(t)
	e.fns.close = func(workflow.Request) workflow.Outcome { return workflow.Outcome{Next: workflow.NextWindow, Round: 1} }
	arn := e.start("turn-14")
	e.answer(e.recv(e.fns.prompts, "roll").Token, workflow.NextWindow, 0, "")
	e.recv(e.fns.opens, "window")
	e.clock.Advance(windowTimeout)
	out, _ := e.finish(arn)
	if out.Status != types.ExecutionStatusFailed || aws.ToString(out.Error) != "Chronicler.BadOutcome" {
		t.Fatalf("got %s %s", out.Status, aws.ToString(out.Error))
	}
}

func TestAutoRollFailureFailsTheFlow(t *testing.T) {
	e := setup(t) // no auto function: the Lambda fails with Test.Unexpected
	arn := e.start("turn-15")
	e.recv(e.fns.prompts, "roll")
	e.clock.Advance(rollTimeout)
	out, _ := e.finish(arn)
	if out.Status != types.ExecutionStatusFailed || aws.ToString(out.Error) != "Test.Unexpected" {
		t.Fatalf("got %s %s", out.Status, aws.ToString(out.Error))
	}
	assertPath(t, e.path(arn), "Route", "PromptRoll", "AutoRoll", "Failed")
}

func TestClientRefusesBadInput(t *testing.T) {
	e := setup(t)
	tests := []struct {
		name string
		call func() error
	}{
		{"StartWithoutTurn", func() error {
			_, err := e.client.Start(e.ctx, workflow.Input{RollTimeout: time.Minute, WindowTimeout: time.Minute})
			return err
		}},
		{"StartWithFractionalTimeout", func() error {
			_, err := e.client.Start(e.ctx, workflow.Input{Turn: turn, RollTimeout: 1500 * time.Millisecond, WindowTimeout: time.Minute})
			return err
		}},
		{"StartWithoutWindowTimeout", func() error {
			_, err := e.client.Start(e.ctx, workflow.Input{Turn: turn, RollTimeout: time.Minute})
			return err
		}},
		{"AnswerWithUnknownNext", func() error { return e.client.Answer(e.ctx, "t", workflow.Outcome{Next: "later"}) }},
		{"AnswerWithTooManyRounds", func() error {
			return e.client.Answer(e.ctx, "t", workflow.Outcome{Next: workflow.NextDone, Round: workflow.MaxRounds + 1})
		}},
		{"FailWithReservedName", func() error { return e.client.Fail(e.ctx, "t", "States.Timeout", "") }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.call(); !fault.Is(err, fault.Invalid) {
				t.Fatalf("got %v, want Invalid", err)
			}
		})
	}
	t.Run("NameReusedWithOtherInputIsConflict", func(t *testing.T) {
		e.start("turn-16")
		_, err := e.client.Start(e.ctx, workflow.Input{Name: "turn-16", Turn: json.RawMessage(`{"other":true}`), RollTimeout: rollTimeout, WindowTimeout: windowTimeout})
		if !fault.Is(err, fault.Conflict) {
			t.Fatalf("got %v", err)
		}
	})
}

func TestClientUnreachableIsUnavailable(t *testing.T) {
	srv := httptest.NewServer(nil)
	url := srv.URL
	srv.Close()
	api := sfn.New(sfn.Options{
		Region:       "us-east-1",
		Credentials:  credentials.NewStaticCredentialsProvider("local", "local", ""),
		BaseEndpoint: aws.String(url),
		Retryer:      aws.NopRetryer{},
	})
	err := stepfunctions.NewClient(api, "arn:aws:states:us-east-1:000000000000:stateMachine:x").Answer(context.Background(), "t", workflow.Outcome{Next: workflow.NextDone})
	if !fault.Is(err, fault.Unavailable) {
		t.Fatalf("got %v", err)
	}
}
