package main

import (
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"
	"testing"

	"chronicler/shared/narrator/standin"
)

// A two-player session through the WebSocket takes a turn back and
// withdraws a narration: Bram asks to undo his turn and the owner's
// socket is told; Aria undoes it, both sockets are told turn.undone and
// the table is as it was before the turn; Bram taps the X-card on the
// turn before, both sockets are told narration.withdrawn, naming nobody,
// and then its retelling.
func TestUndoAndTheXCardThroughTheSocket(t *testing.T) {
	_, base := narratedBy(t, standin.Config{Seed: 11}, nil)
	tb := newTable(t, base, "Second Thoughts", "Aria", "Bram")
	aria, bram := tb.players[0], tb.players[1]
	tb.connect(t)
	tb.socks[0].send(map[string]any{"action": "resume", "request_id": "resume-1"})
	tb.socks[0].wait(0, "recap", typeIs("recap"))

	type table struct {
		State struct {
			TurnCount int    `json:"turn_count"`
			Summary   string `json:"summary"`
			Clock     int64  `json:"clock"`
			Scene     struct{ Location string }
		}
		Characters []map[string]any
	}
	read := func() table {
		var v table
		aria.must("GET", "/api/campaigns/"+tb.id, nil, &v, http.StatusOK)
		return v
	}
	journal := func() []string {
		var v struct {
			Turns []struct {
				TurnID string `json:"turn_id"`
			}
		}
		aria.must("GET", "/api/campaigns/"+tb.id+"/turns", nil, &v, http.StatusOK)
		var ids []string
		for _, turn := range v.Turns {
			ids = append(ids, turn.TurnID)
		}
		return ids
	}
	first := tb.turn(t, 0, "I search the common room for tracks").str("turn_id")
	before := read()
	second := tb.turn(t, 1, "I go down to the cellar").str("turn_id")
	if moved := read(); moved.State.TurnCount != before.State.TurnCount+1 {
		t.Fatalf("the second turn left the turn count at %d", moved.State.TurnCount)
	}

	// Bram asks; the owner's socket is told who asks, for which turn.
	marks := []int{tb.socks[0].count(), tb.socks[1].count()}
	tb.socks[1].send(map[string]any{"action": "ask_undo", "request_id": "ask-1", "turn_id": second})
	asked, _ := tb.socks[0].wait(marks[0], "undo.requested", typeIs("undo.requested"))
	if asked.str("turn_id") != second || asked.str("name") != "Bram" || asked.str("player_id") != bram.id {
		t.Errorf("undo.requested = %v, want Bram asking for %s", asked, second)
	}

	// Bram cannot undo it himself; Aria does.
	tb.socks[1].send(map[string]any{"action": "undo", "request_id": "undo-1", "turn_id": second})
	if refused, _ := tb.socks[1].wait(marks[1], "an error", typeIs("error")); refused.str("code") != "forbidden" {
		t.Errorf("Bram's undo was answered %v, want forbidden", refused)
	}
	marks = []int{tb.socks[0].count(), tb.socks[1].count()}
	tb.socks[0].send(map[string]any{"action": "undo", "request_id": "undo-2", "turn_id": second})
	for k, s := range tb.socks {
		undone, _ := s.wait(marks[k], "turn.undone", turnEvent("turn.undone", second))
		if undone.num("turn_count") != int64(before.State.TurnCount) {
			t.Errorf("socket %d: turn.undone says %d turns, want %d", k, undone.num("turn_count"), before.State.TurnCount)
		}
		sc, _ := undone["scene"].(map[string]any)
		if sc["location"] != before.State.Scene.Location {
			t.Errorf("socket %d: turn.undone's scene is %v, want %q", k, sc["location"], before.State.Scene.Location)
		}
	}
	after := read()
	if after.State != before.State {
		t.Errorf("the state after the undo is %+v, want %+v as before the turn", after.State, before.State)
	}
	if got, want := fmt.Sprint(after.Characters), fmt.Sprint(before.Characters); got != want {
		t.Errorf("the characters after the undo:\n%s\nwant as before the turn:\n%s", got, want)
	}
	if got := journal(); !slices.Equal(got, []string{first}) {
		t.Errorf("the journal's sequence after the undo is %v, want only %s", got, first)
	}

	// Bram taps the X-card on Aria's turn, now the last.
	marks = []int{tb.socks[0].count(), tb.socks[1].count()}
	tb.socks[1].send(map[string]any{"action": "xcard", "request_id": "xcard-1", "turn_id": first})
	for k, s := range tb.socks {
		withdrawn, at := s.wait(marks[k], "narration.withdrawn", turnEvent("narration.withdrawn", first))
		keys := slices.Sorted(maps.Keys(withdrawn))
		if got := strings.Join(keys, ","); got != "campaign_id,seq,sequence,turn_id,type" {
			t.Errorf("socket %d: narration.withdrawn carries %s", k, got)
		}
		done, end := s.wait(at, "the retelling's narration.done", turnEvent("narration.done", first))
		if strings.TrimSpace(done.str("text")) == "" {
			t.Errorf("socket %d: the retelling is empty", k)
		}
		// Nobody is named, from the tap to the retelling's end.
		for _, e := range s.events()[marks[k] : end+1] {
			if e.str("player_id") == bram.id || strings.Contains(fmt.Sprint(e), bram.id) {
				t.Errorf("socket %d: %s names the player who tapped the X-card: %v", k, e.str("type"), e)
			}
		}
	}
	if got := journal(); !slices.Equal(got, []string{first}) {
		t.Errorf("the journal's sequence after the retelling is %v, want %s told again", got, first)
	}
}
