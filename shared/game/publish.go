package game

import (
	"context"
	"fmt"

	"chronicler/events"
	"chronicler/shared/fault"
)

// message is one server event before its seq is known.
type message struct {
	typ  string
	body any
}

// publish gives the messages the campaign's next seqs, stores them for sync
// and sends them, in order, to every live connection of the campaign except
// those in skip. A connection found gone is forgotten. Delivery is best
// effort: a client that misses an event sees the gap in seq and syncs.
func (s *Service) publish(ctx context.Context, campaignID string, skip string, msgs ...message) error {
	if len(msgs) == 0 {
		return nil
	}
	first, err := s.Store.ReserveSeqs(ctx, campaignID, len(msgs))
	if err != nil {
		return fmt.Errorf("publish %s: %w", msgs[0].typ, err)
	}
	evs := make([]Event, len(msgs))
	for i, m := range msgs {
		seq := first + int64(i)
		data, err := events.Encode(events.Header{Type: m.typ, CampaignID: campaignID, Seq: seq}, m.body)
		if err != nil {
			return fault.Wrap(fault.Internal, "publish", err)
		}
		evs[i] = Event{Seq: seq, Data: data, CreatedAt: s.now()}
	}
	if err := s.Store.PutEvents(ctx, campaignID, evs); err != nil {
		return fmt.Errorf("publish %s: %w", msgs[0].typ, err)
	}
	conns, err := s.Store.Connections(ctx, campaignID)
	if err != nil {
		return fmt.Errorf("publish %s: %w", msgs[0].typ, err)
	}
	for _, c := range conns {
		if c.ID == skip {
			continue
		}
		for _, ev := range evs {
			if err := s.Push.Send(ctx, c.ID, ev.Data); err != nil {
				s.dropIfGone(ctx, campaignID, c.ID, err)
				break
			}
		}
	}
	return nil
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
		s.Log.WarnContext(ctx, "push failed", "campaign", campaignID, "connection", connectionID, "err", err)
		return
	}
	if err := s.forgetGone(ctx, connectionID); err != nil {
		s.Log.WarnContext(ctx, "forget gone connection", "campaign", campaignID, "connection", connectionID, "err", err)
	}
}

func isConflict(err error) bool { return fault.Is(err, fault.Conflict) }
