package dynamo

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
)

// Account reads a player's account. See game.Store.
func (s *Store) Account(ctx context.Context, playerID string) (campaign.Account, error) {
	op := "read account " + playerID
	it, err := s.get(ctx, op, pkPlayer+playerID, skAccount, "player")
	if err != nil {
		return campaign.Account{}, err
	}
	var a campaign.Account
	if err := unmarshalBody(it, &a); err != nil {
		return campaign.Account{}, internal(op, err, "decode account")
	}
	if a.Version, err = getN(it, attrVersion); err != nil {
		return campaign.Account{}, internal(op, err, "decode account version")
	}
	return a, nil
}

// PutAccount creates or updates a player's account under its version, in
// a transaction of its own (so a failed condition is the same Conflict a
// commit's is). See game.Store.
func (s *Store) PutAccount(ctx context.Context, a campaign.Account) error {
	op := "write account " + a.ID
	if a.ID == "" {
		return fault.Field(op, "id", "is required")
	}
	if a.Version < 0 {
		return fault.Field(op, "version", "must not be negative")
	}
	it, err := withKey(pkPlayer+a.ID, skAccount, a)
	if err != nil {
		return fault.Wrap(fault.Invalid, op, err)
	}
	it[attrVersion] = num(a.Version + 1)
	w := s.versioned("account "+a.ID, it, a.Version)
	_, err = s.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{w.op}})
	if err != nil {
		return txError(op, "of player "+a.ID, []write{w}, err)
	}
	return nil
}
