package headers

import (
	"net/http"
	"strings"
	"testing"
)

func TestContentSecurityPolicy(t *testing.T) {
	csp := ContentSecurityPolicy("wss://abc.execute-api.eu-west-1.amazonaws.com/live", "https://auth.example.com/pool", "https://auth.example.com/other", "", "not a url", "wss://evil.example; script-src *")
	for _, want := range []string{
		"script-src 'self'",
		"frame-ancestors 'none'",
		"object-src 'none'",
		"connect-src 'self' wss://abc.execute-api.eu-west-1.amazonaws.com https://auth.example.com;",
	} {
		if !strings.Contains(csp, want) {
			t.Errorf("policy %q lacks %q", csp, want)
		}
	}
	if strings.Contains(csp, "evil") || strings.Contains(csp, "'unsafe-inline'") || strings.Contains(csp, "*") {
		t.Errorf("policy %q lets in more than it should", csp)
	}
}

func TestSet(t *testing.T) {
	h := http.Header{}
	Set(h, APIPolicy)
	for k, want := range map[string]string{
		"Content-Security-Policy": APIPolicy,
		"X-Content-Type-Options":  "nosniff",
		"X-Frame-Options":         "DENY",
		"Referrer-Policy":         "no-referrer",
	} {
		if got := h.Get(k); got != want {
			t.Errorf("%s = %q, want %q", k, got, want)
		}
	}
}
