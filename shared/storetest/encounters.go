package storetest

import (
	"encoding/json"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/game"
)

// finishedEncounters: a campaign's fights pile up, and every turn reads the
// snapshot, so a finished encounter leaves it: the snapshot holds the
// encounter under way alone, while Encounters lists every one, finished
// in a commit or stored finished, each at its version. A finished id is
// still taken, and one campaign's encounters are not another's.
func (s suite) finishedEncounters(t *testing.T) {
	st := s.open(t)
	c := create(t, st, newCampaign("veterans", "p1"))
	other := create(t, st, newCampaign("bystanders", "p2"))
	data := json.RawMessage(`{"round":1,"order":["goblin-1","c1"]}`)
	won := campaign.EncounterRecord{ID: "enc-a", Status: "active", Data: data}
	fled := campaign.EncounterRecord{ID: "enc-c", Status: "ended", Data: json.RawMessage(`{"round":9,"outcome":"fled"}`)}
	commit(t, st, game.Tx{CampaignID: c.ID, Encounters: []campaign.EncounterRecord{won, fled}})
	won.Version, fled.Version = 1, 1
	won.Status, won.Data = "ended", json.RawMessage(`{"round":4,"outcome":"victory"}`)
	under := campaign.EncounterRecord{ID: "enc-b", Status: "active", Data: data}
	// Finishing one fight and starting the next in one commit.
	commit(t, st, game.Tx{CampaignID: c.ID, Encounters: []campaign.EncounterRecord{won, under}})
	won.Version, under.Version = 2, 1

	snap := snapshot(t, st, c.ID)
	same(t, "the snapshot's encounters", snap.Encounters, []campaign.EncounterRecord{under})
	same(t, "every encounter", encountersOf(t, st, c.ID), []campaign.EncounterRecord{won, under, fled})

	again := campaign.EncounterRecord{ID: won.ID, Status: "active", Data: data}
	err := st.Commit(t.Context(), game.Tx{CampaignID: c.ID, Encounters: []campaign.EncounterRecord{again}})
	wantKind(t, "starting an encounter under a finished one's id", err, fault.Conflict)
	twice := fled
	twice.Version = 0
	err = st.Commit(t.Context(), game.Tx{CampaignID: c.ID, Encounters: []campaign.EncounterRecord{twice}})
	wantKind(t, "storing a finished encounter twice", err, fault.Conflict)
	under.Data = json.RawMessage(`{"round":2}`)
	commit(t, st, game.Tx{CampaignID: c.ID, Encounters: []campaign.EncounterRecord{under}})
	under.Version = 2
	same(t, "every encounter after the next round", encountersOf(t, st, c.ID), []campaign.EncounterRecord{won, under, fled})

	if got := encountersOf(t, st, other.ID); len(got) != 0 {
		t.Fatalf("another campaign's encounters: %+v", got)
	}
	if got := encountersOf(t, st, "no-such-campaign"); got == nil || len(got) != 0 {
		t.Fatalf("a missing campaign's encounters = %#v, want empty", got)
	}
}

// encountersOf is st.Encounters, failing the test on an error.
func encountersOf(t *testing.T, st game.Store, campaignID string) []campaign.EncounterRecord {
	t.Helper()
	recs, err := st.Encounters(t.Context(), campaignID)
	if err != nil {
		t.Fatalf("encounters of %s: %v", campaignID, err)
	}
	return recs
}
