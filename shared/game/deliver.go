package game

import (
	"context"
	"sync"
	"sync/atomic"

	"chronicler/events"
	"chronicler/shared/fault"
	"chronicler/shared/redact"
)

// Ordered delivery. Every connection of a campaign must get its events in
// seq order. The store gives seqs in commit order, but the goroutines that
// committed them race to push: the previous turn's closing events against
// the next turn's turn.accepted, a narration delta against a presence. So
// each campaign has one feed per process, and pushes go through it one
// delivery at a time, from the last seq this process pushed: a delivery
// whose events do not follow it first pushes, from the log, the events of
// this process's appends that committed before its own and are still on
// their way (their own deliveries then find them pushed and return). Who
// appends later never overtakes.
//
// What it cannot order: appends made by other processes. On one machine
// there is one process. In the cloud each Lambda instance has its own
// feeds, and an instance runs one invocation at a time, so it only ever
// pushes its own events, as before, and two instances appending to one
// campaign at once can still deliver out of order (a client sees a gap,
// syncs, and drops what it already has). Ordering across instances needs
// one pusher per campaign outside the handlers (a DynamoDB stream of the
// event items, or a FIFO queue grouped by campaign); that is a later
// change. A seq gap that no append of this process can fill is therefore
// skipped, never waited for and never read back: reading it would push
// again what another instance has pushed.

// feeds are this process's campaign feeds, made as campaigns first
// append. The zero value is ready to use. A feed is a few words; they are
// kept for the life of the process.
type feeds struct {
	mu sync.Mutex
	m  map[string]*feed
}

// feed is one campaign's delivery state in this process.
type feed struct {
	mu     sync.Mutex
	ready  atomic.Bool // pushed has been read from the store
	pushed int64       // the last seq delivered, or passed over, by this process
	// inflight counts this process's appends to the campaign from just
	// before their commit to the end of their delivery. It is atomic so
	// that an append about to commit never waits for a delivery's pushes.
	inflight atomic.Int32
}

// enter returns the campaign's feed with an append about to commit
// counted in. The first append of a campaign in this process reads the
// campaign's last seq first, so that nothing from before is pushed again;
// it is read before the append commits, so that every append of this
// process has a seq after it.
func (fs *feeds) enter(ctx context.Context, store Store, campaignID string) (*feed, error) {
	fs.mu.Lock()
	if fs.m == nil {
		fs.m = map[string]*feed{}
	}
	f := fs.m[campaignID]
	if f == nil {
		f = &feed{}
		fs.m[campaignID] = f
	}
	fs.mu.Unlock()
	f.inflight.Add(1)
	if f.ready.Load() {
		return f, nil
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if !f.ready.Load() {
		snap, err := store.Snapshot(ctx, campaignID)
		if err != nil {
			f.inflight.Add(-1)
			return nil, err
		}
		f.pushed = snap.LastSeq
		f.ready.Store(true)
	}
	return f, nil
}

// deliver ends an append counted in by enter: when it committed, its
// events (own, with their seqs) go to every live connection of the
// campaign but skip, after any earlier ones still on their way. A
// connection found gone is forgotten, once the feed is free again (its
// disconnect publishes too).
func (s *Service) deliver(ctx context.Context, campaignID string, f *feed, own []Event, committed bool, skip string) {
	f.mu.Lock()
	// Counted out under the lock: a delivery that holds it and finds a
	// gap must still see this append as on its way.
	f.inflight.Add(-1)
	if !committed || len(own) == 0 || f.pushed >= own[len(own)-1].Seq {
		f.mu.Unlock() // failed, or pushed already by a delivery that caught up
		return
	}
	first, last := own[0].Seq, own[len(own)-1].Seq
	evs := own[max(f.pushed+1-first, 0):]
	if f.pushed+1 < first && f.inflight.Load() > 0 {
		earlier, err := s.logBetween(ctx, campaignID, f.pushed, first)
		if err != nil {
			s.Log.WarnContext(ctx, "read events to deliver", "campaign", campaignID, "after", f.pushed, "err", err)
		}
		evs = append(earlier, evs...)
	}
	gone := s.push(ctx, campaignID, evs, skip)
	f.pushed = last
	f.mu.Unlock()
	for _, id := range gone {
		s.dropIfGone(ctx, campaignID, id, fault.E(fault.NotFound, "push", "connection gone"))
	}
}

// logBetween reads the campaign's events with after < seq < before.
func (s *Service) logBetween(ctx context.Context, campaignID string, after, before int64) ([]Event, error) {
	var out []Event
	for after+1 < before {
		evs, err := s.Store.Events(ctx, campaignID, after, int(min(before-after-1, 200)))
		if err != nil || len(evs) == 0 {
			return out, err
		}
		for _, ev := range evs {
			if ev.Seq >= before {
				return out, nil
			}
			out = append(out, ev)
			after = ev.Seq
		}
	}
	return out, nil
}

// push sends evs, in order, to every live connection of the campaign but
// skip, and returns the connections found gone. A connection that fails
// is sent nothing more of evs (it will see the gap and sync); the others
// go on.
func (s *Service) push(ctx context.Context, campaignID string, evs []Event, skip string) (gone []string) {
	wire := make([][]byte, 0, len(evs))
	for _, ev := range evs {
		data, err := wireOf(ev)
		if err != nil {
			s.Log.ErrorContext(ctx, "stored event", "campaign", campaignID, "seq", ev.Seq, "err", err)
			continue
		}
		wire = append(wire, data)
	}
	conns, err := s.Store.Connections(ctx, campaignID)
	if err != nil {
		s.Log.WarnContext(ctx, "list connections to deliver to", "campaign", campaignID, "err", err)
		return nil
	}
	for _, c := range conns {
		if c.ID == skip {
			continue
		}
		for _, data := range wire {
			if err := s.Push.Send(ctx, c.ID, data); err != nil {
				if fault.Is(err, fault.NotFound) {
					gone = append(gone, c.ID)
				} else {
					s.Log.WarnContext(ctx, "push failed", "campaign", campaignID, "connection", redact.Conn(c.ID), "err", err)
				}
				break
			}
		}
	}
	return gone
}

// wireOf is a stored event as the wire has it: its data with its seq.
func wireOf(ev Event) ([]byte, error) { return events.WithSeq(ev.Data, ev.Seq) }
