package sqlite

import (
	"fmt"
	"slices"
	"sync"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/game"
)

func connIDs(t *testing.T, db *DB, campaignID string) []string {
	t.Helper()
	cs, err := db.Connections(t.Context(), campaignID)
	if err != nil {
		t.Fatalf("connections of %s: %v", campaignID, err)
	}
	var ids []string
	for _, c := range cs {
		ids = append(ids, c.ID)
	}
	return ids
}

// A list read before a change is never served after it: a connection
// put, deleted or moved to another campaign shows at once.
func TestConnectionsFollowEveryChange(t *testing.T) {
	db, _ := openTemp(t)
	createCampaign(t, db, "camp-a")
	createCampaign(t, db, "camp-b")
	put := func(campaignID, id string) {
		c := campaign.Connection{ID: id, CampaignID: campaignID, PlayerID: "p1", ConnectedAt: t0}
		if err := db.Commit(t.Context(), game.Tx{CampaignID: campaignID, PutConnection: &c}); err != nil {
			t.Fatalf("put %s: %v", id, err)
		}
	}
	want := func(campaignID string, ids ...string) {
		t.Helper()
		for range 2 { // read, then served again
			if got := connIDs(t, db, campaignID); !slices.Equal(got, ids) {
				t.Fatalf("connections of %s = %v, want %v", campaignID, got, ids)
			}
		}
	}
	want("camp-a")
	put("camp-a", "c1")
	want("camp-a", "c1")
	put("camp-a", "c2")
	want("camp-a", "c1", "c2")
	want("camp-b")
	put("camp-b", "c1") // the latest bind wins
	want("camp-a", "c2")
	want("camp-b", "c1")
	if err := db.Commit(t.Context(), game.Tx{CampaignID: "camp-a", DeleteConnections: []string{"c2"}}); err != nil {
		t.Fatal(err)
	}
	want("camp-a")
	// A change that fails changes nothing, and the list still holds.
	c := campaign.Connection{ID: "c3", CampaignID: "camp-a", PlayerID: "p1", ConnectedAt: t0}
	if err := db.Commit(t.Context(), game.Tx{CampaignID: "camp-a", PutConnection: &c, ReleaseLease: "no-such-turn"}); err == nil {
		t.Fatal("releasing a lease not held committed")
	}
	want("camp-a")
	// The caller's copy is its own.
	cs, _ := db.Connections(t.Context(), "camp-b")
	cs[0].ID = "changed"
	want("camp-b", "c1")
}

// Readers racing with connects and disconnects never see, after a change
// has returned, the list from before it.
func TestConnectionsRaceWithChanges(t *testing.T) {
	db, _ := openTemp(t)
	createCampaign(t, db, "camp-a")
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
					if _, err := db.Connections(t.Context(), "camp-a"); err != nil {
						t.Error(err)
						return
					}
				}
			}
		})
	}
	var ids []string
	for i := range 60 {
		id := fmt.Sprintf("c%02d", i)
		tx := game.Tx{CampaignID: "camp-a"}
		if i%3 == 2 {
			tx.DeleteConnections = []string{ids[0]}
			ids = ids[1:]
		} else {
			tx.PutConnection = &campaign.Connection{ID: id, CampaignID: "camp-a", PlayerID: "p1", ConnectedAt: t0}
			ids = append(ids, id)
		}
		if err := db.Commit(t.Context(), tx); err != nil {
			t.Fatal(err)
		}
		if got := connIDs(t, db, "camp-a"); !slices.Equal(got, ids) {
			t.Fatalf("after change %d: connections %v, want %v", i, got, ids)
		}
	}
	close(stop)
	wg.Wait()
}
