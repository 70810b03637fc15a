package campaign

import (
	"slices"
	"testing"
)

// The parts of every class's armour class add up to the sheet's number
// with nothing left unnamed: as built, with Defense, attuned to a Ring of
// Protection, and under a spell that raises it.
func TestArmorClassTermsMakeTheSheetsNumber(t *testing.T) {
	classes := []string{"barbarian", "bard", "cleric", "druid", "fighter", "monk", "paladin", "ranger", "rogue", "sorcerer", "warlock", "wizard"}
	for _, class := range classes {
		t.Run(class, func(t *testing.T) {
			ch, err := NewCharacter{Name: "Ash", Race: "dwarf", Class: class, Level: 1}.Build("a", "p")
			if err != nil {
				t.Fatal(err)
			}
			sheets := []Character{ch}
			ring := ch
			ring.Inventory = GiveMagic(ring.Inventory, Item{Item: "ring-of-protection"}, 1)
			if ring, _, err = Attune(ring, "ring-of-protection", true); err != nil {
				t.Fatal(err)
			}
			sheets = append(sheets, ring, ch.WithEffect(Effect{ID: "shield-of-faith", Spell: "shield-of-faith", AC: 2}))
			for _, c := range sheets {
				terms := ArmorClassTerms(c)
				n := 0
				for _, t := range terms {
					n += t.Value
				}
				if n != c.AC || slices.ContainsFunc(terms, func(t Term) bool { return t.Source == "other" }) {
					t.Errorf("AC %d: terms %+v", c.AC, terms)
				}
			}
		})
	}
	t.Run("Defense", func(t *testing.T) {
		ch, err := NewCharacter{Name: "Ash", Race: "human", Class: "fighter", Level: 1,
			Choices: map[string][]string{"fighting-style": {"fighter-fighting-style-defense"}}}.Build("a", "p")
		if err != nil {
			t.Fatal(err)
		}
		terms := ArmorClassTerms(ch)
		if !slices.ContainsFunc(terms, func(t Term) bool { return t.Source == "Defense" && t.Value == 1 }) {
			t.Errorf("AC %d: terms %+v, want Defense's +1", ch.AC, terms)
		}
	})
}
