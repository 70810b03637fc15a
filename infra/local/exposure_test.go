package main

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
)

func TestAddrOnTheNetworkNeedsPublic(t *testing.T) {
	env := func(string) string { return "" }
	for _, tc := range []struct {
		args []string
		ok   bool
	}{
		{[]string{"-addr", "127.0.0.1:8080"}, true},
		{[]string{"-addr", "localhost:8080"}, true},
		{[]string{"-addr", "[::1]:8080"}, true},
		{[]string{"-addr", "0.0.0.0:8080"}, false},
		{[]string{"-addr", ":8080"}, false},
		{[]string{"-addr", "[::]:8080"}, false},
		{[]string{"-addr", "192.168.1.20:8080"}, false},
		{[]string{"-addr", "0.0.0.0:8080", "-public"}, true},
		{[]string{"-addr", "nonsense"}, false},
	} {
		_, err := parseConfig(tc.args, env)
		if (err == nil) != tc.ok {
			t.Errorf("%v: err = %v, want ok=%v", tc.args, err, tc.ok)
		}
		if err != nil && !tc.ok && tc.args[1] != "nonsense" && !strings.Contains(err.Error(), "-public") {
			t.Errorf("%v: error %q does not say how to mean it", tc.args, err)
		}
	}
}

// The management endpoints push to any socket and close it with no
// player's token: only the server's own signed calls get through.
func TestManagementEndpointsRefuseStrangers(t *testing.T) {
	base := inProcess(t)
	tb := newTable(t, base, "Guarded", "Aria")
	c := tb.players[0].mustDial(tb.id)
	defer c.close()
	for _, auth := range []string{"", "AWS4-HMAC-SHA256 Credential=local/20260101/us-east-1/execute-api/aws4_request"} {
		for _, method := range []string{http.MethodPost, http.MethodGet, http.MethodDelete} {
			req, _ := http.NewRequest(method, base+"/@connections/anything", strings.NewReader(`{"type":"x"}`))
			if auth != "" {
				req.Header.Set("Authorization", auth)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusForbidden {
				t.Errorf("%s with authorization %q: %s, want 403", method, auth, resp.Status)
			}
		}
	}
}

func TestSecurityHeadersOnEveryAnswer(t *testing.T) {
	base := inProcess(t)
	host := strings.TrimPrefix(base, "http://")
	for path, csp := range map[string]string{
		"/":            "connect-src 'self' ws://" + host + ";",
		"/app.js":      "script-src 'self'",
		"/config.json": "frame-ancestors 'none'",
		"/missing":     "default-src 'self'",
		"/api/health":  "default-src 'none'; frame-ancestors 'none'",
		"/api/nothing": "default-src 'none'; frame-ancestors 'none'",
	} {
		resp, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if got := resp.Header.Get("Content-Security-Policy"); !strings.Contains(got, csp) {
			t.Errorf("%s: Content-Security-Policy %q, want it to hold %q", path, got, csp)
		}
		for k, want := range map[string]string{"X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer", "X-Frame-Options": "DENY"} {
			if got := resp.Header.Get(k); got != want {
				t.Errorf("%s: %s = %q, want %q", path, k, got, want)
			}
		}
	}
}

// One player's sockets to one campaign are capped: the 300 a token could
// open before are refused past the limit, with the handshake's 403.
func TestSocketsPerPlayerAreCapped(t *testing.T) {
	base := inProcess(t, func(c *config) { c.limits = "connections_per_player=3" })
	tb := newTable(t, base, "Crowded", "Aria")
	p := tb.players[0]
	for range 3 {
		s := p.mustDial(tb.id)
		defer s.close()
	}
	if s, err := p.dial(tb.id); err == nil {
		s.close()
		t.Fatal("a fourth socket opened")
	} else if !strings.Contains(err.Error(), "403") {
		t.Errorf("fourth socket: %v, want a 403", err)
	}
}

func TestLimitsFlagIsChecked(t *testing.T) {
	if _, err := parseConfig([]string{"-limits", "sockets=3"}, func(string) string { return "" }); err == nil || !strings.Contains(err.Error(), "unknown limit") {
		t.Errorf("err = %v, want the unknown limit named", err)
	}
}

// The local state machine answers a held turn's tasks and starts flows
// with no player's token: only this server's own signed calls get through.
func TestStateMachineRefusesStrangers(t *testing.T) {
	srv := serveInProcess(t)
	endpoint := "http://" + srv.flowsLn.Addr().String() + "/"
	call := func(auth string) int {
		t.Helper()
		req, _ := http.NewRequest(http.MethodPost, endpoint, strings.NewReader(`{"executionArn":"arn:aws:states:us-east-1:000000000000:execution:chronicler-reaction:none"}`))
		req.Header.Set("Content-Type", "application/x-amz-json-1.0")
		req.Header.Set("X-Amz-Target", "AWSStepFunctions.DescribeExecution")
		if auth != "" {
			req.Header.Set("Authorization", auth)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	for _, auth := range []string{"", "AWS4-HMAC-SHA256 Credential=local/20260101/us-east-1/states/aws4_request",
		"AWS4-HMAC-SHA256 Credential=local-" + strings.Repeat("A", 26) + "/20260101/us-east-1/states/aws4_request"} {
		if got := call(auth); got != http.StatusForbidden {
			t.Errorf("authorization %q: %d, want 403", auth, got)
		}
	}
	if got := call(srv.managementAuthorization()); got == http.StatusForbidden {
		t.Errorf("the server's own call was refused")
	}
}

// A played session, with the trouble the server writes down (a message
// too big, sockets closing), leaves no connection id whole in the log:
// whoever reads it could push to the socket or close it.
func TestConnectionIDsStayOutOfTheLog(t *testing.T) {
	var out lockedBuffer
	srv := serveInProcess(t, func(c *config) {
		c.log = slog.New(slog.NewTextHandler(&out, &slog.HandlerOptions{Level: slog.LevelDebug}))
	})
	tb := newTable(t, "http://"+srv.ln.Addr().String(), "Overheard", "Aria", "Bram")
	tb.connect(t)
	tb.socks[0].send(map[string]any{"action": "resume", "request_id": "resume"})
	tb.socks[1].wait(0, "recap", typeIs("recap"))
	tb.turn(t, 0, "I look around the harbour")
	tb.turn(t, 1, "I follow Aria")
	conns, err := srv.store.Connections(context.Background(), tb.id)
	if err != nil || len(conns) != 2 {
		t.Fatalf("connections: %v, %v", conns, err)
	}
	bram := tb.socks[1]
	bram.send(map[string]any{"action": "no-such-action"})
	if err := bram.conn.Write(context.Background(), websocket.MessageText, bytes.Repeat([]byte("x"), 64*1024)); err != nil {
		t.Fatal(err)
	}
	bram.waitClosed()
	tb.socks = tb.socks[:1]
	tb.turn(t, 0, "I wait for Bram")
	tb.socks[0].close()

	log := out.String()
	if !strings.Contains(log, "connection=") {
		t.Fatalf("the log names no connection at all, so it shows nothing:\n%s", log)
	}
	for _, c := range conns {
		if strings.Contains(log, c.ID) {
			t.Errorf("the log holds connection id %q whole:\n%s", c.ID, log)
		}
	}
}

// waitClosed waits until the server has closed s.
func (s *socket) waitClosed() {
	s.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	timer := time.AfterFunc(20*time.Second, func() { s.mu.Lock(); s.cond.Broadcast(); s.mu.Unlock() })
	defer timer.Stop()
	s.mu.Lock()
	defer s.mu.Unlock()
	for !s.closed {
		if time.Now().After(deadline) {
			s.t.Fatalf("the server did not close the socket")
		}
		s.cond.Wait()
	}
}

// lockedBuffer is a log the server's goroutines write to together.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
