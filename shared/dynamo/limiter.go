package dynamo

import (
	"context"
	"errors"
	"log/slog"
	"math"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// LimiterAPI is the part of the DynamoDB client the limiter uses.
type LimiterAPI interface {
	GetItem(ctx context.Context, in *dynamodb.GetItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.GetItemOutput, error)
	PutItem(ctx context.Context, in *dynamodb.PutItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.PutItemOutput, error)
}

// Limiter is a token bucket per key kept in the table, so a player's
// limit holds across every function instance their calls reach (the
// in-memory throttle.Buckets holds only within one). Each bucket is one
// item, LIMIT#<name>#<key> / META, holding its tokens (in thousandths) and
// the time they were counted; it expires from the table once it would be
// full again.
//
// Allow reads the bucket (consistently), refills it for the time passed,
// and spends a token with a PutItem on the condition that nobody spent one
// since the read; a lost race reads again. An empty bucket is refused with
// no write. When the table cannot be reached the call is allowed and
// logged: API Gateway's stage throttling still stands in front, and a
// player should not lose a turn to a limiter's outage.
type Limiter struct {
	db    LimiterAPI
	table string
	name  string
	rate  float64 // tokens a second
	burst int64   // in thousandths

	// Now is the clock (time.Now); Timeout bounds one Allow (1 s); Log
	// takes the failures let through.
	Now     func() time.Time
	Timeout time.Duration
	Log     *slog.Logger
}

// limiterTries bounds the reads and writes of one Allow under contention;
// a key spent from that many places at once is refused.
const limiterTries = 4

// NewLimiter returns buckets named name (one limiter's buckets are apart
// from another's) refilling at rate tokens a second up to burst.
func NewLimiter(client LimiterAPI, table, name string, rate float64, burst int) *Limiter {
	return &Limiter{db: client, table: table, name: name, rate: rate, burst: int64(burst) * 1000,
		Now: time.Now, Timeout: time.Second, Log: slog.Default()}
}

// Allow spends one of key's tokens and reports whether there was one.
func (l *Limiter) Allow(key string) bool {
	ctx, cancel := context.WithTimeout(context.Background(), l.Timeout)
	defer cancel()
	pk := "LIMIT#" + l.name + "#" + key
	for range limiterTries {
		ok, err := l.spend(ctx, pk)
		var lost *types.ConditionalCheckFailedException
		switch {
		case err == nil:
			return ok
		case errors.As(err, &lost):
			continue
		default:
			l.Log.Warn("rate limit unavailable; call let through", "limit", l.name, "key", key, "err", err)
			return true
		}
	}
	return false
}

// spend is one read and, if a token is there, one conditional write.
func (l *Limiter) spend(ctx context.Context, pk string) (bool, error) {
	out, err := l.db.GetItem(ctx, &dynamodb.GetItemInput{
		TableName: aws.String(l.table), Key: key(pk, skMeta), ConsistentRead: aws.Bool(true),
	})
	if err != nil {
		return false, err
	}
	now := l.Now()
	tokens, version := l.burst, int64(0)
	cond := "attribute_not_exists(#pk)"
	values := item{}
	if len(out.Item) > 0 {
		stored, err1 := getN(out.Item, "tokens")
		at, err2 := getN(out.Item, "counted_at")
		v, err3 := getN(out.Item, attrVersion)
		if err1 != nil || err2 != nil || err3 != nil {
			return false, errors.New("limiter: bucket " + pk + " is malformed")
		}
		elapsed := max(now.UnixNano()-at, 0)
		tokens = min(l.burst, stored+int64(math.Floor(float64(elapsed)/1e9*l.rate*1000)))
		// The version, not the time, says nobody spent since the read:
		// two spends in the same nanosecond would write the same time.
		version = v
		cond = "#v = :v"
		values[":v"] = num(v)
	}
	if tokens < 1000 {
		return false, nil
	}
	full := time.Duration(float64(l.burst-tokens+1000) / 1000 / l.rate * float64(time.Second))
	in := &dynamodb.PutItemInput{
		TableName: aws.String(l.table),
		Item: item{
			AttrPK: str(pk), AttrSK: str(skMeta),
			"tokens":     num(tokens - 1000),
			"counted_at": num(now.UnixNano()),
			attrVersion:  num(version + 1),
			AttrTTL:      num(now.Add(full + time.Hour).Unix()),
		},
		ConditionExpression:      aws.String(cond),
		ExpressionAttributeNames: map[string]string{"#pk": AttrPK},
	}
	if len(values) > 0 {
		in.ExpressionAttributeNames = map[string]string{"#v": attrVersion}
		in.ExpressionAttributeValues = values
	}
	if _, err := l.db.PutItem(ctx, in); err != nil {
		return false, err
	}
	return true, nil
}
