package campaign

import "slices"

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
