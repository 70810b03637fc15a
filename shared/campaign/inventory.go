package campaign

import (
	"fmt"
	"slices"
	"strings"

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

// Pieces is how many of the item (an SRD id: "arrow") the inventory
// holds, its stacks named by the id or by the SRD name, one or many
// ("crossbow-bolt", "Crossbow bolt", "crossbow bolts").
func Pieces(inv []Item, id string) int {
	n := 0
	for _, it := range inv {
		if isItem(it.Item, id) && it.Qty > 0 {
			n += it.Qty
		}
	}
	return n
}

// Spend is the inventory with n of the item (named as Pieces reads it)
// used up, from its first stacks, a stack gone with its last piece; inv
// is not changed.
func Spend(inv []Item, id string, n int) []Item {
	return spend(inv, id, n, func(Item) bool { return true })
}

// SpendOf is Spend of only the stacks magic enchants, "" the plain ones:
// a +1 arrow shot is never taken from the plain arrows.
func SpendOf(inv []Item, id, magic string, n int) []Item {
	return spend(inv, id, n, func(it Item) bool { return it.Magic == magic })
}

func spend(inv []Item, id string, n int, of func(Item) bool) []Item {
	out := make([]Item, 0, len(inv))
	for _, it := range inv {
		if n > 0 && isItem(it.Item, id) && it.Qty > 0 && of(it) {
			k := min(n, it.Qty)
			it.Qty, n = it.Qty-k, n-k
			if it.Qty == 0 {
				continue
			}
		}
		out = append(out, it)
	}
	return out
}

// isItem reports whether an inventory stack's name is the SRD item id:
// the id itself, its name as an id ("Crossbow bolt"), or either plural.
func isItem(name, id string) bool {
	s := strings.Join(strings.FieldsFunc(strings.ToLower(name), func(r rune) bool { return r == ' ' || r == '_' || r == '-' }), "-")
	return s == id || s == id+"s"
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
	if n, ok := srd.MagicName(it.Item, it.Magic); ok {
		it.Name = n // "Longsword, +1"
	}
	return it
}

// Equip has the character put on armour or a shield, or wield a weapon
// (on), or take it off or put it away (!on), and gives the sheet that
// results with what it took: body armour replaces the armour worn
// (donning takes 1, 5 or 10 minutes for light, medium or heavy armour,
// doffing 1, 1 or 5); a wielded weapon replaces those wielded, and a
// two-handed one puts the shield away, as a shield puts away a
// two-handed weapon. AC changes by the difference the armour makes, so
// what else raises it (a spell) stays; speed likewise for heavy armour
// too heavy for the character, and for a monk's Unarmored Movement,
// which armour or a shield takes away. An item not carried, or that is neither
// armour nor a weapon, is an error whose message a player may read.
func Equip(ch Character, item string, on bool) (Character, string, error) {
	i := slices.IndexFunc(ch.Inventory, func(it Item) bool { return it.Item == item && it.Qty > 0 })
	if m := slices.IndexFunc(ch.Inventory, func(it Item) bool { return it.Item == item && it.Qty > 0 && it.Magic != "" }); on && m >= 0 {
		i = m // of two, the magic one is the one put on
	}
	if i < 0 {
		return ch, "", fmt.Errorf("%s does not carry %s", ch.Name, ItemName(item))
	}
	armor, isArmor := srd.LookupArmor(item)
	_, isWeapon := srd.LookupWeapon(item)
	if !isArmor && !isWeapon {
		return ch, "", fmt.Errorf("%s is neither armour nor a weapon", ItemName(item))
	}
	before := ch
	inv := slices.Clone(ch.Inventory)
	if !slices.ContainsFunc(inv, func(it Item) bool { return it.Equipped }) {
		// A sheet from before items were marked: mark what it has worn.
		for j, it := range inv {
			_, a := srd.LookupArmor(it.Item)
			inv[j].Equipped = a && slices.Contains(worn(ch.Inventory), it)
		}
	}
	if inv[i].Equipped == on {
		// Nothing to change: the words asked for what already is.
		state := map[bool]string{true: "already", false: "not"}[on]
		return ch, fmt.Sprintf("%s is %s %s %s.", ch.Name, state, wearing(isArmor), ItemName(item)), nil
	}
	twoHanded := func(id string) bool {
		w, ok := srd.LookupWeapon(id)
		return ok && slices.Contains(w.Properties, "two-handed")
	}
	var also []string
	if on {
		for j, it := range inv {
			if j == i || !it.Equipped {
				continue
			}
			a, otherArmor := srd.LookupArmor(it.Item)
			_, otherWeapon := srd.LookupWeapon(it.Item)
			switch {
			case isArmor && armor.Category != "shield" && otherArmor && a.Category != "shield",
				isWeapon && otherWeapon,
				isWeapon && twoHanded(item) && otherArmor && a.Category == "shield",
				isArmor && armor.Category == "shield" && otherWeapon && twoHanded(it.Item):
				inv[j].Equipped = false
				also = append(also, ItemName(it.Item))
			}
		}
	}
	inv[i].Equipped = on
	ch.Inventory = inv
	ch.AC = before.AC + ArmorClass(ch.Class, ch.Abilities, inv) - ArmorClass(ch.Class, ch.Abilities, before.Inventory)
	slowed := func(inv []Item) int {
		if heavyArmorSlows(ch.Race, ch.Abilities, inv) {
			return 10
		}
		return 0
	}
	ch.Speed = max(before.Speed+slowed(before.Inventory)-slowed(inv), 0)
	ch = WithFeatureNumbers(before, ch)
	ch.Speed += unarmoredMovement(ch.Class, ch.Level, inv) - unarmoredMovement(ch.Class, ch.Level, before.Inventory)
	verb := map[bool]string{true: "puts on ", false: "takes off "}[on]
	if isWeapon {
		verb = map[bool]string{true: "wields ", false: "puts away "}[on]
	}
	text := ch.Name + " " + verb + ItemName(item)
	if len(also) > 0 {
		text += ", putting away " + strings.Join(also, " and ")
	}
	if isArmor && armor.Category != "shield" {
		text += fmt.Sprintf(" (%d minutes)", armorMinutes(armor.Category, on))
	}
	text += "."
	if ch.AC != before.AC {
		text += fmt.Sprintf(" AC %d.", ch.AC)
	}
	return ch, text, nil
}

func wearing(armor bool) string {
	if armor {
		return "wearing"
	}
	return "wielding"
}

// armorMinutes is how long putting on (on) or taking off armour of a
// category takes, in minutes (SRD).
func armorMinutes(category string, on bool) int {
	switch {
	case category == "heavy" && on:
		return 10
	case category == "medium" && on, category == "heavy":
		return 5
	}
	return 1
}

// ItemName is an item's SRD name, or the item as the sheet names it.
func ItemName(id string) string {
	if n, ok := srd.ItemName(id); ok {
		return n
	}
	return id
}

// Coins are a purse: copper, silver, electrum, gold and platinum pieces
// (SRD: 10 cp = 1 sp, 5 sp = 1 ep, 2 ep = 1 gp, 10 gp = 1 pp).
type Coins struct {
	CP int `json:"cp,omitempty"`
	SP int `json:"sp,omitempty"`
	EP int `json:"ep,omitempty"`
	GP int `json:"gp,omitempty"`
	PP int `json:"pp,omitempty"`
}

// Plus is the purse with more coins in it.
func (c Coins) Plus(o Coins) Coins {
	return Coins{CP: c.CP + o.CP, SP: c.SP + o.SP, EP: c.EP + o.EP, GP: c.GP + o.GP, PP: c.PP + o.PP}
}

// Zero reports an empty purse.
func (c Coins) Zero() bool { return c == Coins{} }

// String is the purse as a table says it: "12 gp, 5 sp".
func (c Coins) String() string {
	var parts []string
	for _, x := range []struct {
		n    int
		name string
	}{{c.PP, "pp"}, {c.GP, "gp"}, {c.EP, "ep"}, {c.SP, "sp"}, {c.CP, "cp"}} {
		if x.n != 0 {
			parts = append(parts, fmt.Sprintf("%d %s", x.n, x.name))
		}
	}
	if len(parts) == 0 {
		return "no coins"
	}
	return strings.Join(parts, ", ")
}

// StealthHindrance names the armour the character wears that gives
// disadvantage on Dexterity (Stealth) checks (SRD: padded, scale mail,
// half plate, ring mail, chain mail, splint, plate).
func StealthHindrance(ch Character) []string {
	var out []string
	for _, it := range Worn(ch) {
		if a, ok := srd.LookupArmor(it.Item); ok && a.StealthDisadvantage && it.Qty > 0 {
			out = append(out, a.Name)
		}
	}
	return out
}

// WearsShield reports whether the character has a shield on its arm,
// which leaves it one hand for a weapon.
func WearsShield(ch Character) bool {
	for _, it := range Worn(ch) {
		if a, ok := srd.LookupArmor(it.Item); ok && a.Category == "shield" && it.Qty > 0 {
			return true
		}
	}
	return false
}

// WearsArmor reports whether the character wears body armour or carries
// a shield, which a monk's Martial Arts and Unarmored Movement need it
// not to.
func WearsArmor(ch Character) bool { return !unarmored(ch.Inventory) }

// unarmored reports whether nothing worn of inv is armour or a shield.
func unarmored(inv []Item) bool {
	for _, it := range worn(inv) {
		if _, ok := srd.LookupArmor(it.Item); ok && it.Qty > 0 {
			return false
		}
	}
	return true
}

// unarmoredMovement is what a monk's Unarmored Movement adds to its speed
// at level, carrying inv: the class's counter, without armour or shield.
func unarmoredMovement(class string, level int, inv []Item) int {
	if class != "monk" || !unarmored(inv) {
		return 0
	}
	return int(ClassCounter(Character{Class: class, Level: level}, "unarmored_movement"))
}

// WearsHeavyArmor reports whether the character wears heavy armour, which
// takes away a rage's benefits and a barbarian's Unarmored Defense.
func WearsHeavyArmor(ch Character) bool {
	for _, it := range Worn(ch) {
		if a, ok := srd.LookupArmor(it.Item); ok && a.Category == "heavy" && it.Qty > 0 {
			return true
		}
	}
	return false
}

// CarriesShield reports whether the character has a shield on its arm
// (Protection needs one): WearsShield.
func CarriesShield(ch Character) bool { return WearsShield(ch) }
