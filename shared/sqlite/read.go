package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/game"
)

// querier is a *sql.DB or a *sql.Tx, or their prepared statements.
type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// reads runs queries outside a transaction, as prepared statements.
func (db *DB) reads() querier { return db.readStmts.on(nil) }

// queryAll runs query and scans every row with scan.
func queryAll[T any](ctx context.Context, q querier, scan func(scanner) (T, error), query string, args ...any) ([]T, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// queryOne runs a query for one row; no row is NotFound, saying missing.
func queryOne[T any](ctx context.Context, q querier, op, missing string, scan func(scanner) (T, error), query string, args ...any) (T, error) {
	v, err := scan(q.QueryRowContext(ctx, query, args...))
	if errors.Is(err, sql.ErrNoRows) {
		return v, fault.E(fault.NotFound, op, "%s", missing)
	}
	if err != nil {
		return v, storeErr(op, "query", err)
	}
	return v, nil
}

func validLimit(op string, limit int) error {
	if limit < 1 {
		return fault.Field(op, "limit", "must be 1 or more")
	}
	return nil
}

// Snapshot reads the campaign's decision-making state in one read
// transaction, so every part is of the same committed moment. See game.Store.
func (db *DB) Snapshot(ctx context.Context, campaignID string) (game.Snapshot, error) {
	op := "read snapshot of campaign " + campaignID
	defer db.readStmts.prepareMissed(ctx) // after the Rollback, with no connection held
	sqlTx, err := db.read.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return game.Snapshot{}, storeErr(op, "begin", err)
	}
	defer sqlTx.Rollback()
	tx := db.readStmts.on(sqlTx)

	var snap game.Snapshot
	snap.Campaign, err = queryOne(ctx, tx, op, "no such campaign", func(s scanner) (campaign.Campaign, error) {
		return scanCampaignAnd(s, &snap.LastSeq)
	}, `SELECT `+campaignColumns+`, last_seq FROM campaigns WHERE id = ?`, campaignID)
	if err != nil {
		return game.Snapshot{}, err
	}
	// A campaign created without its state reads as the zero state.
	snap.State, err = queryOne(ctx, tx, op, "", scanData[campaign.State], `SELECT data FROM states WHERE campaign_id = ?`, campaignID)
	if err != nil && !fault.Is(err, fault.NotFound) {
		return game.Snapshot{}, err
	}
	lease, err := queryOne(ctx, tx, op, "", scanData[campaign.Lease], `SELECT data FROM leases WHERE campaign_id = ?`, campaignID)
	switch {
	case err == nil:
		snap.Lease = &lease
	case !fault.Is(err, fault.NotFound):
		return game.Snapshot{}, err
	}
	if snap.Characters, err = queryAll(ctx, tx, scanCharacter,
		`SELECT data, version FROM characters WHERE campaign_id = ? ORDER BY id`, campaignID); err != nil {
		return game.Snapshot{}, storeErr(op, "read characters", err)
	}
	if snap.Members, err = queryAll(ctx, tx, scanData[campaign.Member],
		`SELECT data FROM members WHERE campaign_id = ? ORDER BY player_id`, campaignID); err != nil {
		return game.Snapshot{}, storeErr(op, "read members", err)
	}
	if snap.Sessions, err = queryAll(ctx, tx, scanSession,
		`SELECT data, version FROM sessions WHERE campaign_id = ? ORDER BY started_at, id`, campaignID); err != nil {
		return game.Snapshot{}, storeErr(op, "read sessions", err)
	}
	if snap.Connections, err = queryAll(ctx, tx, scanData[campaign.Connection],
		`SELECT data FROM connections WHERE campaign_id = ? ORDER BY id`, campaignID); err != nil {
		return game.Snapshot{}, storeErr(op, "read connections", err)
	}
	// Only the encounters under way: a finished one is history, read by
	// Encounters.
	if snap.Encounters, err = queryAll(ctx, tx, scanEncounter,
		`SELECT data, version FROM encounters WHERE campaign_id = ? AND json_extract(data, '$.status') = ? ORDER BY id`,
		campaignID, campaign.EncounterActive); err != nil {
		return game.Snapshot{}, storeErr(op, "read encounters", err)
	}
	return snap, nil
}

// Encounters lists every encounter of the campaign, under way or
// finished, by id. See game.Store.
func (db *DB) Encounters(ctx context.Context, campaignID string) ([]campaign.EncounterRecord, error) {
	recs, err := queryAll(ctx, db.reads(), scanEncounter,
		`SELECT data, version FROM encounters WHERE campaign_id = ? ORDER BY id`, campaignID)
	if err != nil {
		return nil, storeErr("list encounters of campaign "+campaignID, "read encounters", err)
	}
	if recs == nil {
		recs = []campaign.EncounterRecord{}
	}
	return recs, nil
}

// LastSeq reads the campaign's last event seq alone. See game.Store.
func (db *DB) LastSeq(ctx context.Context, campaignID string) (int64, error) {
	last, err := queryOne(ctx, db.reads(), "read last seq", "", func(s scanner) (int64, error) {
		var n int64
		err := s.Scan(&n)
		return n, err
	}, `SELECT last_seq FROM campaigns WHERE id = ?`, campaignID)
	if fault.Is(err, fault.NotFound) {
		return 0, nil
	}
	return last, err
}

// Memory reads the campaign's narrative memory. See game.Store.
func (db *DB) Memory(ctx context.Context, campaignID string) ([]byte, error) {
	var data []byte
	err := db.reads().QueryRowContext(ctx, `SELECT data FROM memories WHERE campaign_id = ?`, campaignID).Scan(&data)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fault.E(fault.NotFound, "read memory", "no memory stored yet")
	}
	if err != nil {
		return nil, storeErr("read memory of campaign "+campaignID, "query", err)
	}
	return data, nil
}

// Campaign reads the campaign's meta. See game.Store.
func (db *DB) Campaign(ctx context.Context, campaignID string) (campaign.Campaign, error) {
	return queryOne(ctx, db.reads(), "read campaign "+campaignID, "no such campaign", scanCampaign,
		`SELECT `+campaignColumns+` FROM campaigns WHERE id = ?`, campaignID)
}

// The two list queries, named so that a test can check their plans.
const (
	campaignsOfQuery = `SELECT c.data, c.version, c.invite_code
		FROM members m JOIN campaigns c ON c.id = m.campaign_id
		WHERE m.player_id = ?
		ORDER BY c.last_played_at DESC, c.id`
	// The literal IN repeats the WHERE of the partial index
	// campaigns_by_status, which is what lets SQLite use it.
	campaignsByStatusQuery = `SELECT ` + campaignColumns + ` FROM campaigns
		WHERE status = ? AND status IN ('active', 'paused') AND last_played_at < ?
		ORDER BY last_played_at, id
		LIMIT ?`
)

// CampaignsOf lists player's campaigns, newest played first. See game.Store.
func (db *DB) CampaignsOf(ctx context.Context, playerID string) ([]campaign.Campaign, error) {
	cs, err := queryAll(ctx, db.reads(), scanCampaign, campaignsOfQuery, playerID)
	if err != nil {
		return nil, storeErr("list campaigns of player "+playerID, "query", err)
	}
	return cs, nil
}

// CampaignsByStatus lists Active or Paused campaigns played before the given
// time, oldest first, through the partial index campaigns_by_status; any
// other status finds nothing, as DynamoDB's sparse index does. See
// game.Store.
func (db *DB) CampaignsByStatus(ctx context.Context, s campaign.Status, playedBefore time.Time, limit int) ([]campaign.Campaign, error) {
	op := fmt.Sprintf("list %s campaigns", s)
	if err := validLimit(op, limit); err != nil {
		return nil, err
	}
	cs, err := queryAll(ctx, db.reads(), scanCampaign, campaignsByStatusQuery, string(s), timeKey(playedBefore), limit)
	if err != nil {
		return nil, storeErr(op, "query", err)
	}
	return cs, nil
}

// Turns lists committed turns after a sequence, in order. See game.Store.
func (db *DB) Turns(ctx context.Context, campaignID string, after, limit int) ([]campaign.Turn, error) {
	op := "list turns of campaign " + campaignID
	if err := validLimit(op, limit); err != nil {
		return nil, err
	}
	ts, err := queryAll(ctx, db.reads(), scanTurn,
		`SELECT data, context FROM turns WHERE campaign_id = ? AND seq > ? ORDER BY seq LIMIT ?`, campaignID, after, limit)
	if err != nil {
		return nil, storeErr(op, fmt.Sprintf("query after %d", after), err)
	}
	return ts, nil
}

// RecentTurns lists turns as Turns does, without their context, which it
// does not read (nor decode, in rows from before it had a column). See
// game.Store.
func (db *DB) RecentTurns(ctx context.Context, campaignID string, after, limit int) ([]campaign.Turn, error) {
	op := "list recent turns of campaign " + campaignID
	if err := validLimit(op, limit); err != nil {
		return nil, err
	}
	ts, err := queryAll(ctx, db.reads(), scanBriefTurn,
		`SELECT data FROM turns WHERE campaign_id = ? AND seq > ? ORDER BY seq LIMIT ?`, campaignID, after, limit)
	if err != nil {
		return nil, storeErr(op, fmt.Sprintf("query after %d", after), err)
	}
	return ts, nil
}

// TurnBefore reads what a turn replaced. See game.Store. One past its
// expiry is unknown, whether or not a write has purged it yet.
func (db *DB) TurnBefore(ctx context.Context, campaignID string, seq int, turnID string) (campaign.TurnBefore, error) {
	return queryOne(ctx, db.reads(), fmt.Sprintf("read what turn %d replaced", seq), "nothing kept of what that turn replaced", scanData[campaign.TurnBefore],
		`SELECT data FROM turn_befores WHERE campaign_id = ? AND seq = ? AND turn_id = ? AND expires_at > ?`,
		campaignID, seq, turnID, timeKey(db.now()))
}

// UndoneTurns lists the turns taken back from the sequence. See
// game.Store.
func (db *DB) UndoneTurns(ctx context.Context, campaignID string, limit int) ([]campaign.Turn, error) {
	op := "list undone turns of campaign " + campaignID
	if err := validLimit(op, limit); err != nil {
		return nil, err
	}
	ts, err := queryAll(ctx, db.reads(), scanData[campaign.Turn],
		`SELECT data FROM undone_turns WHERE campaign_id = ? ORDER BY seq, turn_id LIMIT ?`, campaignID, limit)
	if err != nil {
		return nil, storeErr(op, "query", err)
	}
	if ts == nil {
		ts = []campaign.Turn{} // none is an empty list (game.Store)
	}
	return ts, nil
}

// Request reads a remembered request id. See game.Store.
// A record past its expiry is unknown, whether or not a write has purged
// it yet.
func (db *DB) Request(ctx context.Context, campaignID, requestID string) (campaign.Request, error) {
	return queryOne(ctx, db.reads(), "read request "+requestID, "unknown request", scanData[campaign.Request],
		`SELECT data FROM requests WHERE campaign_id = ? AND request_id = ? AND (expires_at IS NULL OR expires_at > ?)`,
		campaignID, requestID, timeKey(db.now()))
}

// ConnectionByID finds a live connection. See game.Store.
func (db *DB) ConnectionByID(ctx context.Context, connectionID string) (campaign.Connection, error) {
	return queryOne(ctx, db.reads(), "read connection "+connectionID, "unknown connection", scanData[campaign.Connection],
		`SELECT data FROM connections WHERE id = ?`, connectionID)
}

// Connections lists a campaign's live connections by id. See game.Store.
func (db *DB) Connections(ctx context.Context, campaignID string) ([]campaign.Connection, error) {
	cached, gen, ok := db.conns.get(campaignID)
	if ok {
		return cached, nil
	}
	cs, err := queryAll(ctx, db.reads(), scanData[campaign.Connection],
		`SELECT data FROM connections WHERE campaign_id = ? ORDER BY id`, campaignID)
	if err != nil {
		return nil, storeErr("list connections of campaign "+campaignID, "query", err)
	}
	db.conns.put(campaignID, gen, cs)
	return cs, nil
}

// Events lists stored events after a seq, in order. See game.Store.
func (db *DB) Events(ctx context.Context, campaignID string, after int64, limit int) ([]game.Event, error) {
	op := "list events of campaign " + campaignID
	if err := validLimit(op, limit); err != nil {
		return nil, err
	}
	evs, err := queryAll(ctx, db.reads(), func(s scanner) (game.Event, error) {
		var (
			e       game.Event
			created string
		)
		if err := s.Scan(&e.Seq, &created, &e.Data); err != nil {
			return e, err
		}
		t, err := parseTimeKey(created)
		e.CreatedAt = t
		return e, err
	}, `SELECT seq, created_at, data FROM events WHERE campaign_id = ? AND seq > ? ORDER BY seq LIMIT ?`, campaignID, after, limit)
	if err != nil {
		return nil, storeErr(op, fmt.Sprintf("query after %d", after), err)
	}
	return evs, nil
}
