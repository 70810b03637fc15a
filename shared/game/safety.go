package game

import (
	"context"
	"fmt"
	"slices"

	"chronicler/events"
	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/narrator"
)

// Safety is what of the campaign's safety tools p may see: the table's
// lines and veils (the owner's), p's own private ones, and the pause.
// Nothing tells of another player's private limits, not even how many
// there are: at a table of two a count would name who added them.
func (s *Service) Safety(ctx context.Context, p Player, campaignID string) (events.Safety, error) {
	snap, err := s.memberSnapshot(ctx, p, campaignID, "read safety tools")
	if err != nil {
		return events.Safety{}, err
	}
	return safetyFor(snap, p.ID), nil
}

func safetyFor(snap Snapshot, playerID string) events.Safety {
	out := events.Safety{Lines: []events.LimitView{}, Veils: []events.LimitView{}}
	for _, l := range snap.Campaign.Limits {
		mine := l.By == playerID
		if l.Private && !mine {
			continue
		}
		v := limitView(l, playerID)
		if l.Kind == campaign.LimitLine {
			out.Lines = append(out.Lines, v)
		} else {
			out.Veils = append(out.Veils, v)
		}
	}
	if open := openSession(snap); open != nil && open.Pause != nil {
		out.Pause = &events.PauseView{By: open.Pause.Name, At: open.Pause.At}
	}
	return out
}

// AddLimit adds a line or a veil (events.DecodeLimit validated it). The
// owner's is the table's, shown to every member; any other member's is
// private: it binds the narrator from the next turn on, and only its
// player is ever shown it or that they added it. At most
// campaign.MaxLimits; a concluded campaign takes none.
func (s *Service) AddLimit(ctx context.Context, p Player, campaignID string, req events.NewLimit) (events.LimitView, error) {
	const op = "add limit"
	var out events.LimitView
	err := retry(ctx, func() error {
		snap, err := s.writableSnapshot(ctx, p, campaignID, op)
		if err != nil {
			return err
		}
		c := snap.Campaign
		if len(c.Limits) >= campaign.MaxLimits {
			return fault.Field(op, "limits", "a campaign keeps at most %d lines and veils; remove one first", campaign.MaxLimits)
		}
		l := campaign.Limit{ID: s.NewID(), Kind: req.Kind, Text: req.Text, By: p.ID, Private: c.OwnerID != p.ID, CreatedAt: s.now()}
		c.Limits = append(slices.Clone(c.Limits), l)
		if err := s.Store.Commit(ctx, Tx{CampaignID: campaignID, Campaign: &c}); err != nil {
			return err
		}
		out = limitView(l, p.ID)
		return nil
	})
	if err != nil {
		return events.LimitView{}, fmt.Errorf("%s: %w", op, err)
	}
	return out, nil
}

// RemoveLimit takes a line or a veil back: the player who added it, or
// the owner for the table's. A private limit of another is NotFound to
// everyone else, the owner included, as if it did not exist.
func (s *Service) RemoveLimit(ctx context.Context, p Player, campaignID, limitID string) error {
	const op = "remove limit"
	err := retry(ctx, func() error {
		snap, err := s.writableSnapshot(ctx, p, campaignID, op)
		if err != nil {
			return err
		}
		c := snap.Campaign
		i := slices.IndexFunc(c.Limits, func(l campaign.Limit) bool {
			return l.ID == limitID && (l.By == p.ID || (!l.Private && c.OwnerID == p.ID))
		})
		if i < 0 {
			return fault.E(fault.NotFound, op, "no such line or veil of yours")
		}
		c.Limits = slices.Delete(slices.Clone(c.Limits), i, i+1)
		return s.Store.Commit(ctx, Tx{CampaignID: campaignID, Campaign: &c})
	})
	if err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	return nil
}

// limitView is limit l as player playerID sees it.
func limitView(l campaign.Limit, playerID string) events.LimitView {
	return events.LimitView{ID: l.ID, Kind: l.Kind, Text: l.Text, Private: l.Private, Mine: l.By == playerID}
}

// limitTexts are the texts of the campaign's lines and veils, as every
// narration of it is told them and the guard holds them.
func limitTexts(c campaign.Campaign) (lines, veils []string) {
	return campaign.Texts(c.Limits, campaign.LimitLine), campaign.Texts(c.Limits, campaign.LimitVeil)
}

// cleared is a recap without the sentences that hold the campaign's
// lines or veils: a recap retells summaries and canon, which a model
// wrote, so it is held to the table's limits as a narration is.
func cleared(c campaign.Campaign, r events.Recap) events.Recap {
	lines, veils := limitTexts(c)
	r.Text = narrator.Grounds{Lines: lines, Veils: veils}.Clear(r.Text)
	return r
}
