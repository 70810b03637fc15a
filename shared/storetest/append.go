package storetest

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"chronicler/shared/game"
)

// appends: Append is a Commit of one event, by the store's cheapest write.
// A narration appends a sentence at a time while other writers commit
// events of their own, so the log must come out the same whatever the
// mix: seqs consecutive, each event as given, every page of it.
func (s suite) appends(t *testing.T) {
	const id = "camp-a"
	// sentence is an event about the size of a narrated sentence, so
	// that a store that keeps appends apart from commits (a tail) has to
	// move them along more than once.
	sentence := func(i int) game.Event {
		return game.Event{
			Data:      fmt.Appendf(nil, `{"type":"narration.delta","campaign_id":%q,"turn_id":"t1","text":"Sentence %d. %s"}`, id, i, strings.Repeat("The lamplight trembles on the stones. ", 5)),
			CreatedAt: at(time.Duration(i) * time.Second),
		}
	}
	t.Run("InterleavedWithCommits", func(t *testing.T) {
		st := s.open(t)
		create(t, st, newCampaign(id, "p1"))
		var all []game.Event
		for i := range 40 {
			if i%7 == 3 { // a commit of two events between the appends
				got := appendEvents(t, st, id, newEvent(0), newEvent(0))
				all = append(all, got...)
				continue
			}
			e := sentence(i)
			if err := st.Append(t.Context(), id, &e); err != nil {
				t.Fatalf("append %d: %v", i, err)
			}
			all = append(all, e)
		}
		for i, e := range all {
			if e.Seq != int64(i+1) {
				t.Fatalf("event %d of the log was given seq %d", i+1, e.Seq)
			}
		}
		last := int64(len(all))
		if got, err := st.LastSeq(t.Context(), id); err != nil || got != last {
			t.Errorf("LastSeq = %d, %v; want %d", got, err, last)
		}
		if got := snapshot(t, st, id).LastSeq; got != last {
			t.Errorf("snapshot's last seq is %d, want %d", got, last)
		}
		same(t, "the whole log", allEvents(t, st, id), all)
		// Every page, from every place: what a sync after any seq reads.
		for after := int64(0); after <= last; after++ {
			for _, limit := range []int{1, 3, 100} {
				got, err := st.Events(t.Context(), id, after, limit)
				if err != nil {
					t.Fatalf("events after %d: %v", after, err)
				}
				want := all[after:min(after+int64(limit), last)]
				same(t, fmt.Sprintf("events after %d, at most %d", after, limit), got, want)
			}
		}
	})
	t.Run("AfterTheLastCommit", func(t *testing.T) {
		// A narration cut off by a crash: its sentences are appended and
		// nothing commits after them. They are in the log all the same.
		st := s.open(t)
		create(t, st, newCampaign(id, "p1"))
		first := appendEvents(t, st, id, newEvent(0))
		var want []game.Event
		want = append(want, first...)
		for i := range 3 {
			e := sentence(i)
			if err := st.Append(t.Context(), id, &e); err != nil {
				t.Fatal(err)
			}
			want = append(want, e)
		}
		same(t, "the log after the appends", allEvents(t, st, id), want)
	})
	t.Run("ConcurrentAppendsAndCommits", func(t *testing.T) {
		st := s.open(t)
		create(t, st, newCampaign(id, "p1"))
		const n = 12
		errs := race(n, func(i int) error {
			if i%3 == 0 {
				return st.Commit(t.Context(), game.Tx{CampaignID: id, Events: []game.Event{sentence(i), sentence(i)}})
			}
			e := sentence(i)
			return st.Append(t.Context(), id, &e)
		})
		for i, err := range errs {
			if err != nil {
				t.Fatalf("writer %d: %v", i, err)
			}
		}
		log := allEvents(t, st, id)
		want := n + n/3 // the commits append two each
		if len(log) != want {
			t.Fatalf("the log has %d events, want %d", len(log), want)
		}
		for i, e := range log {
			if e.Seq != int64(i+1) {
				t.Fatalf("the log has seq %d at place %d", e.Seq, i+1)
			}
		}
	})
	t.Run("LargeEvent", func(t *testing.T) {
		st := s.open(t)
		create(t, st, newCampaign(id, "p1"))
		big := game.Event{Data: fmt.Appendf(nil, `{"type":"narration.delta","text":%q}`, strings.Repeat("long ", 20_000)), CreatedAt: t0}
		small := sentence(1)
		for _, e := range []*game.Event{&small, &big, &small} {
			if err := st.Append(t.Context(), id, e); err != nil {
				t.Fatal(err)
			}
		}
		got := allEvents(t, st, id)
		if len(got) != 3 || string(got[1].Data) != string(big.Data) || got[2].Seq != 3 {
			t.Errorf("the log after a large append has %d events", len(got))
		}
	})
}
