package game_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"chronicler/events"
	"chronicler/shared/auth"
	"chronicler/shared/fault"
	"chronicler/shared/game"
)

// A connect ticket names its player and campaign, is good for one
// connection, for its campaign only, until it expires; a forged one is
// refused like an expired one.
func TestConnectTicket(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	aria := game.Player{ID: "p-aria", Name: "Aria"}
	c, err := f.svc.CreateCampaign(ctx, aria, events.CreateCampaign{Name: "The Sunken Crown"})
	if err != nil {
		t.Fatal(err)
	}
	other, err := f.svc.CreateCampaign(ctx, aria, events.CreateCampaign{Name: "Elsewhere"})
	if err != nil {
		t.Fatal(err)
	}
	ticket := func() string {
		t.Helper()
		tk, expires, err := f.svc.ConnectTicket(ctx, aria, c.ID)
		if err != nil {
			t.Fatal(err)
		}
		if want := f.clock.Now().Add(game.TicketTTL); expires.After(want) || expires.Before(want.Add(-time.Second)) {
			t.Errorf("expires %v, want about %v", expires, want)
		}
		return tk
	}
	refused := func(what, tk, campaignID string) {
		t.Helper()
		if _, err := f.svc.RedeemTicket(ctx, tk, campaignID); !fault.Is(err, fault.Unauthorized) {
			t.Errorf("%s: %v, want unauthorized", what, err)
		}
	}

	tk := ticket()
	p, err := f.svc.RedeemTicket(ctx, tk, c.ID)
	if err != nil || p != aria {
		t.Fatalf("RedeemTicket = %+v, %v; want Aria", p, err)
	}
	refused("used twice", tk, c.ID)

	tk = ticket()
	refused("for another campaign", tk, other.ID)
	payload, mac, _ := strings.Cut(tk, ".")
	refused("with another MAC", payload+"."+strings.Repeat("A", len(mac)), c.ID)
	refused("with no MAC", payload, c.ID)
	refused("empty", "", c.ID)
	refused("overlong", strings.Repeat("a", 5000), c.ID)
	f.clock.Add(game.TicketTTL)
	refused("expired", tk, c.ID)

	// Signing out everywhere ends the tickets given before, as it ends tokens.
	tk = ticket()
	if err := f.svc.SignOutEverywhere(ctx, aria); err != nil {
		t.Fatal(err)
	}
	refused("given before signing out everywhere", tk, c.ID)
	if p, err := f.svc.RedeemTicket(ctx, ticket(), c.ID); err != nil || p != aria {
		t.Errorf("a ticket given after signing out: %+v, %v", p, err)
	}

	bram := game.Player{ID: "p-bram", Name: "Bram"}
	if _, _, err := f.svc.ConnectTicket(ctx, bram, c.ID); !fault.Is(err, fault.Forbidden) {
		t.Errorf("a ticket for a non-member: %v, want forbidden", err)
	}
}

func FuzzRedeemTicket(f *testing.F) {
	fx := newFixture(f)
	ctx := context.Background()
	aria := game.Player{ID: "p-aria", Name: "Aria"}
	c, err := fx.svc.CreateCampaign(ctx, aria, events.CreateCampaign{Name: "The Sunken Crown"})
	if err != nil {
		f.Fatal(err)
	}
	tk, _, err := fx.svc.ConnectTicket(ctx, aria, c.ID)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(tk + "x")
	f.Add("e30.AAAA")
	f.Add(".")
	f.Fuzz(func(t *testing.T, s string) {
		if s == tk {
			return
		}
		if _, err := fx.svc.RedeemTicket(ctx, s, c.ID); !fault.Is(err, fault.Unauthorized) {
			t.Fatalf("RedeemTicket(%q) = %v, want unauthorized", s, err)
		}
	})
}

// A ticket given by an instance that holds the new key is redeemed by one
// that still holds it as the previous key, and the other way round: a
// rotation does not refuse the sockets opened while instances change over.
func TestConnectTicketAcrossARotation(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	aria := game.Player{ID: "p-aria", Name: "Aria"}
	c, err := f.svc.CreateCampaign(ctx, aria, events.CreateCampaign{Name: "The Sunken Crown"})
	if err != nil {
		t.Fatal(err)
	}
	oldKey := []byte("0123456789abcdef0123456789abcdef") // the fixture's
	newKey := []byte("a new key for the rotation, 32+ bytes long")
	before := f.svc.Tokens
	after, err := auth.NewRotatingSigner(auth.Keys{Current: newKey, Previous: [][]byte{oldKey}}, time.Hour, f.clock.Now)
	if err != nil {
		t.Fatal(err)
	}
	dropped, _ := auth.NewSigner(newKey, time.Hour, f.clock.Now)
	give := func(s *auth.Signer) string {
		t.Helper()
		f.svc.Tokens = s
		tk, _, err := f.svc.ConnectTicket(ctx, aria, c.ID)
		if err != nil {
			t.Fatal(err)
		}
		return tk
	}
	redeem := func(s *auth.Signer, tk string) error {
		f.svc.Tokens = s
		_, err := f.svc.RedeemTicket(ctx, tk, c.ID)
		return err
	}
	if err := redeem(after, give(before)); err != nil {
		t.Errorf("a ticket of the old key, redeemed after the rotation: %v", err)
	}
	if err := redeem(dropped, give(after)); err != nil {
		t.Errorf("a ticket given after the rotation, once the old key is dropped: %v", err)
	}
	if err := redeem(dropped, give(before)); !fault.Is(err, fault.Unauthorized) {
		t.Errorf("a ticket of a dropped key: %v, want unauthorized", err)
	}
}
