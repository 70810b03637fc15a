package dynamo

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	miniserver "github.com/truora/minidyn/server"

	"chronicler/shared/campaign"
	"chronicler/shared/dynamo/dynamotest"
	"chronicler/shared/fault"
	"chronicler/shared/game"
	"chronicler/shared/storetest"
)

// The tests talk to minidyn, a DynamoDB-compatible HTTP server (through
// dynamotest, which fixes two of its gaps), with the real SDK client: one
// server for the package, one table per test.
var (
	mini     *dynamotest.Server
	endpoint string
	tables   atomic.Int64
)

func TestMain(m *testing.M) {
	mini = dynamotest.New()
	srv := httptest.NewServer(mini)
	endpoint = srv.URL
	code := m.Run()
	srv.Close()
	os.Exit(code)
}

func newClient(url string) *dynamodb.Client { return dynamotest.Client(url) }

// newTable creates an empty table of its own for tb and deletes it when tb
// ends.
func newTable(tb testing.TB, db *dynamodb.Client) string {
	tb.Helper()
	name := fmt.Sprintf("chronicler-test-%d", tables.Add(1))
	if err := EnsureTable(context.Background(), db, name); err != nil {
		tb.Fatalf("ensure table: %v", err)
	}
	tb.Cleanup(func() {
		if _, err := db.DeleteTable(context.Background(), &dynamodb.DeleteTableInput{TableName: aws.String(name)}); err != nil {
			tb.Errorf("delete table %s: %v", name, err)
		}
	})
	return name
}

// open returns a store on a fresh table, and the table's name.
func open(tb testing.TB) (*Store, string) {
	tb.Helper()
	db := newClient(endpoint)
	name := newTable(tb, db)
	s := New(db, name)
	s.backoff = time.Millisecond
	return s, name
}

var t0 = time.Date(2026, time.March, 14, 15, 9, 26, 535897000, time.UTC)

func testCampaign(id string) campaign.Campaign {
	return campaign.Campaign{
		ID: id, Name: "Camp " + id, Status: campaign.Active, Settings: campaign.DefaultSettings(),
		OwnerID: "p1", InviteCode: "inv-" + id, CreatedAt: t0, LastPlayedAt: t0,
	}
}

func testCharacter(id string) campaign.Character {
	return campaign.Character{ID: id, PlayerID: "p1", Name: "Hero " + id, Level: 1, HP: 10, MaxHP: 10,
		Conditions: []string{}, SpellSlots: map[string]campaign.Slot{}, Inventory: []campaign.Item{}}
}

func mustCommit(t testing.TB, s *Store, tx game.Tx) {
	t.Helper()
	if err := s.Commit(context.Background(), tx); err != nil {
		t.Fatalf("commit: %v", err)
	}
}

// populated creates campaign id with one of every item the key design
// knows: the snapshot's items and the logs.
func populated(t *testing.T, s *Store, id string) {
	t.Helper()
	ctx := t.Context()
	c := testCampaign(id)
	st := campaign.State{CampaignID: id, Summary: "start"}
	m := campaign.Member{PlayerID: "p1", Role: campaign.Owner, JoinedAt: t0}
	mustCommit(t, s, game.Tx{CampaignID: id, Campaign: &c, NewState: &st, Member: &m,
		Characters: []campaign.Character{testCharacter("c1"), testCharacter("c2")},
		Sessions:   []campaign.Session{{ID: "s1", CampaignID: id, StartedAt: t0}},
		Request:    &campaign.Request{RequestID: "r1", TurnID: "t1", CreatedAt: t0},
	})
	lease := campaign.Lease{TurnID: "t2", ExpiresAt: t0.Add(time.Minute)}
	conn := campaign.Connection{ID: "conn-" + id, CampaignID: id, PlayerID: "p1", ConnectedAt: t0}
	for seq := 1; seq <= 3; seq++ {
		turn := campaign.Turn{ID: fmt.Sprint("t", seq), CampaignID: id, Sequence: seq, CreatedAt: t0}
		mustCommit(t, s, game.Tx{CampaignID: id, Turn: &turn})
	}
	mustCommit(t, s, game.Tx{CampaignID: id, AcquireLease: &lease, LeaseNow: t0, PutConnection: &conn})
	var evs []game.Event
	for range 3 {
		evs = append(evs, game.Event{Data: []byte(`{}`), CreatedAt: time.Now()})
	}
	if err := s.Commit(ctx, game.Tx{CampaignID: id, Events: evs}); err != nil {
		t.Fatalf("append events: %v", err)
	}
}

// recorder is an API that records the calls made through it.
type recorder struct {
	API
	mu    sync.Mutex
	calls []string
	read  []string // sort keys returned by Query
}

func (r *recorder) note(op string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls = append(r.calls, op)
}

func (r *recorder) Query(ctx context.Context, in *dynamodb.QueryInput, opts ...func(*dynamodb.Options)) (*dynamodb.QueryOutput, error) {
	r.note("Query")
	out, err := r.API.Query(ctx, in, opts...)
	if err == nil {
		r.mu.Lock()
		for _, it := range out.Items {
			r.read = append(r.read, getS(it, AttrSK))
		}
		r.mu.Unlock()
	}
	return out, err
}

func (r *recorder) GetItem(ctx context.Context, in *dynamodb.GetItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.GetItemOutput, error) {
	r.note("GetItem")
	return r.API.GetItem(ctx, in, opts...)
}

func (r *recorder) TransactWriteItems(ctx context.Context, in *dynamodb.TransactWriteItemsInput, opts ...func(*dynamodb.Options)) (*dynamodb.TransactWriteItemsOutput, error) {
	r.note("TransactWriteItems")
	return r.API.TransactWriteItems(ctx, in, opts...)
}

func TestStoreContract(t *testing.T) {
	storetest.Run(t, func(t *testing.T) game.Store {
		s, _ := open(t)
		// The suite's times are fixed in March 2026 and it passes no clock;
		// event expiry is this adapter's own behaviour
		// (TestEventsExpireAfterAWeek), so the contract runs at a time when
		// no event has expired.
		s.Now = func() time.Time { return time.Unix(0, 0) }
		return s
	})
}

func TestKeysSortAroundTheLogs(t *testing.T) {
	snapshotKeys := []string{skMeta, skState, skLock, skSeq, charSK("zz"), memberSK("zz"), connSK("zz"),
		sessionSK(t0, "zz"), encSK("zz")}
	for _, k := range snapshotKeys {
		if k >= skLogs {
			t.Errorf("%q sorts after %q: Snapshot would miss it", k, skLogs)
		}
	}
	for _, k := range []string{turnSK(0), turnSK(maxTurnSeq), eventSK(1), requestSK("!"), encDoneSK("!"), skMemory} {
		if k < skLogs {
			t.Errorf("%q sorts before %q: Snapshot would read it", k, skLogs)
		}
	}
	if !(turnSK(9) < turnSK(10) && eventSK(99) < eventSK(100)) {
		t.Error("sequences do not sort numerically")
	}
	early, late := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(2026, 1, 1, 0, 0, 0, 500, time.UTC)
	if len(stamp(early)) != len(stamp(late)) || !(stamp(early) < stamp(late)) {
		t.Errorf("stamps are not fixed-width and ordered: %s, %s", stamp(early), stamp(late))
	}
	if got := stamp(time.Date(2026, 1, 1, 5, 30, 0, 0, time.FixedZone("IST", 5*3600+1800))); got != "2026-01-01T00:00:00.000000000Z" {
		t.Errorf("stamp is not UTC: %s", got)
	}
}

func TestSnapshotIsOneQueryBelowTheLogs(t *testing.T) {
	s, _ := open(t)
	populated(t, s, "camp-a")
	populated(t, s, "camp-b")

	rec := &recorder{API: s.db}
	s.db = rec
	snap, err := s.Snapshot(t.Context(), "camp-a")
	if err != nil {
		t.Fatalf("snapshot: %v", err)
	}
	if !slices.Equal(rec.calls, []string{"Query"}) {
		t.Errorf("snapshot made calls %v, want one Query", rec.calls)
	}
	for _, sk := range rec.read {
		if strings.HasPrefix(sk, skTurn) || strings.HasPrefix(sk, "WIRE#") {
			t.Errorf("snapshot read log item %s", sk)
		}
	}
	if len(rec.read) != 9 { // META STATE LOCK SEQ CHAR×2 MEMBER SESSION CONN
		t.Errorf("snapshot read %d items %v, want 9", len(rec.read), rec.read)
	}
	if snap.Campaign.ID != "camp-a" || snap.Campaign.Version != 1 || snap.Campaign.InviteCode != "inv-camp-a" ||
		snap.State.Summary != "start" || len(snap.Characters) != 2 || len(snap.Members) != 1 ||
		len(snap.Sessions) != 1 || len(snap.Connections) != 1 || snap.Lease == nil || snap.Lease.TurnID != "t2" ||
		snap.LastSeq != 3 {
		t.Errorf("snapshot incomplete: %+v", snap)
	}
}

func TestCommitIsAllOrNothing(t *testing.T) {
	s, _ := open(t)
	populated(t, s, "camp-a")
	ctx := t.Context()
	before, err := s.Snapshot(ctx, "camp-a")
	if err != nil {
		t.Fatal(err)
	}

	// Every write would succeed but the last: the request id is known.
	c := before.Campaign
	c.Name = "renamed"
	st := before.State
	st.TurnCount++
	ch := before.Characters[0]
	ch.HP = 1
	turn := campaign.Turn{ID: "t4", CampaignID: "camp-a", Sequence: 4}
	tx := game.Tx{CampaignID: "camp-a", Campaign: &c, State: &st, ExpectTurnCount: before.State.TurnCount,
		Characters: []campaign.Character{ch, testCharacter("c3")}, Turn: &turn,
		Request: &campaign.Request{RequestID: "r1", TurnID: "t4"}}
	err = s.Commit(ctx, tx)
	if !fault.Is(err, fault.Conflict) {
		t.Fatalf("commit: got %v, want a Conflict", err)
	}
	if !strings.Contains(err.Error(), "request r1: ConditionalCheckFailed") {
		t.Errorf("the error does not name the failed item: %v", err)
	}
	var tce *types.TransactionCanceledException
	if !errors.As(err, &tce) {
		t.Errorf("the cause is not the SDK's TransactionCanceledException: %v", err)
	}
	if _, msg := fault.Public(err); strings.Contains(msg, "r1") {
		t.Errorf("the public message leaks internals: %q", msg)
	}

	after, err := s.Snapshot(ctx, "camp-a")
	if err != nil {
		t.Fatal(err)
	}
	if after.Campaign.Name != before.Campaign.Name || after.Campaign.Version != before.Campaign.Version ||
		after.State.TurnCount != before.State.TurnCount || len(after.Characters) != 2 || after.Characters[0].HP != 10 {
		t.Errorf("a cancelled commit changed the campaign:\nbefore %+v\nafter  %+v", before, after)
	}
	ts, err := s.Turns(ctx, "camp-a", 0, 10)
	if err != nil || len(ts) != 3 {
		t.Errorf("turns after the cancelled commit: %d, %v; want 3", len(ts), err)
	}

	// Without the known request it commits, and bumps every version.
	tx.Request = &campaign.Request{RequestID: "r4", TurnID: "t4"}
	mustCommit(t, s, tx)
	after, err = s.Snapshot(ctx, "camp-a")
	if err != nil {
		t.Fatal(err)
	}
	if after.Campaign.Version != 2 || after.Campaign.Name != "renamed" || after.State.TurnCount != 1 ||
		after.Characters[0].Version != 2 || after.Characters[0].HP != 1 || after.Characters[2].Version != 1 {
		t.Errorf("commit did not apply: %+v", after)
	}
}

func TestCommitRefusesWhatDynamoDBWould(t *testing.T) {
	many := make([]campaign.Character, MaxTxItems+1)
	for i := range many {
		many[i] = testCharacter(fmt.Sprintf("c%03d", i))
	}
	conn := campaign.Connection{ID: "conn-1", PlayerID: "p1"}
	for _, tc := range []struct {
		name string
		tx   game.Tx
	}{
		{"MoreThan100Items", game.Tx{CampaignID: "camp-a", Characters: many}},
		{"OneItemTwice", game.Tx{CampaignID: "camp-a", PutConnection: &conn, DeleteConnections: []string{"conn-1"}}},
		{"NoCampaign", game.Tx{Characters: many[:1]}},
		{"AnotherCampaignsTurn", game.Tx{CampaignID: "camp-a", Turn: &campaign.Turn{CampaignID: "camp-b", Sequence: 1}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, _ := open(t)
			rec := &recorder{API: s.db}
			s.db = rec
			if err := s.Commit(t.Context(), tc.tx); !fault.Is(err, fault.Invalid) {
				t.Errorf("got %v, want Invalid", err)
			}
			if len(rec.calls) != 0 {
				t.Errorf("an invalid commit called DynamoDB: %v", rec.calls)
			}
		})
	}
	t.Run("Exactly100Items", func(t *testing.T) {
		s, _ := open(t)
		mustCommit(t, s, game.Tx{CampaignID: "camp-a", Characters: many[:MaxTxItems]})
	})
}

func TestLeaseConditions(t *testing.T) {
	s, _ := open(t)
	ctx := t.Context()
	lease := func(turn string, exp time.Time) game.Tx {
		return game.Tx{CampaignID: "camp-a", AcquireLease: &campaign.Lease{TurnID: turn, ExpiresAt: exp}, LeaseNow: t0}
	}
	mustCommit(t, s, lease("t1", t0.Add(time.Second)))
	if err := s.Commit(ctx, lease("t2", t0.Add(time.Minute))); !fault.Is(err, fault.Conflict) {
		t.Errorf("acquire over an unexpired lease: got %v, want Conflict", err)
	}
	mustCommit(t, s, lease("t1", t0.Add(time.Hour))) // renewal by the holder
	expired := lease("t2", t0.Add(2*time.Hour))
	expired.LeaseNow = t0.Add(time.Hour) // expires exactly now: no longer "after" now
	mustCommit(t, s, expired)
	if err := s.Commit(ctx, game.Tx{CampaignID: "camp-a", ReleaseLease: "t1"}); !fault.Is(err, fault.Conflict) {
		t.Errorf("release by a turn that lost the lease: got %v, want Conflict", err)
	}
	mustCommit(t, s, game.Tx{CampaignID: "camp-a", ReleaseLease: "t2"})
}

func TestConnectionsAreBoundToOneCampaign(t *testing.T) {
	s, _ := open(t)
	ctx := t.Context()
	conn := campaign.Connection{ID: "conn=1/x", CampaignID: "camp-a", PlayerID: "p1", ConnectedAt: t0}
	mustCommit(t, s, game.Tx{CampaignID: "camp-a", PutConnection: &conn})
	got, err := s.ConnectionByID(ctx, conn.ID)
	if err != nil || got.CampaignID != "camp-a" || got.PlayerID != "p1" || !got.ConnectedAt.Equal(t0) {
		t.Fatalf("connection by id: %+v, %v", got, err)
	}
	other := conn
	other.CampaignID = ""
	if err := s.Commit(ctx, game.Tx{CampaignID: "camp-b", PutConnection: &other}); !fault.Is(err, fault.Conflict) {
		t.Errorf("camp-b bound camp-a's connection: got %v, want Conflict", err)
	}
	// To camp-b the id is unknown, which is not an error.
	mustCommit(t, s, game.Tx{CampaignID: "camp-b", DeleteConnections: []string{conn.ID}})
	if got, err := s.ConnectionByID(ctx, conn.ID); err != nil || got.CampaignID != "camp-a" {
		t.Errorf("pointer after camp-b's attempts: %+v, %v", got, err)
	}
	mustCommit(t, s, game.Tx{CampaignID: "camp-a", DeleteConnections: []string{conn.ID, "conn-unknown"}})
	if _, err := s.ConnectionByID(ctx, conn.ID); !fault.Is(err, fault.NotFound) {
		t.Errorf("deleted connection: got %v, want NotFound", err)
	}
	if cs, err := s.Connections(ctx, "camp-a"); err != nil || len(cs) != 0 {
		t.Errorf("connections after delete: %v, %v", cs, err)
	}
}

func TestEventsExpireAfterAWeek(t *testing.T) {
	s, _ := open(t)
	ctx := t.Context()
	now := t0
	s.Now = func() time.Time { return now }
	var evs []game.Event
	for seq := int64(1); seq <= 60; seq++ {
		created := t0
		if seq <= 30 {
			created = t0.Add(-8 * 24 * time.Hour)
		}
		evs = append(evs, game.Event{Data: fmt.Appendf(nil, `{"seq":%d}`, seq), CreatedAt: created})
	}
	for batch := range slices.Chunk(evs, 20) {
		if err := s.Commit(ctx, game.Tx{CampaignID: "camp-a", Events: batch}); err != nil {
			t.Fatalf("append events: %v", err)
		}
	}
	got, err := s.Events(ctx, "camp-a", 0, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 10 || got[0].Seq != 31 || got[9].Seq != 40 || string(got[0].Data) != `{"seq":31}` || !got[0].CreatedAt.Equal(t0) {
		t.Errorf("events after 0: got %d from %v, want 31..40", len(got), got)
	}
	now = t0.Add(7*24*time.Hour + time.Second)
	if got, err := s.Events(ctx, "camp-a", 0, 100); err != nil || len(got) != 0 {
		t.Errorf("events a week later: %d, %v; want none", len(got), err)
	}
}

// unprocessedOnce makes minidyn leave every batch item of table
// unprocessed the first time it sees it.
func unprocessedOnce(t *testing.T, table string) *atomic.Int64 {
	var mu sync.Mutex
	var left atomic.Int64
	seen := map[string]bool{}
	mini.EmulateUnprocessedItems(table, func(_ int, raw map[string]*miniserver.AttributeValue) bool {
		mu.Lock()
		defer mu.Unlock()
		k := aws.ToString(raw[AttrPK].S) + "|" + aws.ToString(raw[AttrSK].S)
		if seen[k] {
			return false
		}
		seen[k] = true
		left.Add(1)
		return true
	})
	t.Cleanup(func() { mini.EmulateUnprocessedItems(table, nil) })
	return &left
}

func TestBatchesRetryUnprocessedItems(t *testing.T) {
	s, table := open(t)
	ctx := t.Context()
	for i := range 3 {
		c := testCampaign(fmt.Sprint("camp-", i))
		c.LastPlayedAt = t0.Add(time.Duration(i) * time.Hour)
		m := campaign.Member{PlayerID: "p9", Role: campaign.Player}
		mustCommit(t, s, game.Tx{CampaignID: c.ID, Campaign: &c, Member: &m})
	}
	left := unprocessedOnce(t, table)

	cs, err := s.CampaignsOf(ctx, "p9")
	if err != nil {
		t.Fatalf("campaigns of: %v", err)
	}
	if got := fmt.Sprint(ids(cs)); got != "[camp-2 camp-1 camp-0]" {
		t.Errorf("campaigns of p9: %s, want newest played first", got)
	}
	if n := left.Load(); n != 3 {
		t.Errorf("minidyn left %d items unprocessed, want 3 (the gets)", n)
	}
}

func ids(cs []campaign.Campaign) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.ID)
	}
	return out
}

func TestCampaignsByStatusReadsTheSparseIndex(t *testing.T) {
	s, _ := open(t)
	ctx := t.Context()
	for i, st := range []campaign.Status{campaign.Paused, campaign.Active, campaign.Paused, campaign.Paused, campaign.Concluded} {
		c := testCampaign(fmt.Sprint("camp-", i))
		c.Status = st
		c.LastPlayedAt = t0.Add(-time.Duration(i) * time.Hour)
		mustCommit(t, s, game.Tx{CampaignID: c.ID, Campaign: &c})
	}
	// camp-3 is concluded now: it must leave the index.
	c3, err := s.Campaign(ctx, "camp-3")
	if err != nil {
		t.Fatal(err)
	}
	c3.Status = campaign.Concluded
	mustCommit(t, s, game.Tx{CampaignID: c3.ID, Campaign: &c3})

	for _, tc := range []struct {
		status campaign.Status
		before time.Time
		limit  int
		want   string
	}{
		{campaign.Paused, t0.Add(time.Hour), 10, "[camp-2 camp-0]"},
		{campaign.Paused, t0.Add(time.Hour), 1, "[camp-2]"},
		{campaign.Paused, t0, 10, "[camp-2]"},
		{campaign.Active, t0.Add(time.Hour), 10, "[camp-1]"},
		{campaign.Concluded, t0.Add(time.Hour), 10, "[]"},
	} {
		cs, err := s.CampaignsByStatus(ctx, tc.status, tc.before, tc.limit)
		if err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprint(ids(cs)); got != tc.want {
			t.Errorf("%s before %s, limit %d: got %s, want %s", tc.status, tc.before.Format(time.Kitchen), tc.limit, got, tc.want)
		}
	}
}

func TestEnsureTableIsIdempotent(t *testing.T) {
	db := newClient(endpoint)
	name := newTable(t, db)
	if err := EnsureTable(t.Context(), db, name); err != nil {
		t.Fatalf("ensure an existing table: %v", err)
	}
	out, err := db.DescribeTable(t.Context(), &dynamodb.DescribeTableInput{TableName: aws.String(name)})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, g := range out.Table.GlobalSecondaryIndexes {
		got = append(got, aws.ToString(g.IndexName))
	}
	slices.Sort(got)
	if !slices.Equal(got, []string{IndexByPlayer, IndexByStatus}) {
		t.Errorf("indexes: %v", got)
	}
}

// BenchmarkCommitTurn measures one turn's commit — Turn create, State
// guarded by turn_count, one Character and the Campaign updated — with
// 1,000 and 100,000 other items already stored. minidyn
// copies the whole table on every transaction, so the cost here grows with
// the table; DynamoDB's does not.
func BenchmarkCommitTurn(b *testing.B) {
	for _, n := range []int{1_000, 100_000} {
		b.Run(fmt.Sprintf("items=%d", n), func(b *testing.B) {
			if n > 10_000 && testing.Short() {
				b.Skip("slow on minidyn; run without -short")
			}
			// A server of its own: the copy cost must not include other
			// benchmarks' tables.
			srv := httptest.NewServer(dynamotest.New())
			b.Cleanup(srv.Close) // after the table's cleanup: cleanups run last first
			db := newClient(srv.URL)
			s := New(db, newTable(b, db))
			ctx := context.Background()

			c := testCampaign("camp-bench")
			st := campaign.State{CampaignID: c.ID}
			ch := testCharacter("c1")
			mustCommit(b, s, game.Tx{CampaignID: c.ID, Campaign: &c, NewState: &st, Characters: []campaign.Character{ch}})
			c.Version, ch.Version = 1, 1
			fill(b, s, n)

			seq := 0
			for b.Loop() {
				seq++
				turn := campaign.Turn{ID: fmt.Sprint("t", seq), CampaignID: c.ID, Sequence: seq, Action: "I attack", Narration: "It hits.", CreatedAt: t0}
				next := st
				next.TurnCount = seq
				ch.HP = 10 - seq%10
				c.LastPlayedAt = t0.Add(time.Duration(seq) * time.Second)
				err := s.Commit(ctx, game.Tx{CampaignID: c.ID, Campaign: &c, State: &next, ExpectTurnCount: seq - 1,
					Characters: []campaign.Character{ch}, Turn: &turn})
				if err != nil {
					b.Fatalf("commit turn %d: %v", seq, err)
				}
				c.Version++
				ch.Version++
			}
		})
	}
}

// fill stores n turn items of other campaigns with BatchWriteItem, in key
// order (minidyn keeps its keys sorted on every insert; appending in order
// keeps that linear).
func fill(b *testing.B, s *Store, n int) {
	b.Helper()
	ctx := context.Background()
	reqs := make([]types.WriteRequest, 0, 25)
	flush := func() {
		for len(reqs) > 0 {
			out, err := s.db.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{RequestItems: map[string][]types.WriteRequest{s.table: reqs}})
			if err != nil {
				b.Fatalf("fill: %v", err)
			}
			reqs = append(reqs[:0], out.UnprocessedItems[s.table]...)
		}
	}
	for i := range n {
		camp := fmt.Sprintf("fill-%05d", i/100)
		it, err := withKey(campaignPK(camp), turnSK(i%100), campaign.Turn{ID: fmt.Sprint("t", i), CampaignID: camp,
			Sequence: i % 100, Action: "I search the room", Narration: "Dust, and a loose stone.", CreatedAt: t0})
		if err != nil {
			b.Fatal(err)
		}
		reqs = append(reqs, types.WriteRequest{PutRequest: &types.PutRequest{Item: it}})
		if len(reqs) == 25 {
			flush()
		}
	}
	flush()
}

// interloper is an API that, before the first transaction of each commit
// it is armed for, runs another append to the same campaign: the counter
// moves between the commit's read of it and its transaction.
type interloper struct {
	API
	store    *Store
	campaign string
	armed    atomic.Bool
	txs      atomic.Int64
}

func (i *interloper) TransactWriteItems(ctx context.Context, in *dynamodb.TransactWriteItemsInput, opts ...func(*dynamodb.Options)) (*dynamodb.TransactWriteItemsOutput, error) {
	i.txs.Add(1)
	if i.armed.CompareAndSwap(true, false) {
		if err := i.store.Commit(ctx, game.Tx{CampaignID: i.campaign, Events: []game.Event{{Data: []byte(`{"by":"interloper"}`)}}}); err != nil {
			return nil, fmt.Errorf("interloper: %w", err)
		}
	}
	return i.API.TransactWriteItems(ctx, in, opts...)
}

func TestAppendRetriesOnlyWhenTheCounterAloneMoved(t *testing.T) {
	s, _ := open(t)
	ctx := t.Context()
	c := testCampaign("camp-a")
	mustCommit(t, s, game.Tx{CampaignID: c.ID, Campaign: &c, Events: []game.Event{{Data: []byte(`{"n":1}`)}}})
	il := &interloper{API: s.db, store: New(s.db, s.table), campaign: c.ID}
	s.db = il

	t.Run("CounterMoved", func(t *testing.T) {
		il.armed.Store(true)
		il.txs.Store(0)
		evs := []game.Event{{Data: []byte(`{"n":2}`)}, {Data: []byte(`{"n":3}`)}}
		if err := s.Commit(ctx, game.Tx{CampaignID: c.ID, Events: evs}); err != nil {
			t.Fatalf("append: %v", err)
		}
		if evs[0].Seq != 3 || evs[1].Seq != 4 {
			t.Errorf("seqs %d, %d after the interloper's 2; want 3, 4", evs[0].Seq, evs[1].Seq)
		}
		if n := il.txs.Load(); n != 2 { // ours, lost to the interloper, and ours again
			t.Errorf("%d transactions, want 2", n)
		}
	})
	t.Run("OtherConditionFailed", func(t *testing.T) {
		il.armed.Store(true)
		il.txs.Store(0)
		stale := c
		stale.Version = 9
		err := s.Commit(ctx, game.Tx{CampaignID: c.ID, Campaign: &stale, Events: []game.Event{{Data: []byte(`{"n":"lost"}`)}}})
		if !fault.Is(err, fault.Conflict) {
			t.Fatalf("commit of a stale campaign: %v, want Conflict", err)
		}
		if n := il.txs.Load(); n != 1 { // no retry
			t.Errorf("%d transactions, want 1", n)
		}
	})
	evs, err := s.Events(ctx, c.ID, 0, 100)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for i, e := range evs {
		if e.Seq != int64(i+1) {
			t.Fatalf("the log has seq %d at place %d", e.Seq, i+1)
		}
		got = append(got, string(e.Data))
	}
	want := `{"n":1} {"by":"interloper"} {"n":2} {"n":3} {"by":"interloper"}`
	if strings.Join(got, " ") != want {
		t.Errorf("log %s, want %s", strings.Join(got, " "), want)
	}
}

func TestAppendLimits(t *testing.T) {
	s, table := open(t)
	ctx := t.Context()
	c := testCampaign("camp-a")
	mustCommit(t, s, game.Tx{CampaignID: c.ID, Campaign: &c})

	t.Run("LargeEventIsStoredCompressed", func(t *testing.T) {
		big := []byte(`{"type":"turn.committed","log":"` + strings.Repeat("The goblin swings and misses. ", 12000) + `"}`) // 360 KB
		evs := []game.Event{{Data: big, CreatedAt: time.Now()}}
		mustCommit(t, s, game.Tx{CampaignID: c.ID, Events: evs})
		got, err := s.Events(ctx, c.ID, evs[0].Seq-1, 1)
		if err != nil || len(got) != 1 || string(got[0].Data) != string(big) {
			t.Fatalf("read back %d events, %v; want the large one byte for byte", len(got), err)
		}
		out, err := s.db.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(table), Key: key(campaignPK(c.ID), eventSK(evs[0].Seq))})
		if err != nil || getS(out.Item, attrEventEnc) != encGzip {
			t.Fatalf("stored encoding %q, %v; want gzip", getS(out.Item, attrEventEnc), err)
		}
	})
	t.Run("EventLargerThanAnItemIsRefused", func(t *testing.T) {
		noise := make([]byte, 600<<10) // does not compress
		rand.NewChaCha8([32]byte{}).Read(noise)
		before := snapshotOf(t, s, c.ID).LastSeq
		err := s.Commit(ctx, game.Tx{CampaignID: c.ID, Events: []game.Event{{Data: []byte(`{}`)}, {Data: noise}}})
		if !fault.Is(err, fault.TooLarge) {
			t.Fatalf("an event larger than an item: %v, want TooLarge", err)
		}
		if after := snapshotOf(t, s, c.ID).LastSeq; after != before {
			t.Errorf("a refused append moved the counter from %d to %d", before, after)
		}
	})
	t.Run("EventsCountAgainstTheTransaction", func(t *testing.T) {
		evs := make([]game.Event, MaxTxItems) // and the counter: one too many
		for i := range evs {
			evs[i] = game.Event{Data: []byte(`{}`)}
		}
		if err := s.Commit(ctx, game.Tx{CampaignID: c.ID, Events: evs}); !fault.Is(err, fault.Invalid) {
			t.Fatalf("%d events in one commit: %v, want Invalid", len(evs), err)
		}
		if err := s.Commit(ctx, game.Tx{CampaignID: c.ID, Events: evs[1:]}); err != nil {
			t.Fatalf("%d events and the counter: %v", len(evs)-1, err)
		}
	})
}

func snapshotOf(t *testing.T, s *Store, id string) game.Snapshot {
	t.Helper()
	snap, err := s.Snapshot(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	return snap
}

// A server's claim carries the table's time-to-live attribute, in epoch
// seconds rounded up (DynamoDB deletes it, never before its expiry); a
// client's request carries none and stays.
func TestClaimsCarryTheTimeToLive(t *testing.T) {
	s, table := open(t)
	ctx := t.Context()
	expires := t0.Add(time.Hour) // t0 has a fraction of a second
	mustCommit(t, s, game.Tx{CampaignID: "camp-a", Request: &campaign.Request{RequestID: "connect-ticket:a", CreatedAt: t0, ExpiresAt: &expires}})
	mustCommit(t, s, game.Tx{CampaignID: "camp-a", Request: &campaign.Request{RequestID: "r1", TurnID: "t1", CreatedAt: t0}})
	ttl := func(id string) (string, bool) {
		out, err := s.db.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(table), Key: key(campaignPK("camp-a"), requestSK(id))})
		if err != nil || len(out.Item) == 0 {
			t.Fatalf("get %s: %v", id, err)
		}
		n, ok := out.Item[AttrTTL].(*types.AttributeValueMemberN)
		if !ok {
			return "", false
		}
		return n.Value, true
	}
	if got, ok := ttl("connect-ticket:a"); !ok || got != fmt.Sprint(expires.Unix()+1) {
		t.Errorf("claim's %s = %q, want %d", AttrTTL, got, expires.Unix()+1)
	}
	if got, ok := ttl("r1"); ok {
		t.Errorf("client request carries %s = %s", AttrTTL, got)
	}
}
