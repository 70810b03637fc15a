package storetest

import (
	"context"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
)

// accounts: a player's account is created once, read back as written, and
// updated only under the version it was read at.
func (s suite) accounts(t *testing.T) {
	ctx := context.Background()
	st := s.open(t)
	if _, err := st.Account(ctx, "player-unknown"); !fault.Is(err, fault.NotFound) {
		t.Fatalf("unknown player: err = %v, want NotFound", err)
	}
	a := campaign.Account{ID: "player-a", Name: "Aria", CreatedAt: at(0)}
	if err := st.PutAccount(ctx, a); err != nil {
		t.Fatal(err)
	}
	if err := st.PutAccount(ctx, a); !fault.Is(err, fault.Conflict) {
		t.Fatalf("creating it again: err = %v, want Conflict", err)
	}
	got, err := st.Account(ctx, "player-a")
	if err != nil {
		t.Fatal(err)
	}
	want := a
	want.Version = 1
	same(t, "account", got, want)

	got.TokenVersion++
	if err := st.PutAccount(ctx, got); err != nil {
		t.Fatal(err)
	}
	// A writer that read the account before the bump fails, and changes nothing.
	stale := want
	stale.Name = "Mallory"
	if err := st.PutAccount(ctx, stale); !fault.Is(err, fault.Conflict) {
		t.Fatalf("stale update: err = %v, want Conflict", err)
	}
	again, err := st.Account(ctx, "player-a")
	if err != nil {
		t.Fatal(err)
	}
	want.TokenVersion, want.Version = 1, 2
	same(t, "account after the bump", again, want)
	for _, bad := range []campaign.Account{{}, {ID: "player-b", Version: -1}} {
		if err := st.PutAccount(ctx, bad); !fault.Is(err, fault.Invalid) {
			t.Errorf("PutAccount(%+v): err = %v, want Invalid", bad, err)
		}
	}
}
