package srd

import "slices"

// Potion is a potion of healing: drinking it, or giving it to another,
// takes an action, and the drinker regains Healing hit points (SRD 5.1,
// "Potion of Healing": 2d4 + 2 for the common one, more for the rarer).
// The magic items the engine models are these; their facts are written
// here from the SRD's table rather than generated.
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
// light"), for any weapon, armour, gear or potion the rules know; false
// for any other id.
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
	return "", false
}
