package statemachine

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"time"
)

// Invoker runs a Lambda function in process: resource is the function to
// call (the FunctionName of a lambda:invoke task, or the Resource ARN of a
// direct Lambda task) and payload the JSON it receives. It answers the
// function's JSON response. Return a *TaskError to fail the task with a
// chosen error name. It must return when ctx ends (the execution was
// stopped, or the task timed out).
type Invoker func(ctx context.Context, resource string, payload []byte) ([]byte, error)

// Status is an execution's status, as DescribeExecution reports it.
type Status string

// The statuses.
const (
	Running   Status = "RUNNING"
	Succeeded Status = "SUCCEEDED"
	Failed    Status = "FAILED"
	TimedOut  Status = "TIMED_OUT"
	Aborted   Status = "ABORTED"
)

// EventType names an entry of an execution's history.
type EventType string

// The history events. Transitions (what Step Functions bills) are the
// StateEntered events plus the TaskRetried events.
const (
	ExecutionStarted   EventType = "ExecutionStarted"
	StateEntered       EventType = "StateEntered"
	StateExited        EventType = "StateExited"
	TaskScheduled      EventType = "TaskScheduled"      // the function is being invoked
	TaskWaiting        EventType = "TaskWaiting"        // a .waitForTaskToken task waits for its token
	TaskSucceeded      EventType = "TaskSucceeded"      // the task has a result
	TaskFailed         EventType = "TaskFailed"         // Error and Cause say why (States.Timeout for a timeout)
	TaskRetried        EventType = "TaskRetried"        // a retrier will run the task again
	ErrorCaught        EventType = "ErrorCaught"        // a catcher took the error
	ExecutionSucceeded EventType = "ExecutionSucceeded" //
	ExecutionFailed    EventType = "ExecutionFailed"    //
	ExecutionAborted   EventType = "ExecutionAborted"   //
	ExecutionTimedOut  EventType = "ExecutionTimedOut"  //
)

// Event is one entry of an execution's history.
type Event struct {
	Execution string
	Seq       int // 1-based, in order
	Time      time.Time
	Type      EventType
	State     string
	Error     string
	Cause     string
}

// Execution is a snapshot of one execution.
type Execution struct {
	ARN             string
	Name            string
	StateMachineARN string
	Status          Status
	Input           string
	Output          string // when Succeeded
	Error, Cause    string // when Failed, TimedOut or Aborted
	StartDate       time.Time
	StopDate        time.Time // zero while Running
	Transitions     int       // states entered plus retries: what Step Functions bills
}

// Options configure a Service.
type Options struct {
	Clock   Clock   // default SystemClock()
	Invoker Invoker // runs the Lambda functions of Task states
	Region  string  // for ARNs; default "us-east-1"
	Account string  // for ARNs; default "000000000000"
	// KeepClosed is how many finished executions stay describable; the
	// oldest go first. Default 10000.
	KeepClosed int
	// OnEvent, if set, sees every history event as it happens, from the
	// execution's goroutine; it must not block.
	OnEvent func(Event)
}

// Service runs executions of registered state machines in memory, one
// goroutine each, and answers the Step Functions API for them (Go methods,
// and ServeHTTP for the JSON protocol). Nothing is persisted: a restart
// loses running executions and their task tokens.
type Service struct {
	opts     Options
	clock    Clock
	wg       sync.WaitGroup
	mu       sync.Mutex
	closed   bool
	machines map[string]*registered // by ARN
	execs    map[string]*execution  // by ARN
	finished []string               // ARNs of closed executions, oldest first
	tokens   map[string]*waiter
}

type registered struct {
	arn, name string
	m         *Machine
}

// New returns a Service. Call Close to stop its executions.
func New(opts Options) *Service {
	if opts.Clock == nil {
		opts.Clock = SystemClock()
	}
	if opts.Region == "" {
		opts.Region = "us-east-1"
	}
	if opts.Account == "" {
		opts.Account = "000000000000"
	}
	if opts.KeepClosed <= 0 {
		opts.KeepClosed = 10000
	}
	return &Service{
		opts:     opts,
		clock:    opts.Clock,
		machines: map[string]*registered{},
		execs:    map[string]*execution{},
		tokens:   map[string]*waiter{},
	}
}

var validName = regexp.MustCompile(`^[A-Za-z0-9_-]{1,80}$`)

// Register makes m startable under name and returns its ARN. Registering a
// name again replaces the definition for new executions only.
func (s *Service) Register(name string, m *Machine) (string, error) {
	if !validName.MatchString(name) {
		return "", apiErr(ErrInvalidName, "state machine name %q: 1 to 80 letters, digits, - or _", name)
	}
	arn := fmt.Sprintf("arn:aws:states:%s:%s:stateMachine:%s", s.opts.Region, s.opts.Account, name)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.machines[arn] = &registered{arn: arn, name: name, m: m}
	return arn, nil
}

type execution struct {
	arn, name string
	machine   *registered
	input     string
	inputVal  any
	start     time.Time
	ctx       context.Context
	cancel    context.CancelCauseFunc
	done      chan struct{}

	// guarded by Service.mu
	status      Status
	stop        time.Time
	output      string
	errName     string
	cause       string
	transitions int
	history     []Event
}

// errStopped and errTimedOut are the causes an execution's context ends
// with: StopExecution (or Close), or the machine's TimeoutSeconds.
var (
	errStopped  = errors.New("execution stopped")
	errTimedOut = errors.New("execution timed out")
)

// StartExecution starts an execution of the machine at machineARN. An
// empty name gets a random one; an empty input is {}. Starting a running
// execution's name again with the same input returns it (idempotent);
// with another input, or once it has closed, it is ExecutionAlreadyExists.
func (s *Service) StartExecution(machineARN, name, input string) (Execution, error) {
	if input == "" {
		input = "{}"
	}
	if len(input) > 256*1024 {
		return Execution{}, apiErr(ErrInvalidExecutionInput, "input is larger than 256 KiB")
	}
	val, err := decodeJSON([]byte(input))
	if err != nil {
		return Execution{}, apiErr(ErrInvalidExecutionInput, "Invalid State Machine Execution Input: %v", err)
	}
	if name == "" {
		name = strings.ReplaceAll(rand.Text(), "=", "")
	}
	if !validName.MatchString(name) {
		return Execution{}, apiErr(ErrInvalidName, "execution name %q: 1 to 80 letters, digits, - or _", name)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return Execution{}, apiErr(ErrServiceClosed, "the service is shutting down")
	}
	reg, ok := s.machines[machineARN]
	if !ok {
		if !strings.HasPrefix(machineARN, "arn:") {
			return Execution{}, apiErr(ErrInvalidArn, "Invalid Arn: %q", machineARN)
		}
		return Execution{}, apiErr(ErrStateMachineDoesNotExist, "State Machine Does Not Exist: %q", machineARN)
	}
	arn := fmt.Sprintf("arn:aws:states:%s:%s:execution:%s:%s", s.opts.Region, s.opts.Account, reg.name, name)
	if e, ok := s.execs[arn]; ok {
		if e.status == Running && e.input == input {
			return e.snapshot(), nil
		}
		return Execution{}, apiErr(ErrExecutionAlreadyExists, "Execution Already Exists: %q", arn)
	}
	ctx, cancel := context.WithCancelCause(context.Background())
	e := &execution{
		arn: arn, name: name, machine: reg, input: input, inputVal: val,
		start: s.clock.Now(), ctx: ctx, cancel: cancel, done: make(chan struct{}),
		status: Running,
	}
	s.execs[arn] = e
	s.wg.Add(1)
	go s.run(e)
	return e.snapshot(), nil
}

// snapshot copies e; the caller holds s.mu.
func (e *execution) snapshot() Execution {
	return Execution{
		ARN: e.arn, Name: e.name, StateMachineARN: e.machine.arn, Status: e.status,
		Input: e.input, Output: e.output, Error: e.errName, Cause: e.cause,
		StartDate: e.start, StopDate: e.stop, Transitions: e.transitions,
	}
}

func (s *Service) lookup(arn string) (*execution, error) {
	e, ok := s.execs[arn]
	if !ok {
		if !strings.HasPrefix(arn, "arn:") {
			return nil, apiErr(ErrInvalidArn, "Invalid Arn: %q", arn)
		}
		return nil, apiErr(ErrExecutionDoesNotExist, "Execution Does Not Exist: %q", arn)
	}
	return e, nil
}

// DescribeExecution answers the execution's snapshot, or
// ExecutionDoesNotExist.
func (s *Service) DescribeExecution(arn string) (Execution, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	e, err := s.lookup(arn)
	if err != nil {
		return Execution{}, err
	}
	return e.snapshot(), nil
}

// History answers the execution's events in order.
func (s *Service) History(arn string) ([]Event, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	e, err := s.lookup(arn)
	if err != nil {
		return nil, err
	}
	return append([]Event(nil), e.history...), nil
}

// Wait blocks until the execution has closed, then answers its snapshot.
func (s *Service) Wait(ctx context.Context, arn string) (Execution, error) {
	s.mu.Lock()
	e, err := s.lookup(arn)
	s.mu.Unlock()
	if err != nil {
		return Execution{}, err
	}
	select {
	case <-e.done:
		return s.DescribeExecution(arn)
	case <-ctx.Done():
		return Execution{}, ctx.Err()
	}
}

// StopExecution aborts a running execution with the given error and cause
// and waits for it to close. Stopping a closed execution changes nothing.
func (s *Service) StopExecution(arn, errName, cause string) (Execution, error) {
	s.mu.Lock()
	e, err := s.lookup(arn)
	if err == nil && e.status == Running {
		e.errName, e.cause = errName, cause
	}
	s.mu.Unlock()
	if err != nil {
		return Execution{}, err
	}
	e.cancel(errStopped)
	<-e.done
	return s.DescribeExecution(arn)
}

// Close aborts every running execution and waits for their goroutines
// (and the Invoker calls they started) to return.
func (s *Service) Close() {
	s.mu.Lock()
	s.closed = true
	running := make([]*execution, 0, len(s.execs))
	for _, e := range s.execs {
		running = append(running, e)
	}
	s.mu.Unlock()
	for _, e := range running {
		e.cancel(errStopped)
	}
	s.wg.Wait()
}

// record appends an event to e's history and reports it to OnEvent.
func (s *Service) record(e *execution, ev Event) {
	s.mu.Lock()
	ev.Execution = e.arn
	ev.Seq = len(e.history) + 1
	ev.Time = s.clock.Now()
	if ev.Type == StateEntered || ev.Type == TaskRetried {
		e.transitions++
	}
	e.history = append(e.history, ev)
	s.mu.Unlock()
	if s.opts.OnEvent != nil {
		s.opts.OnEvent(ev)
	}
}

// finish closes e with status and forgets the oldest closed executions
// beyond KeepClosed.
func (s *Service) finish(e *execution, status Status, output string, serr *stateError) {
	ev := Event{Type: ExecutionSucceeded}
	s.mu.Lock()
	e.status, e.stop, e.output = status, s.clock.Now(), output
	switch status {
	case Failed, TimedOut:
		e.errName, e.cause = serr.name, serr.cause
	case Succeeded: // a StopExecution that lost the race leaves nothing behind
		e.errName, e.cause = "", ""
	}
	switch status {
	case Failed:
		ev = Event{Type: ExecutionFailed, Error: e.errName, Cause: e.cause}
	case TimedOut:
		ev = Event{Type: ExecutionTimedOut, Error: e.errName, Cause: e.cause}
	case Aborted:
		ev = Event{Type: ExecutionAborted, Error: e.errName, Cause: e.cause}
	}
	s.finished = append(s.finished, e.arn)
	for len(s.finished) > s.opts.KeepClosed {
		delete(s.execs, s.finished[0])
		s.finished = s.finished[1:]
	}
	s.mu.Unlock()
	s.record(e, ev)
}

// run drives one execution from StartAt to a terminal state.
func (s *Service) run(e *execution) {
	defer s.wg.Done()
	defer close(e.done)
	defer e.cancel(nil)
	m := e.machine.m
	if m.timeout > 0 {
		expired := s.clock.After(m.timeout) // before any state runs, so a ManualClock sees it
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			select {
			case <-expired:
				e.cancel(errTimedOut)
			case <-e.ctx.Done():
			}
		}()
	}
	s.record(e, Event{Type: ExecutionStarted})
	data, name := deepCopy(e.inputVal), m.startAt
	for {
		if e.ctx.Err() != nil {
			s.ended(e)
			return
		}
		st := m.states[name]
		s.record(e, Event{Type: StateEntered, State: name})
		r := s.step(e, st, data)
		if r.aborted || e.ctx.Err() != nil {
			s.ended(e)
			return
		}
		if r.err != nil {
			s.finish(e, Failed, "", r.err)
			return
		}
		s.record(e, Event{Type: StateExited, State: name})
		if r.end {
			s.finish(e, Succeeded, encodeJSON(r.out), nil)
			return
		}
		data, name = r.out, r.next
	}
}

// ended closes an execution whose context ended: stopped or timed out.
func (s *Service) ended(e *execution) {
	if errors.Is(context.Cause(e.ctx), errTimedOut) {
		s.finish(e, TimedOut, "", &stateError{name: errTimeout, cause: "The execution ran longer than the state machine's TimeoutSeconds"})
		return
	}
	s.finish(e, Aborted, "", nil)
}

// stepResult is how a state ends: with output and the next state (or end),
// with an uncaught error that fails the execution, or aborted.
type stepResult struct {
	out     any
	next    string
	end     bool
	err     *stateError
	aborted bool
}

func (s *Service) step(e *execution, st *state, raw any) stepResult {
	entered := s.clock.Now()
	switch st.typ {
	case "Pass":
		return s.pass(e, st, raw, entered)
	case "Task":
		return s.task(e, st, raw, entered)
	case "Choice":
		return s.choice(e, st, raw, entered)
	case "Wait":
		return s.wait(e, st, raw)
	case "Succeed":
		in, err := selectInput("InputPath", st.inputPath, raw)
		if err != nil {
			return stepResult{err: err}
		}
		out, err := selectInput("OutputPath", st.outputPath, in)
		return stepResult{out: out, end: true, err: err}
	case "Fail":
		return s.fail(st, raw)
	}
	return stepResult{err: runtimeErr("state %q has unknown type %q", st.name, st.typ)}
}

// contextObject is what "$$" paths read.
func (s *Service) contextObject(e *execution, st *state, entered time.Time, retries int, token string) map[string]any {
	ctx := map[string]any{
		"Execution": map[string]any{
			"Id":           e.arn,
			"Name":         e.name,
			"Input":        deepCopy(e.inputVal),
			"StartTime":    e.start.UTC().Format(time.RFC3339Nano),
			"RoleArn":      fmt.Sprintf("arn:aws:iam::%s:role/local", s.opts.Account),
			"RedriveCount": int64(0),
		},
		"State": map[string]any{
			"Name":        st.name,
			"EnteredTime": entered.UTC().Format(time.RFC3339Nano),
			"RetryCount":  int64(retries),
		},
		"StateMachine": map[string]any{"Id": e.machine.arn, "Name": e.machine.name},
	}
	if token != "" {
		ctx["Task"] = map[string]any{"Token": token}
	}
	return ctx
}

func next(st *state, out any) stepResult {
	return stepResult{out: out, next: st.next, end: st.end}
}

func (s *Service) pass(e *execution, st *state, raw any, entered time.Time) stepResult {
	in, err := selectInput("InputPath", st.inputPath, raw)
	if err != nil {
		return stepResult{err: err}
	}
	if st.parameters != nil {
		if in, err = st.parameters.eval(in, s.contextObject(e, st, entered, 0, "")); err != nil {
			return stepResult{err: err}
		}
	}
	result := in
	if st.hasResult {
		result = deepCopy(st.result)
	}
	out, err := applyResultPath(st.resultPath, raw, result)
	if err != nil {
		return stepResult{err: err}
	}
	if out, err = selectInput("OutputPath", st.outputPath, out); err != nil {
		return stepResult{err: err}
	}
	return next(st, out)
}

func (s *Service) choice(e *execution, st *state, raw any, entered time.Time) stepResult {
	in, err := selectInput("InputPath", st.inputPath, raw)
	if err != nil {
		return stepResult{err: err}
	}
	ctx := s.contextObject(e, st, entered, 0, "")
	target := ""
	for _, r := range st.choices {
		ok, err := r.eval(in, ctx)
		if err != nil {
			return stepResult{err: err}
		}
		if ok {
			target = r.next
			break
		}
	}
	if target == "" {
		target = st.def
	}
	if target == "" {
		return stepResult{err: &stateError{name: errNoChoiceMatched, cause: fmt.Sprintf("No Choice Rule matched and there is no Default in state %q", st.name)}}
	}
	out, err := selectInput("OutputPath", st.outputPath, in)
	if err != nil {
		return stepResult{err: err}
	}
	return stepResult{out: out, next: target}
}

func (s *Service) wait(e *execution, st *state, raw any) stepResult {
	in, err := selectInput("InputPath", st.inputPath, raw)
	if err != nil {
		return stepResult{err: err}
	}
	var d time.Duration
	switch {
	case st.hasSeconds:
		d = st.seconds
	case st.hasTimestamp:
		d = st.timestamp.Sub(s.clock.Now())
	case st.secondsPath != nil:
		v, ok := st.secondsPath.get(in, nil)
		n, isNum := number(v)
		if !ok || !isNum || !n.isInt || n.i < 0 || n.i > 99999999 {
			return stepResult{err: runtimeErr("SecondsPath '%s' must select a whole number of seconds from 0 to 99999999, not %s", st.secondsPath.src, encodeJSON(v))}
		}
		d = time.Duration(n.i) * time.Second
	case st.timestampPath != nil:
		v, _ := st.timestampPath.get(in, nil)
		t, ok := timestamp(v)
		if !ok {
			return stepResult{err: runtimeErr("TimestampPath '%s' must select an RFC 3339 timestamp, not %s", st.timestampPath.src, encodeJSON(v))}
		}
		d = t.Sub(s.clock.Now())
	}
	if d > 0 {
		select {
		case <-s.clock.After(d):
		case <-e.ctx.Done():
			return stepResult{aborted: true}
		}
	}
	out, err := selectInput("OutputPath", st.outputPath, in)
	if err != nil {
		return stepResult{err: err}
	}
	return next(st, out)
}

func (s *Service) fail(st *state, raw any) stepResult {
	serr := &stateError{name: st.errName, cause: st.cause}
	for _, f := range []struct {
		p   *path
		dst *string
	}{{st.errPath, &serr.name}, {st.causePath, &serr.cause}} {
		if f.p == nil {
			continue
		}
		v, _ := f.p.get(raw, nil)
		str, ok := v.(string)
		if !ok {
			return stepResult{err: runtimeErr("The path '%s' of Fail state %q must select a string, not %s", f.p.src, st.name, encodeJSON(v))}
		}
		*f.dst = str
	}
	return stepResult{err: serr}
}

// newToken mints a task token: opaque to workers, but it names its
// execution, so a token from before a restart is told apart from a forged
// one.
func newToken(executionARN string) string {
	b, _ := json.Marshal(struct {
		E string `json:"e"`
		R string `json:"r"`
	}{executionARN, rand.Text()})
	return base64.RawURLEncoding.EncodeToString(b)
}

func tokenExecution(token string) (string, bool) {
	b, err := base64.RawURLEncoding.DecodeString(token)
	if err != nil {
		return "", false
	}
	var t struct {
		E string `json:"e"`
		R string `json:"r"`
	}
	if json.Unmarshal(b, &t) != nil || t.E == "" || t.R == "" {
		return "", false
	}
	return t.E, true
}
