package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"sync"
)

// stmtCache prepares each query once for one *sql.DB. SQLite parses and
// plans a statement in about the time it takes to run one of ours, and the
// store runs the same few dozen statements all the time; database/sql keeps
// a prepared statement on each connection that ran it and reuses it there,
// in a transaction too.
//
// Preparing takes a connection of the pool, which a caller inside a
// transaction must not wait for (the writer has one connection, and its
// transaction holds it): a query first met in a transaction runs
// unprepared and is prepared by prepareMissed, called once the
// transaction is over.
type stmtCache struct {
	db     *sql.DB
	mu     sync.Mutex
	m      map[string]*sql.Stmt
	missed map[string]bool
}

func newStmtCache(db *sql.DB) *stmtCache {
	return &stmtCache{db: db, m: map[string]*sql.Stmt{}, missed: map[string]bool{}}
}

var errNotPrepared = errors.New("not prepared yet")

// stmt returns query prepared, bound to tx if tx is not nil, or
// errNotPrepared.
func (c *stmtCache) stmt(ctx context.Context, tx *sql.Tx, query string) (*sql.Stmt, error) {
	c.mu.Lock()
	s, ok := c.m[query]
	if !ok && tx != nil {
		c.missed[query] = true
	}
	c.mu.Unlock()
	switch {
	case ok && tx != nil:
		return tx.StmtContext(ctx, s), nil
	case ok:
		return s, nil
	case tx != nil:
		return nil, errNotPrepared
	}
	if err := c.prepare(ctx, query); err != nil {
		return nil, err
	}
	return c.stmt(ctx, nil, query)
}

func (c *stmtCache) prepare(ctx context.Context, query string) error {
	s, err := c.db.PrepareContext(ctx, query)
	if err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.m[query]; ok {
		return s.Close() // prepared twice at once: keep the first
	}
	c.m[query] = s
	return nil
}

// prepareMissed prepares the queries met in transactions so far. The
// caller must hold no connection of c's pool.
func (c *stmtCache) prepareMissed(ctx context.Context) {
	c.mu.Lock()
	if len(c.missed) == 0 {
		c.mu.Unlock()
		return
	}
	missed := c.missed
	c.missed = map[string]bool{}
	c.mu.Unlock()
	for q := range missed {
		_ = c.prepare(ctx, q) // a query that cannot be prepared fails where it runs
	}
}

func (c *stmtCache) close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	var errs []error
	for q, s := range c.m {
		errs = append(errs, s.Close())
		delete(c.m, q)
	}
	return errors.Join(errs...)
}

// on returns a querier that runs its queries as c's prepared statements,
// inside tx if tx is not nil.
func (c *stmtCache) on(tx *sql.Tx) prepared { return prepared{c: c, tx: tx} }

// prepared is a querier (and an executor) over a stmtCache. A query that
// cannot be prepared runs unprepared, so that it fails as it would have.
type prepared struct {
	c  *stmtCache
	tx *sql.Tx
}

func (p prepared) plain() interface {
	querier
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
} {
	if p.tx != nil {
		return p.tx
	}
	return p.c.db
}

func (p prepared) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	s, err := p.c.stmt(ctx, p.tx, query)
	if err != nil {
		return p.plain().QueryContext(ctx, query, args...)
	}
	return s.QueryContext(ctx, args...)
}

func (p prepared) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	s, err := p.c.stmt(ctx, p.tx, query)
	if err != nil {
		return p.plain().QueryRowContext(ctx, query, args...)
	}
	return s.QueryRowContext(ctx, args...)
}

func (p prepared) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	s, err := p.c.stmt(ctx, p.tx, query)
	if err != nil {
		return p.plain().ExecContext(ctx, query, args...)
	}
	return s.ExecContext(ctx, args...)
}
