package sqlite

import (
	"context"
	"database/sql"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/game"
)

// Import creates a whole campaign from an export — the core of core, then
// every session and turn — in one write: all of it or nothing.
func (db *DB) Import(ctx context.Context, core game.Tx, sessions []campaign.Session, turns []campaign.Turn) error {
	op := "import campaign " + core.CampaignID
	if core.Campaign == nil || core.Campaign.Version != 0 || core.NewState == nil {
		return fault.E(fault.Invalid, op, "an import creates a new campaign and its state")
	}
	if err := validate(op, core); err != nil {
		return err
	}
	return db.write(ctx, op, func(ctx context.Context, sqlTx *sql.Tx) error {
		w := &writer{ctx: ctx, tx: sqlTx, stmts: db.writeStmts, op: op, campaignID: core.CampaignID}
		if err := w.apply(core); err != nil {
			return err
		}
		for _, s := range sessions {
			if s.Open() {
				return fault.Field(op, "sessions", "an imported session must have ended")
			}
			s.Version = 0
			if err := w.session(s); err != nil {
				return err
			}
		}
		for _, t := range turns {
			if err := w.turn(t, ""); err != nil {
				return err
			}
		}
		return nil
	})
}
