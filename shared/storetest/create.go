package storetest

import (
	"context"
	"testing"
	"time"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/game"
)

func (s suite) createCampaign(t *testing.T) {
	t.Run("ReadsBackEqual", func(t *testing.T) {
		st := s.open(t)
		c := newCampaign("camp-a", "p1")
		commit(t, st, createTx(c))
		want := c
		want.Version = 1 // created at 1: the next write carries the Version it read

		got, err := st.Campaign(t.Context(), c.ID)
		if err != nil {
			t.Fatalf("campaign: %v", err)
		}
		same(t, "campaign", got, want)

		snap := snapshot(t, st, c.ID)
		same(t, "snapshot", snap, game.Snapshot{
			Campaign: want,
			State:    newState(c.ID),
			Members:  []campaign.Member{newMember("p1", campaign.Owner)},
		})
	})

	t.Run("ZonedTimesKeepTheirInstantToTheMicrosecond", func(t *testing.T) {
		st := s.open(t)
		east := time.FixedZone("UTC+5:30", 5*3600+1800)
		west := time.FixedZone("UTC-7", -7*3600)
		c := newCampaign("camp-a", "p1")
		c.CreatedAt = time.Date(2026, 1, 2, 3, 4, 5, 678901000, east)
		c.LastPlayedAt = time.Date(2026, 1, 2, 23, 59, 59, 999999000, west)
		tx := createTx(c)
		tx.Member.JoinedAt = time.Date(2026, 1, 2, 3, 4, 5, 1000, west)
		commit(t, st, tx)

		snap := snapshot(t, st, c.ID)
		for _, x := range []struct {
			name      string
			got, want time.Time
		}{
			{"created_at", snap.Campaign.CreatedAt, c.CreatedAt},
			{"last_played_at", snap.Campaign.LastPlayedAt, c.LastPlayedAt},
			{"joined_at", snap.Members[0].JoinedAt, tx.Member.JoinedAt},
		} {
			if !x.got.Equal(x.want) {
				t.Errorf("%s: got %s, want %s", x.name, x.got.Format(time.RFC3339Nano), x.want.UTC().Format(time.RFC3339Nano))
			}
		}
	})

	t.Run("SameIDAgainConflictsAndChangesNothing", func(t *testing.T) {
		st := s.open(t)
		c := create(t, st, newCampaign("camp-a", "p1"))
		before := snapshot(t, st, c.ID)

		again := newCampaign("camp-a", "p2")
		again.Name = "Somebody else's campaign"
		tx := createTx(again)
		tx.NewState.Summary = "overwritten"
		err := st.Commit(t.Context(), tx)
		wantKind(t, "create the same campaign again", err, fault.Conflict)

		same(t, "snapshot after the failed create", snapshot(t, st, c.ID), before)
		theirs, err := st.CampaignsOf(t.Context(), "p2")
		if err != nil {
			t.Fatalf("campaigns of p2: %v", err)
		}
		if len(theirs) != 0 {
			t.Errorf("p2 became a member through a failed create: %v", ids(theirs))
		}
	})
}

func (s suite) notFound(t *testing.T) {
	for _, tc := range []struct {
		name string
		read func(ctx context.Context, st game.Store) error
	}{
		{"SnapshotOfUnknownCampaign", func(ctx context.Context, st game.Store) error {
			_, err := st.Snapshot(ctx, "camp-unknown")
			return err
		}},
		{"UnknownCampaign", func(ctx context.Context, st game.Store) error {
			_, err := st.Campaign(ctx, "camp-unknown")
			return err
		}},
		{"UnknownRequest", func(ctx context.Context, st game.Store) error {
			_, err := st.Request(ctx, "camp-a", "req-unknown")
			return err
		}},
		{"RequestOfUnknownCampaign", func(ctx context.Context, st game.Store) error {
			_, err := st.Request(ctx, "camp-unknown", "req-1")
			return err
		}},
		{"UnknownConnection", func(ctx context.Context, st game.Store) error {
			_, err := st.ConnectionByID(ctx, "conn-unknown")
			return err
		}},
		{"DeletedConnection", func(ctx context.Context, st game.Store) error {
			conn := newConnection("conn-1", "camp-a", "p1")
			if err := st.Commit(ctx, game.Tx{CampaignID: "camp-a", PutConnection: &conn}); err != nil {
				return err
			}
			if err := st.Commit(ctx, game.Tx{CampaignID: "camp-a", DeleteConnections: []string{"conn-1"}}); err != nil {
				return err
			}
			_, err := st.ConnectionByID(ctx, "conn-1")
			return err
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := s.open(t)
			c := newCampaign("camp-a", "p1")
			tx := createTx(c)
			tx.Request = &campaign.Request{RequestID: "req-1", TurnID: "turn-1", CreatedAt: t0}
			commit(t, st, tx)
			wantKind(t, tc.name, tc.read(t.Context(), st), fault.NotFound)
		})
	}
}
