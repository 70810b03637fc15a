package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"chronicler/shared/fault"
)

// Group commit. SQLite admits one writer, and with synchronous=FULL every
// COMMIT waits for the disk; a turn writes several times, so one
// transaction per write caps the whole server at what one disk sync after
// another allows, however many campaigns play. Instead one goroutine owns
// the write connection and runs the writes of many callers in one SQL
// transaction, each inside its own SAVEPOINT, then commits them with one
// sync. A write whose condition fails (a Conflict) rolls back to its
// savepoint, so it undoes only its own rows and only its caller hears of
// it. Every caller hears only after the batch's COMMIT returned, that is
// after the sync: a write reported done is on disk, as before.

const (
	// maxBatch bounds the writes in one transaction, so a crowd of writers
	// cannot make one batch, and the last caller in it, wait for long.
	maxBatch = 64
	// maxWait is how long the writer holds a batch open for company after
	// taking its first writes, when the last batch had company too: a lone
	// writer (one table playing) never waits. It trades latency for CPU.
	// Measured with the load benchmark on 2 cores, 100 tables flat out: 0
	// gave about 8 syncs a turn and 117-129 turns/s, 1 ms 4 and 128, 2 ms
	// 2.3 and 133-143; paced at 200 turns/s (more than the machine
	// carries) 0 fell to 62 turns/s where 2 ms held 125. The price: paced
	// at 100 turns/s, which the machine carries, a turn's p50 goes from
	// 16 to 44 ms (p99 44 to 62), a wait for each of its ten writes.
	maxWait = 2 * time.Millisecond
)

// request is one caller's write, queued for the writer.
type request struct {
	ctx   context.Context
	op    string
	fn    func(context.Context, *sql.Tx) error
	state atomic.Int32 // queued, then taken by the writer or abandoned by the caller
	done  chan result  // receives once
}

const (
	queued int32 = iota
	taken
	abandoned
)

type result struct {
	err      error
	panicked any // a panic in fn, raised again in the caller's goroutine
}

func (r result) ok() bool { return r.err == nil && r.panicked == nil }

// queue holds the writes waiting for the writer, in arrival order.
type queue struct {
	mu      sync.Mutex
	pending []*request
	closed  bool
	wake    chan struct{} // holds a signal when pending may be non-empty
}

// WriteStats counts the store's writes since Open.
type WriteStats struct {
	// Writes is the write calls committed (Commit, Import, ReserveSeqs,
	// PutEvents).
	Writes int64
	// Syncs is the SQL transactions that committed them: one disk sync each.
	Syncs int64
}

// WriteStats reports how many writes the store committed, and in how many
// transactions.
func (db *DB) WriteStats() WriteStats {
	return WriteStats{Writes: db.writes.Load(), Syncs: db.syncs.Load()}
}

// write runs fn in a transaction of the writer and returns when that
// transaction committed (fn's writes are on disk) or failed. fn's error
// undoes fn's writes alone and is returned as it is; a failure of the
// transaction itself is an error of kind Unavailable or Internal for op.
//
// fn gets a context that carries ctx's values but is never cancelled: a
// statement interrupted inside a transaction rolls back the whole of it,
// and so the writes of every other caller in the batch. If ctx ends before
// the writer took fn, write returns ctx's error (wrapped) and fn never
// runs; after, write waits for the outcome, so that a caller is never told
// "failed" about a write that committed.
//
// fn may run more than once (when a batch-mate breaks the transaction, the
// batch is run again without it), so it must do nothing outside tx.
func (db *DB) write(ctx context.Context, op string, fn func(context.Context, *sql.Tx) error) error {
	if err := ctx.Err(); err != nil {
		return storeErr(op, "before writing", err)
	}
	r := &request{ctx: ctx, op: op, fn: fn, done: make(chan result, 1)}
	q := &db.queue
	q.mu.Lock()
	if q.closed {
		q.mu.Unlock()
		return fault.E(fault.Unavailable, op, "the store is closed")
	}
	q.pending = append(q.pending, r)
	q.mu.Unlock()
	select {
	case q.wake <- struct{}{}:
	default:
	}
	var res result
	select {
	case res = <-r.done:
	case <-ctx.Done():
		if r.state.CompareAndSwap(queued, abandoned) {
			return storeErr(op, "wait for the writer", ctx.Err())
		}
		res = <-r.done // the writer runs it: wait for the truth
	}
	if res.panicked != nil {
		panic(res.panicked)
	}
	return res.err
}

// writeLoop is the writer: it runs until Close, taking the writes queued
// so far (up to maxBatch) as one batch.
func (db *DB) writeLoop() {
	defer close(db.writerDone)
	q := &db.queue
	company := false
	for {
		<-q.wake
		for {
			batch, closed := q.take(maxBatch)
			if len(batch) == 0 {
				if closed {
					return
				}
				break
			}
			if company && len(batch) < maxBatch {
				time.Sleep(maxWait)
				more, _ := q.take(maxBatch - len(batch))
				batch = append(batch, more...)
			}
			company = len(batch) > 1
			db.runBatch(batch)
		}
	}
}

// take removes up to n of the oldest pending writes.
func (q *queue) take(n int) ([]*request, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	n = min(n, len(q.pending))
	batch := make([]*request, n)
	copy(batch, q.pending)
	q.pending = append(q.pending[:0], q.pending[n:]...)
	return batch, q.closed
}

func (q *queue) close() {
	q.mu.Lock()
	q.closed = true
	q.mu.Unlock()
	select {
	case q.wake <- struct{}{}:
	default:
	}
}

// runBatch runs the batch in one transaction and tells every caller the
// outcome. If a write breaks the transaction (SQLite rolled all of it back,
// as it does after an I/O error), its caller gets the error and the others
// run again in a new transaction.
func (db *DB) runBatch(batch []*request) {
	for len(batch) > 0 {
		live := batch[:0:0]
		for _, r := range batch {
			if r.state.Load() == taken || db.claim(r) {
				live = append(live, r)
			}
		}
		batch = db.runOnce(live)
	}
}

// claim takes a queued write for the writer, or finishes it with its
// context's error if that ended first.
func (db *DB) claim(r *request) bool {
	if err := r.ctx.Err(); err != nil {
		if r.state.CompareAndSwap(queued, abandoned) {
			r.done <- result{err: storeErr(r.op, "wait for the writer", err)}
		}
		return false
	}
	return r.state.CompareAndSwap(queued, taken)
}

// runOnce runs the claimed writes in one transaction and returns those to
// run again.
func (db *DB) runOnce(batch []*request) (again []*request) {
	if len(batch) == 0 {
		return nil
	}
	ctx := context.Background() // the batch's own: no caller may cancel it
	db.writeStmts.prepareMissed(ctx)
	tx, err := db.writeDB.BeginTx(ctx, nil)
	if err != nil {
		for _, r := range batch {
			r.done <- result{err: storeErr(r.op, "begin", err)}
		}
		return nil
	}
	// A lone write needs no savepoint: the transaction is all its own.
	solo := len(batch) == 1
	q := db.writeStmts.on(tx)
	results := make([]result, len(batch))
	ok := 0
	for i, r := range batch {
		if !solo {
			if _, err := q.ExecContext(ctx, `SAVEPOINT w`); err != nil {
				return db.broken(tx, batch, i, result{err: storeErr(r.op, "savepoint", err)})
			}
		}
		results[i] = call(r, tx)
		if results[i].ok() {
			ok++
			if !solo {
				if _, err := q.ExecContext(ctx, `RELEASE w`); err != nil {
					return db.broken(tx, batch, i, result{err: storeErr(r.op, "release savepoint", err)})
				}
			}
			continue
		}
		if solo {
			break
		}
		if _, err := q.ExecContext(ctx, `ROLLBACK TO w`); err != nil {
			return db.broken(tx, batch, i, results[i])
		}
		if _, err := q.ExecContext(ctx, `RELEASE w`); err != nil {
			return db.broken(tx, batch, i, results[i])
		}
	}
	if ok == 0 {
		tx.Rollback()
	} else if err := tx.Commit(); err != nil {
		for i, r := range batch {
			if results[i].ok() {
				results[i].err = storeErr(r.op, "commit", err)
			}
		}
	} else {
		db.syncs.Add(1)
		db.writes.Add(int64(ok))
	}
	for i, r := range batch {
		r.done <- results[i]
	}
	return nil
}

// call runs r's function, turning a panic into a result for its caller.
func call(r *request, tx *sql.Tx) (res result) {
	defer func() {
		if p := recover(); p != nil {
			res = result{panicked: p}
		}
	}()
	err := r.fn(context.WithoutCancel(r.ctx), tx)
	return result{err: err}
}

// broken ends a transaction SQLite no longer holds (a savepoint of it
// cannot be released or rolled back to): batch[i], whose write broke it,
// gets res, and every other write of the batch is to run again.
func (db *DB) broken(tx *sql.Tx, batch []*request, i int, res result) []*request {
	tx.Rollback() // most likely "no transaction is active": nothing to undo
	if res.ok() {
		res.err = fault.Wrap(fault.Internal, batch[i].op, errors.New("the transaction ended inside a write"))
	}
	batch[i].done <- res
	return append(append([]*request(nil), batch[:i]...), batch[i+1:]...)
}
