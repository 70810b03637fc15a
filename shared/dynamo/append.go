package dynamo

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"chronicler/shared/fault"
	"chronicler/shared/game"
)

// The tail: events appended alone, a few standard writes instead of a
// transaction each. A narration is told a sentence at a time, each
// sentence an event that must be stored, with its seq, before any player
// sees it (a player who reconnects mid-narration syncs the sentences
// shown). As a Commit of one event, a sentence cost a transaction of two
// items (the event and the counter, 4 write units) and a read.
//
// Append instead writes the event into the SEQ item itself: the counter
// holds, beside last_seq, the tail, the events appended alone since the
// last flush, oldest first, whose seqs are the last len(tail) up to
// last_seq. An append reads the counter and puts it back with last_seq
// one up and the event at the end of the tail, on the condition that
// last_seq still holds what was read: one standard PutItem of an item
// kept under 1 KB, so 1 write unit, and one strongly consistent read.
// The event and its seq are stored by the same single-item write, so the
// log still has no hole and a crash loses nothing that was pushed.
//
// The tail is flushed into a range item, WIRE#EVT#<its last seq> holding
// first (its first seq) and its events, by the append that would take the
// counter past tailBytes (a standard PutItem of the range first, then the
// counter with the new event alone), and by every Commit that appends
// events (a standard PutItem before its transaction, which puts the
// counter back without a tail). A flush that dies before the counter is put leaves a
// range item whose events are still in the tail: a reader keeps one of
// each seq.
//
// Events reads the counter (its tail) before it queries the event items,
// so that a tail flushed between the two reads is found in its range item.

const (
	// tailBytes bounds the tail's size, each event counted as its data
	// and entryBytes, so that the counter stays under 1 KB and each
	// append is 1 write unit.
	tailBytes  = 900
	entryBytes = 40
	// appendBytes is the largest event Append puts in the tail; a larger
	// one is committed as Commit would.
	appendBytes = 2 << 10
)

// Attributes of the tail and of a range item.
const (
	attrTail      = "tail"   // SEQ: the events appended alone since the last flush, oldest first
	attrFirst     = "first"  // a range item: the seq of its first event (its sort key is its last's)
	attrEvents    = "events" // a range item: its events, as in a tail
	attrEntryData = "d"      // an event of a tail or a range: its data
	attrEntryAt   = "at"     // an event of a tail or a range: its created_at
)

// counter is the SEQ item as read.
type counter struct {
	last   int64
	exists bool
	tail   []game.Event // with their seqs
	bytes  int          // the tail's size, as tailBytes counts it
}

// readCounter reads the campaign's SEQ item with a consistent read.
func (s *Store) readCounter(ctx context.Context, op, campaignID string) (counter, error) {
	out, err := s.db.GetItem(ctx, &dynamodb.GetItemInput{
		TableName:      aws.String(s.table),
		Key:            key(campaignPK(campaignID), skSeq),
		ConsistentRead: aws.Bool(true),
	})
	if err != nil {
		return counter{}, internal(op, err, "campaign %s: read the event counter", campaignID)
	}
	if len(out.Item) == 0 {
		return counter{}, nil
	}
	c, err := decodeCounter(out.Item)
	if err != nil {
		return counter{}, fault.Wrap(fault.Internal, op, fmt.Errorf("campaign %s: event counter: %w", campaignID, err))
	}
	return c, nil
}

func decodeCounter(it item) (counter, error) {
	last, err := getN(it, attrLastSeq)
	if err != nil {
		return counter{}, err
	}
	c := counter{last: last, exists: true}
	if c.tail, err = decodeEntries(it[attrTail], 0, last); err != nil {
		return counter{}, err
	}
	for _, e := range c.tail {
		c.bytes += len(e.Data) + entryBytes
	}
	return c, nil
}

// decodeEntries reads a list of events whose seqs are first, first+1, ...
// or, when first is 0, the ones that end at last.
func decodeEntries(v types.AttributeValue, first, last int64) ([]game.Event, error) {
	if v == nil {
		return nil, nil
	}
	l, ok := v.(*types.AttributeValueMemberL)
	if !ok {
		return nil, fmt.Errorf("events are %T, want a list", v)
	}
	if first == 0 {
		first = last - int64(len(l.Value)) + 1
	}
	out := make([]game.Event, 0, len(l.Value))
	for i, ev := range l.Value {
		m, ok := ev.(*types.AttributeValueMemberM)
		if !ok {
			return nil, fmt.Errorf("event %d is %T, want a map", first+int64(i), ev)
		}
		e := game.Event{Seq: first + int64(i)}
		if b, ok := m.Value[attrEntryData].(*types.AttributeValueMemberB); ok {
			e.Data = b.Value
		}
		if at := getS(m.Value, attrEntryAt); at != "" {
			t, err := time.Parse(time.RFC3339Nano, at)
			if err != nil {
				return nil, fmt.Errorf("event %d created_at: %w", e.Seq, err)
			}
			e.CreatedAt = t
		}
		out = append(out, e)
	}
	return out, nil
}

func entries(evs []game.Event) *types.AttributeValueMemberL {
	l := make([]types.AttributeValue, len(evs))
	for i, e := range evs {
		l[i] = &types.AttributeValueMemberM{Value: item{
			attrEntryData: &types.AttributeValueMemberB{Value: e.Data},
			attrEntryAt:   str(stamp(e.CreatedAt)),
		}}
	}
	return &types.AttributeValueMemberL{Value: l}
}

// rangeItem is the item a flushed tail is kept in, under its last seq.
func rangeItem(campaignID string, tail []game.Event) item {
	first, last := tail[0], tail[len(tail)-1]
	return item{
		AttrPK:       str(campaignPK(campaignID)),
		AttrSK:       str(eventSK(last.Seq)),
		attrEventSeq: num(last.Seq),
		attrFirst:    num(first.Seq),
		attrEvents:   entries(tail),
		// Kept as long as its newest event would be alone.
		AttrTTL: &types.AttributeValueMemberN{Value: epoch(last.CreatedAt.Add(eventTTL))},
	}
}

// Append appends e to the campaign's log as Commit{Events: [e]} would, and
// sets its Seq, with a standard write of the counter (see above). An
// event larger than appendBytes, and an append that keeps losing the
// counter, go through Commit.
func (s *Store) Append(ctx context.Context, campaignID string, e *game.Event) error {
	const op = "append"
	if campaignID == "" {
		return fault.Field(op, "campaign_id", "is required")
	}
	if e.CreatedAt.IsZero() {
		e.CreatedAt = s.Now()
	}
	if len(e.Data) > appendBytes {
		return s.appendByCommit(ctx, campaignID, e)
	}
	for try := 1; try <= maxAppendTries; try++ {
		c, err := s.readCounter(ctx, op, campaignID)
		if err != nil {
			return err
		}
		if c.last+1 > maxEventSeq {
			return fault.E(fault.Invalid, op, "campaign %s has used every event seq", campaignID)
		}
		tail := c.tail
		if len(tail) > 0 && c.bytes+len(e.Data)+entryBytes > tailBytes {
			if err := s.flush(ctx, op, campaignID, tail); err != nil {
				return err
			}
			tail = nil
		}
		ev := *e
		ev.Seq = c.last + 1
		tail = append(slices.Clip(tail), ev)
		it := key(campaignPK(campaignID), skSeq)
		it[attrLastSeq] = num(ev.Seq)
		it[attrTail] = entries(tail)
		in := &dynamodb.PutItemInput{TableName: aws.String(s.table), Item: it}
		if c.exists {
			in.ConditionExpression = aws.String("#last = :last")
			in.ExpressionAttributeNames = map[string]string{"#last": attrLastSeq}
			in.ExpressionAttributeValues = item{":last": num(c.last)}
		} else {
			in.ConditionExpression = aws.String("attribute_not_exists(#pk)")
			in.ExpressionAttributeNames = map[string]string{"#pk": AttrPK}
		}
		_, err = s.db.PutItem(ctx, in)
		if err == nil {
			e.Seq = ev.Seq
			return nil
		}
		if !lostCounter(err) {
			return internal(op, err, "campaign %s: append", campaignID)
		}
		if err := appendPause(ctx, try); err != nil {
			return internal(op, err, "campaign %s: append", campaignID)
		}
	}
	return s.appendByCommit(ctx, campaignID, e)
}

// flush stores the tail in its range item with a standard write, before
// the counter that drops it is put: the counter never drops an event
// stored nowhere else.
func (s *Store) flush(ctx context.Context, op, campaignID string, tail []game.Event) error {
	if len(tail) == 0 {
		return nil
	}
	_, err := s.db.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(s.table), Item: rangeItem(campaignID, tail)})
	if err != nil {
		return internal(op, err, "campaign %s: flush events %d-%d", campaignID, tail[0].Seq, tail[len(tail)-1].Seq)
	}
	return nil
}

func (s *Store) appendByCommit(ctx context.Context, campaignID string, e *game.Event) error {
	evs := []game.Event{*e}
	if err := s.Commit(ctx, game.Tx{CampaignID: campaignID, Events: evs}); err != nil {
		return err
	}
	e.Seq = evs[0].Seq
	return nil
}

// lostCounter reports whether a put of the counter failed because
// another append moved it, or a transaction holds it now.
func lostCounter(err error) bool {
	var ccf *types.ConditionalCheckFailedException
	var tc *types.TransactionConflictException
	return errors.As(err, &ccf) || errors.As(err, &tc)
}
