package dynamo

import (
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// Attribute names of the table's keys, indexes and TTL.
const (
	AttrPK        = "pk"             // CAMPAIGN#<id> (or CONNECTION#<id> for the connection pointer)
	AttrSK        = "sk"             // META, STATE, CHAR#<id>, TURN#<seq>, ...
	AttrGSIStatus = "gsi_status"     // on META only while active or paused (sparse)
	AttrPlayed    = "last_played_at" // fixed-width UTC timestamp, sorts as time
	AttrGSIPlayer = "gsi_player"     // on MEMBER items: the member's player id
	AttrTTL       = "expires_at"     // epoch seconds; events, rate limits and the server's own request claims
)

// Index names.
const (
	IndexByStatus = "byStatus"
	IndexByPlayer = "byPlayer"
)

// Index is a global secondary index with all attributes projected.
type Index struct {
	Name         string
	PartitionKey string
	SortKey      string
}

// Schema is the table's definition, shared by CDK and CreateTable.
type Schema struct {
	PartitionKey string
	SortKey      string
	Indexes      []Index
	TTLAttribute string
}

// Table is Chronicler's one table. Every key attribute is a string.
var Table = Schema{
	PartitionKey: AttrPK,
	SortKey:      AttrSK,
	Indexes: []Index{
		{Name: IndexByStatus, PartitionKey: AttrGSIStatus, SortKey: AttrPlayed},
		{Name: IndexByPlayer, PartitionKey: AttrGSIPlayer, SortKey: AttrPK},
	},
	TTLAttribute: AttrTTL,
}

// CreateTableInput is the CreateTable request for a table named name, with
// exactly the key schema and indexes of the CDK stack, billed on demand.
func (s Schema) CreateTableInput(name string) *dynamodb.CreateTableInput {
	seen := map[string]bool{}
	var defs []types.AttributeDefinition
	def := func(a string) {
		if !seen[a] {
			seen[a] = true
			defs = append(defs, types.AttributeDefinition{AttributeName: aws.String(a), AttributeType: types.ScalarAttributeTypeS})
		}
	}
	def(s.PartitionKey)
	def(s.SortKey)
	var gsis []types.GlobalSecondaryIndex
	for _, ix := range s.Indexes {
		def(ix.PartitionKey)
		def(ix.SortKey)
		gsis = append(gsis, types.GlobalSecondaryIndex{
			IndexName: aws.String(ix.Name),
			KeySchema: []types.KeySchemaElement{
				{AttributeName: aws.String(ix.PartitionKey), KeyType: types.KeyTypeHash},
				{AttributeName: aws.String(ix.SortKey), KeyType: types.KeyTypeRange},
			},
			Projection: &types.Projection{ProjectionType: types.ProjectionTypeAll},
		})
	}
	return &dynamodb.CreateTableInput{
		TableName:            aws.String(name),
		BillingMode:          types.BillingModePayPerRequest,
		AttributeDefinitions: defs,
		KeySchema: []types.KeySchemaElement{
			{AttributeName: aws.String(s.PartitionKey), KeyType: types.KeyTypeHash},
			{AttributeName: aws.String(s.SortKey), KeyType: types.KeyTypeRange},
		},
		GlobalSecondaryIndexes: gsis,
	}
}
