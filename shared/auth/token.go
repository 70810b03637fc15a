package auth

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base32"
	"encoding/base64"
	"encoding/json"
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

// Signer issues and verifies tokens with one key.
type Signer struct {
	key []byte
	ttl time.Duration
	now func() time.Time
}

const issuer = "chronicler"

var header = base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"HS256","typ":"JWT"}`))

// NewSigner returns a Signer; tokens live for ttl. now is the clock.
func NewSigner(key []byte, ttl time.Duration, now func() time.Time) (*Signer, error) {
	if len(key) < MinKeyBytes {
		return nil, fault.E(fault.Invalid, "token key", "the signing key must be at least %d bytes", MinKeyBytes)
	}
	return &Signer{key: key, ttl: ttl, now: now}, nil
}

// Issue returns a signed token for a player at token version 0.
func (s *Signer) Issue(playerID, name string) (string, error) {
	return s.IssueVersion(playerID, name, 0)
}

// IssueVersion returns a signed token for a player at their current token
// version.
func (s *Signer) IssueVersion(playerID, name string, tokenVersion int) (string, error) {
	now := s.now()
	c := Claims{PlayerID: playerID, Name: name, IssuedAt: now.Unix(), ExpiresAt: now.Add(s.ttl).Unix(), Issuer: issuer, TokenVersion: tokenVersion}
	body, err := json.Marshal(c)
	if err != nil {
		return "", fault.Wrap(fault.Internal, "issue token", err)
	}
	signing := header + "." + base64.RawURLEncoding.EncodeToString(body)
	return signing + "." + s.sign(signing), nil
}

func (s *Signer) sign(signing string) string {
	m := hmac.New(sha256.New, s.key)
	m.Write([]byte(signing))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// Verify checks a token's signature, algorithm, issuer and expiry and
// returns its claims. Every failure is fault.Unauthorized, with no detail
// that would help a forger.
func (s *Signer) Verify(token string) (Claims, error) {
	const op = "verify token"
	bad := fault.E(fault.Unauthorized, op, "invalid or expired token")
	if len(token) > 4096 {
		return Claims{}, bad
	}
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		return Claims{}, bad
	}
	// The header must be exactly ours: this refuses alg "none" and every
	// algorithm confusion before any signature is looked at.
	if parts[0] != header {
		return Claims{}, bad
	}
	want := s.sign(parts[0] + "." + parts[1])
	if !hmac.Equal([]byte(want), []byte(parts[2])) {
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

// Bearer extracts the token from an Authorization header value.
func Bearer(authorization string) (string, error) {
	const prefix = "bearer "
	if len(authorization) <= len(prefix) || !strings.EqualFold(authorization[:len(prefix)], prefix) {
		return "", fault.E(fault.Unauthorized, "authorize", "missing bearer token")
	}
	return strings.TrimSpace(authorization[len(prefix):]), nil
}

// recoveryMAC is how many bytes of the MAC a recovery code carries: 80
// bits, unguessable at any rate a server answers.
const recoveryMAC = 10

var recoveryEncoding = base32.StdEncoding.WithPadding(base32.NoPadding)

// RecoveryCode returns the code that restores a player's identity on
// another device: the player id and a MAC of it under the signing key. It
// needs no storage and never expires; rotating the key revokes every code.
func (s *Signer) RecoveryCode(playerID string) string {
	return playerID + "-" + recoveryEncoding.EncodeToString(s.recoveryMAC(playerID))
}

func (s *Signer) recoveryMAC(playerID string) []byte {
	m := hmac.New(sha256.New, s.key)
	m.Write([]byte("recover:" + playerID))
	return m.Sum(nil)[:recoveryMAC]
}

// Recover checks a recovery code and returns the player id it restores.
// Every failure is fault.Unauthorized.
func (s *Signer) Recover(code string) (string, error) {
	bad := fault.E(fault.Unauthorized, "recover player", "invalid recovery code")
	code = strings.ToUpper(strings.TrimSpace(code))
	i := strings.LastIndexByte(code, '-')
	if len(code) > 200 || i < 1 {
		return "", bad
	}
	mac, err := recoveryEncoding.DecodeString(code[i+1:])
	if err != nil || !hmac.Equal(mac, s.recoveryMAC(code[:i])) {
		return "", bad
	}
	return code[:i], nil
}

// Derive returns a key for another purpose (label), derived from the
// signing key, so that one configured secret serves every keyed use.
func (s *Signer) Derive(label string) []byte {
	m := hmac.New(sha256.New, s.key)
	m.Write([]byte("derive:" + label))
	return m.Sum(nil)
}
