package game

import (
	"context"
	"fmt"
	"time"

	"chronicler/events"
	"chronicler/shared/campaign"
)

// sweepBatch bounds how many campaigns of each kind one sweep reads, so a
// run is bounded in time; what it leaves waits for the next run.
const sweepBatch = 200

// staleConnection is how old a connection record must be before the sweep
// asks API Gateway whether it is still live.
const staleConnection = 10 * time.Minute

// Prober tells whether a connection is still live. The cloud's pusher is
// one; a sweep without it trusts connection records.
type Prober interface {
	Alive(ctx context.Context, connectionID string) (bool, error)
}

// archiveBatch bounds how many finished encounters the sweep moves out
// of one campaign's snapshot a run: each move is a transaction of its own
// (about 28 write units for a 7 KB record), so a run stays short whatever
// a campaign's past.
const archiveBatch = 5

// EncounterArchiver is a store that may still keep finished encounters
// where its snapshot reads them, stored before it kept them apart (the
// DynamoDB store). The snapshot leaves them out all the same; moving them
// only stops every turn paying to read them.
type EncounterArchiver interface {
	// ArchiveEncounters moves at most limit of the campaign's finished
	// encounters out of the snapshot's read, each with the condition that
	// it is as read, and returns how many it moved.
	ArchiveEncounters(ctx context.Context, campaignID string, limit int) (int, error)
}

// SweepReport counts what a sweep did.
type SweepReport struct {
	Examined           int `json:"examined"`
	ConnectionsRemoved int `json:"connections_removed"`
	Closed             int `json:"sessions_closed"`
	Abandoned          int `json:"abandoned"`
	EncountersArchived int `json:"encounters_archived"`
	Failed             int `json:"failed"`
}

// Sweep tidies campaigns nobody attends to: it removes records of
// connections that vanished without a $disconnect, closes sessions that have
// had nobody connected for longer than the grace period (connection_lost,
// Paused) and abandons campaigns Paused for longer than their
// inactivity_days. It reads through the status index only, is idempotent,
// and one campaign's failure does not stop the others.
func (s *Service) Sweep(ctx context.Context) (SweepReport, error) {
	var r SweepReport
	now := s.now()
	active, err := s.Store.CampaignsByStatus(ctx, campaign.Active, now.Add(time.Minute), sweepBatch)
	if err != nil {
		return r, fmt.Errorf("sweep active campaigns: %w", err)
	}
	for _, c := range active {
		if ctx.Err() != nil {
			return r, ctx.Err()
		}
		r.Examined++
		r.EncountersArchived += s.archiveEncounters(ctx, c.ID)
		removed, closed, err := s.sweepActive(ctx, c.ID)
		r.ConnectionsRemoved += removed
		switch {
		case err != nil:
			r.Failed++
			s.Log.WarnContext(ctx, "sweep campaign", "campaign", c.ID, "err", err)
		case closed:
			r.Closed++
		}
	}
	// No campaign can be abandoned within a day (inactivity_days >= 1), so
	// the index range starts there; each campaign's own setting decides.
	paused, err := s.Store.CampaignsByStatus(ctx, campaign.Paused, now.Add(-24*time.Hour), sweepBatch)
	if err != nil {
		return r, fmt.Errorf("sweep paused campaigns: %w", err)
	}
	for _, c := range paused {
		if ctx.Err() != nil {
			return r, ctx.Err()
		}
		r.Examined++
		if now.Sub(c.LastPlayedAt) < time.Duration(c.Settings.InactivityDays)*24*time.Hour {
			continue
		}
		switch abandoned, err := s.abandon(ctx, c); {
		case err != nil:
			r.Failed++
			s.Log.WarnContext(ctx, "abandon campaign", "campaign", c.ID, "err", err)
		case abandoned:
			r.Abandoned++
		}
	}
	return r, nil
}

// archiveEncounters moves a few of an active campaign's finished
// encounters out of its snapshot, where the store has any left there. A
// failure is logged and costs nothing but a turn's reads: the next run
// tries again.
func (s *Service) archiveEncounters(ctx context.Context, campaignID string) int {
	a, ok := s.Store.(EncounterArchiver)
	if !ok {
		return 0
	}
	n, err := a.ArchiveEncounters(ctx, campaignID, archiveBatch)
	if err != nil {
		s.Log.WarnContext(ctx, "archive finished encounters", "campaign", campaignID, "err", err)
	}
	return n
}

// sweepActive finishes an overdue held turn (or narrates a decided one
// whose narration died), forgets the campaign's
// vanished connections, closes its session if it is lost, and plays the
// turn of a fighter whose player has left the table.
func (s *Service) sweepActive(ctx context.Context, campaignID string) (removed int, closed bool, err error) {
	snap, err := s.Store.Snapshot(ctx, campaignID)
	if err != nil {
		return 0, false, err
	}
	rolled, err := s.heldOverdue(ctx, snap)
	if err == nil && !rolled {
		rolled, err = s.unnarrated(ctx, snap)
	}
	if err != nil {
		s.Log.WarnContext(ctx, "overdue held turn", "campaign", campaignID, "err", err)
	} else if rolled {
		if snap, err = s.Store.Snapshot(ctx, campaignID); err != nil {
			return 0, false, err
		}
	}
	if prober, ok := s.Push.(Prober); ok && len(snap.Connections) > 0 {
		for _, c := range snap.Connections {
			if s.now().Sub(c.ConnectedAt) < staleConnection {
				continue
			}
			alive, err := prober.Alive(ctx, c.ID)
			if err != nil || alive {
				continue // unknown is not gone
			}
			if err := s.Disconnect(ctx, c.ID); err != nil {
				return removed, false, err
			}
			removed++
		}
		if removed > 0 {
			if snap, err = s.Store.Snapshot(ctx, campaignID); err != nil {
				return removed, false, err
			}
		}
	}
	closed, err = s.closeLost(ctx, snap)
	if err == nil && !closed && (snap.Lease == nil || !s.now().Before(snap.Lease.ExpiresAt)) {
		if _, _, fighting, _ := activeEncounter(snap); fighting {
			// A player who left during their own turn in a fight: the
			// table goes on without them.
			s.continueFight(ctx, campaignID, s.NewID())
		}
	}
	return removed, closed, err
}

// closeLost closes the campaign's session if it is lost, starting from
// snap and reading again only if the campaign changed meanwhile.
func (s *Service) closeLost(ctx context.Context, snap Snapshot) (bool, error) {
	var closed bool
	fresh := true
	err := retry(ctx, func() error {
		if !fresh {
			var err error
			if snap, err = s.Store.Snapshot(ctx, snap.Campaign.ID); err != nil {
				return err
			}
		}
		fresh = false
		tx := Tx{CampaignID: snap.Campaign.ID}
		if closed = s.closeIfLost(&tx, snap, s.now()); !closed {
			return nil
		}
		// What is committed is known: the table is told in the same
		// transaction, without reading again.
		return s.commit(ctx, tx, "", sessionMessage(applied(snap, tx)))
	})
	if err != nil || !closed {
		return false, err
	}
	return true, nil
}

// abandon moves a Paused campaign that is past its inactivity period to
// Abandoned (resumable like Paused, left out of busy listings). It starts
// from the index's copy c; the versioned write refuses it if the campaign
// changed since, and then the campaign is read again.
func (s *Service) abandon(ctx context.Context, c campaign.Campaign) (bool, error) {
	var done bool
	first := true
	err := retry(ctx, func() error {
		if !first {
			var err error
			if c, err = s.Store.Campaign(ctx, c.ID); err != nil {
				return err
			}
		}
		first, done = false, false
		if c.Status != campaign.Paused || s.now().Sub(c.LastPlayedAt) < time.Duration(c.Settings.InactivityDays)*24*time.Hour {
			return nil // resumed meanwhile, or not yet due
		}
		next, err := campaign.Next(c.Status, campaign.Inactivity)
		if err != nil {
			return err
		}
		c.Status = next
		if err := s.Store.Commit(ctx, Tx{CampaignID: c.ID, Campaign: &c}); err != nil {
			return err
		}
		done = true
		return nil
	})
	return done, err
}

// Restarted readies the store for a server starting after another one
// stopped, killed or not. That process was the only one running this
// machine's connections and turns, so what it left in flight is nobody's
// now, and this one knows it runs nothing yet:
//
//   - No connection survives a restart: they are forgotten, and open
//     sessions start their grace period now, so players who reconnect in
//     time carry on in the same session and the rest are closed as lost.
//   - A turn a player asked for that was being resolved keeps its lease,
//     unexpired or not: Recover plays it to the end at once, under its own
//     turn id and with the same dice, so that a resent request_id is
//     answered with the original turn_id, as protocol.md promises (the
//     turn committed, or in flight); nobody waits LeaseTTL for a lease
//     nobody holds. Releasing it instead let the resend run afresh under a
//     new id, 230 times in 293.
//   - A monster's turn (or an absent character's) being resolved is
//     dropped: no request waits on it, and the fight goes on from the
//     store (the next turn, or the sweep, plays it again).
//   - A held turn (dice out, a window open) keeps its lease and its dice,
//     and Recover restarts its orchestration, which times the phase anew:
//     the lease is made to outlast that, so that no other turn takes the
//     table from it, even after a long downtime.
func (s *Service) Restarted(ctx context.Context) error {
	cs, err := s.Store.CampaignsByStatus(ctx, campaign.Active, s.now().Add(time.Minute), 10000)
	if err != nil {
		return fmt.Errorf("forget stale connections: %w", err)
	}
	for _, c := range cs {
		err := retry(ctx, func() error {
			snap, err := s.Store.Snapshot(ctx, c.ID)
			if err != nil {
				return err
			}
			now := s.now()
			tx := Tx{CampaignID: c.ID}
			var dropped []message
			for _, conn := range snap.Connections {
				tx.DeleteConnections = append(tx.DeleteConnections, conn.ID)
			}
			if open := openSession(snap); open != nil && open.EmptySince == nil {
				sess := *open
				sess.EmptySince = &now
				tx.Sessions = []campaign.Session{sess}
			}
			switch l := snap.Lease; {
			case l == nil:
			case l.Pending != nil:
				// Nothing else runs yet: the held turn's step is not
				// claimed, only its lease made to last.
				if until := now.Add(phaseTimeout(snap.Campaign.Settings, *l.Pending) + s.LeaseTTL); l.ExpiresAt.Before(until) {
					renewed := *l
					renewed.ExpiresAt = until
					tx.AcquireLease, tx.LeaseNow = &renewed, now
				}
			case playedByEngine(*l):
				// Its turn.accepted is in the log: the log says it was
				// dropped, as any turn released unsaved is (release).
				tx.ReleaseLease = l.TurnID
				dropped = []message{{events.TypeTurnDropped, events.TurnDropped{TurnID: l.TurnID}}}
			}
			if tx.DeleteConnections == nil && tx.Sessions == nil && tx.ReleaseLease == "" && tx.AcquireLease == nil {
				return nil
			}
			return s.commit(ctx, tx, "", dropped...)
		})
		if err != nil {
			return fmt.Errorf("forget stale connections of %s: %w", c.ID, err)
		}
	}
	return nil
}

// phaseTimeout is how long the current phase of a held turn waits when
// its orchestration starts: a reaction window, or a roll prompt.
func phaseTimeout(set campaign.Settings, p campaign.PendingRolls) time.Duration {
	if p.Window != nil {
		return time.Duration(set.ReactionWindowSeconds) * time.Second
	}
	return time.Duration(set.RollTimeoutSeconds) * time.Second
}

// finishLost plays to the end the turn a stopped server was resolving
// when it stopped (snap's lease; see Restarted), under its own id: the
// rules decide it again from the same dice on the table as it stands,
// where the lease kept every other turn out meanwhile. The
// monsters of a fight wait for the players to be back. A turn the rules
// now refuse is dropped, and its lease released. It reports whether the
// turn was played.
func (s *Service) finishLost(ctx context.Context, snap Snapshot) bool {
	const op = "finish lost turn"
	l := *snap.Lease
	if l.Retell != "" {
		return s.Retell(ctx, snap, l) == nil // an X-card's retelling, told in full again
	}
	check := snap
	check.Lease = nil // the lease is this very turn's
	err := s.checkTurn(check, campaign.Connection{PlayerID: l.PlayerID}, events.ClientMessage{CharacterID: l.ActorID}, op)
	if err == nil {
		err = s.playTurn(ctx, snap, characterOf(snap, l.ActorID), &l, false)
	}
	if err != nil {
		s.release(ctx, snap.Campaign.ID, l)
		s.Log.WarnContext(ctx, "a turn lost with its server was dropped", "campaign", snap.Campaign.ID, "turn", l.TurnID, "request", l.RequestID, "err", err)
		return false
	}
	return true
}
