package srd_test

import (
	"encoding/json"
	"reflect"
	"slices"
	"testing"

	"chronicler/shared/srd"
)

func TestCounts(t *testing.T) {
	for _, tc := range []struct {
		kind      string
		got, want int
	}{
		{"spells", len(srd.Spells()), 319},
		{"monsters", len(srd.Monsters()), 334},
		{"classes", len(srd.Classes()), 12},
		{"races", len(srd.Races()), 9},
		{"weapons", len(srd.Weapons()), 37},
		{"armor", len(srd.Armors()), 13},
		{"conditions", len(srd.Conditions()), 15},
		{"magic items", len(srd.MagicItems()), 362},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: got %d, want %d", tc.kind, tc.got, tc.want)
		}
	}
}

func TestListsAreSortedByID(t *testing.T) {
	check := func(kind string, ids []string) {
		if !slices.IsSorted(ids) {
			t.Errorf("%s are not sorted by id", kind)
		}
	}
	check("spells", ids(srd.Spells(), func(s srd.Spell) string { return s.ID }))
	check("monsters", ids(srd.Monsters(), func(m srd.Monster) string { return m.ID }))
	check("classes", ids(srd.Classes(), func(c srd.Class) string { return c.ID }))
	check("races", ids(srd.Races(), func(r srd.Race) string { return r.ID }))
	check("weapons", ids(srd.Weapons(), func(w srd.Weapon) string { return w.ID }))
	check("armor", ids(srd.Armors(), func(a srd.Armor) string { return a.ID }))
	check("conditions", ids(srd.Conditions(), func(c srd.Condition) string { return c.ID }))
	check("magic items", ids(srd.MagicItems(), func(m srd.MagicItem) string { return m.ID }))
}

func ids[T any](items []T, id func(T) string) []string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = id(it)
	}
	return out
}

func TestLookups(t *testing.T) {
	t.Run("FireballIsAThirdLevelDexSaveForHalf", func(t *testing.T) {
		s, ok := srd.LookupSpell("fireball")
		if !ok {
			t.Fatal("fireball not found")
		}
		if s.Level != 3 || s.Damage.BySlotLevel[3] != "8d6" || s.Damage.Type != "fire" || *s.Save != (srd.Save{Ability: "dex", OnSuccess: "half"}) || *s.Area != (srd.Area{Type: "sphere", Size: 20}) || *s.Range.Feet != 150 {
			t.Errorf("fireball = %+v", s)
		}
	})
	t.Run("GoblinHasScimitarAttack", func(t *testing.T) {
		m, ok := srd.LookupMonster("goblin")
		if !ok {
			t.Fatal("goblin not found")
		}
		i := slices.IndexFunc(m.Actions, func(a srd.Action) bool { return a.Name == "Scimitar" })
		if m.AC != 15 || m.HP != 7 || m.CR != 0.25 || i < 0 || *m.Actions[i].AttackBonus != 4 || m.Actions[i].Damage[0].Dice != "1d6+2" {
			t.Errorf("goblin = %+v", m)
		}
	})
	t.Run("WizardIsAFullIntCaster", func(t *testing.T) {
		c, ok := srd.LookupClass("wizard")
		if !ok || c.HitDie != 6 || c.CasterKind != "full" || c.SpellcastingAbility != "int" || len(c.Levels) != 20 {
			t.Errorf("wizard = %+v, %v", c, ok)
		}
	})
	t.Run("FighterLevelsBringTheirFeatures", func(t *testing.T) {
		c, _ := srd.LookupClass("fighter")
		var asi []int
		for _, l := range c.Levels {
			if l.AbilityScoreImprovement {
				asi = append(asi, l.Level)
			}
		}
		if !slices.Equal(c.Levels[4].Features, []string{"Extra Attack"}) || !slices.Equal(asi, []int{4, 6, 8, 12, 14, 16, 19}) {
			t.Errorf("fighter level 5 features %v, improvements at %v", c.Levels[4].Features, asi)
		}
	})
	t.Run("DwarfHasHillDwarfSubrace", func(t *testing.T) {
		r, ok := srd.LookupRace("dwarf")
		if !ok || r.Speed != 25 || r.AbilityBonuses["con"] != 2 || len(r.Subraces) != 1 || r.Subraces[0].ID != "hill-dwarf" {
			t.Errorf("dwarf = %+v, %v", r, ok)
		}
	})
	t.Run("LongswordIsVersatile", func(t *testing.T) {
		w, ok := srd.LookupWeapon("longsword")
		if !ok || w.Damage.Dice != "1d8" || w.TwoHandedDamage.Dice != "1d10" || !slices.Contains(w.Properties, "versatile") || w.CostCP != 1500 {
			t.Errorf("longsword = %+v, %v", w, ok)
		}
	})
	t.Run("PlateNeedsStrength15", func(t *testing.T) {
		a, ok := srd.LookupArmor("plate-armor")
		if !ok || a.BaseAC != 18 || a.DexBonus || a.StrMinimum != 15 || !a.StealthDisadvantage {
			t.Errorf("plate = %+v, %v", a, ok)
		}
	})
	t.Run("ProneIsACondition", func(t *testing.T) {
		if c, ok := srd.LookupCondition("prone"); !ok || c.Name != "Prone" {
			t.Errorf("prone = %+v, %v", c, ok)
		}
	})
	t.Run("UnknownIDIsNotFound", func(t *testing.T) {
		if _, ok := srd.LookupSpell("wish-upon-a-star"); ok {
			t.Error("found a spell that does not exist")
		}
		if _, ok := srd.LookupMonster(""); ok {
			t.Error("found a monster with an empty id")
		}
	})
}

// TestClassKinds checks the caster kinds the generator derives from the
// slot tables.
func TestClassKinds(t *testing.T) {
	want := map[string]string{
		"barbarian": "none", "fighter": "none", "monk": "none", "rogue": "none",
		"bard": "full", "cleric": "full", "druid": "full", "sorcerer": "full", "wizard": "full",
		"paladin": "half", "ranger": "half", "warlock": "pact",
	}
	for _, c := range srd.Classes() {
		if c.CasterKind != want[c.ID] {
			t.Errorf("%s: caster kind %q, want %q", c.ID, c.CasterKind, want[c.ID])
		}
	}
}

// TestFullCasterSlots holds every full caster to the full-caster table of
// the SRD ("Multiclass Spellcaster: Spell Slots per Spell Level"), written
// out here independently of the data.
func TestFullCasterSlots(t *testing.T) {
	table := [20][]int{
		{2}, {3}, {4, 2}, {4, 3}, {4, 3, 2}, {4, 3, 3}, {4, 3, 3, 1}, {4, 3, 3, 2}, {4, 3, 3, 3, 1}, {4, 3, 3, 3, 2},
		{4, 3, 3, 3, 2, 1}, {4, 3, 3, 3, 2, 1}, {4, 3, 3, 3, 2, 1, 1}, {4, 3, 3, 3, 2, 1, 1}, {4, 3, 3, 3, 2, 1, 1, 1},
		{4, 3, 3, 3, 2, 1, 1, 1}, {4, 3, 3, 3, 2, 1, 1, 1, 1}, {4, 3, 3, 3, 3, 1, 1, 1, 1}, {4, 3, 3, 3, 3, 2, 1, 1, 1},
		{4, 3, 3, 3, 3, 2, 2, 1, 1},
	}
	n := 0
	for _, c := range srd.Classes() {
		if c.CasterKind != "full" {
			continue
		}
		n++
		for i, l := range c.Levels {
			if !slices.Equal(l.SpellSlots, table[i]) {
				t.Errorf("%s level %d: slots %v, want %v", c.ID, l.Level, l.SpellSlots, table[i])
			}
		}
	}
	if n != 5 {
		t.Errorf("%d full casters, want 5", n)
	}
}

// TestLookupsReturnCopies changes every reachable field of everything the
// lookups return and checks that the next lookups are unchanged, so no
// caller can alter the rules for another.
func TestLookupsReturnCopies(t *testing.T) {
	snapshot := func() []byte {
		b, err := json.Marshal([]any{srd.Spells(), srd.Monsters(), srd.Classes(), srd.Races(), srd.Weapons(), srd.Armors(), srd.Conditions(), srd.MagicItems()})
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	before := snapshot()
	for _, v := range []any{srd.Spells(), srd.Monsters(), srd.Classes(), srd.Races(), srd.Weapons(), srd.Armors(), srd.Conditions(), srd.MagicItems()} {
		poison(reflect.ValueOf(v))
	}
	for _, id := range []string{"fireball", "cure-wounds", "flame-strike"} {
		s, _ := srd.LookupSpell(id)
		poison(reflect.ValueOf(&s))
	}
	m, _ := srd.LookupMonster("lich")
	poison(reflect.ValueOf(&m))
	c, _ := srd.LookupClass("warlock")
	poison(reflect.ValueOf(&c))
	r, _ := srd.LookupRace("half-elf")
	poison(reflect.ValueOf(&r))
	w, _ := srd.LookupWeapon("longbow")
	poison(reflect.ValueOf(&w))
	mi, _ := srd.LookupMagicItem("staff-of-healing")
	poison(reflect.ValueOf(&mi))
	if after := snapshot(); string(after) != string(before) {
		t.Error("changing a returned value changed the package's data")
	}
}

// poison overwrites every leaf reachable from v.
func poison(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			poison(v.Elem())
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				poison(v.Field(i))
			}
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			poison(v.Index(i))
		}
	case reflect.Map:
		for _, k := range v.MapKeys() {
			e := reflect.New(v.Type().Elem()).Elem()
			e.Set(v.MapIndex(k))
			poison(e)
			v.SetMapIndex(k, e)
		}
	case reflect.String:
		v.SetString("poisoned")
	case reflect.Int:
		v.SetInt(v.Int() + 1000)
	case reflect.Float64:
		v.SetFloat(v.Float() + 1000)
	case reflect.Bool:
		v.SetBool(!v.Bool())
	}
}

// The data follows the SRD's text where the reference's structured fields
// disagree with it (data/adjustments.txt lists every case).
func TestDataFollowsTheText(t *testing.T) {
	monster := func(t *testing.T, id string) srd.Monster {
		t.Helper()
		m, ok := srd.LookupMonster(id)
		if !ok {
			t.Fatalf("%s not found", id)
		}
		return m
	}
	action := func(t *testing.T, as []srd.Action, name string) srd.Action {
		t.Helper()
		i := slices.IndexFunc(as, func(a srd.Action) bool { return a.Name == name })
		if i < 0 {
			t.Fatalf("no %q", name)
		}
		return as[i]
	}
	t.Run("AzerAndLizardfolkCarryTheirShields", func(t *testing.T) {
		for id, ac := range map[string]int{"azer": 17, "lizardfolk": 15} {
			if m := monster(t, id); m.AC != ac {
				t.Errorf("%s AC %d, the SRD says %d (natural armor, shield)", id, m.AC, ac)
			}
		}
	})
	t.Run("XPFollowsChallengeRating", func(t *testing.T) {
		for id, xp := range map[string]int{"dretch": 50, "riding-horse": 50, "deep-gnome-svirfneblin": 100, "brass-dragon-wyrmling": 200} {
			if m := monster(t, id); m.XP != xp {
				t.Errorf("%s (challenge %v) is worth %d XP, the SRD says %d", id, m.CR, m.XP, xp)
			}
		}
	})
	t.Run("BreathsHalveOnASave", func(t *testing.T) {
		for _, c := range []struct{ id, list, name string }{
			{"adult-red-dragon", "actions", "Fire Breath"},
			{"ancient-white-dragon", "actions", "Cold Breath"},
			{"green-dragon-wyrmling", "actions", "Poison Breath"},
			{"winter-wolf", "actions", "Cold Breath"},
			{"lich", "legendary", "Disrupt Life (Costs 3 Actions)"},
		} {
			m := monster(t, c.id)
			as := m.Actions
			if c.list == "legendary" {
				as = m.LegendaryActions
			}
			if a := action(t, as, c.name); a.DC == nil || a.DC.Success != "half" {
				t.Errorf("%s's %s: save %+v, want half on a success", c.id, c.name, a.DC)
			}
		}
	})
	t.Run("PoisonousSnakeBiteHasItsPoison", func(t *testing.T) {
		a := action(t, monster(t, "poisonous-snake").Actions, "Bite")
		want := []srd.Damage{{Dice: "1", Type: "piercing"}, {Dice: "2d4", Type: "poison", DC: &srd.DC{Ability: "con", Value: 10, Success: "half"}}}
		if !reflect.DeepEqual(a.Damage, want) {
			t.Errorf("bite damage %+v, want %+v", a.Damage, want)
		}
	})
	t.Run("GiantCentipedeBiteIsNoneOnASave", func(t *testing.T) {
		a := action(t, monster(t, "giant-centipede").Actions, "Bite")
		if len(a.Damage) != 2 || a.Damage[1].DC == nil || *a.Damage[1].DC != (srd.DC{Ability: "con", Value: 11, Success: "none"}) || a.Damage[1].Dice != "3d6" {
			t.Errorf("bite damage %+v", a.Damage)
		}
	})
}

// Potions of healing heal as the SRD's table says, and every kind of
// item the rules know has its SRD name.
func TestPotionsAndItemNames(t *testing.T) {
	for id, want := range map[string]string{"potion-of-healing": "2d4+2", "potion-of-healing-common": "2d4+2",
		"potion-of-healing-greater": "4d4+4", "potion-of-healing-superior": "8d4+8", "potion-of-healing-supreme": "10d4+20"} {
		if p, ok := srd.LookupPotion(id); !ok || p.Healing != want {
			t.Errorf("%s: %+v, %v; want %s", id, p, ok, want)
		}
	}
	for id, want := range map[string]string{"crossbow-light": "Crossbow, light", "chain-mail": "Chain Mail",
		"explorers-pack": "Explorer's Pack", "potion-of-healing": "Potion of Healing"} {
		if got, ok := srd.ItemName(id); !ok || got != want {
			t.Errorf("ItemName(%s) = %q, %v; want %q", id, got, ok, want)
		}
	}
	if _, ok := srd.ItemName("vorpal-teacup"); ok {
		t.Error("an unknown item has a name")
	}
}

// A standalone magic item is named by its id; a mundane item made magic
// by a variant is named by both, and only when the variant enchants that
// kind of item.
func TestMagicItemNames(t *testing.T) {
	for id, want := range map[string]string{"ring-of-protection": "Ring of Protection", "wand-of-magic-missiles": "Wand of Magic Missiles",
		"weapon-1": "Weapon, +1", "staff-of-healing": "Staff of Healing"} {
		if got, ok := srd.ItemName(id); !ok || got != want {
			t.Errorf("ItemName(%s) = %q, %v; want %q", id, got, ok, want)
		}
	}
	for _, tc := range []struct {
		base, magic, want string
	}{
		{"longsword", "weapon-1", "Longsword, +1"},
		{"crossbow-light", "weapon-3", "Crossbow, light, +3"},
		{"chain-mail", "armor-2", "Chain Mail, +2"},
		{"arrow", "ammunition-1", "Arrow, +1"},
		{"sling-bullet", "ammunition-3", "Sling bullet, +3"},
		{"longsword", "armor-1", ""},                // a weapon is not armour
		{"shield", "armor-1", ""},                   // armour variants are not shields
		{"chain-mail", "weapon-1", ""},              // armour is not a weapon
		{"arrow", "weapon-1", ""},                   // ammunition is not a weapon
		{"longbow", "ammunition-1", ""},             // a bow is not ammunition
		{"rope-hempen-50-feet", "ammunition-1", ""}, // nor is other gear
		{"longsword", "ring-of-protection", ""},     // an item in its own right enchants nothing
		{"longsword", "weapon", ""},                 // the family is no variant
		{"longsword", "vorpal-teacup", ""},
	} {
		got, ok := srd.MagicName(tc.base, tc.magic)
		if got != tc.want || ok != (tc.want != "") {
			t.Errorf("MagicName(%s, %s) = %q, %v; want %q", tc.base, tc.magic, got, ok, tc.want)
		}
	}
}
