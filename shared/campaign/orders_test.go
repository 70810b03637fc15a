package campaign_test

import (
	"testing"

	"chronicler/shared/campaign"
)

func TestOrderFollows(t *testing.T) {
	shield := func(when string, minLeft int, keepLast bool) campaign.Order {
		return campaign.Order{Reaction: "shield", When: when, MinLeft: minLeft, KeepLast: keepLast}
	}
	for _, c := range []struct {
		name    string
		order   campaign.Order
		changes string
		left    int
		spends  bool
		want    bool
	}{
		{"AlwaysTakesAnOfferThatChangesNothing", shield(campaign.OrderAlways, 0, false), "no", 3, true, true},
		{"NeverPassesEvenWhenItWouldChangeTheOutcome", shield(campaign.OrderNever, 0, false), "yes", 3, true, false},
		{"ChangesTakesAHitTurnedIntoAMiss", shield(campaign.OrderChanges, 0, false), "yes", 1, true, true},
		{"ChangesPassesWhenTheHitStandsAnyway", shield(campaign.OrderChanges, 0, false), "no", 3, true, false},
		{"ChangesPassesWhenTheOutcomeIsUnknown", shield(campaign.OrderChanges, 0, false), "unknown", 3, true, false},
		{"TwoSlotsLeftMet", shield(campaign.OrderChanges, 2, false), "yes", 2, true, true},
		{"TwoSlotsLeftNotMetWithOne", shield(campaign.OrderChanges, 2, false), "yes", 1, true, false},
		{"KeepLastPassesOnTheLastSlot", shield(campaign.OrderAlways, 0, true), "yes", 1, true, false},
		{"KeepLastTakesOneOfTwo", shield(campaign.OrderAlways, 0, true), "yes", 2, true, true},
		{"NothingLeftNeverTaken", shield(campaign.OrderAlways, 0, false), "yes", 0, true, false},
		{"AReactionThatSpendsNothingIgnoresWhatIsLeft", campaign.Order{Reaction: "opportunity-attack", When: campaign.OrderAlways}, "unknown", 0, false, true},
		{"AnUnknownConditionNeverFires", shield("sometimes", 0, false), "yes", 3, true, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := c.order.Follows(c.changes, c.left, c.spends); got != c.want {
				t.Errorf("%+v.Follows(%q, %d, %v) = %v, want %v", c.order, c.changes, c.left, c.spends, got, c.want)
			}
		})
	}
}

func TestOrderedTakesTheFirstOrderThatHolds(t *testing.T) {
	left := func(reaction string) (int, bool) {
		if reaction == "opportunity-attack" {
			return 0, false
		}
		return 1, true // one slot left
	}
	orders := []campaign.Order{
		{Reaction: "shield", When: campaign.OrderChanges, KeepLast: true},
		{Reaction: "hellish-rebuke", When: campaign.OrderAlways},
		{Reaction: "opportunity-attack", When: campaign.OrderAlways},
	}
	for _, c := range []struct {
		name   string
		offers []campaign.Offer
		want   string
	}{
		{"TheLastSlotKeptForShieldGoesToTheNextOrder", []campaign.Offer{{Name: "shield", Changes: "yes"}, {Name: "hellish-rebuke", Changes: "no"}}, "hellish-rebuke"},
		{"AnOfferNoOrderNamesIsPassed", []campaign.Offer{{Name: "counterspell", Changes: "yes"}}, ""},
		{"AnOrderForAReactionNotOfferedIsSkipped", []campaign.Offer{{Name: "opportunity-attack", Changes: "unknown"}}, "opportunity-attack"},
		{"NoOffersNoOrder", nil, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			o, ok := campaign.Ordered(orders, c.offers, left)
			if got := map[bool]string{true: o.Reaction}[ok]; got != c.want {
				t.Errorf("Ordered = %q (ok %v), want %q", o.Reaction, ok, c.want)
			}
		})
	}
}

func TestOrderDescribeReadsAsTheTableSaysIt(t *testing.T) {
	o := campaign.Order{Reaction: "shield", When: campaign.OrderChanges, MinLeft: 2, KeepLast: true}
	if got, want := o.Describe("Shield"), "Shield when it turns the outcome, with 2 or more left, never the last"; got != want {
		t.Errorf("Describe = %q, want %q", got, want)
	}
}
