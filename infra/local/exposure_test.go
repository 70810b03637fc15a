package main

import (
	"net/http"
	"strings"
	"testing"
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
