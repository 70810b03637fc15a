package game

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"chronicler/shared/auth"
	"chronicler/shared/campaign"
	"chronicler/shared/fault"
)

// TicketTTL is how long a connect ticket may wait for its connection: long
// enough for a slow network's handshake, short enough that one copied out
// of a log is stale.
const TicketTTL = 60 * time.Second

// ticketUseMemory is how long past its ticket's expiry a ticket's use is
// remembered.
const ticketUseMemory = time.Hour

// maxTicketBytes bounds what a connect ticket may be before it is read.
const maxTicketBytes = 1024

// ticketUsePrefix marks a ticket's use among the campaign's request ids,
// which a client's own ids (ULIDs, UUIDs) never begin with.
const ticketUsePrefix = "connect-ticket:"

// ticketClaims are what a connect ticket says: who, to which campaign,
// until when, and its one-time id.
type ticketClaims struct {
	PlayerID   string `json:"sub"`
	Name       string `json:"name"`
	CampaignID string `json:"cmp"`
	ExpiresAt  int64  `json:"exp"`
	ID         string `json:"jti"`
	// TokenVersion is the player's account's when the ticket was given:
	// signing out everywhere ends the tickets given before, as it ends
	// the tokens.
	TokenVersion int `json:"ver,omitempty"`
}

// ConnectTicket gives member p a ticket to open one WebSocket connection
// to the campaign: it replaces the bearer token in the connection's URL
// (where it would sit in access logs and the browser's console), names the
// campaign, expires after TicketTTL and is good for one connection.
func (s *Service) ConnectTicket(ctx context.Context, p Player, campaignID string) (string, time.Time, error) {
	const op = "connect ticket"
	if _, err := s.memberSnapshot(ctx, p, campaignID, op); err != nil {
		return "", time.Time{}, err
	}
	version, err := s.tokenVersion(ctx, p.ID)
	if err != nil {
		return "", time.Time{}, fmt.Errorf("%s: %w", op, err)
	}
	var nonce [16]byte
	if _, err := rand.Read(nonce[:]); err != nil {
		return "", time.Time{}, fault.Wrap(fault.Internal, op, err)
	}
	expires := s.now().Add(TicketTTL).Truncate(time.Second)
	body, err := json.Marshal(ticketClaims{
		PlayerID: p.ID, Name: p.Name, CampaignID: campaignID, ExpiresAt: expires.Unix(),
		ID: base64.RawURLEncoding.EncodeToString(nonce[:]), TokenVersion: version,
	})
	if err != nil {
		return "", time.Time{}, fault.Wrap(fault.Internal, op, err)
	}
	payload := base64.RawURLEncoding.EncodeToString(body)
	return payload + "." + ticketMAC(s.Tokens.Derive(ticketLabel), payload), expires, nil
}

// ticketLabel names the tickets' key, derived from the token key: a
// ticket given under the current key is redeemed by an instance that
// still holds it as a previous one, or has not read the new one yet.
const ticketLabel = "connect ticket"

func ticketMAC(key []byte, payload string) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(payload))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// RedeemTicket checks a connect ticket for the campaign a connection asks
// for and uses it up: it returns the player it was given to. Unauthorized
// for a ticket that is forged, for another campaign, expired or used
// already, with no detail that would help a forger.
func (s *Service) RedeemTicket(ctx context.Context, ticket, campaignID string) (Player, error) {
	const op = "redeem connect ticket"
	bad := fault.E(fault.Unauthorized, op, "invalid, expired or used connect ticket")
	c, ok := s.readTicket(ticket)
	if !ok || c.CampaignID != campaignID || s.now().Unix() >= c.ExpiresAt {
		return Player{}, bad
	}
	version, err := s.tokenVersion(ctx, c.PlayerID)
	if err != nil {
		return Player{}, fmt.Errorf("%s: %w", op, err)
	}
	if version != c.TokenVersion {
		return Player{}, bad // signed out everywhere since
	}
	// The use is remembered among the campaign's request ids: the second
	// use of one ticket finds its id taken. Past the ticket's expiry the
	// check above refuses it first, so the use is forgotten an hour
	// later (an hour outlasts any clock skew between instances).
	forget := time.Unix(c.ExpiresAt, 0).Add(ticketUseMemory)
	use := campaign.Request{RequestID: ticketUsePrefix + c.ID, CreatedAt: s.now(), ExpiresAt: &forget}
	if err := s.Store.Commit(ctx, Tx{CampaignID: campaignID, Request: &use}); err != nil {
		if fault.Is(err, fault.Conflict) {
			return Player{}, bad
		}
		return Player{}, fault.Wrap(fault.Internal, op, err)
	}
	return Player{ID: c.PlayerID, Name: c.Name}, nil
}

// tokenVersion is the anonymous player's account's token version (0 for
// one with no account yet, and where an identity provider signs players
// in).
func (s *Service) tokenVersion(ctx context.Context, playerID string) (int, error) {
	if _, ok := s.Identity.(auth.Anonymous); !ok {
		return 0, nil
	}
	acc, err := s.Store.Account(ctx, playerID)
	if fault.Is(err, fault.NotFound) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	return acc.TokenVersion, nil
}

// readTicket verifies a ticket's MAC and decodes its claims.
func (s *Service) readTicket(ticket string) (ticketClaims, bool) {
	if len(ticket) > maxTicketBytes {
		return ticketClaims{}, false
	}
	payload, mac, found := strings.Cut(ticket, ".")
	if !found {
		return ticketClaims{}, false
	}
	signed := false
	for _, key := range s.Tokens.Derived(ticketLabel) {
		signed = signed || hmac.Equal([]byte(mac), []byte(ticketMAC(key, payload)))
	}
	if !signed {
		return ticketClaims{}, false
	}
	body, err := base64.RawURLEncoding.DecodeString(payload)
	if err != nil {
		return ticketClaims{}, false
	}
	var c ticketClaims
	if json.Unmarshal(body, &c) != nil || c.PlayerID == "" || c.CampaignID == "" || c.ID == "" {
		return ticketClaims{}, false
	}
	return c, true
}
