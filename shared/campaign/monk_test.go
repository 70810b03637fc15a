package campaign

import "testing"

// Unarmored Movement: a monk without armour or shield is faster by the
// class's column (10 ft at 2nd level, 15 at 6th, ... 30 at 18th), on the
// sheet's speed from its building, its levels and what it wears.
func TestUnarmoredMovement(t *testing.T) {
	for level, want := range map[int]int{1: 30, 2: 40, 6: 45, 10: 50, 14: 55, 18: 60} {
		ch, err := NewCharacter{Name: "Kai", Race: "human", Class: "monk", Level: level}.Build("kai", "p")
		if err != nil {
			t.Fatal(err)
		}
		if ch.Speed != want {
			t.Errorf("a level %d monk's speed: %d, want %d", level, ch.Speed, want)
		}
	}
	ch, err := NewCharacter{Name: "Kai", Race: "human", Class: "monk", Level: 5}.Build("kai", "p")
	if err != nil {
		t.Fatal(err)
	}
	ch.XP = xpFor(6)
	up, _, err := LevelUp(ch, LevelChoice{})
	if err != nil {
		t.Fatal(err)
	}
	if up.Speed != 45 {
		t.Errorf("level 6 after 5: speed %d, want 45", up.Speed)
	}
	for _, item := range []string{"leather-armor", "shield"} {
		worn := up
		worn.Inventory = append(append([]Item(nil), up.Inventory...), Item{Item: item, Qty: 1})
		on, _, err := Equip(worn, item, true)
		if err != nil {
			t.Fatal(err)
		}
		off, _, err := Equip(on, item, false)
		if err != nil {
			t.Fatal(err)
		}
		if on.Speed != 30 || off.Speed != 45 || !WearsArmor(on) || WearsArmor(off) {
			t.Errorf("%s on: speed %d; off: %d", item, on.Speed, off.Speed)
		}
	}
	f, err := NewCharacter{Name: "F", Race: "human", Class: "fighter", Level: 2}.Build("f", "p")
	if err != nil {
		t.Fatal(err)
	}
	if f.Speed != 30 {
		t.Errorf("a fighter's speed: %d", f.Speed)
	}
}
