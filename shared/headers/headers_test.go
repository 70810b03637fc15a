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

// Origins known only when deployed stay as the deployment writes them;
// one that would add a source or a directive is left out.
func TestPolicyOf(t *testing.T) {
	csp := PolicyOf("https://${Token[TOKEN.1]}", "wss://${Token[TOKEN.2]}", "https://${Token[TOKEN.1]}", "", "https://a.example; script-src *", "https://b.example 'unsafe-inline'")
	if !strings.Contains(csp, "connect-src 'self' https://${Token[TOKEN.1]} wss://${Token[TOKEN.2]};") {
		t.Errorf("policy %q does not name the deployed origins once each", csp)
	}
	if strings.Contains(csp, "example") || strings.Contains(csp, "*") || strings.Contains(csp, "unsafe") {
		t.Errorf("policy %q lets in more than it should", csp)
	}
	if PolicyOf() != ContentSecurityPolicy() {
		t.Errorf("PolicyOf and ContentSecurityPolicy differ with no origins")
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
