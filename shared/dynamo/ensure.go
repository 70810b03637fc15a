package dynamo

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"chronicler/shared/fault"
)

// TableAPI is the part of the DynamoDB client EnsureTable uses.
type TableAPI interface {
	DescribeTable(ctx context.Context, in *dynamodb.DescribeTableInput, opts ...func(*dynamodb.Options)) (*dynamodb.DescribeTableOutput, error)
	CreateTable(ctx context.Context, in *dynamodb.CreateTableInput, opts ...func(*dynamodb.Options)) (*dynamodb.CreateTableOutput, error)
}

// tableWait bounds how long EnsureTable waits for a new table to become
// active (DynamoDB usually needs seconds).
const tableWait = 2 * time.Minute

// EnsureTable creates the table named name with Table's definition unless
// it exists, and returns once it and its indexes are active. It is for
// DynamoDB-compatible endpoints on one machine; in the cloud the CDK stack
// owns the table (with TTL, which EnsureTable leaves alone: local servers do
// not implement UpdateTimeToLive, and the store filters expired events on
// read). Errors are Internal, or Unavailable when the table is not active
// in time.
func EnsureTable(ctx context.Context, client TableAPI, name string) error {
	const op = "ensure table"
	out, err := client.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(name)})
	var missing *types.ResourceNotFoundException
	switch {
	case err == nil:
		if ready(out.Table) {
			return nil
		}
	case errors.As(err, &missing):
		_, err = client.CreateTable(ctx, Table.CreateTableInput(name))
		var inUse *types.ResourceInUseException // created meanwhile by someone else
		if err != nil && !errors.As(err, &inUse) {
			return internal(op, err, "create table %s", name)
		}
	default:
		return internal(op, err, "describe table %s", name)
	}
	return waitActive(ctx, op, client, name)
}

// waitActive polls DescribeTable until the table is ready, with a growing
// interval, for at most tableWait.
func waitActive(ctx context.Context, op string, client TableAPI, name string) error {
	ctx, cancel := context.WithTimeout(ctx, tableWait)
	defer cancel()
	interval := 50 * time.Millisecond
	for {
		out, err := client.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(name)})
		var missing *types.ResourceNotFoundException
		switch {
		case err == nil && ready(out.Table):
			return nil
		case err != nil && !errors.As(err, &missing): // missing: not visible yet
			if ctx.Err() != nil {
				break
			}
			return internal(op, err, "describe table %s", name)
		}
		t := time.NewTimer(interval)
		select {
		case <-ctx.Done():
			t.Stop()
			return fault.Wrap(fault.Unavailable, op, fmt.Errorf("table %s not active after %s: %w", name, tableWait, ctx.Err()))
		case <-t.C:
		}
		interval = min(interval*2, 2*time.Second)
	}
}

// ready reports whether a table and its indexes are active. A server that
// reports no status (minidyn) is ready as soon as it describes the table.
func ready(t *types.TableDescription) bool {
	if t == nil || (t.TableStatus != "" && t.TableStatus != types.TableStatusActive) {
		return false
	}
	for _, g := range t.GlobalSecondaryIndexes {
		if g.IndexStatus != "" && g.IndexStatus != types.IndexStatusActive {
			return false
		}
	}
	return true
}
