package dynamo

import (
	"context"
	"strings"
	"sync"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// meter is an API that prices every call it passes on as DynamoDB's
// on-demand mode would, from the items' sizes: the test server returns no
// ConsumedCapacity. The rules (DynamoDB's developer guide, "read and write
// operations" and "capacity for transactions"):
//
//   - a standard write (PutItem, UpdateItem, DeleteItem, each item of a
//     BatchWriteItem) costs 1 write unit per KB of the larger of the item
//     before and after it, rounded up, 1 at least;
//   - each item of a TransactWriteItems costs twice that (prepare and
//     commit), a ConditionCheck priced as a write of the item it checks;
//   - a strongly consistent read costs 1 read unit per 4 KB rounded up (an
//     eventually consistent one half that); a Query rounds the sum of the
//     items it returns, BatchGetItem each item alone.
//
// A cancelled transaction is charged as if it applied, as DynamoDB does.
// The before-image of a write is read from the server first, unmetered.
type meter struct {
	API
	mu  sync.Mutex
	use usage
}

// usage is what a run of calls cost.
type usage struct {
	WRU, RRU     float64
	Transactions int // TransactWriteItems calls
	Writes       int // standard writes: items of PutItem, UpdateItem, DeleteItem, BatchWriteItem
	TxItems      int // items of all the transactions
}

func (m *meter) take() usage {
	m.mu.Lock()
	defer m.mu.Unlock()
	u := m.use
	m.use = usage{}
	return u
}

func (m *meter) add(f func(u *usage)) {
	m.mu.Lock()
	f(&m.use)
	m.mu.Unlock()
}

// sizeNow is the stored size of the item at k, 0 when there is none.
func (m *meter) sizeNow(ctx context.Context, table string, k item) int {
	out, err := m.API.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(table), Key: k, ConsistentRead: aws.Bool(true)})
	if err != nil || out.Item == nil {
		return 0
	}
	return itemSize(out.Item)
}

func writeUnits(size int) float64 { return float64(max(1, (size+1023)/1024)) }
func readUnits(size int) float64  { return float64(max(1, (size+4095)/4096)) }

func (m *meter) TransactWriteItems(ctx context.Context, in *dynamodb.TransactWriteItemsInput, opts ...func(*dynamodb.Options)) (*dynamodb.TransactWriteItemsOutput, error) {
	var wru float64
	for _, ti := range in.TransactItems {
		switch {
		case ti.Put != nil:
			wru += 2 * writeUnits(max(itemSize(ti.Put.Item), m.sizeNow(ctx, aws.ToString(ti.Put.TableName), keyOf(ti.Put.Item))))
		case ti.Delete != nil:
			wru += 2 * writeUnits(m.sizeNow(ctx, aws.ToString(ti.Delete.TableName), ti.Delete.Key))
		case ti.ConditionCheck != nil:
			wru += 2 * writeUnits(m.sizeNow(ctx, aws.ToString(ti.ConditionCheck.TableName), ti.ConditionCheck.Key))
		case ti.Update != nil:
			// Priced after the call, from the item it leaves.
		}
	}
	out, err := m.API.TransactWriteItems(ctx, in, opts...)
	for _, ti := range in.TransactItems {
		if ti.Update != nil {
			wru += 2 * writeUnits(m.sizeNow(ctx, aws.ToString(ti.Update.TableName), ti.Update.Key))
		}
	}
	m.add(func(u *usage) { u.WRU += wru; u.Transactions++; u.TxItems += len(in.TransactItems) })
	return out, err
}

func (m *meter) PutItem(ctx context.Context, in *dynamodb.PutItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.PutItemOutput, error) {
	before := m.sizeNow(ctx, aws.ToString(in.TableName), keyOf(in.Item))
	out, err := m.API.PutItem(ctx, in, opts...)
	m.add(func(u *usage) { u.WRU += writeUnits(max(before, itemSize(in.Item))); u.Writes++ })
	return out, err
}

func (m *meter) UpdateItem(ctx context.Context, in *dynamodb.UpdateItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.UpdateItemOutput, error) {
	table := aws.ToString(in.TableName)
	before := m.sizeNow(ctx, table, in.Key)
	out, err := m.API.UpdateItem(ctx, in, opts...)
	after := m.sizeNow(ctx, table, in.Key)
	m.add(func(u *usage) { u.WRU += writeUnits(max(before, after)); u.Writes++ })
	return out, err
}

func (m *meter) BatchWriteItem(ctx context.Context, in *dynamodb.BatchWriteItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.BatchWriteItemOutput, error) {
	var wru float64
	var n int
	for table, reqs := range in.RequestItems {
		for _, r := range reqs {
			n++
			switch {
			case r.PutRequest != nil:
				wru += writeUnits(max(itemSize(r.PutRequest.Item), m.sizeNow(ctx, table, keyOf(r.PutRequest.Item))))
			case r.DeleteRequest != nil:
				wru += writeUnits(m.sizeNow(ctx, table, r.DeleteRequest.Key))
			}
		}
	}
	out, err := m.API.BatchWriteItem(ctx, in, opts...)
	m.add(func(u *usage) { u.WRU += wru; u.Writes += n })
	return out, err
}

func (m *meter) GetItem(ctx context.Context, in *dynamodb.GetItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.GetItemOutput, error) {
	out, err := m.API.GetItem(ctx, in, opts...)
	size := 0
	if err == nil && out.Item != nil {
		size = itemSize(out.Item)
	}
	m.add(func(u *usage) { u.RRU += readUnits(size) * consistency(in.ConsistentRead) })
	return out, err
}

func (m *meter) Query(ctx context.Context, in *dynamodb.QueryInput, opts ...func(*dynamodb.Options)) (*dynamodb.QueryOutput, error) {
	out, err := m.API.Query(ctx, in, opts...)
	size := 0
	if err == nil {
		for _, it := range out.Items {
			size += itemSize(it)
		}
	}
	m.add(func(u *usage) { u.RRU += readUnits(size) * consistency(in.ConsistentRead) })
	return out, err
}

func (m *meter) BatchGetItem(ctx context.Context, in *dynamodb.BatchGetItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.BatchGetItemOutput, error) {
	out, err := m.API.BatchGetItem(ctx, in, opts...)
	var rru float64
	if err == nil {
		for table, items := range out.Responses {
			for _, it := range items {
				rru += readUnits(itemSize(it)) * consistency(in.RequestItems[table].ConsistentRead)
			}
		}
	}
	m.add(func(u *usage) { u.RRU += rru })
	return out, err
}

func consistency(strong *bool) float64 {
	if aws.ToBool(strong) {
		return 1
	}
	return 0.5
}

func keyOf(it item) item { return item{AttrPK: it[AttrPK], AttrSK: it[AttrSK]} }

// itemSize is an item's size as DynamoDB counts it: each attribute's name
// and value, a number by its significant digits, a list or map 3 bytes
// and 1 per element beside its elements.
func itemSize(it item) int {
	n := 0
	for name, v := range it {
		n += len(name) + valueSize(v)
	}
	return n
}

func valueSize(v types.AttributeValue) int {
	switch x := v.(type) {
	case *types.AttributeValueMemberS:
		return len(x.Value)
	case *types.AttributeValueMemberN:
		return numberSize(x.Value)
	case *types.AttributeValueMemberB:
		return len(x.Value)
	case *types.AttributeValueMemberBOOL, *types.AttributeValueMemberNULL:
		return 1
	case *types.AttributeValueMemberSS:
		n := 0
		for _, s := range x.Value {
			n += len(s)
		}
		return n
	case *types.AttributeValueMemberNS:
		n := 0
		for _, s := range x.Value {
			n += numberSize(s)
		}
		return n
	case *types.AttributeValueMemberBS:
		n := 0
		for _, b := range x.Value {
			n += len(b)
		}
		return n
	case *types.AttributeValueMemberL:
		n := 3
		for _, e := range x.Value {
			n += 1 + valueSize(e)
		}
		return n
	case *types.AttributeValueMemberM:
		n := 3
		for k, e := range x.Value {
			n += 1 + len(k) + valueSize(e)
		}
		return n
	}
	return 0
}

// numberSize is about 1 byte per two significant digits, plus 1.
func numberSize(s string) int {
	digits := strings.Trim(strings.NewReplacer("-", "", "+", "", ".", "").Replace(s), "0")
	if i := strings.IndexAny(digits, "eE"); i >= 0 {
		digits = digits[:i]
	}
	return (max(len(digits), 1)+1)/2 + 1
}
