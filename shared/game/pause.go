package game

import (
	"context"
	"time"

	"chronicler/events"
	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/workflow"
)

// A pause holds the open session's table (campaign.Pause): turns, rolls
// and reactions are refused, a held turn's phase does not time out, and
// no turn no player takes is played. It is kept on the session, not the
// campaign or its state, because every committed turn rewrites those and
// a pause written between a turn's lease and its commit would be lost or
// would fail the turn; a session is written only when someone comes, goes
// or pauses.

// pauseHold is how long a pause keeps a held turn's lease from running
// out: a table on a long break keeps its open roll prompt or window.
const pauseHold = 24 * time.Hour

// pauseOf is the open session's pause, nil when the table plays on.
func pauseOf(snap Snapshot) *campaign.Pause {
	if open := openSession(snap); open != nil {
		return open.Pause
	}
	return nil
}

// whilePaused refuses what a pause holds, naming who called it.
func whilePaused(snap Snapshot, op string) error {
	if p := pauseOf(snap); p != nil {
		return fault.E(fault.Conflict, op, "the table is paused (by %s); play goes on when the pause ends", p.Name)
	}
	return nil
}

// Pause holds the table for the connection's player. Pausing a table
// already paused by the same player changes nothing; by another, it is
// a Conflict naming who holds it. There must be an open session.
func (s *Service) Pause(ctx context.Context, connectionID, requestID string) error {
	const op = "pause"
	_, _, err := s.request(ctx, connectionID, requestID, op, func(snap Snapshot, conn campaign.Connection, tx *Tx, now time.Time) error {
		open := openSession(snap)
		if open == nil {
			return fault.E(fault.Conflict, op, "no session is open; nothing to pause")
		}
		if p := open.Pause; p != nil {
			if p.By == conn.PlayerID {
				return nil
			}
			return fault.E(fault.Conflict, op, "the table is already paused (by %s)", p.Name)
		}
		sess := *open
		sess.Pause = &campaign.Pause{At: now, By: conn.PlayerID, Name: nameOf(snap, conn.PlayerID)}
		tx.Sessions = []campaign.Session{sess}
		if l := snap.Lease; l != nil && l.Pending != nil && now.Before(l.ExpiresAt) {
			// The held turn's lease outlasts the pause: nothing else may
			// take the table while its dice are out.
			next := *l
			next.ExpiresAt = maxTime(l.ExpiresAt, now.Add(pauseHold))
			claimStep(tx, *l, next, now)
		}
		return nil
	}, func(after Snapshot) []message {
		p := pauseOf(after)
		if p == nil {
			return nil
		}
		return []message{{events.TypePause, events.Paused{Paused: true, By: p.Name, At: p.At}}}
	})
	return err
}

// Unpause lets play go on: the player who paused, or the owner (anyone
// else is Forbidden). A held turn's phase gets its whole time again from
// now, told by its prompt or window sent again, with a new orchestration
// (the one that kept its time ended while the table was paused); a fight
// whose turn is no player's plays on. Unpausing a table that is not
// paused changes nothing.
func (s *Service) Unpause(ctx context.Context, connectionID, requestID string) error {
	const op = "unpause"
	var (
		ended    *events.Paused  // what the table is told; nil when nothing was paused
		held     *campaign.Lease // the held turn, with its new deadline
		oldToken string          // its orchestration's task from before the pause
		fighting bool
	)
	conn, _, err := s.request(ctx, connectionID, requestID, op, func(snap Snapshot, conn campaign.Connection, tx *Tx, now time.Time) error {
		ended, held, oldToken, fighting = nil, nil, "", false
		open := openSession(snap)
		if open == nil || open.Pause == nil {
			return nil
		}
		if open.Pause.By != conn.PlayerID && snap.Campaign.OwnerID != conn.PlayerID {
			return fault.E(fault.Forbidden, op, "only %s, who paused the table, or the owner can end the pause", open.Pause.Name)
		}
		ended = &events.Paused{Paused: false, By: nameOf(snap, conn.PlayerID), At: now, HeldSeconds: int(now.Sub(open.Pause.At).Seconds())}
		sess := *open
		sess.Pause = nil
		tx.Sessions = []campaign.Session{sess}
		_, _, fighting, _ = activeEncounter(snap)
		if l := snap.Lease; l != nil && l.Pending != nil {
			next := *l
			p := *l.Pending
			oldToken = p.Token
			// A new phase: a task of the orchestration from before the
			// pause finds the turn moved on and changes nothing.
			p.Phase++
			p.Token = ""
			p.Deadline = now.Add(phaseTimeout(snap.Campaign.Settings, p))
			next.Pending = &p
			next.ExpiresAt = p.Deadline.Add(s.LeaseTTL)
			claimStep(tx, *l, next, now)
			held = tx.AcquireLease
		}
		return nil
	}, func(Snapshot) []message {
		if ended == nil {
			return nil
		}
		msgs := []message{{events.TypePause, *ended}}
		if held != nil {
			msgs = append(msgs, heldMessage(*held))
		}
		return msgs
	})
	if err != nil || ended == nil {
		return err
	}
	switch {
	case held != nil:
		// The orchestration from before the pause, if it still waits,
		// ends; a new one keeps the new deadline.
		s.answer(ctx, oldToken, workflow.Outcome{Next: workflow.NextDone})
		snap, err := s.Store.Snapshot(ctx, conn.CampaignID)
		if err != nil {
			return nil // the sweep keeps the deadline
		}
		s.orchestrate(ctx, snap, *held)
	case fighting:
		s.continueFight(ctx, conn.CampaignID, "unpause-"+s.NewID())
	}
	return nil
}

// nameOf is how the table names a player to everyone at it (who paused,
// who asks to undo): their display name, or for a player without one the
// table's word for them, never their id.
func nameOf(snap Snapshot, playerID string) string {
	if m := memberOf(snap, playerID); m != nil && m.Name != "" {
		return m.Name
	}
	return "someone at the table"
}

func maxTime(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}
