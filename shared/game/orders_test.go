package game_test

import (
	"context"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"chronicler/events"
	"chronicler/shared/fault"

	"chronicler/shared/campaign"
	"chronicler/shared/game"
)

// awayFight plays a fight of Aria's wizard Mira against goblins, after
// Aria gave her orders, changed her sheet with sheet, saw the fight
// begin and left the table:
// the fight plays itself out, Mira taking the Dodge action on her turns.
// It returns the campaign and Mira.
func awayFight(t *testing.T, f *fixture, orders []campaign.Order, sheet func(*campaign.Character)) (campaign.Campaign, campaign.Character) {
	t.Helper()
	ctx := context.Background()
	aria := game.Player{ID: "p-a", Name: "Aria"}
	c, mira := f.tableOf(t, aria, "Orders", "a1", campaign.NewCharacter{Name: "Mira", Race: "elf", Class: "wizard", Level: 3})
	mira, err := f.svc.SetOrders(ctx, aria, c.ID, mira.ID, orders)
	if err != nil {
		t.Fatal(err)
	}
	if sheet != nil {
		ch := *characterIn(t, mustSnap(t, f, c.ID), mira.ID)
		ch.SpellSlots = maps.Clone(ch.SpellSlots)
		sheet(&ch)
		if err := f.store.Commit(ctx, game.Tx{CampaignID: c.ID, Characters: []campaign.Character{ch}}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := f.svc.StartEncounter(ctx, aria, c.ID, startReq(t, `{"monsters":[{"srd_id":"goblin","count":2}]}`)); err != nil {
		t.Fatal(err)
	}
	if err := f.svc.Disconnect(ctx, "a1"); err != nil {
		t.Fatal(err)
	}
	return c, mira
}

// shieldable are the goblins' attack rolls on Mira that hit her and that
// Shield's +5 would have turned into a miss, of all the fight's turns.
func shieldable(t *testing.T, f *fixture, c campaign.Campaign, mira campaign.Character) []campaign.Roll {
	t.Helper()
	var out []campaign.Roll
	for _, tr := range f.turns(t, c.ID) {
		for _, r := range tr.Rolls {
			if w := r.Working; r.Reason == "attack roll" && r.Outcome == "hit" && w != nil && w.DC != nil &&
				w.DC.Source == mira.Name+"'s armor class" && r.Total < w.DC.Value+5 && !slices.Contains(r.Rolls, 20) {
				out = append(out, r)
			}
		}
	}
	return out
}

// shields are the turns in which Mira cast Shield, and the turns the
// table was told her standing order took a reaction in.
func shields(t *testing.T, f *fixture, c campaign.Campaign, mira campaign.Character) (cast, ordered []string) {
	t.Helper()
	for _, tr := range f.turns(t, c.ID) {
		if slices.ContainsFunc(tr.Reactions, func(a campaign.AppliedReaction) bool { return a.CharacterID == mira.ID && a.Reaction == "shield" }) {
			cast = append(cast, tr.ID)
		}
	}
	log := f.logged(t, c.ID)
	for i, w := range log {
		if w.Type != events.TypeReactionOrdered {
			continue
		}
		if w.CharacterID != mira.ID || w.Reaction != "shield" {
			t.Errorf("reaction.ordered %+v, want Mira's shield", w)
		}
		if !slices.ContainsFunc(log[i:], func(x wire) bool { return x.Type == events.TypeTurnCommitted && x.TurnID == w.TurnID }) {
			t.Errorf("reaction.ordered of turn %s told after its turn.committed, or with none", w.TurnID)
		}
		ordered = append(ordered, w.TurnID)
	}
	return cast, ordered
}

// Aria left the table with an order for Mira: Shield when it turns a
// hit into a miss, never the last slot. The goblins' hits Shield turns
// are turned, each told as her standing order, and none is left that
// Shield would have turned.
func TestStandingOrderCastsShieldForAPlayerAway(t *testing.T) {
	f := newFixture(t)
	c, mira := awayFight(t, f, []campaign.Order{{Reaction: "shield", When: campaign.OrderChanges, KeepLast: true}}, nil)
	cast, ordered := shields(t, f, c, mira)
	if len(cast) == 0 {
		t.Fatal("Mira never cast Shield")
	}
	if !slices.Equal(cast, ordered) {
		t.Errorf("Shield cast in turns %v, the table told of her order in %v", cast, ordered)
	}
	if left := shieldable(t, f, c, mira); len(left) > 0 {
		t.Errorf("hits Shield would have turned, with slots to spare: %+v", left)
	}
}

// The same order with one slot left keeps it: the goblins' hits stand,
// though Shield would have turned some.
func TestStandingOrderKeepsTheLastSlot(t *testing.T) {
	f := newFixture(t)
	c, mira := awayFight(t, f, []campaign.Order{{Reaction: "shield", When: campaign.OrderChanges, KeepLast: true}}, func(ch *campaign.Character) {
		for l, s := range ch.SpellSlots {
			s.Used = s.Max
			if l == "1" {
				s.Used = s.Max - 1
			}
			ch.SpellSlots[l] = s
		}
	})
	if cast, ordered := shields(t, f, c, mira); len(cast) > 0 || len(ordered) > 0 {
		t.Errorf("Mira cast Shield in turns %v with her last slot (ordered in %v)", cast, ordered)
	}
	if len(shieldable(t, f, c, mira)) == 0 {
		t.Fatal("no goblin hit Mira as Shield could have turned: the test shows nothing")
	}
	if got := characterIn(t, mustSnap(t, f, c.ID), mira.ID).SpellSlots["1"]; got.Max-got.Used != 1 {
		t.Errorf("first-level slots after the fight %+v, want the last kept", got)
	}
}

// A player at the table who lets the window's time run out has their
// order answer it as it closes.
func TestStandingOrderAnswersAWindowLeftToRunOut(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	aria := game.Player{ID: "p-c1", Name: "Aria"}
	c, mira := goblinFight(t, f, func() {})
	if _, err := f.svc.SetOrders(ctx, aria, c.ID, mira.ID, []campaign.Order{{Reaction: "shield", When: campaign.OrderAlways}}); err != nil {
		t.Fatal(err)
	}
	var l *campaign.Lease
	for range 20 {
		if l = untilWindow(t, f, c, mira, func() bool { return false }); l == nil {
			t.Fatal("the fight ended with no window")
		}
		if slices.ContainsFunc(l.Pending.Window.Eligible[0].Offers, func(o campaign.Offer) bool { return o.Name == "shield" }) {
			break
		}
		if err := f.svc.React(ctx, "c1", events.ClientMessage{Action: events.ActionReact, RequestID: "pass-" + l.TurnID, TurnID: l.TurnID, CharacterID: mira.ID, Reaction: "pass"}); err != nil {
			t.Fatal(err)
		}
	}
	f.clock.Add(time.Duration(c.Settings.ReactionWindowSeconds+1) * time.Second)
	if _, err := f.svc.Sweep(ctx); err != nil {
		t.Fatal(err)
	}
	turn := l.TurnID
	if _, ordered := shields(t, f, c, mira); !slices.Contains(ordered, turn) {
		t.Errorf("the window of turn %s ran out; the table was told of orders in %v", turn, ordered)
	}
	closed := slices.IndexFunc(f.logged(t, c.ID), func(w wire) bool { return w.Type == events.TypeReactionClosed && w.TurnID == turn })
	if closed < 0 || !slices.ContainsFunc(f.logged(t, c.ID)[closed].Applied, func(a struct {
		CharacterID string `json:"character_id"`
		Reaction    string `json:"reaction"`
	}) bool {
		return a.CharacterID == mira.ID && a.Reaction == "shield"
	}) {
		t.Errorf("the window of turn %s closed without Mira's Shield applied", turn)
	}
}

// An order is refused for a reaction the character does not have, and
// for a character of another player's.
func TestStandingOrdersAreRefused(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	aria := game.Player{ID: "p-c1", Name: "Aria"}
	c, mira := f.tableOf(t, aria, "Orders", "c1", campaign.NewCharacter{Name: "Mira", Race: "elf", Class: "wizard"})
	_, err := f.svc.SetOrders(ctx, aria, c.ID, mira.ID, []campaign.Order{{Reaction: "uncanny-dodge", When: campaign.OrderAlways}})
	if !fault.Is(err, fault.Invalid) || !strings.Contains(err.Error(), "Mira has no reaction") {
		t.Errorf("an order for Uncanny Dodge on a wizard: %v, want it refused", err)
	}
	bram := game.Player{ID: "p-b", Name: "Bram"}
	f.member(t, bram, c, "Tobin")
	if _, err := f.svc.SetOrders(ctx, bram, c.ID, mira.ID, []campaign.Order{{Reaction: "shield", When: campaign.OrderAlways}}); !fault.Is(err, fault.Forbidden) {
		t.Errorf("Bram's orders for Mira: %v, want forbidden", err)
	}
	got, err := f.svc.SetOrders(ctx, aria, c.ID, mira.ID, []campaign.Order{{Reaction: "shield", When: campaign.OrderAlways}})
	if err != nil || len(got.Orders) != 1 {
		t.Fatalf("Aria's order for Mira: %+v, %v", got.Orders, err)
	}
	if kept := characterIn(t, mustSnap(t, f, c.ID), mira.ID).Orders; len(kept) != 1 || kept[0].Reaction != "shield" {
		t.Errorf("the sheet keeps %+v", kept)
	}
}
