package main

import (
	"net/http"
	"testing"
)

// A turn in flight when the server is killed (SIGKILL, mid-narration) is
// played to the end when it comes back, under its own id: the other
// player, back first, plays at once, and the request resent by the
// client that never heard the end of it is answered with the turn id it
// was first given. The turn is committed once.
func TestResentRequestAfterKillKeepsItsTurnID(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end")
	}
	data := t.TempDir()
	launch := func() *proc {
		return start(t, binary(t, "chronicler/infra/local"), nil, "-addr", "127.0.0.1:0", "-data", data, "-pace", "100ms")
	}
	srv := launch()
	tb := newTable(t, srv.addr, "Killed Mid-Turn", "Aria", "Bram")
	tb.connect(t)
	tb.socks[0].send(map[string]any{"action": "resume", "request_id": "resume-1"})
	tb.socks[1].wait(0, "recap", typeIs("recap"))
	turn := map[string]any{"action": "turn", "request_id": "kill-1", "character_id": tb.chars[0], "text": "I pry the lid off the old chest"}
	tb.socks[0].send(turn)
	acc, at := tb.socks[0].wait(0, "turn.accepted", func(e event) bool { return e.str("type") == "turn.accepted" && e.str("request_id") == "kill-1" })
	tb.socks[0].wait(at, "its narration under way", turnEvent("narration.delta", acc.str("turn_id")))
	srv.kill()

	srv = launch()
	for _, p := range tb.players {
		p.base = srv.addr
	}
	tb.connect(t)
	tb.turn(t, 1, "I keep an eye on the door")
	mark := tb.socks[0].count()
	tb.socks[0].send(turn)
	again, _ := tb.socks[0].wait(mark, "the resend's answer", func(e event) bool {
		return (e.str("type") == "turn.accepted" && e.str("request_id") == "kill-1") || e.str("type") == "error"
	})
	if again.str("type") != "turn.accepted" || again.str("turn_id") != acc.str("turn_id") {
		t.Fatalf("the resent request was answered %v, want turn %s", again, acc.str("turn_id"))
	}
	var page struct {
		Turns []struct {
			TurnID    string `json:"turn_id"`
			RequestID string `json:"request_id"`
			Sequence  int
		}
	}
	tb.players[0].must("GET", "/api/campaigns/"+tb.id+"/turns", nil, &page, http.StatusOK)
	var mine []string
	for _, tu := range page.Turns {
		if tu.RequestID == "kill-1" {
			mine = append(mine, tu.TurnID)
		}
	}
	if len(mine) != 1 || mine[0] != acc.str("turn_id") || len(page.Turns) != 2 || page.Turns[0].TurnID != acc.str("turn_id") {
		t.Fatalf("turns %+v, want %s committed once, before Bram's", page.Turns, acc.str("turn_id"))
	}
}
