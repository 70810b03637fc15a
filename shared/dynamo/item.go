package dynamo

import (
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"chronicler/shared/campaign"
	"chronicler/shared/game"
	"chronicler/shared/gz"
)

// item is one DynamoDB item.
type item = map[string]types.AttributeValue

func str(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }

func num(v int64) types.AttributeValue {
	return &types.AttributeValueMemberN{Value: strconv.FormatInt(v, 10)}
}

// key is an item's primary key.
func key(pk, sk string) item { return item{AttrPK: str(pk), AttrSK: str(sk)} }

// getS reads a string attribute; "" if absent or not a string.
func getS(it item, name string) string {
	if v, ok := it[name].(*types.AttributeValueMemberS); ok {
		return v.Value
	}
	return ""
}

// getN reads a number attribute as an int64; 0 if absent.
func getN(it item, name string) (int64, error) {
	v, ok := it[name].(*types.AttributeValueMemberN)
	if !ok {
		return 0, nil
	}
	n, err := strconv.ParseInt(v.Value, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("attribute %s: %w", name, err)
	}
	return n, nil
}

// marshalBody encodes a domain value by its json tags, the names the wire
// and the SQLite store use too.
func marshalBody(v any) (item, error) {
	m, err := attributevalue.MarshalMapWithOptions(v, func(o *attributevalue.EncoderOptions) { o.TagKey = "json" })
	if err != nil {
		return nil, fmt.Errorf("marshal %T: %w", v, err)
	}
	return m, nil
}

// unmarshalBody decodes a domain value by its json tags; attributes that are
// not fields (keys, indexes, version) are ignored.
func unmarshalBody(it item, v any) error {
	if err := attributevalue.UnmarshalMapWithOptions(it, v, func(o *attributevalue.DecoderOptions) { o.TagKey = "json" }); err != nil {
		return fmt.Errorf("unmarshal %T (%s): %w", v, getS(it, AttrSK), err)
	}
	return nil
}

// withKey marshals body and adds the item's key.
func withKey(pk, sk string, body any) (item, error) {
	m, err := marshalBody(body)
	if err != nil {
		return nil, err
	}
	m[AttrPK], m[AttrSK] = str(pk), str(sk)
	return m, nil
}

// campaignItem is the META item of c stored at version.
func campaignItem(c campaign.Campaign, version int64) (item, error) {
	m, err := withKey(campaignPK(c.ID), skMeta, c)
	if err != nil {
		return nil, err
	}
	// The body's last_played_at is also the byStatus sort key: write it
	// fixed-width so that string order is time order.
	m[AttrPlayed] = str(stamp(c.LastPlayedAt))
	if c.Status == campaign.Active || c.Status == campaign.Paused {
		m[AttrGSIStatus] = str(string(c.Status))
	}
	if c.InviteCode != "" {
		m[attrInviteCode] = str(c.InviteCode)
	}
	m[attrVersion] = num(version)
	return m, nil
}

// requestItem is the item of request r in the campaign of pk. An expiring
// one (a claim) carries its TTL, rounded up to the second so that
// DynamoDB, which deletes it in its own time after, never does so early.
func requestItem(pk string, r campaign.Request) (item, error) {
	m, err := withKey(pk, requestSK(r.RequestID), r)
	if err != nil {
		return nil, err
	}
	if r.ExpiresAt != nil {
		m[AttrTTL] = num(ceilUnix(*r.ExpiresAt))
	}
	return m, nil
}

func decodeCampaign(it item) (campaign.Campaign, error) {
	var c campaign.Campaign
	if err := unmarshalBody(it, &c); err != nil {
		return c, err
	}
	c.InviteCode = getS(it, attrInviteCode)
	v, err := getN(it, attrVersion)
	c.Version = v
	return c, err
}

func characterItem(campaignID string, c campaign.Character, version int64) (item, error) {
	m, err := withKey(campaignPK(campaignID), charSK(c.ID), c)
	if err != nil {
		return nil, err
	}
	m[attrVersion] = num(version)
	return m, nil
}

func decodeCharacter(it item) (campaign.Character, error) {
	var c campaign.Character
	if err := unmarshalBody(it, &c); err != nil {
		return c, err
	}
	v, err := getN(it, attrVersion)
	c.Version = v
	return c, err
}

func sessionItem(campaignID string, s campaign.Session, version int64) (item, error) {
	m, err := withKey(campaignPK(campaignID), sessionSK(s.StartedAt, s.ID), s)
	if err != nil {
		return nil, err
	}
	m[attrVersion] = num(version)
	return m, nil
}

func decodeSession(it item) (campaign.Session, error) {
	var s campaign.Session
	if err := unmarshalBody(it, &s); err != nil {
		return s, err
	}
	v, err := getN(it, attrVersion)
	s.Version = v
	return s, err
}

// encounterItem is the record at version: under ENC# while it is under
// way, under WIRE#ENC# once it has finished (keys.go).
func encounterItem(campaignID string, e campaign.EncounterRecord, version int64) (item, error) {
	sk := encSK(e.ID)
	if e.Finished() {
		sk = encDoneSK(e.ID)
	}
	m, err := withKey(campaignPK(campaignID), sk, e)
	if err != nil {
		return nil, err
	}
	m[attrVersion] = num(version)
	return m, nil
}

func decodeEncounter(it item) (campaign.EncounterRecord, error) {
	var e campaign.EncounterRecord
	if err := unmarshalBody(it, &e); err != nil {
		return e, err
	}
	v, err := getN(it, attrVersion)
	e.Version = v
	return e, err
}

func memberItem(campaignID string, m campaign.Member) (item, error) {
	it, err := withKey(campaignPK(campaignID), memberSK(m.PlayerID), m)
	if err != nil {
		return nil, err
	}
	it[AttrGSIPlayer] = str(m.PlayerID)
	return it, nil
}

// leaseItem is the LOCK item. The body's expires_at is a string, which
// DynamoDB's TTL (on the same attribute name, for events) ignores: a lease
// ends by release or by expiry in the acquire condition, never by TTL.
func leaseItem(campaignID string, l campaign.Lease) (item, error) {
	m, err := withKey(campaignPK(campaignID), skLock, l)
	if err != nil {
		return nil, err
	}
	m[attrLeaseExpiry] = str(stamp(l.ExpiresAt))
	return m, nil
}

// eventItem is a stored event; it expires (TTL) a week after it was
// created. Data larger than eventInlineBytes is stored gzipped.
func eventItem(campaignID string, e game.Event, now time.Time) (item, error) {
	created := e.CreatedAt
	if created.IsZero() {
		created = now
	}
	it := item{
		AttrPK:        str(campaignPK(campaignID)),
		AttrSK:        str(eventSK(e.Seq)),
		attrEventSeq:  num(e.Seq),
		attrEventData: &types.AttributeValueMemberB{Value: e.Data},
		attrEventAt:   str(stamp(e.CreatedAt)),
		AttrTTL:       &types.AttributeValueMemberN{Value: epoch(created.Add(eventTTL))},
	}
	if len(e.Data) > eventInlineBytes {
		z, err := gz.Compress(e.Data)
		if err != nil {
			return nil, fmt.Errorf("compress event %d: %w", e.Seq, err)
		}
		it[attrEventData] = &types.AttributeValueMemberB{Value: z}
		it[attrEventEnc] = str(encGzip)
	}
	return it, nil
}

func decodeEvent(it item) (game.Event, error) {
	var e game.Event
	seq, err := getN(it, attrEventSeq)
	if err != nil {
		return e, err
	}
	e.Seq = seq
	if b, ok := it[attrEventData].(*types.AttributeValueMemberB); ok {
		e.Data = b.Value
	}
	switch enc := getS(it, attrEventEnc); enc {
	case "":
	case encGzip:
		if e.Data, err = gz.Decompress(e.Data, maxEventDataBytes); err != nil {
			return e, fmt.Errorf("event %d: decompress: %w", seq, err)
		}
	default:
		return e, fmt.Errorf("event %d: unknown encoding %q", seq, enc)
	}
	if s := getS(it, attrEventAt); s != "" {
		if e.CreatedAt, err = time.Parse(time.RFC3339Nano, s); err != nil {
			return e, fmt.Errorf("event %d created_at: %w", seq, err)
		}
	}
	return e, nil
}

// undoneItem is turn t taken back, kept by its sequence and id, without
// what it replaced: the undo that keeps it wrote that back.
func undoneItem(pk string, t campaign.Turn) (item, error) {
	t.Before = nil
	return withKey(pk, undoneSK(t.Sequence, t.ID), t)
}

// beforeItem is what turn t replaced, kept under its sequence with its
// id until it expires.
func beforeItem(pk string, t campaign.Turn, b campaign.TurnBefore) (item, error) {
	data, err := json.Marshal(b)
	if err != nil {
		return nil, err
	}
	return item{
		AttrPK:     str(pk),
		AttrSK:     str(beforeSK(t.Sequence)),
		attrTurnID: str(t.ID),
		attrBefore: &types.AttributeValueMemberB{Value: data},
		AttrTTL:    num(t.CreatedAt.Add(campaign.TurnBeforeTTL).Unix()), // a second early at most: unknown from then on
	}, nil
}
