package dynamo

import (
	"context"
	"math"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"chronicler/shared/fault"
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
	return float64(micros) / 1e6, nil
}

// AddSpent adds usd to day's spend with one UpdateItem (ADD, atomic
// across instances), outside any turn's transaction so that campaigns
// never contend on it. See game.DaySpend.
func (s *Store) AddSpent(ctx context.Context, day string, usd float64) error {
	op := "add to the spend of " + day
	if usd < 0 || math.IsNaN(usd) || math.IsInf(usd, 0) {
		return fault.Field(op, "usd", "must be a number of dollars, not negative")
	}
	d, err := time.Parse(time.DateOnly, day)
	if err != nil {
		return fault.Field(op, "day", "must be a date, 2006-01-02")
	}
	_, err = s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName:                aws.String(s.table),
		Key:                      key(pkSpend+day, skMeta),
		UpdateExpression:         aws.String("ADD #m :m SET #ttl = :ttl"),
		ExpressionAttributeNames: map[string]string{"#m": attrMicros, "#ttl": AttrTTL},
		ExpressionAttributeValues: item{
			":m":   num(int64(math.Round(usd * 1e6))),
			":ttl": num(d.Add(spendTTL).Unix()),
		},
	})
	if err != nil {
		return internal(op, err, "update the spend item")
	}
	return nil
}
