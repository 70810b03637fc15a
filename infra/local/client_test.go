package main

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// player is a test client that knows only protocol.md.
type player struct {
	t     testing.TB
	base  string // http://host:port
	id    string
	name  string
	token string
}

func newPlayer(t testing.TB, base, name string) *player {
	p := &player{t: t, base: base, name: name}
	var out struct {
		PlayerID string `json:"player_id"`
		Token    string `json:"token"`
	}
	p.must("POST", "/api/players", map[string]string{"name": name}, &out, http.StatusCreated)
	p.id, p.token = out.PlayerID, out.Token
	return p
}

// do calls the HTTP API and returns the status; out receives the body.
func (p *player) do(method, path string, body, out any) int {
	p.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, p.base+path, rd)
	if p.token != "" {
		req.Header.Set("Authorization", "Bearer "+p.token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		p.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if out != nil {
		dec := json.NewDecoder(bytes.NewReader(data))
		if err := dec.Decode(out); err != nil {
			p.t.Fatalf("%s %s: decode %q: %v", method, path, data, err)
		}
	}
	return resp.StatusCode
}

func (p *player) must(method, path string, body, out any, status int) {
	p.t.Helper()
	if got := p.do(method, path, body, out); got != status {
		p.t.Fatalf("%s %s = %d, want %d", method, path, got, status)
	}
}

// event is a server message, decoded loosely.
type event map[string]any

func (e event) str(k string) string { s, _ := e[k].(string); return s }
func (e event) num(k string) int64  { f, _ := e[k].(float64); return int64(f) }

// socket is one WebSocket connection and everything it has received.
type socket struct {
	t        testing.TB
	conn     *websocket.Conn
	campaign string
	mu       sync.Mutex
	got      []event
	cond     *sync.Cond
	closed   bool
	// patience is how long wait waits; 0 is 20 seconds.
	patience time.Duration
}

func (p *player) dial(campaignID string) (*socket, error) {
	u := strings.Replace(p.base, "http", "ws", 1) + "/ws?campaign=" + url.QueryEscape(campaignID) + "&token=" + url.QueryEscape(p.token)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, resp, err := websocket.Dial(ctx, u, nil)
	if err != nil {
		if resp != nil {
			return nil, fmt.Errorf("dial: status %d: %w", resp.StatusCode, err)
		}
		return nil, err
	}
	c.SetReadLimit(1 << 20)
	s := &socket{t: p.t, conn: c, campaign: campaignID}
	s.cond = sync.NewCond(&s.mu)
	go s.read()
	return s, nil
}

func (p *player) mustDial(campaignID string) *socket {
	p.t.Helper()
	s, err := p.dial(campaignID)
	if err != nil {
		p.t.Fatal(err)
	}
	return s
}

func (s *socket) read() {
	for {
		_, data, err := s.conn.Read(context.Background())
		s.mu.Lock()
		if err != nil {
			s.closed = true
			s.cond.Broadcast()
			s.mu.Unlock()
			return
		}
		var ev event
		if json.Unmarshal(data, &ev) == nil {
			s.got = append(s.got, ev)
		}
		s.cond.Broadcast()
		s.mu.Unlock()
	}
}

func (s *socket) send(msg map[string]any) {
	b, _ := json.Marshal(msg)
	if err := s.conn.Write(context.Background(), websocket.MessageText, b); err != nil {
		s.t.Errorf("send %s: %v", b, err)
	}
}

// wait returns the first event from index from on that matches, and its
// index; it fails the test after a generous timeout.
func (s *socket) wait(from int, what string, match func(event) bool) (event, int) {
	s.t.Helper()
	patience := cmp.Or(s.patience, 20*time.Second)
	deadline := time.Now().Add(patience)
	timer := time.AfterFunc(patience, func() { s.mu.Lock(); s.cond.Broadcast(); s.mu.Unlock() })
	defer timer.Stop()
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := from; ; {
		for ; i < len(s.got); i++ {
			if match(s.got[i]) {
				return s.got[i], i
			}
		}
		if s.closed || time.Now().After(deadline) {
			s.t.Fatalf("no %s on %s after %d events (closed=%v): %v", what, s.campaign, len(s.got), s.closed, s.got)
		}
		s.cond.Wait()
	}
}

func (s *socket) events() []event {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]event(nil), s.got...)
}

func (s *socket) count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.got)
}

func (s *socket) close() { s.conn.Close(websocket.StatusNormalClosure, "") }

func typeIs(typ string) func(event) bool { return func(e event) bool { return e.str("type") == typ } }

func turnEvent(typ, turnID string) func(event) bool {
	return func(e event) bool { return e.str("type") == typ && e.str("turn_id") == turnID }
}

// table is one campaign with its players, characters and sockets.
type table struct {
	id      string
	players []*player
	chars   []string
	socks   []*socket
}

// newTable creates a campaign owned by the first player, joined by the
// others, with one character each.
func newTable(t testing.TB, base, name string, names ...string) *table {
	tb := &table{}
	for _, n := range names {
		tb.players = append(tb.players, newPlayer(t, base, n))
	}
	var created struct {
		Campaign   struct{ ID string }
		InviteCode string `json:"invite_code"`
	}
	tb.players[0].must("POST", "/api/campaigns", map[string]any{"name": name, "world_seed": "a fog-bound harbour"}, &created, http.StatusCreated)
	tb.id = created.Campaign.ID
	for _, p := range tb.players[1:] {
		p.must("POST", "/api/campaigns/"+tb.id+"/join", map[string]string{"invite_code": created.InviteCode}, nil, http.StatusOK)
	}
	for i, p := range tb.players {
		var ch struct{ Character struct{ ID string } }
		p.must("POST", "/api/campaigns/"+tb.id+"/characters",
			map[string]any{"name": p.name + "'s hero", "race": []string{"elf", "dwarf"}[i%2], "class": []string{"wizard", "fighter"}[i%2]}, &ch, http.StatusCreated)
		tb.chars = append(tb.chars, ch.Character.ID)
	}
	return tb
}

func (tb *table) connect(t testing.TB) {
	tb.socks = nil
	for _, p := range tb.players {
		tb.socks = append(tb.socks, p.mustDial(tb.id))
	}
}

// turn has player i act and waits until every socket saw it committed.
func (tb *table) turn(t testing.TB, i int, text string) event {
	t.Helper()
	marks := make([]int, len(tb.socks))
	for k, s := range tb.socks {
		marks[k] = s.count()
	}
	rid := fmt.Sprintf("%s-%d-%d", tb.id, i, time.Now().UnixNano())
	tb.socks[i].send(map[string]any{"action": "turn", "request_id": rid, "character_id": tb.chars[i], "text": text})
	acc, _ := tb.socks[i].wait(marks[i], "turn.accepted", func(e event) bool {
		return (e.str("type") == "turn.accepted" && e.str("request_id") == rid) || e.str("type") == "error"
	})
	if acc.str("type") == "error" {
		t.Fatalf("turn refused: %v", acc)
	}
	var committed event
	for k, s := range tb.socks {
		committed, _ = s.wait(marks[k], "turn.committed", turnEvent("turn.committed", acc.str("turn_id")))
	}
	return committed
}
