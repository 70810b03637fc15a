package main

import (
	"strings"
	"testing"
	"time"

	"chronicler/infra/local/statemachine"
)

// A pause holds the table through the WebSocket: while Bram's pause lasts
// a turn and a reaction are refused, saying so, and a goblin's reaction
// window outlives its deadline without closing; the owner's unpause tells
// everyone, offers the window again with a later deadline, and play goes
// on to the turn's commit. Only who paused, or the owner, ends a pause.
func TestPauseHoldsTheTable(t *testing.T) {
	clock := statemachine.NewManualClock(time.Now())
	flows := &flowLog{}
	base := inProcess(t, func(c *config) { c.flowClock, c.flowEvents = clock, flows.record })
	rt := newReactTable(t, base, map[string]any{"reaction_window_seconds": 5})
	rt.begin(3)
	win, at := rt.fight(0, func(e event) bool { return true }, nil)
	turnID := win.str("turn_id")
	before := mustTime(t, win.str("closes_at"))

	rt.socks[1].send(map[string]any{"action": "pause", "request_id": "pause-1"})
	paused, pi := rt.socks[0].wait(at, "pause", typeIs("pause"))
	if paused["paused"] != true || paused.str("by") != "Bram" || paused.num("seq") == 0 {
		t.Fatalf("pause event %v, want Bram's, with a seq", paused)
	}
	rt.socks[1].wait(at, "pause on Bram's socket", typeIs("pause"))
	refused := func(k int, what string, msg map[string]any) event {
		t.Helper()
		mark := rt.socks[k].count()
		rt.socks[k].send(msg)
		e, _ := rt.socks[k].wait(mark, what+" refused", func(e event) bool { return e.str("type") == "error" && e.str("request_id") == msg["request_id"] })
		return e
	}
	for _, e := range []event{
		refused(0, "a reaction", map[string]any{"action": "react", "request_id": "shield-1", "turn_id": turnID, "character_id": rt.chars[0], "reaction": "pass"}),
		refused(1, "a turn", map[string]any{"action": "turn", "request_id": "t-paused", "character_id": rt.chars[1], "intent": map[string]any{"kind": "dodge"}}),
	} {
		if e.str("code") != "conflict" || !strings.Contains(e.str("message"), "paused") {
			t.Errorf("refused with %v, want a conflict saying the table is paused", e)
		}
	}

	// The window's time runs out in the flow: it ends without closing
	// the window.
	stop := advancing(clock, 6*time.Second)
	flows.await(t, turnID, "Route", "Window", "CloseWindow", "AfterClose", "Done")
	stop()
	for _, e := range rt.socks[0].events()[pi:] {
		if e.str("turn_id") == turnID && (e.str("type") == "reaction.closed" || e.str("type") == "turn.committed") {
			t.Fatalf("the window closed while the table was paused: %v", e)
		}
	}

	// The owner ends Bram's pause.
	mark := rt.socks[0].count()
	rt.socks[0].send(map[string]any{"action": "unpause", "request_id": "unpause-1"})
	resumed, ri := rt.socks[0].wait(mark, "unpause", func(e event) bool { return e.str("type") == "pause" && e["paused"] == false })
	if resumed.str("by") != "Aria" {
		t.Errorf("unpause event %v, want Aria's", resumed)
	}
	again, _ := rt.socks[1].wait(ri, "the window offered again", turnEvent("reaction.window", turnID))
	if after := mustTime(t, again.str("closes_at")); !after.After(before) {
		t.Errorf("the window closes at %s again, want after %s", after, before)
	}
	rt.passAll(again, ri)
	rt.socks[1].wait(ri, "reaction.closed", turnEvent("reaction.closed", turnID))
	rt.socks[1].wait(ri, "turn.committed", turnEvent("turn.committed", turnID))

	// Aria's own pause is hers or the owner's to end: Bram's unpause is
	// refused, and the table stays paused.
	mark = rt.socks[0].count()
	rt.socks[0].send(map[string]any{"action": "pause", "request_id": "pause-2"})
	rt.socks[1].wait(mark, "Aria's pause", func(e event) bool { return e.str("type") == "pause" && e["paused"] == true })
	if e := refused(1, "Bram's unpause", map[string]any{"action": "unpause", "request_id": "unpause-2"}); e.str("code") != "forbidden" {
		t.Errorf("Bram's unpause of Aria's pause answered %v, want forbidden", e)
	}
}

func mustTime(t *testing.T, s string) time.Time {
	t.Helper()
	at, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		t.Fatalf("time %q: %v", s, err)
	}
	return at
}
