package auth

import (
	"bytes"
	"context"
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"chronicler/shared/fault"
)

// OIDCPlayerPrefix starts every player id that comes from an OIDC token. An
// anonymous id (a ULID) never contains a colon, so the two cannot collide.
const OIDCPlayerPrefix = "oidc:"

// Bounds on everything that comes from outside.
const (
	maxTokenBytes     = 16 << 10 // Cognito ID tokens with many groups stay well under this
	maxHeaderBytes    = 1 << 10  // an encoded JWS header
	maxKidBytes       = 256
	maxSubBytes       = 255 // Cognito subs are UUIDs
	maxNameRunes      = 64  // a display name, not a document
	maxAudiences      = 32
	maxDiscoveryBytes = 64 << 10
	maxJWKSBytes      = 256 << 10
	maxJWKSKeys       = 64
	minRSABits        = 2048
	maxRSABits        = 8192 // bounds the cost of one verification
)

const (
	// leeway absorbs clock skew between the provider and Lambda.
	leeway = 60 * time.Second
	// defaultRefreshEvery is the least time between two JWKS fetches.
	defaultRefreshEvery = time.Minute
	// keysMaxAge is how long fetched keys are trusted before the next
	// verification refetches them, so a key the provider withdraws stops
	// working within the hour even if no unknown kid ever forces a refresh.
	keysMaxAge = time.Hour
	// fetchTimeout bounds the default HTTP client.
	fetchTimeout = 10 * time.Second
)

// The JWS algorithms accepted, each bound to one key type.
const (
	algRS256 = "RS256"
	algES256 = "ES256"
)

// Reasons a token is refused. They are the cause inside a fault.Unauthorized,
// for logs and tests; players only ever see "invalid or expired token".
var (
	errTooLarge    = errors.New("token too large")
	errMalformed   = errors.New("malformed token")
	errAlg         = errors.New("algorithm not accepted")
	errNoKid       = errors.New("no key id")
	errUnknownKey  = errors.New("unknown signing key")
	errKeyMismatch = errors.New("algorithm does not match the key type")
	errSignature   = errors.New("bad signature")
	errIssuer      = errors.New("wrong issuer")
	errAudience    = errors.New("wrong audience")
	errExpired     = errors.New("expired")
	errNotYetValid = errors.New("not yet valid")
	errSubject     = errors.New("bad subject")
)

// b64 decodes JWS segments. Strict refuses non-zero padding bits; segment
// refuses the characters the decoder would otherwise skip (\r, \n), so every
// accepted segment has exactly one spelling.
var b64 = base64.RawURLEncoding.Strict()

// OIDCConfig names the OpenID Connect provider to trust and the client whose
// tokens are accepted.
type OIDCConfig struct {
	// Issuer is the provider's issuer URL exactly as its tokens carry it, e.g.
	// https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbCdEf. It must
	// be https (plain http only for loopback, in tests and local runs).
	Issuer string
	// Audience is the client id: an ID token's aud must contain it, or, for a
	// Cognito access token without aud, its client_id must equal it.
	Audience string
	// HTTPClient fetches discovery and keys; nil means a client with a 10 s
	// timeout.
	HTTPClient *http.Client
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// RefreshEvery is the least time between two JWKS fetches, which bounds
	// how often tokens with unknown key ids can make us call the provider;
	// zero means one minute.
	RefreshEvery time.Duration
}

// OIDC verifies tokens signed by an OpenID Connect provider with RS256 or
// ES256 keys from its JWKS. It is safe for concurrent use.
type OIDC struct {
	issuer       string
	audience     string
	jwksURI      string
	client       *http.Client
	now          func() time.Time
	refreshEvery time.Duration

	refreshing sync.Mutex // held while fetching, so one fetch runs at a time

	mu        sync.Mutex // guards what follows
	keys      map[string]verifyingKey
	fetched   time.Time // when keys were last replaced
	attempted time.Time // when a fetch last started
	fetchErr  error     // the last fetch's failure; nil after a success
}

// verifyingKey is a public key and the one algorithm it may verify, which is
// what makes algorithm confusion impossible: the header's alg must equal it.
type verifyingKey struct {
	alg string
	rsa *rsa.PublicKey
	ec  *ecdsa.PublicKey
}

// NewOIDC fetches the provider's discovery document and keys. A bad
// configuration is fault.Invalid; a provider that cannot be reached or
// answers badly is fault.Unavailable.
func NewOIDC(ctx context.Context, cfg OIDCConfig) (*OIDC, error) {
	const op = "new oidc identity"
	if err := checkURL(cfg.Issuer, false); err != nil {
		return nil, &fault.Error{Kind: fault.Invalid, Op: op, Field: "issuer", Message: "must be an https URL", Err: err}
	}
	if cfg.Audience == "" {
		return nil, fault.Field(op, "audience", "the client id is required")
	}
	o := &OIDC{
		issuer:       cfg.Issuer,
		audience:     cfg.Audience,
		client:       cfg.HTTPClient,
		now:          cfg.Now,
		refreshEvery: cfg.RefreshEvery,
	}
	if o.client == nil {
		o.client = &http.Client{Timeout: fetchTimeout}
	}
	if o.now == nil {
		o.now = time.Now
	}
	if o.refreshEvery <= 0 {
		o.refreshEvery = defaultRefreshEvery
	}

	var disc struct {
		Issuer  string `json:"issuer"`
		JWKSURI string `json:"jwks_uri"`
	}
	discoveryURL := strings.TrimSuffix(cfg.Issuer, "/") + "/.well-known/openid-configuration"
	if err := o.getJSON(ctx, discoveryURL, maxDiscoveryBytes, &disc); err != nil {
		return nil, fault.Wrap(fault.Unavailable, op, fmt.Errorf("discovery: %w", err))
	}
	// OpenID Connect Discovery 1.0 §4.3: the document must name exactly the
	// issuer it was fetched for, or it is someone else's.
	if disc.Issuer != cfg.Issuer {
		return nil, fault.E(fault.Invalid, op, "discovery names issuer %q, want %q", disc.Issuer, cfg.Issuer)
	}
	if err := checkURL(disc.JWKSURI, true); err != nil {
		return nil, &fault.Error{Kind: fault.Invalid, Op: op, Field: "jwks_uri", Message: "must be an https URL", Err: err}
	}
	o.jwksURI = disc.JWKSURI
	if err := o.fetchKeys(ctx, o.now()); err != nil {
		return nil, fault.Wrap(fault.Unavailable, op, err)
	}
	return o, nil
}

// checkURL accepts absolute https URLs, and http ones for loopback hosts.
// An issuer may carry no query or fragment (OpenID Connect Discovery §2).
func checkURL(raw string, queryOK bool) error {
	u, err := url.Parse(raw)
	if err != nil {
		return err
	}
	switch {
	case u.Host == "":
		return fmt.Errorf("%q has no host", raw)
	case u.User != nil:
		return fmt.Errorf("%q carries credentials", raw)
	case u.Fragment != "" || (!queryOK && (u.RawQuery != "" || u.ForceQuery)):
		return fmt.Errorf("%q has a query or fragment", raw)
	case u.Scheme == "https":
		return nil
	case u.Scheme == "http" && isLoopback(u.Hostname()):
		return nil
	}
	return fmt.Errorf("%q is not https", raw)
}

func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// Verify checks a compact JWS from the provider and returns its claims, with
// PlayerID "oidc:" + sub. Every refusal is fault.Unauthorized with the same
// message; fault.Unavailable means the token's key id is new and the JWKS
// could not be fetched.
func (o *OIDC) Verify(ctx context.Context, token string) (Claims, error) {
	const op = "verify token"
	refuse := func(why error) (Claims, error) {
		return Claims{}, &fault.Error{Kind: fault.Unauthorized, Op: op, Message: "invalid or expired token", Err: why}
	}
	if len(token) > maxTokenBytes {
		return refuse(errTooLarge)
	}
	if strings.Count(token, ".") != 2 {
		return refuse(errMalformed)
	}
	encHeader, rest, _ := strings.Cut(token, ".")
	encPayload, encSig, _ := strings.Cut(rest, ".")
	if len(encHeader) > maxHeaderBytes {
		return refuse(errTooLarge)
	}

	rawHeader, err := segment(encHeader)
	if err != nil {
		return refuse(errMalformed)
	}
	hdr, err := decodeObject(rawHeader)
	if err != nil {
		return refuse(errMalformed)
	}
	alg, _ := hdr["alg"].(string)
	if alg != algRS256 && alg != algES256 {
		return refuse(errAlg) // none, HS256 and everything else
	}
	// RFC 7515 §4.1.11: extensions we do not understand must not be ignored.
	if _, ok := hdr["crit"]; ok {
		return refuse(errMalformed)
	}
	kid, _ := hdr["kid"].(string)
	if kid == "" || len(kid) > maxKidBytes {
		return refuse(errNoKid)
	}
	sig, err := segment(encSig)
	if err != nil {
		return refuse(errMalformed)
	}

	k, err := o.key(ctx, kid)
	if err != nil {
		if fault.Is(err, fault.Unavailable) {
			return Claims{}, fault.Wrap(fault.Unavailable, op, err)
		}
		return refuse(err)
	}
	if k.alg != alg {
		return refuse(errKeyMismatch)
	}
	if !k.verify(token[:len(encHeader)+1+len(encPayload)], sig) {
		return refuse(errSignature)
	}

	// Only now, with the signature good, is the payload worth reading.
	rawPayload, err := segment(encPayload)
	if err != nil {
		return refuse(errMalformed)
	}
	payload, err := decodeObject(rawPayload)
	if err != nil {
		return refuse(errMalformed)
	}
	c, err := o.claims(payload)
	if err != nil {
		return refuse(err)
	}
	return c, nil
}

// segment decodes one base64url segment, refusing anything but the 64
// URL-safe characters.
func segment(s string) ([]byte, error) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return nil, errMalformed
		}
	}
	return b64.DecodeString(s)
}

// decodeObject decodes exactly one JSON object. A map, unlike a struct,
// matches member names exactly: "ISS" is not "iss".
func decodeObject(b []byte) (map[string]any, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil {
		return nil, err
	}
	if m == nil {
		return nil, errMalformed
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errMalformed
	}
	return m, nil
}

func (k verifyingKey) verify(signingInput string, sig []byte) bool {
	digest := sha256.Sum256([]byte(signingInput))
	switch k.alg {
	case algRS256:
		return rsa.VerifyPKCS1v15(k.rsa, crypto.SHA256, digest[:], sig) == nil
	case algES256:
		// RFC 7518 §3.4: R || S, each 32 bytes big-endian, not ASN.1.
		if len(sig) != 64 {
			return false
		}
		r := new(big.Int).SetBytes(sig[:32])
		s := new(big.Int).SetBytes(sig[32:])
		return ecdsa.Verify(k.ec, digest[:], r, s)
	}
	return false
}

// claims checks what a signed payload says and turns it into Claims.
func (o *OIDC) claims(p map[string]any) (Claims, error) {
	if iss, _ := p["iss"].(string); iss != o.issuer {
		return Claims{}, errIssuer
	}
	if !o.audienceOK(p) {
		return Claims{}, errAudience
	}

	now := o.now()
	exp, ok := numericDate(p["exp"])
	if !ok {
		return Claims{}, errMalformed
	}
	if !now.Before(time.Unix(exp, 0).Add(leeway)) {
		return Claims{}, errExpired
	}
	var iat int64
	for _, name := range []string{"nbf", "iat"} {
		v, present := p[name]
		if !present {
			continue
		}
		t, ok := numericDate(v)
		if !ok {
			return Claims{}, errMalformed
		}
		if time.Unix(t, 0).After(now.Add(leeway)) {
			return Claims{}, errNotYetValid
		}
		if name == "iat" {
			iat = t
		}
	}

	sub, _ := p["sub"].(string)
	if sub == "" || len(sub) > maxSubBytes || !printable(sub) {
		return Claims{}, errSubject
	}
	return Claims{
		PlayerID:  OIDCPlayerPrefix + sub,
		Name:      displayName(p),
		IssuedAt:  iat,
		ExpiresAt: exp,
		Issuer:    o.issuer,
	}, nil
}

// audienceOK: aud (a string or an array) contains the client id; or, for a
// Cognito access token, which has no aud, client_id is the client id.
func (o *OIDC) audienceOK(p map[string]any) bool {
	switch aud := p["aud"].(type) {
	case string:
		return aud == o.audience
	case []any:
		if len(aud) > maxAudiences {
			return false
		}
		for _, a := range aud {
			if s, _ := a.(string); s == o.audience {
				return true
			}
		}
		return false
	case nil:
		use, _ := p["token_use"].(string)
		client, _ := p["client_id"].(string)
		return use == "access" && client == o.audience
	}
	return false
}

// numericDate reads a JSON NumericDate (seconds, possibly fractional) as
// whole seconds, refusing anything that is not a plausible time.
func numericDate(v any) (int64, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return 0, false
	}
	f, err := n.Float64()
	if err != nil || math.IsNaN(f) || f < 0 || f > 1e12 {
		return 0, false
	}
	return int64(f), true
}

// displayName is the first usable of the name claims, cut to a display
// name's length; "" if none is usable. The email is never used: a display
// name is shown to the whole table and to the narrator.
func displayName(p map[string]any) string {
	for _, claim := range []string{"name", "preferred_username", "cognito:username"} {
		s, _ := p[claim].(string)
		s = strings.TrimSpace(s)
		if s == "" || !printable(s) {
			continue
		}
		if utf8.RuneCountInString(s) > maxNameRunes {
			s = string([]rune(s)[:maxNameRunes])
		}
		return s
	}
	return ""
}

// printable reports whether s is valid UTF-8 without control characters.
func printable(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if unicode.IsControl(r) {
			return false
		}
	}
	return true
}

// key returns the key named kid. Keys older than keysMaxAge are refetched
// on the way, but a failed refetch keeps them. An unknown kid triggers one
// fetch, at most once per refreshEvery; if the last fetch failed the answer
// is fault.Unavailable, since the key may well exist.
func (o *OIDC) key(ctx context.Context, kid string) (verifyingKey, error) {
	o.mu.Lock()
	k, ok := o.keys[kid]
	stale := o.now().Sub(o.fetched) >= keysMaxAge
	o.mu.Unlock()
	if ok && !stale {
		return k, nil
	}

	if ok {
		// Never wait behind another fetch for a key we already hold.
		if o.refreshing.TryLock() {
			if o.mayFetch() {
				_ = o.fetchKeys(ctx, o.now()) // on failure the old keys stand
			}
			o.refreshing.Unlock()
		}
		o.mu.Lock()
		k, ok = o.keys[kid]
		o.mu.Unlock()
		if !ok {
			return verifyingKey{}, errUnknownKey // withdrawn by the provider
		}
		return k, nil
	}

	o.refreshing.Lock()
	defer o.refreshing.Unlock()
	o.mu.Lock()
	k, ok = o.keys[kid] // another caller may have fetched it while we waited
	lastErr := o.fetchErr
	o.mu.Unlock()
	if ok {
		return k, nil
	}
	if !o.mayFetch() {
		if lastErr != nil {
			return verifyingKey{}, fault.Wrap(fault.Unavailable, "fetch jwks", lastErr)
		}
		return verifyingKey{}, errUnknownKey
	}
	if err := o.fetchKeys(ctx, o.now()); err != nil {
		return verifyingKey{}, fault.Wrap(fault.Unavailable, "fetch jwks", err)
	}
	o.mu.Lock()
	k, ok = o.keys[kid]
	o.mu.Unlock()
	if !ok {
		return verifyingKey{}, errUnknownKey
	}
	return k, nil
}

// mayFetch reports whether refreshEvery has passed since the last fetch
// started, successful or not.
func (o *OIDC) mayFetch() bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.now().Sub(o.attempted) >= o.refreshEvery
}

// fetchKeys replaces the key set with the provider's current one. Callers
// other than NewOIDC hold o.refreshing.
func (o *OIDC) fetchKeys(ctx context.Context, now time.Time) error {
	o.mu.Lock()
	o.attempted = now
	o.mu.Unlock()

	keys, err := o.getKeys(ctx)
	o.mu.Lock()
	defer o.mu.Unlock()
	if err != nil {
		o.fetchErr = err
		return err
	}
	o.keys, o.fetched, o.fetchErr = keys, now, nil
	return nil
}

func (o *OIDC) getKeys(ctx context.Context) (map[string]verifyingKey, error) {
	var set struct {
		Keys []jwk `json:"keys"`
	}
	if err := o.getJSON(ctx, o.jwksURI, maxJWKSBytes, &set); err != nil {
		return nil, fmt.Errorf("jwks: %w", err)
	}
	if len(set.Keys) > maxJWKSKeys {
		return nil, fmt.Errorf("jwks: %d keys, at most %d", len(set.Keys), maxJWKSKeys)
	}
	keys := make(map[string]verifyingKey, len(set.Keys))
	for _, j := range set.Keys {
		if _, dup := keys[j.Kid]; dup {
			continue
		}
		// Keys we cannot use (other types, curves, algorithms, encryption
		// keys) are skipped, not fatal: providers publish such keys too.
		if k, ok := j.parse(); ok {
			keys[j.Kid] = k
		}
	}
	if len(keys) == 0 {
		return nil, errors.New("jwks: no usable RS256 or ES256 signing key")
	}
	return keys, nil
}

// jwk is one JSON Web Key (RFC 7517), the members we read.
type jwk struct {
	Kty string `json:"kty"`
	Kid string `json:"kid"`
	Use string `json:"use"`
	Alg string `json:"alg"`
	N   string `json:"n"`
	E   string `json:"e"`
	Crv string `json:"crv"`
	X   string `json:"x"`
	Y   string `json:"y"`
}

func (j jwk) parse() (verifyingKey, bool) {
	if j.Kid == "" || len(j.Kid) > maxKidBytes || (j.Use != "" && j.Use != "sig") {
		return verifyingKey{}, false
	}
	switch j.Kty {
	case "RSA":
		if j.Alg != "" && j.Alg != algRS256 {
			return verifyingKey{}, false
		}
		n, err1 := segment(j.N)
		e, err2 := segment(j.E)
		if err1 != nil || err2 != nil || len(e) == 0 || len(e) > 4 {
			return verifyingKey{}, false
		}
		var exp int64
		for _, b := range e {
			exp = exp<<8 | int64(b)
		}
		pub := &rsa.PublicKey{N: new(big.Int).SetBytes(n), E: int(exp)}
		bits := pub.N.BitLen()
		if bits < minRSABits || bits > maxRSABits || exp < 3 || exp > math.MaxInt32 || exp%2 == 0 {
			return verifyingKey{}, false
		}
		return verifyingKey{alg: algRS256, rsa: pub}, true
	case "EC":
		if j.Crv != "P-256" || (j.Alg != "" && j.Alg != algES256) {
			return verifyingKey{}, false
		}
		x, err1 := segment(j.X)
		y, err2 := segment(j.Y)
		if err1 != nil || err2 != nil || len(x) != 32 || len(y) != 32 {
			return verifyingKey{}, false
		}
		// ParseUncompressedPublicKey refuses points off the curve.
		pub, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), append(append([]byte{4}, x...), y...))
		if err != nil {
			return verifyingKey{}, false
		}
		return verifyingKey{alg: algES256, ec: pub}, true
	}
	return verifyingKey{}, false
}

// getJSON GETs addr and decodes at most limit bytes of JSON into v.
func (o *OIDC) getJSON(ctx context.Context, addr string, limit int64, v any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, addr, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Accept", "application/json")
	resp, err := o.client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: status %d", addr, resp.StatusCode)
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, limit+1))
	if err != nil {
		return fmt.Errorf("GET %s: %w", addr, err)
	}
	if int64(len(body)) > limit {
		return fmt.Errorf("GET %s: more than %d bytes", addr, limit)
	}
	if err := json.Unmarshal(body, v); err != nil {
		return fmt.Errorf("GET %s: %w", addr, err)
	}
	return nil
}
