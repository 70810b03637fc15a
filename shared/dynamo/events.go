package dynamo

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"chronicler/shared/fault"
	"chronicler/shared/game"
)

// Appending events. DynamoDB has no autoincrement: the campaign's SEQ item
// holds the last seq given, and an append reads it, writes its events at
// the seqs after it and writes it back, in the one TransactWriteItems of
// the commit, under the condition that it still holds what was read. Two
// appenders that read the same counter cannot both commit, so seqs are
// consecutive with no hole, and an event is stored only with the writes
// it announces. The loser retries with the counter read again, but only
// when the counter alone failed: any other failed condition is the
// caller's Conflict, and nothing was appended.
//
// Limits: the events, the counter and the commit's other writes share the
// transaction's 100 items and 4 MB, so a caller appends a few events per
// commit. An event is one item of at most 400 KB; a message larger than
// eventInlineBytes is stored gzipped (a JSON message shrinks several
// times), and one that does not fit even so is refused as TooLarge before
// anything is written. (No event the game sends comes near: API Gateway
// posts at most 128 KB to a connection.)

// maxAppendTries bounds the rounds of an append that keeps losing the
// counter to concurrent appends of the same campaign.
const maxAppendTries = 32

const (
	// eventInlineBytes is the largest message stored as it is.
	eventInlineBytes = 64 << 10
	// maxEventDataBytes bounds a gzipped event's data once inflated, so
	// that a damaged item cannot take a function's memory.
	maxEventDataBytes = 32 << 20
	// maxEventBytes is the most an event item's data may hold, leaving
	// the rest of DynamoDB's 400 KB item for its keys and attributes.
	maxEventBytes = 390 << 10
)

// appendWrites are the items of events at the seqs after last, then the
// counter, written back as last+len(events), with no tail (the caller has
// flushed it), on the condition that it still holds last (or, when it did
// not exist, still does not).
func (s *Store) appendWrites(op, campaignID string, events []game.Event, last int64, exists bool) ([]write, error) {
	if last+int64(len(events)) > maxEventSeq {
		return nil, fault.E(fault.Invalid, op, "campaign %s has used every event seq", campaignID)
	}
	now := s.Now()
	pk := campaignPK(campaignID)
	ws := make([]write, 0, len(events)+1)
	for i, e := range events {
		e.Seq = last + 1 + int64(i)
		it, err := eventItem(campaignID, e, now)
		if err != nil {
			return nil, fault.Wrap(fault.Internal, op, err)
		}
		if b, ok := it[attrEventData].(*types.AttributeValueMemberB); ok && len(b.Value) > maxEventBytes {
			return nil, fault.E(fault.TooLarge, op, "event %d of campaign %s is %d bytes stored, more than an item holds", e.Seq, campaignID, len(b.Value))
		}
		// Unconditional: the counter's condition already makes the seq ours.
		ws = append(ws, s.put(fmt.Sprintf("event %d", e.Seq), it, "", nil, nil))
	}
	counter := key(pk, skSeq)
	counter[attrLastSeq] = num(last + int64(len(events)))
	if exists {
		ws = append(ws, s.put(fmt.Sprintf("event counter (moved from %d)", last), counter, "#last = :last",
			map[string]string{"#last": attrLastSeq}, item{":last": num(last)}))
	} else {
		ws = append(ws, s.create("event counter (created meanwhile)", counter))
	}
	return ws, nil
}

// counterOnly reports whether err is a cancelled transaction whose one
// failed item is the counter, at index i: another append took the seqs,
// and nothing else stood in the way.
func counterOnly(err error, i int) bool {
	var tce *types.TransactionCanceledException
	if !errors.As(err, &tce) || len(tce.CancellationReasons) == 0 {
		return false
	}
	only := false
	for j, r := range tce.CancellationReasons {
		switch code := aws.ToString(r.Code); {
		case code == "" || code == "None":
		case j == i && (code == "ConditionalCheckFailed" || code == "TransactionConflict"):
			only = true
		default:
			return false
		}
	}
	return only
}

// appendPause waits a little before try (2, 3, ...) of an append, so that
// appenders that collided do not collide again in step.
func appendPause(ctx context.Context, try int) error {
	return pause(ctx, time.Duration(rand.Int64N(int64(min(try, 10))*int64(time.Millisecond))))
}

// batchPut writes items with BatchWriteItem, 25 at a time, retrying the
// unprocessed ones with backoff a bounded number of times.
func (s *Store) batchPut(ctx context.Context, op, campaignID string, reqs []types.WriteRequest) error {
	for chunk := range slices.Chunk(reqs, 25) {
		pending := chunk
		for attempt := 0; len(pending) > 0; attempt++ {
			if attempt > 0 {
				if attempt > s.batchRetries {
					return fault.Wrap(fault.Internal, op, fmt.Errorf("campaign %s: %d items still unprocessed after %d retries", campaignID, len(pending), s.batchRetries))
				}
				if err := s.sleep(ctx, attempt); err != nil {
					return internal(op, err, "campaign %s", campaignID)
				}
			}
			out, err := s.db.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{
				RequestItems: map[string][]types.WriteRequest{s.table: pending},
			})
			if err != nil {
				return internal(op, err, "campaign %s: batch write %d items", campaignID, len(pending))
			}
			pending = out.UnprocessedItems[s.table]
		}
	}
	return nil
}

// LastSeq reads the campaign's event counter alone. See game.Store.
func (s *Store) LastSeq(ctx context.Context, campaignID string) (int64, error) {
	c, err := s.readCounter(ctx, "read last seq", campaignID)
	return c.last, err
}

// Events lists stored events with seq > after, in order, at most limit
// (none when limit < 1). Events past their TTL are left out: DynamoDB
// deletes them only eventually, and local servers never do.
//
// The log is the event items, the range items of flushed tails and the
// counter's tail (append.go). The counter is read first: a tail flushed
// after it is read is in a range item the query finds, and a seq found
// twice (a flush that died before the counter dropped its tail) is kept
// once. What follows a hole (a transaction the query saw half of) is left
// for the next call.
func (s *Store) Events(ctx context.Context, campaignID string, after int64, limit int) ([]game.Event, error) {
	const op = "list events"
	events := []game.Event{}
	if limit < 1 || after >= maxEventSeq {
		return events, nil
	}
	c, err := s.readCounter(ctx, op, campaignID)
	if err != nil {
		return nil, err
	}
	now := s.Now()
	in := &dynamodb.QueryInput{
		TableName:                aws.String(s.table),
		KeyConditionExpression:   aws.String("#pk = :pk AND #sk BETWEEN :lo AND :hi"),
		FilterExpression:         aws.String("#exp > :now"),
		ExpressionAttributeNames: names("#exp", AttrTTL),
		ExpressionAttributeValues: item{
			":pk":  str(campaignPK(campaignID)),
			":lo":  str(eventSK(max(after+1, 0))),
			":hi":  str(eventSK(maxEventSeq)),
			":now": &types.AttributeValueMemberN{Value: epoch(now)},
		},
		ConsistentRead: aws.Bool(true),
	}
	// A filter applies after Limit, and a range item holds several
	// events: pages are read until limit events after the tail's start
	// or before it are found, or the partition's events are exhausted.
	var found []game.Event
	for n := 0; n < limit; {
		in.Limit = aws.Int32(int32(min(limit-n, 1000)))
		out, err := s.db.Query(ctx, in)
		if err != nil {
			return nil, internal(op, err, "campaign %s: query events", campaignID)
		}
		for _, it := range out.Items {
			evs, err := decodeEvents(it)
			if err != nil {
				return nil, fault.Wrap(fault.Internal, op, err)
			}
			for _, e := range evs {
				if e.Seq > after {
					found = append(found, e)
					n++
				}
			}
		}
		if len(out.LastEvaluatedKey) == 0 {
			break
		}
		in.ExclusiveStartKey = out.LastEvaluatedKey
	}
	for _, e := range c.tail {
		if e.Seq > after && e.CreatedAt.Add(eventTTL).After(now) {
			found = append(found, e)
		}
	}
	slices.SortStableFunc(found, func(a, b game.Event) int { return cmp.Compare(a.Seq, b.Seq) })
	for _, e := range found {
		if len(events) == limit {
			break
		}
		if k := len(events); k > 0 {
			if e.Seq == events[k-1].Seq {
				continue
			}
			if e.Seq != events[k-1].Seq+1 {
				break
			}
		}
		events = append(events, e)
	}
	return events, nil
}

// decodeEvents reads an event item, or a range item's events.
func decodeEvents(it item) ([]game.Event, error) {
	if _, ok := it[attrEvents]; !ok {
		e, err := decodeEvent(it)
		return []game.Event{e}, err
	}
	first, err := getN(it, attrFirst)
	if err != nil {
		return nil, err
	}
	return decodeEntries(it[attrEvents], first, 0)
}
