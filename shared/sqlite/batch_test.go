package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/game"
)

// holdWriter keeps the writer busy with a write that waits for release, so
// that the writes queued meanwhile make up the next batch, in the order
// they were queued.
func holdWriter(t *testing.T, db *DB) (release func()) {
	t.Helper()
	started, hold, done := make(chan struct{}), make(chan struct{}), make(chan error, 1)
	go func() {
		done <- db.write(context.Background(), "hold the writer", func(context.Context, *sql.Tx) error {
			close(started)
			<-hold
			return nil
		})
	}()
	<-started
	var once sync.Once
	release = func() {
		once.Do(func() {
			close(hold)
			if err := <-done; err != nil {
				t.Errorf("hold: %v", err)
			}
		})
	}
	t.Cleanup(release)
	return release
}

// queueWrite starts a write in its own goroutine and waits until it is
// queued behind the others, so that the order of queueWrite calls is the
// order of the queue.
func queueWrite(t *testing.T, db *DB, write func() error) <-chan error {
	t.Helper()
	db.queue.mu.Lock()
	n := len(db.queue.pending)
	db.queue.mu.Unlock()
	out := make(chan error, 1)
	go func() { out <- write() }()
	deadline := time.Now().Add(10 * time.Second)
	for {
		db.queue.mu.Lock()
		m := len(db.queue.pending)
		db.queue.mu.Unlock()
		if m > n {
			return out
		}
		if time.Now().After(deadline) {
			t.Fatal("the write was never queued")
		}
		time.Sleep(100 * time.Microsecond)
	}
}

func recv(t *testing.T, what string, c <-chan error) error {
	t.Helper()
	select {
	case err := <-c:
		return err
	case <-time.After(10 * time.Second):
		t.Fatalf("%s: no answer", what)
		return nil
	}
}

func turnTx(id string, seq int) game.Tx {
	turn := campaign.Turn{ID: fmt.Sprintf("%s-turn-%d", id, seq), CampaignID: id, Sequence: seq, Action: "I listen", CreatedAt: t0}
	st := campaign.State{CampaignID: id, TurnCount: seq, UpdatedAt: t0}
	return game.Tx{CampaignID: id, Turn: &turn, State: &st, ExpectTurnCount: seq - 1}
}

// syncsDuring reports how many SQL transactions committed while f ran.
func syncsDuring(db *DB, f func()) int64 {
	before := db.WriteStats().Syncs
	f()
	return db.WriteStats().Syncs - before
}

func TestBatchConflictFailsOnlyItsOwnWrite(t *testing.T) {
	db, _ := openTemp(t)
	for _, id := range []string{"camp-a", "camp-b", "camp-c"} {
		createCampaign(t, db, id)
	}
	if err := db.Commit(t.Context(), turnTx("camp-b", 1)); err != nil {
		t.Fatal(err)
	}
	var a, b, c error
	syncs := syncsDuring(db, func() {
		release := holdWriter(t, db)
		ca := queueWrite(t, db, func() error { return db.Commit(t.Context(), turnTx("camp-a", 1)) })
		// camp-b's character is written before its turn is found taken:
		// the conflict must undo the character too.
		stale := turnTx("camp-b", 1)
		stale.Characters = []campaign.Character{{ID: "c9", Name: "Ghost"}}
		cb := queueWrite(t, db, func() error { return db.Commit(t.Context(), stale) })
		cc := queueWrite(t, db, func() error { return db.Commit(t.Context(), turnTx("camp-c", 1)) })
		release()
		a, b, c = recv(t, "camp-a", ca), recv(t, "camp-b", cb), recv(t, "camp-c", cc)
	})
	if a != nil || c != nil {
		t.Fatalf("batch-mates of a conflict: camp-a %v, camp-c %v; want both committed", a, c)
	}
	if !fault.Is(b, fault.Conflict) {
		t.Fatalf("camp-b: got %v, want Conflict", b)
	}
	if syncs != 2 {
		t.Errorf("%d syncs, want 2: the hold, then the three writes in one batch", syncs)
	}
	for id, want := range map[string]int{"camp-a": 1, "camp-b": 1, "camp-c": 1} {
		ts, err := db.Turns(t.Context(), id, 0, 10)
		if err != nil || len(ts) != want {
			t.Errorf("%s: %d turns, %v; want %d", id, len(ts), err, want)
		}
	}
	snap, err := db.Snapshot(t.Context(), "camp-b")
	if err != nil || len(snap.Characters) != 0 {
		t.Fatalf("camp-b characters %+v, %v: the conflicting write left a row", snap.Characters, err)
	}
}

func TestBatchAppliesOneCampaignInArrivalOrder(t *testing.T) {
	db, _ := openTemp(t)
	createCampaign(t, db, "camp-a")
	ch := campaign.Character{ID: "c1", Name: "Aria", HP: 10}
	hurt := ch
	hurt.Version, hurt.HP = 1, 3 // only right after the create
	var errs [3]error
	syncs := syncsDuring(db, func() {
		release := holdWriter(t, db)
		first := queueWrite(t, db, func() error {
			return db.Commit(t.Context(), game.Tx{CampaignID: "camp-a", Characters: []campaign.Character{ch}})
		})
		second := queueWrite(t, db, func() error {
			return db.Commit(t.Context(), game.Tx{CampaignID: "camp-a", Characters: []campaign.Character{hurt}})
		})
		seqs := queueWrite(t, db, func() error {
			return db.Commit(t.Context(), game.Tx{CampaignID: "camp-a", Events: []game.Event{{Data: []byte(`{}`)}, {Data: []byte(`{}`)}}})
		})
		release()
		errs = [3]error{recv(t, "create", first), recv(t, "update", second), recv(t, "append", seqs)}
	})
	for i, err := range errs {
		if err != nil {
			t.Fatalf("write %d: %v", i+1, err)
		}
	}
	if syncs != 2 {
		t.Errorf("%d syncs, want 2: the hold, then the writes in one batch", syncs)
	}
	snap, err := db.Snapshot(t.Context(), "camp-a")
	if err != nil || len(snap.Characters) != 1 || snap.Characters[0].HP != 3 || snap.Characters[0].Version != 2 {
		t.Fatalf("characters %+v, %v; want c1 at version 2 with 3 HP", snap.Characters, err)
	}
	if snap.LastSeq != 2 {
		t.Fatalf("last seq %d, want 2", snap.LastSeq)
	}
}

func TestWriteCancelledWhileQueuedNeverRuns(t *testing.T) {
	db, _ := openTemp(t)
	createCampaign(t, db, "camp-a")
	release := holdWriter(t, db)
	ctx, cancel := context.WithCancel(t.Context())
	doomed := queueWrite(t, db, func() error {
		return db.Commit(ctx, game.Tx{CampaignID: "camp-a", Characters: []campaign.Character{{ID: "c1"}}})
	})
	other := queueWrite(t, db, func() error { return db.Commit(t.Context(), turnTx("camp-a", 1)) })
	cancel()
	// The caller hears at once, with the writer still busy.
	if err := recv(t, "cancelled write", doomed); !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
	release()
	if err := recv(t, "batch-mate", other); err != nil {
		t.Fatalf("batch-mate of a cancelled write: %v", err)
	}
	snap, err := db.Snapshot(t.Context(), "camp-a")
	if err != nil || len(snap.Characters) != 0 || snap.State.TurnCount != 1 {
		t.Fatalf("snapshot %+v, %v: want the turn and no character", snap, err)
	}
}

func TestWriteCancelledWhileRunningCommits(t *testing.T) {
	db, _ := openTemp(t)
	createCampaign(t, db, "camp-a")
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	err := db.write(ctx, "write c1", func(wctx context.Context, tx *sql.Tx) error {
		cancel() // the caller gives up while its statements run
		w := &writer{ctx: wctx, tx: tx, op: "write c1", campaignID: "camp-a"}
		return w.character(campaign.Character{ID: "c1", Name: "Aria"})
	})
	if err != nil {
		t.Fatalf("got %v; want the write committed, and said so", err)
	}
	snap, err := db.Snapshot(t.Context(), "camp-a")
	if err != nil || len(snap.Characters) != 1 {
		t.Fatalf("characters %+v, %v; want c1", snap.Characters, err)
	}
}

func TestBatchBrokenByOneWriteRunsTheOthersAgain(t *testing.T) {
	db, _ := openTemp(t)
	for _, id := range []string{"camp-a", "camp-b"} {
		createCampaign(t, db, id)
	}
	release := holdWriter(t, db)
	a := queueWrite(t, db, func() error { return db.Commit(t.Context(), turnTx("camp-a", 1)) })
	// As an I/O error would, this write ends the SQL transaction under its
	// batch-mates: camp-a's turn, already written, goes with it.
	breaker := queueWrite(t, db, func() error {
		return db.write(t.Context(), "break the batch", func(ctx context.Context, tx *sql.Tx) error {
			_, err := tx.ExecContext(ctx, `ROLLBACK`)
			return err
		})
	})
	b := queueWrite(t, db, func() error { return db.Commit(t.Context(), turnTx("camp-b", 1)) })
	release()
	if err := recv(t, "breaker", breaker); err == nil {
		t.Fatal("the write that broke its batch succeeded")
	}
	for id, c := range map[string]<-chan error{"camp-a": a, "camp-b": b} {
		if err := recv(t, id, c); err != nil {
			t.Fatalf("%s: %v; want it run again and committed", id, err)
		}
		if ts, err := db.Turns(t.Context(), id, 0, 10); err != nil || len(ts) != 1 {
			t.Fatalf("%s: turns %+v, %v; want one", id, ts, err)
		}
	}
}

func TestPanicInWriteReachesItsCaller(t *testing.T) {
	db, _ := openTemp(t)
	createCampaign(t, db, "camp-a")
	release := holdWriter(t, db)
	panicked := make(chan any, 1)
	boom := queueWrite(t, db, func() error {
		defer func() { panicked <- recover() }()
		return db.write(t.Context(), "panic", func(context.Context, *sql.Tx) error { panic("boom") })
	})
	other := queueWrite(t, db, func() error { return db.Commit(t.Context(), turnTx("camp-a", 1)) })
	release()
	recv(t, "panicking write", boom)
	if p := <-panicked; p != "boom" {
		t.Fatalf("caller recovered %v, want boom", p)
	}
	if err := recv(t, "batch-mate", other); err != nil {
		t.Fatalf("batch-mate of a panic: %v", err)
	}
}

func TestManyCampaignsCommitAtOnce(t *testing.T) {
	db, _ := openTemp(t)
	const campaigns, turns = 40, 10
	for i := range campaigns {
		createCampaign(t, db, fmt.Sprintf("camp-%02d", i))
	}
	before := db.WriteStats()
	var wg sync.WaitGroup
	errs := make(chan error, campaigns)
	for i := range campaigns {
		wg.Go(func() {
			id := fmt.Sprintf("camp-%02d", i)
			for seq := 1; seq <= turns; seq++ {
				if err := db.Commit(t.Context(), turnTx(id, seq)); err != nil {
					errs <- fmt.Errorf("%s turn %d: %w", id, seq, err)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	for i := range campaigns {
		id := fmt.Sprintf("camp-%02d", i)
		if ts, err := db.Turns(t.Context(), id, 0, 100); err != nil || len(ts) != turns {
			t.Errorf("%s: %d turns, %v; want %d", id, len(ts), err, turns)
		}
	}
	after := db.WriteStats()
	t.Logf("%d writes in %d transactions", after.Writes-before.Writes, after.Syncs-before.Syncs)
	if w := after.Writes - before.Writes; w != campaigns*turns {
		t.Errorf("%d writes counted, want %d", w, campaigns*turns)
	}
}

func TestWriteAfterCloseIsUnavailable(t *testing.T) {
	db, _ := openTemp(t)
	createCampaign(t, db, "camp-a")
	db.Close()
	if err := db.Commit(t.Context(), turnTx("camp-a", 1)); !fault.Is(err, fault.Unavailable) {
		t.Fatalf("got %v, want Unavailable", err)
	}
}

// TestStatementsArePrepared checks that what the writer and a snapshot
// run is prepared once they have run it: statements first met inside a
// transaction are prepared after it, when a connection is free.
func TestStatementsArePrepared(t *testing.T) {
	db, _ := openTemp(t)
	createCampaign(t, db, "camp-a")
	for seq := 1; seq <= 2; seq++ {
		if err := db.Commit(t.Context(), turnTx("camp-a", seq)); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Snapshot(t.Context(), "camp-a"); err != nil {
			t.Fatal(err)
		}
	}
	for name, c := range map[string]*stmtCache{"writer": db.writeStmts, "reader": db.readStmts} {
		c.mu.Lock()
		n := len(c.m)
		c.mu.Unlock()
		if n < 3 {
			t.Errorf("%s: %d statements prepared, want those of a commit or a snapshot", name, n)
		}
	}
}
