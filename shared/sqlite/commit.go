package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/game"
)

// Commit applies every write of tx atomically, checking each write's
// condition as it goes; the first that fails undoes all of tx and returns
// Conflict. tx may share its SQL transaction (and its disk sync) with other
// callers' writes, inside a savepoint of its own (see DB.write). See
// game.Store and game.Tx.
func (db *DB) Commit(ctx context.Context, tx game.Tx) error {
	op := "commit to campaign " + tx.CampaignID
	if err := validate(op, tx); err != nil {
		return err
	}
	if tx.PutConnection != nil || len(tx.DeleteConnections) > 0 {
		defer db.conns.changing()()
	}
	return db.write(ctx, op, func(ctx context.Context, sqlTx *sql.Tx) error {
		w := &writer{ctx: ctx, tx: sqlTx, stmts: db.writeStmts, op: op, campaignID: tx.CampaignID}
		return w.apply(tx)
	})
}

// validate refuses a Tx that could not mean what it says: items of another
// campaign, or the same item written twice (which DynamoDB refuses too).
func validate(op string, tx game.Tx) error {
	id := tx.CampaignID
	if id == "" {
		return fault.Field(op, "campaign_id", "is required")
	}
	same := func(field, other string) error {
		if other != "" && other != id {
			return fault.Field(op, field, "belongs to campaign %q, not %q", other, id)
		}
		return nil
	}
	var errs []error
	if c := tx.Campaign; c != nil {
		if c.ID != id {
			errs = append(errs, fault.Field(op, "campaign.id", "must be the transaction's campaign %q", id))
		}
		if c.Version < 0 {
			errs = append(errs, fault.Field(op, "campaign.version", "must not be negative"))
		}
	}
	if tx.NewState != nil && tx.State != nil {
		errs = append(errs, fault.Field(op, "state", "write the state once: create it or replace it"))
	}
	if s := tx.NewState; s != nil {
		errs = append(errs, same("new_state.campaign_id", s.CampaignID))
	}
	if s := tx.State; s != nil {
		errs = append(errs, same("state.campaign_id", s.CampaignID))
	}
	seen := map[string]bool{}
	for _, c := range tx.Characters {
		if c.ID == "" || c.Version < 0 || seen[c.ID] {
			errs = append(errs, fault.Field(op, "characters", "each needs a distinct id and a version of 0 or more (character %q)", c.ID))
		}
		seen[c.ID] = true
	}
	clear(seen)
	for _, e := range tx.Encounters {
		if e.ID == "" || e.Version < 0 || seen[e.ID] {
			errs = append(errs, fault.Field(op, "encounters", "each needs a distinct id and a version of 0 or more (encounter %q)", e.ID))
		}
		seen[e.ID] = true
	}
	clear(seen)
	for _, s := range tx.Sessions {
		if s.ID == "" || s.Version < 0 || seen[s.ID] {
			errs = append(errs, fault.Field(op, "sessions", "each needs a distinct id and a version of 0 or more (session %q)", s.ID))
		}
		seen[s.ID] = true
		errs = append(errs, same("sessions.campaign_id", s.CampaignID))
	}
	if t := tx.Turn; t != nil {
		if t.Sequence < 1 {
			errs = append(errs, fault.Field(op, "turn.sequence", "must be 1 or more"))
		}
		errs = append(errs, same("turn.campaign_id", t.CampaignID))
	}
	if tx.ReplaceTurn != "" && tx.Turn == nil {
		errs = append(errs, fault.Field(op, "replace_turn", "names the turn Turn replaces, which is missing"))
	}
	if r := tx.DropTurn; r != nil && (r.Sequence < 1 || r.ID == "") {
		errs = append(errs, fault.Field(op, "drop_turn", "needs a sequence of 1 or more and a turn id"))
	}
	for _, t := range tx.Undone {
		if t.ID == "" {
			errs = append(errs, fault.Field(op, "undone", "each needs a turn id"))
		}
		errs = append(errs, same("undone.campaign_id", t.CampaignID))
	}
	if m := tx.Member; m != nil && m.PlayerID == "" {
		errs = append(errs, fault.Field(op, "member.player_id", "is required"))
	}
	if m := tx.Member; m != nil && m.PlayerID == tx.RemoveMember {
		errs = append(errs, fault.Field(op, "remove_member", "cannot add and remove the same member"))
	}
	if r := tx.Request; r != nil && r.RequestID == "" {
		errs = append(errs, fault.Field(op, "request.request_id", "is required"))
	}
	if r := tx.MarkRequest; r != nil && r.RequestID == "" {
		errs = append(errs, fault.Field(op, "mark_request.request_id", "is required"))
	}
	if r := tx.MarkRequest; r != nil && tx.Request != nil && tx.Request.RequestID == r.RequestID {
		errs = append(errs, fault.Field(op, "mark_request", "cannot remember and mark the same request"))
	}
	if l := tx.AcquireLease; l != nil && l.TurnID == "" {
		errs = append(errs, fault.Field(op, "acquire_lease.turn_id", "is required"))
	}
	if tx.LeaseTurnCount != nil && tx.AcquireLease == nil {
		errs = append(errs, fault.Field(op, "lease_turn_count", "guards AcquireLease, which is missing"))
	}
	if tx.LeaseTurnCount != nil && (tx.State != nil || tx.NewState != nil) {
		// DynamoDB cannot check and write the state item in one
		// transaction; the state's own condition guards it anyway.
		errs = append(errs, fault.Field(op, "lease_turn_count", "cannot be checked on a state this commit writes"))
	}
	if c := tx.PutConnection; c != nil {
		if c.ID == "" {
			errs = append(errs, fault.Field(op, "put_connection.connection_id", "is required"))
		}
		errs = append(errs, same("put_connection.campaign_id", c.CampaignID))
		for _, d := range tx.DeleteConnections {
			if d == c.ID {
				errs = append(errs, fault.Field(op, "delete_connections", "cannot delete the connection being put (%q)", d))
			}
		}
	}
	// The first is enough: it is what a caller fixes first.
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// writer applies one Tx inside one SQL transaction.
type writer struct {
	ctx        context.Context
	tx         *sql.Tx
	stmts      *stmtCache // nil: statements run unprepared
	op         string
	campaignID string
}

// q runs w's statements in w.tx, prepared if w has a cache.
func (w *writer) q() interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
} {
	if w.stmts != nil {
		return w.stmts.on(w.tx)
	}
	return w.tx
}

// exec runs a statement and returns how many rows it changed.
func (w *writer) exec(what, query string, args ...any) (int64, error) {
	res, err := w.q().ExecContext(w.ctx, query, args...)
	if err != nil {
		return 0, storeErr(w.op, what, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, storeErr(w.op, what, err)
	}
	return n, nil
}

// must runs a statement whose WHERE clause or ON CONFLICT is the write's
// condition: when it changes no row, the condition failed, and conflict
// (safe for players) says which.
func (w *writer) must(what, conflict, query string, args ...any) error {
	n, err := w.exec(what, query, args...)
	if err != nil {
		return err
	}
	if n == 0 {
		return fault.E(fault.Conflict, w.op, "%s", conflict)
	}
	return nil
}

func (w *writer) encodeErr(err error) error { return fault.Wrap(fault.Invalid, w.op, err) }

// apply writes the campaign first, so that every other row has its parent.
func (w *writer) apply(tx game.Tx) error {
	if tx.Campaign != nil {
		if err := w.campaign(*tx.Campaign); err != nil {
			return err
		}
	} else if err := w.campaignExists(); err != nil {
		return err
	}
	if s := tx.NewState; s != nil {
		if err := w.newState(*s); err != nil {
			return err
		}
	}
	if s := tx.State; s != nil {
		if err := w.state(*s, tx.ExpectTurnCount); err != nil {
			return err
		}
	}
	if tx.ReleaseLease != "" {
		if err := w.releaseLease(tx.ReleaseLease); err != nil {
			return err
		}
	}
	if l := tx.AcquireLease; l != nil {
		if n := tx.LeaseTurnCount; n != nil {
			if err := w.stateAt(*n); err != nil {
				return err
			}
		}
		if err := w.acquireLease(*l, tx); err != nil {
			return err
		}
	}
	for _, c := range tx.Characters {
		if err := w.character(c); err != nil {
			return err
		}
	}
	for _, s := range tx.Sessions {
		if err := w.session(s); err != nil {
			return err
		}
	}
	for _, e := range tx.Encounters {
		if err := w.encounter(e); err != nil {
			return err
		}
	}
	if r := tx.DropTurn; r != nil {
		if err := w.dropTurn(*r); err != nil {
			return err
		}
	}
	for _, t := range tx.Undone {
		if err := w.undone(t); err != nil {
			return err
		}
	}
	if t := tx.Turn; t != nil {
		if err := w.turn(*t, tx.ReplaceTurn); err != nil {
			return err
		}
	}
	if m := tx.Member; m != nil {
		if err := w.member(*m); err != nil {
			return err
		}
	}
	if tx.Memory != nil {
		if _, err := w.exec("write memory", `INSERT INTO memories (campaign_id, data) VALUES (?, ?)
			ON CONFLICT (campaign_id) DO UPDATE SET data = excluded.data`, w.campaignID, tx.Memory); err != nil {
			return err
		}
	}
	if pl := tx.RemoveMember; pl != "" {
		if err := w.must("remove member "+pl, "the player is not a member",
			`DELETE FROM members WHERE campaign_id = ? AND player_id = ?`, w.campaignID, pl); err != nil {
			return err
		}
	}
	if r := tx.Request; r != nil {
		if err := w.request(*r); err != nil {
			return err
		}
	}
	if r := tx.MarkRequest; r != nil {
		if err := w.markRequest(*r); err != nil {
			return err
		}
	}
	for _, id := range tx.DeleteConnections {
		// Scoped to this campaign: one campaign cannot unbind another's.
		if _, err := w.exec("delete connection "+id, `DELETE FROM connections WHERE id = ? AND campaign_id = ?`, id, w.campaignID); err != nil {
			return err
		}
	}
	if c := tx.PutConnection; c != nil {
		if err := w.putConnection(*c); err != nil {
			return err
		}
	}
	if len(tx.Events) > 0 {
		if err := w.appendEvents(tx.Events); err != nil {
			return err
		}
	}
	return nil
}

// appendEvents gives events the seqs after the campaign's last one and
// stores them, inside the transaction: the writer is the only one, so
// the counter it reads is the one it writes back, and a transaction
// rolled back takes its seqs with it (no hole). The seqs are set in
// events, the caller's slice.
func (w *writer) appendEvents(events []game.Event) error {
	n := int64(len(events))
	var last int64
	err := w.q().QueryRowContext(w.ctx, `UPDATE campaigns SET last_seq = last_seq + ? WHERE id = ? RETURNING last_seq`,
		n, w.campaignID).Scan(&last)
	if errors.Is(err, sql.ErrNoRows) {
		return fault.E(fault.NotFound, w.op, "no such campaign")
	}
	if err != nil {
		return storeErr(w.op, fmt.Sprintf("take %d event seqs", n), err)
	}
	for i := range events {
		seq := last - n + 1 + int64(i)
		data := events[i].Data
		if data == nil {
			data = []byte{} // the column is NOT NULL; an empty message is still a message
		}
		if _, err := w.exec(fmt.Sprintf("append event %d", seq),
			`INSERT INTO events (campaign_id, seq, created_at, data) VALUES (?, ?, ?, ?)`,
			w.campaignID, seq, timeKey(events[i].CreatedAt), data); err != nil {
			return err
		}
		events[i].Seq = seq
	}
	return nil
}

func (w *writer) campaignExists() error {
	var one int
	err := w.q().QueryRowContext(w.ctx, `SELECT 1 FROM campaigns WHERE id = ?`, w.campaignID).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return fault.E(fault.NotFound, w.op, "no such campaign")
	}
	if err != nil {
		return storeErr(w.op, "find campaign", err)
	}
	return nil
}

func (w *writer) campaign(c campaign.Campaign) error {
	data, err := encode(c, utcCampaign)
	if err != nil {
		return w.encodeErr(err)
	}
	played := timeKey(c.LastPlayedAt)
	if c.Version == 0 {
		return w.must("create campaign", "the campaign already exists",
			`INSERT INTO campaigns (id, version, status, last_played_at, invite_code, data)
			VALUES (?, 1, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
			c.ID, string(c.Status), played, c.InviteCode, data)
	}
	return w.must(fmt.Sprintf("update campaign at version %d", c.Version), "the campaign changed since it was read",
		`UPDATE campaigns SET version = ?, status = ?, last_played_at = ?, invite_code = ?, data = ?
		WHERE id = ? AND version = ?`,
		c.Version+1, string(c.Status), played, c.InviteCode, data, c.ID, c.Version)
}

func (w *writer) newState(s campaign.State) error {
	data, err := encode(s, utcState)
	if err != nil {
		return w.encodeErr(err)
	}
	return w.must("create state", "the campaign's state already exists",
		`INSERT INTO states (campaign_id, turn_count, data) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`,
		w.campaignID, s.TurnCount, data)
}

func (w *writer) state(s campaign.State, expect int) error {
	data, err := encode(s, utcState)
	if err != nil {
		return w.encodeErr(err)
	}
	return w.must(fmt.Sprintf("replace state at turn count %d", expect), "another turn was committed first",
		`UPDATE states SET turn_count = ?, data = ? WHERE campaign_id = ? AND turn_count = ?`,
		s.TurnCount, data, w.campaignID, expect)
}

func (w *writer) releaseLease(turnID string) error {
	return w.must("release lease of turn "+turnID, "the turn no longer holds the campaign",
		`DELETE FROM leases WHERE campaign_id = ? AND turn_id = ?`, w.campaignID, turnID)
}

// stateAt checks that the state's turn count is still turns. The writer
// is the database's only one, so what it reads here holds until its
// transaction ends.
func (w *writer) stateAt(turns int) error {
	var n int
	err := w.q().QueryRowContext(w.ctx, `SELECT turn_count FROM states WHERE campaign_id = ?`, w.campaignID).Scan(&n)
	if errors.Is(err, sql.ErrNoRows) {
		return fault.E(fault.Conflict, w.op, "the campaign has no state to hold a turn on")
	}
	if err != nil {
		return storeErr(w.op, "read turn count", err)
	}
	if n != turns {
		return fault.E(fault.Conflict, w.op, "another turn was committed first (turn count %d, not %d)", n, turns)
	}
	return nil
}

// acquireLease takes the lease if it is free, already this turn's, or
// expired at tx.LeaseNow (ExpiresAt not after it).
func (w *writer) acquireLease(l campaign.Lease, tx game.Tx) error {
	data, err := encode(l, utcLease)
	if err != nil {
		return w.encodeErr(err)
	}
	return w.must("acquire lease for turn "+l.TurnID, "another turn is in progress",
		`INSERT INTO leases (campaign_id, turn_id, expires_at, data) VALUES (?, ?, ?, ?)
		ON CONFLICT (campaign_id) DO UPDATE
		SET turn_id = excluded.turn_id, expires_at = excluded.expires_at, data = excluded.data
		WHERE leases.turn_id = excluded.turn_id OR leases.expires_at <= ?`,
		w.campaignID, l.TurnID, timeKey(l.ExpiresAt), data, timeKey(tx.LeaseNow))
}

func (w *writer) character(c campaign.Character) error {
	data, err := encode(campaign.Stored(c), nil)
	if err != nil {
		return w.encodeErr(err)
	}
	if c.Version == 0 {
		return w.must("create character "+c.ID, fmt.Sprintf("character %s already exists", c.ID),
			`INSERT INTO characters (campaign_id, id, version, data) VALUES (?, ?, 1, ?) ON CONFLICT DO NOTHING`,
			w.campaignID, c.ID, data)
	}
	return w.must(fmt.Sprintf("update character %s at version %d", c.ID, c.Version), fmt.Sprintf("character %s changed since it was read", c.ID),
		`UPDATE characters SET version = ?, data = ? WHERE campaign_id = ? AND id = ? AND version = ?`,
		c.Version+1, data, w.campaignID, c.ID, c.Version)
}

func (w *writer) session(s campaign.Session) error {
	data, err := encode(s, utcSession)
	if err != nil {
		return w.encodeErr(err)
	}
	started := timeKey(s.StartedAt)
	if s.Version == 0 {
		return w.must("create session "+s.ID, fmt.Sprintf("session %s already exists", s.ID),
			`INSERT INTO sessions (campaign_id, id, started_at, version, data) VALUES (?, ?, ?, 1, ?) ON CONFLICT DO NOTHING`,
			w.campaignID, s.ID, started, data)
	}
	return w.must(fmt.Sprintf("update session %s at version %d", s.ID, s.Version), fmt.Sprintf("session %s changed since it was read", s.ID),
		`UPDATE sessions SET started_at = ?, version = ?, data = ? WHERE campaign_id = ? AND id = ? AND version = ?`,
		started, s.Version+1, data, w.campaignID, s.ID, s.Version)
}

func (w *writer) encounter(e campaign.EncounterRecord) error {
	data, err := encode(e, nil)
	if err != nil {
		return w.encodeErr(err)
	}
	if e.Version == 0 {
		return w.must("create encounter "+e.ID, fmt.Sprintf("encounter %s already exists", e.ID),
			`INSERT INTO encounters (campaign_id, id, version, data) VALUES (?, ?, 1, ?) ON CONFLICT DO NOTHING`,
			w.campaignID, e.ID, data)
	}
	// A finished encounter is written no more, as on DynamoDB, where it
	// has left the item a version names.
	return w.must(fmt.Sprintf("update encounter %s at version %d", e.ID, e.Version), fmt.Sprintf("encounter %s changed since it was read, or has finished", e.ID),
		`UPDATE encounters SET version = ?, data = ? WHERE campaign_id = ? AND id = ? AND version = ? AND json_extract(data, '$.status') = ?`,
		e.Version+1, data, w.campaignID, e.ID, e.Version, campaign.EncounterActive)
}

func (w *writer) turn(t campaign.Turn, replace string) error {
	tc, tb := t.Context, t.Before
	t.Context, t.Before = nil, nil // kept in their own columns
	data, err := encode(t, utcTurn)
	if err != nil {
		return w.encodeErr(err)
	}
	var context any // NULL: none
	if tc != nil {
		if context, err = encode(*tc, nil); err != nil {
			return w.encodeErr(err)
		}
	}
	if replace != "" {
		err = w.must(fmt.Sprintf("replace turn %d", t.Sequence), fmt.Sprintf("turn %d is not turn %s", t.Sequence, replace),
			`UPDATE turns SET data = ?, context = ? WHERE campaign_id = ? AND seq = ? AND json_extract(data, '$.turn_id') = ?`,
			data, context, w.campaignID, t.Sequence, replace)
	} else {
		err = w.must(fmt.Sprintf("insert turn %d", t.Sequence), fmt.Sprintf("turn %d was already committed", t.Sequence),
			`INSERT INTO turns (campaign_id, seq, data, context) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`,
			w.campaignID, t.Sequence, data, context)
	}
	if err != nil || tb == nil {
		return err
	}
	return w.before(t, *tb)
}

// before keeps what turn t replaced until it expires, over what an
// earlier turn of its sequence kept. The turn's commit purges what the
// campaign's turns kept that has expired, so the table holds about a
// day's turns of each campaign.
func (w *writer) before(t campaign.Turn, b campaign.TurnBefore) error {
	data, err := encode(b, nil)
	if err != nil {
		return w.encodeErr(err)
	}
	if _, err := w.exec("purge what expired turns replaced", `DELETE FROM turn_befores WHERE campaign_id = ? AND expires_at <= ?`,
		w.campaignID, timeKey(t.CreatedAt)); err != nil {
		return err
	}
	_, err = w.exec(fmt.Sprintf("keep what turn %d replaced", t.Sequence),
		`INSERT INTO turn_befores (campaign_id, seq, turn_id, data, expires_at) VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (campaign_id, seq) DO UPDATE SET turn_id = excluded.turn_id, data = excluded.data, expires_at = excluded.expires_at`,
		w.campaignID, t.Sequence, t.ID, data, timeKey(t.CreatedAt.Add(campaign.TurnBeforeTTL)))
	return err
}

// dropTurn frees a sequence an undo took back.
func (w *writer) dropTurn(r game.TurnRef) error {
	return w.must(fmt.Sprintf("drop turn %d", r.Sequence), fmt.Sprintf("turn %d is not turn %s", r.Sequence, r.ID),
		`DELETE FROM turns WHERE campaign_id = ? AND seq = ? AND json_extract(data, '$.turn_id') = ?`,
		w.campaignID, r.Sequence, r.ID)
}

// undone keeps a turn taken back, without what it replaced: that was
// written back by the undo.
func (w *writer) undone(t campaign.Turn) error {
	t.Before = nil
	data, err := encode(t, utcTurn)
	if err != nil {
		return w.encodeErr(err)
	}
	return w.must("keep undone turn "+t.ID, fmt.Sprintf("turn %s was taken back already", t.ID),
		`INSERT INTO undone_turns (campaign_id, turn_id, seq, data) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`,
		w.campaignID, t.ID, t.Sequence, data)
}

func (w *writer) member(m campaign.Member) error {
	data, err := encode(m, utcMember)
	if err != nil {
		return w.encodeErr(err)
	}
	return w.must("insert member "+m.PlayerID, "the player is already a member",
		`INSERT INTO members (campaign_id, player_id, data) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`,
		w.campaignID, m.PlayerID, data)
}

func (w *writer) request(r campaign.Request) error {
	data, expires, err := w.requestRow(r)
	if err != nil {
		return err
	}
	now := timeKey(r.CreatedAt)
	if r.ExpiresAt != nil {
		// A claim, itself forgotten in time, purges the campaign's claims
		// expired by now: the log of requests holds what a repeat could
		// still meet. A client's request (every turn's commit) does not
		// pay for the purge; the next claim (every connect) does it.
		if _, err := w.exec("purge expired requests", `DELETE FROM requests WHERE campaign_id = ? AND expires_at IS NOT NULL AND expires_at <= ?`,
			w.campaignID, now); err != nil {
			return err
		}
	}
	// An id whose claim has expired may be taken again, whether or not a
	// purge has deleted it yet.
	return w.must("insert request "+r.RequestID, "this request was already handled",
		`INSERT INTO requests (campaign_id, request_id, data, expires_at) VALUES (?, ?, ?, ?)
			ON CONFLICT (campaign_id, request_id) DO UPDATE SET data = excluded.data, expires_at = excluded.expires_at
			WHERE requests.expires_at IS NOT NULL AND requests.expires_at <= ?`,
		w.campaignID, r.RequestID, data, expires, now)
}

// requestRow is r as the requests table keeps it: its data, and when it
// expires, NULL for a request kept for the campaign's life.
func (w *writer) requestRow(r campaign.Request) (data string, expires any, err error) {
	if data, err = encode(r, utcRequest); err != nil {
		return "", nil, w.encodeErr(err)
	}
	if r.ExpiresAt != nil {
		expires = timeKey(*r.ExpiresAt)
	}
	return data, expires, nil
}

// markRequest writes r over what is remembered of its id, or remembers
// it.
func (w *writer) markRequest(r campaign.Request) error {
	data, expires, err := w.requestRow(r)
	if err != nil {
		return err
	}
	_, err = w.exec("mark request "+r.RequestID, `INSERT INTO requests (campaign_id, request_id, data, expires_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (campaign_id, request_id) DO UPDATE SET data = excluded.data, expires_at = excluded.expires_at`,
		w.campaignID, r.RequestID, data, expires)
	return err
}

// putConnection binds the connection to this campaign, moving it if it was
// bound elsewhere: a connection id is unique, and the latest bind wins. The
// stored connection names the campaign even if the caller left it out, since
// naming it is what ConnectionByID is for.
func (w *writer) putConnection(c campaign.Connection) error {
	c.CampaignID = w.campaignID
	data, err := encode(c, utcConnection)
	if err != nil {
		return w.encodeErr(err)
	}
	_, err = w.exec("put connection "+c.ID,
		`INSERT INTO connections (id, campaign_id, data) VALUES (?, ?, ?)
		ON CONFLICT (id) DO UPDATE SET campaign_id = excluded.campaign_id, data = excluded.data`,
		c.ID, w.campaignID, data)
	return err
}

// Append appends one event alone. On one file a Commit of it is already
// one small write (shared with other callers' in a group commit), so it
// is that. See game.Store.
func (db *DB) Append(ctx context.Context, campaignID string, e *game.Event) error {
	evs := []game.Event{*e}
	if err := db.Commit(ctx, game.Tx{CampaignID: campaignID, Events: evs}); err != nil {
		return err
	}
	e.Seq = evs[0].Seq
	return nil
}
