package campaign

import (
	"slices"

	"chronicler/shared/srd"
)

// Worn are the items of a character's inventory it wears or wields: those
// marked Equipped. A sheet from before items were marked has none so
// marked; all it carries counts as worn, as it did then (the best body
// armour, and a shield).
func Worn(ch Character) []Item { return worn(ch.Inventory) }

func worn(inv []Item) []Item {
	var out []Item
	marked := false
	for _, it := range inv {
		if it.Equipped {
			marked = true
			if it.Qty > 0 {
				out = append(out, it)
			}
		}
	}
	if !marked {
		return inv
	}
	return out
}

// ExpertiseFor is the expertise a character of the class and level has,
// from its skill proficiencies: a rogue chooses two at 1st level and two
// more at 6th, a bard two at 3rd and two more at 10th (SRD). The request
// names no choice, so the first of its skills are taken.
func ExpertiseFor(class string, level int, skills []string) []string {
	n := 0
	switch {
	case class == "rogue" && level >= 6, class == "bard" && level >= 10:
		n = 4
	case class == "rogue", class == "bard" && level >= 3:
		n = 2
	}
	if n == 0 || len(skills) == 0 {
		return nil
	}
	return slices.Clone(skills[:min(n, len(skills))])
}

// Take is the inventory with n fewer of the item (by id), the stack gone
// when none is left; the inventory is not changed in place.
func Take(inv []Item, item string, n int) []Item {
	out := make([]Item, 0, len(inv))
	for _, it := range inv {
		if it.Item == item && n > 0 {
			k := min(n, it.Qty)
			it.Qty, n = it.Qty-k, n-k
			if it.Qty <= 0 {
				continue
			}
		}
		out = append(out, it)
	}
	return out
}

// Give is the inventory with n more of the item (by id): on its stack,
// or a new one at the end; the inventory is not changed in place.
func Give(inv []Item, item string, n int) []Item {
	out := slices.Clone(inv)
	for i := range out {
		if out[i].Item == item {
			out[i].Qty += n
			return out
		}
	}
	return append(out, named(Item{Item: item, Qty: n}))
}

// Named is a copy of the inventory with the SRD's name on every item the
// rules know.
func Named(inv []Item) []Item {
	out := slices.Clone(inv)
	for i := range out {
		out[i] = named(out[i])
	}
	return out
}

func named(it Item) Item {
	if n, ok := srd.ItemName(it.Item); ok {
		it.Name = n
	}
	return it
}
