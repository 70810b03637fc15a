package statemachine

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// task runs a Task state: InputPath, then per attempt Parameters, the
// invocation (and, for .waitForTaskToken, the wait for the token), then
// ResultSelector, ResultPath and OutputPath. An error goes to the first
// retrier whose ErrorEquals matches (if it has attempts left), else to the
// first matching catcher, else fails the execution.
func (s *Service) task(e *execution, st *state, raw any, entered time.Time) stepResult {
	attempts := make([]int, len(st.retry))
	retries := 0
	for {
		out, serr := s.attempt(e, st, raw, entered, retries)
		if e.ctx.Err() != nil {
			return stepResult{aborted: true}
		}
		if serr == nil {
			return next(st, out)
		}
		s.record(e, Event{Type: TaskFailed, State: st.name, Error: serr.name, Cause: serr.cause})
		if serr.name == errRuntime {
			return stepResult{err: serr}
		}
		if i := retrierFor(st.retry, attempts, serr.name); i >= 0 {
			delay := st.retry[i].delay(attempts[i])
			attempts[i]++
			retries++
			s.record(e, Event{Type: TaskRetried, State: st.name, Error: serr.name, Cause: fmt.Sprintf("retry %d in %s", attempts[i], delay)})
			select {
			case <-s.clock.After(delay):
			case <-e.ctx.Done():
				return stepResult{aborted: true}
			}
			continue
		}
		for _, c := range st.catch {
			if !errorMatches(c.errorEquals, serr.name) {
				continue
			}
			s.record(e, Event{Type: ErrorCaught, State: st.name, Error: serr.name, Cause: serr.cause})
			out, err := applyResultPath(c.resultPath, raw, map[string]any{"Error": serr.name, "Cause": serr.cause})
			if err != nil {
				return stepResult{err: err}
			}
			return stepResult{out: out, next: c.next}
		}
		return stepResult{err: serr}
	}
}

// retrierFor picks the first retrier whose ErrorEquals matches name; if
// that retrier has used its MaxAttempts, nothing retries (later retriers
// are not consulted).
func retrierFor(retry []retrier, attempts []int, name string) int {
	for i, r := range retry {
		if errorMatches(r.errorEquals, name) {
			if attempts[i] >= r.maxAttempts {
				return -1
			}
			return i
		}
	}
	return -1
}

// errorMatches implements ErrorEquals. States.ALL matches every error and
// States.TaskFailed every error but timeouts; States.Timeout also matches a
// missed heartbeat. Nothing matches States.Runtime.
func errorMatches(equals []string, name string) bool {
	if name == errRuntime {
		return false
	}
	timeout := name == errTimeout || name == errHeartbeatTimeout
	for _, want := range equals {
		switch {
		case want == name,
			want == errAll,
			want == errTaskFailed && !timeout,
			want == errTimeout && name == errHeartbeatTimeout:
			return true
		}
	}
	return false
}

// attempt runs the task once and answers the state's output.
func (s *Service) attempt(e *execution, st *state, raw any, entered time.Time, retries int) (any, *stateError) {
	in, serr := selectInput("InputPath", st.inputPath, raw)
	if serr != nil {
		return nil, serr
	}
	timeout, serr := durationFrom(st.timeout, st.timeoutPath, "TimeoutSecondsPath", in)
	if serr != nil {
		return nil, serr
	}
	heartbeat, serr := durationFrom(st.heartbeat, st.heartbeatPath, "HeartbeatSecondsPath", in)
	if serr != nil {
		return nil, serr
	}
	// TimeoutSeconds counts from the start of the attempt, invocation
	// included, so the timer starts before anything runs.
	var deadline <-chan time.Time
	if timeout > 0 {
		deadline = s.clock.After(timeout)
	}
	var w *waiter
	token := ""
	if st.kind == lambdaWait {
		token = newToken(e.arn)
		w = &waiter{exec: e, state: st.name, answer: make(chan answer, 1), beat: make(chan struct{}, 1)}
		s.mu.Lock()
		s.tokens[token] = w
		s.mu.Unlock()
		defer s.expire(token, w)
	}
	ctx := s.contextObject(e, st, entered, retries, token)
	effective := in
	if st.parameters != nil {
		if effective, serr = st.parameters.eval(in, ctx); serr != nil {
			return nil, serr
		}
	}
	resource, payload := st.resource, effective
	if st.kind != lambdaDirect {
		params := effective.(map[string]any)
		fn, ok := params["FunctionName"].(string)
		if !ok || fn == "" {
			return nil, &stateError{name: errParameterPath, cause: fmt.Sprintf("FunctionName must be a non-empty string, not %s", encodeJSON(params["FunctionName"]))}
		}
		resource, payload = fn, params["Payload"]
	}
	s.record(e, Event{Type: TaskScheduled, State: st.name})
	body, serr := s.invoke(e.ctx, resource, []byte(encodeJSON(payload)), deadline)
	var result any
	switch {
	case serr != nil:
		// An answer accepted while the function ran wins over its failure:
		// the worker was told its answer counted. awaitToken picks it up.
		if w == nil || s.expire(token, w) {
			return nil, serr
		}
	case st.kind == lambdaDirect:
		result = body
	case st.kind == lambdaInvoke:
		result = map[string]any{"ExecutedVersion": "$LATEST", "Payload": body, "StatusCode": int64(200)}
	}
	if w != nil {
		s.record(e, Event{Type: TaskWaiting, State: st.name})
		if result, serr = s.awaitToken(e, token, w, deadline, heartbeat); serr != nil {
			return nil, serr
		}
	}
	s.record(e, Event{Type: TaskSucceeded, State: st.name})
	if st.resultSelector != nil {
		if result, serr = st.resultSelector.eval(result, ctx); serr != nil {
			return nil, serr
		}
	}
	out, serr := applyResultPath(st.resultPath, raw, result)
	if serr != nil {
		return nil, serr
	}
	return selectInput("OutputPath", st.outputPath, out)
}

// durationFrom reads a TimeoutSeconds or HeartbeatSeconds value, from the
// definition or through its *Path from the state's input.
func durationFrom(fixed time.Duration, p *path, field string, in any) (time.Duration, *stateError) {
	if p == nil {
		return fixed, nil
	}
	v, _ := p.get(in, nil)
	n, ok := number(v)
	if !ok || !n.isInt || n.i < 1 || n.i > 99999999 {
		return 0, runtimeErr("%s '%s' must select a whole number of seconds from 1 to 99999999, not %s", field, p.src, encodeJSON(v))
	}
	return time.Duration(n.i) * time.Second, nil
}

type invokeResult struct {
	body []byte
	err  error
}

// invoke calls the Invoker, bounded by the task's deadline and the
// execution's life, and decodes the function's JSON answer.
func (s *Service) invoke(ctx context.Context, resource string, payload []byte, deadline <-chan time.Time) (any, *stateError) {
	if s.opts.Invoker == nil {
		return nil, &stateError{name: errLambdaUnknown, cause: "no Invoker is configured to run " + resource}
	}
	ictx, cancel := context.WithCancel(ctx)
	defer cancel()
	done := make(chan invokeResult, 1)
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		b, err := s.opts.Invoker(ictx, resource, payload)
		done <- invokeResult{b, err}
	}()
	var r invokeResult
	select {
	case r = <-done:
	case <-deadline:
		return nil, &stateError{name: errTimeout, cause: "The task ran longer than its TimeoutSeconds"}
	case <-ctx.Done():
		return nil, &stateError{name: errExecutionAborted, cause: "execution stopped"}
	}
	if r.err != nil {
		if te, ok := errors.AsType[*TaskError](r.err); ok {
			return nil, &stateError{name: te.Name, cause: te.Cause}
		}
		return nil, &stateError{name: errLambdaUnknown, cause: r.err.Error()}
	}
	if len(r.body) == 0 {
		return nil, nil
	}
	v, err := decodeJSON(r.body)
	if err != nil {
		return nil, &stateError{name: errLambdaUnknown, cause: fmt.Sprintf("the function %s answered something that is not JSON: %v", resource, err)}
	}
	return v, nil
}

// waiter is a .waitForTaskToken task waiting for its token.
type waiter struct {
	exec   *execution
	state  string
	answer chan answer   // gets the one accepted answer
	beat   chan struct{} // a heartbeat arrived
}

type answer struct {
	output     any
	failed     bool
	errName    string
	errorCause string
}

// expire retires token; it reports false if an answer was accepted first,
// in which case that answer is waiting in w.answer.
func (s *Service) expire(token string, w *waiter) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.tokens[token] == w {
		delete(s.tokens, token)
		return true
	}
	return false
}

func (s *Service) awaitToken(e *execution, token string, w *waiter, deadline <-chan time.Time, heartbeat time.Duration) (any, *stateError) {
	var beat <-chan time.Time
	if heartbeat > 0 {
		beat = s.clock.After(heartbeat)
	}
	fromAnswer := func(a answer) (any, *stateError) {
		if a.failed {
			return nil, &stateError{name: a.errName, cause: a.errorCause}
		}
		return a.output, nil
	}
	for {
		select {
		case a := <-w.answer:
			return fromAnswer(a)
		case <-w.beat:
			if heartbeat > 0 {
				beat = s.clock.After(heartbeat)
			}
		case <-deadline:
			if s.expire(token, w) {
				return nil, &stateError{name: errTimeout, cause: "The task did not receive SendTaskSuccess or SendTaskFailure within its TimeoutSeconds"}
			}
			return fromAnswer(<-w.answer)
		case <-beat:
			if s.expire(token, w) {
				return nil, &stateError{name: errHeartbeatTimeout, cause: "The task did not receive a heartbeat within its HeartbeatSeconds"}
			}
			return fromAnswer(<-w.answer)
		case <-e.ctx.Done():
			s.expire(token, w)
			return nil, &stateError{name: errExecutionAborted, cause: "execution stopped"}
		}
	}
}

// taken retires a token for an answer, or says why it cannot: InvalidToken
// for a token this service never minted, TaskDoesNotExist for one whose
// execution it does not know (say, from before a restart), TaskTimedOut for
// one whose task is no longer waiting (answered, timed out, stopped).
func (s *Service) taken(token string) (*waiter, error) {
	if token == "" || len(token) > 2048 {
		return nil, apiErr(ErrInvalidToken, "Invalid Token: the task token must be 1 to 2048 characters")
	}
	if w, ok := s.tokens[token]; ok {
		return w, nil
	}
	arn, ok := tokenExecution(token)
	if !ok {
		return nil, apiErr(ErrInvalidToken, "Invalid Token: %q", truncate(token, 40))
	}
	if _, ok := s.execs[arn]; !ok {
		return nil, apiErr(ErrTaskDoesNotExist, "Task Does Not Exist: its execution is unknown")
	}
	return nil, apiErr(ErrTaskTimedOut, "Task Timed Out: '%s'", causeTaskNoLongerWaits)
}

// SendTaskSuccess completes the task waiting on token with output (JSON).
// A token whose task no longer waits is refused (TaskTimedOut,
// TaskDoesNotExist, InvalidToken) and changes nothing.
func (s *Service) SendTaskSuccess(token, output string) error {
	if len(output) > 256*1024 {
		return apiErr(ErrInvalidOutput, "output is larger than 256 KiB")
	}
	v, err := decodeJSON([]byte(output))
	if err != nil {
		return apiErr(ErrInvalidOutput, "Invalid Output: %v", err)
	}
	return s.deliver(token, answer{output: v})
}

// SendTaskFailure fails the task waiting on token with errName and cause,
// which Retry and Catch then match like any task error.
func (s *Service) SendTaskFailure(token, errName, cause string) error {
	if len(errName) > 256 || len(cause) > 32768 {
		return apiErr(ErrValidation, "error is at most 256 characters and cause at most 32768")
	}
	return s.deliver(token, answer{failed: true, errName: errName, errorCause: cause})
}

func (s *Service) deliver(token string, a answer) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	w, err := s.taken(token)
	if err != nil {
		return err
	}
	delete(s.tokens, token)
	w.answer <- a // buffered; a token is delivered at most once
	return nil
}

// SendTaskHeartbeat tells the task waiting on token that its worker is
// alive, restarting its HeartbeatSeconds.
func (s *Service) SendTaskHeartbeat(token string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	w, err := s.taken(token)
	if err != nil {
		return err
	}
	select {
	case w.beat <- struct{}{}:
	default:
	}
	return nil
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}
