package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"chronicler/shared/fault"
	"chronicler/shared/game"
)

var _ game.Store = (*DB)(nil)

// DB is game.Store on one SQLite file. It is safe for concurrent use.
type DB struct {
	// writeDB has a single connection: SQLite admits one writer at a time,
	// and queueing writers in Go is cheaper and fairer than letting them
	// spin on SQLITE_BUSY. Only the writer goroutine uses it (see write).
	// Its transactions begin IMMEDIATE, so a transaction that reads before
	// it writes never has to upgrade its lock (and deadlock).
	writeDB *sql.DB
	// read runs queries beside the writer: in WAL mode readers see the last
	// committed state and never wait for the writer.
	read *sql.DB

	// writeStmts and readStmts keep the statements each side runs
	// prepared.
	writeStmts *stmtCache
	readStmts  *stmtCache

	queue      queue
	writerDone chan struct{}
	closeOnce  sync.Once
	writes     atomic.Int64
	syncs      atomic.Int64

	conns connCache

	// clock decides which request records have expired (time.Now unless
	// SetNow says otherwise).
	clock atomic.Pointer[func() time.Time]
}

// SetNow sets the clock that decides which request records have expired.
func (db *DB) SetNow(now func() time.Time) { db.clock.Store(&now) }

func (db *DB) now() time.Time {
	if f := db.clock.Load(); f != nil {
		return (*f)()
	}
	return time.Now()
}

// busyTimeoutMS is how long a connection waits for a lock held by another
// process on the same file before failing as Unavailable.
const busyTimeoutMS = 5000

// Open opens (creating if needed) the store in the SQLite file at path and
// brings its schema up to date. The path must name a file: the reader and the
// writer share the database through it, so ":memory:" cannot work. One
// process writes the file at a time: each campaign's connection list is
// kept in memory between the commits that change it.
func Open(path string) (*DB, error) {
	const op = "open sqlite store"
	if path == "" || path == ":memory:" || strings.HasPrefix(path, "file:") || strings.ContainsAny(path, "?#") {
		return nil, fault.Field(op, "path", "must be a plain file path")
	}
	// WAL lets readers run while a turn commits; synchronous=FULL makes a
	// commit durable when it returns (a power cut loses no turn).
	common := fmt.Sprintf("_pragma=busy_timeout(%d)&_pragma=foreign_keys(1)", busyTimeoutMS)
	write, err := sql.Open("sqlite", path+"?"+common+"&_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)&_txlock=immediate")
	if err != nil {
		return nil, fault.Wrap(fault.Internal, op, err)
	}
	write.SetMaxOpenConns(1)
	if err := migrate(context.Background(), write); err != nil {
		write.Close()
		return nil, fault.Wrap(fault.Internal, op, fmt.Errorf("%s: %w", path, err))
	}
	read, err := sql.Open("sqlite", path+"?"+common+"&_query_only=1")
	if err != nil {
		write.Close()
		return nil, fault.Wrap(fault.Internal, op, err)
	}
	n := max(4, runtime.GOMAXPROCS(0))
	read.SetMaxOpenConns(n)
	read.SetMaxIdleConns(n)
	db := &DB{writeDB: write, read: read, writeStmts: newStmtCache(write), readStmts: newStmtCache(read),
		writerDone: make(chan struct{})}
	db.queue.wake = make(chan struct{}, 1)
	go db.writeLoop()
	return db, nil
}

// Close finishes the writes already asked for, then closes the file. Calls
// after Close fail.
func (db *DB) Close() error {
	db.closeOnce.Do(db.queue.close)
	<-db.writerDone
	return errors.Join(db.readStmts.close(), db.writeStmts.close(), db.read.Close(), db.writeDB.Close())
}

// storeErr gives an error from the database a fault kind: Unavailable when
// another process kept the file locked past the busy timeout (worth a retry),
// Internal otherwise. what says which step failed.
func storeErr(op, what string, err error) error {
	err = fmt.Errorf("%s: %w", what, err)
	var se *sqlite.Error
	if errors.As(err, &se) {
		switch se.Code() & 0xff { // the primary code of an extended one
		case sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED:
			return fault.Wrap(fault.Unavailable, op, err)
		}
	}
	return fault.Wrap(fault.Internal, op, err)
}
