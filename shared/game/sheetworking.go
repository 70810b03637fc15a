package game

import (
	"context"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/rules/encounter"
)

// SheetWorking returns how the rules make the numbers of a character's
// sheet (its armour class, saves, skills, attacks and spell save DC),
// worked out from the sheet as stored when asked for: sent with every
// sheet it would weigh down each turn.committed for a number a player
// opens now and then. Any member may ask; NotFound for a character the
// campaign does not have.
func (s *Service) SheetWorking(ctx context.Context, p Player, campaignID, characterID string) (campaign.SheetWorking, error) {
	const op = "sheet working"
	snap, err := s.memberSnapshot(ctx, p, campaignID, op)
	if err != nil {
		return campaign.SheetWorking{}, err
	}
	ch := characterOf(snap, characterID)
	if ch == nil {
		return campaign.SheetWorking{}, fault.E(fault.NotFound, op, "no such character in this campaign")
	}
	return encounter.SheetWorking(*ch), nil
}
