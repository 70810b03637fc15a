package main

import (
	"slices"
	"testing"

	"chronicler/shared/bedrock"
	"chronicler/shared/narrator/standin"
)

// Two players go down to the cellar one after the other, as a party
// moves: over the socket the first arrival is told as a new scene by the
// high tier, the one who follows is acknowledged by the low tier, and
// both players are given both narrations.
func TestAFollowerIsAcknowledgedOverTheSocket(t *testing.T) {
	model, base := narratedBy(t, standin.Config{Seed: 3}, pricedTiers)
	tb := newTable(t, base, "Down We Go", "Aria", "Bram")
	tb.connect(t)
	tb.socks[0].send(map[string]any{"action": "resume", "request_id": "resume-1"})
	tb.socks[0].wait(0, "recap", typeIs("recap"))
	var models []string
	for i := range 2 {
		before := len(model.Requests())
		id := tb.turn(t, i, "I go down to the cellar").str("turn_id")
		for _, s := range tb.socks {
			s.wait(0, "narration.done of "+id, turnEvent("narration.done", id))
		}
		for _, r := range model.Requests()[before:] {
			if r.Stream {
				models = append(models, r.Model)
			}
		}
	}
	if want := []string{bedrock.DefaultHighModel, bedrock.DefaultLowModel}; !slices.Equal(models, want) {
		t.Errorf("the two moves were narrated by %v, want the new scene on the high tier and the follower on the low", models)
	}
}
