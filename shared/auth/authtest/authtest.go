// Package authtest is an OpenID provider for tests: discovery, signing keys
// and the authorization code flow with PKCE (RFC 7636) on a local server,
// with a sign-in page a browser fills in. It stands in for a deployment's
// provider (a Cognito user pool), which cannot run on one machine.
//
// It is strict where a client could go wrong: the code is single use and
// short lived, the verifier must match the challenge (S256 only), and the
// redirect URI and client id must be the ones the code was issued to.
package authtest

import (
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"html/template"
	"math/big"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync"
	"sync/atomic"
	"time"
)

// codeTTL is how long an authorization code may wait to be exchanged.
const codeTTL = time.Minute

// Provider is a running OpenID provider. URL is its issuer.
type Provider struct {
	URL      string
	ClientID string
	// TokenTTL is the lifetime of the ID tokens it issues; an hour unless
	// a test wants them to run out.
	TokenTTL time.Duration

	srv *httptest.Server
	key *rsa.PrivateKey

	mu       sync.Mutex
	codes    map[string]grant // authorization code -> what it was issued for
	refresh  map[string]grant // refresh token -> the sign-in it renews
	signIns  atomic.Int32
	renewals atomic.Int32
}

// grant is one sign-in: who, for which client and redirect, and the PKCE
// challenge and nonce the client sent.
type grant struct {
	user, clientID, redirect, challenge, nonce string
	expires                                    time.Time
}

// New starts a provider that knows one client; Close stops it.
func New(clientID string) *Provider {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		panic(err)
	}
	p := &Provider{ClientID: clientID, TokenTTL: time.Hour, key: key,
		codes: map[string]grant{}, refresh: map[string]grant{}}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /.well-known/openid-configuration", p.discovery)
	mux.HandleFunc("GET /jwks", p.jwks)
	mux.HandleFunc("GET /authorize", p.authorizePage)
	mux.HandleFunc("POST /authorize", p.authorize)
	mux.HandleFunc("POST /token", p.token)
	mux.HandleFunc("OPTIONS /token", p.token)
	p.srv = httptest.NewServer(mux)
	p.URL = p.srv.URL
	return p
}

// Close stops the provider's server.
func (p *Provider) Close() { p.srv.Close() }

// SignIns is how many codes were exchanged for tokens; Renewals how many
// refresh tokens were.
func (p *Provider) SignIns() int  { return int(p.signIns.Load()) }
func (p *Provider) Renewals() int { return int(p.renewals.Load()) }

// Subject is the sub claim of the tokens issued to user.
func Subject(user string) string { return "user-" + user }

// cors lets a web client on another origin read the answer, as a real
// provider's public endpoints do.
func cors(w http.ResponseWriter) {
	w.Header().Set("Access-Control-Allow-Origin", "*")
	w.Header().Set("Access-Control-Allow-Headers", "content-type")
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	cors(w)
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// oauthError is RFC 6749 §5.2's error answer.
func oauthError(w http.ResponseWriter, code, description string) {
	writeJSON(w, http.StatusBadRequest, map[string]string{"error": code, "error_description": description})
}

func (p *Provider) discovery(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{
		"issuer":                                p.URL,
		"authorization_endpoint":                p.URL + "/authorize",
		"token_endpoint":                        p.URL + "/token",
		"jwks_uri":                              p.URL + "/jwks",
		"response_types_supported":              []string{"code"},
		"subject_types_supported":               []string{"public"},
		"id_token_signing_alg_values_supported": []string{"RS256"},
		"code_challenge_methods_supported":      []string{"S256"},
		"scopes_supported":                      []string{"openid", "profile"},
	})
}

func b64(b []byte) string { return base64.RawURLEncoding.EncodeToString(b) }

func (p *Provider) jwks(w http.ResponseWriter, _ *http.Request) {
	k := &p.key.PublicKey
	writeJSON(w, http.StatusOK, map[string]any{"keys": []map[string]any{{
		"kty": "RSA", "kid": "test-1", "use": "sig", "alg": "RS256",
		"n": b64(k.N.Bytes()), "e": b64(big.NewInt(int64(k.E)).Bytes()),
	}}})
}

var page = template.Must(template.New("signin").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test provider: sign in</title></head>
<body><h1>Sign in to the test provider</h1>
<form method="post" action="/authorize">
{{range $k, $v := .}}<input type="hidden" name="{{$k}}" value="{{$v}}">
{{end}}<label for="idp-user">User name</label> <input id="idp-user" name="user" required>
<button id="idp-submit">Sign in</button>
</form></body></html>`))

// checkRequest validates an authorization request's parameters and returns
// why it is refused, "" if it is not.
func (p *Provider) checkRequest(q url.Values) string {
	switch {
	case q.Get("client_id") != p.ClientID:
		return "unknown client_id"
	case q.Get("response_type") != "code":
		return "response_type must be code"
	case q.Get("code_challenge_method") != "S256" || len(q.Get("code_challenge")) != 43:
		return "a S256 code_challenge is required"
	case q.Get("state") == "":
		return "state is required"
	}
	u, err := url.Parse(q.Get("redirect_uri"))
	if err != nil || u.Scheme == "" || u.Host == "" || u.Fragment != "" {
		return "redirect_uri must be an absolute URL"
	}
	return ""
}

// authorizePage shows the sign-in form for a valid request.
func (p *Provider) authorizePage(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if why := p.checkRequest(q); why != "" {
		http.Error(w, why, http.StatusBadRequest)
		return
	}
	fields := map[string]string{}
	for _, k := range []string{"client_id", "response_type", "redirect_uri", "state", "nonce", "code_challenge", "code_challenge_method", "scope"} {
		fields[k] = q.Get(k)
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_ = page.Execute(w, fields)
}

// authorize signs the user in and sends the browser back with a code.
func (p *Provider) authorize(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	f := r.PostForm
	if why := p.checkRequest(f); why != "" {
		http.Error(w, why, http.StatusBadRequest)
		return
	}
	back, _ := url.Parse(f.Get("redirect_uri"))
	q := back.Query()
	q.Set("state", f.Get("state"))
	if f.Get("user") == "" {
		q.Set("error", "access_denied")
		q.Set("error_description", "The sign-in was cancelled.")
	} else {
		code := random()
		p.mu.Lock()
		p.codes[code] = grant{user: f.Get("user"), clientID: f.Get("client_id"), redirect: f.Get("redirect_uri"),
			challenge: f.Get("code_challenge"), nonce: f.Get("nonce"), expires: time.Now().Add(codeTTL)}
		p.mu.Unlock()
		q.Set("code", code)
	}
	back.RawQuery = q.Encode()
	http.Redirect(w, r, back.String(), http.StatusSeeOther)
}

// token exchanges a code (with its verifier) or a refresh token for tokens.
func (p *Provider) token(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodOptions {
		cors(w)
		w.WriteHeader(http.StatusNoContent)
		return
	}
	if err := r.ParseForm(); err != nil {
		oauthError(w, "invalid_request", err.Error())
		return
	}
	f := r.PostForm
	if f.Get("client_id") != p.ClientID {
		oauthError(w, "invalid_client", "unknown client_id")
		return
	}
	p.mu.Lock()
	var g grant
	var ok bool
	switch f.Get("grant_type") {
	case "authorization_code":
		g, ok = p.codes[f.Get("code")]
		delete(p.codes, f.Get("code")) // single use, even when refused
	case "refresh_token":
		g, ok = p.refresh[f.Get("refresh_token")]
	default:
		p.mu.Unlock()
		oauthError(w, "unsupported_grant_type", "grant_type must be authorization_code or refresh_token")
		return
	}
	p.mu.Unlock()
	if !ok {
		oauthError(w, "invalid_grant", "unknown, used or revoked code or refresh token")
		return
	}
	if f.Get("grant_type") == "authorization_code" {
		sum := sha256.Sum256([]byte(f.Get("code_verifier")))
		switch {
		case time.Now().After(g.expires):
			oauthError(w, "invalid_grant", "the code has expired")
			return
		case f.Get("redirect_uri") != g.redirect:
			oauthError(w, "invalid_grant", "redirect_uri differs from the authorization request's")
			return
		case b64(sum[:]) != g.challenge:
			oauthError(w, "invalid_grant", "code_verifier does not match the code_challenge")
			return
		}
		p.signIns.Add(1)
	} else {
		p.renewals.Add(1)
	}
	rt := random()
	p.mu.Lock()
	p.refresh[rt] = g
	p.mu.Unlock()
	idToken := p.sign(g)
	writeJSON(w, http.StatusOK, map[string]any{
		"id_token": idToken, "access_token": idToken, "refresh_token": rt,
		"token_type": "Bearer", "expires_in": int(p.TokenTTL / time.Second),
	})
}

// sign issues an RS256 ID token for a sign-in.
func (p *Provider) sign(g grant) string {
	now := time.Now()
	claims := map[string]any{"iss": p.URL, "aud": p.ClientID, "sub": Subject(g.user), "name": g.user,
		"iat": now.Unix(), "exp": now.Add(p.TokenTTL).Unix(), "token_use": "id"}
	if g.nonce != "" {
		claims["nonce"] = g.nonce
	}
	header, _ := json.Marshal(map[string]string{"alg": "RS256", "typ": "JWT", "kid": "test-1"})
	payload, _ := json.Marshal(claims)
	input := b64(header) + "." + b64(payload)
	digest := sha256.Sum256([]byte(input))
	sig, err := rsa.SignPKCS1v15(nil, p.key, crypto.SHA256, digest[:])
	if err != nil {
		panic(err)
	}
	return input + "." + b64(sig)
}

func random() string {
	b := make([]byte, 24)
	_, _ = rand.Read(b)
	return b64(b)
}
