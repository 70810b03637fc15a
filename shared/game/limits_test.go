package game_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"chronicler/events"
	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/game"
	"chronicler/shared/throttle"
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

// Invite codes are tried at a bounded rate per campaign and per address,
// whoever tries them: a crowd of new players guessing together is held
// back as one guesser is.
func TestInviteTriesAreThrottled(t *testing.T) {
	f := newFixture(t)
	f.svc.InviteLimit = throttle.New(0.001, 3, f.clock.Now)
	ctx := context.Background()
	c, _ := f.table(t, "Guarded", "a1")
	other, _ := f.table(t, "Other", "o1")
	guess := func(i int, campaignID, from string) error {
		p := game.Player{ID: fmt.Sprint("p-guesser-", i), Name: "Eve"}
		_, err := f.svc.JoinCampaign(ctx, p, campaignID, events.JoinCampaign{InviteCode: "WRONGCODE1", From: from})
		return err
	}
	// Three new players from three addresses: the campaign's tries are spent.
	for i := range 3 {
		wantLimit(t, guess(i, c.ID, fmt.Sprint("198.51.100.", i)), fault.Forbidden, "does not match")
	}
	wantLimit(t, guess(3, c.ID, "198.51.100.9"), fault.RateLimited, "too many invite codes")
	_, err := f.svc.JoinCampaign(ctx, game.Player{ID: "p-friend", Name: "Bram"}, c.ID, events.JoinCampaign{InviteCode: c.InviteCode, From: "192.0.2.1"})
	wantLimit(t, err, fault.RateLimited, "too many invite codes")
	// One address against other campaigns: its tries are spent too.
	for i := range 2 {
		wantLimit(t, guess(10+i, other.ID, "198.51.100.0"), fault.Forbidden, "does not match")
	}
	wantLimit(t, guess(12, other.ID, "198.51.100.0"), fault.RateLimited, "too many invite codes")
	// Time refills them.
	f.clock.Add(time.Hour)
	if _, err := f.svc.JoinCampaign(ctx, game.Player{ID: "p-friend", Name: "Bram"}, c.ID, events.JoinCampaign{InviteCode: c.InviteCode, From: "192.0.2.1"}); err != nil {
		t.Fatalf("after an hour: %v", err)
	}
}
