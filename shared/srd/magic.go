package srd

import (
	"slices"
	"sync"
)

// MagicItem is one of the SRD's magic items (magic_items.json, generated
// from the reference): what the rules play of it, read from its text. A
// variant that enchants a mundane item ("Weapon, +1") names the kind it
// enchants; an item in its own right (a Ring of Protection, a Wand of
// Magic Missiles) does not.
type MagicItem struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	Category string `json:"category"` // "weapon", "armor", "ring", "wand", "staff", "rod", "potion", "scroll", "ammunition", "wondrous-items"
	Rarity   string `json:"rarity"`   // "common", "uncommon", "rare", "very rare", "legendary", "artifact", "varies"
	// Attunement says it works only attuned (three items at most);
	// AttunedBy narrows who may attune it ("a spellcaster", "a cleric").
	Attunement bool   `json:"attunement,omitempty"`
	AttunedBy  string `json:"attuned_by,omitempty"`
	// Enchants is the kind of mundane item the variant is made of:
	// "weapon", "armor", "shield" or "ammunition"; "" for an item in its
	// own right.
	Enchants string `json:"enchants,omitempty"`
	// Bonus is what it adds to attack and damage rolls (a weapon, a
	// piece of ammunition) or to AC (armour, a shield).
	Bonus int `json:"bonus,omitempty"`
	// AC and Saves are what it adds to AC and to every saving throw while
	// worn (a Ring of Protection's 1 and 1); Unarmored, only while its
	// wearer wears no armour and carries no shield (Bracers of Defense).
	AC        int  `json:"ac,omitempty"`
	Saves     int  `json:"saves,omitempty"`
	Unarmored bool `json:"unarmored,omitempty"`
	// Charges is how many it holds; Regain the dice of those it regains
	// at dawn ("1d6+1").
	Charges int    `json:"charges,omitempty"`
	Regain  string `json:"regain,omitempty"`
	// Spells are the spells it casts for charges.
	Spells []ItemSpell `json:"spells,omitempty"`
	ItemEffects
}

// ItemSpell is a spell a magic item casts for its charges: at Level for
// Charges, a level higher for each more charge when Upcast (up to
// MaxLevel where the item sets one: a Staff of Healing's cure wounds "up
// to 4th"; 0: as far as the charges go), with its own save DC or attack
// bonus where the item gives one (0: the wielder's).
type ItemSpell struct {
	ID       string `json:"id"`
	Level    int    `json:"level"`
	Charges  int    `json:"charges"`
	Upcast   bool   `json:"upcast,omitempty"`
	MaxLevel int    `json:"max_level,omitempty"`
	DC       int    `json:"dc,omitempty"`
	Attack   int    `json:"attack,omitempty"`
}

var magicItems = sync.OnceValue(func() table[MagicItem] {
	t, err := parse("magic_items.json", func(m MagicItem) string { return m.ID })
	if err != nil {
		panic(err) // embedded and held by this package's tests: a broken build
	}
	return t
})

// LookupMagicItem returns the magic item with id.
func LookupMagicItem(id string) (MagicItem, bool) {
	m, ok := magicItems().get(id)
	return m.clone(), ok
}

// MagicItems returns every magic item, in the file's order.
func MagicItems() []MagicItem { return cloneAll(magicItems().all, MagicItem.clone) }

func (m MagicItem) clone() MagicItem {
	m.Spells = slices.Clone(m.Spells)
	m.ItemEffects = m.ItemEffects.clone()
	return m
}
