package dynamo

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"chronicler/shared/throttle/throttletest"
)

func TestLimiterContract(t *testing.T) {
	throttletest.Run(t, func(t *testing.T, rate float64, burst int, now func() time.Time) throttletest.Limiter {
		db := newClient(endpoint)
		l := NewLimiter(db, newTable(t, db), "turn", rate, burst)
		l.Now = now
		return l
	})
}

// The buckets live in the table: a second limiter of the same name (another
// function instance) sees what the first spent; another name does not.
func TestLimiterHoldsAcrossInstances(t *testing.T) {
	db := newClient(endpoint)
	table := newTable(t, db)
	c := &throttletest.Clock{}
	a, b, other := NewLimiter(db, table, "turn", 1, 2), NewLimiter(db, table, "turn", 1, 2), NewLimiter(db, table, "api", 1, 2)
	a.Now, b.Now, other.Now = c.Now, c.Now, c.Now
	if !a.Allow("p1") || !b.Allow("p1") {
		t.Fatal("the burst of 2 refused across two instances")
	}
	if a.Allow("p1") || b.Allow("p1") {
		t.Error("a third call allowed: the instances do not share the bucket")
	}
	if !other.Allow("p1") {
		t.Error("another limiter's bucket was spent")
	}
}

type failingDB struct{}

func (failingDB) GetItem(context.Context, *dynamodb.GetItemInput, ...func(*dynamodb.Options)) (*dynamodb.GetItemOutput, error) {
	return nil, errors.New("table unreachable")
}

func (failingDB) PutItem(context.Context, *dynamodb.PutItemInput, ...func(*dynamodb.Options)) (*dynamodb.PutItemOutput, error) {
	return nil, errors.New("table unreachable")
}

func TestLimiterLetsThroughWhenTheTableFails(t *testing.T) {
	l := NewLimiter(failingDB{}, "t", "turn", 1, 1)
	l.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	for range 3 {
		if !l.Allow("p1") {
			t.Fatal("refused while the table is unreachable, want let through")
		}
	}
}
