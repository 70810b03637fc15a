package game

import (
	"context"
	"fmt"

	"chronicler/events"
	"chronicler/shared/fault"
	"chronicler/shared/redact"
)

// message is one server event before its seq is known.
type message struct {
	typ  string
	body any
}

// publish appends the messages to the campaign's event log, in a
// transaction of their own, and delivers them (see deliver). Messages
// that announce a write go in that write's transaction instead (commit).
// One message alone (a narration's sentence, its slow notice) is an
// Append: the store's cheapest write of one event.
func (s *Service) publish(ctx context.Context, campaignID string, skip string, msgs ...message) error {
	if len(msgs) == 0 {
		return nil
	}
	var err error
	if len(msgs) == 1 {
		err = s.outbox(ctx, campaignID, skip, msgs, func(evs []Event) error { return s.Store.Append(ctx, campaignID, &evs[0]) })
	} else {
		err = s.commit(ctx, Tx{CampaignID: campaignID}, skip, msgs...)
	}
	if err != nil {
		return fmt.Errorf("publish %s: %w", msgs[0].typ, err)
	}
	return nil
}

// commit applies tx with the messages appended to the campaign's event
// log in the same transaction — the outbox: the events are stored, with
// their seqs, exactly when what they announce is, so a crash at any point
// leaves the log with no hole and no committed write unannounced — and
// then delivers them. Its error is the commit's, unwrapped, so callers
// tell a Conflict as they did. Delivery is best effort and never an
// error: a client that misses an event sees the gap in seq and syncs.
func (s *Service) commit(ctx context.Context, tx Tx, skip string, msgs ...message) error {
	if len(msgs) == 0 {
		return s.Store.Commit(ctx, tx)
	}
	return s.outbox(ctx, tx.CampaignID, skip, msgs, func(evs []Event) error {
		tx.Events = evs // without seqs: the store gives them, inside the transaction
		return s.Store.Commit(ctx, tx)
	})
}

// outbox encodes msgs as the campaign's events, stores them by write
// (which sets their seqs) and delivers them once stored. Its error is
// write's, unwrapped.
func (s *Service) outbox(ctx context.Context, campaignID, skip string, msgs []message, write func([]Event) error) error {
	now := s.now()
	evs := make([]Event, len(msgs))
	for i, m := range msgs {
		data, err := events.Encode(events.Header{Type: m.typ, CampaignID: campaignID}, m.body)
		if err != nil {
			return fault.Wrap(fault.Internal, "encode "+m.typ, err)
		}
		evs[i] = Event{Data: data, CreatedAt: now}
	}
	f, err := s.feeds.enter(ctx, s.Store, campaignID)
	if err != nil {
		return err
	}
	err = write(evs)
	s.deliver(ctx, campaignID, f, evs, err == nil, skip)
	return err
}

// tell sends a message to one connection only, with no seq.
func (s *Service) tell(ctx context.Context, campaignID, connectionID, typ string, body any) {
	data, err := events.Encode(events.Header{Type: typ, CampaignID: campaignID}, body)
	if err != nil {
		s.Log.ErrorContext(ctx, "encode message", "type", typ, "err", err)
		return
	}
	if err := s.Push.Send(ctx, connectionID, data); err != nil {
		s.dropIfGone(ctx, campaignID, connectionID, err)
	}
}

// TellError sends the error event for a failed request to the connection
// that sent it. Internal failures are logged and reach the player without
// detail.
func (s *Service) TellError(ctx context.Context, connectionID, requestID string, err error) {
	w := fault.ToWire(err)
	var campaignID string
	if conn, cerr := s.Store.ConnectionByID(ctx, connectionID); cerr == nil {
		campaignID = conn.CampaignID
	}
	if w.Code == fault.Internal {
		s.Log.ErrorContext(ctx, "request failed", "campaign", campaignID, "request", requestID, "err", err)
	}
	s.tell(ctx, campaignID, connectionID, events.TypeError, events.Error{RequestID: requestID, Code: string(w.Code), Message: w.Message, Reason: w.Reason})
}

func (s *Service) dropIfGone(ctx context.Context, campaignID, connectionID string, err error) {
	if !fault.Is(err, fault.NotFound) {
		s.Log.WarnContext(ctx, "push failed", "campaign", campaignID, "connection", redact.Conn(connectionID), "err", err)
		return
	}
	if err := s.forgetGone(ctx, connectionID); err != nil {
		s.Log.WarnContext(ctx, "forget gone connection", "campaign", campaignID, "connection", redact.Conn(connectionID), "err", err)
	}
}

func isConflict(err error) bool { return fault.Is(err, fault.Conflict) }
