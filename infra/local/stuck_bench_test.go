package main

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// stuckTables is how many healthy tables (of two players each) play side
// by side in BenchmarkStuckSocket.
const stuckTables = 4

// BenchmarkStuckSocket measures the committed turns per second of healthy
// tables playing side by side (each of stuckTables plays b.N turns), alone
// and beside one socket that never reads and asks for sync every 2 seconds:
// the frozen second tab of a player at the first table, which comes back
// each time the server closes it. The second figure should stay close to
// the first: one bad socket must not slow the others.
func BenchmarkStuckSocket(b *testing.B) {
	b.Run("Alone", func(b *testing.B) { benchStuck(b, false) })
	b.Run("BesideStuckSocket", func(b *testing.B) { benchStuck(b, true) })
}

func benchStuck(b *testing.B, stuck bool) {
	base := inProcess(b, func(c *config) { c.turnRate, c.apiRate = 0, 0 })
	tables := make([]*table, stuckTables)
	for i := range tables {
		tb := newTable(b, base, fmt.Sprintf("Table %d", i), "Aria", "Bram")
		tb.connect(b)
		tb.socks[0].send(map[string]any{"action": "resume", "request_id": "resume"})
		tb.socks[1].wait(0, "recap", typeIs("recap"))
		tables[i] = tb
	}
	// The first table has a story to resend.
	for i := range 20 {
		tables[0].turn(b, i%2, "I keep watch")
	}
	var frozen *stuckClient
	if stuck {
		frozen = startStuck(base, tables[0].players[0], tables[0].id)
	}

	var (
		mu  sync.Mutex
		lat = make([]time.Duration, 0, stuckTables*b.N)
		wg  sync.WaitGroup
	)
	b.ResetTimer()
	start := time.Now()
	for _, tb := range tables {
		wg.Go(func() {
			for i := range b.N {
				t0 := time.Now()
				tb.turn(b, i%2, "I keep watch")
				d := time.Since(t0)
				mu.Lock()
				lat = append(lat, d)
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	b.StopTimer()
	b.ReportMetric(float64(len(lat))/elapsed.Seconds(), "turns/s")
	report(b, lat)
	if frozen != nil {
		closed, errs := frozen.stop()
		b.ReportMetric(float64(closed), "stuck-closed")
		if errs > 0 {
			b.Logf("the stuck client could not reconnect %d times", errs)
		}
	}
}

// stuckClient is a socket that never reads and asks for the whole log
// every 2 seconds; when the server closes it, it connects again at once.
type stuckClient struct {
	done   chan struct{}
	exited chan struct{}
	closed int // times the server closed it
	errs   int // failed reconnects
}

func startStuck(base string, p *player, campaignID string) *stuckClient {
	s := &stuckClient{done: make(chan struct{}), exited: make(chan struct{})}
	ask, _ := json.Marshal(map[string]any{"action": "sync", "after_seq": 0})
	go func() {
		defer close(s.exited)
		var c *websocket.Conn
		defer func() {
			if c != nil {
				c.CloseNow()
			}
		}()
		tick := time.NewTicker(2 * time.Second)
		defer tick.Stop()
		for {
			if c == nil {
				var err error
				if c, err = dialRaw(base, p, campaignID); err != nil {
					s.errs++
					c = nil
				}
			}
			if c != nil {
				ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
				err := c.Write(ctx, websocket.MessageText, ask)
				cancel()
				if err != nil { // the server closed it: come back
					s.closed++
					c.CloseNow()
					c = nil
					continue
				}
			}
			select {
			case <-s.done:
				return
			case <-tick.C:
			}
		}
	}()
	return s
}

// stop ends the client and returns how often the server closed it and how
// often it failed to come back.
func (s *stuckClient) stop() (closed, errs int) {
	close(s.done)
	<-s.exited
	return s.closed, s.errs
}
