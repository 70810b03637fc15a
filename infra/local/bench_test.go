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
