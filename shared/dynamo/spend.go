package dynamo

import (
	"context"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"chronicler/shared/campaign"
)

// spendTTL is how long a day's spend is kept: long enough for an operator
// to read the last month.
const spendTTL = 40 * 24 * time.Hour

// Spent is what the narrator cost the whole game on day (SPEND#<day>,
// read consistently). See game.DaySpend.
func (s *Store) Spent(ctx context.Context, day string) (float64, error) {
	const op = "read spend"
	out, err := s.db.GetItem(ctx, &dynamodb.GetItemInput{
		TableName: aws.String(s.table), Key: key(pkSpend+day, skMeta), ConsistentRead: aws.Bool(true),
	})
	if err != nil {
		return 0, internal(op, err, "read the spend of %s", day)
	}
	if len(out.Item) == 0 {
		return 0, nil
	}
	micros, err := getN(out.Item, attrMicros)
	if err != nil {
		return 0, internal(op, err, "read the spend of %s", day)
	}
	return campaign.MicrosUSD(micros), nil
}

// AddSpent adds usd to day's spend with one UpdateItem (ADD, atomic
// across instances), outside any turn's transaction so that campaigns
// never contend on it. See game.DaySpend.
func (s *Store) AddSpent(ctx context.Context, day string, usd float64) error {
	op := "add to the spend of " + day
	add, err := campaign.NewDaySpend(day, usd)
	if err != nil {
		return err
	}
	_, err = s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName:                aws.String(s.table),
		Key:                      key(pkSpend+day, skMeta),
		UpdateExpression:         aws.String("ADD #m :m SET #ttl = :ttl"),
		ExpressionAttributeNames: map[string]string{"#m": attrMicros, "#ttl": AttrTTL},
		ExpressionAttributeValues: item{
			":m":   num(add.Micros),
			":ttl": num(add.Day.Add(spendTTL).Unix()),
		},
	})
	if err != nil {
		return internal(op, err, "update the spend item")
	}
	return nil
}
