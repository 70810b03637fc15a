package storetest

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/game"
)

func (s suite) events(t *testing.T) {
	const id = "camp-a"
	t.Run("ListInSeqOrder", func(t *testing.T) {
		st := s.open(t)
		create(t, st, newCampaign(id, "p1"))
		var all []game.Event
		for _, n := range []int{3, 1, 5, 2, 1} { // 12, past 9, so only seq order passes
			var batch []game.Event
			for range n {
				batch = append(batch, newEvent(int64(100+len(all)+len(batch)))) // a seq the store must not keep
			}
			got := appendEvents(t, st, id, batch...)
			for i := range batch {
				batch[i].Seq = int64(len(all) + i + 1)
			}
			same(t, fmt.Sprintf("seqs given to %d events after %d", n, len(all)), got, batch)
			all = append(all, batch...)
		}
		if got := snapshot(t, st, id).LastSeq; got != 12 {
			t.Errorf("snapshot's last seq is %d, want 12", got)
		}
		if got, err := st.LastSeq(t.Context(), id); err != nil || got != 12 {
			t.Errorf("LastSeq = %d, %v; want 12", got, err)
		}
		for _, tc := range []struct {
			after  int64
			limit  int
			first  int64
			length int
		}{
			{0, 5, 1, 5},
			{5, 100, 6, 7},
			{9, 2, 10, 2},
			{12, 10, 0, 0},
		} {
			got, err := st.Events(t.Context(), id, tc.after, tc.limit)
			if err != nil {
				t.Fatalf("events after %d: %v", tc.after, err)
			}
			var want []game.Event
			if tc.length > 0 {
				want = all[tc.first-1 : tc.first-1+int64(tc.length)]
			}
			same(t, fmt.Sprintf("events after %d, at most %d", tc.after, tc.limit), got, want)
		}
	})
	t.Run("CallersSeqsAreIgnored", func(t *testing.T) {
		st := s.open(t)
		create(t, st, newCampaign(id, "p1"))
		ev := newEvent(1)
		ev.Seq = 41
		if got := appendEvents(t, st, id, ev); got[0].Seq != 1 {
			t.Fatalf("an event appended with seq 41 to an empty log got seq %d, want 1", got[0].Seq)
		}
	})
	t.Run("NoneYetIsEmpty", func(t *testing.T) {
		st := s.open(t)
		create(t, st, newCampaign(id, "p1"))
		got, err := st.Events(t.Context(), id, 0, 10)
		if err != nil {
			t.Fatalf("events: %v", err)
		}
		if len(got) != 0 {
			t.Fatalf("got %d events in a new campaign", len(got))
		}
		if got := snapshot(t, st, id).LastSeq; got != 0 {
			t.Errorf("snapshot's last seq is %d in a new campaign, want 0", got)
		}
		if got, err := st.LastSeq(t.Context(), id); err != nil || got != 0 {
			t.Errorf("LastSeq = %d, %v in a new campaign; want 0", got, err)
		}
		if got, err := st.LastSeq(t.Context(), "no-such-campaign"); err != nil || got != 0 {
			t.Errorf("LastSeq = %d, %v of no campaign; want 0", got, err)
		}
	})
}

// outbox holds the store to the outbox's promises: events are appended
// with their seqs in the transaction of what they announce, so the log
// has no hole and a write is never stored without its events, nor events
// without their write.
func (s suite) outbox(t *testing.T) {
	const id = "camp-a"
	t.Run("ConcurrentAppendsLeaveNoHole", func(t *testing.T) {
		st := s.open(t)
		create(t, st, newCampaign(id, "p1"))
		const appenders = 16
		given := make([][]game.Event, appenders)
		errs := race(appenders, func(i int) error {
			evs := make([]game.Event, i%4+1)
			for j := range evs {
				evs[j] = game.Event{Data: fmt.Appendf(nil, `{"by":%d,"n":%d}`, i, j), CreatedAt: t0}
			}
			given[i] = evs
			return st.Commit(t.Context(), game.Tx{CampaignID: id, Events: evs})
		})
		total := 0
		for i, err := range errs {
			if err != nil {
				t.Fatalf("appender %d: %v", i, err)
			}
			total += len(given[i])
		}
		log := allEvents(t, st, id)
		if len(log) != total || snapshot(t, st, id).LastSeq != int64(total) {
			t.Fatalf("%d events appended; the log has %d, last seq %d", total, len(log), snapshot(t, st, id).LastSeq)
		}
		for i, ev := range log {
			if ev.Seq != int64(i+1) {
				t.Fatalf("the log has seq %d at place %d: a hole or a duplicate", ev.Seq, i+1)
			}
		}
		for i, evs := range given {
			// Each append's events are consecutive, in its order, and
			// stored at the seqs it was told.
			for j, ev := range evs {
				if j > 0 && ev.Seq != evs[j-1].Seq+1 {
					t.Errorf("appender %d: seqs %d then %d", i, evs[j-1].Seq, ev.Seq)
				}
				if string(log[ev.Seq-1].Data) != string(ev.Data) {
					t.Errorf("appender %d was given seq %d, which holds %s, not its %s", i, ev.Seq, log[ev.Seq-1].Data, ev.Data)
				}
			}
		}
	})
	t.Run("FailedCommitAppendsNothing", func(t *testing.T) {
		st := s.open(t)
		c := create(t, st, newCampaign(id, "p1"))
		appendEvents(t, st, id, newEvent(1))
		stale := c
		stale.Version = 7
		err := st.Commit(t.Context(), game.Tx{CampaignID: id, Campaign: &stale, Events: []game.Event{newEvent(2), newEvent(3)}})
		wantKind(t, "commit of a stale campaign with events", err, fault.Conflict)
		if log := allEvents(t, st, id); len(log) != 1 || snapshot(t, st, id).LastSeq != 1 {
			t.Fatalf("after a failed commit: %d events, last seq %d; want the 1 from before", len(log), snapshot(t, st, id).LastSeq)
		}
		if got := appendEvents(t, st, id, newEvent(2)); got[0].Seq != 2 {
			t.Fatalf("the append after a failed commit got seq %d, want 2: the failed one left a hole", got[0].Seq)
		}
	})
	t.Run("TurnCommitsWithItsEvents", func(t *testing.T) {
		st := s.open(t)
		create(t, st, newCampaign(id, "p1"))
		lease := newLease("turn-1", t0, at(time.Minute))
		commit(t, st, game.Tx{CampaignID: id, AcquireLease: &lease, LeaseNow: t0,
			Events: []game.Event{event("turn.accepted", "turn-1")}})
		turn := newTurn(id, 1)
		state := newState(id)
		state.TurnCount = 1
		closing := []game.Event{event("narration.done", turn.ID), event("turn.committed", turn.ID)}
		commit(t, st, game.Tx{CampaignID: id, Turn: &turn, State: &state, ExpectTurnCount: 0, ReleaseLease: lease.TurnID,
			Request: &campaign.Request{RequestID: turn.RequestID, TurnID: turn.ID, CreatedAt: t0}, Events: closing})
		if closing[0].Seq != 2 || closing[1].Seq != 3 {
			t.Fatalf("the turn's events got seqs %d and %d, want 2 and 3", closing[0].Seq, closing[1].Seq)
		}
		same(t, "the log", allEvents(t, st, id), append([]game.Event{{Seq: 1, Data: event("turn.accepted", "turn-1").Data, CreatedAt: t0}}, closing...))
		same(t, "turns", sequences(turns(t, st, id, 0, 10)), []int{1})
	})
	t.Run("RacingTurnsAnnounceOnlyTheWinner", func(t *testing.T) {
		// Turns race for sequence 1 while presence-like appends go on:
		// the log ends up with the winner's events and every append's,
		// and no loser's, with no hole.
		st := s.open(t)
		create(t, st, newCampaign(id, "p1"))
		const turns, appends = 6, 6
		errs := race(turns+appends, func(i int) error {
			if i >= turns {
				return st.Commit(t.Context(), game.Tx{CampaignID: id, Events: []game.Event{event("presence", fmt.Sprint("append-", i))}})
			}
			turn := newTurn(id, 1)
			turn.ID = fmt.Sprint("turn-", i)
			state := newState(id)
			state.TurnCount = 1
			return st.Commit(t.Context(), game.Tx{CampaignID: id, Turn: &turn, State: &state, ExpectTurnCount: 0,
				Events: []game.Event{event("narration.done", turn.ID), event("turn.committed", turn.ID)}})
		})
		winner := oneWinner(t, errs[:turns])
		for i, err := range errs[turns:] {
			if err != nil {
				t.Fatalf("append %d: %v", i, err)
			}
		}
		log := allEvents(t, st, id)
		var got []string
		for i, ev := range log {
			if ev.Seq != int64(i+1) {
				t.Fatalf("the log has seq %d at place %d", ev.Seq, i+1)
			}
			got = append(got, string(ev.Data))
		}
		for i := range turns {
			n := strings.Count(strings.Join(got, "\n"), fmt.Sprintf(`"turn-%d"`, i))
			if want := map[bool]int{true: 2, false: 0}[i == winner]; n != want {
				t.Errorf("turn-%d (winner: %v) has %d events in the log, want %d", i, i == winner, n, want)
			}
		}
		if len(log) != 2+appends {
			t.Errorf("the log has %d events, want the winner's 2 and %d appends", len(log), appends)
		}
	})
}

// event is a small wire-like event about turn.
func event(typ, turnID string) game.Event {
	return game.Event{Data: fmt.Appendf(nil, `{"type":%q,"campaign_id":"camp-a","turn_id":%q}`, typ, turnID), CreatedAt: t0}
}

// allEvents reads the whole log of the campaign.
func allEvents(t *testing.T, st game.Store, campaignID string) []game.Event {
	t.Helper()
	var out []game.Event
	for after := int64(0); ; {
		evs, err := st.Events(t.Context(), campaignID, after, 100)
		if err != nil {
			t.Fatalf("events of %s: %v", campaignID, err)
		}
		out = append(out, evs...)
		if len(evs) < 100 {
			return slices.Clip(out)
		}
		after = evs[len(evs)-1].Seq
	}
}
