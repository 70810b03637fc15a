package main

import (
	"context"
	"encoding/json"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// dialRaw opens a WebSocket for p that nobody reads unless its caller does.
func dialRaw(base string, p *player, campaignID string) (*websocket.Conn, error) {
	u := strings.Replace(base, "http", "ws", 1) + "/ws?campaign=" + url.QueryEscape(campaignID) + "&token=" + url.QueryEscape(p.token)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, u, nil)
	return c, err
}

func rawDial(t testing.TB, base string, p *player, campaignID string) *websocket.Conn {
	t.Helper()
	c, err := dialRaw(base, p, campaignID)
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	t.Cleanup(func() { c.CloseNow() })
	return c
}

func sendRaw(c *websocket.Conn, msg map[string]any) error {
	b, _ := json.Marshal(msg)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return c.Write(ctx, websocket.MessageText, b)
}

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

// An idle socket is closed as API Gateway closes it (-ws-idle): 1001, then
// $disconnect, so the table sees its player leave; a busy one stays.
func TestIdleSocketIsReaped(t *testing.T) {
	const idle = 500 * time.Millisecond
	base := inProcess(t, func(c *config) { c.wsIdle, c.apiRate = idle, 0 })
	tb := newTable(t, base, "Idle", "Aria", "Bram")
	aria := tb.players[0].mustDial(tb.id)
	aria.send(map[string]any{"action": "resume", "request_id": "resume"})
	aria.wait(0, "recap", typeIs("recap"))
	// Aria's socket is busy (a sync five times per idle timeout)...
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		tick := time.NewTicker(idle / 5)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
				_ = sendRaw(aria.conn, map[string]any{"action": "sync", "after_seq": 0})
			}
		}
	}()
	// ... Bram's says nothing.
	mark := aria.count()
	opened := time.Now() // the gateway's clock starts before the dial returns
	quiet := rawDial(t, base, tb.players[1], tb.id)
	isBram := func(state string) func(event) bool {
		return func(e event) bool {
			return e.str("type") == "presence" && e.str("character_id") == tb.chars[1] && e.str("state") == state
		}
	}
	_, mark = aria.wait(mark, "Bram present", isBram("present"))
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var err error
	for err == nil {
		_, _, err = quiet.Read(ctx)
	}
	if code := websocket.CloseStatus(err); code != websocket.StatusGoingAway {
		t.Fatalf("idle socket ended with %v (%v), want a 1001 close", code, err)
	}
	if since := time.Since(opened); since < idle {
		t.Errorf("closed after %v, before the idle timeout %v", since, idle)
	}
	aria.wait(mark, "Bram absent", isBram("absent"))
	aria.mu.Lock()
	defer aria.mu.Unlock()
	if aria.closed {
		t.Error("the busy socket was reaped too")
	}
}
