package storetest

import (
	"testing"
	"time"

	"chronicler/shared/campaign"
	"chronicler/shared/game"
)

// heldWindow: a monster's turn held on a reaction window keeps each
// offer's preview, so a window offered again (a reconnect, a reaction
// that resets its timer) says what each reaction would change as it did
// when it opened, and which of its answers a standing order gave.
func (s suite) heldWindow(t *testing.T) {
	const id = "camp-a"
	st := s.open(t)
	create(t, st, newCampaign(id, "p1"))
	l := newLease("turn-1", t0, at(5*time.Minute))
	l.Pending = &campaign.PendingRolls{Seed: 7, Revealed: 1, Deadline: at(15 * time.Second), Phase: 1, Window: &campaign.Window{
		RollID: "r1", Eligible: []campaign.Eligible{{CharacterID: "c1", PlayerID: "p1", ParticipantID: "c1", Offers: []campaign.Offer{
			{Name: "shield", Changes: "yes", Preview: &campaign.Preview{Text: "Shield: 14 vs AC 17, a miss", Effect: campaign.EffectHitToMiss}},
			{Name: "opportunity-attack", Changes: "unknown"},
		}}},
		Answers: []campaign.Answer{{CharacterID: "c1", Reaction: "shield", Ordered: true}},
	}}
	commit(t, st, game.Tx{CampaignID: id, AcquireLease: &l, LeaseNow: t0})
	same(t, "lease", snapshot(t, st, id).Lease, &l)
}
