package sqlite

import (
	"context"
	"database/sql"
	"errors"

	"chronicler/shared/campaign"
)

// Spent is what the narrator cost the whole game on day. See game.DaySpend.
func (db *DB) Spent(ctx context.Context, day string) (float64, error) {
	var micros int64
	err := db.reads().QueryRowContext(ctx, `SELECT micros FROM spend WHERE day = ?`, day).Scan(&micros)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, storeErr("read spend", "read the spend of "+day, err)
	}
	return campaign.MicrosUSD(micros), nil
}

// AddSpent adds usd to day's spend, in one write. See game.DaySpend.
func (db *DB) AddSpent(ctx context.Context, day string, usd float64) error {
	add, err := campaign.NewDaySpend(day, usd)
	if err != nil {
		return err
	}
	return db.write(ctx, "add to the spend of "+day, func(ctx context.Context, tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO spend (day, micros) VALUES (?, ?)
			ON CONFLICT (day) DO UPDATE SET micros = micros + excluded.micros`, day, add.Micros)
		return err
	})
}
