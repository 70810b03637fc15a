package auth

import (
	"context"
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/hmac"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"chronicler/shared/fault"
)

const testClient = "chronicler-web"

var testEpoch = time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)

// The test keys are generated once per test binary: 2048-bit RSA is slow.
var (
	rsaKeys = sync.OnceValue(func() [3]*rsa.PrivateKey {
		var ks [3]*rsa.PrivateKey
		for i := range ks {
			k, err := rsa.GenerateKey(rand.Reader, 2048)
			if err != nil {
				panic(err)
			}
			ks[i] = k
		}
		return ks
	})
	ecKey = sync.OnceValue(func() *ecdsa.PrivateKey {
		k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
		if err != nil {
			panic(err)
		}
		return k
	})
)

// The provider's keys: rsa-1 and ec-1 are published from the start; rsa-2
// is rotated in by some tests; the third RSA key is never published.
func rsa1() *rsa.PrivateKey     { return rsaKeys()[0] }
func rsa2() *rsa.PrivateKey     { return rsaKeys()[1] }
func rsaRogue() *rsa.PrivateKey { return rsaKeys()[2] }

// stepClock is a clock tests move by hand.
type stepClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *stepClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *stepClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// testIdP is an OpenID provider on a local TLS server: discovery plus JWKS.
type testIdP struct {
	srv *httptest.Server

	mu        sync.Mutex
	issuer    string           // what discovery claims; the server's URL unless a test lies
	keys      []map[string]any // the published JWKS
	jwksBody  []byte           // served instead of keys when set
	down      bool             // every request gets a 503
	jwksCalls atomic.Int32
}

func newIdP(t testing.TB) *testIdP {
	idp := &testIdP{}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /.well-known/openid-configuration", func(w http.ResponseWriter, r *http.Request) {
		idp.mu.Lock()
		defer idp.mu.Unlock()
		if idp.down {
			http.Error(w, "down", http.StatusServiceUnavailable)
			return
		}
		writeJSON(w, map[string]any{"issuer": idp.issuer, "jwks_uri": idp.srv.URL + "/jwks", "id_token_signing_alg_values_supported": []string{"RS256"}})
	})
	mux.HandleFunc("GET /jwks", func(w http.ResponseWriter, r *http.Request) {
		idp.jwksCalls.Add(1)
		idp.mu.Lock()
		defer idp.mu.Unlock()
		switch {
		case idp.down:
			http.Error(w, "down", http.StatusServiceUnavailable)
		case idp.jwksBody != nil:
			w.Write(idp.jwksBody)
		default:
			writeJSON(w, map[string]any{"keys": idp.keys})
		}
	})
	idp.srv = httptest.NewTLSServer(mux)
	t.Cleanup(idp.srv.Close)
	idp.issuer = idp.srv.URL
	idp.keys = []map[string]any{rsaJWK("rsa-1", &rsa1().PublicKey), ecJWK("ec-1", &ecKey().PublicKey)}
	return idp
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(v)
}

func (idp *testIdP) set(f func(idp *testIdP)) {
	idp.mu.Lock()
	defer idp.mu.Unlock()
	f(idp)
}

func rsaJWK(kid string, k *rsa.PublicKey) map[string]any {
	return map[string]any{"kty": "RSA", "kid": kid, "use": "sig", "alg": "RS256",
		"n": enc(k.N.Bytes()), "e": enc(big.NewInt(int64(k.E)).Bytes())}
}

func ecJWK(kid string, k *ecdsa.PublicKey) map[string]any {
	b, err := k.Bytes()
	if err != nil {
		panic(err)
	}
	return map[string]any{"kty": "EC", "kid": kid, "use": "sig", "alg": "ES256", "crv": "P-256",
		"x": enc(b[1:33]), "y": enc(b[33:])}
}

func enc(b []byte) string { return base64.RawURLEncoding.EncodeToString(b) }

// fixture is a provider, a clock and an OIDC verifier built against both.
type fixture struct {
	idp   *testIdP
	clock *stepClock
	oidc  *OIDC
}

func newFixture(t testing.TB) *fixture {
	t.Helper()
	f := &fixture{idp: newIdP(t), clock: &stepClock{t: testEpoch}}
	o, err := NewOIDC(context.Background(), f.config())
	if err != nil {
		t.Fatalf("NewOIDC: %v", err)
	}
	f.oidc = o
	return f
}

func (f *fixture) config() OIDCConfig {
	return OIDCConfig{Issuer: f.idp.srv.URL, Audience: testClient, HTTPClient: f.idp.srv.Client(), Now: f.clock.Now}
}

// claims are a Cognito-style ID token's, edited by the caller.
func (f *fixture) claims(edits ...func(c map[string]any)) map[string]any {
	now := f.clock.Now().Unix()
	c := map[string]any{
		"iss": f.idp.srv.URL, "aud": testClient, "sub": "0b9c6a3e-51d2-4f0e-9c59-1f7a8e2d4c11",
		"token_use": "id", "name": "Aria", "iat": now, "exp": now + 3600,
	}
	for _, e := range edits {
		e(c)
	}
	return c
}

func set(k string, v any) func(map[string]any) { return func(c map[string]any) { c[k] = v } }
func del(k string) func(map[string]any)        { return func(c map[string]any) { delete(c, k) } }

func hdr(alg, kid string) map[string]any {
	h := map[string]any{"alg": alg, "typ": "JWT"}
	if kid != "" {
		h["kid"] = kid
	}
	return h
}

// compact signs header.payload with sign; header and payload are encoded
// as JSON unless already strings.
func compact(header, payload any, sign func([]byte) []byte) string {
	in := segmentOf(header) + "." + segmentOf(payload)
	return in + "." + enc(sign([]byte(in)))
}

func segmentOf(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return enc(b)
}

func rs256(k *rsa.PrivateKey) func([]byte) []byte {
	return func(in []byte) []byte {
		d := sha256.Sum256(in)
		sig, err := rsa.SignPKCS1v15(nil, k, crypto.SHA256, d[:])
		if err != nil {
			panic(err)
		}
		return sig
	}
}

func es256(k *ecdsa.PrivateKey) func([]byte) []byte {
	return func(in []byte) []byte {
		d := sha256.Sum256(in)
		r, s, err := ecdsa.Sign(rand.Reader, k, d[:])
		if err != nil {
			panic(err)
		}
		sig := make([]byte, 64)
		r.FillBytes(sig[:32])
		s.FillBytes(sig[32:])
		return sig
	}
}

func es256ASN1(k *ecdsa.PrivateKey) func([]byte) []byte {
	return func(in []byte) []byte {
		d := sha256.Sum256(in)
		sig, err := ecdsa.SignASN1(rand.Reader, k, d[:])
		if err != nil {
			panic(err)
		}
		return sig
	}
}

func hs256(secret []byte) func([]byte) []byte {
	return func(in []byte) []byte {
		m := hmac.New(sha256.New, secret)
		m.Write(in)
		return m.Sum(nil)
	}
}

func unsigned([]byte) []byte { return nil }

// rs and es are well-formed tokens under the published keys.
func (f *fixture) rs(claims map[string]any) string {
	return compact(hdr("RS256", "rsa-1"), claims, rs256(rsa1()))
}

func (f *fixture) es(claims map[string]any) string {
	return compact(hdr("ES256", "ec-1"), claims, es256(ecKey()))
}

func publicPEM(t testing.TB, k crypto.PublicKey) []byte {
	der, err := x509.MarshalPKIXPublicKey(k)
	if err != nil {
		t.Fatal(err)
	}
	return pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der})
}

func wantRefused(t *testing.T, err, why error) {
	t.Helper()
	if !fault.Is(err, fault.Unauthorized) {
		t.Fatalf("err = %v, want unauthorized", err)
	}
	if why != nil && !errors.Is(err, why) {
		t.Fatalf("err = %v, want refusal for %q", err, why)
	}
}

func TestOIDCVerifyAccepts(t *testing.T) {
	f := newFixture(t)
	now := testEpoch.Unix()
	sub := "0b9c6a3e-51d2-4f0e-9c59-1f7a8e2d4c11"
	cases := []struct {
		name  string
		token string
		want  Claims
	}{
		{"AcceptsRS256", f.rs(f.claims()),
			Claims{PlayerID: "oidc:" + sub, Name: "Aria", IssuedAt: now, ExpiresAt: now + 3600, Issuer: f.idp.srv.URL}},
		{"AcceptsES256", f.es(f.claims()),
			Claims{PlayerID: "oidc:" + sub, Name: "Aria", IssuedAt: now, ExpiresAt: now + 3600, Issuer: f.idp.srv.URL}},
		{"AcceptsAudienceArrayContainingClient", f.rs(f.claims(set("aud", []string{"other-app", testClient}))),
			Claims{PlayerID: "oidc:" + sub, Name: "Aria", IssuedAt: now, ExpiresAt: now + 3600, Issuer: f.idp.srv.URL}},
		{"AcceptsCognitoAccessToken", f.rs(f.claims(del("aud"), del("name"), set("token_use", "access"),
			set("client_id", testClient), set("username", "aria"), set("cognito:username", "aria"), set("scope", "openid"))),
			Claims{PlayerID: "oidc:" + sub, Name: "aria", IssuedAt: now, ExpiresAt: now + 3600, Issuer: f.idp.srv.URL}},
		{"AcceptsExpiryWithinLeeway", f.rs(f.claims(set("exp", now-30))),
			Claims{PlayerID: "oidc:" + sub, Name: "Aria", IssuedAt: now, ExpiresAt: now - 30, Issuer: f.idp.srv.URL}},
		{"AcceptsNotBeforeWithinLeeway", f.rs(f.claims(set("nbf", now+30), set("iat", now+30))),
			Claims{PlayerID: "oidc:" + sub, Name: "Aria", IssuedAt: now + 30, ExpiresAt: now + 3600, Issuer: f.idp.srv.URL}},
		{"AcceptsFractionalTimes", f.rs(f.claims(set("exp", float64(now)+3600.5), set("iat", float64(now)+0.25))),
			Claims{PlayerID: "oidc:" + sub, Name: "Aria", IssuedAt: now, ExpiresAt: now + 3600, Issuer: f.idp.srv.URL}},
		{"AcceptsUnknownHeaderMembers", compact(map[string]any{"alg": "RS256", "kid": "rsa-1", "x5t": "abc", "jku": "https://evil.example/jwks"}, f.claims(), rs256(rsa1())),
			Claims{PlayerID: "oidc:" + sub, Name: "Aria", IssuedAt: now, ExpiresAt: now + 3600, Issuer: f.idp.srv.URL}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := f.oidc.Verify(context.Background(), c.token)
			if err != nil {
				t.Fatalf("Verify: %v", err)
			}
			if got != c.want {
				t.Fatalf("Verify = %+v, want %+v", got, c.want)
			}
		})
	}
	if n := f.idp.jwksCalls.Load(); n != 1 {
		t.Errorf("JWKS fetched %d times, want once (at construction)", n)
	}
}

func TestOIDCVerifyRefuses(t *testing.T) {
	f := newFixture(t)
	now := testEpoch.Unix()
	good := f.rs(f.claims())
	parts := strings.Split(good, ".")
	goodES := f.es(f.claims())
	esParts := strings.Split(goodES, ".")

	flipped := []byte(parts[2])
	if flipped[10] == 'A' {
		flipped[10] = 'B'
	} else {
		flipped[10] = 'A'
	}
	forged := segmentOf(f.claims(set("sub", "someone-else")))

	cases := []struct {
		name  string
		token string
		why   error
	}{
		// Algorithms and keys.
		{"RefusesAlgNone", compact(hdr("none", "rsa-1"), f.claims(), unsigned), errAlg},
		{"RefusesAlgNoneCapitalised", compact(hdr("None", "rsa-1"), f.claims(), unsigned), errAlg},
		{"RefusesMissingAlg", compact(map[string]any{"kid": "rsa-1"}, f.claims(), rs256(rsa1())), errAlg},
		{"RefusesHS256WithRSAPublicKeyPEMAsSecret", compact(hdr("HS256", "rsa-1"), f.claims(), hs256(publicPEM(t, &rsa1().PublicKey))), errAlg},
		{"RefusesHS256WithRSAModulusAsSecret", compact(hdr("HS256", "rsa-1"), f.claims(), hs256(rsa1().N.Bytes())), errAlg},
		{"RefusesRS384", compact(hdr("RS384", "rsa-1"), f.claims(), rs256(rsa1())), errAlg},
		{"RefusesRS256HeaderWithECKey", compact(hdr("RS256", "ec-1"), f.claims(), rs256(rsa1())), errKeyMismatch},
		{"RefusesES256HeaderWithRSAKey", compact(hdr("ES256", "rsa-1"), f.claims(), es256(ecKey())), errKeyMismatch},
		{"RefusesMissingKid", compact(hdr("RS256", ""), f.claims(), rs256(rsa1())), errNoKid},
		{"RefusesUnknownKid", compact(hdr("RS256", "rsa-9"), f.claims(), rs256(rsa1())), errUnknownKey},
		{"RefusesCriticalExtension", compact(map[string]any{"alg": "RS256", "kid": "rsa-1", "crit": []string{"b64"}, "b64": false}, f.claims(), rs256(rsa1())), errMalformed},

		// Signatures.
		{"RefusesTamperedPayload", parts[0] + "." + forged + "." + parts[2], errSignature},
		{"RefusesTamperedSignature", parts[0] + "." + parts[1] + "." + string(flipped), errSignature},
		{"RefusesEmptySignature", parts[0] + "." + parts[1] + ".", errSignature},
		{"RefusesSignatureByUnpublishedKey", compact(hdr("RS256", "rsa-1"), f.claims(), rs256(rsaRogue())), errSignature},
		{"RefusesTamperedES256Payload", esParts[0] + "." + forged + "." + esParts[2], errSignature},
		{"RefusesES256SignatureWithTrailingBytes", goodES + "AA", errSignature},
		{"RefusesES256SignatureInASN1", compact(hdr("ES256", "ec-1"), f.claims(), es256ASN1(ecKey())), errSignature},

		// Shapes.
		{"RefusesEmpty", "", errMalformed},
		{"RefusesTwoParts", parts[0] + "." + parts[1], errMalformed},
		{"RefusesFourParts", good + "." + parts[2], errMalformed},
		{"RefusesBadBase64Header", "!!!." + parts[1] + "." + parts[2], errMalformed},
		{"RefusesBadBase64Signature", parts[0] + "." + parts[1] + ".***", errMalformed},
		{"RefusesBadBase64SignedPayload", compact(hdr("RS256", "rsa-1"), "e30!", rs256(rsa1())), errMalformed},
		{"RefusesPaddedSignature", good + "=", errMalformed},
		{"RefusesNewlineInSignature", parts[0] + "." + parts[1] + "." + parts[2][:20] + "\n" + parts[2][20:], errMalformed},
		{"RefusesStandardBase64", parts[0] + "." + parts[1] + "." + strings.NewReplacer("-", "+", "_", "/").Replace(parts[2]) + "+/", errMalformed},
		{"RefusesHeaderNotJSON", enc([]byte("alg=RS256")) + "." + parts[1] + "." + parts[2], errMalformed},
		{"RefusesHeaderJSONNull", enc([]byte("null")) + "." + parts[1] + "." + parts[2], errMalformed},
		{"RefusesSignedPayloadNotObject", compact(hdr("RS256", "rsa-1"), enc([]byte("[1,2]")), rs256(rsa1())), errMalformed},
		{"RefusesSignedPayloadWithTrailingData", compact(hdr("RS256", "rsa-1"), enc([]byte(`{"sub":"x"} {}`)), rs256(rsa1())), errMalformed},
		{"RefusesHuge", strings.Repeat("a", maxTokenBytes+1), errTooLarge},
		{"RefusesHugeEvenIfSigned", f.rs(f.claims(set("pad", strings.Repeat("x", maxTokenBytes)))), errTooLarge},
		{"RefusesHugeHeader", compact(map[string]any{"alg": "RS256", "kid": "rsa-1", "pad": strings.Repeat("x", maxHeaderBytes)}, f.claims(), rs256(rsa1())), errTooLarge},

		// Claims.
		{"RefusesExpired", f.rs(f.claims(set("exp", now-61))), errExpired},
		{"RefusesExpiredLongAgo", f.rs(f.claims(set("iat", now-7200), set("exp", now-3600))), errExpired},
		{"RefusesMissingExpiry", f.rs(f.claims(del("exp"))), errMalformed},
		{"RefusesExpiryAsString", f.rs(f.claims(set("exp", "99999999999"))), errMalformed},
		{"RefusesNegativeExpiry", f.rs(f.claims(set("exp", -1))), errMalformed},
		{"RefusesExpiryBeyondReason", f.rs(f.claims(set("exp", 1e300))), errMalformed},
		{"RefusesNotYetValid", f.rs(f.claims(set("nbf", now+61))), errNotYetValid},
		{"RefusesIssuedInTheFuture", f.rs(f.claims(set("iat", now+3600), set("exp", now+7200))), errNotYetValid},
		{"RefusesNotBeforeAsString", f.rs(f.claims(set("nbf", "0"))), errMalformed},
		{"RefusesWrongIssuer", f.rs(f.claims(set("iss", "https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_other"))), errIssuer},
		{"RefusesIssuerWithTrailingSlash", f.rs(f.claims(set("iss", f.idp.srv.URL+"/"))), errIssuer},
		{"RefusesMissingIssuer", f.rs(f.claims(del("iss"))), errIssuer},
		{"RefusesUppercaseClaimNames", f.rs(map[string]any{"ISS": f.idp.srv.URL, "AUD": testClient, "SUB": "x", "EXP": now + 60}), errIssuer},
		{"RefusesWrongAudience", f.rs(f.claims(set("aud", "other-app"))), errAudience},
		{"RefusesAudienceArrayWithoutClient", f.rs(f.claims(set("aud", []string{"a", "b"}))), errAudience},
		{"RefusesOversizedAudienceArray", f.rs(f.claims(set("aud", append(make([]string, maxAudiences), testClient)))), errAudience},
		{"RefusesAudienceOfWrongType", f.rs(f.claims(set("aud", map[string]string{"client": testClient}))), errAudience},
		{"RefusesIDTokenWithoutAudience", f.rs(f.claims(del("aud"), set("client_id", testClient))), errAudience},
		{"RefusesAccessTokenForAnotherClient", f.rs(f.claims(del("aud"), set("token_use", "access"), set("client_id", "other-app"))), errAudience},
		{"RefusesAccessTokenWithoutClientID", f.rs(f.claims(del("aud"), set("token_use", "access"))), errAudience},
		{"RefusesMissingSubject", f.rs(f.claims(del("sub"))), errSubject},
		{"RefusesSubjectOfWrongType", f.rs(f.claims(set("sub", 42))), errSubject},
		{"RefusesSubjectWithControlCharacter", f.rs(f.claims(set("sub", "a\x00b"))), errSubject},
		{"RefusesOverlongSubject", f.rs(f.claims(set("sub", strings.Repeat("s", maxSubBytes+1)))), errSubject},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := f.oidc.Verify(context.Background(), c.token)
			wantRefused(t, err, c.why)
			if code, msg := fault.Public(err); code != fault.Unauthorized || msg != "invalid or expired token" {
				t.Fatalf("Public = %s %q, want the one non-revealing message", code, msg)
			}
		})
	}
	if n := f.idp.jwksCalls.Load(); n != 1 {
		t.Errorf("JWKS fetched %d times, want once: no refusal may refetch within RefreshEvery", n)
	}
}

func TestOIDCDisplayName(t *testing.T) {
	f := newFixture(t)
	noNames := []func(map[string]any){del("name")}
	cases := []struct {
		name   string
		claims map[string]any
		want   string
	}{
		{"PrefersName", f.claims(set("preferred_username", "ari"), set("email", "aria@example.com")), "Aria"},
		{"FallsBackToPreferredUsername", f.claims(append(noNames, set("preferred_username", "ari"), set("cognito:username", "aria42"))...), "ari"},
		{"FallsBackToCognitoUsername", f.claims(append(noNames, set("cognito:username", "aria42"), set("email", "aria@example.com"))...), "aria42"},
		{"NeverShowsTheEmail", f.claims(append(noNames, set("email", "aria@example.com"))...), ""},
		{"SkipsBlankAndControlCharacters", f.claims(set("name", "  "), set("preferred_username", "evil\x1b[2J"), set("cognito:username", "aria42")), "aria42"},
		{"CutsLongNames", f.claims(set("name", strings.Repeat("é", maxNameRunes+10))), strings.Repeat("é", maxNameRunes)},
		{"EmptyWhenNoneUsable", f.claims(noNames...), ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := f.oidc.Verify(context.Background(), f.rs(c.claims))
			if err != nil {
				t.Fatalf("Verify: %v", err)
			}
			if got.Name != c.want {
				t.Fatalf("Name = %q, want %q", got.Name, c.want)
			}
		})
	}
}

func TestOIDCKeyRotation(t *testing.T) {
	ctx := context.Background()
	rotated := func(f *fixture) string {
		return compact(hdr("RS256", "rsa-2"), f.claims(), rs256(rsa2()))
	}
	publishRSA2 := func(idp *testIdP) { idp.keys = append(idp.keys, rsaJWK("rsa-2", &rsa2().PublicKey)) }

	t.Run("AcceptsKeyRotatedInAfterOneRefresh", func(t *testing.T) {
		f := newFixture(t)
		f.idp.set(publishRSA2)
		f.clock.Advance(defaultRefreshEvery)
		c, err := f.oidc.Verify(ctx, rotated(f))
		if err != nil {
			t.Fatalf("Verify: %v", err)
		}
		if c.Name != "Aria" {
			t.Fatalf("Verify = %+v", c)
		}
		if n := f.idp.jwksCalls.Load(); n != 2 {
			t.Fatalf("JWKS fetched %d times, want 2", n)
		}
		// The old keys survive the refresh because the provider still publishes them.
		if _, err := f.oidc.Verify(ctx, f.es(f.claims())); err != nil {
			t.Fatalf("Verify ES256 after refresh: %v", err)
		}
	})

	t.Run("RefusesUnknownKidWithoutRefetchingWithinRefreshEvery", func(t *testing.T) {
		f := newFixture(t)
		f.idp.set(publishRSA2)
		// Fetched at construction a moment ago: the new key waits its turn.
		for range 5 {
			_, err := f.oidc.Verify(ctx, rotated(f))
			wantRefused(t, err, errUnknownKey)
		}
		if n := f.idp.jwksCalls.Load(); n != 1 {
			t.Fatalf("JWKS fetched %d times, want 1", n)
		}
		f.clock.Advance(defaultRefreshEvery - time.Second)
		_, err := f.oidc.Verify(ctx, rotated(f))
		wantRefused(t, err, errUnknownKey)
		f.clock.Advance(time.Second)
		if _, err := f.oidc.Verify(ctx, rotated(f)); err != nil {
			t.Fatalf("Verify once RefreshEvery passed: %v", err)
		}
		if n := f.idp.jwksCalls.Load(); n != 2 {
			t.Fatalf("JWKS fetched %d times, want 2", n)
		}
	})

	t.Run("RefusesStillUnknownKidAndRefetchesOncePerRefreshEvery", func(t *testing.T) {
		f := newFixture(t)
		bogus := compact(hdr("RS256", "nobody"), f.claims(), rs256(rsaRogue()))
		for minute := 1; minute <= 3; minute++ {
			f.clock.Advance(defaultRefreshEvery)
			for range 10 {
				_, err := f.oidc.Verify(ctx, bogus)
				wantRefused(t, err, errUnknownKey)
			}
			if n, want := f.idp.jwksCalls.Load(), int32(1+minute); n != want {
				t.Fatalf("after %d minutes JWKS fetched %d times, want %d", minute, n, want)
			}
		}
	})

	t.Run("HonoursConfiguredRefreshEvery", func(t *testing.T) {
		idp := newIdP(t)
		clock := &stepClock{t: testEpoch}
		o, err := NewOIDC(ctx, OIDCConfig{Issuer: idp.srv.URL, Audience: testClient, HTTPClient: idp.srv.Client(), Now: clock.Now, RefreshEvery: 10 * time.Minute})
		if err != nil {
			t.Fatal(err)
		}
		f := &fixture{idp: idp, clock: clock, oidc: o}
		idp.set(publishRSA2)
		clock.Advance(5 * time.Minute)
		_, err = o.Verify(ctx, rotated(f))
		wantRefused(t, err, errUnknownKey)
		clock.Advance(5 * time.Minute)
		if _, err := o.Verify(ctx, rotated(f)); err != nil {
			t.Fatalf("Verify: %v", err)
		}
	})

	t.Run("RefusesKeyWithdrawnOnceKeysAreAnHourOld", func(t *testing.T) {
		f := newFixture(t)
		f.idp.set(func(idp *testIdP) { idp.keys = idp.keys[1:] }) // rsa-1 withdrawn
		f.clock.Advance(keysMaxAge - time.Second)
		if _, err := f.oidc.Verify(ctx, f.rs(f.claims())); err != nil {
			t.Fatalf("Verify before max age: %v", err)
		}
		f.clock.Advance(time.Second)
		_, err := f.oidc.Verify(ctx, f.rs(f.claims()))
		wantRefused(t, err, errUnknownKey)
		if _, err := f.oidc.Verify(ctx, f.es(f.claims())); err != nil {
			t.Fatalf("Verify with a key still published: %v", err)
		}
		if n := f.idp.jwksCalls.Load(); n != 2 {
			t.Fatalf("JWKS fetched %d times, want 2", n)
		}
	})

	t.Run("UnavailableWhenProviderDownForUnknownKid", func(t *testing.T) {
		f := newFixture(t)
		f.idp.set(func(idp *testIdP) { idp.down = true })
		f.clock.Advance(defaultRefreshEvery)
		for range 3 { // the first fetches and fails; the rest remember the failure
			_, err := f.oidc.Verify(ctx, rotated(f))
			if !fault.Is(err, fault.Unavailable) {
				t.Fatalf("Verify = %v, want unavailable", err)
			}
			if code, _ := fault.Public(err); code != fault.Unavailable {
				t.Fatalf("Public code = %s", code)
			}
		}
		if n := f.idp.jwksCalls.Load(); n != 2 {
			t.Fatalf("JWKS fetched %d times, want 2", n)
		}
		// Known keys keep working through the outage.
		if _, err := f.oidc.Verify(ctx, f.rs(f.claims())); err != nil {
			t.Fatalf("Verify with a cached key: %v", err)
		}
		// And the provider's recovery is noticed on the next allowed fetch.
		f.idp.set(func(idp *testIdP) { idp.down = false; publishRSA2(idp) })
		f.clock.Advance(defaultRefreshEvery)
		if _, err := f.oidc.Verify(ctx, rotated(f)); err != nil {
			t.Fatalf("Verify after recovery: %v", err)
		}
	})

	t.Run("KeepsCachedKeysWhenProviderDownPastMaxAge", func(t *testing.T) {
		f := newFixture(t)
		f.idp.set(func(idp *testIdP) { idp.down = true })
		f.clock.Advance(2 * keysMaxAge)
		for range 3 {
			if _, err := f.oidc.Verify(ctx, f.rs(f.claims())); err != nil {
				t.Fatalf("Verify: %v", err)
			}
		}
		if n := f.idp.jwksCalls.Load(); n != 2 {
			t.Fatalf("JWKS fetched %d times, want 2 (one failed refresh, then rate-limited)", n)
		}
	})

	t.Run("UnavailableWhenJWKSUnusableForUnknownKid", func(t *testing.T) {
		f := newFixture(t)
		f.idp.set(func(idp *testIdP) { idp.jwksBody = []byte(`{"keys":"nope"}`) })
		f.clock.Advance(defaultRefreshEvery)
		if _, err := f.oidc.Verify(ctx, rotated(f)); !fault.Is(err, fault.Unavailable) {
			t.Fatalf("Verify = %v, want unavailable", err)
		}
		if _, err := f.oidc.Verify(ctx, f.rs(f.claims())); err != nil {
			t.Fatalf("Verify with a cached key: %v", err)
		}
	})

	t.Run("ConcurrentUnknownKidsFetchOnce", func(t *testing.T) {
		f := newFixture(t)
		f.idp.set(publishRSA2)
		f.clock.Advance(defaultRefreshEvery)
		tok := rotated(f)
		var wg sync.WaitGroup
		errs := make(chan error, 32)
		for range cap(errs) {
			wg.Go(func() {
				_, err := f.oidc.Verify(ctx, tok)
				errs <- err
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatalf("Verify: %v", err)
			}
		}
		if n := f.idp.jwksCalls.Load(); n != 2 {
			t.Fatalf("JWKS fetched %d times, want 2", n)
		}
	})
}

func TestNewOIDC(t *testing.T) {
	ctx := context.Background()
	build := func(idp *testIdP, edit func(*OIDCConfig)) error {
		cfg := OIDCConfig{Issuer: idp.srv.URL, Audience: testClient, HTTPClient: idp.srv.Client(), Now: (&stepClock{t: testEpoch}).Now}
		if edit != nil {
			edit(&cfg)
		}
		_, err := NewOIDC(ctx, cfg)
		return err
	}
	cases := []struct {
		name  string
		idp   func(*testIdP)
		cfg   func(*OIDCConfig)
		want  fault.Kind
		calls int32 // JWKS fetches
	}{
		{name: "Builds", want: "", calls: 1},
		{name: "BuildsIgnoringKeysItCannotUse", idp: func(idp *testIdP) {
			idp.keys = append([]map[string]any{
				{"kty": "oct", "kid": "h", "k": enc([]byte("secret"))},
				{"kty": "OKP", "kid": "ed", "crv": "Ed25519", "x": enc(make([]byte, 32))},
				{"kty": "RSA", "kid": "enc", "use": "enc", "n": rsaJWK("x", &rsa2().PublicKey)["n"], "e": "AQAB"},
				{"kty": "RSA", "kid": "rs512", "alg": "RS512", "n": rsaJWK("x", &rsa2().PublicKey)["n"], "e": "AQAB"},
				{"kty": "EC", "kid": "p384", "crv": "P-384", "x": "AA", "y": "AA"},
				{"kty": "EC", "kid": "offcurve", "crv": "P-256", "x": enc(make([]byte, 32)), "y": enc(make([]byte, 32))},
			}, idp.keys...)
		}, want: "", calls: 1},
		{name: "RefusesPlainHTTPIssuer", cfg: func(c *OIDCConfig) { c.Issuer = "http://idp.example.com" }, want: fault.Invalid},
		{name: "RefusesIssuerWithQuery", cfg: func(c *OIDCConfig) { c.Issuer += "?x=1" }, want: fault.Invalid},
		{name: "RefusesEmptyIssuer", cfg: func(c *OIDCConfig) { c.Issuer = "" }, want: fault.Invalid},
		{name: "RefusesEmptyAudience", cfg: func(c *OIDCConfig) { c.Audience = "" }, want: fault.Invalid},
		{name: "FailsWhenDiscoveryNamesAnotherIssuer", idp: func(idp *testIdP) { idp.issuer = "https://evil.example" }, want: fault.Invalid},
		{name: "FailsWhenDiscoveryIssuerDiffersBySlash", idp: func(idp *testIdP) { idp.issuer += "/" }, want: fault.Invalid},
		{name: "FailsWhenProviderDown", idp: func(idp *testIdP) { idp.down = true }, want: fault.Unavailable},
		{name: "FailsWhenJWKSHasNoUsableKey", idp: func(idp *testIdP) {
			idp.keys = []map[string]any{{"kty": "oct", "kid": "h", "k": "c2VjcmV0"}}
		}, want: fault.Unavailable, calls: 1},
		{name: "FailsWhenOnlyKeyIsWeakRSA", idp: func(idp *testIdP) {
			weak, err := rsa.GenerateKey(rand.Reader, 1024)
			if err != nil {
				panic(err)
			}
			idp.keys = []map[string]any{rsaJWK("weak", &weak.PublicKey)}
		}, want: fault.Unavailable, calls: 1},
		{name: "FailsWhenJWKSTooLarge", idp: func(idp *testIdP) {
			idp.jwksBody = []byte(`{"keys":[],"pad":"` + strings.Repeat("x", maxJWKSBytes) + `"}`)
		}, want: fault.Unavailable, calls: 1},
		{name: "FailsWhenJWKSHasTooManyKeys", idp: func(idp *testIdP) {
			for i := range maxJWKSKeys {
				idp.keys = append(idp.keys, rsaJWK(fmt.Sprintf("k%d", i), &rsa2().PublicKey))
			}
		}, want: fault.Unavailable, calls: 1},
		{name: "FailsWhenJWKSNotJSON", idp: func(idp *testIdP) { idp.jwksBody = []byte("<html>") }, want: fault.Unavailable, calls: 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			idp := newIdP(t)
			if c.idp != nil {
				idp.set(c.idp)
			}
			err := build(idp, c.cfg)
			if got := fault.KindOf(err); got != c.want {
				t.Fatalf("NewOIDC = %v (kind %q), want kind %q", err, got, c.want)
			}
			if n := idp.jwksCalls.Load(); n != c.calls {
				t.Fatalf("JWKS fetched %d times, want %d", n, c.calls)
			}
		})
	}

	t.Run("BuildsOverPlainHTTPOnLoopback", func(t *testing.T) {
		idp := newIdP(t)
		plain := httptest.NewServer(idp.srv.Config.Handler)
		defer plain.Close()
		idp.set(func(idp *testIdP) { idp.issuer = plain.URL })
		// Discovery comes over plain http; its jwks_uri still names the TLS
		// server, which the test server's client trusts.
		_, err := NewOIDC(ctx, OIDCConfig{Issuer: plain.URL, Audience: testClient, HTTPClient: idp.srv.Client()})
		if err != nil {
			t.Fatalf("NewOIDC: %v", err)
		}
	})
}

// FuzzOIDCVerify: no input panics, nothing but a token signed by a
// published test key is accepted, and with the provider up every refusal is
// Unauthorized.
func FuzzOIDCVerify(f *testing.F) {
	fx := newFixture(f)
	signed := map[string]string{} // signing input -> the token we made of it
	add := func(tok string) {
		f.Add(tok)
		signed[tok[:strings.LastIndexByte(tok, '.')]] = tok
	}
	add(fx.rs(fx.claims()))
	add(fx.rs(fx.claims(del("aud"), set("token_use", "access"), set("client_id", testClient))))
	add(fx.es(fx.claims()))
	f.Add(compact(hdr("none", "rsa-1"), fx.claims(), unsigned))
	f.Add(compact(hdr("HS256", "rsa-1"), fx.claims(), hs256(publicPEM(f, &rsa1().PublicKey))))
	f.Add(compact(hdr("RS256", "ec-1"), fx.claims(), rs256(rsa1())))
	f.Add(compact(hdr("RS256", "nobody"), fx.claims(), rs256(rsa1())))
	f.Add("a.b.c")
	f.Add("..")
	f.Add("")
	f.Fuzz(func(t *testing.T, in string) {
		c, err := fx.oidc.Verify(context.Background(), in)
		if err != nil {
			if !fault.Is(err, fault.Unauthorized) {
				t.Fatalf("Verify(%q) = %v, want unauthorized", in, err)
			}
			return
		}
		i := strings.LastIndexByte(in, '.')
		ours, ok := signed[in[:i]]
		if !ok {
			t.Fatalf("forged token accepted: %q -> %+v", in, c)
		}
		// RS256 signatures are deterministic and every segment has one
		// spelling, so an accepted RS256 token is ours to the byte. (ES256
		// signatures are randomised, and (r, n-s) verifies like (r, s).)
		if strings.HasPrefix(ours, segmentOf(hdr("RS256", "rsa-1"))) && in != ours {
			t.Fatalf("variant of a signed token accepted: %q, signed %q", in, ours)
		}
		if !strings.HasPrefix(c.PlayerID, OIDCPlayerPrefix) {
			t.Fatalf("PlayerID %q lacks the OIDC prefix", c.PlayerID)
		}
	})
}
