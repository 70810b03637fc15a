package main

import (
	"slices"
	"testing"
	"time"
)

// BenchmarkTurnLatency measures a mechanical turn on the local server, from
// the turn message sent to turn.committed received by the acting player
// (offline narrator, no pacing, SQLite), and reports p50 and p99.
func BenchmarkTurnLatency(b *testing.B) {
	base := inProcess(b, func(c *config) { c.turnRate = 0 }) // measure the turn, not the rate limit
	tb := newTable(b, base, "Bench", "Aria", "Bram")
	tb.connect(b)
	tb.socks[0].send(map[string]any{"action": "resume", "request_id": "resume"})
	tb.socks[1].wait(0, "recap", typeIs("recap"))
	lat := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		tb.turn(b, i%2, "I keep watch")
		lat = append(lat, time.Since(start))
	}
	b.StopTimer()
	report(b, lat)
}

// BenchmarkSyncRoundTrip is the baseline for the turn: one request through
// the same gateway, handler and store that sends back two framing messages.
func BenchmarkSyncRoundTrip(b *testing.B) {
	base := inProcess(b)
	tb := newTable(b, base, "Bench", "Aria")
	tb.connect(b)
	s := tb.socks[0]
	lat := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		mark := s.count()
		s.send(map[string]any{"action": "sync", "after_seq": 0})
		s.wait(mark, "sync.done", typeIs("sync.done"))
		lat = append(lat, time.Since(start))
	}
	b.StopTimer()
	report(b, lat)
}

// BenchmarkReactionRound measures the orchestration a reaction window adds
// on the local server: from the eligible players' passes sent to
// reaction.closed received (the window closed early, the state machine
// answered, the turn going on), and reports p50 and p99. Goblins attack a
// wizard and a bard until each has had b.N windows; a fight that ends is
// replaced by a new one.
func BenchmarkReactionRound(b *testing.B) {
	base := inProcess(b, func(c *config) { c.turnRate, c.apiRate = 0, 0 })
	lat := make([]time.Duration, 0, b.N)
	var rt *reactTable
	from := 0
	b.ResetTimer()
	for len(lat) < b.N {
		if rt == nil {
			b.StopTimer()
			rt = newReactTable(b, base, map[string]any{"reaction_window_seconds": 30})
			rt.begin(4)
			from = 0
			b.StartTimer()
		}
		win, at, ok := rt.fightOn(from, func(event) bool { return true }, nil)
		if !ok {
			rt = nil
			continue
		}
		start := time.Now()
		rt.passAll(win, at)
		rt.socks[0].wait(at, "reaction.closed", turnEvent("reaction.closed", win.str("turn_id")))
		lat = append(lat, time.Since(start))
		from = at + 1
	}
	b.StopTimer()
	report(b, lat)
}

func report(b *testing.B, lat []time.Duration) {
	if len(lat) == 0 {
		return
	}
	slices.Sort(lat)
	pct := func(p float64) float64 {
		i := int(p * float64(len(lat)-1))
		return float64(lat[i].Microseconds()) / 1000
	}
	b.ReportMetric(pct(0.50), "p50-ms")
	b.ReportMetric(pct(0.99), "p99-ms")
}
