package campaign

import (
	"strings"
	"testing"
)

// A +1 armour adds 1 to AC while worn; a Ring of Protection adds 1 to AC
// and every save only while attuned, and one is attuned to three items at
// most.
func TestMagicItemsOnTheSheet(t *testing.T) {
	ch, err := NewCharacter{Name: "Bram", Race: "human", Class: "fighter", Level: 1}.Build("b", "p")
	if err != nil {
		t.Fatal(err)
	}
	base := ch.AC
	ch.Inventory = GiveMagic(ch.Inventory, Item{Item: "ring-of-protection"}, 1)
	if ItemSaves(ch.Inventory) != 0 || itemAC(ch.Inventory) != 0 {
		t.Fatal("an unattuned ring protects")
	}
	attuned, text, err := Attune(ch, "ring-of-protection", true)
	if err != nil {
		t.Fatal(err)
	}
	if attuned.AC != base+1 || ItemSaves(attuned.Inventory) != 1 || !strings.Contains(text, "attunes to it") {
		t.Fatalf("attuned to a ring of protection: AC %d (was %d), saves +%d: %q", attuned.AC, base, ItemSaves(attuned.Inventory), text)
	}
	if _, _, err := Attune(attuned, "ring-of-protection", true); err == nil {
		t.Error("attuned twice to one ring")
	}
	// Three more rings: the fourth attunement is refused.
	for range 3 {
		attuned.Inventory = GiveMagic(attuned.Inventory, Item{Item: "ring-of-protection", Attuned: true}, 1)
	}
	attuned.Inventory = GiveMagic(attuned.Inventory, Item{Item: "ring-of-protection"}, 1)
	if n := Attuned(attuned); n != 4 {
		t.Fatalf("%d attuned stacks", n)
	}
	ended, _, err := Attune(attuned, "ring-of-protection", false)
	if err != nil || ended.AC != attuned.AC-1 {
		t.Fatalf("ending an attunement: AC %d, %v", ended.AC, err)
	}

	// Chain mail +1, worn: its bonus is on the AC.
	plate := ch
	plate.Inventory = GiveMagic(plate.Inventory, Item{Item: "chain-mail", Magic: "armor-1"}, 1)
	worn, _, err := Equip(plate, "chain-mail", true)
	if err != nil {
		t.Fatal(err)
	}
	if worn.AC != 16+1 {
		t.Fatalf("chain mail +1 worn: AC %d, want 17", worn.AC)
	}
	if got := Named(plate.Inventory); got[len(got)-1].Name != "Chain Mail, +1" {
		t.Errorf("named %q", got[len(got)-1].Name)
	}
}

// A +1 weapon's bonus is the wielded one's; a magic variant enchants only
// its kind of item.
func TestMagicWeapons(t *testing.T) {
	inv := GiveMagic([]Item{{Item: "longsword", Qty: 1}}, Item{Item: "longsword", Magic: "weapon-1"}, 1)
	if b := WeaponBonus(inv, "longsword"); b != 1 {
		t.Errorf("a +1 longsword carried: +%d", b)
	}
	inv[0].Equipped = true // the plain one in hand
	if b := WeaponBonus(inv, "longsword"); b != 0 {
		t.Errorf("the plain longsword wielded: +%d", b)
	}
	if err := Enchantable("longsword", "weapon-1"); err != nil {
		t.Error(err)
	}
	for _, bad := range [][2]string{{"chain-mail", "weapon-1"}, {"longsword", "armor-1"}, {"longsword", "ring-of-protection"}, {"longsword", "nothing"}} {
		if err := Enchantable(bad[0], bad[1]); err == nil {
			t.Errorf("%s enchanted by %s", bad[0], bad[1])
		}
	}
}

// A wand's charges are a pool of the sheet's; spent ones are written on
// its stack.
func TestWandCharges(t *testing.T) {
	inv := GiveMagic(nil, Item{Item: "wand-of-magic-missiles"}, 1)
	if c := Charges(inv)["wand-of-magic-missiles"]; c.Max != 7 || c.Used != 0 {
		t.Fatalf("a wand's charges: %+v", c)
	}
	inv = UseCharges(inv, "wand-of-magic-missiles", 5)
	if c := Charges(inv)["wand-of-magic-missiles"]; c.Used != 5 {
		t.Fatalf("after five: %+v", c)
	}
}
