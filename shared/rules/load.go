package rules

import (
	"strings"

	"chronicler/shared/campaign"
	"chronicler/shared/srd"
)

// Load is what a character carries against what it can: the SRD's
// carrying capacity is its Strength score times 15 pounds. Beyond it the
// character can only push or drag its load (speed 5 feet); beyond twice
// it, it cannot move it at all.
type Load struct {
	Weight   float64 `json:"weight"`   // pounds, of the items the rules know
	Capacity int     `json:"capacity"` // pounds
	// Unknown are the items the rules have no weight for (not SRD
	// weapons, armor or gear): they count as weightless.
	Unknown []string `json:"unknown,omitempty"`
}

// Carried weighs a character's inventory: SRD weapons, armor, adventuring
// gear and tools, by id or name, each piece its quantity times.
func Carried(ch campaign.Character) Load {
	l := Load{Capacity: 15 * ch.Abilities.Str}
	for _, it := range ch.Inventory {
		if it.Qty <= 0 {
			continue
		}
		w, ok := itemWeight(it.Item)
		if !ok {
			l.Unknown = append(l.Unknown, it.Item)
			continue
		}
		l.Weight += w * float64(it.Qty)
	}
	return l
}

// Encumbered reports a load over the carrying capacity: the character
// drags it, at 5 feet of speed.
func (l Load) Encumbered() bool { return l.Weight > float64(l.Capacity) }

// Immobile reports a load over twice the carrying capacity: more than the
// character can push or drag.
func (l Load) Immobile() bool { return l.Weight > 2*float64(l.Capacity) }

// Speed is the walking speed a load leaves a character of speed feet.
func (l Load) Speed(speed int) int {
	switch {
	case l.Immobile():
		return 0
	case l.Encumbered():
		return min(speed, 5)
	}
	return speed
}

// itemWeight is one piece's weight of an SRD item named by id or name.
func itemWeight(name string) (float64, bool) {
	id := strings.Join(strings.FieldsFunc(strings.ToLower(strings.TrimSpace(name)), func(r rune) bool {
		return r == ' ' || r == '_' || r == '-' || r == ',' || r == '(' || r == ')' || r == '\''
	}), "-")
	if w, ok := srd.LookupWeapon(id); ok {
		return w.Weight, true
	}
	if a, ok := srd.LookupArmor(id); ok {
		return a.Weight, true
	}
	if g, ok := srd.LookupGear(id); ok {
		return g.Weight, true
	}
	return 0, false
}
