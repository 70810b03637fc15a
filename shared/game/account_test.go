package game_test

import (
	"context"
	"strings"
	"testing"

	"chronicler/events"
	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/game"
)

// A genuine signature is not enough: the token must name a player this
// server made, at their current token version.
func TestTokensNameAPlayerThatExists(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	id, err := f.svc.CreatePlayer(ctx, events.CreatePlayer{Name: "Aria"})
	if err != nil {
		t.Fatal(err)
	}
	if p, err := f.svc.Authenticate(ctx, id.Token); err != nil || p.ID != id.ID {
		t.Fatalf("the new player's token: %v, %v", p, err)
	}
	ghost, err := f.svc.Tokens.Issue("01NOBODYEVERMADE", "Ghost")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.Authenticate(ctx, ghost); !fault.Is(err, fault.Unauthorized) {
		t.Errorf("a signed token of nobody: err = %v, want Unauthorized", err)
	}
}

func TestSignOutEverywhere(t *testing.T) {
	f := newFixture(t)
	f.svc.NewID = game.NewULID // recovery codes are upper case, as real ids are
	ctx := context.Background()
	id, err := f.svc.CreatePlayer(ctx, events.CreatePlayer{Name: "Aria"})
	if err != nil {
		t.Fatal(err)
	}
	other, err := f.svc.RecoverPlayer(ctx, events.RecoverPlayer{RecoveryCode: id.RecoveryCode, Name: "Aria"})
	if err != nil {
		t.Fatal(err)
	}
	c, _ := f.tableOf(t, id.Player, "Signed out", "a1", campaign.NewCharacter{Name: "Mira", Race: "elf", Class: "wizard"})
	f.sit(t, id.Player, c, "a2")

	if err := f.svc.SignOutEverywhere(ctx, id.Player); err != nil {
		t.Fatal(err)
	}
	for name, tok := range map[string]string{"this device": id.Token, "the other device": other.Token} {
		if _, err := f.svc.Authenticate(ctx, tok); !fault.Is(err, fault.Unauthorized) || !strings.Contains(err.Error(), "signed out") {
			t.Errorf("%s's token: err = %v, want Unauthorized saying it was signed out", name, err)
		}
	}
	// The sockets opened with the old tokens are unbound.
	for _, conn := range []string{"a1", "a2"} {
		if err := f.svc.Sync(ctx, conn, 0, 0); !fault.Is(err, fault.Forbidden) && !fault.Is(err, fault.NotFound) && !fault.Is(err, fault.Unauthorized) {
			t.Errorf("socket %s after sign-out: err = %v, want it unbound", conn, err)
		}
	}
	// The recovery code still signs the player in, with a working token.
	back, err := f.svc.RecoverPlayer(ctx, events.RecoverPlayer{RecoveryCode: id.RecoveryCode, Name: "Aria"})
	if err != nil {
		t.Fatal(err)
	}
	if p, err := f.svc.Authenticate(ctx, back.Token); err != nil || p.ID != id.ID {
		t.Errorf("after recovering: %v, %v", p, err)
	}
}

// A player made before accounts were kept signs in again with their
// recovery code, which makes their account.
func TestRecoveryMakesAMissingAccount(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	code := f.svc.Tokens.RecoveryCode("01OLDPLAYER")
	id, err := f.svc.RecoverPlayer(ctx, events.RecoverPlayer{RecoveryCode: code, Name: "Old"})
	if err != nil {
		t.Fatal(err)
	}
	if p, err := f.svc.Authenticate(ctx, id.Token); err != nil || p.ID != "01OLDPLAYER" {
		t.Errorf("after recovering: %v, %v", p, err)
	}
}

// A removed member's sockets are unbound and the campaign is closed to them.
func TestRemovedMemberLosesAccess(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	c, owner := f.table(t, "Removal", "o1")
	bram := game.Player{ID: "p-bram", Name: "Bram"}
	f.joinAndSit(t, bram, c, "b1")
	if err := f.svc.RemovePlayer(ctx, owner, c.ID, bram.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.GetCampaign(ctx, bram, c.ID); !fault.Is(err, fault.Forbidden) {
		t.Errorf("get campaign: err = %v, want Forbidden", err)
	}
	if err := f.svc.Connect(ctx, "b2", bram, c.ID); !fault.Is(err, fault.Forbidden) {
		t.Errorf("connect: err = %v, want Forbidden", err)
	}
	if err := f.svc.Sync(ctx, "b1", 0, 0); err == nil {
		t.Error("the removed member's socket still syncs")
	}
}
