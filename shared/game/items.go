package game

import (
	"context"
	"fmt"
	"slices"

	"chronicler/events"
	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
)

// Give puts what the owner gives a character (an item the rules know,
// coins, or both: events.DecodeGift) on its sheet, and tells the table
// with a character event in the same commit. Owner only; the campaign
// must be writable. It returns the sheet as committed.
func (s *Service) Give(ctx context.Context, p Player, campaignID, characterID string, g events.Gift) (campaign.Character, error) {
	const op = "give"
	var out campaign.Character
	err := retry(ctx, func() error {
		snap, err := s.ownerSnapshot(ctx, p, campaignID, op)
		if err != nil {
			return err
		}
		i := slices.IndexFunc(snap.Characters, func(ch campaign.Character) bool { return ch.ID == characterID })
		if i < 0 {
			return fault.E(fault.NotFound, op, "no such character in this campaign")
		}
		ch := snap.Characters[i]
		var got []string
		if g.Item != "" {
			if _, magic := campaign.MagicOf(campaign.Item{Item: g.Item, Magic: g.Magic}); magic {
				ch.Inventory = campaign.GiveMagic(ch.Inventory, campaign.Item{Item: g.Item, Magic: g.Magic, Pick: g.Pick}, g.Qty)
			} else {
				ch.Inventory = campaign.Give(ch.Inventory, g.Item, g.Qty)
			}
			name := campaign.Named([]campaign.Item{{Item: g.Item, Magic: g.Magic}})[0].Name
			if g.Pick != "" {
				name += " (" + g.Pick + ")"
			}
			if g.Qty == 1 {
				got = append(got, rules.Article(name))
			} else {
				got = append(got, fmt.Sprintf("%d × %s", g.Qty, name))
			}
		}
		if g.Coins != nil {
			purse := g.Coins.Plus(campaign.Coins{})
			if ch.Coins != nil {
				purse = ch.Coins.Plus(*g.Coins)
			}
			ch.Coins = &purse
			got = append(got, g.Coins.String())
		}
		text := ch.Name + " receives " + joinAnd(got) + "."
		gift := g
		out, err = s.commitSheet(ctx, snap, ch, events.Character{Gift: &gift, Text: text})
		return err
	})
	if err != nil {
		return campaign.Character{}, fmt.Errorf("%s: %w", op, err)
	}
	return out, nil
}

func joinAnd(parts []string) string {
	switch len(parts) {
	case 0:
		return "nothing"
	case 1:
		return parts[0]
	}
	return parts[0] + " and " + parts[1]
}
