package main

import (
	"net/http/httptest"
	"testing"
	"time"

	"chronicler/shared/narrator/standin"
)

// A table whose model takes several times the routes' integration timeout
// to narrate a turn: a turn and a roll made by hand are each answered by
// their routes in time, as API Gateway would see
// them (the gateway answers a route still running at its timeout with
// "Endpoint request timed out"), and every narration reaches both
// players whole, from the table's flow.
func TestSlowNarrationNeverTimesARouteOut(t *testing.T) {
	const integration = time.Second
	model, err := standin.New(standin.Config{Seed: 11, Pace: 400 * time.Millisecond}) // ~3 s a narration
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(model)
	defer ts.Close()
	base := inProcess(t, func(c *config) {
		c.turnRate = 0
		c.wsIntegration = integration
		c.getenv = func(k string) string {
			switch k {
			case "CHRONICLER_NARRATOR":
				return "openai"
			case "OPENAI_BASE_URL":
				return ts.URL + "/v1"
			}
			return ""
		}
	})
	rt := newReactTable(t, base, map[string]any{"dice_mode": "interactive"})
	rt.connect(t)
	rt.socks[0].send(map[string]any{"action": "resume", "request_id": "resume-1"})
	rt.socks[0].wait(0, "recap", typeIs("recap"))

	// A turn narrated at once.
	began := time.Now()
	committed := rt.turn(t, 1, "I walk to the edge of the road and look down it")
	if took := time.Since(began); took < 2*integration {
		t.Fatalf("the narration took %v: not slow enough to show anything against a %v timeout", took, integration)
	}
	if committed.str("turn_id") == "" {
		t.Fatal("no turn committed")
	}

	// A check rolled by hand: the roll route's answer hands it off.
	mark := rt.socks[0].count()
	rt.socks[0].send(map[string]any{"action": "turn", "request_id": "check-1", "character_id": rt.chars[0],
		"intent": map[string]any{"kind": "check", "ability": "wis", "skill": "perception"}})
	req, at := rt.socks[0].wait(mark, "roll.requested", typeIs("roll.requested"))
	rt.socks[0].send(map[string]any{"action": "roll", "request_id": "roll-1", "turn_id": req.str("turn_id"), "roll_id": req.str("roll_id")})
	for _, s := range rt.socks {
		s.wait(at, "turn.committed", turnEvent("turn.committed", req.str("turn_id")))
	}

	for i, s := range rt.socks {
		done := 0
		for _, e := range s.events() {
			if e.str("message") != "" {
				t.Errorf("player %d was answered %v", i, e)
			}
			if e.str("type") == "narration.done" {
				if e.str("text") == "" {
					t.Errorf("player %d: an empty narration: %v", i, e)
				}
				done++
			}
		}
		if done < 2 {
			t.Errorf("player %d saw %d narrations, want both turns'", i, done)
		}
	}
}
