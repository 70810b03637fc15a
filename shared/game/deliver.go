package game

import (
	"context"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"chronicler/events"
	"chronicler/shared/fault"
	"chronicler/shared/redact"
)

// Ordered delivery. Every connection of a campaign must get its events in
// seq order. The store gives seqs in commit order, but the writers that
// committed them race to push: the previous turn's closing events against
// the next turn's turn.accepted, a narration's sentence against a
// presence, in one process or in two Lambda instances. So each campaign
// has one feed per process, and pushes go through it one delivery at a
// time, from the last seq this process pushed: a delivery whose events do
// not follow it first reads from the log the events before its own that
// it has not pushed, and pushes them first. Whoever appended them pushes
// them too; a connection keeps the first copy of each seq (the client
// drops a seq it has). So every delivery is a run of seqs with no hole,
// whichever process makes it, and the per-campaign seq, not the process,
// is what orders a connection's events: no client waits on a gap or
// syncs because two instances pushed at once.
//
// Bounds: the log is read back at most fillMax events, and only from the
// first event committed less than fillAge ago; older ones were pushed by
// whoever appended them, or that writer died and its table sees the gap
// and syncs (as a connection does that missed a push). A process's first
// delivery to a campaign starts fillMax events back for the same reason:
// a cold Lambda instance still orders what a warm one is pushing.

// fillMax bounds the events a delivery reads back and pushes again.
const fillMax = 32

// fillAge is how old an event may be and still be pushed again by a
// delivery that follows it: longer than any delivery takes.
const fillAge = 10 * time.Second

// feeds are this process's campaign feeds, made as campaigns first
// append. The zero value is ready to use. A feed is a few words; they are
// kept for the life of the process.
type feeds struct {
	mu sync.Mutex
	m  map[string]*feed
}

// feed is one campaign's delivery state in this process.
type feed struct {
	mu sync.Mutex
	// ready says pushed has been read from the store. It is atomic so
	// that an append about to commit never waits for a delivery's pushes.
	ready  atomic.Bool
	pushed int64 // the last seq delivered by this process, or passed over as old
}

// enter returns the campaign's feed for an append about to commit. The
// first append of a campaign in this process reads the campaign's last
// seq first and starts fillMax events before it, so that only what may
// still be on its way is pushed again; it is read before the append
// commits, so that every append of this process has a seq after it.
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
	if f.ready.Load() {
		return f, nil
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if !f.ready.Load() {
		last, err := store.LastSeq(ctx, campaignID)
		if err != nil {
			return nil, err
		}
		f.pushed = max(last-fillMax, 0)
		f.ready.Store(true)
	}
	return f, nil
}

// deliver ends an append that entered the feed f: when it committed, its
// events (own, with their seqs) go to every live connection of the
// campaign but skip, after any earlier ones still on their way. A
// connection found gone is forgotten, once the feed is free again (its
// disconnect publishes too).
func (s *Service) deliver(ctx context.Context, campaignID string, f *feed, own []Event, committed bool, skip string) {
	f.mu.Lock()
	if !committed || len(own) == 0 || f.pushed >= own[len(own)-1].Seq {
		f.mu.Unlock() // failed, or pushed already by a delivery that caught up
		return
	}
	first, last := own[0].Seq, own[len(own)-1].Seq
	evs := own[max(f.pushed+1-first, 0):]
	if f.pushed+1 < first {
		earlier, err := s.logBetween(ctx, campaignID, max(f.pushed, first-1-fillMax), first)
		if err != nil {
			s.Log.WarnContext(ctx, "read events to deliver", "campaign", campaignID, "after", f.pushed, "err", err)
		}
		evs = append(fresh(earlier, s.now().Add(-fillAge)), evs...)
	}
	gone := s.push(ctx, campaignID, evs, skip)
	f.pushed = last
	f.mu.Unlock()
	for _, id := range gone {
		s.dropIfGone(ctx, campaignID, id, fault.E(fault.NotFound, "push", "connection gone"))
	}
}

// fresh is evs from the first one committed at since or later: what
// may still be on its way from the writer that appended it.
func fresh(evs []Event, since time.Time) []Event {
	for i, ev := range evs {
		if !ev.CreatedAt.Before(since) {
			return evs[i:]
		}
	}
	return nil
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
// skip, each with its own scene (scened), and returns the connections
// found gone. A connection that fails
// is sent nothing more of evs (it will see the gap and sync); the others
// go on.
func (s *Service) push(ctx context.Context, campaignID string, evs []Event, skip string) (gone []string) {
	wire := make([][]byte, 0, len(evs))
	stamps := map[int]sceneStamp{} // by index in wire
	for _, ev := range evs {
		data, err := wireOf(ev)
		if err != nil {
			s.Log.ErrorContext(ctx, "stored event", "campaign", campaignID, "seq", ev.Seq, "err", err)
			continue
		}
		if st, ok := stampOf(ev); ok {
			stamps[len(wire)] = st
		}
		wire = append(wire, data)
	}
	conns, err := s.Store.Connections(ctx, campaignID)
	if err != nil {
		s.Log.WarnContext(ctx, "list connections to deliver to", "campaign", campaignID, "err", err)
		return nil
	}
	forPlayer := s.scened(ctx, campaignID, wire, stamps)
	for _, c := range conns {
		if c.ID == skip {
			continue
		}
		for _, data := range forPlayer(c.PlayerID) {
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

// scened returns what each player's connections are sent of wire: with
// their own scene in each turn.committed of stamps (scenes.go). Whose
// each character is is read only when there is one.
func (s *Service) scened(ctx context.Context, campaignID string, wire [][]byte, stamps map[int]sceneStamp) func(playerID string) [][]byte {
	same := func(string) [][]byte { return wire }
	if len(stamps) == 0 {
		return same
	}
	snap, err := s.Store.Snapshot(ctx, campaignID)
	if err != nil {
		s.Log.WarnContext(ctx, "read whose each character is", "campaign", campaignID, "err", err)
		return same // as stored: the campaign's scene
	}
	made := map[string][][]byte{}
	return func(playerID string) [][]byte {
		if out, ok := made[playerID]; ok {
			return out
		}
		out, copied := wire, false
		for i, st := range stamps {
			data, err := st.wireFor(mine(snap.Characters, playerID))
			if err != nil {
				s.Log.ErrorContext(ctx, "stamp the scene", "campaign", campaignID, "seq", st.h.Seq, "err", err)
			}
			if data == nil {
				continue
			}
			if !copied {
				out, copied = slices.Clone(wire), true
			}
			out[i] = data
		}
		made[playerID] = out
		return out
	}
}

// wireOf is a stored event as the wire has it: its data with its seq.
func wireOf(ev Event) ([]byte, error) { return events.WithSeq(ev.Data, ev.Seq) }
