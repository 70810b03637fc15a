package dynamotest

import (
	"fmt"
	"net/http/httptest"
	"reflect"
	"sync"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

func createTable(t *testing.T, db *dynamodb.Client, name string) error {
	_, err := db.CreateTable(t.Context(), &dynamodb.CreateTableInput{
		TableName:            aws.String(name),
		BillingMode:          types.BillingModePayPerRequest,
		AttributeDefinitions: []types.AttributeDefinition{{AttributeName: aws.String("pk"), AttributeType: types.ScalarAttributeTypeS}},
		KeySchema:            []types.KeySchemaElement{{AttributeName: aws.String("pk"), KeyType: types.KeyTypeHash}},
	})
	if err != nil {
		return fmt.Errorf("create table %s: %w", name, err)
	}
	return nil
}

func TestEmptyCollectionsRoundTrip(t *testing.T) {
	srv := httptest.NewServer(New())
	defer srv.Close()
	db := Client(srv.URL)
	if err := createTable(t, db, "t"); err != nil {
		t.Fatal(err)
	}

	empty := map[string]types.AttributeValue{
		"l": &types.AttributeValueMemberL{Value: []types.AttributeValue{}},
		"m": &types.AttributeValueMemberM{Value: map[string]types.AttributeValue{}},
		"b": &types.AttributeValueMemberB{Value: []byte{}},
	}
	it := map[string]types.AttributeValue{
		"pk":     &types.AttributeValueMemberS{Value: "a"},
		"nested": &types.AttributeValueMemberL{Value: []types.AttributeValue{&types.AttributeValueMemberM{Value: empty}}},
		"text":   &types.AttributeValueMemberS{Value: "<&>"},
	}
	for k, v := range empty {
		it[k] = v
	}
	if _, err := db.PutItem(t.Context(), &dynamodb.PutItemInput{TableName: aws.String("t"), Item: it}); err != nil {
		t.Fatalf("put: %v", err)
	}
	out, err := db.GetItem(t.Context(), &dynamodb.GetItemInput{TableName: aws.String("t"), Key: map[string]types.AttributeValue{"pk": it["pk"]}})
	if err != nil {
		t.Fatalf("get: %v", err)
	}
	if !reflect.DeepEqual(out.Item, it) {
		t.Errorf("round trip changed the item:\n got %#v\nwant %#v", out.Item, it)
	}
}

func TestConcurrentTableCreation(t *testing.T) {
	srv := httptest.NewServer(New())
	defer srv.Close()
	db := Client(srv.URL)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			name := fmt.Sprint("t", i)
			if err := createTable(t, db, name); err != nil {
				t.Error(err)
				return
			}
			if _, err := db.DescribeTable(t.Context(), &dynamodb.DescribeTableInput{TableName: aws.String(name)}); err != nil {
				t.Errorf("describe %s: %v", name, err)
			}
		})
	}
	wg.Wait()
}
