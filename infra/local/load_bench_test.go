package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"

	"chronicler/shared/game"
	"chronicler/shared/sqlite"
)

// BenchmarkLoad plays turns on many tables at once, each of 4 players on
// their own WebSocket, against one local server (SQLite, offline narrator
// without pauses, no rate limits). b.N is the number of turns in all: each
// table plays one turn at a time, its players in turn, until b.N have been
// committed.
//
// In campaigns=N the tables play as fast as they can, which measures the
// most the server commits; their latency is then N / throughput (Little's
// law: 100 tables at 200 turns/s wait 500 ms a turn however fast a turn
// is), so that run says little of the latency at a given load. In
// campaigns=N,rate=R the tables together start R turns a second, each at
// its own steady pace, and latency counts from when a turn was due, so a
// server that falls behind shows it.
//
// It reports
//
//   - turns/s: committed turns per second over all tables;
//   - p50-ms, p99-ms: commit latency, from the turn sent (or due) to its
//     turn.committed received by the acting player;
//   - sync-p50-ms, sync-p99-ms: the baseline, a sync round trip (sync sent
//     to sync.done received) on an idle campaign of the same server, probed
//     while the tables play;
//   - writes/turn, syncs/turn: the SQLite store's write calls and the
//     transactions (disk syncs) that committed them, per committed turn;
//   - cpu-ms/turn: the CPU time of the whole process (server and load
//     client) per committed turn, which says what the machine could carry
//     when other work shares its cores and turns/s cannot.
//
// Run it with a fixed count, as make bench does: -bench Load -benchtime 2000x.
func BenchmarkLoad(b *testing.B) {
	for _, c := range []struct {
		tables int
		rates  []int // turns a second for all tables; 0: as fast as they can
	}{
		{1, []int{0}},
		{10, []int{0}},
		{100, []int{0, 100, 200}},
	} {
		// The testing package runs a benchmark once with b.N = 1, then
		// with the count asked for: the tables are set up once for both
		// (and for each rate), and closed after.
		var l *load
		for _, rate := range c.rates {
			name := fmt.Sprintf("campaigns=%d", c.tables)
			if rate > 0 {
				name += fmt.Sprintf(",rate=%d", rate)
			}
			b.Run(name, func(b *testing.B) {
				if l == nil {
					l = newLoad(b, c.tables)
				}
				l.play(b, rate)
			})
		}
		if l != nil {
			l.close()
		}
	}
}

// load is a server with its tables, connected and in session, and an idle
// campaign whose socket probes sync round trips.
type load struct {
	tables []*loadTable
	probe  *wireSocket
	store  game.Store
	stop   func()
}

type loadTable struct {
	turns atomic.Int64 // turns taken, across runs: their request ids differ
	id    string
	chars []string
	socks []*wireSocket
}

func newLoad(b *testing.B, tables int) *load {
	b.Helper()
	srv, stop := loadServer(b)
	base := "http://" + srv.ln.Addr().String()
	l := &load{store: srv.store, stop: stop}
	for i := range tables {
		tb := newTable(b, base, fmt.Sprintf("Load %d", i), "Aria", "Bram", "Cato", "Dara")
		lt := &loadTable{id: tb.id, chars: tb.chars}
		for _, p := range tb.players {
			lt.socks = append(lt.socks, dialWire(b, p, tb.id))
		}
		lt.socks[0].send(b, map[string]any{"action": "resume", "request_id": "resume"})
		if _, err := lt.socks[0].next(func(e wireEvent) bool { return e.Type == "recap" }); err != nil {
			b.Fatalf("resume %s: %v", tb.id, err)
		}
		l.tables = append(l.tables, lt)
	}
	idle := newTable(b, base, "Idle", "Eve")
	l.probe = dialWire(b, idle.players[0], idle.id)
	return l
}

func (l *load) close() {
	for _, tb := range l.tables {
		for _, s := range tb.socks {
			s.close()
		}
	}
	l.probe.close()
	l.stop()
}

// play commits b.N turns over all tables, rate a second in all (0: as fast
// as they can), and reports throughput and latency beside the sync probe's
// round trips.
func (l *load) play(b *testing.B, rate int) {
	var (
		left     atomic.Int64
		mu       sync.Mutex
		lat      = make([]time.Duration, 0, b.N)
		refusals atomic.Int64
		errs     = make(chan error, len(l.tables))
		wg       sync.WaitGroup
	)
	left.Store(int64(b.N))
	before := l.writeStats()
	cpu0 := cpuTime()
	probeDone := make(chan []time.Duration, 1)
	stopProbe := make(chan struct{})
	b.ResetTimer()
	start := time.Now()
	go func() { probeDone <- l.probeSync(stopProbe) }()
	// Paced, each table starts a turn every interval, the tables spread
	// evenly over it.
	var interval time.Duration
	if rate > 0 {
		interval = time.Duration(float64(time.Second) * float64(len(l.tables)) / float64(rate))
	}
	for i, tb := range l.tables {
		wg.Add(1)
		go func() {
			defer wg.Done()
			due := start.Add(interval * time.Duration(i) / time.Duration(len(l.tables)))
			for left.Add(-1) >= 0 {
				var late time.Duration
				if interval > 0 {
					time.Sleep(time.Until(due))
					late = max(time.Since(due), 0)
					due = due.Add(interval)
				}
				k := int(tb.turns.Add(1))
				d, refused, err := tb.turn(k%len(tb.socks), k)
				d += late
				if err != nil {
					errs <- err
					left.Store(0) // stop the other tables too
					return
				}
				refusals.Add(int64(refused))
				mu.Lock()
				lat = append(lat, d)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	cpu := cpuTime() - cpu0
	b.StopTimer()
	close(stopProbe)
	syncLat := <-probeDone
	select {
	case err := <-errs:
		b.Fatal(err)
	default:
	}
	b.ReportMetric(float64(len(lat))/elapsed.Seconds(), "turns/s")
	if len(lat) > 0 {
		b.ReportMetric(float64(cpu.Microseconds())/1000/float64(len(lat)), "cpu-ms/turn")
	}
	report(b, lat)
	if len(syncLat) > 0 {
		p50, p99 := percentiles(syncLat)
		b.ReportMetric(p50, "sync-p50-ms")
		b.ReportMetric(p99, "sync-p99-ms")
	}
	if after := l.writeStats(); after.Writes > 0 {
		n := float64(len(lat))
		b.ReportMetric(float64(after.Writes-before.Writes)/n, "writes/turn")
		b.ReportMetric(float64(after.Syncs-before.Syncs)/n, "syncs/turn")
	}
	if n := refusals.Load(); n > 0 {
		b.ReportMetric(float64(n), "refused")
	}
}

// cpuTime is the CPU time this process has used, user and system: the
// server's and the load client's together.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// writeStats counts the SQLite store's writes and disk syncs, all tables
// and the probe together; zero for another store.
func (l *load) writeStats() sqlite.WriteStats {
	if db, ok := l.store.(interface{ WriteStats() sqlite.WriteStats }); ok {
		return db.WriteStats()
	}
	return sqlite.WriteStats{}
}

// turn has player i take turn k and returns the time from the turn sent to
// its turn.committed received by that player, and how many times it was
// refused as too early (the previous turn's lease not yet released) and
// sent again.
func (tb *loadTable) turn(i, k int) (time.Duration, int, error) {
	s := tb.socks[i]
	refused := 0
	for {
		s.drain()
		rid := fmt.Sprintf("load-%s-%d-%d", tb.id, k, refused)
		start := time.Now()
		if err := s.write(map[string]any{"action": "turn", "request_id": rid, "character_id": tb.chars[i], "text": "I keep watch"}); err != nil {
			return 0, refused, err
		}
		acc, err := s.next(func(e wireEvent) bool {
			return e.RequestID == rid && (e.Type == "turn.accepted" || e.Type == "error")
		})
		if err != nil {
			return 0, refused, fmt.Errorf("%s turn %d: %w", tb.id, k, err)
		}
		if acc.Type == "error" {
			if acc.Code == "conflict" && refused < 100 {
				refused++
				time.Sleep(time.Millisecond)
				continue
			}
			return 0, refused, fmt.Errorf("%s turn %d refused: %s: %s", tb.id, k, acc.Code, acc.Message)
		}
		if _, err := s.next(func(e wireEvent) bool { return e.Type == "turn.committed" && e.TurnID == acc.TurnID }); err != nil {
			return 0, refused, fmt.Errorf("%s turn %d: %w", tb.id, k, err)
		}
		return time.Since(start), refused, nil
	}
}

// probeSync sends sync on the idle campaign, one at a time with a short
// pause, until stop is closed, and returns the round trips.
func (l *load) probeSync(stop <-chan struct{}) []time.Duration {
	var lat []time.Duration
	for {
		select {
		case <-stop:
			return lat
		case <-time.After(20 * time.Millisecond):
		}
		l.probe.drain()
		start := time.Now()
		if l.probe.write(map[string]any{"action": "sync", "after_seq": 0}) != nil {
			return lat
		}
		if _, err := l.probe.next(func(e wireEvent) bool { return e.Type == "sync.done" }); err != nil {
			return lat
		}
		lat = append(lat, time.Since(start))
	}
}

func percentiles(lat []time.Duration) (p50, p99 float64) {
	s := slices.Sorted(slices.Values(lat))
	at := func(p float64) float64 { return float64(s[int(p*float64(len(s)-1))].Microseconds()) / 1000 }
	return at(0.50), at(0.99)
}

// loadServer starts the local server in this process as inProcess does,
// without rate limits, and returns it and a function that stops it: the
// load's server lives across the testing package's two runs of a
// benchmark, so it cannot stop with either.
func loadServer(b *testing.B) (*server, func()) {
	b.Helper()
	env := func(k string) string {
		if k == "CHRONICLER_NARRATOR" {
			return "offline"
		}
		return ""
	}
	dir, err := os.MkdirTemp("", "chronicler-load")
	if err != nil {
		b.Fatal(err)
	}
	cfg, err := parseConfig([]string{"-addr", "127.0.0.1:0", "-data", dir, "-pace", "0", "-turn-rate", "0", "-api-rate", "0", "-invite-rate", "0"}, env)
	if err != nil {
		b.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	srv, err := newServer(ctx, cfg)
	if err != nil {
		b.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- srv.serve(ctx, io.Discard) }()
	return srv, func() {
		cancel()
		if err := <-done; err != nil {
			b.Errorf("serve: %v", err)
		}
		os.RemoveAll(dir)
	}
}

// wireEvent is the part of a server message the load client looks at.
type wireEvent struct {
	Type      string `json:"type"`
	RequestID string `json:"request_id"`
	TurnID    string `json:"turn_id"`
	Code      string `json:"code"`
	Message   string `json:"message"`
}

// wireSocket is a light client socket for load: it decodes only what
// wireEvent names and keeps only the messages a waiting player looks for,
// so the client spends little of the machine the server runs on.
type wireSocket struct {
	conn *websocket.Conn
	evs  chan wireEvent
	done chan struct{}
}

var wanted = map[string]bool{"turn.accepted": true, "turn.committed": true, "error": true, "recap": true, "sync.done": true}

func dialWire(b *testing.B, p *player, campaignID string) *wireSocket {
	b.Helper()
	u := strings.Replace(p.base, "http", "ws", 1) + "/ws?campaign=" + url.QueryEscape(campaignID) + "&token=" + url.QueryEscape(p.token)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, u, nil)
	if err != nil {
		b.Fatalf("dial %s: %v", campaignID, err)
	}
	c.SetReadLimit(1 << 20)
	s := &wireSocket{conn: c, evs: make(chan wireEvent, 256), done: make(chan struct{})}
	go s.read()
	return s
}

func (s *wireSocket) read() {
	defer close(s.done)
	for {
		_, data, err := s.conn.Read(context.Background())
		if err != nil {
			return
		}
		var e wireEvent
		if json.Unmarshal(data, &e) != nil || !wanted[e.Type] {
			continue
		}
		select {
		case s.evs <- e:
		default: // nobody waits on this socket: an older turn's news
		}
	}
}

// drain forgets what arrived before the next request is sent.
func (s *wireSocket) drain() {
	for {
		select {
		case <-s.evs:
		default:
			return
		}
	}
}

func (s *wireSocket) write(msg map[string]any) error {
	data, _ := json.Marshal(msg)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return s.conn.Write(ctx, websocket.MessageText, data)
}

func (s *wireSocket) send(b *testing.B, msg map[string]any) {
	b.Helper()
	if err := s.write(msg); err != nil {
		b.Fatal(err)
	}
}

var errSocketClosed = errors.New("socket closed")

// next returns the first message that matches, or an error after a
// generous timeout or when the socket closes.
func (s *wireSocket) next(match func(wireEvent) bool) (wireEvent, error) {
	timeout := time.NewTimer(60 * time.Second)
	defer timeout.Stop()
	for {
		select {
		case e := <-s.evs:
			if match(e) {
				return e, nil
			}
		case <-s.done:
			return wireEvent{}, errSocketClosed
		case <-timeout.C:
			return wireEvent{}, errors.New("no answer in 60s")
		}
	}
}

func (s *wireSocket) close() { s.conn.Close(websocket.StatusNormalClosure, "") }
