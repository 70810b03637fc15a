package campaign

import (
	"testing"

	"chronicler/shared/srd"
)

// Fast Movement: from 5th level a barbarian's speed is 10 feet more,
// while it wears no heavy armour; the sheet keeps it through a level and
// a change of armour.
func TestFastMovementOnTheSheet(t *testing.T) {
	b, err := NewCharacter{Name: "Urga", Race: "human", Class: "barbarian", Level: 4}.Build("u", "p")
	if err != nil {
		t.Fatal(err)
	}
	if b.Speed != 30 {
		t.Fatalf("a 4th-level barbarian's speed: %d", b.Speed)
	}
	b.XP = xpFor(5)
	five, _, err := LevelUp(b, LevelChoice{})
	if err != nil {
		t.Fatal(err)
	}
	if five.Speed != 40 {
		t.Fatalf("at 5th level: speed %d", five.Speed)
	}
	five.Inventory = append(five.Inventory, Item{Item: "chain-mail", Qty: 1})
	armoured, _, err := Equip(five, "chain-mail", true)
	if err != nil {
		t.Fatal(err)
	}
	if armoured.Speed != 30 || armoured.AC != 16 {
		t.Fatalf("in chain mail: speed %d, AC %d", armoured.Speed, armoured.AC)
	}
	bare, _, err := Equip(armoured, "chain-mail", false)
	if err != nil {
		t.Fatal(err)
	}
	if bare.Speed != 40 || bare.AC != five.AC {
		t.Fatalf("out of it: speed %d, AC %d (was %d)", bare.Speed, bare.AC, five.AC)
	}
}

// Defense: +1 AC while the character wears armour, from the choice on
// (WithFeatureNumbers), and gone with the armour.
func TestDefenseStyleOnTheSheet(t *testing.T) {
	f, err := NewCharacter{Name: "Mira", Race: "human", Class: "fighter"}.Build("m", "p")
	if err != nil {
		t.Fatal(err)
	}
	if f.AC != 16 {
		t.Fatalf("chain mail: AC %d", f.AC)
	}
	chose := f
	chose.Choices = map[string][]string{"fighting-style": {"fighter-fighting-style-defense"}}
	chose = WithFeatureNumbers(f, chose)
	if chose.AC != 17 {
		t.Fatalf("with Defense: AC %d", chose.AC)
	}
	bare, _, err := Equip(chose, "chain-mail", false)
	if err != nil {
		t.Fatal(err)
	}
	if want := 10 + Modifier(f.Abilities.Dex); bare.AC != want {
		t.Fatalf("out of armour: AC %d, want %d", bare.AC, want)
	}
	// A ranger's and a paladin's Defense count alike.
	r := Character{Class: "ranger", Level: 2, AC: 14, Inventory: []Item{{Item: "scale-mail", Qty: 1, Equipped: true}},
		Choices: map[string][]string{"fighting-style": {"ranger-fighting-style-defense"}}}
	if got := WithFeatureNumbers(Character{Class: "ranger", Level: 2, Inventory: r.Inventory}, r); got.AC != 15 {
		t.Errorf("a ranger's Defense: AC %d", got.AC)
	}
}

// Primal Champion: at 20th level a barbarian's Strength and Constitution
// rise by 4, to at most 24, and its hit points with its Constitution.
func TestPrimalChampion(t *testing.T) {
	b, err := NewCharacter{Name: "Urga", Race: "human", Class: "barbarian", Level: 19}.Build("u", "p")
	if err != nil {
		t.Fatal(err)
	}
	b.Abilities.Str, b.Abilities.Con = 20, 16
	b.XP = xpFor(20)
	twenty, lv, err := LevelUp(b, LevelChoice{})
	if err != nil {
		t.Fatal(err)
	}
	if twenty.Abilities.Str != 24 || twenty.Abilities.Con != 20 {
		t.Fatalf("at 20th: %+v", twenty.Abilities)
	}
	// 7 + 5 for the level, and 2 more for each of the 19 before.
	if want := b.MaxHP + 7 + 5 + 2*19; twenty.MaxHP != want || lv.HPGained != 7+5+2*19 {
		t.Fatalf("max HP %d, want %d (gained %d)", twenty.MaxHP, want, lv.HPGained)
	}
	built, err := NewCharacter{Name: "Urga", Race: "human", Class: "barbarian", Level: 20}.Build("u", "p")
	if err != nil {
		t.Fatal(err)
	}
	if nineteen, _ := (NewCharacter{Name: "Urga", Race: "human", Class: "barbarian", Level: 19}).Build("u", "p"); built.Abilities.Str != nineteen.Abilities.Str+4 {
		t.Fatalf("built at 20th: Str %d", built.Abilities.Str)
	}
	for _, id := range []string{"primal-champion", "fast-movement", "fighter-fighting-style-defense", "fighting-style-defense", "ranger-fighting-style-defense"} {
		f, _ := srd.LookupFeature(id)
		if !SheetPlayed(f) {
			t.Errorf("%s is not the sheet's", id)
		}
	}
}
