package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"math"
	"time"

	"chronicler/shared/fault"
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
	return float64(micros) / 1e6, nil
}

// AddSpent adds usd to day's spend, in one write. See game.DaySpend.
func (db *DB) AddSpent(ctx context.Context, day string, usd float64) error {
	op := "add to the spend of " + day
	if _, err := time.Parse(time.DateOnly, day); err != nil {
		return fault.Field(op, "day", "must be a date, 2006-01-02")
	}
	if usd < 0 || math.IsNaN(usd) || math.IsInf(usd, 0) {
		return fault.Field(op, "usd", "must be a number of dollars, not negative")
	}
	micros := int64(math.Round(usd * 1e6))
	return db.write(ctx, op, func(ctx context.Context, tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO spend (day, micros) VALUES (?, ?)
			ON CONFLICT (day) DO UPDATE SET micros = micros + excluded.micros`, day, micros)
		return err
	})
}
