package campaign

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"chronicler/shared/fault"
	"chronicler/shared/srd"
)

func TestLifecycle(t *testing.T) {
	all := []Status{Active, Paused, Concluded, Abandoned}
	evs := []Event{EndSession, Resume, Conclude, Inactivity}
	// The diagram of seed 000, and nothing else.
	allowed := map[Status]map[Event]Status{
		Active:    {EndSession: Paused, Conclude: Concluded, Inactivity: Abandoned},
		Paused:    {Resume: Active, Inactivity: Abandoned},
		Abandoned: {Resume: Active},
	}
	for _, from := range all {
		for _, e := range evs {
			to, ok := allowed[from][e]
			name := string(from) + "_" + string(e)
			t.Run(name, func(t *testing.T) {
				got, err := Next(from, e)
				switch {
				case ok && (err != nil || got != to):
					t.Fatalf("Next(%s, %s) = %s, %v; want %s", from, e, got, err, to)
				case !ok && from == Concluded && !fault.Is(err, fault.ReadOnly):
					t.Fatalf("Next(%s, %s) = %v; want read_only", from, e, err)
				case !ok && from != Concluded && !fault.Is(err, fault.Conflict):
					t.Fatalf("Next(%s, %s) = %v; want conflict", from, e, err)
				case !ok && got != from:
					t.Fatalf("refused Next(%s, %s) moved to %s", from, e, got)
				}
			})
		}
	}
}

func TestWritable(t *testing.T) {
	for _, s := range []Status{Active, Paused, Abandoned} {
		if err := Writable(s, "op"); err != nil {
			t.Errorf("Writable(%s) = %v", s, err)
		}
	}
	if err := Writable(Concluded, "op"); !fault.Is(err, fault.ReadOnly) {
		t.Errorf("Writable(concluded) = %v, want read_only", err)
	}
}

func TestBuildCharacter(t *testing.T) {
	t.Run("DerivesLevel1Wizard", func(t *testing.T) {
		ch, err := NewCharacter{Name: " Mira ", Race: "Elf", Class: "wizard"}.Build("c1", "p1")
		if err != nil {
			t.Fatal(err)
		}
		// Standard array + elf DEX +2: DEX 16 (+3), CON 13 (+1); d6 + 1 = 7 HP.
		if ch.Name != "Mira" || ch.Level != 1 || ch.MaxHP != 7 || ch.HP != 7 || ch.AC != 13 || ch.Speed != 30 {
			t.Fatalf("sheet = %+v", ch)
		}
		if ch.SpellSlots["1"].Max != 2 || len(ch.SpellSlots) != 1 || ch.HitDice.Max != 1 {
			t.Fatalf("slots %v hit dice %v", ch.SpellSlots, ch.HitDice)
		}
	})
	t.Run("DerivesLevel5Fighter", func(t *testing.T) {
		ch, err := NewCharacter{Name: "Bo", Race: "dwarf", Class: "fighter", Level: 5}.Build("c", "p")
		if err != nil {
			t.Fatal(err)
		}
		// CON 13+2 = 15 (+2): 10+2 + 4*(6+2) = 44, and a hill dwarf's
		// Dwarven Toughness, 1 a level: 49; no slots; XP threshold of level 5.
		if ch.MaxHP != 49 || len(ch.SpellSlots) != 0 || ch.XP != 6500 || ch.Speed != 25 {
			t.Fatalf("sheet = %+v", ch)
		}
	})
	// The standard array (Str 15, Dex 14, Con 13, Int 12, Wis 10, Cha 8)
	// with the race's increases, its SRD subrace's, and a half-elf's +1 to
	// its two highest others.
	for race, want := range map[string]Abilities{
		"dwarf":      {15, 14, 15, 12, 11, 8}, // hill dwarf: Con +2, Wis +1
		"elf":        {15, 16, 13, 13, 10, 8}, // high elf: Dex +2, Int +1
		"gnome":      {15, 14, 14, 14, 10, 8}, // rock gnome: Int +2, Con +1
		"halfling":   {15, 16, 13, 12, 10, 9}, // lightfoot: Dex +2, Cha +1
		"half-elf":   {16, 15, 13, 12, 10, 10},
		"human":      {16, 15, 14, 13, 11, 9},
		"dragonborn": {17, 14, 13, 12, 10, 9},
		"half-orc":   {17, 14, 14, 12, 10, 8},
		"tiefling":   {15, 14, 13, 13, 10, 10},
	} {
		t.Run("RacialIncreasesOf"+race, func(t *testing.T) {
			ch, err := NewCharacter{Name: "a", Race: race, Class: "fighter"}.Build("c", "p")
			if err != nil {
				t.Fatal(err)
			}
			if ch.Abilities != want {
				t.Errorf("%s abilities %+v, want %+v", race, ch.Abilities, want)
			}
		})
	}
	t.Run("HalfElfRaisesItsTwoHighestOthers", func(t *testing.T) {
		// Point buy with Cha highest: the +1s go to Wis and Int (13s),
		// Int first on the sheet, not past it to Con's 12.
		ch, err := NewCharacter{Name: "a", Race: "half-elf", Class: "bard", Abilities: &Abilities{8, 12, 12, 13, 13, 15}}.Build("c", "p")
		if err != nil {
			t.Fatal(err)
		}
		if want := (Abilities{8, 12, 12, 14, 14, 17}); ch.Abilities != want {
			t.Errorf("abilities %+v, want %+v", ch.Abilities, want)
		}
	})
	t.Run("HalfElfTieGoesToTheEarlierOnTheSheet", func(t *testing.T) {
		ch, err := NewCharacter{Name: "a", Race: "half-elf", Class: "bard", Abilities: &Abilities{10, 10, 10, 10, 10, 10}}.Build("c", "p")
		if err != nil {
			t.Fatal(err)
		}
		if want := (Abilities{11, 11, 10, 10, 10, 12}); ch.Abilities != want {
			t.Errorf("abilities %+v, want %+v", ch.Abilities, want)
		}
	})
	t.Run("WarlockPactSlots", func(t *testing.T) {
		ch, _ := NewCharacter{Name: "W", Race: "tiefling", Class: "warlock", Level: 11}.Build("c", "p")
		if ch.SpellSlots["5"].Max != 3 || len(ch.SpellSlots) != 1 {
			t.Fatalf("slots = %v", ch.SpellSlots)
		}
	})
	t.Run("PaladinHasNoSlotsAtLevel1", func(t *testing.T) {
		ch, _ := NewCharacter{Name: "P", Race: "human", Class: "paladin", Level: 1}.Build("c", "p")
		if len(ch.SpellSlots) != 0 {
			t.Fatalf("slots = %v", ch.SpellSlots)
		}
	})
	bad := map[string]NewCharacter{
		"EmptyName":    {Name: " ", Race: "elf", Class: "wizard"},
		"UnknownRace":  {Name: "a", Race: "orc", Class: "wizard"},
		"UnknownClass": {Name: "a", Race: "elf", Class: "pirate"},
		"Level21":      {Name: "a", Race: "elf", Class: "wizard", Level: 21},
		"ScoreTooHigh": {Name: "a", Race: "elf", Class: "wizard", Abilities: &Abilities{19, 10, 10, 10, 10, 10}},
		"AllEighteens": {Name: "a", Race: "elf", Class: "wizard", Abilities: &Abilities{18, 18, 18, 18, 18, 18}},
		"OverBudget":   {Name: "a", Race: "elf", Class: "wizard", Abilities: &Abilities{15, 15, 15, 10, 8, 8}}, // 31 points
		"BelowEight":   {Name: "a", Race: "elf", Class: "wizard", Abilities: &Abilities{7, 15, 15, 15, 8, 8}},
	}
	for name, ab := range map[string]Abilities{
		"StandardArrayInAnyOrder": {8, 10, 12, 13, 14, 15},
		"PointBuyOfAll27":         {15, 15, 15, 8, 8, 8},
		"PointBuyUnderBudget":     {10, 10, 10, 10, 10, 10},
	} {
		t.Run("Takes"+name, func(t *testing.T) {
			if _, err := (NewCharacter{Name: "a", Race: "elf", Class: "wizard", Abilities: &ab}).Build("c", "p"); err != nil {
				t.Fatalf("Build = %v", err)
			}
		})
	}
	for name, n := range bad {
		t.Run("Refuses"+name, func(t *testing.T) {
			if _, err := n.Build("c", "p"); !fault.Is(err, fault.Invalid) {
				t.Fatalf("Build = %v, want invalid", err)
			}
		})
	}
}

func TestSettingsNormalize(t *testing.T) {
	s, err := Settings{}.Normalize()
	if err != nil || !reflect.DeepEqual(s, DefaultSettings()) {
		t.Fatalf("Normalize(zero) = %+v, %v", s, err)
	}
	for name, in := range map[string]Settings{
		"DiceMode":    {DiceMode: "loaded"},
		"WindowShort": {ReactionWindowSeconds: 4},
		"WindowLong":  {ReactionWindowSeconds: 31},
		"RollTimeout": {RollTimeoutSeconds: 601},
		"TierPolicy":  {Narrator: NarratorSetting{TierPolicy: "max"}},
		"OnDefeat":    {OnDefeat: "eat_them"},
	} {
		t.Run("Refuses"+name, func(t *testing.T) {
			if _, err := in.Normalize(); !fault.Is(err, fault.Invalid) {
				t.Fatalf("Normalize = %v, want invalid", err)
			}
		})
	}
}

// The monsters' intent on victory defaults to leave, for a new campaign
// and for one stored before the setting, and takes the three the rules
// know.
func TestSettingsOnDefeat(t *testing.T) {
	if s, _ := (Settings{}).Normalize(); s.OnDefeat != OnDefeatLeave {
		t.Errorf("default on_defeat = %q, want leave", s.OnDefeat)
	}
	if got := (Settings{}).DefeatIntent(); got != OnDefeatLeave {
		t.Errorf("a stored campaign without the setting: %q, want leave", got)
	}
	for _, v := range []string{OnDefeatLeave, OnDefeatPrisoners, OnDefeatFightToTheDeath} {
		s, err := Settings{OnDefeat: v}.Normalize()
		if err != nil || s.OnDefeat != v || s.DefeatIntent() != v {
			t.Errorf("on_defeat %q: %+v, %v", v, s, err)
		}
	}
}

// Every class starts with weapons, armour and gear the rules data knows,
// its packs and tools among them, wearing its armour and wielding a
// weapon.
func TestStartingEquipmentIsSRDEquipment(t *testing.T) {
	for _, class := range Classes() {
		ch, err := NewCharacter{Name: "A", Race: "human", Class: class}.Build("c", "p")
		if err != nil || len(ch.Inventory) == 0 {
			t.Fatalf("%s: %+v, %v", class, ch.Inventory, err)
		}
		for _, it := range ch.Inventory {
			_, weapon := srd.LookupWeapon(it.Item)
			_, armor := srd.LookupArmor(it.Item)
			_, gear := srd.LookupGear(it.Item)
			if !weapon && !armor && !gear {
				t.Errorf("%s starts with %q, which is no SRD equipment", class, it.Item)
			}
			if n, _ := srd.ItemName(it.Item); it.Name == "" || it.Name != n {
				t.Errorf("%s's %s is named %q, want the SRD's %q", class, it.Item, it.Name, n)
			}
		}
		if !slices.ContainsFunc(ch.Inventory, func(it Item) bool { _, gear := srd.LookupGear(it.Item); return gear }) {
			t.Errorf("%s starts with no gear: %+v", class, ch.Inventory)
		}
		if !slices.ContainsFunc(ch.Inventory, func(it Item) bool { _, w := srd.LookupWeapon(it.Item); return w && it.Equipped }) {
			t.Errorf("%s wields no weapon: %+v", class, ch.Inventory)
		}
	}
}

// The sheet's AC is the armour the character starts with: the SRD's
// numbers for each kind, the Dexterity cap of medium armour, none in heavy,
// a shield's +2, Unarmored Defense.
func TestArmorClass(t *testing.T) {
	ab := Abilities{Str: 15, Dex: 16, Con: 14, Int: 10, Wis: 12, Cha: 8} // Dex +3, Con +2, Wis +1
	for _, tc := range []struct {
		class string
		inv   []Item
		want  int
	}{
		{"wizard", nil, 13},
		{"rogue", []Item{{Item: "leather-armor", Qty: 1}}, 14},
		{"ranger", []Item{{Item: "scale-mail", Qty: 1}}, 16},  // 14 + Dex capped at 2
		{"fighter", []Item{{Item: "chain-mail", Qty: 1}}, 16}, // heavy: no Dex
		{"cleric", []Item{{Item: "scale-mail", Qty: 1}, {Item: "shield", Qty: 1}}, 18},
		{"fighter", []Item{{Item: "leather-armor", Qty: 1}, {Item: "plate-armor", Qty: 1}}, 18}, // the best
		{"barbarian", nil, 15}, // 10 + Dex + Con
		{"barbarian", []Item{{Item: "shield", Qty: 1}}, 17},
		{"monk", nil, 14},                                      // 10 + Dex + Wis
		{"monk", []Item{{Item: "shield", Qty: 1}}, 15},         // no Unarmored Defense with a shield
		{"rogue", []Item{{Item: "leather-armor", Qty: 0}}, 13}, // none left
		// Once items are marked, only armour worn counts.
		{"fighter", []Item{{Item: "chain-mail", Qty: 1}, {Item: "longsword", Qty: 1, Equipped: true}}, 13},
		{"fighter", []Item{{Item: "plate-armor", Qty: 1}, {Item: "leather-armor", Qty: 1, Equipped: true}}, 14},
	} {
		if got := ArmorClass(tc.class, ab, tc.inv); got != tc.want {
			t.Errorf("%s with %v: AC %d, want %d", tc.class, tc.inv, got, tc.want)
		}
	}
	// Built characters: a fighter in chain mail; a weak one slowed by it,
	// unless a dwarf.
	f, _ := NewCharacter{Name: "F", Race: "human", Class: "fighter"}.Build("c", "p")
	if f.AC != 16 || f.Speed != 30 {
		t.Errorf("fighter AC %d speed %d, want 16 and 30", f.AC, f.Speed)
	}
	weak := Abilities{Str: 8, Dex: 14, Con: 13, Int: 12, Wis: 10, Cha: 15}
	w, _ := NewCharacter{Name: "W", Race: "elf", Class: "paladin", Abilities: &weak}.Build("c", "p")
	d, _ := NewCharacter{Name: "D", Race: "dwarf", Class: "paladin", Abilities: &weak}.Build("c", "p")
	if w.Speed != 20 || d.Speed != 25 {
		t.Errorf("in chain mail with Str 8: elf speed %d (want 20), dwarf %d (want 25)", w.Speed, d.Speed)
	}
}

func TestAllowlist(t *testing.T) {
	s, err := Settings{Allowlist: []string{"move", "check", "move"}}.Normalize()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(s.Allowlist, []string{"check", "move"}) {
		t.Errorf("allowlist = %v, want sorted without repeats", s.Allowlist)
	}
	for kind, want := range map[string]bool{"move": true, "check": true, "say": true, "end_turn": true, "attack": false, "rest": false} {
		if got := s.Allows(kind); got != want {
			t.Errorf("Allows(%s) = %v, want %v", kind, got, want)
		}
	}
	if !(Settings{}).Allows("attack") {
		t.Error("an empty allowlist must allow everything")
	}
	_, err = (Settings{Allowlist: []string{"teleport"}}).Normalize()
	if want := `campaign settings: settings.allowlist: "teleport" is not an intent kind ([` + strings.Join(IntentKinds, " ") + `])`; !fault.Is(err, fault.Invalid) || err.Error() != want {
		t.Errorf("unknown kind: %v, want %s", err, want)
	}
}

// XP reaches levels by the SRD's table, and a level up is the player's to
// take, one level at a time, each with the level's hit points, hit die
// and slots.
func TestLevelUp(t *testing.T) {
	for xp, want := range map[int]int{0: 1, 299: 1, 300: 2, 899: 2, 900: 3, 354999: 19, 355000: 20, 9_000_000: 20} {
		if got := LevelFor(xp); got != want {
			t.Errorf("LevelFor(%d) = %d, want %d", xp, got, want)
		}
	}
	w, err := NewCharacter{Name: "W", Race: "elf", Class: "wizard"}.Build("c", "p") // Con 13 (+1): 7 HP
	if err != nil {
		t.Fatal(err)
	}
	w.SpellSlots["1"] = Slot{Max: 2, Used: 2}
	w.HP = 3
	if _, _, err := LevelUp(w, LevelChoice{}); !fault.Is(err, fault.Invalid) || w.LevelUpReady() {
		t.Fatalf("levelled up with 0 XP: %v", err)
	}
	w.XP = 2700 // level 4's XP: levels 2 and 3 have no improvement to choose
	got := w
	for range 2 {
		if got, _, err = LevelUp(got, LevelChoice{}); err != nil {
			t.Fatal(err)
		}
	}
	// Two levels of 4 (a d6's fixed value) + 1.
	if got.Level != 3 || got.MaxHP != 17 || got.HP != 13 || got.HitDice.Max != 3 || !got.LevelUpReady() {
		t.Fatalf("level %d, HP %d/%d, hit dice %d, ready %v", got.Level, got.HP, got.MaxHP, got.HitDice.Max, got.LevelUpReady())
	}
	if got.SpellSlots["1"] != (Slot{Max: 4, Used: 2}) || got.SpellSlots["2"] != (Slot{Max: 2}) {
		t.Errorf("slots %v", got.SpellSlots)
	}
	if w.SpellSlots["2"] != (Slot{}) || w.Level != 1 {
		t.Error("LevelUp changed its input")
	}
	if _, _, err := LevelUp(got, LevelChoice{}); !fault.Is(err, fault.Invalid) {
		t.Fatalf("level 4 without its ability score improvement: %v", err)
	}
	four, lv, err := LevelUp(got, LevelChoice{Roll: 6, Increases: map[string]int{"int": 2}})
	if err != nil || four.Level != 4 || four.Abilities.Int != w.Abilities.Int+2 || lv.HPGained != 7 || lv.HitPoints != HitPointsRoll || !slices.Contains(lv.Features, "Ability Score Improvement") {
		t.Fatalf("level 4: %+v, %+v, %v", four.Abilities, lv, err)
	}
}

// A new character is proficient in the skills its player chose from its
// class's list, as many as the class allows; no choice takes the first.
func TestSkillChoice(t *testing.T) {
	build := func(class string, skills ...string) (Character, error) {
		return NewCharacter{Name: "A", Race: "human", Class: class, Skills: skills}.Build("c", "p")
	}
	r, err := build("rogue", "Stealth", "perception", "sleight-of-hand", "acrobatics")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(r.Skills, []string{"acrobatics", "perception", "sleight-of-hand", "stealth"}) {
		t.Errorf("rogue skills %v", r.Skills)
	}
	w, err := build("wizard")
	if err != nil || !slices.Equal(w.Skills, []string{"arcana", "history"}) {
		t.Errorf("a wizard who chose none: %v, %v", w.Skills, err)
	}
	for name, skills := range map[string][]string{
		"TooFew":      {"arcana"},
		"TooMany":     {"arcana", "history", "insight"},
		"NotTheClass": {"arcana", "stealth"},
		"Twice":       {"arcana", "Arcana"},
		"NotASkill":   {"arcana", "juggling"},
	} {
		if _, err := build("wizard", skills...); !fault.Is(err, fault.Invalid) || !strings.Contains(err.Error(), "skills") {
			t.Errorf("%s: %v, want an invalid skills error", name, err)
		}
	}
}
