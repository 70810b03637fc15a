package storetest

import (
	"testing"
	"time"

	"chronicler/shared/campaign"
	"chronicler/shared/game"
)

// safety: a campaign's lines and veils, with who added the private ones,
// and an open session's pause round-trip whole, and a pause's end is
// stored as no pause.
func (s suite) safety(t *testing.T) {
	st := s.open(t)
	c := newCampaign("camp-a", "p1")
	c.Limits = []campaign.Limit{
		{ID: "l1", Kind: campaign.LimitLine, Text: "spiders", By: "p1", CreatedAt: at(time.Second)},
		{ID: "l2", Kind: campaign.LimitVeil, Text: "the torture of prisoners", By: "p2", Private: true, CreatedAt: at(2 * time.Second)},
	}
	c = create(t, st, c)
	if got := snapshot(t, st, c.ID).Campaign; !same(t, "campaign with limits", got, c) {
		return
	}
	c.Limits = c.Limits[:1]
	commit(t, st, game.Tx{CampaignID: c.ID, Campaign: &c})
	c.Version++
	same(t, "campaign with a limit removed", snapshot(t, st, c.ID).Campaign, c)

	open := newSession("s1", c.ID, at(time.Minute))
	commit(t, st, game.Tx{CampaignID: c.ID, Sessions: []campaign.Session{open}})
	open.Version = 1
	open.Pause = &campaign.Pause{At: at(2 * time.Minute), By: "p2", Name: "Bram"}
	commit(t, st, game.Tx{CampaignID: c.ID, Sessions: []campaign.Session{open}})
	open.Version = 2
	if !same(t, "paused session", snapshot(t, st, c.ID).Sessions, []campaign.Session{open}) {
		return
	}
	open.Pause = nil
	commit(t, st, game.Tx{CampaignID: c.ID, Sessions: []campaign.Session{open}})
	open.Version = 3
	same(t, "session after the pause", snapshot(t, st, c.ID).Sessions, []campaign.Session{open})
}
