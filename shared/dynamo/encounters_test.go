package dynamo

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"chronicler/events"
	"chronicler/shared/auth"
	"chronicler/shared/campaign"
	"chronicler/shared/game"
	"chronicler/shared/narrator"
)

// sortKeys lists the campaign's sort keys that begin with prefix, as
// stored.
func sortKeys(t *testing.T, s *Store, campaignID, prefix string) []string {
	t.Helper()
	items, err := s.prefixItems(t.Context(), "test", campaignID, prefix, 0)
	if err != nil {
		t.Fatal(err)
	}
	var sks []string
	for _, it := range items {
		sks = append(sks, getS(it, AttrSK))
	}
	return sks
}

// The commit that finishes an encounter moves it out of the snapshot's
// read: its ENC# item is gone, the record is under WIRE#ENC#, and the
// snapshot's one Query reads no encounter at all.
func TestFinishingAnEncounterMovesItBeyondTheSnapshot(t *testing.T) {
	s, _ := open(t)
	populated(t, s, "camp-a")
	rec := campaign.EncounterRecord{ID: "enc-1", Status: "active", Data: json.RawMessage(`{"round":1}`)}
	mustCommit(t, s, game.Tx{CampaignID: "camp-a", Encounters: []campaign.EncounterRecord{rec}})
	rec.Version, rec.Status, rec.Data = 1, "ended", json.RawMessage(`{"round":5}`)
	mustCommit(t, s, game.Tx{CampaignID: "camp-a", Encounters: []campaign.EncounterRecord{rec}})

	if got := sortKeys(t, s, "camp-a", skEnc); len(got) != 0 {
		t.Errorf("ENC# items left after the fight ended: %v", got)
	}
	if got := sortKeys(t, s, "camp-a", skEncDone); !slices.Equal(got, []string{"WIRE#ENC#enc-1"}) {
		t.Errorf("WIRE#ENC# items = %v, want the finished record", got)
	}
	r := &recorder{API: s.db}
	s.db = r
	snap, err := s.Snapshot(t.Context(), "camp-a")
	if err != nil {
		t.Fatal(err)
	}
	for _, sk := range r.read {
		if strings.Contains(sk, "ENC#") {
			t.Errorf("the snapshot read %s", sk)
		}
	}
	if len(snap.Encounters) != 0 {
		t.Errorf("snapshot encounters = %+v", snap.Encounters)
	}
}

// putLegacy stores a finished encounter under ENC#, as the store did
// before the commit that finishes one moved it.
func putLegacy(t *testing.T, s *Store, campaignID, id string) campaign.EncounterRecord {
	t.Helper()
	rec := campaign.EncounterRecord{ID: id, Status: "ended", Data: json.RawMessage(`{"round":7,"outcome":"victory"}`), Version: 4}
	it, err := withKey(campaignPK(campaignID), encSK(id), rec)
	if err != nil {
		t.Fatal(err)
	}
	it[attrVersion] = num(rec.Version)
	if _, err := s.db.PutItem(t.Context(), &dynamodb.PutItemInput{TableName: aws.String(s.table), Item: it}); err != nil {
		t.Fatal(err)
	}
	return rec
}

// Finished encounters stored under ENC# before they were kept apart: the
// snapshot leaves them out meanwhile, Encounters lists them, and the
// sweep moves them a few a run, each as it was, leaving the fight under
// way where it is.
func TestTheSweepMovesFinishedEncountersStoredBeforeAFewARun(t *testing.T) {
	s, _ := open(t)
	clock := time.Date(2026, 1, 1, 18, 0, 0, 0, time.UTC)
	now := func() time.Time { return clock }
	s.Now = now
	signer, err := auth.NewSigner([]byte("0123456789abcdef0123456789abcdef"), 24*time.Hour, now)
	if err != nil {
		t.Fatal(err)
	}
	svc := game.NewService(s, nil, narrator.Offline{}, signer, slog.New(slog.DiscardHandler))
	svc.Now = now
	ctx := context.Background()
	c, err := svc.CreateCampaign(ctx, game.Player{ID: "p1", Name: "Aria"}, events.CreateCampaign{Name: "Old campaign"})
	if err != nil {
		t.Fatal(err)
	}
	var want []campaign.EncounterRecord
	for i := range 7 {
		want = append(want, putLegacy(t, s, c.ID, fmt.Sprintf("enc-%d", i)))
	}
	under := campaign.EncounterRecord{ID: "enc-9", Status: "active", Data: json.RawMessage(`{"round":2}`)}
	mustCommit(t, s, game.Tx{CampaignID: c.ID, Encounters: []campaign.EncounterRecord{under}})
	under.Version = 1
	want = append(want, under)

	check := func(when string, legacy int) {
		t.Helper()
		snap, err := s.Snapshot(ctx, c.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(snap.Encounters) != 1 || snap.Encounters[0].ID != under.ID {
			t.Errorf("%s: snapshot encounters = %+v, want the one under way", when, snap.Encounters)
		}
		all, err := s.Encounters(ctx, c.ID)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := json.Marshal(all)
		if w, _ := json.Marshal(want); string(got) != string(w) || !slices.EqualFunc(all, want, func(a, b campaign.EncounterRecord) bool { return a.Version == b.Version }) {
			t.Errorf("%s: encounters = %s, want %s", when, got, w)
		}
		if n := len(sortKeys(t, s, c.ID, skEnc)); n != legacy+1 {
			t.Errorf("%s: %d items under ENC#, want %d finished and the one under way", when, n, legacy)
		}
	}
	check("before any sweep", 7)
	for i, moved := range []int{5, 2, 0} {
		r, err := svc.Sweep(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if r.EncountersArchived != moved {
			t.Errorf("sweep %d moved %d, want %d", i+1, r.EncountersArchived, moved)
		}
	}
	check("after the sweeps", 0)
}
