package campaign

import (
	"slices"
	"testing"
)

// Dwarven Toughness: a hill dwarf's hit point maximum is 1 higher a
// level. A fighter with Con 16 (d10 + 3): 14 at 1st level, and 6 + 3 + 1
// more a level, 34 at 3rd, whether built there or levelled up to it; a
// cleric with Con 14 (d8 + 2): 11 at 1st.
func TestDwarvenToughness(t *testing.T) {
	ab := &Abilities{Str: 15, Dex: 10, Con: 14, Int: 8, Wis: 12, Cha: 13}
	one, err := NewCharacter{Name: "Tor", Race: "dwarf", Class: "fighter", Abilities: ab}.Build("c", "p")
	if err != nil {
		t.Fatal(err)
	}
	three, err := NewCharacter{Name: "Tor", Race: "dwarf", Class: "fighter", Level: 3, Abilities: ab}.Build("c", "p")
	if err != nil {
		t.Fatal(err)
	}
	if one.MaxHP != 14 || three.MaxHP != 34 {
		t.Fatalf("hill dwarf fighter: %d at 1st, %d at 3rd; want 14 and 34", one.MaxHP, three.MaxHP)
	}
	up := one
	for up.Level < 3 {
		up.XP = xpFor(up.Level + 1)
		if up, _, err = LevelUp(up, LevelChoice{}); err != nil {
			t.Fatal(err)
		}
	}
	if up.MaxHP != 34 {
		t.Fatalf("levelled up to 3rd: %d HP, want 34", up.MaxHP)
	}
	cleric, err := NewCharacter{Name: "Ada", Race: "dwarf", Class: "cleric", Abilities: &Abilities{Str: 13, Dex: 10, Con: 12, Int: 8, Wis: 15, Cha: 14}}.Build("c", "p")
	if err != nil {
		t.Fatal(err)
	}
	if cleric.MaxHP != 11 {
		t.Fatalf("hill dwarf cleric with Con 14: %d HP, want 11", cleric.MaxHP)
	}
}

// What traits put on the sheet the rules read: an elf's Perception, a
// half-orc's Intimidation, a half-elf's two chosen skills, a dwarf's and
// a tiefling's resistances, a dragonborn's ancestry's, a druid's
// Nature's Ward.
func TestTraitsOnTheSheet(t *testing.T) {
	elf := Character{Race: "elf", Class: "wizard", Level: 1}
	orc := Character{Race: "half-orc", Class: "fighter", Level: 1}
	halfElf := Character{Race: "half-elf", Class: "bard", Level: 1, Choices: map[string][]string{"skill-versatility": {"stealth", "arcana", "flying"}}}
	if s := FeatureSkills(elf); !slices.Equal(s, []string{"perception"}) {
		t.Errorf("elf: %v", s)
	}
	if s := FeatureSkills(orc); !slices.Equal(s, []string{"intimidation"}) {
		t.Errorf("half-orc: %v", s)
	}
	if s := FeatureSkills(halfElf); !slices.Equal(s, []string{"stealth", "arcana"}) {
		t.Errorf("half-elf: %v", s)
	}
	for race, want := range map[string]string{"dwarf": "poison", "tiefling": "fire"} {
		if r := FeatureResistances(Character{Race: race, Class: "fighter", Level: 1}); !slices.Equal(r, []string{want}) {
			t.Errorf("%s resists %v, want %s", race, r, want)
		}
	}
	blue := Character{Race: "dragonborn", Class: "fighter", Level: 1, Choices: map[string][]string{"draconic-ancestry": {"draconic-ancestry-blue"}}}
	if a, ok := AncestryOf(blue); !ok || a.Damage != "lightning" || a.Save != "dex" {
		t.Errorf("blue ancestry: %+v", a)
	}
	if r := FeatureResistances(blue); !slices.Equal(r, []string{"lightning"}) {
		t.Errorf("blue dragonborn resists %v", r)
	}
	druid := Character{Race: "human", Class: "druid", Level: 10}
	if d, c := FeatureImmunities(druid); !slices.Equal(d, []string{"poison"}) || !slices.Equal(c, []string{"poisoned"}) {
		t.Errorf("Nature's Ward: %v %v", d, c)
	}
	if !TraitWeapons(FeatureIDs(Character{Race: "elf", Class: "wizard", Level: 1}), "longbow") {
		t.Error("a high elf is not proficient with the longbow")
	}
}
