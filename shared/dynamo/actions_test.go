package dynamo

import (
	"context"
	"maps"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"chronicler/shared/game"
	"chronicler/shared/storetest"
)

// iamCalls is the DynamoDB client recording the IAM action each call is
// authorized as: a transaction as its writes' own actions, a query on an
// index as the index's.
type iamCalls struct {
	API
	mu      sync.Mutex
	actions map[string]bool
	indexes map[string]bool
}

func (r *iamCalls) note(actions ...string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, a := range actions {
		r.actions["dynamodb:"+a] = true
	}
}

func (r *iamCalls) GetItem(ctx context.Context, in *dynamodb.GetItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.GetItemOutput, error) {
	r.note("GetItem")
	return r.API.GetItem(ctx, in, opts...)
}

func (r *iamCalls) Query(ctx context.Context, in *dynamodb.QueryInput, opts ...func(*dynamodb.Options)) (*dynamodb.QueryOutput, error) {
	if in.IndexName != nil {
		r.mu.Lock()
		r.indexes[aws.ToString(in.IndexName)] = true
		r.mu.Unlock()
	} else {
		r.note("Query")
	}
	return r.API.Query(ctx, in, opts...)
}

func (r *iamCalls) PutItem(ctx context.Context, in *dynamodb.PutItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.PutItemOutput, error) {
	r.note("PutItem")
	return r.API.PutItem(ctx, in, opts...)
}

func (r *iamCalls) UpdateItem(ctx context.Context, in *dynamodb.UpdateItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.UpdateItemOutput, error) {
	r.note("UpdateItem")
	return r.API.UpdateItem(ctx, in, opts...)
}

func (r *iamCalls) BatchGetItem(ctx context.Context, in *dynamodb.BatchGetItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.BatchGetItemOutput, error) {
	r.note("BatchGetItem")
	return r.API.BatchGetItem(ctx, in, opts...)
}

func (r *iamCalls) BatchWriteItem(ctx context.Context, in *dynamodb.BatchWriteItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.BatchWriteItemOutput, error) {
	r.note("BatchWriteItem")
	return r.API.BatchWriteItem(ctx, in, opts...)
}

func (r *iamCalls) TransactWriteItems(ctx context.Context, in *dynamodb.TransactWriteItemsInput, opts ...func(*dynamodb.Options)) (*dynamodb.TransactWriteItemsOutput, error) {
	for _, it := range in.TransactItems {
		switch {
		case it.Put != nil:
			r.note("PutItem")
		case it.Delete != nil:
			r.note("DeleteItem")
		case it.Update != nil:
			r.note("UpdateItem")
		case it.ConditionCheck != nil:
			r.note("ConditionCheckItem")
		}
	}
	return r.API.TransactWriteItems(ctx, in, opts...)
}

// The action groups the stack grants are exactly what the store calls
// through the whole contract: none missing (a function would be refused),
// none to spare (a role would hold more than it uses).
func TestActionGroupsAreWhatTheStoreCalls(t *testing.T) {
	rec := &iamCalls{API: newClient(endpoint), actions: map[string]bool{}, indexes: map[string]bool{}}
	t.Run("Contract", func(t *testing.T) {
		storetest.Run(t, func(t *testing.T) game.Store {
			s := New(rec, newTable(t, newClient(endpoint)))
			s.backoff = time.Millisecond
			s.Now = func() time.Time { return time.Unix(0, 0) }
			return s
		})
	})
	declared := slices.Concat(ReadActions, CommitActions, ImportActions)
	slices.Sort(declared)
	got := slices.Sorted(maps.Keys(rec.actions))
	if !slices.Equal(got, declared) {
		t.Errorf("the store calls %v; the action groups declare %v", got, declared)
	}
	if ix := slices.Sorted(maps.Keys(rec.indexes)); !slices.Equal(ix, []string{IndexByPlayer, IndexByStatus}) {
		t.Errorf("the store queries the indexes %v, want %s and %s", ix, IndexByPlayer, IndexByStatus)
	}
}
