package statemachine

import (
	"context"
	"encoding/json"
	"reflect"
	"sync"
	"testing"
	"time"
)

// guard bounds every wait in these tests; it is a hang detector, never what
// makes a test pass.
const guard = 10 * time.Second

var epoch0 = time.Date(2026, 3, 14, 12, 0, 0, 0, time.UTC)

type harness struct {
	t     *testing.T
	svc   *Service
	clock *ManualClock
	arn   string
	calls chan call // every Invoker call, in order
	mu    sync.Mutex
	fn    func(ctx context.Context, c call) ([]byte, error)
}

type call struct {
	Resource string
	Payload  map[string]any
}

// newHarness loads def, registers it and answers Invoker calls with fn
// (nil: echo the payload back).
func newHarness(t *testing.T, def string, fn func(ctx context.Context, c call) ([]byte, error)) *harness {
	t.Helper()
	m, err := Load(def)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	h := &harness{t: t, clock: NewManualClock(epoch0), calls: make(chan call, 100), fn: fn}
	h.svc = New(Options{Clock: h.clock, Invoker: h.invoke})
	t.Cleanup(h.svc.Close)
	if h.arn, err = h.svc.Register("test", m); err != nil {
		t.Fatal(err)
	}
	return h
}

func (h *harness) invoke(ctx context.Context, resource string, payload []byte) ([]byte, error) {
	var p map[string]any
	_ = json.Unmarshal(payload, &p)
	c := call{Resource: resource, Payload: p}
	h.calls <- c
	h.mu.Lock()
	fn := h.fn
	h.mu.Unlock()
	if fn == nil {
		return payload, nil
	}
	return fn(ctx, c)
}

func (h *harness) start(input string) string {
	h.t.Helper()
	e, err := h.svc.StartExecution(h.arn, "", input)
	if err != nil {
		h.t.Fatalf("StartExecution: %v", err)
	}
	return e.ARN
}

func (h *harness) wait(arn string) Execution {
	h.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), guard)
	defer cancel()
	e, err := h.svc.Wait(ctx, arn)
	if err != nil {
		h.t.Fatalf("Wait: %v (history %+v)", err, h.history(arn))
	}
	return e
}

func (h *harness) history(arn string) []Event {
	ev, _ := h.svc.History(arn)
	return ev
}

// nextCall waits for the next Invoker call.
func (h *harness) nextCall() call {
	h.t.Helper()
	select {
	case c := <-h.calls:
		return c
	case <-time.After(guard):
		h.t.Fatal("no Invoker call")
	}
	return call{}
}

// blockUntil waits until n timers are pending on the manual clock.
func (h *harness) blockUntil(n int) {
	h.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), guard)
	defer cancel()
	if err := h.clock.BlockUntil(ctx, n); err != nil {
		h.t.Fatalf("waiting for %d timers: %v (pending %d)", n, err, h.clock.Pending())
	}
}

// run starts def with input and waits for the execution to close.
func run(t *testing.T, def, input string) Execution {
	t.Helper()
	h := newHarness(t, def, nil)
	return h.wait(h.start(input))
}

func jsonEqual(t *testing.T, got, want string) {
	t.Helper()
	var g, w any
	if err := json.Unmarshal([]byte(got), &g); err != nil {
		t.Fatalf("got is not JSON: %q", got)
	}
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatalf("want is not JSON: %q", want)
	}
	if !reflect.DeepEqual(g, w) {
		t.Errorf("output\n got %s\nwant %s", got, want)
	}
}

// one wraps a single state as a machine; extra states follow.
func one(stateJSON string, extra ...string) string {
	s := `{"StartAt":"S","States":{"S":` + stateJSON
	for _, x := range extra {
		s += "," + x
	}
	return s + "}}"
}
