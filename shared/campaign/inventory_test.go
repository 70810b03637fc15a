package campaign

import (
	"slices"
	"testing"
)

// Ammunition is counted and spent by its SRD id, whatever the sheet's
// stacks call it, from the first stacks on; a stack spent to nothing is
// gone, and the inventory given is left alone.
func TestPiecesAndSpend(t *testing.T) {
	inv := []Item{{Item: "Arrows", Qty: 2}, {Item: "longbow", Qty: 1}, {Item: "arrow", Qty: 5}, {Item: "crossbow bolts", Qty: 3}, {Item: "arrowhead", Qty: 9}}
	for id, want := range map[string]int{"arrow": 7, "crossbow-bolt": 3, "sling-bullet": 0} {
		if got := Pieces(inv, id); got != want {
			t.Errorf("Pieces(%s) = %d, want %d", id, got, want)
		}
	}
	t.Run("FromTheFirstStacks", func(t *testing.T) {
		got := Spend(inv, "arrow", 3)
		want := []Item{{Item: "longbow", Qty: 1}, {Item: "arrow", Qty: 4}, {Item: "crossbow bolts", Qty: 3}, {Item: "arrowhead", Qty: 9}}
		if !slices.Equal(got, want) || inv[0].Qty != 2 {
			t.Errorf("Spend = %+v, want %+v (and the given one unchanged: %+v)", got, want, inv)
		}
	})
	t.Run("MoreThanThereIsEmptiesTheStacks", func(t *testing.T) {
		if got := Spend(inv, "crossbow-bolt", 10); Pieces(got, "crossbow-bolt") != 0 || len(got) != 4 {
			t.Errorf("Spend = %+v", got)
		}
	})
	t.Run("NothingSpentChangesNothing", func(t *testing.T) {
		if got := Spend(inv, "arrow", 0); !slices.Equal(got, inv) {
			t.Errorf("Spend = %+v", got)
		}
	})
}

// A shield on the arm is one the sheet marks worn, or, on a sheet from
// before items were marked, one it carries.
func TestWearsShield(t *testing.T) {
	for name, tt := range map[string]struct {
		inv  []Item
		want bool
	}{
		"Worn":               {[]Item{{Item: "shield", Qty: 1, Equipped: true}, {Item: "mace", Qty: 1, Equipped: true}}, true},
		"PutAway":            {[]Item{{Item: "shield", Qty: 1}, {Item: "greataxe", Qty: 1, Equipped: true}}, false},
		"CarriedUnmarked":    {[]Item{{Item: "shield", Qty: 1}, {Item: "mace", Qty: 1}}, true},
		"NoShieldAtAll":      {[]Item{{Item: "longsword", Qty: 1, Equipped: true}}, false},
		"AnEmptyShieldStack": {[]Item{{Item: "shield", Qty: 0, Equipped: true}}, false},
	} {
		if got := WearsShield(Character{Inventory: tt.inv}); got != tt.want {
			t.Errorf("%s: WearsShield = %v, want %v", name, got, tt.want)
		}
	}
}
