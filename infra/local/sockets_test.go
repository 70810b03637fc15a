package main

import "testing"

// Messages sent on one socket are handled in the order sent: a turn sent
// right behind resume (or end_session, resume, turn in one breath) finds
// the session the message before it opened.
func TestTurnRightAfterResumeOnOneSocket(t *testing.T) {
	base := inProcess(t, func(c *config) { c.turnRate = 0 })
	tb := newTable(t, base, "In one breath", "Aria", "Bram")
	tb.connect(t)
	s := tb.socks[0]
	for round := range 5 {
		mark := s.count()
		rid := "turn-" + string(rune('a'+round))
		if round > 0 {
			s.send(map[string]any{"action": "end_session", "request_id": "end-" + rid})
		}
		s.send(map[string]any{"action": "resume", "request_id": "resume-" + rid})
		s.send(map[string]any{"action": "turn", "request_id": rid, "character_id": tb.chars[0], "text": "I light a lantern"})
		acc, _ := s.wait(mark, "turn answer", func(e event) bool {
			return e.str("request_id") == rid && (e.str("type") == "turn.accepted" || e.str("type") == "error")
		})
		if acc.str("type") != "turn.accepted" {
			t.Fatalf("round %d: the turn behind resume was refused: %v", round, acc)
		}
		s.wait(mark, "turn.committed", turnEvent("turn.committed", acc.str("turn_id")))
	}
}
