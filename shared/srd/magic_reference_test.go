package srd_test

import (
	"reflect"
	"strings"
	"testing"

	"chronicler/shared/srd"
)

// xMagicItem is a magic item of the reference, decoded here on its own.
type xMagicItem struct {
	Index             string `json:"index"`
	Name              string `json:"name"`
	EquipmentCategory xLink  `json:"equipment_category"`
	Rarity            struct {
		Name string `json:"name"`
	} `json:"rarity"`
	Desc []string `json:"desc"`
}

func referenceMagicItems(t *testing.T) map[string]xMagicItem {
	t.Helper()
	var items []xMagicItem
	reference(t, "5e-SRD-Magic-Items.json", &items)
	byIndex := make(map[string]xMagicItem, len(items))
	for _, it := range items {
		byIndex[it.Index] = it
	}
	return byIndex
}

// Every magic item of the reference is in the data with its name,
// category and rarity, needs attunement exactly when its header says so,
// and casts only spells its text names.
func TestMagicItemsMatchReference(t *testing.T) {
	ref := referenceMagicItems(t)
	if len(ref) != 362 || len(srd.MagicItems()) != len(ref) {
		t.Fatalf("%d magic items in the reference, %d in the data", len(ref), len(srd.MagicItems()))
	}
	for id, r := range ref {
		m, ok := srd.LookupMagicItem(id)
		if !ok {
			t.Errorf("%s: missing", id)
			continue
		}
		if m.Name != r.Name || m.Category != r.EquipmentCategory.Index || m.Rarity != strings.ToLower(r.Rarity.Name) {
			t.Errorf("%s: %q %s %s, reference %q %s %s", id, m.Name, m.Category, m.Rarity, r.Name, r.EquipmentCategory.Index, r.Rarity.Name)
		}
		if want := strings.Contains(r.Desc[0], "(requires attunement"); m.Attunement != want {
			t.Errorf("%s: attunement %v, header %q", id, m.Attunement, r.Desc[0])
		}
		text := strings.ToLower(strings.Join(r.Desc, " "))
		for _, s := range m.Spells {
			if spell, _ := srd.LookupSpell(s.ID); !strings.Contains(text, strings.ToLower(spell.Name)) {
				t.Errorf("%s: casts %s, which its text does not name", id, s.ID)
			}
		}
	}
}

// The mechanics read from the text are the ones the SRD's sentences
// state: each case quotes the words the fact is in, which the reference
// must hold, and the whole item the data must hold.
func TestMagicItemsFollowTheText(t *testing.T) {
	ref := referenceMagicItems(t)
	for _, tc := range []struct {
		id    string
		words []string
		want  srd.MagicItem
	}{
		{"weapon-1", []string{"Weapon (any)", "+1 bonus to attack and damage rolls made with this magic weapon"},
			srd.MagicItem{Enchants: "weapon", Bonus: 1}},
		{"weapon-2", []string{"Weapon (any)", "+2 bonus to attack and damage rolls made with this magic weapon"},
			srd.MagicItem{Enchants: "weapon", Bonus: 2}},
		{"weapon-3", []string{"Weapon (any)", "+3 bonus to attack and damage rolls made with this magic weapon"},
			srd.MagicItem{Enchants: "weapon", Bonus: 3}},
		{"armor-1", []string{"Armor (light, medium, or heavy)", "+1 bonus to AC while wearing this armor"},
			srd.MagicItem{Enchants: "armor", Bonus: 1}},
		{"ammunition-2", []string{"Weapon (any ammunition)", "+2 bonus to attack and damage rolls made with this piece of magic ammunition"},
			srd.MagicItem{Enchants: "ammunition", Bonus: 2}},
		{"ring-of-protection", []string{"(requires attunement)", "+1 bonus to AC and saving throws while wearing this ring"},
			srd.MagicItem{Attunement: true, AC: 1, Saves: 1}},
		{"bracers-of-defense", []string{"(requires attunement)", "+2 bonus to AC if you are wearing no armor and using no shield"},
			srd.MagicItem{Attunement: true, AC: 2, Unarmored: true}},
		{"wand-of-magic-missiles", []string{"This wand has 7 charges", "cast the magic missile spell from it",
			"For 1 charge, you cast the 1st-level version of the spell", "increase the spell slot level by one for each additional charge",
			"regains 1d6 + 1 expended charges daily at dawn"},
			srd.MagicItem{Charges: 7, Regain: "1d6+1", Spells: []srd.ItemSpell{{ID: "magic-missile", Level: 1, Charges: 1, Upcast: true}}}},
		{"wand-of-fireballs", []string{"(requires attunement by a spellcaster)", "This wand has 7 charges",
			"cast the fireball spell (save DC 15) from it", "For 1 charge, you cast the 3rd-level version of the spell",
			"increase the spell slot level by one for each additional charge", "regains 1d6 + 1 expended charges daily at dawn"},
			srd.MagicItem{Attunement: true, AttunedBy: "a spellcaster", Charges: 7, Regain: "1d6+1",
				Spells: []srd.ItemSpell{{ID: "fireball", Level: 3, Charges: 1, Upcast: true, DC: 15}}}},
		{"staff-of-healing", []string{"(requires attunement by a bard, cleric, or druid)", "This staff has 10 charges",
			"cure wounds (1 charge per spell level, up to 4th), lesser restoration (2 charges), or mass cure wounds (5 charges)",
			"regains 1d6 + 4 expended charges daily at dawn"},
			srd.MagicItem{Attunement: true, AttunedBy: "a bard, cleric, or druid", Charges: 10, Regain: "1d6+4", Spells: []srd.ItemSpell{
				{ID: "cure-wounds", Level: 1, Charges: 1, Upcast: true, MaxLevel: 4},
				{ID: "lesser-restoration", Level: 2, Charges: 2},
				{ID: "mass-cure-wounds", Level: 5, Charges: 5}}}},
	} {
		t.Run(tc.id, func(t *testing.T) {
			r, ok := ref[tc.id]
			if !ok {
				t.Fatal("not in the reference")
			}
			text := strings.Join(r.Desc, " ")
			for _, w := range tc.words {
				if !strings.Contains(text, w) {
					t.Errorf("the reference's text does not say %q", w)
				}
			}
			got, _ := srd.LookupMagicItem(tc.id)
			want := tc.want
			want.ID, want.Name, want.Category, want.Rarity = r.Index, r.Name, r.EquipmentCategory.Index, strings.ToLower(r.Rarity.Name)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("got  %+v\nwant %+v", got, want)
			}
		})
	}
}

// Every spell a magic item casts is a spell of the data, starting at its
// own level or higher, for a charge or more of those the item holds (a
// Luck Blade's are rolled, "1d4 - 1", and the data holds none).
func TestMagicItemSpellsAreSpellsOfTheData(t *testing.T) {
	n := 0
	for _, m := range srd.MagicItems() {
		for _, s := range m.Spells {
			n++
			spell, ok := srd.LookupSpell(s.ID)
			if !ok {
				t.Errorf("%s: casts %q, which is no spell of the data", m.ID, s.ID)
				continue
			}
			if s.Level < spell.Level || s.Charges < 1 || (m.Charges < s.Charges && m.ID != "luck-blade") {
				t.Errorf("%s: %+v (a level %d spell; the item holds %d charges)", m.ID, s, spell.Level, m.Charges)
			}
		}
	}
	if n < 30 {
		t.Errorf("only %d spells cast by magic items", n)
	}
}
