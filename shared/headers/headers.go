// Package headers holds the security headers every answer carries, the
// web page's and the API's, in the local server and in the cloud (where
// CloudFront's response headers policy and the API's Lambda send the same).
package headers

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
)

// ContentSecurityPolicy is the page's policy: its own scripts, styles and
// images only, no plugins, no framing, and network calls only to its own
// origin and the origins given (the API, the WebSocket, the identity
// provider). Names players choose are escaped on display; the policy is
// the second wall, should one ever slip through.
func ContentSecurityPolicy(connect ...string) string {
	var origins []string
	for _, c := range connect {
		if o := Origin(c); o != "" {
			origins = append(origins, o)
		}
	}
	return PolicyOf(origins...)
}

// PolicyOf is ContentSecurityPolicy for origins already written as
// scheme://host[:port], taken as they are: for origins known only when
// deployed, whose placeholders the deployment fills in. One that could
// end the directive or add a source (a space, a semicolon, a comma or a
// quote) is left out.
func PolicyOf(origins ...string) string {
	src := []string{"'self'"}
	for _, o := range origins {
		if o != "" && !strings.ContainsAny(o, " \t\r\n;,'\"") && !slices.Contains(src, o) {
			src = append(src, o)
		}
	}
	return strings.Join([]string{
		"default-src 'self'",
		"script-src 'self'",
		"style-src 'self'",
		"img-src 'self' data:",
		"connect-src " + strings.Join(src, " "),
		"object-src 'none'",
		"base-uri 'none'",
		"form-action 'self'",
		"frame-ancestors 'none'",
	}, "; ")
}

// APIPolicy is the policy of the API's JSON answers: nothing in them is
// ever to run or be framed.
const APIPolicy = "default-src 'none'; frame-ancestors 'none'"

// Set puts the headers every answer carries: csp, and
// the ones that stop sniffing, framing and referrers.
func Set(h http.Header, csp string) {
	h.Set("Content-Security-Policy", csp)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Referrer-Policy", "no-referrer")
}

// Origin returns scheme://host[:port] of a URL, or "" if it has none.
func Origin(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme == "" || u.Host == "" || strings.ContainsAny(u.Host, " ;'") {
		return ""
	}
	return u.Scheme + "://" + u.Host
}
