package rules_test

import (
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/rules"
)

func TestCarried(t *testing.T) {
	ch := campaign.Character{Abilities: campaign.Abilities{Str: 8}, Inventory: []campaign.Item{
		{Item: "longsword", Qty: 1},           // 3 lb
		{Item: "Chain Mail", Qty: 1},          // 55 lb, by name
		{Item: "rations-1-day", Qty: 5},       // 2 lb each
		{Item: "arrow", Qty: 20},              // 1 lb the twenty
		{Item: "a locket of Mira's", Qty: 1},  // unknown: weightless
		{Item: "rope-hempen-50-feet", Qty: 0}, // none left
	}}
	l := rules.Carried(ch)
	if l.Weight != 69 || l.Capacity != 120 || len(l.Unknown) != 1 || l.Unknown[0] != "a locket of Mira's" {
		t.Fatalf("load = %+v, want 69 of 120 lb and the locket unknown", l)
	}
	for _, tt := range []struct {
		weight            float64
		encumbered, stuck bool
		speed             int
	}{{120, false, false, 30}, {121, true, false, 5}, {240, true, false, 5}, {241, true, true, 0}} {
		l := rules.Load{Weight: tt.weight, Capacity: 120}
		if l.Encumbered() != tt.encumbered || l.Immobile() != tt.stuck || l.Speed(30) != tt.speed {
			t.Errorf("%v of 120 lb: encumbered %v immobile %v speed %d", tt.weight, l.Encumbered(), l.Immobile(), l.Speed(30))
		}
	}
}
