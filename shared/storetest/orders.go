package storetest

import (
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/game"
)

// standingOrders: a character's standing orders are kept on its sheet
// and cleared with it (which answers of a held window a standing order
// gave: heldWindow).
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
}
