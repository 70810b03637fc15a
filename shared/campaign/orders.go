package campaign

import (
	"fmt"
	"strings"
)

// Order is a standing order: what a character does with one of its
// reactions (or a failed save's reroll) when a reaction window offers it
// and its player is not there to answer: away from the table, or letting
// the window's time run out. A character's orders are kept on its sheet
// (Character.Orders), one per reaction, the first that holds deciding.
type Order struct {
	// Reaction is the offer's name, as a reaction window names it
	// ("shield", "opportunity-attack", "lucky", a feature's id).
	Reaction string `json:"reaction"`
	// When is OrderAlways, OrderNever or OrderChanges.
	When string `json:"when"`
	// MinLeft: the order holds only while at least this many of what the
	// reaction spends are left (spell slots of the levels it may be cast
	// with, or its resource's uses), counted before it spends one; 0 sets
	// no floor.
	MinLeft int `json:"min_left,omitempty"`
	// KeepLast: the order never spends the last slot or use.
	KeepLast bool `json:"keep_last,omitempty"`
}

// The conditions of an order.
const (
	// OrderAlways takes the reaction whenever it is offered.
	OrderAlways = "always"
	// OrderNever passes: the reaction is the player's to take, not an
	// order's.
	OrderNever = "never"
	// OrderChanges takes the reaction only when the rules say it changes
	// the outcome (Offer.Changes "yes": Shield turning a hit into a miss).
	OrderChanges = "changes"
)

// MaxOrders bounds a character's standing orders.
const MaxOrders = 16

// Follows reports whether the order takes its reaction at an offer whose
// Changes is changes, with left of what the reaction spends (spends is
// false for one that spends nothing but the reaction).
func (o Order) Follows(changes string, left int, spends bool) bool {
	switch o.When {
	case OrderAlways:
	case OrderChanges:
		if changes != "yes" {
			return false
		}
	default:
		return false
	}
	if !spends {
		return true
	}
	floor := max(o.MinLeft, 1)
	if o.KeepLast {
		floor = max(floor, 2)
	}
	return left >= floor
}

// Ordered is the reaction a character's orders take among offers: the
// first order, in the orders' own order, whose reaction is offered and
// that Follows; left says what each reaction would spend. ok is false
// when no order holds: the character passes.
func Ordered(orders []Order, offers []Offer, left func(reaction string) (int, bool)) (Order, bool) {
	for _, o := range orders {
		for _, f := range offers {
			if f.Name != o.Reaction {
				continue
			}
			n, spends := left(o.Reaction)
			if o.Follows(f.Changes, n, spends) {
				return o, true
			}
		}
	}
	return Order{}, false
}

// Describe tells the order as the table reads it, with its reaction's
// name as given: "Shield when it turns the outcome, with 2 or more
// slots left, never the last".
func (o Order) Describe(name string) string {
	var b strings.Builder
	b.WriteString(name)
	switch o.When {
	case OrderAlways:
		b.WriteString(" whenever offered")
	case OrderNever:
		b.WriteString(": never")
		return b.String()
	case OrderChanges:
		b.WriteString(" when it turns the outcome")
	}
	if o.MinLeft > 1 {
		fmt.Fprintf(&b, ", with %d or more left", o.MinLeft)
	}
	if o.KeepLast {
		b.WriteString(", never the last")
	}
	return b.String()
}
