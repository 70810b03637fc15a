package campaign

import (
	"slices"
	"strings"
)

// HealersKitUses are the uses of one healer's kit (SRD: ten).
const HealersKitUses = 10

// IsHealersKit reports whether an inventory item is the SRD's healer's
// kit, by its id or its name ("healers-kit", "Healer's Kit").
func IsHealersKit(item string) bool {
	s := strings.ToLower(strings.TrimSpace(strings.ReplaceAll(item, "'", "")))
	return strings.Join(strings.Fields(strings.ReplaceAll(s, "-", " ")), "-") == "healers-kit"
}

// KitUses are the uses left of the healer's kits in inv: ten a kit, less
// those spent of each stack's kit in use (Item.Used).
func KitUses(inv []Item) int {
	n := 0
	for _, it := range inv {
		if IsHealersKit(it.Item) && it.Qty > 0 {
			n += max(it.Qty*HealersKitUses-it.Used, 0)
		}
	}
	return n
}

// SpendKit is inv with n uses of its healer's kits spent, in inventory
// order: a kit whose last use is spent is gone (its stack one fewer, the
// stack gone with its last). inv is not changed.
func SpendKit(inv []Item, n int) []Item {
	out := slices.Clone(inv)
	for i := 0; i < len(out) && n > 0; {
		it := &out[i]
		if !IsHealersKit(it.Item) || it.Qty <= 0 {
			i++
			continue
		}
		it.Used++
		n--
		if it.Used >= HealersKitUses {
			it.Qty, it.Used = it.Qty-1, 0
		}
		if it.Qty <= 0 {
			out = slices.Delete(out, i, i+1)
		}
	}
	return out
}
