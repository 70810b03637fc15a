package rules

import (
	"fmt"
	"slices"
	"strings"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
)

// RegainCharges is a dawn's work on ch's charged magic items: each
// regains the charges its dice roll (a Wand of Magic Missiles' 1d6 + 1),
// up to its most. It returns the inventory, the rolls and what they did
// in words ("" when no item had a charge to regain).
func RegainCharges(ch campaign.Character, src dice.Source) ([]campaign.Item, []Roll, string) {
	inv := slices.Clone(ch.Inventory)
	var rolls []Roll
	var said []string
	for i, it := range inv {
		m, ok := campaign.MagicOf(it)
		if !ok || it.Magic != "" || it.Used <= 0 || m.Regain == "" {
			continue
		}
		x, err := dice.Parse(m.Regain)
		if err != nil {
			continue // the data's dice are held by the srd package's tests
		}
		r := dice.Roll(x, src)
		back := min(max(r.Total, 0), it.Used)
		inv[i].Used -= back
		rolls = append(rolls, Roll{Reason: "charges regained: " + strings.ToLower(m.Name), RollerID: ch.ID, Result: r})
		said = append(said, fmt.Sprintf("%s regains %d charges (%d of %d).", m.Name, back, m.Charges-inv[i].Used, m.Charges))
	}
	return inv, rolls, strings.Join(said, " ")
}
