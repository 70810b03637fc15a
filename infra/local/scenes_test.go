package main

import (
	"fmt"
	"net/http"
	"testing"
)

// Each player reads the scene where their own character is, as a client
// written from protocol.md reads it: Bram goes down to the cellar, and
// Aria, still in the common room, keeps reading the common room on the
// move's turn.committed, on a sync and in GET /api/campaigns/{id}, while
// Bram reads the cellar; Aria's next turn in the common room leaves
// Bram reading the cellar.
func TestEachPlayerReadsTheSceneOfTheirOwnCharacter(t *testing.T) {
	base := inProcess(t)
	tb := newTable(t, base, "Two Rooms", "Aria", "Bram")
	tb.connect(t)
	tb.socks[0].send(map[string]any{"action": "resume", "request_id": "resume-1"})
	tb.socks[0].wait(0, "recap", typeIs("recap"))
	n := 0
	act := func(k int, msg map[string]any) string {
		t.Helper()
		n++
		rid := fmt.Sprint("scene-", n)
		marks := []int{tb.socks[0].count(), tb.socks[1].count()}
		msg["action"], msg["request_id"], msg["character_id"] = "turn", rid, tb.chars[k]
		tb.socks[k].send(msg)
		acc, _ := tb.socks[k].wait(marks[k], "turn.accepted", func(e event) bool {
			return e.str("request_id") == rid && (e.str("type") == "turn.accepted" || e.str("type") == "error")
		})
		if acc.str("type") == "error" {
			t.Fatalf("%v refused: %v", msg, acc)
		}
		for i, s := range tb.socks {
			s.wait(marks[i], "turn.committed", turnEvent("turn.committed", acc.str("turn_id")))
		}
		return acc.str("turn_id")
	}
	// pushed is the scene's location in the turn.committed of turnID
	// that player k's socket received, the last copy (a sync's) first.
	pushed := func(k int, turnID string) string {
		evs := tb.socks[k].events()
		for i := len(evs) - 1; i >= 0; i-- {
			if turnEvent("turn.committed", turnID)(evs[i]) {
				sc, _ := evs[i]["scene"].(map[string]any)
				loc, _ := sc["location"].(string)
				return loc
			}
		}
		return ""
	}
	stated := func(k int) string {
		var v struct {
			State struct{ Scene struct{ Location string } }
		}
		tb.players[k].must("GET", "/api/campaigns/"+tb.id, nil, &v, http.StatusOK)
		return v.State.Scene.Location
	}
	check := func(when string, turnID string, want ...string) {
		t.Helper()
		for k, name := range []string{"Aria", "Bram"} {
			if got := pushed(k, turnID); got != want[k] {
				t.Errorf("%s, %s's turn.committed says %q, want %q", when, name, got, want[k])
			}
			if got := stated(k); got != want[k] {
				t.Errorf("%s, %s's GET says %q, want %q", when, name, got, want[k])
			}
		}
	}

	moved := act(1, map[string]any{"intent": map[string]any{"kind": "move", "to_area_id": "cellar"}})
	check("after Bram's move to the cellar", moved, "Common Room", "Cellar")

	mark := tb.socks[0].count()
	tb.socks[0].send(map[string]any{"action": "sync", "after_seq": 0})
	tb.socks[0].wait(mark, "sync.done", typeIs("sync.done"))
	if got := pushed(0, moved); got != "Common Room" {
		t.Errorf("synced, Aria's turn.committed of Bram's move says %q, want %q", got, "Common Room")
	}

	looked := act(0, map[string]any{"text": "I look around the common room"})
	check("after Aria's look around", looked, "Common Room", "Cellar")
}
