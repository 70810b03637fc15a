package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"chronicler/infra/local/statemachine"
	"chronicler/shared/narrator/standin"
)

// invocations keeps the fight flows' step invocations: when each began
// and how long it ran, and every failed try.
type invocations struct {
	mu      sync.Mutex
	running int                  // executions started and not ended
	started map[string]time.Time // execution -> its running task's start
	took    []time.Duration
	failed  []string
}

func (v *invocations) record(e statemachine.Event) {
	if !strings.Contains(e.Execution, ":chronicler-fight:") {
		return
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	switch e.Type {
	case statemachine.ExecutionStarted:
		v.running++
	case statemachine.ExecutionSucceeded, statemachine.ExecutionFailed, statemachine.ExecutionAborted, statemachine.ExecutionTimedOut:
		v.running--
	case statemachine.TaskScheduled:
		v.started[e.Execution] = e.Time
	case statemachine.TaskSucceeded:
		v.took = append(v.took, e.Time.Sub(v.started[e.Execution]))
	case statemachine.TaskFailed:
		v.failed = append(v.failed, e.Error+": "+e.Cause)
	}
}

// A fight of 40 participants against a model that takes its time: every
// turn no player takes runs in an invocation of its own, through the
// fight's state machine, and the fight ends by itself.
func TestFightTurnsRunOnePerInvocation(t *testing.T) {
	auto, inv := fortyInAFight(t, 2*time.Millisecond)
	// Each invocation plays one turn at most (the last of a run finds
	// none up), so there are at least as many as turns no player took.
	if auto < 10 || len(inv.took) < auto {
		t.Errorf("%d step invocations for %d turns no player took", len(inv.took), auto)
	}
	t.Logf("%d turns no player took, in %d step invocations; the longest ran %v", auto, len(inv.took), slices.Max(inv.took).Round(time.Millisecond))
}

// BenchmarkFightSlowModel is the same fight against a model that takes
// about five seconds a narration (the stand-in's pause before each piece
// of its stream: CHRONICLER_BENCH_PACE, default 650ms): it reports the
// step invocations and the longest, beside the turn budget a step keeps.
// It plays the fight once, whatever b.N.
func BenchmarkFightSlowModel(b *testing.B) {
	pace := 650 * time.Millisecond
	if v := os.Getenv("CHRONICLER_BENCH_PACE"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil {
			b.Fatal(err)
		}
		pace = d
	}
	b.ResetTimer()
	auto, inv := fortyInAFight(b, pace)
	b.StopTimer()
	longest := slices.Max(inv.took)
	b.ReportMetric(float64(auto), "turns")
	b.ReportMetric(float64(len(inv.took)), "invocations")
	b.ReportMetric(longest.Seconds(), "longest-s")
	b.ReportMetric(float64(len(inv.failed)), "failed")
}

// fortyInAFight plays a fight of two characters and 38 monsters through
// the local server against the stand-in model, pausing pace before each
// piece of its streams, the players ending their turns, until the fight
// ends by itself. It returns the turns no player took and the fight
// flows' step invocations.
func fortyInAFight(tb testing.TB, pace time.Duration) (int, *invocations) {
	t := tb
	model, err := standin.New(standin.Config{Seed: 7, Pace: pace})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(model)
	defer ts.Close()
	inv := &invocations{started: map[string]time.Time{}}
	base := inProcess(t, func(c *config) {
		c.getenv = standinEnv(ts.URL, nil)
		c.flowEvents = inv.record
	})
	rt := newReactTable(t, base, nil)
	rt.connect(t)
	rt.socks[0].send(map[string]any{"action": "resume", "request_id": "resume-1"})
	rt.socks[0].wait(0, "recap", typeIs("recap"))
	rt.players[0].must("POST", "/api/campaigns/"+rt.id+"/encounters", map[string]any{"monsters": []map[string]any{
		{"srd_id": "goblin", "count": 20}, {"srd_id": "kobold", "count": 18}}}, nil, http.StatusCreated) // and two characters: 40
	s := rt.socks[0]
	auto := 0
	for from := 0; ; {
		e, i := s.wait(from, "the fight going on", func(e event) bool {
			switch e.str("type") {
			case "reaction.window", "encounter", "turn.accepted", "turn.committed":
				return true
			}
			return false
		})
		from = i + 1
		switch e.str("type") {
		case "turn.accepted":
			if rid := e.str("request_id"); strings.HasPrefix(rid, "monster:") || strings.HasPrefix(rid, "rules:") || strings.HasPrefix(rid, "away:") {
				auto++
			}
			continue
		case "reaction.window":
			rt.passAll(e, i)
			continue
		}
		enc, _ := e["encounter"].(map[string]any)
		if enc == nil {
			continue
		}
		if enc["status"] != "active" {
			if enc["outcome"] == nil || enc["outcome"] == "" {
				t.Errorf("the fight ended without an outcome: %v", enc["status"])
			}
			break
		}
		if cur, _ := enc["current"].(string); slices.Contains(rt.chars, cur) {
			k := slices.Index(rt.chars, cur)
			rt.socks[k].send(map[string]any{"action": "turn", "request_id": fmt.Sprint("end-", i),
				"character_id": cur, "intent": map[string]any{"kind": "end_turn"}})
		}
	}
	// The flows end just after the turns they commit.
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		inv.mu.Lock()
		if inv.running == 0 || time.Now().After(deadline) {
			break
		}
		inv.mu.Unlock()
	}
	defer inv.mu.Unlock()
	if inv.running != 0 {
		t.Errorf("%d fight flows still running", inv.running)
	}
	if len(inv.failed) > 0 {
		t.Errorf("failed tries: %v", inv.failed)
	}
	return auto, inv
}
