package main

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"chronicler/events"
	"chronicler/shared/game"
)

// absence writes n campaign events to the store as a table playing on
// without this client would: narration sentences, with a turn's larger
// commit every 30 events (its narration.done opens "Chapter <n>.", n
// from 0). Nothing is pushed; the events wait in the log
// for a sync.
func absence(t testing.TB, srv *server, campaignID string, n int) {
	t.Helper()
	ctx := context.Background()
	sentence := strings.Repeat("The fog thickens over the harbour. ", 5)
	for i := 0; i < n; i += 100 {
		tx := game.Tx{CampaignID: campaignID}
		for j := i; j < min(i+100, n); j++ {
			h := events.Header{CampaignID: campaignID}
			var body any
			if j%30 == 29 {
				h.Type, body = events.TypeNarrationDone, events.NarrationDone{TurnID: fmt.Sprint("t", j/30),
					Text: fmt.Sprintf("Chapter %d. %s", j/30, strings.Repeat(sentence, 12))}
			} else {
				h.Type, body = events.TypeNarrationDelta, events.NarrationDelta{TurnID: fmt.Sprint("t", j/30), Text: sentence}
			}
			data, err := events.Encode(h, body)
			if err != nil {
				t.Fatal(err)
			}
			tx.Events = append(tx.Events, game.Event{Data: data})
		}
		if err := srv.store.Commit(ctx, tx); err != nil {
			t.Fatal(err)
		}
	}
}

// syncClient is a client that knows the paged sync: it asks for a page,
// reads it to its sync.done as fast as it can, and asks for the next.
type syncClient struct {
	t    testing.TB
	conn *websocket.Conn
	// pause, when set, runs after each message read: a slower reader.
	pause func()
}

func dialSync(t testing.TB, p *player, campaignID string) *syncClient {
	t.Helper()
	c := rawDial(t, p.base, p, campaignID)
	c.SetReadLimit(1 << 20)
	return &syncClient{t: t, conn: c}
}

// syncReply is one page as the client read it.
type syncReply struct {
	messages int // sync.begin to sync.done, both included
	seqs     []int64
	done     events.SyncDone
	took     time.Duration // from the ask to its sync.done
}

// page asks for the events after after and reads the reply.
func (c *syncClient) page(after int64) (syncReply, error) {
	start := time.Now()
	ask, _ := json.Marshal(map[string]any{"action": "sync", "after_seq": after})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := c.conn.Write(ctx, websocket.MessageText, ask); err != nil {
		return syncReply{}, fmt.Errorf("ask after %d: %w", after, err)
	}
	var r syncReply
	begun := false
	for {
		_, data, err := c.conn.Read(ctx)
		if err != nil {
			return r, fmt.Errorf("read the page after %d (%d messages in): %w", after, r.messages, err)
		}
		if c.pause != nil {
			c.pause()
		}
		var m struct {
			Type string `json:"type"`
			Seq  int64  `json:"seq"`
		}
		if err := json.Unmarshal(data, &m); err != nil {
			return r, err
		}
		switch {
		case m.Type == events.TypeSyncBegin:
			begun = true
			r.messages++
		case !begun:
			// something live before the reply: not ours to count
		case m.Type == events.TypeSyncDone:
			r.messages++
			r.took = time.Since(start)
			return r, json.Unmarshal(data, &r.done)
		default:
			r.messages++
			if m.Seq != 0 {
				r.seqs = append(r.seqs, m.Seq)
			}
		}
	}
}

// all pages through everything after from.
func (c *syncClient) all(from int64) ([]int64, []syncReply, error) {
	var seqs []int64
	var replies []syncReply
	for after := from; ; {
		r, err := c.page(after)
		if err != nil {
			return seqs, replies, err
		}
		replies = append(replies, r)
		seqs = append(seqs, r.seqs...)
		if !r.done.More {
			return seqs, replies, nil
		}
		after = r.done.NextAfterSeq
	}
}

// A client back from a long absence asks for 3,000 events, three times
// what the gateway's send queue holds, and gets every one, in order, in
// replies of at most a page each, on the socket it asked on: never
// closed, whether it reads as fast as it can or takes its time.
func TestSyncOfAGapLargerThanTheSendQueue(t *testing.T) {
	const gap = 3000
	tb, from := awayFrom(t, gap)

	read := 0
	for _, tc := range []struct {
		name  string
		pause func()
	}{
		{"AsFastAsItCan", nil},
		{"AtItsOwnPace", func() {
			if read++; read%10 == 0 {
				time.Sleep(time.Millisecond)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := dialSync(t, tb.players[0], tb.id)
			c.pause = tc.pause
			seqs, replies, err := c.all(from)
			if err != nil {
				t.Fatalf("after %d events in %d replies: %v", len(seqs), len(replies), err)
			}
			if len(seqs) != gap {
				t.Fatalf("got %d events, want %d", len(seqs), gap)
			}
			for i, s := range seqs {
				if s != from+1+int64(i) {
					t.Fatalf("event %d has seq %d, want %d", i, s, from+1+int64(i))
				}
			}
			for i, r := range replies {
				if r.messages > events.MaxSyncPage+2 {
					t.Errorf("reply %d was %d messages", i, r.messages)
				}
			}
			if min := (gap + events.MaxSyncPage - 1) / events.MaxSyncPage; len(replies) < min {
				t.Errorf("%d replies, fewer than %d pages", len(replies), min)
			}
			// Still open: the same socket answers again.
			if r, err := c.page(from + gap); err != nil || len(r.seqs) != 0 || r.done.More {
				t.Errorf("after the paging the socket answered %+v, %v", r, err)
			}
		})
	}
}

// awayFrom is Aria's table "Long absence" on a server of its own, which
// played on gap events (absence) after the last seq she saw, from.
func awayFrom(t testing.TB, gap int) (tb *table, from int64) {
	t.Helper()
	srv := serveInProcess(t)
	tb = newTable(t, "http://"+srv.ln.Addr().String(), "Long absence", "Aria")
	from = lastSeqOf(t, tb)
	absence(t, srv, tb.id, gap)
	return tb, from
}

// lastSeqOf reads the campaign's last seq from the HTTP API.
func lastSeqOf(t testing.TB, tb *table) int64 {
	t.Helper()
	var view struct {
		LastSeq int64 `json:"last_seq"`
	}
	tb.players[0].must("GET", "/api/campaigns/"+tb.id, nil, &view, 200)
	return view.LastSeq
}

// BenchmarkSyncLongAbsence pages through 50,000 events (a long campaign
// missed whole) on one socket through the local gateway: the replies it
// took, the largest reply in messages, and the time of a reply, the
// median and the slowest, against the page's bound (game.SyncPageTime).
func BenchmarkSyncLongAbsence(b *testing.B) {
	const gap = 50000
	tb, from := awayFrom(b, gap)
	c := dialSync(b, tb.players[0], tb.id)
	var took []time.Duration
	var replies, largest int
	b.ResetTimer()
	for range b.N {
		_, rs, err := c.all(from)
		if err != nil {
			b.Fatal(err)
		}
		for _, r := range rs {
			took = append(took, r.took)
			replies++
			largest = max(largest, r.messages)
		}
	}
	b.StopTimer()
	slices.Sort(took)
	b.ReportMetric(float64(replies)/float64(b.N), "replies/sync")
	b.ReportMetric(float64(largest), "max-msgs/reply")
	b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "reply-p50-ms")
	b.ReportMetric(float64(took[len(took)-1].Microseconds())/1000, "reply-max-ms")
	b.ReportMetric(float64(gap*b.N)/b.Elapsed().Seconds(), "events/s")
}

// The web client back from a long absence catches up without a reload,
// on the socket it reconnects: 600 events missed are read page by page
// and the story shows the last of them; 3,000 (far behind) take the
// campaign afresh, and the story picks up with its last turns.
func TestBrowserResumesALongAbsence(t *testing.T) {
	if testing.Short() {
		t.Skip("browser")
	}
	srv, a := longRoad(t)
	campaignID := strings.TrimPrefix(a.text(`location.hash`), "#c/")
	// A reload would forget this.
	a.do("mark the page", waitJS(`(window.stillThisPage = true)`))

	away := func(n int) {
		srv.stop()
		a.do("see the page offline", waitJS(`document.getElementById("link").dataset.state !== "online"`))
		srv.beforeServe = func(s *server) { absence(t, s, campaignID, n) }
		srv.start()
		srv.beforeServe = nil
	}

	away(600)
	a.do("see the last chapter missed", logHas("Chapter 19."),
		waitJS(`document.getElementById("link").dataset.state === "online"`))
	if a.text(`String(window.stillThisPage === true)`) != "true" {
		t.Fatal("the page reloaded")
	}
	if n := a.text(`String(document.getElementById("log").textContent.split("Chapter 7.").length - 1)`); n != "1" {
		t.Fatalf("a chapter read in the paging is shown %s times: %s", n, pageState(a.ctx))
	}

	away(3000)
	a.do("see the story pick up", logHas("While you were away the table played on"), logHas("Mira lights a lantern."),
		waitJS(`document.getElementById("link").dataset.state === "online"`))
	if a.text(`String(window.stillThisPage === true)`) != "true" {
		t.Fatal("the page reloaded")
	}
	a.act("I walk on")
	a.do("play on", logHas("Mira walks on."))
	if notice := a.text(`document.getElementById("notice").textContent`); notice != "" {
		t.Fatalf("Aria sees an error: %q", notice)
	}
}
