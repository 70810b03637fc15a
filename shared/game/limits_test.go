package game_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"chronicler/events"
	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/game"
)

func TestParseLimits(t *testing.T) {
	l, err := game.ParseLimits(" members=3 , connections_per_player=0,")
	if err != nil {
		t.Fatal(err)
	}
	want := game.DefaultLimits()
	want.Members, want.ConnectionsPerPlayer = 3, 0
	if l != want {
		t.Errorf("got %+v, want %+v", l, want)
	}
	if again, err := game.ParseLimits(l.String()); err != nil || again != l {
		t.Errorf("String does not read back: %v, %v", again, err)
	}
	for _, bad := range []string{"members", "members=-1", "members=x", "sockets=3", "members=3=4"} {
		if _, err := game.ParseLimits(bad); err == nil {
			t.Errorf("ParseLimits(%q) accepted", bad)
		}
	}
}

func wantLimit(t *testing.T, err error, kind fault.Kind, words string) {
	t.Helper()
	if !fault.Is(err, kind) || !strings.Contains(err.Error(), words) {
		t.Fatalf("err = %v, want %s saying %q", err, kind, words)
	}
}

func TestConnectionsAreCapped(t *testing.T) {
	f := newFixture(t)
	f.svc.Limits.ConnectionsPerPlayer, f.svc.Limits.ConnectionsPerCampaign = 2, 3
	ctx := context.Background()
	c, aria := f.table(t, "Capped", "a1")
	if err := f.svc.Connect(ctx, "a2", aria, c.ID); err != nil {
		t.Fatal(err)
	}
	wantLimit(t, f.svc.Connect(ctx, "a3", aria, c.ID), fault.Forbidden, "from 2 places")
	// A retried connect of a socket already counted is not a new one.
	if err := f.svc.Connect(ctx, "a2", aria, c.ID); err != nil {
		t.Fatalf("reconnecting a counted socket: %v", err)
	}
	bram := game.Player{ID: "p-bram", Name: "Bram"}
	f.joinAndSit(t, bram, c, "b1")
	wantLimit(t, f.svc.Connect(ctx, "b2", bram, c.ID), fault.Forbidden, "has 3 connections")
	// A socket that leaves makes room.
	if err := f.svc.Disconnect(ctx, "a2"); err != nil {
		t.Fatal(err)
	}
	if err := f.svc.Connect(ctx, "b2", bram, c.ID); err != nil {
		t.Fatalf("after a socket left: %v", err)
	}
}

func TestCampaignsOwnedAreCapped(t *testing.T) {
	f := newFixture(t)
	f.svc.Limits.CampaignsOwned = 2
	ctx := context.Background()
	p := game.Player{ID: "p-owner", Name: "Aria"}
	var first campaign.Campaign
	for i := range 2 {
		c, err := f.svc.CreateCampaign(ctx, p, events.CreateCampaign{Name: fmt.Sprint("C", i)})
		if err != nil {
			t.Fatal(err)
		}
		first = c
	}
	_, err := f.svc.CreateCampaign(ctx, p, events.CreateCampaign{Name: "One too many"})
	wantLimit(t, err, fault.Forbidden, "own 2 campaigns")
	exp, err := f.svc.Export(ctx, p, first.ID)
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.svc.Import(ctx, p, exp)
	wantLimit(t, err, fault.Forbidden, "own 2 campaigns")
	// Another player is not counted against p, nor p's concluded ones.
	if _, err := f.svc.CreateCampaign(ctx, game.Player{ID: "p-other", Name: "Bram"}, events.CreateCampaign{Name: "Theirs"}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.Conclude(ctx, p, first.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.CreateCampaign(ctx, p, events.CreateCampaign{Name: "After concluding"}); err != nil {
		t.Fatalf("after concluding one: %v", err)
	}
}

func TestMembersAndCharactersAreCapped(t *testing.T) {
	f := newFixture(t)
	f.svc.Limits.Members, f.svc.Limits.CharactersPerPlayer = 2, 2
	ctx := context.Background()
	c, aria := f.table(t, "Small table", "a1")
	if _, err := f.svc.CreateCharacter(ctx, aria, c.ID, campaign.NewCharacter{Name: "Second", Race: "human", Class: "fighter"}); err != nil {
		t.Fatal(err)
	}
	_, err := f.svc.CreateCharacter(ctx, aria, c.ID, campaign.NewCharacter{Name: "Third", Race: "human", Class: "fighter"})
	wantLimit(t, err, fault.Forbidden, "2 living characters")
	bram := game.Player{ID: "p-bram", Name: "Bram"}
	if _, err := f.svc.JoinCampaign(ctx, bram, c.ID, events.JoinCampaign{InviteCode: c.InviteCode}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.CreateCharacter(ctx, bram, c.ID, campaign.NewCharacter{Name: "Bram's", Race: "dwarf", Class: "cleric"}); err != nil {
		t.Fatalf("another player's first character: %v", err)
	}
	_, err = f.svc.JoinCampaign(ctx, game.Player{ID: "p-cass", Name: "Cass"}, c.ID, events.JoinCampaign{InviteCode: c.InviteCode})
	wantLimit(t, err, fault.Forbidden, "has 2 players")
	// A member joining again is not a new member.
	if _, err := f.svc.JoinCampaign(ctx, bram, c.ID, events.JoinCampaign{InviteCode: c.InviteCode}); err != nil {
		t.Fatalf("joining again: %v", err)
	}
}
