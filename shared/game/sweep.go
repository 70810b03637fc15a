package game

import (
	"context"
	"fmt"
	"time"

	"chronicler/shared/campaign"
)

// sweepBatch bounds how many campaigns one sweep pass reads.
const sweepBatch = 200

// SweepReport counts what a sweep did.
type SweepReport struct {
	Examined int
	Closed   int
	Failed   int
}

// CloseLostSessions closes the sessions of Active campaigns that have had
// nobody connected for longer than the grace period (connection_lost, the
// campaign Paused). One campaign's failure does not stop the others.
func (s *Service) CloseLostSessions(ctx context.Context) (SweepReport, error) {
	var r SweepReport
	cs, err := s.Store.CampaignsByStatus(ctx, campaign.Active, s.now().Add(time.Minute), sweepBatch)
	if err != nil {
		return r, fmt.Errorf("sweep lost sessions: %w", err)
	}
	for _, c := range cs {
		r.Examined++
		closed, err := s.closeLost(ctx, c.ID)
		switch {
		case err != nil:
			r.Failed++
			s.Log.WarnContext(ctx, "sweep campaign", "campaign", c.ID, "err", err)
		case closed:
			r.Closed++
		}
	}
	return r, nil
}

func (s *Service) closeLost(ctx context.Context, campaignID string) (bool, error) {
	var closed bool
	err := retry(ctx, func() error {
		snap, err := s.Store.Snapshot(ctx, campaignID)
		if err != nil {
			return err
		}
		tx := Tx{CampaignID: campaignID}
		if closed = s.closeIfLost(&tx, snap, s.now()); !closed {
			return nil
		}
		return s.Store.Commit(ctx, tx)
	})
	if err == nil && closed {
		s.publishSession(ctx, campaignID, "")
	}
	return closed, err
}

// Restarted forgets every connection of the Active campaigns: after the
// local server restarts, none of them is live. Their sessions start the
// grace period now, so players who reconnect in time carry on in the same
// session and the rest are closed as lost.
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
			tx := Tx{CampaignID: c.ID}
			for _, conn := range snap.Connections {
				tx.DeleteConnections = append(tx.DeleteConnections, conn.ID)
			}
			if open := openSession(snap); open != nil && open.EmptySince == nil {
				sess := *open
				now := s.now()
				sess.EmptySince = &now
				tx.Sessions = []campaign.Session{sess}
			}
			if tx.DeleteConnections == nil && tx.Sessions == nil {
				return nil
			}
			return s.Store.Commit(ctx, tx)
		})
		if err != nil {
			return fmt.Errorf("forget stale connections of %s: %w", c.ID, err)
		}
	}
	return nil
}
