package storetest

import (
	"testing"
	"time"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/game"
	"chronicler/shared/throttle/throttletest"
)

// Clocked is a store whose clock decides which of the server's request
// claims have expired (campaign.Request.ExpiresAt). Both stores are; the
// suite sets the clock of the stores it checks expiry on.
type Clocked interface {
	SetNow(now func() time.Time)
}

// clocked opens a store on a clock the test moves (the settable clock the
// rate limiters' contract already keeps), starting at t0.
func (s suite) clocked(t *testing.T) (game.Store, *throttletest.Clock) {
	t.Helper()
	st := s.open(t)
	cs, ok := st.(Clocked)
	if !ok {
		t.Fatalf("%T has no SetNow: a store must say which claims have expired by a clock of its own", st)
	}
	c := &throttletest.Clock{}
	c.Set(t0)
	cs.SetNow(c.Now)
	return st, c
}

// expiringRequests: a server's claim (a connect ticket's use, a held
// turn's step) is known until its ExpiresAt and unknown from then on,
// whether or not the store has deleted it yet, and its id may be claimed
// again; a client's request, which carries no expiry, is never forgotten
// (the wire contract remembers its id for the campaign's life).
func (s suite) expiringRequests(t *testing.T) {
	const id = "camp-a"
	claim := func(created, expires time.Time) game.Tx {
		return game.Tx{CampaignID: id, Request: &campaign.Request{RequestID: "connect-ticket:n1", CreatedAt: created, ExpiresAt: &expires}}
	}
	client := game.Tx{CampaignID: id, Request: &campaign.Request{RequestID: "r1", TurnID: "t1", CreatedAt: at(0)}}

	t.Run("ClaimKnownUntilItsExpiry", func(t *testing.T) {
		st, clock := s.clocked(t)
		create(t, st, newCampaign(id, "p1"))
		first := claim(at(0), at(time.Hour))
		commit(t, st, first)
		clock.Set(at(59 * time.Minute))
		req, err := st.Request(t.Context(), id, "connect-ticket:n1")
		if err != nil {
			t.Fatalf("the claim before its expiry: %v", err)
		}
		same(t, "claim", req, *first.Request)
		wantKind(t, "the same claim again before its expiry", st.Commit(t.Context(), claim(at(59*time.Minute), at(2*time.Hour))), fault.Conflict)
	})
	t.Run("ClaimForgottenFromItsExpiry", func(t *testing.T) {
		st, clock := s.clocked(t)
		create(t, st, newCampaign(id, "p1"))
		commit(t, st, claim(at(0), at(time.Hour)))
		clock.Set(at(time.Hour))
		if _, err := st.Request(t.Context(), id, "connect-ticket:n1"); !fault.Is(err, fault.NotFound) {
			t.Fatalf("the claim at its expiry: %v, want not found", err)
		}
		// Claimed again once expired: the id is free.
		again := claim(at(2*time.Hour), at(3*time.Hour))
		commit(t, st, again)
		clock.Set(at(2 * time.Hour))
		req, err := st.Request(t.Context(), id, "connect-ticket:n1")
		if err != nil {
			t.Fatalf("the claim made again: %v", err)
		}
		same(t, "claim made again", req, *again.Request)
	})
	t.Run("ClientRequestNeverForgotten", func(t *testing.T) {
		st, clock := s.clocked(t)
		create(t, st, newCampaign(id, "p1"))
		commit(t, st, client)
		commit(t, st, claim(at(0), at(time.Minute)))
		// A later claim is the write that purges what has expired.
		later := game.Tx{CampaignID: id, Request: &campaign.Request{RequestID: "connect-ticket:n2", CreatedAt: at(365 * 24 * time.Hour),
			ExpiresAt: ptr(at(366 * 24 * time.Hour))}}
		commit(t, st, later)
		clock.Set(at(365 * 24 * time.Hour))
		req, err := st.Request(t.Context(), id, "r1")
		if err != nil {
			t.Fatalf("a client's request a year on: %v", err)
		}
		same(t, "client request", req, *client.Request)
		wantKind(t, "the client's request again", st.Commit(t.Context(), client), fault.Conflict)
	})
}

func ptr[T any](v T) *T { return &v }
