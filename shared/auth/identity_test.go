package auth

import (
	"context"
	"testing"
	"time"

	"chronicler/shared/fault"
)

func TestIdentities(t *testing.T) {
	signer, err := NewSigner(key, time.Hour, clock(testEpoch))
	if err != nil {
		t.Fatal(err)
	}
	anonTok, err := signer.Issue("01JBX3ZQ4K8V6T2M9N5R7W1Y3A", "Aria")
	if err != nil {
		t.Fatal(err)
	}
	f := newFixture(t)
	oidcTok := f.rs(f.claims())
	anon, oidc := Identity(Anonymous{signer}), Identity(f.oidc)

	accepted := []struct {
		name   string
		id     Identity
		token  string
		player string
	}{
		{"AnonymousAcceptsItsOwnToken", anon, anonTok, "01JBX3ZQ4K8V6T2M9N5R7W1Y3A"},
		{"OIDCAcceptsItsOwnTokenUnderItsPrefix", oidc, oidcTok, OIDCPlayerPrefix + "0b9c6a3e-51d2-4f0e-9c59-1f7a8e2d4c11"},
	}
	for _, c := range accepted {
		t.Run(c.name, func(t *testing.T) {
			got, err := c.id.Verify(context.Background(), c.token)
			if err != nil || got.PlayerID != c.player || got.Name != "Aria" {
				t.Fatalf("Verify = %+v, %v", got, err)
			}
		})
	}

	refused := []struct {
		name  string
		id    Identity
		token string
	}{
		{"AnonymousRefusesOIDCToken", anon, oidcTok},
		{"OIDCRefusesAnonymousToken", oidc, anonTok},
		{"AnonymousRefusesGarbage", anon, "a.b.c"},
	}
	for _, c := range refused {
		t.Run(c.name, func(t *testing.T) {
			if _, err := c.id.Verify(context.Background(), c.token); !fault.Is(err, fault.Unauthorized) {
				t.Fatalf("Verify = %v, want unauthorized", err)
			}
		})
	}

	t.Run("AnonymousStillIssues", func(t *testing.T) {
		tok, err := Anonymous{signer}.Issue("p2", "Bram")
		if err != nil {
			t.Fatal(err)
		}
		if c, err := anon.Verify(context.Background(), tok); err != nil || c.PlayerID != "p2" {
			t.Fatalf("Verify = %+v, %v", c, err)
		}
	})
}
