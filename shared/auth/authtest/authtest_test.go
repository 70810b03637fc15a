package authtest

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"chronicler/shared/auth"
)

// signIn runs the provider's authorization step as a browser would and
// returns the code it sends back to redirect.
func signIn(t *testing.T, p *Provider, q url.Values) (*url.URL, int) {
	t.Helper()
	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	page, err := http.Get(p.URL + "/authorize?" + q.Encode())
	if err != nil {
		t.Fatal(err)
	}
	page.Body.Close()
	if page.StatusCode != http.StatusOK {
		return nil, page.StatusCode
	}
	f := url.Values{}
	for k := range q {
		f.Set(k, q.Get(k))
	}
	f.Set("user", "Aria")
	r, err := noFollow.PostForm(p.URL+"/authorize", f)
	if err != nil {
		t.Fatal(err)
	}
	r.Body.Close()
	loc, err := url.Parse(r.Header.Get("Location"))
	if err != nil || r.StatusCode != http.StatusSeeOther {
		t.Fatalf("authorize answered %d to %q", r.StatusCode, r.Header.Get("Location"))
	}
	return loc, r.StatusCode
}

func exchange(t *testing.T, p *Provider, form url.Values) (map[string]any, int) {
	t.Helper()
	r, err := http.PostForm(p.URL+"/token", form)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Body.Close()
	var body map[string]any
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
		t.Fatal(err)
	}
	return body, r.StatusCode
}

// The provider's tokens are the ones Chronicler's verifier accepts, and only
// a client holding the verifier, at the same redirect, gets them, once.
func TestCodeFlowWithPKCE(t *testing.T) {
	p := New("web")
	defer p.Close()
	verifier := strings.Repeat("v", 43)
	sum := sha256.Sum256([]byte(verifier))
	q := url.Values{"client_id": {"web"}, "response_type": {"code"}, "redirect_uri": {"http://127.0.0.1:9/"},
		"state": {"s1"}, "nonce": {"n1"}, "code_challenge": {b64(sum[:])}, "code_challenge_method": {"S256"}}

	for name, bad := range map[string]func(url.Values){
		"plain challenge": func(v url.Values) { v.Set("code_challenge_method", "plain") },
		"other client":    func(v url.Values) { v.Set("client_id", "other") },
		"no state":        func(v url.Values) { v.Del("state") },
		"relative":        func(v url.Values) { v.Set("redirect_uri", "/back") },
	} {
		v := url.Values{}
		for k := range q {
			v.Set(k, q.Get(k))
		}
		bad(v)
		if _, status := signIn(t, p, v); status != http.StatusBadRequest {
			t.Errorf("%s: the sign-in page answered %d, want 400", name, status)
		}
	}

	back, _ := signIn(t, p, q)
	if back.Query().Get("state") != "s1" || back.Query().Get("code") == "" {
		t.Fatalf("sent back to %s", back)
	}
	code := back.Query().Get("code")
	form := url.Values{"grant_type": {"authorization_code"}, "client_id": {"web"}, "code": {code},
		"redirect_uri": {"http://127.0.0.1:9/"}, "code_verifier": {strings.Repeat("w", 43)}}
	if body, status := exchange(t, p, form); status != http.StatusBadRequest || body["error"] != "invalid_grant" {
		t.Errorf("a wrong verifier got %d %v", status, body)
	}
	// The refused attempt used the code up.
	form.Set("code_verifier", verifier)
	if _, status := exchange(t, p, form); status != http.StatusBadRequest {
		t.Errorf("a used code got %d", status)
	}

	back, _ = signIn(t, p, q)
	form.Set("code", back.Query().Get("code"))
	body, status := exchange(t, p, form)
	if status != http.StatusOK {
		t.Fatalf("exchange: %d %v", status, body)
	}
	v, err := auth.NewOIDC(context.Background(), auth.OIDCConfig{Issuer: p.URL, Audience: "web"})
	if err != nil {
		t.Fatal(err)
	}
	c, err := v.Verify(context.Background(), body["id_token"].(string))
	if err != nil {
		t.Fatalf("the verifier refuses the provider's token: %v", err)
	}
	if c.PlayerID != auth.OIDCPlayerPrefix+Subject("Aria") || c.Name != "Aria" {
		t.Errorf("claims %+v", c)
	}

	renewed, status := exchange(t, p, url.Values{"grant_type": {"refresh_token"}, "client_id": {"web"}, "refresh_token": {body["refresh_token"].(string)}})
	if status != http.StatusOK || renewed["id_token"] == "" || p.Renewals() != 1 || p.SignIns() != 1 {
		t.Errorf("refresh: %d %v (renewals %d, sign-ins %d)", status, renewed, p.Renewals(), p.SignIns())
	}
}
