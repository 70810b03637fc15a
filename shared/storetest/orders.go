package storetest

import (
	"testing"
	"time"

	"chronicler/shared/campaign"
	"chronicler/shared/game"
)

// standingOrders: a character's standing orders are kept on its sheet
// and cleared with it, and a held turn keeps which answers of its window
// a standing order gave.
func (s suite) standingOrders(t *testing.T) {
	st := s.open(t)
	c := create(t, st, newCampaign("camp-orders", "p1"))
	ch := newCharacter("c1", "p1")
	ch.Orders = []campaign.Order{
		{Reaction: "opportunity-attack", When: campaign.OrderAlways},
		{Reaction: "shield", When: campaign.OrderChanges, MinLeft: 2, KeepLast: true},
	}
	commit(t, st, game.Tx{CampaignID: c.ID, Characters: []campaign.Character{ch}})
	ch.Version = 1
	same(t, "a sheet with orders", snapshot(t, st, c.ID).Characters, []campaign.Character{ch})

	ch.Orders = nil
	commit(t, st, game.Tx{CampaignID: c.ID, Characters: []campaign.Character{ch}})
	ch.Version = 2
	same(t, "a sheet with its orders cleared", snapshot(t, st, c.ID).Characters, []campaign.Character{ch})

	lease := newLease("turn-1", at(time.Minute), at(time.Hour))
	lease.Pending = &campaign.PendingRolls{Seed: 7, Revealed: 1, Deadline: at(2 * time.Minute), Window: &campaign.Window{
		Attack: 0, RollID: "r1",
		Eligible: []campaign.Eligible{{CharacterID: "c1", PlayerID: "p1", ParticipantID: "c1", Offers: []campaign.Offer{{Name: "shield", Changes: "yes"}}}},
		Answers:  []campaign.Answer{{CharacterID: "c1", Reaction: "shield", Ordered: true}},
	}}
	commit(t, st, game.Tx{CampaignID: c.ID, AcquireLease: &lease, LeaseNow: at(time.Minute)})
	got := snapshot(t, st, c.ID).Lease
	if got == nil || got.Pending == nil || got.Pending.Window == nil {
		t.Fatalf("the held turn came back as %+v", got)
	}
	same(t, "a window's answers", got.Pending.Window.Answers, lease.Pending.Window.Answers)
}
