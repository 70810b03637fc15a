package events

import (
	"fmt"
	"slices"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
)

// Orders is POST /api/campaigns/{id}/characters/{cid}/orders: the whole
// list of a character's standing orders, which replaces the one on its
// sheet (an empty list clears them). Which reactions the character has
// is the game's to check (encounter.CheckOrders); the decoder checks the
// shape.
type Orders struct {
	Orders []campaign.Order `json:"orders"`
}

// The largest floor an order may keep: more slots than any sheet has.
const MaxOrderFloor = 20

// DecodeOrders parses and validates a list of standing orders: only its
// fields; at most campaign.MaxOrders; each naming a reaction (an id, at
// most MaxIDLength bytes) once, its when one of always, never and
// changes, its min_left 0 to MaxOrderFloor; never without a floor.
func DecodeOrders(data []byte) (Orders, error) {
	const op = "standing orders"
	var b Orders
	if err := decode(op, data, &b, true); err != nil {
		return b, err
	}
	if b.Orders == nil {
		return b, fault.Field(op, "orders", "is required: a list, empty to clear them")
	}
	if len(b.Orders) > campaign.MaxOrders {
		return b, fault.Field(op, "orders", "holds at most %d orders", campaign.MaxOrders)
	}
	for i, o := range b.Orders {
		field := func(name string) string { return fmt.Sprintf("orders[%d].%s", i, name) }
		switch {
		case o.Reaction == "":
			return b, fault.Field(op, field("reaction"), "is required: the reaction's id, as a reaction window names it")
		case len(o.Reaction) > MaxIDLength || !idLike(o.Reaction):
			return b, fault.Field(op, field("reaction"), "is no reaction id")
		case o.When != campaign.OrderAlways && o.When != campaign.OrderNever && o.When != campaign.OrderChanges:
			return b, fault.Field(op, field("when"), "must be always, never or changes")
		case o.MinLeft < 0 || o.MinLeft > MaxOrderFloor:
			return b, fault.Field(op, field("min_left"), "must be between 0 and %d", MaxOrderFloor)
		case o.When == campaign.OrderNever && (o.MinLeft > 0 || o.KeepLast):
			return b, fault.Field(op, field("when"), "never takes no floor of slots or uses")
		case slices.ContainsFunc(b.Orders[:i], func(p campaign.Order) bool { return p.Reaction == o.Reaction }):
			return b, fault.Field(op, field("reaction"), "has an order already: one order a reaction")
		}
	}
	return b, nil
}

// idLike reports whether s reads as an SRD id: lower-case letters,
// digits, dashes and the colon of an option.
func idLike(s string) bool {
	for _, r := range s {
		if (r < 'a' || r > 'z') && (r < '0' || r > '9') && r != '-' && r != ':' {
			return false
		}
	}
	return true
}

// ReactionOrdered tells the table a standing order answered a reaction
// window for its character, in the commit that applies it: Order is the
// order that held, Text the line the table reads ("Aria's standing
// order: Shield"). What the reaction did follows in reaction.closed's
// applied, or in the turn when no window was open to anyone at the
// table.
type ReactionOrdered struct {
	TurnID      string         `json:"turn_id"`
	CharacterID string         `json:"character_id"`
	Reaction    string         `json:"reaction"`
	Order       campaign.Order `json:"order"`
	Text        string         `json:"text"`
}
