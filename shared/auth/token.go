package auth

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base32"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"chronicler/shared/fault"
)

// MinKeyBytes is the shortest signing key accepted: HS256 wants 256 bits.
const MinKeyBytes = 32

// Claims are what a token says.
type Claims struct {
	PlayerID  string `json:"sub"`
	Name      string `json:"name"`
	IssuedAt  int64  `json:"iat"`
	ExpiresAt int64  `json:"exp"`
	Issuer    string `json:"iss"`
	// TokenVersion is the player's token version when it was issued: a
	// token older than the player's current one is signed out.
	TokenVersion int `json:"tv,omitempty"`
}

// Signer issues tokens with the current key and verifies them with any
// key it holds: the current one and the previous ones a rotation keeps, so
// that rotating the key signs nobody out until the old key is dropped.
type Signer struct {
	keys []signingKey // the current key first, then the previous ones, newest first
	ttl  time.Duration
	now  func() time.Time
}

// signingKey is one key with its id and the exact token header it signs
// under: a token's header is compared, not parsed, so alg "none" and
// every algorithm confusion are refused before a signature is looked at.
type signingKey struct {
	id     string
	secret []byte
	header string
}

const issuer = "chronicler"

// legacyHeader is the header of tokens signed before tokens named their
// key: they are checked against every key held, and are gone once the
// last of them has expired (the token lifetime after the upgrade).
var legacyHeader = base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"HS256","typ":"JWT"}`))

// Bounds on what a token may be before it is read.
const (
	maxAnonTokenBytes  = 4096
	maxAnonHeaderBytes = 256
	// MaxPreviousKeys bounds the keys a token may be checked against.
	MaxPreviousKeys = 8
)

// KeyID names a signing key in the tokens it signs ("kid"): the first 72
// bits of a SHA-256 of the key under a label of its own. It tells which
// key signed a token and nothing of the key (at least 256 bits, which no
// one recovers from a hash), so it may sit in the token in the clear.
func KeyID(key []byte) string {
	sum := sha256.Sum256(append([]byte("chronicler token key id:"), key...))
	return base64.RawURLEncoding.EncodeToString(sum[:9])
}

// Keys are the signing keys a deployment configures: Current signs every
// new token and recovery code; Previous (newest first) still verify what
// they signed, until a later rotation drops them.
type Keys struct {
	Current  []byte
	Previous [][]byte
}

// ParseKeys reads the token key as configuration gives it: either the key
// itself (any string that does not start with "{"), or a JSON object
// {"current": "<key>", "previous": ["<older key>", ...]} during a
// rotation. Each key is at least MinKeyBytes and none repeats.
func ParseKeys(s string) (Keys, error) {
	const op = "token key"
	if !strings.HasPrefix(strings.TrimSpace(s), "{") {
		k := Keys{Current: []byte(s)}
		return k, k.check()
	}
	var raw struct {
		Current  string   `json:"current"`
		Previous []string `json:"previous"`
	}
	dec := json.NewDecoder(strings.NewReader(s))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&raw); err != nil || dec.More() {
		return Keys{}, fault.E(fault.Invalid, op, `the token key must be the key itself or {"current": "<key>", "previous": ["<key>", ...]}`)
	}
	k := Keys{Current: []byte(raw.Current)}
	for _, p := range raw.Previous {
		k.Previous = append(k.Previous, []byte(p))
	}
	return k, k.check()
}

// check refuses keys too short to sign with, too many previous keys, and
// a key listed twice (its id would name two entries).
func (k Keys) check() error {
	const op = "token key"
	if len(k.Previous) > MaxPreviousKeys {
		return fault.E(fault.Invalid, op, "at most %d previous keys are kept", MaxPreviousKeys)
	}
	seen := map[string]bool{}
	for i, key := range k.all() {
		name := "the current key"
		if i > 0 {
			name = fmt.Sprintf("previous key %d", i)
		}
		if len(key) < MinKeyBytes {
			return fault.E(fault.Invalid, op, "%s must be at least %d bytes", name, MinKeyBytes)
		}
		id := KeyID(key)
		if seen[id] {
			return fault.E(fault.Invalid, op, "%s is listed twice", name)
		}
		seen[id] = true
	}
	return nil
}

// all are the keys, the current one first.
func (k Keys) all() [][]byte { return append([][]byte{k.Current}, k.Previous...) }

// tokenHeader is a token's header as this server writes it.
type tokenHeader struct {
	Alg string `json:"alg"`
	Kid string `json:"kid"`
	Typ string `json:"typ"`
}

// NewSigner returns a Signer of one key; tokens live for ttl. now is the
// clock.
func NewSigner(key []byte, ttl time.Duration, now func() time.Time) (*Signer, error) {
	return NewRotatingSigner(Keys{Current: key}, ttl, now)
}

// NewRotatingSigner returns a Signer that signs with k.Current and
// verifies with it and every key of k.Previous.
func NewRotatingSigner(k Keys, ttl time.Duration, now func() time.Time) (*Signer, error) {
	if err := k.check(); err != nil {
		return nil, err
	}
	s := &Signer{ttl: ttl, now: now}
	for _, key := range k.all() {
		id := KeyID(key)
		h, _ := json.Marshal(tokenHeader{"HS256", id, "JWT"})
		s.keys = append(s.keys, signingKey{id: id, secret: key, header: base64.RawURLEncoding.EncodeToString(h)})
	}
	return s, nil
}

// Issue returns a signed token for a player at token version 0.
func (s *Signer) Issue(playerID, name string) (string, error) {
	return s.IssueVersion(playerID, name, 0)
}

// IssueVersion returns a token for a player at their current token
// version, signed with the current key and naming it.
func (s *Signer) IssueVersion(playerID, name string, tokenVersion int) (string, error) {
	now := s.now()
	c := Claims{PlayerID: playerID, Name: name, IssuedAt: now.Unix(), ExpiresAt: now.Add(s.ttl).Unix(), Issuer: issuer, TokenVersion: tokenVersion}
	body, err := json.Marshal(c)
	if err != nil {
		return "", fault.Wrap(fault.Internal, "issue token", err)
	}
	k := s.keys[0]
	signing := k.header + "." + base64.RawURLEncoding.EncodeToString(body)
	return signing + "." + mac(k.secret, signing), nil
}

// sum is the HMAC-SHA256 of msg under key: what signs a token and a
// recovery code, and derives a key.
func sum(key []byte, msg string) []byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(msg))
	return m.Sum(nil)
}

// mac is a token's signature of signing under key.
func mac(key []byte, signing string) string {
	return base64.RawURLEncoding.EncodeToString(sum(key, signing))
}

// anyKey reports whether got is what macOf makes under one of the keys
// held: a token of before key ids, a recovery code of a previous key.
func (s *Signer) anyKey(got []byte, macOf func(key []byte) []byte) bool {
	for _, k := range s.keys {
		if hmac.Equal(got, macOf(k.secret)) {
			return true
		}
	}
	return false
}

// ErrKeyRetired is the cause of a refusal of a well-formed token whose key
// id names no key held: its key was rotated out.
var ErrKeyRetired = errors.New("token signed by a key no longer accepted")

// Verify checks a token's header, signature, issuer and expiry and returns
// its claims. Every failure is fault.Unauthorized, with no detail that
// would help a forger; a token whose key was rotated out says so, since
// the key id it names is no secret and the player must sign in again.
func (s *Signer) Verify(token string) (Claims, error) {
	const op = "verify token"
	bad := fault.E(fault.Unauthorized, op, "invalid or expired token")
	if len(token) > maxAnonTokenBytes {
		return Claims{}, bad
	}
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		return Claims{}, bad
	}
	signing := parts[0] + "." + parts[1]
	signed := false
	switch {
	case parts[0] == legacyHeader:
		signed = s.anyKey([]byte(parts[2]), func(key []byte) []byte { return []byte(mac(key, signing)) })
	default:
		k, ok := s.keyOf(parts[0])
		if !ok {
			if retired(parts[0]) {
				return Claims{}, &fault.Error{Kind: fault.Unauthorized, Op: op,
					Message: "this token was signed with a key the server no longer accepts; sign in again with your recovery code", Err: ErrKeyRetired}
			}
			return Claims{}, bad
		}
		signed = hmac.Equal([]byte(mac(k.secret, signing)), []byte(parts[2]))
	}
	if !signed {
		return Claims{}, bad
	}
	body, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		return Claims{}, bad
	}
	var c Claims
	if err := json.Unmarshal(body, &c); err != nil {
		return Claims{}, bad
	}
	if c.Issuer != issuer || c.PlayerID == "" || s.now().Unix() >= c.ExpiresAt {
		return Claims{}, bad
	}
	return c, nil
}

// keyOf is the key whose exact header a token carries.
func (s *Signer) keyOf(header string) (signingKey, bool) {
	for _, k := range s.keys {
		if k.header == header {
			return k, true
		}
	}
	return signingKey{}, false
}

// retired reports whether an encoded header is one this server writes,
// naming a key it does not hold: exactly {"alg":"HS256","kid":...,
// "typ":"JWT"} with a key id of KeyID's shape.
func retired(encoded string) bool {
	if len(encoded) > maxAnonHeaderBytes {
		return false
	}
	raw, err := base64.RawURLEncoding.Strict().DecodeString(encoded)
	if err != nil {
		return false
	}
	var h tokenHeader
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if dec.Decode(&h) != nil || dec.More() || h.Alg != "HS256" || h.Typ != "JWT" {
		return false
	}
	id, err := base64.RawURLEncoding.Strict().DecodeString(h.Kid)
	return err == nil && len(id) == 9
}

// Bearer extracts the token from an Authorization header value.
func Bearer(authorization string) (string, error) {
	const prefix = "bearer "
	if len(authorization) <= len(prefix) || !strings.EqualFold(authorization[:len(prefix)], prefix) {
		return "", fault.E(fault.Unauthorized, "authorize", "missing bearer token")
	}
	return strings.TrimSpace(authorization[len(prefix):]), nil
}

// recoveryMACBytes is how many bytes of the MAC a recovery code carries: 80
// bits, unguessable at any rate a server answers.
const recoveryMACBytes = 10

var recoveryEncoding = base32.StdEncoding.WithPadding(base32.NoPadding)

// RecoveryCode returns the code that restores a player's identity on
// another device: the player id and a MAC of it under the current key. It
// needs no storage and never expires; Recover accepts it while its key is
// current or kept among the previous keys, so a rotation voids no code
// until its key is dropped (and a player who recovers gets a code of the
// current key).
func (s *Signer) RecoveryCode(playerID string) string {
	return playerID + "-" + recoveryEncoding.EncodeToString(recoveryMAC(s.keys[0].secret, playerID))
}

func recoveryMAC(key []byte, playerID string) []byte {
	return sum(key, "recover:"+playerID)[:recoveryMACBytes]
}

// Recover checks a recovery code against every key held and returns the
// player id it restores. Every failure is fault.Unauthorized.
func (s *Signer) Recover(code string) (string, error) {
	bad := fault.E(fault.Unauthorized, "recover player", "invalid recovery code")
	code = strings.ToUpper(strings.TrimSpace(code))
	i := strings.LastIndexByte(code, '-')
	if len(code) > 200 || i < 1 {
		return "", bad
	}
	got, err := recoveryEncoding.DecodeString(code[i+1:])
	if err != nil || !s.anyKey(got, func(key []byte) []byte { return recoveryMAC(key, code[:i]) }) {
		return "", bad
	}
	return code[:i], nil
}

// Derive returns a key for another purpose (label), derived from the
// current signing key, so that one configured secret serves every keyed
// use: what it keys is made under the current key.
func (s *Signer) Derive(label string) []byte {
	return derive(s.keys[0].secret, label)
}

// Derived returns the label's key under every key held, the current one
// first: what was made under a previous key is still checked.
func (s *Signer) Derived(label string) [][]byte {
	out := make([][]byte, len(s.keys))
	for i, k := range s.keys {
		out[i] = derive(k.secret, label)
	}
	return out
}

// DeriveLasting returns the label's key under the oldest key held (the
// last previous one, or the current key when none is kept): a key for
// what must come out the same before and after a rotation, such as a held
// turn's dice. It changes only when the oldest key is dropped.
func (s *Signer) DeriveLasting(label string) []byte {
	return derive(s.keys[len(s.keys)-1].secret, label)
}

func derive(key []byte, label string) []byte {
	return sum(key, "derive:"+label)
}
