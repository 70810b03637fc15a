package sqlite

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/game"
)

var t0 = time.Date(2026, time.March, 14, 15, 9, 26, 535897000, time.UTC)

func openTemp(t testing.TB) (*DB, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "chronicler.db")
	db, err := Open(path)
	if err != nil {
		t.Fatalf("open: %v", err)
	}
	t.Cleanup(func() { db.Close() })
	return db, path
}

func createCampaign(t testing.TB, db *DB, id string) {
	t.Helper()
	c := campaign.Campaign{ID: id, Name: id, Status: campaign.Active, OwnerID: "p1", Settings: campaign.DefaultSettings(), CreatedAt: t0, LastPlayedAt: t0}
	st := campaign.State{CampaignID: id, UpdatedAt: t0}
	m := campaign.Member{PlayerID: "p1", Role: campaign.Owner, JoinedAt: t0}
	if err := db.Commit(t.Context(), game.Tx{CampaignID: id, Campaign: &c, NewState: &st, Member: &m}); err != nil {
		t.Fatalf("create %s: %v", id, err)
	}
}

func TestReopenKeepsCommittedTurns(t *testing.T) {
	db, path := openTemp(t)
	createCampaign(t, db, "camp-a")
	turn := campaign.Turn{ID: "turn-1", CampaignID: "camp-a", Sequence: 1, Action: "I listen at the door.", CreatedAt: t0}
	if err := db.Commit(t.Context(), game.Tx{CampaignID: "camp-a", Turn: &turn}); err != nil {
		t.Fatalf("commit: %v", err)
	}
	if err := db.Close(); err != nil {
		t.Fatalf("close: %v", err)
	}

	again, err := Open(path)
	if err != nil {
		t.Fatalf("reopen: %v", err)
	}
	defer again.Close()
	ts, err := again.Turns(t.Context(), "camp-a", 0, 10)
	if err != nil || len(ts) != 1 || ts[0].Action != turn.Action {
		t.Fatalf("after reopen: turns %+v, %v; want the committed turn", ts, err)
	}
}

func TestOpenRefusesNewerSchema(t *testing.T) {
	db, path := openTemp(t)
	if _, err := db.writeDB.Exec(`UPDATE schema_version SET version = ?`, len(migrations)+1); err != nil {
		t.Fatalf("bump schema version: %v", err)
	}
	db.Close()
	if db, err := Open(path); err == nil {
		db.Close()
		t.Fatal("opened a file with a newer schema")
	} else if !strings.Contains(err.Error(), "newer") {
		t.Fatalf("got %v, want a newer-schema error", err)
	}
}

func TestOpenRefusesNonFilePaths(t *testing.T) {
	for _, path := range []string{"", ":memory:", "file:x.db", "x.db?mode=ro"} {
		if db, err := Open(path); !fault.Is(err, fault.Invalid) {
			if err == nil {
				db.Close()
			}
			t.Errorf("Open(%q): got %v, want Invalid", path, err)
		}
	}
}

func TestWriterIsDurableWAL(t *testing.T) {
	db, _ := openTemp(t)
	for pragma, want := range map[string]string{"journal_mode": "wal", "synchronous": "2", "foreign_keys": "1", "busy_timeout": "5000"} {
		var got string
		if err := db.writeDB.QueryRow("PRAGMA " + pragma).Scan(&got); err != nil {
			t.Fatalf("pragma %s: %v", pragma, err)
		}
		if got != want {
			t.Errorf("pragma %s = %s, want %s", pragma, got, want)
		}
	}
}

// TestListsUseIndexes holds CampaignsByStatus and CampaignsOf to "through an
// index, never a scan" as the table grows.
func TestListsUseIndexes(t *testing.T) {
	db, _ := openTemp(t)
	for _, tc := range []struct {
		name, query, index string
		args               []any
	}{
		{"CampaignsByStatus", campaignsByStatusQuery, "campaigns_by_status", []any{"paused", timeKey(t0), 10}},
		{"CampaignsOf", campaignsOfQuery, "members_by_player", []any{"p1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rows, err := db.read.Query("EXPLAIN QUERY PLAN "+tc.query, tc.args...)
			if err != nil {
				t.Fatalf("explain: %v", err)
			}
			defer rows.Close()
			var plan []string
			for rows.Next() {
				var id, parent, unused int
				var detail string
				if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
					t.Fatalf("scan plan: %v", err)
				}
				plan = append(plan, detail)
			}
			joined := strings.Join(plan, "; ")
			t.Logf("plan: %s", joined)
			if !strings.Contains(joined, tc.index) || strings.Contains(joined, "SCAN c") || strings.Contains(joined, "SCAN campaigns") || strings.Contains(joined, "SCAN m") {
				t.Fatalf("plan %q, want a search through %s", joined, tc.index)
			}
		})
	}
}

func TestCommitRefusesMalformedTx(t *testing.T) {
	db, _ := openTemp(t)
	createCampaign(t, db, "camp-a")
	other := campaign.Campaign{ID: "camp-b", Version: 1}
	turn0 := campaign.Turn{Sequence: 0}
	foreign := campaign.Connection{ID: "conn-1", CampaignID: "camp-b"}
	st := campaign.State{}
	for name, tx := range map[string]game.Tx{
		"NoCampaignID":             {},
		"CampaignOfAnotherID":      {CampaignID: "camp-a", Campaign: &other},
		"TurnZero":                 {CampaignID: "camp-a", Turn: &turn0},
		"ConnectionOfAnotherID":    {CampaignID: "camp-a", PutConnection: &foreign},
		"StateCreatedAndReplaced":  {CampaignID: "camp-a", NewState: &st, State: &st},
		"SameCharacterTwice":       {CampaignID: "camp-a", Characters: []campaign.Character{{ID: "c1"}, {ID: "c1"}}},
		"CharacterWithoutID":       {CampaignID: "camp-a", Characters: []campaign.Character{{}}},
		"ConnectionPutAndDeleted":  {CampaignID: "camp-a", PutConnection: &campaign.Connection{ID: "conn-2"}, DeleteConnections: []string{"conn-2"}},
		"LeaseWithoutTurn":         {CampaignID: "camp-a", AcquireLease: &campaign.Lease{}},
		"RequestWithoutID":         {CampaignID: "camp-a", Request: &campaign.Request{}},
		"MemberWithoutPlayer":      {CampaignID: "camp-a", Member: &campaign.Member{}},
		"IntentThatIsNotJSONAtAll": {CampaignID: "camp-a", Turn: &campaign.Turn{Sequence: 1, Intent: []byte("{")}},
	} {
		t.Run(name, func(t *testing.T) {
			if err := db.Commit(t.Context(), tx); !fault.Is(err, fault.Invalid) {
				t.Fatalf("got %v, want Invalid", err)
			}
		})
	}
}

func TestWritesToUnknownCampaignAreNotFound(t *testing.T) {
	db, _ := openTemp(t)
	ch := campaign.Character{ID: "c1"}
	if err := db.Commit(t.Context(), game.Tx{CampaignID: "camp-x", Characters: []campaign.Character{ch}}); !fault.Is(err, fault.NotFound) {
		t.Errorf("commit: got %v, want NotFound", err)
	}
	if err := db.Commit(t.Context(), game.Tx{CampaignID: "camp-x", Events: []game.Event{{Data: []byte(`{}`)}}}); !fault.Is(err, fault.NotFound) {
		t.Errorf("append: got %v, want NotFound", err)
	}
}

func TestConnectionNamesItsCampaign(t *testing.T) {
	db, _ := openTemp(t)
	createCampaign(t, db, "camp-a")
	conn := campaign.Connection{ID: "conn-1", PlayerID: "p1", ConnectedAt: t0} // no campaign id
	if err := db.Commit(t.Context(), game.Tx{CampaignID: "camp-a", PutConnection: &conn}); err != nil {
		t.Fatalf("commit: %v", err)
	}
	got, err := db.ConnectionByID(t.Context(), "conn-1")
	if err != nil || got.CampaignID != "camp-a" {
		t.Fatalf("got %+v, %v; want the connection bound to camp-a", got, err)
	}
}

// A turn's context is kept in its own column; a row written before there
// was one keeps it in data, and reads the same either way: Turns with its
// context, RecentTurns without.
func TestTurnContextOldAndNewRows(t *testing.T) {
	db, _ := openTemp(t)
	createCampaign(t, db, "camp-a")
	tc := &campaign.TurnContext{Model: "offline", TotalTokens: 3, Blocks: []campaign.ContextBlock{{Name: "system", Text: "You narrate.", Tokens: 3}}}
	newRow := campaign.Turn{ID: "turn-2", CampaignID: "camp-a", Sequence: 2, Action: "I wait.", CreatedAt: t0, Context: tc}
	if err := db.Commit(t.Context(), game.Tx{CampaignID: "camp-a", Turn: &newRow}); err != nil {
		t.Fatal(err)
	}
	var inData int
	if err := db.writeDB.QueryRow(`SELECT count(*) FROM turns WHERE seq = 2 AND context IS NOT NULL AND data NOT LIKE '%"context"%'`).Scan(&inData); err != nil || inData != 1 {
		t.Fatalf("the new row keeps its context apart: %d, %v", inData, err)
	}
	oldRow := newRow
	oldRow.ID, oldRow.Sequence = "turn-1", 1
	data, err := encode(oldRow, utcTurn)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.writeDB.Exec(`INSERT INTO turns (campaign_id, seq, data) VALUES (?, 1, ?)`, "camp-a", data); err != nil {
		t.Fatal(err)
	}
	full, err := db.Turns(t.Context(), "camp-a", 0, 10)
	if err != nil || len(full) != 2 {
		t.Fatalf("turns: %+v, %v", full, err)
	}
	for _, turn := range full {
		if turn.Context == nil || turn.Context.Model != "offline" || len(turn.Context.Blocks) != 1 {
			t.Errorf("turn %d read with context %+v", turn.Sequence, turn.Context)
		}
	}
	brief, err := db.RecentTurns(t.Context(), "camp-a", 0, 10)
	if err != nil || len(brief) != 2 {
		t.Fatalf("recent turns: %+v, %v", brief, err)
	}
	for _, turn := range brief {
		if turn.Context != nil || turn.Action != "I wait." {
			t.Errorf("recent turn %d: %+v", turn.Sequence, turn)
		}
	}
}

// An expired claim's row is deleted by the next claim written to its
// campaign, and a client's request (no expiry) stays: the table keeps what
// a repeat could still meet, not every connection ever made.
func TestExpiredClaimsArePurgedOnWrite(t *testing.T) {
	db, _ := openTemp(t)
	createCampaign(t, db, "camp-a")
	rows := func() (n int) {
		if err := db.read.QueryRow(`SELECT count(*) FROM requests WHERE campaign_id = 'camp-a'`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	claim := func(id string, created time.Time) *campaign.Request {
		expires := created.Add(time.Hour)
		return &campaign.Request{RequestID: id, CreatedAt: created, ExpiresAt: &expires}
	}
	for _, r := range []*campaign.Request{
		{RequestID: "r1", TurnID: "t1", CreatedAt: t0},
		claim("connect-ticket:a", t0),
		claim("connect-ticket:b", t0.Add(30*time.Minute)),
	} {
		if err := db.Commit(t.Context(), game.Tx{CampaignID: "camp-a", Request: r}); err != nil {
			t.Fatal(err)
		}
	}
	if n := rows(); n != 3 {
		t.Fatalf("%d rows before any claim expired, want 3", n)
	}
	// At t0+1h15 a has expired, b has not.
	if err := db.Commit(t.Context(), game.Tx{CampaignID: "camp-a", Request: claim("connect-ticket:c", t0.Add(75*time.Minute))}); err != nil {
		t.Fatal(err)
	}
	var ids []string
	r, err := db.read.Query(`SELECT request_id FROM requests WHERE campaign_id = 'camp-a' ORDER BY request_id`)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	for r.Next() {
		var id string
		if err := r.Scan(&id); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	if got := strings.Join(ids, " "); got != "connect-ticket:b connect-ticket:c r1" {
		t.Errorf("rows after the purge: %s, want connect-ticket:b connect-ticket:c r1", got)
	}
}

// An expired claim that no purge has deleted yet does not keep its id:
// a request without an expiry (which purges nothing) takes it, and a
// claim still live keeps it.
func TestExpiredClaimIdIsFreeBeforeItsPurge(t *testing.T) {
	db, _ := openTemp(t)
	createCampaign(t, db, "camp-a")
	expires := t0.Add(time.Hour)
	claim := &campaign.Request{RequestID: "step:t1:1", CreatedAt: t0, ExpiresAt: &expires}
	if err := db.Commit(t.Context(), game.Tx{CampaignID: "camp-a", Request: claim}); err != nil {
		t.Fatal(err)
	}
	early := &campaign.Request{RequestID: "step:t1:1", TurnID: "t1", CreatedAt: t0.Add(59 * time.Minute)}
	if err := db.Commit(t.Context(), game.Tx{CampaignID: "camp-a", Request: early}); !fault.Is(err, fault.Conflict) {
		t.Fatalf("the id while its claim is live: %v, want Conflict", err)
	}
	late := &campaign.Request{RequestID: "step:t1:1", TurnID: "t1", CreatedAt: t0.Add(time.Hour)}
	if err := db.Commit(t.Context(), game.Tx{CampaignID: "camp-a", Request: late}); err != nil {
		t.Fatalf("the id once its claim expired: %v", err)
	}
	db.SetNow(func() time.Time { return t0.Add(2 * time.Hour) })
	got, err := db.Request(t.Context(), "camp-a", "step:t1:1")
	if err != nil || got.ExpiresAt != nil || got.TurnID != "t1" {
		t.Errorf("the request that took the id: %+v, %v", got, err)
	}
}
