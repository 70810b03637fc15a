package srd

import (
	"slices"
	"strings"
)

// Potion is a potion of healing: drinking it, or giving it to another,
// takes an action, and the drinker regains Healing hit points (SRD 5.1,
// "Potion of Healing": 2d4 + 2 for the common one, more for the rarer).
// The engine heals with these itself; their dice are written here from
// the SRD's table (magic_items.json reads no healing from the text).
type Potion struct {
	ID      string `json:"id"` // the SRD's magic item id
	Name    string `json:"name"`
	Rarity  string `json:"rarity"`
	Healing string `json:"healing"` // dice
}

var potions = []Potion{
	{ID: "potion-of-healing", Name: "Potion of Healing", Rarity: "common", Healing: "2d4+2"},
	{ID: "potion-of-healing-greater", Name: "Potion of Greater Healing", Rarity: "uncommon", Healing: "4d4+4"},
	{ID: "potion-of-healing-superior", Name: "Potion of Superior Healing", Rarity: "rare", Healing: "8d4+8"},
	{ID: "potion-of-healing-supreme", Name: "Potion of Supreme Healing", Rarity: "very rare", Healing: "10d4+20"},
}

// LookupPotion returns the potion of healing with the given id
// ("potion-of-healing"); the SRD's "potion-of-healing-common" is the
// common one.
func LookupPotion(id string) (Potion, bool) {
	if id == "potion-of-healing-common" {
		id = "potion-of-healing"
	}
	i := slices.IndexFunc(potions, func(p Potion) bool { return p.ID == id })
	if i < 0 {
		return Potion{}, false
	}
	return potions[i], true
}

// Potions returns the potions of healing, the weakest first.
func Potions() []Potion { return slices.Clone(potions) }

// ItemName is the SRD's name of an item id ("crossbow-light": "Crossbow,
// light"; "ring-of-protection": "Ring of Protection"), for any weapon,
// armour, gear, potion or magic item the rules know; false for any other
// id. A mundane item made magic by a variant is named by MagicName.
func ItemName(id string) (string, bool) {
	if w, ok := LookupWeapon(id); ok {
		return w.Name, true
	}
	if a, ok := LookupArmor(id); ok {
		return a.Name, true
	}
	if g, ok := LookupGear(id); ok {
		return g.Name, true
	}
	if p, ok := LookupPotion(id); ok {
		return p.Name, true
	}
	if m, ok := LookupMagicItem(id); ok {
		return m.Name, true
	}
	return "", false
}

// MagicName is the name of the mundane item base made magic by the
// variant magic ("longsword", "weapon-1": "Longsword, +1"; "arrow",
// "ammunition-2": "Arrow, +2"); false when magic enchants no mundane item
// or not base's kind: a weapon variant needs a weapon, an armour variant
// armour that is not a shield, a shield variant the shield, an ammunition
// variant a piece of ammunition.
func MagicName(base, magic string) (string, bool) {
	m, ok := LookupMagicItem(magic)
	if !ok {
		return "", false
	}
	// The variant's name is its kind's and its bonus: "Weapon, +1"; a
	// named one's is its own, with the weapon it is made of: "Flame
	// Tongue (Longsword)", of those it fits (ItemEffects.Fits).
	_, bonus, ok := strings.Cut(m.Name, ", ")
	if !ok && m.Enchants == "" || len(m.Fits) > 0 && !slices.Contains(m.Fits, base) {
		return "", false
	}
	var name string
	switch m.Enchants {
	case "weapon":
		w, ok := LookupWeapon(base)
		if !ok {
			return "", false
		}
		name = w.Name
	case "armor", "shield":
		a, ok := LookupArmor(base)
		if !ok || (a.Category == "shield") != (m.Enchants == "shield") {
			return "", false
		}
		name = a.Name
	case "ammunition":
		g, ok := LookupGear(base)
		if !ok || g.Category != "ammunition" {
			return "", false
		}
		name = g.Name
	default:
		return "", false
	}
	if !ok {
		return m.Name + " (" + name + ")", true
	}
	return name + ", " + bonus, true
}
