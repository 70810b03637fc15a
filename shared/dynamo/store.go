package dynamo

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/game"
)

// API is the part of the DynamoDB client the store uses. *dynamodb.Client
// implements it; the caller builds the client (region, credentials,
// endpoint) and the store never loads configuration itself.
type API interface {
	GetItem(ctx context.Context, in *dynamodb.GetItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.GetItemOutput, error)
	Query(ctx context.Context, in *dynamodb.QueryInput, opts ...func(*dynamodb.Options)) (*dynamodb.QueryOutput, error)
	PutItem(ctx context.Context, in *dynamodb.PutItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.PutItemOutput, error)
	UpdateItem(ctx context.Context, in *dynamodb.UpdateItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.UpdateItemOutput, error)
	BatchGetItem(ctx context.Context, in *dynamodb.BatchGetItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.BatchGetItemOutput, error)
	BatchWriteItem(ctx context.Context, in *dynamodb.BatchWriteItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.BatchWriteItemOutput, error)
	TransactWriteItems(ctx context.Context, in *dynamodb.TransactWriteItemsInput, opts ...func(*dynamodb.Options)) (*dynamodb.TransactWriteItemsOutput, error)
}

// Store is game.Store on one DynamoDB table (see keys.go for the key
// design).
type Store struct {
	db    API
	table string

	// Now is the clock that decides which events have expired (local
	// DynamoDB-compatible servers have no TTL, so expired events are
	// filtered on read). It defaults to time.Now.
	Now func() time.Time

	// batchRetries bounds the retries of unprocessed batch items; backoff
	// is the first wait between them, doubled on each retry.
	batchRetries int
	backoff      time.Duration
}

var (
	_ game.Store             = (*Store)(nil)
	_ game.EncounterArchiver = (*Store)(nil)
)

// SetNow sets Now: the clock that decides which events and request
// records have expired.
func (s *Store) SetNow(now func() time.Time) { s.Now = now }

// New returns the store on table through client. The table must exist
// (EnsureTable, or the CDK stack).
func New(client API, table string) *Store {
	return &Store{db: client, table: table, Now: time.Now, batchRetries: 8, backoff: 25 * time.Millisecond}
}

// names is ExpressionAttributeNames for the key attributes, which every
// key condition uses.
func names(extra ...string) map[string]string {
	m := map[string]string{"#pk": AttrPK, "#sk": AttrSK}
	for i := 0; i+1 < len(extra); i += 2 {
		m[extra[i]] = extra[i+1]
	}
	return m
}

// internal wraps an SDK failure as Internal with what was being done.
func internal(op string, err error, format string, args ...any) error {
	return fault.Wrap(fault.Internal, op, fmt.Errorf(format+": %w", append(args, err)...))
}

// get reads one item with a consistent read; NotFound (with what) if it
// does not exist.
func (s *Store) get(ctx context.Context, op, pk, sk, what string) (item, error) {
	out, err := s.db.GetItem(ctx, &dynamodb.GetItemInput{
		TableName:      aws.String(s.table),
		Key:            key(pk, sk),
		ConsistentRead: aws.Bool(true),
	})
	if err != nil {
		return nil, internal(op, err, "get %s %s", pk, sk)
	}
	if len(out.Item) == 0 {
		return nil, fault.E(fault.NotFound, op, "%s not found", what)
	}
	return out.Item, nil
}

// query runs in page by page until there are no more pages or, when limit
// is positive, limit items have been collected.
func (s *Store) query(ctx context.Context, op string, in *dynamodb.QueryInput, limit int) ([]item, error) {
	in.TableName = aws.String(s.table)
	var items []item
	for {
		if limit > 0 {
			in.Limit = aws.Int32(int32(min(limit-len(items), 1000)))
		}
		out, err := s.db.Query(ctx, in)
		if err != nil {
			return nil, internal(op, err, "query %s", aws.ToString(in.KeyConditionExpression))
		}
		items = append(items, out.Items...)
		if len(out.LastEvaluatedKey) == 0 || (limit > 0 && len(items) >= limit) {
			break
		}
		in.ExclusiveStartKey = out.LastEvaluatedKey
	}
	if limit > 0 && len(items) > limit {
		items = items[:limit]
	}
	return items, nil
}

// Campaign reads the campaign's META item. NotFound if it does not exist.
func (s *Store) Campaign(ctx context.Context, campaignID string) (campaign.Campaign, error) {
	const op = "read campaign"
	it, err := s.get(ctx, op, campaignPK(campaignID), skMeta, "campaign")
	if err != nil {
		return campaign.Campaign{}, err
	}
	c, err := decodeCampaign(it)
	if err != nil {
		return c, fault.Wrap(fault.Internal, op, err)
	}
	return c, nil
}

// Snapshot reads the campaign's decision-making items with one Query of its
// partition, below the logs (sk < "TURN#"): no turn, event, request or
// finished encounter is read, whatever the campaign's age. NotFound if
// META does not exist.
func (s *Store) Snapshot(ctx context.Context, campaignID string) (game.Snapshot, error) {
	const op = "read snapshot"
	items, err := s.query(ctx, op, &dynamodb.QueryInput{
		KeyConditionExpression:   aws.String("#pk = :pk AND #sk < :logs"),
		ExpressionAttributeNames: names(),
		ExpressionAttributeValues: item{
			":pk":   str(campaignPK(campaignID)),
			":logs": str(skLogs),
		},
		ConsistentRead: aws.Bool(true),
	}, 0)
	if err != nil {
		return game.Snapshot{}, err
	}
	snap, found, err := decodeSnapshot(items)
	if err != nil {
		return game.Snapshot{}, fault.Wrap(fault.Internal, op, fmt.Errorf("campaign %s: %w", campaignID, err))
	}
	if !found {
		return game.Snapshot{}, fault.E(fault.NotFound, op, "campaign not found")
	}
	return snap, nil
}

// decodeSnapshot sorts a partition's items into a snapshot. Items come in
// sort-key order, which is the order the snapshot promises: characters by
// id, sessions by start, members by player, connections by id, encounters
// by id. A finished encounter stored under ENC# before finished ones were
// moved out (keys.go) is left out, as if it were moved already.
func decodeSnapshot(items []item) (snap game.Snapshot, found bool, err error) {
	for _, it := range items {
		sk := getS(it, AttrSK)
		switch {
		case sk == skMeta:
			snap.Campaign, err = decodeCampaign(it)
			found = true
		case sk == skState:
			err = unmarshalBody(it, &snap.State)
		case sk == skLock:
			var l campaign.Lease
			err = unmarshalBody(it, &l)
			snap.Lease = &l
		case sk == skSeq:
			snap.LastSeq, err = getN(it, attrLastSeq)
		case strings.HasPrefix(sk, skChar):
			var c campaign.Character
			c, err = decodeCharacter(it)
			snap.Characters = append(snap.Characters, c)
		case strings.HasPrefix(sk, skSession):
			var se campaign.Session
			se, err = decodeSession(it)
			snap.Sessions = append(snap.Sessions, se)
		case strings.HasPrefix(sk, skMember):
			var m campaign.Member
			err = unmarshalBody(it, &m)
			snap.Members = append(snap.Members, m)
		case strings.HasPrefix(sk, skConn):
			var c campaign.Connection
			err = unmarshalBody(it, &c)
			snap.Connections = append(snap.Connections, c)
		case strings.HasPrefix(sk, skEnc):
			var e campaign.EncounterRecord
			e, err = decodeEncounter(it)
			if !e.Finished() {
				snap.Encounters = append(snap.Encounters, e)
			}
		}
		if err != nil {
			return snap, found, err
		}
	}
	return snap, found, nil
}

// Encounters lists every encounter of the campaign by id: the ones under
// way (ENC#) and the finished ones (WIRE#ENC#, and any stored under ENC#
// before they were moved), one Query of each prefix.
func (s *Store) Encounters(ctx context.Context, campaignID string) ([]campaign.EncounterRecord, error) {
	const op = "list encounters"
	byID := map[string]campaign.EncounterRecord{}
	for _, prefix := range []string{skEnc, skEncDone} {
		items, err := s.prefixItems(ctx, op, campaignID, prefix, 0)
		if err != nil {
			return nil, err
		}
		for _, it := range items {
			e, err := decodeEncounter(it)
			if err != nil {
				return nil, fault.Wrap(fault.Internal, op, fmt.Errorf("campaign %s: %w", campaignID, err))
			}
			// Moved records are read second: a record in both places
			// (which one transaction never leaves) counts as moved.
			byID[e.ID] = e
		}
	}
	out := make([]campaign.EncounterRecord, 0, len(byID))
	for _, e := range byID {
		out = append(out, e)
	}
	slices.SortFunc(out, func(a, b campaign.EncounterRecord) int { return cmp.Compare(a.ID, b.ID) })
	return out, nil
}

// prefixItems reads the campaign's items whose sort key begins with
// prefix, in sort-key order, at most limit of them when limit is positive.
func (s *Store) prefixItems(ctx context.Context, op, campaignID, prefix string, limit int) ([]item, error) {
	return s.query(ctx, op, &dynamodb.QueryInput{
		KeyConditionExpression:   aws.String("#pk = :pk AND begins_with(#sk, :prefix)"),
		ExpressionAttributeNames: names(),
		ExpressionAttributeValues: item{
			":pk":     str(campaignPK(campaignID)),
			":prefix": str(prefix),
		},
		ConsistentRead: aws.Bool(true),
	}, limit)
}

// decodeBodies decodes each item's body as a T, in order.
func decodeBodies[T any](op string, items []item) ([]T, error) {
	out := make([]T, 0, len(items))
	for _, it := range items {
		var v T
		if err := unmarshalBody(it, &v); err != nil {
			return nil, fault.Wrap(fault.Internal, op, err)
		}
		out = append(out, v)
	}
	return out, nil
}

// ArchiveEncounters moves at most limit finished encounters stored under
// ENC# (before the commit that finishes one moved it, keys.go) to
// WIRE#ENC#, each with a transaction of its own: the ENC# item deleted on
// the version read, the same record put where none is. A record moved
// meanwhile by another sweep is left to it and not counted. See
// game.EncounterArchiver.
func (s *Store) ArchiveEncounters(ctx context.Context, campaignID string, limit int) (int, error) {
	const op = "archive encounters"
	if limit < 1 {
		return 0, nil
	}
	items, err := s.prefixItems(ctx, op, campaignID, skEnc, 0)
	if err != nil {
		return 0, err
	}
	pk := campaignPK(campaignID)
	moved := 0
	for _, it := range items {
		if moved == limit {
			break
		}
		e, err := decodeEncounter(it)
		if err != nil {
			return moved, fault.Wrap(fault.Internal, op, fmt.Errorf("campaign %s: %w", campaignID, err))
		}
		if !e.Finished() {
			continue
		}
		done := maps.Clone(it)
		done[AttrSK] = str(encDoneSK(e.ID))
		ws := s.finishWrites(pk, e.ID, e.Version, done)
		_, err = s.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: ops(ws)})
		if err != nil {
			if err := txError(op, campaignID, ws, err); !fault.Is(err, fault.Conflict) {
				return moved, err
			}
			continue
		}
		moved++
	}
	return moved, nil
}

// Turns lists committed turns with sequence > after, in order, at most
// limit of them (none when limit < 1).
func (s *Store) Turns(ctx context.Context, campaignID string, after, limit int) ([]campaign.Turn, error) {
	return s.turns(ctx, "list turns", campaignID, after, limit, false)
}

// RecentTurns lists turns as Turns does, without decoding their context.
// See game.Store.
func (s *Store) RecentTurns(ctx context.Context, campaignID string, after, limit int) ([]campaign.Turn, error) {
	return s.turns(ctx, "list recent turns", campaignID, after, limit, true)
}

func (s *Store) turns(ctx context.Context, op, campaignID string, after, limit int, brief bool) ([]campaign.Turn, error) {
	if limit < 1 || after >= maxTurnSeq {
		return []campaign.Turn{}, nil
	}
	items, err := s.query(ctx, op, &dynamodb.QueryInput{
		KeyConditionExpression:   aws.String("#pk = :pk AND #sk BETWEEN :lo AND :hi"),
		ExpressionAttributeNames: names(),
		ExpressionAttributeValues: item{
			":pk": str(campaignPK(campaignID)),
			":lo": str(turnSK(max(after+1, 0))),
			":hi": str(turnSK(maxTurnSeq)),
		},
		ConsistentRead: aws.Bool(true),
	}, limit)
	if err != nil {
		return nil, err
	}
	if brief {
		for _, it := range items {
			delete(it, "context")
		}
	}
	return decodeBodies[campaign.Turn](op, items)
}

// TurnBefore reads what a turn replaced. See game.Store.
func (s *Store) TurnBefore(ctx context.Context, campaignID string, seq int, turnID string) (campaign.TurnBefore, error) {
	const op = "read what a turn replaced"
	var b campaign.TurnBefore
	it, err := s.get(ctx, op, campaignPK(campaignID), beforeSK(seq), "what the turn replaced")
	if err != nil {
		return b, err
	}
	// DynamoDB deletes expired items up to days late: one past its
	// expiry is unknown already.
	exp, _ := getN(it, AttrTTL)
	raw, ok := it[attrBefore].(*types.AttributeValueMemberB)
	if getS(it, attrTurnID) != turnID || !ok || exp <= s.Now().Unix() {
		return b, fault.E(fault.NotFound, op, "nothing kept of what turn %d (%s) replaced", seq, turnID)
	}
	if err := json.Unmarshal(raw.Value, &b); err != nil {
		return b, fault.Wrap(fault.Internal, op, err)
	}
	return b, nil
}

// UndoneTurns lists the turns taken back from the sequence. See
// game.Store.
func (s *Store) UndoneTurns(ctx context.Context, campaignID string, limit int) ([]campaign.Turn, error) {
	const op = "list undone turns"
	if limit < 1 {
		return []campaign.Turn{}, nil
	}
	items, err := s.prefixItems(ctx, op, campaignID, skUndone, limit)
	if err != nil {
		return nil, err
	}
	return decodeBodies[campaign.Turn](op, items)
}

// Request reads a remembered request id. NotFound if it was never seen.
func (s *Store) Request(ctx context.Context, campaignID, requestID string) (campaign.Request, error) {
	const op = "read request"
	var r campaign.Request
	it, err := s.get(ctx, op, campaignPK(campaignID), requestSK(requestID), "request")
	if err != nil {
		return r, err
	}
	if err := unmarshalBody(it, &r); err != nil {
		return r, fault.Wrap(fault.Internal, op, err)
	}
	// DynamoDB deletes expired items up to days late: one past its expiry
	// is unknown already.
	if r.ExpiresAt != nil && !r.ExpiresAt.After(s.Now()) {
		return campaign.Request{}, fault.E(fault.NotFound, op, "request not found")
	}
	return r, nil
}

// ConnectionByID reads the connection pointer. NotFound if the connection
// is unknown.
func (s *Store) ConnectionByID(ctx context.Context, connectionID string) (campaign.Connection, error) {
	const op = "find connection"
	var c campaign.Connection
	it, err := s.get(ctx, op, connectionPK(connectionID), skMeta, "connection")
	if err != nil {
		return c, err
	}
	if err := unmarshalBody(it, &c); err != nil {
		return c, fault.Wrap(fault.Internal, op, err)
	}
	return c, nil
}

// Connections lists a campaign's live connections, by connection id.
func (s *Store) Connections(ctx context.Context, campaignID string) ([]campaign.Connection, error) {
	const op = "list connections"
	items, err := s.prefixItems(ctx, op, campaignID, skConn, 0)
	if err != nil {
		return nil, err
	}
	return decodeBodies[campaign.Connection](op, items)
}

// CampaignsOf lists the campaigns player is a member of, newest played
// first: the player's MEMBER items through byPlayer, then their META items
// with BatchGetItem.
func (s *Store) CampaignsOf(ctx context.Context, playerID string) ([]campaign.Campaign, error) {
	const op = "list player campaigns"
	members, err := s.query(ctx, op, &dynamodb.QueryInput{
		IndexName:                 aws.String(IndexByPlayer),
		KeyConditionExpression:    aws.String("#p = :p"),
		ExpressionAttributeNames:  map[string]string{"#p": AttrGSIPlayer},
		ExpressionAttributeValues: item{":p": str(playerID)},
	}, 0)
	if err != nil {
		return nil, err
	}
	var keys []item
	seen := map[string]bool{}
	for _, m := range members {
		pk := getS(m, AttrPK)
		if _, ok := campaignIDOf(pk); ok && !seen[pk] {
			seen[pk] = true
			keys = append(keys, key(pk, skMeta))
		}
	}
	metas, err := s.batchGet(ctx, op, keys)
	if err != nil {
		return nil, err
	}
	out := make([]campaign.Campaign, 0, len(metas))
	for _, it := range metas {
		c, err := decodeCampaign(it)
		if err != nil {
			return nil, fault.Wrap(fault.Internal, op, err)
		}
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b campaign.Campaign) int {
		if c := b.LastPlayedAt.Compare(a.LastPlayedAt); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	})
	return out, nil
}

// batchGet reads keys with consistent reads, 100 at a time, retrying
// unprocessed keys with backoff (bounded). Missing items are left out.
func (s *Store) batchGet(ctx context.Context, op string, keys []item) ([]item, error) {
	var out []item
	for chunk := range slices.Chunk(keys, 100) {
		pending := chunk
		for attempt := 0; len(pending) > 0; attempt++ {
			if attempt > 0 {
				if attempt > s.batchRetries {
					return nil, fault.Wrap(fault.Internal, op, fmt.Errorf("batch get: %d keys still unprocessed after %d retries", len(pending), s.batchRetries))
				}
				if err := s.sleep(ctx, attempt); err != nil {
					return nil, internal(op, err, "batch get")
				}
			}
			res, err := s.db.BatchGetItem(ctx, &dynamodb.BatchGetItemInput{
				RequestItems: map[string]types.KeysAndAttributes{
					s.table: {Keys: pending, ConsistentRead: aws.Bool(true)},
				},
			})
			if err != nil {
				return nil, internal(op, err, "batch get %d items", len(pending))
			}
			out = append(out, res.Responses[s.table]...)
			pending = res.UnprocessedKeys[s.table].Keys
		}
	}
	return out, nil
}

// sleep waits before retry attempt (1, 2, ...) with exponential backoff,
// capped at 2 s, or until ctx is done.
func (s *Store) sleep(ctx context.Context, attempt int) error {
	return pause(ctx, min(s.backoff<<(attempt-1), 2*time.Second))
}

// pause waits d, or until ctx is done.
func pause(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// CampaignsByStatus lists up to limit campaigns in status s last played
// before playedBefore, oldest first, through the sparse byStatus index:
// only Active and Paused campaigns are in it, so any other status lists
// nothing. No campaign when limit < 1.
func (s *Store) CampaignsByStatus(ctx context.Context, st campaign.Status, playedBefore time.Time, limit int) ([]campaign.Campaign, error) {
	const op = "list campaigns by status"
	out := []campaign.Campaign{}
	if limit < 1 {
		return out, nil
	}
	items, err := s.query(ctx, op, &dynamodb.QueryInput{
		IndexName:                aws.String(IndexByStatus),
		KeyConditionExpression:   aws.String("#st = :st AND #lp < :before"),
		ExpressionAttributeNames: map[string]string{"#st": AttrGSIStatus, "#lp": AttrPlayed},
		ExpressionAttributeValues: item{
			":st":     str(string(st)),
			":before": str(stamp(playedBefore)),
		},
		ScanIndexForward: aws.Bool(true),
	}, limit)
	if err != nil {
		return nil, err
	}
	for _, it := range items {
		c, err := decodeCampaign(it)
		if err != nil {
			return nil, fault.Wrap(fault.Internal, op, err)
		}
		out = append(out, c)
	}
	return out, nil
}

// Memory reads the campaign's narrative memory. See game.Store.
func (s *Store) Memory(ctx context.Context, campaignID string) ([]byte, error) {
	const op = "read memory"
	out, err := s.db.GetItem(ctx, &dynamodb.GetItemInput{
		TableName: aws.String(s.table), Key: key(campaignPK(campaignID), skMemory), ConsistentRead: aws.Bool(true),
	})
	if err != nil {
		return nil, internal(op, err, "campaign %s", campaignID)
	}
	b, ok := out.Item[attrMemory].(*types.AttributeValueMemberB)
	if !ok {
		return nil, fault.E(fault.NotFound, op, "no memory stored yet")
	}
	return b.Value, nil
}
