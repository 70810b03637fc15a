package game

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"chronicler/events"
	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/rules/encounter"
)

// Standing orders answer a reaction window for a player who is not there
// to: a character whose player is away from the table is never offered a
// window, so its orders are weighed at each moment the rules offer it a
// reaction, before any window opens (absentOrders); one whose player is
// at the table but lets the window's time run out has its orders weighed
// as the window closes (windowOrders); a player who leaves while a window
// waits on them answers with their orders, else passes (passAway). Each
// order that fires is told to the table (reaction.ordered) in the commit
// that applies it, and what the reaction did is told as any reaction's.

// maxOrdered bounds the orders one moment of a turn may draw in a row:
// the rules' own limit of reactions to one roll stops them first.
const maxOrdered = 2 * encounter.MaxReactionsPerAttack

// SetOrders puts the character's standing orders on its sheet, replacing
// the ones it had, and tells the table with a character event in the
// same commit. Only the character's own player may; each order must name
// a reaction the character has (encounter.CheckOrders). It returns the
// sheet as committed.
func (s *Service) SetOrders(ctx context.Context, p Player, campaignID, characterID string, orders []campaign.Order) (campaign.Character, error) {
	const op = "standing orders"
	var out campaign.Character
	err := retry(ctx, func() error {
		snap, err := s.writableSnapshot(ctx, p, campaignID, op)
		if err != nil {
			return err
		}
		cur := characterOf(snap, characterID)
		if cur == nil {
			return fault.E(fault.NotFound, op, "no such character in this campaign")
		}
		if cur.PlayerID != p.ID {
			return fault.E(fault.Forbidden, op, "only %s's player gives its standing orders", cur.Name)
		}
		if err := encounter.CheckOrders(*cur, orders); err != nil {
			return err
		}
		ch := *cur
		ch.Orders = slices.Clone(orders)
		if len(ch.Orders) == 0 {
			ch.Orders = nil
		}
		out, err = s.commitSheet(ctx, snap, ch, events.Character{Text: ordersText(ch)})
		return err
	})
	if err != nil {
		return campaign.Character{}, fmt.Errorf("%s: %w", op, err)
	}
	return out, nil
}

// commitSheet commits the character's sheet ch, changed by hand, and
// tells the table with ev, the sheet as committed in it; it returns that
// sheet.
func (s *Service) commitSheet(ctx context.Context, snap Snapshot, ch campaign.Character, ev events.Character) (campaign.Character, error) {
	ev.Character = committed(snap, []campaign.Character{ch})[0]
	if err := s.commit(ctx, Tx{CampaignID: snap.Campaign.ID, Characters: []campaign.Character{ch}}, "",
		message{events.TypeCharacter, ev}); err != nil {
		return campaign.Character{}, err
	}
	return ev.Character, nil
}

// ordersText tells the table a character's standing orders as they now
// stand.
func ordersText(ch campaign.Character) string {
	if len(ch.Orders) == 0 {
		return ch.Name + " has no standing orders."
	}
	var parts []string
	for _, o := range ch.Orders {
		parts = append(parts, o.Describe(encounter.ReactionName(o.Reaction)))
	}
	return ch.Name + "'s standing orders: " + strings.Join(parts, "; ") + "."
}

// orderedMessage tells the table that ch's order took reaction in turnID.
func orderedMessage(turnID string, ch campaign.Character, o campaign.Order) message {
	return message{events.TypeReactionOrdered, events.ReactionOrdered{TurnID: turnID, CharacterID: ch.ID, Reaction: o.Reaction, Order: o,
		Text: ch.Name + "'s standing order: " + encounter.ReactionName(o.Reaction) + "."}}
}

// orderOf is the order of character ch (participant by in e, the fight
// as the turn began) that takes one of offers, if one holds.
func orderOf(e encounter.Encounter, ch *campaign.Character, by string, offers []campaign.Offer) (campaign.Order, bool) {
	if ch == nil || len(ch.Orders) == 0 {
		return campaign.Order{}, false
	}
	return campaign.Ordered(ch.Orders, offers, func(name string) (int, bool) { return e.Left(by, name) })
}

// offersTo are the reactions opening o offers participant by.
func offersTo(o encounter.Opening, by string) []campaign.Offer {
	var out []campaign.Offer
	for _, f := range o.Offers {
		if f.ParticipantID == by {
			out = append(out, f.Offer)
		}
	}
	return out
}

// reacted reports whether participant by has taken a reaction at the
// turn's moment k.
func reacted(p campaign.PendingRolls, k int, by string) bool {
	return slices.ContainsFunc(p.Reactions, func(r campaign.Reaction) bool { return r.Attack == k && r.By == by })
}

// absentOrders plays the standing orders of the characters whose players
// are away from the table at the moments of a monster's turn from moment
// from on, up to the first moment a character at the table is offered a
// reaction (its window's): each order that holds is a reaction taken
// (p.Reactions) and the turn is played again with it. It returns the
// held turn and its play with them, and what tells the table.
func (s *Service) absentOrders(snap Snapshot, l campaign.Lease, p campaign.PendingRolls, play played, from int) (campaign.PendingRolls, played, []message, error) {
	if play.own != nil {
		return p, play, nil, nil
	}
	_, e, ok, err := activeEncounter(snap)
	if err != nil || !ok {
		return p, play, nil, err
	}
	present := map[string]bool{}
	for _, ch := range withPresence(snap) {
		present[ch.ID] = ch.Presence == campaign.Present
	}
	var msgs []message
	for range maxOrdered {
		fired := false
	moments:
		for _, o := range play.res.Openings {
			if o.Attack < from {
				continue
			}
			atTable := false
			for _, f := range o.Offers {
				if present[f.CharacterID] {
					atTable = true
					continue
				}
				if reacted(p, o.Attack, f.ParticipantID) {
					continue
				}
				ch := characterOf(snap, f.CharacterID)
				order, ok := orderOf(e, ch, f.ParticipantID, offersTo(o, f.ParticipantID))
				if !ok {
					continue
				}
				p.Reactions = append(slices.Clone(p.Reactions), campaign.Reaction{Attack: o.Attack, By: f.ParticipantID, Name: order.Reaction})
				if play, err = s.replay(snap, l, p); err != nil {
					return p, play, nil, err
				}
				msgs = append(msgs, orderedMessage(l.TurnID, *ch, order))
				fired = true
				break moments
			}
			if atTable {
				break // this moment's window is the table's
			}
		}
		if !fired {
			break
		}
	}
	return p, play, msgs, nil
}

// windowOrders plays, as the open window closes with its time run out,
// the standing orders of the characters it was open to who did not
// answer: each that holds is a reaction taken at the window's moment,
// the turn played again with it. It returns the held turn and its play
// with them, and what tells the table.
func (s *Service) windowOrders(snap Snapshot, l campaign.Lease, p campaign.PendingRolls) (campaign.PendingRolls, played, []message, error) {
	play, err := s.replay(snap, l, p)
	if err != nil || p.Own {
		return p, play, nil, err
	}
	_, e, ok, err := activeEncounter(snap)
	if err != nil || !ok {
		return p, play, nil, err
	}
	w := *p.Window
	var msgs []message
	for range maxOrdered {
		fired := false
		for _, el := range w.Eligible {
			if answered(w, el.CharacterID) || reacted(p, w.Attack, el.ParticipantID) {
				continue
			}
			var offers []campaign.Offer
			for _, o := range play.res.Openings {
				if o.Attack == w.Attack {
					offers = append(offers, offersTo(o, el.ParticipantID)...)
				}
			}
			ch := characterOf(snap, el.CharacterID)
			order, ok := orderOf(e, ch, el.ParticipantID, offers)
			if !ok {
				continue
			}
			p.Reactions = append(slices.Clone(p.Reactions), campaign.Reaction{Attack: w.Attack, By: el.ParticipantID, Name: order.Reaction})
			w.Answers = append(slices.Clone(w.Answers), campaign.Answer{CharacterID: el.CharacterID, Reaction: order.Reaction, Ordered: true})
			w.Round++
			p.Window = &w
			if play, err = s.replay(snap, l, p); err != nil {
				return p, play, nil, err
			}
			msgs = append(msgs, orderedMessage(l.TurnID, *ch, order))
			fired = true
			break
		}
		if !fired || w.Round >= encounter.MaxReactionsPerAttack {
			break
		}
	}
	return p, play, msgs, nil
}

// leaverAnswer is how a character of a player who left answers the open
// window: with the reaction its standing orders take among its offers,
// else a pass.
func leaverAnswer(snap Snapshot, el campaign.Eligible) campaign.Answer {
	pass := campaign.Answer{CharacterID: el.CharacterID, Reaction: pass}
	_, e, ok, err := activeEncounter(snap)
	if err != nil || !ok {
		return pass
	}
	if o, ok := orderOf(e, characterOf(snap, el.CharacterID), el.ParticipantID, el.Offers); ok {
		return campaign.Answer{CharacterID: el.CharacterID, Reaction: o.Reaction, Ordered: true}
	}
	return pass
}

// answerOrdered is what tells the table a standing order answered for
// ans's character; none for an answer the player gave.
func answerOrdered(snap Snapshot, turnID string, ans campaign.Answer) []message {
	ch := characterOf(snap, ans.CharacterID)
	if !ans.Ordered || ch == nil {
		return nil
	}
	i := slices.IndexFunc(ch.Orders, func(o campaign.Order) bool { return o.Reaction == ans.Reaction })
	if i < 0 {
		return nil
	}
	return []message{orderedMessage(turnID, *ch, ch.Orders[i])}
}
