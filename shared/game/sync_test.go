package game_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"chronicler/events"
	"chronicler/shared/game"
)

// page is one sync reply as a connection received it.
type page struct {
	events []int64 // the seqs it carried, in order
	bytes  int     // the events' bytes
	done   events.SyncDone
	frames int // every message of the reply, sync.begin and sync.done included
}

// syncPage asks for one page after afterSeq and reads the reply off the
// fixture's pusher, checking its framing.
func (f *fixture) syncPage(t *testing.T, conn string, afterSeq int64, limit int) page {
	t.Helper()
	before := len(f.push.sent[conn])
	if err := f.svc.Sync(context.Background(), conn, afterSeq, limit); err != nil {
		t.Fatal(err)
	}
	msgs := f.push.sent[conn][before:]
	var p page
	p.frames = len(msgs)
	for i, m := range msgs {
		var h struct {
			Type string `json:"type"`
			Seq  int64  `json:"seq"`
		}
		if err := json.Unmarshal(m, &h); err != nil {
			t.Fatal(err)
		}
		switch {
		case i == 0 && h.Type != events.TypeSyncBegin:
			t.Fatalf("a reply opened with %s", m)
		case i == len(msgs)-1:
			if h.Type != events.TypeSyncDone {
				t.Fatalf("a reply ended with %s", m)
			}
			if err := json.Unmarshal(m, &p.done); err != nil {
				t.Fatal(err)
			}
		case i > 0:
			if h.Seq == 0 {
				t.Fatalf("a reply carried %s, which is no campaign event", m)
			}
			p.events = append(p.events, h.Seq)
			p.bytes += len(m)
		}
	}
	return p
}

// drain pages through the log after afterSeq as a client does, asking
// for the next page only when it has read the last, and returns every
// seq it got and the pages.
func (f *fixture) drain(t *testing.T, conn string, afterSeq int64, limit int) ([]int64, []page) {
	t.Helper()
	var seqs []int64
	var pages []page
	for after := afterSeq; ; {
		p := f.syncPage(t, conn, after, limit)
		pages = append(pages, p)
		seqs = append(seqs, p.events...)
		if !p.done.More {
			return seqs, pages
		}
		if p.done.NextAfterSeq <= after {
			t.Fatalf("page %d after %d moved on to %d", len(pages), after, p.done.NextAfterSeq)
		}
		after = p.done.NextAfterSeq
		if len(pages) > 10000 {
			t.Fatal("paging never ends")
		}
	}
}

// longLog publishes n recaps of about size bytes each, in commits of 500.
func (f *fixture) longLog(t *testing.T, campaignID string, n, size int) {
	t.Helper()
	for i := 0; i < n; i += 500 {
		texts := make([]string, min(500, n-i))
		for j := range texts {
			texts[j] = fmt.Sprintf("%06d %s", i+j, strings.Repeat("x", size))
		}
		if err := game.PublishManyForTest(context.Background(), f.svc, campaignID, texts); err != nil {
			t.Fatal(err)
		}
	}
}

func lastSeq(t *testing.T, f *fixture, campaignID string) int64 {
	t.Helper()
	snap, err := f.store.Snapshot(context.Background(), campaignID)
	if err != nil {
		t.Fatal(err)
	}
	return snap.LastSeq
}

// A gap of many pages comes whole, in order and exactly once, each reply
// within events.MaxSyncPage events: the client reads one page at a time.
func TestSyncOfALongGapComesInBoundedPages(t *testing.T) {
	f := newFixture(t)
	c, _ := f.table(t, "Long absence", "c1")
	f.longLog(t, c.ID, 1100, 40)
	last := lastSeq(t, f, c.ID)
	const from = 7
	seqs, pages := f.drain(t, "c1", from, 0)
	if int64(len(seqs)) != last-from {
		t.Fatalf("paging brought %d events, want %d", len(seqs), last-from)
	}
	for i, s := range seqs {
		if s != from+1+int64(i) {
			t.Fatalf("event %d of the paging has seq %d, want %d", i, s, from+1+int64(i))
		}
	}
	if want := int((last - from + events.MaxSyncPage - 1) / events.MaxSyncPage); len(pages) != want {
		t.Errorf("%d pages, want %d", len(pages), want)
	}
	for i, p := range pages {
		if len(p.events) > events.MaxSyncPage || p.frames > events.MaxSyncPage+2 {
			t.Errorf("page %d carried %d events in %d messages", i, len(p.events), p.frames)
		}
		if p.done.LastSeq != last {
			t.Errorf("page %d: last_seq %d, want %d", i, p.done.LastSeq, last)
		}
		if p.done.More && p.done.NextAfterSeq != p.events[len(p.events)-1] {
			t.Errorf("page %d: next_after_seq %d, its last event %d", i, p.done.NextAfterSeq, p.events[len(p.events)-1])
		}
	}
}

// A client may ask for smaller pages; a page that ends exactly at the
// last seq says there is no more, and so does a sync with nothing new.
func TestSyncPageHoldsTheClientsLimit(t *testing.T) {
	f := newFixture(t)
	c, _ := f.table(t, "Small pages", "c1")
	f.longLog(t, c.ID, 30, 10)
	last := lastSeq(t, f, c.ID)
	seqs, pages := f.drain(t, "c1", last-30, 10)
	if len(seqs) != 30 || len(pages) != 3 {
		t.Fatalf("30 events in pages of 10 came as %d events in %d pages", len(seqs), len(pages))
	}
	for i, p := range pages {
		if len(p.events) != 10 || p.done.More != (i < 2) {
			t.Errorf("page %d: %d events, more %v", i, len(p.events), p.done.More)
		}
	}
	if p := f.syncPage(t, "c1", last, 0); len(p.events) != 0 || p.done.More || p.done.LastSeq != last {
		t.Errorf("a sync with nothing new: %+v", p)
	}
}

// Large events end a page at its byte bound, well before its count, so
// that a page fits a connection's send queue in bytes too.
func TestSyncPageStopsAtItsBytes(t *testing.T) {
	f := newFixture(t)
	c, _ := f.table(t, "Long narrations", "c1")
	f.longLog(t, c.ID, 120, 16<<10)
	last := lastSeq(t, f, c.ID)
	seqs, pages := f.drain(t, "c1", last-120, 0)
	if len(seqs) != 120 {
		t.Fatalf("got %d events, want 120", len(seqs))
	}
	if len(pages) < 4 {
		t.Fatalf("120 events of 16 KiB came in %d pages", len(pages))
	}
	for i, p := range pages {
		if p.bytes > game.SyncPageBytes+(20<<10) {
			t.Errorf("page %d carried %d bytes, bound %d", i, p.bytes, game.SyncPageBytes)
		}
	}
}

// A page ends when it has taken SyncPageTime, however slow each post is,
// and carries at least one event, so paging moves on even then.
func TestSyncPageStopsAtItsTime(t *testing.T) {
	f := newFixture(t)
	c, _ := f.table(t, "Slow posts", "c1")
	f.longLog(t, c.ID, 150, 10)
	last := lastSeq(t, f, c.ID)

	f.push.onSend = func() { f.clock.Add(100 * time.Millisecond) }
	p := f.syncPage(t, "c1", last-150, 0)
	// sync.begin's post takes its 100 ms as well.
	if want := int(game.SyncPageTime/(100*time.Millisecond)) - 1; len(p.events) != want || !p.done.More {
		t.Errorf("at 100 ms a post, a page carried %d events (more %v), want %d", len(p.events), p.done.More, want)
	}

	f.push.onSend = func() { f.clock.Add(game.SyncPageTime) }
	seqs, pages := f.drain(t, "c1", last-3, 0)
	if len(seqs) != 3 || len(pages) != 3 {
		t.Errorf("posts slower than a page's time: %d events in %d pages, want one a page", len(seqs), len(pages))
	}
}
