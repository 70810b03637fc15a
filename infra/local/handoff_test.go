package main

import (
	"net/http/httptest"
	"testing"
	"time"

	"chronicler/shared/narrator/standin"
)

// A table whose model takes several times the routes' integration timeout
// to narrate a turn: a turn and a roll made by hand are each answered by
// their routes in time, as API Gateway would see them (the gateway
// answers a route still running at its timeout with "Endpoint request
// timed out"), and every narration reaches both players whole, from the
// table's flow.
func TestSlowNarrationNeverTimesARouteOut(t *testing.T) {
	const integration = time.Second
	took, answered := slowTable(t, standin.Config{Seed: 11, Pace: 400 * time.Millisecond}, integration) // ~3 s a narration
	if took < 2*integration {
		t.Fatalf("the narration took %v: not slow enough to show anything against a %v timeout", took, integration)
	}
	for _, e := range answered {
		t.Errorf("a player was answered %v", e)
	}
}

// BenchmarkFortySecondNarration is the same table at full scale: a model
// that takes about 40 s to narrate a turn, against API Gateway's 29 s as
// the local gateway emulates it. It reports the first turn's narration
// time and how many integration errors the players were answered (0).
// It plays the table once, whatever b.N.
func BenchmarkFortySecondNarration(b *testing.B) {
	took, answered := slowTable(b, standin.Config{Seed: 11, Pace: 1400 * time.Millisecond, Words: standin.Words{Min: 100, Max: 120}}, 29*time.Second)
	b.ReportMetric(took.Seconds(), "narration-s")
	b.ReportMetric(float64(len(answered)), "integration-errors")
}

// slowTable plays two players' table through the local server, its
// gateway answering a route still running after integration with API
// Gateway's timeout, against the stand-in as model: a turn narrated at
// once, then a check rolled by hand (the roll route's answer hands it
// off). It returns how long the first turn took from its message to its
// commit, and every answer the players got that was not an event of the
// game (the gateway's timeouts). It fails tb when a narration does not
// reach both players whole.
func slowTable(tb testing.TB, model standin.Config, integration time.Duration) (time.Duration, []event) {
	srv, err := standin.New(model)
	if err != nil {
		tb.Fatal(err)
	}
	ts := httptest.NewServer(srv)
	defer ts.Close()
	base := inProcess(tb, func(c *config) {
		c.turnRate = 0
		c.wsIntegration = integration
		c.getenv = standinEnv(ts.URL, nil)
	})
	rt := newReactTable(tb, base, map[string]any{"dice_mode": "interactive"})
	rt.connect(tb)
	for _, s := range rt.socks {
		s.patience = 3 * time.Minute
	}
	rt.socks[0].send(map[string]any{"action": "resume", "request_id": "resume-1"})
	rt.socks[0].wait(0, "recap", typeIs("recap"))

	began := time.Now()
	rt.turn(tb, 1, "I walk to the edge of the road and look down it")
	took := time.Since(began)

	mark := rt.socks[0].count()
	rt.socks[0].send(map[string]any{"action": "turn", "request_id": "check-1", "character_id": rt.chars[0],
		"intent": map[string]any{"kind": "check", "ability": "wis", "skill": "perception"}})
	req, at := rt.socks[0].wait(mark, "roll.requested", typeIs("roll.requested"))
	rt.socks[0].send(map[string]any{"action": "roll", "request_id": "roll-1", "turn_id": req.str("turn_id"), "roll_id": req.str("roll_id")})
	for _, s := range rt.socks {
		s.wait(at, "turn.committed", turnEvent("turn.committed", req.str("turn_id")))
	}

	var answered []event
	for i, s := range rt.socks {
		done := 0
		for _, e := range s.events() {
			if e.str("message") != "" {
				answered = append(answered, e)
			}
			if e.str("type") == "narration.done" {
				if e.str("text") == "" {
					tb.Errorf("player %d: an empty narration: %v", i, e)
				}
				done++
			}
		}
		if done < 2 {
			tb.Errorf("player %d saw %d narrations, want both turns'", i, done)
		}
	}
	return took, answered
}
