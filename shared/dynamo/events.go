package dynamo

import (
	"context"
	"fmt"
	"slices"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"chronicler/shared/fault"
	"chronicler/shared/game"
)

// ReserveSeqs reserves the campaign's next n event seqs with one atomic
// ADD on its SEQ item and returns the first. Concurrent reservations get
// disjoint ranges because DynamoDB serialises updates of one item.
func (s *Store) ReserveSeqs(ctx context.Context, campaignID string, n int) (int64, error) {
	const op = "reserve event seqs"
	if n < 1 {
		return 0, fault.Field(op, "n", "must be at least 1")
	}
	out, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName:                 aws.String(s.table),
		Key:                       key(campaignPK(campaignID), skSeq),
		UpdateExpression:          aws.String("ADD #last :n"),
		ExpressionAttributeNames:  map[string]string{"#last": attrLastSeq},
		ExpressionAttributeValues: item{":n": num(int64(n))},
		ReturnValues:              types.ReturnValueUpdatedNew,
	})
	if err != nil {
		return 0, internal(op, err, "campaign %s: add %d", campaignID, n)
	}
	last, err := getN(out.Attributes, attrLastSeq)
	if err == nil && last < int64(n) {
		err = fmt.Errorf("counter answered %d after adding %d", last, n)
	}
	if err != nil {
		return 0, fault.Wrap(fault.Internal, op, fmt.Errorf("campaign %s: %w", campaignID, err))
	}
	return last - int64(n) + 1, nil
}

// PutEvents stores events with BatchWriteItem, 25 at a time, retrying
// unprocessed items with backoff (bounded).
//
// Why not TransactWriteItems: events need no all-or-nothing. Each is keyed
// by a seq reserved for it, so a write is idempotent and a caller that gets
// an error may simply put the same events again; readers already live with
// gaps (a seq reserved by a writer that died is never written, and two
// writers' batches land in any order). Batch writes cost half the write
// units of transactional ones and are not limited to 100 items.
func (s *Store) PutEvents(ctx context.Context, campaignID string, events []game.Event) error {
	const op = "put events"
	now := s.Now()
	seen := make(map[int64]bool, len(events))
	reqs := make([]types.WriteRequest, 0, len(events))
	for _, e := range events {
		if e.Seq < 1 || e.Seq > maxEventSeq {
			return fault.Field(op, "seq", "must be a reserved seq, between 1 and %d", int64(maxEventSeq))
		}
		if seen[e.Seq] {
			return fault.Field(op, "seq", "seq %d appears twice", e.Seq)
		}
		seen[e.Seq] = true
		reqs = append(reqs, types.WriteRequest{PutRequest: &types.PutRequest{Item: eventItem(campaignID, e, now)}})
	}
	return s.batchPut(ctx, op, campaignID, reqs)
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

// Events lists stored events with seq > after, in order, at most limit
// (none when limit < 1). Events past their TTL are left out: DynamoDB
// deletes them only eventually, and local servers never do.
func (s *Store) Events(ctx context.Context, campaignID string, after int64, limit int) ([]game.Event, error) {
	const op = "list events"
	events := []game.Event{}
	if limit < 1 || after >= maxEventSeq {
		return events, nil
	}
	// A filter applies after Limit, so s.query keeps paging until limit
	// unexpired events are found or the partition's events are exhausted.
	items, err := s.query(ctx, op, &dynamodb.QueryInput{
		KeyConditionExpression:   aws.String("#pk = :pk AND #sk BETWEEN :lo AND :hi"),
		FilterExpression:         aws.String("#exp > :now"),
		ExpressionAttributeNames: names("#exp", AttrTTL),
		ExpressionAttributeValues: item{
			":pk":  str(campaignPK(campaignID)),
			":lo":  str(eventSK(max(after+1, 0))),
			":hi":  str(eventSK(maxEventSeq)),
			":now": &types.AttributeValueMemberN{Value: epoch(s.Now())},
		},
		ConsistentRead: aws.Bool(true),
	}, limit)
	if err != nil {
		return nil, err
	}
	for _, it := range items {
		e, err := decodeEvent(it)
		if err != nil {
			return nil, fault.Wrap(fault.Internal, op, err)
		}
		events = append(events, e)
	}
	return events, nil
}
