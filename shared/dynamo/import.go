package dynamo

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/game"
)

// Import creates a whole campaign from an export. A transaction holds at
// most 100 writes and a campaign's history holds thousands, so the history
// (sessions and turns) is written first in batches and the core — meta,
// state, members, characters — last, in one transaction. Until the core
// commits nothing of the campaign can be read (every read starts at its
// meta or its members), and the id is new, so a failed import leaves only
// unreachable items under an id nobody holds. The history's batch writes
// cannot be conditional, so an id that is already taken is refused before
// anything is written (ids are fresh ULIDs: only a caller's mistake takes one).
func (s *Store) Import(ctx context.Context, core game.Tx, sessions []campaign.Session, turns []campaign.Turn) error {
	const op = "import campaign"
	if core.Campaign == nil || core.Campaign.Version != 0 || core.NewState == nil {
		return fault.E(fault.Invalid, op, "an import creates a new campaign and its state")
	}
	switch _, err := s.Campaign(ctx, core.CampaignID); {
	case err == nil:
		return fault.E(fault.Conflict, op, "campaign %s already exists", core.CampaignID)
	case !fault.Is(err, fault.NotFound):
		return err
	}
	pk := campaignPK(core.CampaignID)
	reqs := make([]types.WriteRequest, 0, len(sessions)+len(turns)+len(core.Undone))
	put := func(it item, err error) error {
		if err != nil {
			return fault.Wrap(fault.Internal, op, err)
		}
		reqs = append(reqs, types.WriteRequest{PutRequest: &types.PutRequest{Item: it}})
		return nil
	}
	for _, se := range sessions {
		if se.Open() {
			return fault.Field(op, "sessions", "an imported session must have ended")
		}
		if err := put(sessionItem(core.CampaignID, se, 1)); err != nil {
			return err
		}
	}
	for _, t := range turns {
		if err := put(withKey(pk, turnSK(t.Sequence), t)); err != nil {
			return err
		}
	}
	// Turns taken back are history too: kept beside the turns, not in
	// the core's one transaction.
	for _, t := range core.Undone {
		if err := put(undoneItem(pk, t)); err != nil {
			return err
		}
	}
	core.Undone = nil
	if err := s.batchPut(ctx, op, core.CampaignID, reqs); err != nil {
		return err
	}
	return s.Commit(ctx, core)
}
