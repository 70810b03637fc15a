package campaign

import (
	"slices"
	"strings"
	"testing"

	"chronicler/shared/fault"
	"chronicler/shared/srd"
)

// spec is the choice id of the character's ChoicesFor, or a zero spec.
func spec(ch Character, id string) ChoiceSpec {
	for _, s := range ChoicesFor(ch) {
		if s.ID == id {
			return s
		}
	}
	return ChoiceSpec{}
}

// casts reports whether the character's repertoire has spell id.
func casts(t *testing.T, ch Character, id string) bool {
	t.Helper()
	s, ok := srd.LookupSpell(id)
	if !ok {
		t.Fatalf("no spell %s", id)
	}
	return RepertoireOf(ch).Has(s)
}

// A known caster chooses its cantrips and spells known as it is made,
// from its class's list at the levels it has slots for, as many as its
// class table says; what it leaves out of a choice it began is filled.
func TestKnownCastersChooseTheirSpells(t *testing.T) {
	tests := []struct {
		class           string
		level           int
		cantrips, known int // the class table's columns at the level
		choices         map[string][]string
		knows, knowsNot []string
	}{
		{"sorcerer", 1, 4, 2, map[string][]string{"cantrips": {"fire-bolt", "light", "mage-hand", "ray-of-frost"}, "spells": {"magic-missile", "shield"}},
			[]string{"fire-bolt", "magic-missile", "shield"}, []string{"acid-splash", "burning-hands"}},
		{"bard", 1, 2, 4, map[string][]string{"cantrips": {"vicious-mockery", "light"}, "spells": {"healing-word", "sleep", "heroism", "bane"}},
			[]string{"vicious-mockery", "healing-word", "bane"}, []string{"mage-hand", "cure-wounds"}},
		{"warlock", 1, 2, 2, map[string][]string{"cantrips": {"eldritch-blast", "chill-touch"}, "spells": {"hellish-rebuke", "charm-person"}},
			[]string{"eldritch-blast", "hellish-rebuke"}, []string{"mage-hand", "unseen-servant"}},
		{"ranger", 2, 0, 2, map[string][]string{"spells": {"hunters-mark", "cure-wounds"}},
			[]string{"hunters-mark", "cure-wounds"}, []string{"goodberry"}},
	}
	for _, tt := range tests {
		t.Run(tt.class, func(t *testing.T) {
			n := NewCharacter{Name: "Kit", Race: "human", Class: tt.class, Level: tt.level, Choices: tt.choices}
			ch, err := n.Build("k", "p")
			if err != nil {
				t.Fatal(err)
			}
			if got := spec(ch, "cantrips").Count; got != tt.cantrips {
				t.Errorf("cantrips known %d, want %d", got, tt.cantrips)
			}
			if s := spec(ch, "spells"); s.Count != tt.known || !s.Optional {
				t.Errorf("spells known %+v, want %d, optional", s.Count, tt.known)
			}
			for id, want := range tt.choices {
				if !slices.Equal(ch.Choices[id], want) {
					t.Errorf("choices %s = %v, want %v", id, ch.Choices[id], want)
				}
			}
			for _, id := range tt.knows {
				if !casts(t, ch, id) {
					t.Errorf("does not cast %s", id)
				}
			}
			for _, id := range tt.knowsNot {
				if casts(t, ch, id) {
					t.Errorf("casts %s, which it did not choose", id)
				}
			}
		})
	}
	refusals := []struct {
		name  string
		n     NewCharacter
		field string
	}{
		{"AnotherClasssSpell", NewCharacter{Class: "sorcerer", Choices: map[string][]string{"spells": {"cure-wounds"}}}, "choices.spells"},
		{"ASpellAboveItsSlots", NewCharacter{Class: "sorcerer", Choices: map[string][]string{"spells": {"fireball"}}}, "choices.spells"},
		{"ACantripAmongSpells", NewCharacter{Class: "bard", Choices: map[string][]string{"spells": {"vicious-mockery"}}}, "choices.spells"},
		{"MoreThanItKnows", NewCharacter{Class: "warlock", Choices: map[string][]string{"spells": {"charm-person", "hellish-rebuke", "unseen-servant"}}}, "choices.spells"},
		{"ARangerAtFirstLevel", NewCharacter{Class: "ranger", Choices: map[string][]string{"spells": {"hunters-mark"}}}, "choices"},
		{"ASpellbookSpellOfAnotherList", NewCharacter{Class: "wizard", Choices: map[string][]string{"spellbook": {"cure-wounds"}}}, "choices.spellbook"},
	}
	for _, tt := range refusals {
		t.Run("Refuses"+tt.name, func(t *testing.T) {
			tt.n.Name, tt.n.Race = "Kit", "human"
			_, err := tt.n.Build("k", "p")
			if !fault.Is(err, fault.Invalid) || fieldOf(err) != tt.field {
				t.Errorf("err = %v (field %q), want invalid %s", err, fieldOf(err), tt.field)
			}
		})
	}
	t.Run("ASpellChoiceBegunIsFilled", func(t *testing.T) {
		ch, err := NewCharacter{Name: "Kit", Race: "human", Class: "sorcerer", Choices: map[string][]string{"spells": {"shield"}}}.Build("k", "p")
		if err != nil {
			t.Fatal(err)
		}
		if got := ch.Choices["spells"]; len(got) != 2 || got[0] != "shield" {
			t.Errorf("spells %v, want shield and one more", got)
		}
	})
	// A sheet whose player names no spells knows its class's whole list,
	// as every sheet did before spells were chosen.
	t.Run("UnchosenSpellsAreTheWholeList", func(t *testing.T) {
		ch, err := NewCharacter{Name: "Kit", Race: "human", Class: "sorcerer", Level: 5}.Build("k", "p")
		if err != nil {
			t.Fatal(err)
		}
		if _, made := ch.Choices["spells"]; made {
			t.Errorf("spells chosen for the player: %v", ch.Choices["spells"])
		}
		for _, id := range []string{"fireball", "fire-bolt", "shield"} {
			if !casts(t, ch, id) {
				t.Errorf("a sorcerer whose player chose nothing does not cast %s", id)
			}
		}
		if casts(t, ch, "cure-wounds") {
			t.Error("a sorcerer casts cure wounds")
		}
	})
}

// Each level up brings the spells its class table adds, chosen with the
// level_up intent's choices (those left out are filled), and the level's
// new spells are those of the slots it brings.
func TestLevelUpSpellChoices(t *testing.T) {
	up := func(t *testing.T, ch Character, choices map[string][]string) (Character, Leveled) {
		t.Helper()
		ch.XP = xpFor(ch.Level + 1)
		c := LevelChoice{Choices: choices}
		if class, _ := srd.LookupClass(ch.Class); class.Levels[ch.Level].AbilityScoreImprovement {
			c.Increases = defaultIncrease(ch.Abilities)
		}
		out, got, err := LevelUp(ch, c)
		if err != nil {
			t.Fatal(err)
		}
		return out, got
	}
	t.Run("ASorcererLearnsASpellEachLevel", func(t *testing.T) {
		ch, err := NewCharacter{Name: "Sel", Race: "human", Class: "sorcerer",
			Choices: map[string][]string{"spells": {"magic-missile", "shield"}}}.Build("s", "p")
		if err != nil {
			t.Fatal(err)
		}
		two, got := up(t, ch, map[string][]string{"spells": {"sleep"}})
		if !slices.Equal(two.Choices["spells"], []string{"magic-missile", "shield", "sleep"}) || !slices.Equal(got.Choices["spells"], []string{"sleep"}) {
			t.Errorf("level 2: spells %v, leveled %v", two.Choices["spells"], got.Choices)
		}
		// Level 3 brings 2nd-level slots: a 2nd-level spell may be learnt.
		three, _ := up(t, two, map[string][]string{"spells": {"scorching-ray"}})
		if len(three.Choices["spells"]) != 4 || !casts(t, three, "scorching-ray") {
			t.Errorf("level 3: spells %v", three.Choices["spells"])
		}
		// Level 4 brings a cantrip, which a sheet that chose them fills.
		four, got := up(t, three, nil)
		if len(four.Choices["spells"]) != 5 || len(got.Choices["spells"]) != 1 {
			t.Errorf("level 4: spells %v, leveled %v", four.Choices["spells"], got.Choices)
		}
	})
	t.Run("ARangerAndABardLearnOneMore", func(t *testing.T) {
		for _, tc := range []struct {
			class    string
			level    int
			chosen   []string
			learnt   string
			cantrips int
		}{
			{"ranger", 2, []string{"hunters-mark", "cure-wounds"}, "goodberry", 0},
			{"bard", 1, []string{"healing-word", "sleep", "heroism", "bane"}, "cure-wounds", 2},
		} {
			ch, err := NewCharacter{Name: "R", Race: "human", Class: tc.class, Level: tc.level, Choices: map[string][]string{"spells": tc.chosen}}.Build("r", "p")
			if err != nil {
				t.Fatal(err)
			}
			next, got := up(t, ch, map[string][]string{"spells": {tc.learnt}})
			if want := append(slices.Clone(tc.chosen), tc.learnt); !slices.Equal(next.Choices["spells"], want) || !slices.Equal(got.Choices["spells"], []string{tc.learnt}) {
				t.Errorf("%s %d: spells %v, leveled %v", tc.class, next.Level, next.Choices["spells"], got.Choices)
			}
			if n := spec(next, "cantrips").Count; n != tc.cantrips {
				t.Errorf("%s %d: %d cantrips", tc.class, next.Level, n)
			}
		}
	})
	t.Run("AWarlockTakesHerArcanumAtEleventh", func(t *testing.T) {
		ch, err := NewCharacter{Name: "Vex", Race: "human", Class: "warlock", Level: 10}.Build("v", "p")
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := LevelUp(atNext(ch), LevelChoice{Choices: map[string][]string{"mystic-arcanum-6": {"finger-of-death"}}}); fieldOf(err) != "choices.mystic-arcanum-6" {
			t.Errorf("a 7th-level spell as a 6th-level arcanum: %v", err)
		}
		eleven, got := up(t, ch, map[string][]string{"mystic-arcanum-6": {"circle-of-death"}, "spells": {"hold-monster"}})
		if !slices.Equal(got.Choices["mystic-arcanum-6"], []string{"circle-of-death"}) || len(eleven.Choices["spells"]) != 11 {
			t.Errorf("level 11: %v", eleven.Choices)
		}
		s, _ := srd.LookupSpell("circle-of-death")
		ways := RepertoireOf(eleven).Ways(s)
		if len(ways) != 1 || !ways[0].Free || ways[0].Level != 6 || ways[0].Resource != "mystic-arcanum-6" {
			t.Errorf("circle of death: %+v", ways)
		}
	})
	t.Run("ABardsMagicalSecretsAreAmongHerSpellsKnown", func(t *testing.T) {
		ch, err := NewCharacter{Name: "Lia", Race: "human", Class: "bard", Level: 9}.Build("b", "p")
		if err != nil {
			t.Fatal(err)
		}
		ten, _ := up(t, ch, map[string][]string{"magical-secrets": {"fireball", "counterspell"}})
		if s := spec(ten, "spells"); s.Count != 12 {
			t.Errorf("spells known beside the secrets: %d, want 14 - 2", s.Count)
		}
		if !casts(t, ten, "fireball") || !casts(t, ten, "counterspell") || casts(t, ten, "lightning-bolt") {
			t.Errorf("level 10 bard: %+v", RepertoireOf(ten))
		}
		if _, _, err := LevelUp(atNext(ch), LevelChoice{Choices: map[string][]string{"magical-secrets": {"wish"}}}); fieldOf(err) != "choices.magical-secrets" {
			t.Errorf("a 9th-level secret at 10th level: %v", err)
		}
	})
	// At a level up a bard, ranger, sorcerer or warlock may give up one
	// spell known for another of the class's list.
	t.Run("ALevelUpSwapsASpellKnown", func(t *testing.T) {
		ch, err := NewCharacter{Name: "Sel", Race: "human", Class: "sorcerer", Level: 2,
			Choices: map[string][]string{"spells": {"magic-missile", "shield", "sleep"}}}.Build("s", "p")
		if err != nil {
			t.Fatal(err)
		}
		ch = atNext(ch)
		three, got, err := LevelUp(ch, LevelChoice{Replace: map[string]string{"spells": "sleep"}, Choices: map[string][]string{"spells": {"scorching-ray", "misty-step"}}})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(three.Choices["spells"], []string{"magic-missile", "shield", "scorching-ray", "misty-step"}) || got.Replaced["spells"] != "sleep" {
			t.Errorf("level 3: spells %v, leveled %+v", three.Choices["spells"], got)
		}
		for _, tc := range []struct {
			name    string
			replace map[string]string
			choices map[string][]string
		}{
			{"ASpellSheDoesNotKnow", map[string]string{"spells": "fireball"}, map[string][]string{"spells": {"misty-step", "shatter"}}},
			{"ACantrip", map[string]string{"cantrips": "light"}, map[string][]string{"cantrips": {"mending"}}},
			{"NothingInItsPlace", map[string]string{"spells": "sleep"}, nil},
		} {
			if _, _, err := LevelUp(ch, LevelChoice{Replace: tc.replace, Choices: tc.choices}); fieldOf(err) != "intent.replace" {
				t.Errorf("%s: err = %v", tc.name, err)
			}
		}
	})
	// A sheet from before spells were chosen stays as it was through a
	// level up its player names no spells at.
	t.Run("AnOldSheetKeepsItsWholeList", func(t *testing.T) {
		ch := Character{ID: "o", Name: "Old", Race: "human", Class: "sorcerer", Level: 4, XP: xpFor(5), MaxHP: 20, HP: 20,
			Abilities: StandardArray, SpellSlots: spellSlots("full", 4), HitDice: Pool{Max: 4}}
		out, _, err := LevelUp(ch, LevelChoice{})
		if err != nil {
			t.Fatal(err)
		}
		if out.Choices["spells"] != nil || !casts(t, out, "fireball") {
			t.Errorf("level 5: choices %v", out.Choices)
		}
	})
}

// atNext is ch with the XP of its next level.
func atNext(ch Character) Character {
	ch.XP = xpFor(ch.Level + 1)
	return ch
}

// A prepared caster prepares its ability modifier plus its level (a
// paladin half its level), at least one, from its class's list (a
// wizard from its spellbook), after a long rest; its domain, oath and
// circle spells are always prepared and never counted.
func TestPreparedCasters(t *testing.T) {
	cleric := func(t *testing.T, level int) Character {
		t.Helper()
		ch, err := NewCharacter{Name: "Bram", Race: "human", Class: "cleric", Level: level,
			Abilities: &Abilities{Str: 13, Dex: 10, Con: 14, Int: 8, Wis: 15, Cha: 12}}.Build("b", "p")
		if err != nil {
			t.Fatal(err)
		}
		return ch
	}
	t.Run("Counts", func(t *testing.T) {
		paladin, _ := NewCharacter{Name: "P", Race: "human", Class: "paladin", Level: 5}.Build("p", "p") // Cha 8+1
		wizard, _ := NewCharacter{Name: "W", Race: "human", Class: "wizard"}.Build("w", "p")             // Int 12+1
		for _, tc := range []struct {
			ch   Character
			want int
		}{
			{cleric(t, 3), 3 + 3}, // Wis 15+1 = 16
			{paladin, max(-1+2, 1)},
			{wizard, 1 + 1},
		} {
			if got := PrepareCount(tc.ch); got != tc.want {
				t.Errorf("%s %d: prepares %d, want %d", tc.ch.Class, tc.ch.Level, got, tc.want)
			}
		}
		if s := spec(wizard, "spellbook"); s.Count != 6 || !s.Optional {
			t.Errorf("a 1st-level spellbook: %+v", s)
		}
		w5, _ := NewCharacter{Name: "W", Race: "human", Class: "wizard", Level: 5}.Build("w", "p")
		if s := spec(w5, "spellbook"); s.Count != 14 {
			t.Errorf("a 5th-level spellbook holds %d, want 6 + 4×2", s.Count)
		}
	})
	t.Run("DomainSpellsAreAlwaysPrepared", func(t *testing.T) {
		ch, err := Prepare(cleric(t, 3), []string{"shield-of-faith", "bless", "aid"})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(ch.Prepared, []string{"shield-of-faith", "aid"}) || ch.MayPrepare {
			t.Errorf("prepared %v (bless is always prepared), may prepare %v", ch.Prepared, ch.MayPrepare)
		}
		for id, want := range map[string]bool{"bless": true, "cure-wounds": true, "spiritual-weapon": true, "lesser-restoration": true,
			"shield-of-faith": true, "aid": true, "guiding-bolt": false, "sacred-flame": true, "revivify": false} {
			if got := casts(t, ch, id); got != want {
				t.Errorf("casts %s: %v, want %v", id, got, want)
			}
		}
	})
	t.Run("Refusals", func(t *testing.T) {
		prepared, _ := Prepare(cleric(t, 3), []string{"bless", "aid"})
		sorcerer, _ := NewCharacter{Name: "S", Race: "human", Class: "sorcerer"}.Build("s", "p")
		paladin, _ := NewCharacter{Name: "P", Race: "human", Class: "paladin"}.Build("p", "p")
		book, _ := NewCharacter{Name: "W", Race: "human", Class: "wizard",
			Choices: map[string][]string{"spellbook": {"magic-missile", "shield", "sleep", "mage-armor", "burning-hands", "grease"}}}.Build("w", "p")
		for _, tc := range []struct {
			name  string
			ch    Character
			asked []string
			why   fault.Reason
			text  string
		}{
			{"TooMany", cleric(t, 1), []string{"bane", "command", "guiding-bolt", "sanctuary", "healing-word"}, fault.InvalidArgs, "prepares 4 spells at most"},
			{"ACantrip", cleric(t, 1), []string{"sacred-flame"}, fault.InvalidArgs, "cantrips are known"},
			{"AnotherClasssSpell", cleric(t, 1), []string{"magic-missile"}, fault.InvalidArgs, "not a cleric spell"},
			{"AboveItsSlots", cleric(t, 1), []string{"aid"}, fault.InvalidArgs, "no spell slots of that level"},
			{"Twice", cleric(t, 1), []string{"bane", "bane"}, fault.InvalidArgs, "named twice"},
			{"NoLongRestSince", prepared, []string{"aid"}, fault.NotAllowed, "after the next one"},
			{"AKnownCaster", sorcerer, []string{"shield"}, fault.NotAllowed, "prepares no spells"},
			{"APaladinBeforeSecondLevel", paladin, []string{"bless"}, fault.NotAllowed, "from level 2"},
			{"NotInTheSpellbook", book, []string{"thunderwave"}, fault.InvalidArgs, "not in W's spellbook"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				_, err := Prepare(tc.ch, tc.asked)
				if fault.ReasonOf(err) != tc.why || !strings.Contains(err.Error(), tc.text) {
					t.Errorf("err = %v, want %s mentioning %q", err, tc.why, tc.text)
				}
			})
		}
		prepared.MayPrepare = true // a long rest
		if _, err := Prepare(prepared, []string{"aid"}); err != nil {
			t.Errorf("after a long rest: %v", err)
		}
		// A wizard who never prepared has its whole spellbook prepared.
		if !casts(t, book, "grease") || casts(t, book, "thunderwave") {
			t.Errorf("a wizard's book before preparing: %+v", RepertoireOf(book))
		}
		w, err := Prepare(book, []string{"magic-missile", "shield"})
		if err != nil || !casts(t, w, "shield") || casts(t, w, "grease") {
			t.Errorf("a wizard prepares from her book: %v %+v", err, RepertoireOf(w))
		}
	})
	t.Run("OathSpellsComeWithTheirLevels", func(t *testing.T) {
		p3, _ := NewCharacter{Name: "P", Race: "human", Class: "paladin", Level: 3}.Build("p", "p")
		p5, _ := NewCharacter{Name: "P", Race: "human", Class: "paladin", Level: 5}.Build("p", "p")
		p3, _ = Prepare(p3, []string{"bless"})
		p5, _ = Prepare(p5, []string{"bless"})
		if !casts(t, p3, "sanctuary") || casts(t, p3, "zone-of-truth") || !casts(t, p5, "zone-of-truth") || casts(t, p5, "cure-wounds") {
			t.Errorf("oath spells: 3rd %+v, 5th %+v", RepertoireOf(p3), RepertoireOf(p5))
		}
	})
	t.Run("ALandDruidHasItsLandsCircleSpells", func(t *testing.T) {
		ch, err := NewCharacter{Name: "D", Race: "human", Class: "druid", Level: 3, Choices: map[string][]string{"land": {"circle-of-the-land-coast"}}}.Build("d", "p")
		if err != nil {
			t.Fatal(err)
		}
		ch, _ = Prepare(ch, []string{"cure-wounds"})
		// Misty Step is no druid spell: for a coast druid it is one.
		if !casts(t, ch, "misty-step") || !casts(t, ch, "mirror-image") || casts(t, ch, "hold-person") || casts(t, ch, "water-breathing") {
			t.Errorf("a coast druid: %+v", RepertoireOf(ch))
		}
		if s := spec(ch, "cantrips"); s.Count != 3 || !slices.Equal(s.By, []string{"spellcasting-druid", "bonus-cantrip"}) {
			t.Errorf("cantrips with the bonus cantrip: %+v", s)
		}
	})
}

// Racial traits and pact boons give cantrips of their own: a high elf's
// wizard cantrip (Intelligence), a tiefling's Thaumaturgy, Hellish Rebuke
// and Darkness (Charisma, once a long rest each without a slot), a Pact
// of the Tome's three cantrips of any class.
func TestCantripsOfTraitsAndBoons(t *testing.T) {
	elf, err := NewCharacter{Name: "E", Race: "elf", Class: "fighter", Choices: map[string][]string{"high-elf-cantrip": {"fire-bolt"}}}.Build("e", "p")
	if err != nil {
		t.Fatal(err)
	}
	fb, _ := srd.LookupSpell("fire-bolt")
	if w := RepertoireOf(elf).Ways(fb); len(w) != 1 || w[0].Ability != "int" {
		t.Errorf("a high elf's fire bolt: %+v", w)
	}
	tiefling, _ := NewCharacter{Name: "T", Race: "tiefling", Class: "fighter", Level: 3}.Build("t", "p")
	r := RepertoireOf(tiefling)
	hr, _ := srd.LookupSpell("hellish-rebuke")
	dk, _ := srd.LookupSpell("darkness")
	if w := r.Ways(hr); !casts(t, tiefling, "thaumaturgy") || len(w) != 1 || !w[0].Free || w[0].Level != 2 || w[0].Resource != "infernal-rebuke" || r.AbilityOf(w[0]) != "cha" {
		t.Errorf("a 3rd-level tiefling: %+v", r)
	}
	if r.Has(dk) {
		t.Error("darkness before 5th level")
	}
	tome, err := NewCharacter{Name: "W", Race: "human", Class: "warlock", Level: 3, Choices: map[string][]string{
		"pact-boon": {"pact-of-the-tome"}, "tome-cantrips": {"sacred-flame", "fire-bolt", "guidance"}}}.Build("w", "p")
	if err != nil {
		t.Fatal(err)
	}
	if !casts(t, tome, "sacred-flame") || !casts(t, tome, "guidance") || spec(tome, "cantrips").Count != 2 {
		t.Errorf("a tome warlock: %+v", RepertoireOf(tome))
	}
}

// The rows the spells play are played, by the sheet.
func TestSpellFeaturesArePlayed(t *testing.T) {
	for _, id := range []string{"domain-spells-3", "oath-spells", "circle-spells-2", "circle-of-the-land", "circle-of-the-land-swamp",
		"bonus-cantrip", "magical-secrets-1", "mystic-arcanum-9th-level", "signature-spell", "high-elf-cantrip", "infernal-legacy"} {
		f, _ := srd.LookupFeature(id)
		if !SheetPlayed(f) || !f.Played() {
			t.Errorf("%s: sheet plays %v, data says played %v", id, SheetPlayed(f), f.Played())
		}
	}
}
