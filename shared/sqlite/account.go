package sqlite

import (
	"context"
	"database/sql"
	"fmt"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
)

// Account reads a player's account. See game.Store.
func (db *DB) Account(ctx context.Context, playerID string) (campaign.Account, error) {
	return queryOne(ctx, db.reads(), "read account "+playerID, "no such player", scanAccount,
		`SELECT data, version FROM accounts WHERE id = ?`, playerID)
}

func scanAccount(s scanner) (campaign.Account, error) {
	var (
		data    []byte
		version int64
	)
	if err := s.Scan(&data, &version); err != nil {
		return campaign.Account{}, err
	}
	a, err := decode[campaign.Account](data)
	a.Version = version
	return a, err
}

// PutAccount creates or updates a player's account under its version.
// See game.Store.
func (db *DB) PutAccount(ctx context.Context, a campaign.Account) error {
	op := "write account " + a.ID
	if a.ID == "" {
		return fault.Field(op, "id", "is required")
	}
	if a.Version < 0 {
		return fault.Field(op, "version", "must not be negative")
	}
	data, err := encode(a, func(a *campaign.Account) { a.CreatedAt = a.CreatedAt.UTC() })
	if err != nil {
		return fault.Wrap(fault.Invalid, op, err)
	}
	return db.write(ctx, op, func(ctx context.Context, tx *sql.Tx) error {
		w := &writer{ctx: ctx, tx: tx, op: op}
		if a.Version == 0 {
			return w.must("create account", "the player already exists",
				`INSERT INTO accounts (id, version, data) VALUES (?, 1, ?) ON CONFLICT DO NOTHING`, a.ID, data)
		}
		return w.must(fmt.Sprintf("update account at version %d", a.Version), "the player changed since it was read",
			`UPDATE accounts SET version = ?, data = ? WHERE id = ? AND version = ?`, a.Version+1, data, a.ID, a.Version)
	})
}
