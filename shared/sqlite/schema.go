package sqlite

import (
	"context"
	"database/sql"
	"fmt"
)

// migrations are the schema's versions: migrations[i] takes a database from
// version i to i+1. Append, never edit: a file in use has already run the
// ones before.
var migrations = [][]string{
	{
		// Every entity is a JSON document (data) beside the columns that keys,
		// conditions and indexes need. Times in columns are fixed-width UTC
		// text (timeKey), so text order is time order.
		`CREATE TABLE IF NOT EXISTS campaigns (
			id             TEXT PRIMARY KEY,
			version        INTEGER NOT NULL,
			status         TEXT NOT NULL,
			last_played_at TEXT NOT NULL,
			invite_code    TEXT NOT NULL, -- not in data: the wire JSON leaves it out
			last_seq       INTEGER NOT NULL DEFAULT 0, -- the last event seq reserved
			data           TEXT NOT NULL
		) STRICT`,
		// Sparse like DynamoDB's byStatus: only the campaigns the sweep reads.
		`CREATE INDEX IF NOT EXISTS campaigns_by_status ON campaigns (status, last_played_at, id)
			WHERE status IN ('active', 'paused')`,
		`CREATE TABLE IF NOT EXISTS states (
			campaign_id TEXT PRIMARY KEY REFERENCES campaigns (id),
			turn_count  INTEGER NOT NULL,
			data        TEXT NOT NULL
		) STRICT`,
		// The lease has a row of its own so that writing the state can never
		// drop it by accident.
		`CREATE TABLE IF NOT EXISTS leases (
			campaign_id TEXT PRIMARY KEY REFERENCES campaigns (id),
			turn_id     TEXT NOT NULL,
			expires_at  TEXT NOT NULL,
			data        TEXT NOT NULL
		) STRICT`,
		`CREATE TABLE IF NOT EXISTS characters (
			campaign_id TEXT NOT NULL REFERENCES campaigns (id),
			id          TEXT NOT NULL,
			version     INTEGER NOT NULL,
			data        TEXT NOT NULL,
			PRIMARY KEY (campaign_id, id)
		) STRICT`,
		`CREATE TABLE IF NOT EXISTS sessions (
			campaign_id TEXT NOT NULL REFERENCES campaigns (id),
			id          TEXT NOT NULL,
			started_at  TEXT NOT NULL,
			version     INTEGER NOT NULL,
			data        TEXT NOT NULL,
			PRIMARY KEY (campaign_id, id)
		) STRICT`,
		`CREATE INDEX IF NOT EXISTS sessions_by_start ON sessions (campaign_id, started_at, id)`,
		`CREATE TABLE IF NOT EXISTS members (
			campaign_id TEXT NOT NULL REFERENCES campaigns (id),
			player_id   TEXT NOT NULL,
			data        TEXT NOT NULL,
			PRIMARY KEY (campaign_id, player_id)
		) STRICT`,
		`CREATE INDEX IF NOT EXISTS members_by_player ON members (player_id, campaign_id)`,
		`CREATE TABLE IF NOT EXISTS turns (
			campaign_id TEXT NOT NULL REFERENCES campaigns (id),
			seq         INTEGER NOT NULL,
			data        TEXT NOT NULL,
			PRIMARY KEY (campaign_id, seq)
		) STRICT`,
		`CREATE TABLE IF NOT EXISTS requests (
			campaign_id TEXT NOT NULL REFERENCES campaigns (id),
			request_id  TEXT NOT NULL,
			data        TEXT NOT NULL,
			PRIMARY KEY (campaign_id, request_id)
		) STRICT`,
		// Connection ids are global (API Gateway's), so they are the key; the
		// campaign is an attribute, like DynamoDB's connection pointer.
		`CREATE TABLE IF NOT EXISTS connections (
			id          TEXT PRIMARY KEY,
			campaign_id TEXT NOT NULL REFERENCES campaigns (id),
			data        TEXT NOT NULL
		) STRICT`,
		`CREATE INDEX IF NOT EXISTS connections_by_campaign ON connections (campaign_id, id)`,
		`CREATE TABLE IF NOT EXISTS events (
			campaign_id TEXT NOT NULL REFERENCES campaigns (id),
			seq         INTEGER NOT NULL,
			created_at  TEXT NOT NULL,
			data        BLOB NOT NULL, -- the wire message as sent, byte for byte
			PRIMARY KEY (campaign_id, seq)
		) STRICT`,
	},
	{
		`CREATE TABLE IF NOT EXISTS encounters (
			campaign_id TEXT NOT NULL REFERENCES campaigns (id),
			id          TEXT NOT NULL,
			version     INTEGER NOT NULL,
			data        TEXT NOT NULL,
			PRIMARY KEY (campaign_id, id)
		) STRICT`,
	},
	{
		`CREATE TABLE IF NOT EXISTS memories (
			campaign_id TEXT PRIMARY KEY REFERENCES campaigns (id),
			data        BLOB NOT NULL
		) STRICT`,
	},
	{
		// Players' accounts: outside every campaign, like DynamoDB's
		// PLAYER# partition.
		`CREATE TABLE IF NOT EXISTS accounts (
			id      TEXT PRIMARY KEY,
			version INTEGER NOT NULL,
			data    TEXT NOT NULL
		) STRICT`,
	},
	{
		// A turn's context (the prompt it was narrated from, for the
		// owner's inspector) is most of its row, and narrating the next
		// turn reads twelve turns without it: it is kept beside data, and
		// read only when asked for. Rows written before keep it in data.
		`ALTER TABLE turns ADD COLUMN context TEXT`,
	},
	{
		// The server's own claims (a connect ticket's use, a held turn's
		// step) expire; a client's requests keep a NULL here and stay.
		`ALTER TABLE requests ADD COLUMN expires_at TEXT`,
		`CREATE INDEX IF NOT EXISTS requests_expiring ON requests (campaign_id, expires_at) WHERE expires_at IS NOT NULL`,
	},
	{
		// What the narrator cost the whole game each day (UTC), in
		// millionths of a dollar: the deployer's daily cap is held
		// against it (game.DaySpend).
		`CREATE TABLE IF NOT EXISTS spend (
			day    TEXT PRIMARY KEY,
			micros INTEGER NOT NULL
		) STRICT`,
	},
	{
		// What a turn replaced (campaign.TurnBefore: patches that turn
		// the state, sheets, fight and memory it left back) is kept in a
		// table of its own, by sequence with the turn's id, that only an
		// undo or an X-card reads, until it expires; the next turn of a
		// sequence an undo freed writes over it. Turns taken back leave
		// the sequence for their own table, kept by turn id.
		`CREATE TABLE IF NOT EXISTS turn_befores (
			campaign_id TEXT NOT NULL REFERENCES campaigns (id),
			seq         INTEGER NOT NULL,
			turn_id     TEXT NOT NULL,
			data        TEXT NOT NULL,
			expires_at  TEXT NOT NULL,
			PRIMARY KEY (campaign_id, seq)
		) STRICT`,
		`CREATE TABLE IF NOT EXISTS undone_turns (
			campaign_id TEXT NOT NULL REFERENCES campaigns (id),
			turn_id     TEXT NOT NULL,
			seq         INTEGER NOT NULL,
			data        TEXT NOT NULL,
			PRIMARY KEY (campaign_id, turn_id)
		) STRICT`,
	},
}

// migrate brings the schema in db up to len(migrations), in one transaction,
// and refuses a file written by a newer program rather than misread it.
func migrate(ctx context.Context, db *sql.DB) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin migration: %w", err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL) STRICT`); err != nil {
		return fmt.Errorf("create schema_version: %w", err)
	}
	var have int
	if err := tx.QueryRowContext(ctx, `SELECT coalesce(max(version), 0) FROM schema_version`).Scan(&have); err != nil {
		return fmt.Errorf("read schema version: %w", err)
	}
	if have > len(migrations) {
		return fmt.Errorf("schema version %d is newer than this program's %d", have, len(migrations))
	}
	for v := have; v < len(migrations); v++ {
		for _, stmt := range migrations[v] {
			if _, err := tx.ExecContext(ctx, stmt); err != nil {
				return fmt.Errorf("migrate to schema version %d: %w", v+1, err)
			}
		}
	}
	if have < len(migrations) {
		if _, err := tx.ExecContext(ctx, `DELETE FROM schema_version`); err != nil {
			return fmt.Errorf("record schema version: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO schema_version (version) VALUES (?)`, len(migrations)); err != nil {
			return fmt.Errorf("record schema version: %w", err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit migration: %w", err)
	}
	// journal_mode=WAL silently stays as it was on a file system that cannot
	// share memory between connections; readers would then block the writer.
	var mode string
	if err := db.QueryRowContext(ctx, `PRAGMA journal_mode`).Scan(&mode); err != nil {
		return fmt.Errorf("read journal mode: %w", err)
	}
	if mode != "wal" {
		return fmt.Errorf("journal mode is %q, want wal", mode)
	}
	return nil
}
