package dynamo

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"chronicler/shared/game"
)

// dieAfterFlush is an API whose process dies right after it flushes a
// tail: the range item is stored, the counter that would drop the tail
// is never put.
type dieAfterFlush struct {
	API
	armed atomic.Bool
}

func (d *dieAfterFlush) PutItem(ctx context.Context, in *dynamodb.PutItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.PutItemOutput, error) {
	out, err := d.API.PutItem(ctx, in, opts...)
	if _, flush := in.Item[attrEvents]; flush && d.armed.CompareAndSwap(true, false) {
		return nil, errors.New("killed")
	}
	return out, err
}

func sentenceEvent(i int) game.Event {
	return game.Event{Data: fmt.Appendf(nil, `{"type":"narration.delta","text":"%d %s"}`, i, strings.Repeat("words ", 40)), CreatedAt: t0}
}

// A flush that dies between its range item and the counter leaves the
// tail's events in both; the log still has each once, and the next
// append goes on from the counter.
func TestAFlushCutShortLeavesNoTwin(t *testing.T) {
	s, _ := open(t)
	s.Now = func() time.Time { return t0 }
	ctx := t.Context()
	d := &dieAfterFlush{API: s.db}
	s.db = d
	var want []string
	appendOne := func(i int) error {
		e := sentenceEvent(i)
		err := s.Append(ctx, "camp-a", &e)
		if err == nil {
			want = append(want, string(e.Data))
		}
		return err
	}
	for i := 0; ; i++ {
		if i == 2 {
			d.armed.Store(true)
		}
		err := appendOne(i)
		if err != nil {
			break // the flush died: event i was never appended
		}
		if i > 20 {
			t.Fatal("no append flushed its tail")
		}
	}
	check := func(when string) {
		t.Helper()
		evs, err := s.Events(ctx, "camp-a", 0, 100)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for i, e := range evs {
			if e.Seq != int64(i+1) {
				t.Fatalf("%s, the log has seq %d at place %d", when, e.Seq, i+1)
			}
			got = append(got, string(e.Data))
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s, the log holds %d events, want the %d appended", when, len(got), len(want))
		}
	}
	check("with the tail in its range item and in the counter")
	for i := 100; i < 110; i++ {
		if err := appendOne(i); err != nil {
			t.Fatal(err)
		}
	}
	check("after more appends")
}

// An append while the tail has room is one standard write of the
// counter: no transaction.
func TestAnAppendIsOneStandardWrite(t *testing.T) {
	s, _ := open(t)
	m := &meter{API: s.db}
	s.db = m
	first := sentenceEvent(0)
	if err := s.Append(t.Context(), "camp-a", &first); err != nil {
		t.Fatal(err)
	}
	m.take()
	e := sentenceEvent(1)
	if err := s.Append(t.Context(), "camp-a", &e); err != nil {
		t.Fatal(err)
	}
	if u := m.take(); u.Transactions != 0 || u.Writes != 1 || u.WRU != 1 {
		t.Errorf("an append made %d transactions and %d writes (%.0f WRU), want 0 and 1 (1 WRU)", u.Transactions, u.Writes, u.WRU)
	}
}
