package campaign

import (
	"fmt"
	"slices"

	"chronicler/shared/srd"
)

// Magic items on a sheet: a stack of the inventory is one when its Item
// is a magic item's id (a Ring of Protection, a Wand of Magic Missiles)
// or its Magic names the variant that enchants a mundane item (a +1
// longsword is {item: "longsword", magic: "weapon-1"}). An item that
// requires attunement works only while its owner is attuned to it, to
// three at most; one that does not works while carried (a wand, a ring
// worn) or, armour, a shield or a weapon, while worn or wielded. What
// each does is srd.MagicItem's numbers: a bonus to attack and damage
// rolls or to AC, to AC and every save, charges that cast spells.

// MaxAttuned is how many magic items a creature may be attuned to.
const MaxAttuned = 3

// MagicOf is the magic item an inventory stack is, or carries, with
// what the stack's Pick chose of it.
func MagicOf(it Item) (srd.MagicItem, bool) {
	id := it.Item
	if it.Magic != "" {
		id = it.Magic
	}
	m, ok := srd.LookupMagicItem(id)
	if ok && it.Pick != "" && slices.Contains(Picks(m.ID), it.Pick) {
		m.Resists = []string{it.Pick} // the one pick the rules know: a resistance
	}
	return m, ok
}

// picks are what the text of a magic item leaves to the GM, by item id:
// the damage type an Armor of Resistance resists (its d10 table).
var picks = map[string][]string{
	"armor-of-resistance": {"acid", "cold", "fire", "force", "lightning", "necrotic", "poison", "psychic", "radiant", "thunder"},
}

// Picks are what may be chosen of magic item id as it is handed out
// (Item.Pick); none when its text leaves nothing to choose.
func Picks(id string) []string { return picks[id] }

// works reports whether stack it is a magic item that works for its
// carrier: attuned where it must be, carried.
func works(it Item) (srd.MagicItem, bool) {
	m, ok := MagicOf(it)
	if !ok || it.Qty < 1 || (m.Attunement && !it.Attuned) {
		return m, false
	}
	return m, true
}

// WeaponBonus is what the magic of a weapon the character carries adds
// to its attack and damage rolls: the wielded stack's, else the best
// carried.
func WeaponBonus(inv []Item, weapon string) int {
	best, wielded := 0, -1
	for _, it := range inv {
		if it.Item != weapon || it.Qty < 1 {
			continue
		}
		bonus := 0
		if m, ok := works(it); ok && m.Enchants == "weapon" {
			bonus = m.Bonus
		}
		best = max(best, bonus)
		if it.Equipped {
			wielded = max(wielded, bonus)
		}
	}
	if wielded >= 0 {
		return wielded
	}
	return best
}

// ItemSaves is what the character's magic items add to every saving
// throw (a Ring of Protection's 1).
func ItemSaves(inv []Item) int {
	n := 0
	for _, it := range inv {
		if m, ok := works(it); ok && m.Enchants == "" {
			n += m.Saves
		}
	}
	return n
}

// itemAC is what magic adds to the AC of a character wearing inv's worn
// items: the enchanted armour's and shield's bonuses, and the AC of the
// items that give it (a Ring of Protection; Bracers of Defense only with
// no armour and no shield).
func itemAC(inv []Item) int {
	return SumTerms(itemACTerms(inv))
}

// itemACTerms are itemAC's parts, each by its magic item's name.
func itemACTerms(inv []Item) []Term {
	var out []Term
	armored := false
	for _, it := range worn(inv) {
		a, isArmor := srd.LookupArmor(it.Item)
		if !isArmor || it.Qty < 1 {
			continue
		}
		armored = armored || a.Category != ""
		if m, ok := works(it); ok && (m.Enchants == "armor" || m.Enchants == "shield") && m.Bonus != 0 {
			out = append(out, Term{Value: m.Bonus, Source: m.Name, Kind: TermItem})
		}
	}
	for _, it := range inv {
		m, ok := works(it)
		if !ok || m.Enchants != "" || m.AC == 0 || (m.Unarmored && armored) {
			continue
		}
		out = append(out, Term{Value: m.AC, Source: m.Name, Kind: TermItem})
	}
	return out
}

// Attuned counts the items the character is attuned to.
func Attuned(ch Character) int {
	n := 0
	for _, it := range ch.Inventory {
		if it.Attuned {
			n++
		}
	}
	return n
}

// Attune has the character attune to the magic item (on) or end its
// attunement, and gives the sheet that results, with what it did in
// words: attuning takes a short rest with the item, and one may be
// attuned to three at most. Its AC follows what the item adds. An item not
// carried, not magic or needing no attunement is an error a player may
// read.
func Attune(ch Character, item string, on bool) (Character, string, error) {
	i := slices.IndexFunc(ch.Inventory, func(it Item) bool {
		return (it.Item == item || (it.Magic != "" && it.Magic == item)) && it.Qty > 0
	})
	if i < 0 {
		return ch, "", fmt.Errorf("%s does not carry %s", ch.Name, ItemName(item))
	}
	it := ch.Inventory[i]
	m, ok := MagicOf(it)
	switch {
	case !ok:
		return ch, "", fmt.Errorf("%s is not a magic item", ItemName(item))
	case !m.Attunement:
		return ch, "", fmt.Errorf("%s needs no attunement: it works as it is", m.Name)
	case on && it.Attuned:
		return ch, "", fmt.Errorf("%s is already attuned to %s", ch.Name, m.Name)
	case !on && !it.Attuned:
		return ch, "", fmt.Errorf("%s is not attuned to %s", ch.Name, m.Name)
	case on && Attuned(ch) >= MaxAttuned:
		return ch, "", fmt.Errorf("%s is attuned to %d items already, the most anyone can be; end one attunement first", ch.Name, MaxAttuned)
	}
	before := ch
	ch.Inventory = slices.Clone(ch.Inventory)
	ch.Inventory[i].Attuned = on
	ch.AC = before.AC + ArmorClass(ch.Class, ch.Abilities, ch.Inventory) - ArmorClass(ch.Class, ch.Abilities, before.Inventory)
	if on {
		return ch, fmt.Sprintf("%s spends a short rest with %s and attunes to it.", ch.Name, m.Name), nil
	}
	return ch, fmt.Sprintf("%s ends its attunement to %s.", ch.Name, m.Name), nil
}

// GiveMagic is the inventory with n more of the stack it (a magic item,
// or a mundane one its Magic enchants): on the same stack, or a new one.
func GiveMagic(inv []Item, it Item, n int) []Item {
	out := slices.Clone(inv)
	for i := range out {
		if out[i].Item == it.Item && out[i].Magic == it.Magic && out[i].Pick == it.Pick && !out[i].Attuned && out[i].Used == 0 {
			out[i].Qty += n
			return out
		}
	}
	it.Qty = n
	return append(out, named(it))
}

// Enchantable reports, as an error a player may read, whether the magic
// item magic enchants the mundane item base: a weapon variant a weapon,
// an armour one body armour, a shield one the shield, an ammunition one
// a piece of ammunition (srd.MagicName).
func Enchantable(base, magic string) error {
	m, ok := srd.LookupMagicItem(magic)
	switch {
	case !ok || m.Enchants == "":
		return fmt.Errorf("%q is no magic item that enchants a weapon, armour, a shield or ammunition", magic)
	case !enchants(base, magic):
		return fmt.Errorf("%s enchants %s, and %s is not one", m.Name, m.Enchants, ItemName(base))
	}
	return nil
}

func enchants(base, magic string) bool {
	_, ok := srd.MagicName(base, magic)
	return ok
}

// Charges are the charges of the magic items the character carries that
// hold them and work for it (attuned where they must be), by item id:
// the most it holds and how many are spent (Item.Used).
func Charges(inv []Item) map[string]Pool {
	out := map[string]Pool{}
	for _, it := range inv {
		m, ok := works(it)
		if !ok || m.Charges == 0 || it.Magic != "" {
			continue
		}
		if _, seen := out[m.ID]; !seen {
			out[m.ID] = Pool{Max: m.Charges, Used: min(max(it.Used, 0), m.Charges)}
		}
	}
	return out
}

// UseCharges is the inventory with the first stack of magic item id
// having used charges spent.
func UseCharges(inv []Item, id string, used int) []Item {
	out := slices.Clone(inv)
	for i, it := range out {
		if it.Item == id && it.Magic == "" && it.Qty > 0 {
			out[i].Used = max(used, 0)
			break
		}
	}
	return out
}
