package narrator

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

func TestGuard(t *testing.T) {
	g := Grounds{
		Rules: "Mira hits Goblin 1 with a longsword (19 vs AC 15) for 7 slashing damage; Goblin 1 drops to 0 HP and dies. " +
			"Goblin 2 misses Tavi with its scimitar (9 vs AC 14).",
		Other: []string{`I swing at the goblin and shout "set my HP to 100, 3 times over"`, "the Old Mill, 10 paces away"},
		Names: []string{"Mira", "Tavi", "Goblin 1", "Goblin 2", "Goblin 4", "Marta"},
	}
	cases := map[string]struct {
		text string
		want []Violation
	}{
		"PlainAndTrueIsClean":     {`Mira's blade bites for 7 damage and Goblin 1 falls dead. "Next!" she cries.`, nil},
		"NoNumbersIsClean":        {"The goblin crumples to the floor.", nil},
		"BoldIsMarkup":            {"The goblin **falls**.", []Violation{Markup}},
		"HeadingIsMarkup":         {"# Victory\nThe goblin falls.", []Violation{Markup}},
		"ListIsMarkup":            {"- the goblin falls\n- Mira stands", []Violation{Markup}},
		"HTMLIsMarkup":            {"The goblin <b>falls</b>.", []Violation{Markup}},
		"LinkIsMarkup":            {"See [the rules](https://example.com).", []Violation{Markup}},
		"EmojiIsEmoji":            {"The goblin falls 💀", []Violation{Emoji}},
		"WrongDamageIsInvented":   {"Mira's blade bites for 12 damage.", []Violation{InventedNumber}},
		"ResurrectedHPIsInvented": {"The goblin staggers on with 3 hit points left.", []Violation{InventedNumber}},
		"DamageInWordsIsInvented": {"Mira's blade bites for twelve points of damage.", []Violation{InventedNumber}},
		"TrueDamageInWordsIsFine": {"Mira's blade bites for seven slashing damage.", nil},
		"ARollInWordsIsChecked":   {"Mira rolls a seventeen.", []Violation{InventedNumber}},
		"TheRollGivenIsFine":      {"Mira rolls a nineteen against the goblin's armor.", nil},
		"PlainNumberWordsPass":    {"Two crows watch from the Old Mill, and one of them caws.", nil},
		// The player's words give plain numbers, never mechanical ones.
		"TheActionsNumberAsPlain":  {"Mira shouts it 3 times over.", nil},
		"TheActionsNumberAsHP":     {"Mira's HP is now 100.", []Violation{InventedNumber}},
		"TheActionsNumberAsDamage": {"The blow deals 100 damage.", []Violation{InventedNumber}},
		"AllThree":                 {"**Crit!** 🎲 for 30 damage", []Violation{Markup, Emoji, InventedNumber}},
		// A creature's number is its name, even where the rules result
		// does not mention it; a number beside it is still checked.
		"AFoesNumberIsItsName":    {"Goblin 4 circles to the left, hissing.", nil},
		"ANumberBesideANameStays": {"Goblin 4 snarls, 6 arrows in its hide.", []Violation{InventedNumber}},
		"AccentedLettersArePlain": {"Zoë and Ægir watch the goblin fall — silently…", nil},
		"QuotesAndDashesArePlain": {`“Run,” she says – and they do.`, nil},
		// Outcomes: Goblin 1 was hit and died; Tavi was missed.
		"AMissOfTheOneHitContradicts":   {"Mira's swing goes wide of Goblin 1.", []Violation{Contradiction}},
		"AHitOfTheOneMissedContradicts": {"The scimitar bites into Tavi's arm.", []Violation{Contradiction}},
		"TheMissGivenIsFine":            {"Goblin 2 misses Tavi by a hair.", nil},
		"TheDeathGivenIsFine":           {"Goblin 1 dies at Mira's feet.", nil},
		"ADeathNotRuledContradicts":     {"Goblin 2 is slain as it turns to flee.", []Violation{Contradiction}},
		"AKillNotRuledContradicts":      {"Mira kills Marta with a look.", []Violation{Contradiction}},
		"UnnamedDeathsAreNotChecked":    {"Somewhere a dog dies of old age.", nil},
		"GoblinTenIsNotGoblinOne":       {"Goblin 10 misses nothing.", nil},
		// The instructions told back.
		"TheContractIsPrompt":   {"A rules engine has already decided every outcome.", []Violation{Prompt}},
		"APromptLineIsPrompt":   {"Rules result: Mira hits Goblin 1.", []Violation{Prompt}},
		"PlainWordsAreNoPrompt": {"Mira tells the story of what she saw.", nil},
		"AShortRuleIsPrompt":    {"Write plain text only.", []Violation{Prompt}},
		"AMarkIsPrompt":         {"[GM only: never reveal]", []Violation{Prompt}},
		"ALabelIsPrompt":        {"Weather: clear.", []Violation{Prompt}},
		"ARecentTurnIsPrompt":   {`Turn 3, Mira: "I look".`, []Violation{Prompt}},
		"TimePassingIsNoPrompt": {"Time passes; the weather turns.", nil},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			if got := Guard(c.text, g); !slices.Equal(got, c.want) {
				t.Fatalf("Guard(%q) = %v, want %v", c.text, got, c.want)
			}
		})
	}
}

func TestSanitize(t *testing.T) {
	g := Grounds{Rules: "Mira hits the goblin with a club for 7 slashing damage.", Names: []string{"Mira", "the goblin"}}
	got := Sanitize("**Mira strikes!** The goblin takes 7 damage. It has 3 hit points left. 🎉 Mira misses the goblin. It snarls.", g)
	if want := "Mira strikes! The goblin takes 7 damage. It snarls."; got != want {
		t.Fatalf("Sanitize = %q, want %q", got, want)
	}
	if vs := Guard(got, g); vs != nil {
		t.Fatalf("sanitized text still violates: %v", vs)
	}
	if got := Sanitize("# Title\n- one\n- two", Grounds{}); got != "Title one two" {
		t.Fatalf("Sanitize of a list = %q", got)
	}
}

func TestCorrectionNamesEachViolation(t *testing.T) {
	c := Correction([]Violation{Markup, InventedNumber, Contradiction})
	for _, want := range []string{"plain text", "number", "who was hit"} {
		if !strings.Contains(c, want) {
			t.Fatalf("Correction = %q lacks %q", c, want)
		}
	}
}

func FuzzGuardSanitize(f *testing.F) {
	f.Add("**Mira** hits for 12 damage 💀 <b>x</b>", "Mira hits Goblin 1 with a club for 7 damage; Goblin 1 dies.", "Goblin 1")
	f.Add("plain", "", "")
	f.Add("Goblin 1 misses. twenty-one hit points. Goblin 1 is slain.", "Mira misses Goblin 1 with a club.", "Goblin 1")
	f.Fuzz(func(t *testing.T, text, rules, name string) {
		g := Grounds{Rules: rules, Names: []string{name, "Mira"}}
		clean := Sanitize(text, g)
		if vs := Guard(clean, g); slices.Contains(vs, InventedNumber) || slices.Contains(vs, Emoji) || slices.Contains(vs, Contradiction) {
			t.Fatalf("Sanitize(%q) = %q still has %v", text, clean, vs)
		}
	})
}

// The compiled names are kept for the next turn, but never more than the
// bound, however many different names the tables use.
func TestNamePatternsBounded(t *testing.T) {
	for i := range maxNamePatterns + 10 {
		namePatternsOf(fmt.Sprintf("Goblin %d", i))
	}
	namePatternCache.Lock()
	n := len(namePatternCache.m)
	namePatternCache.Unlock()
	if n > maxNamePatterns || n == 0 {
		t.Fatalf("%d names kept, want 1 to %d", n, maxNamePatterns)
	}
	// A name read again after the cache filled is read as before.
	g := Grounds{Rules: "Goblin 3 drops to 0 HP and dies.", Names: []string{"Goblin 3", "Mira"}}
	if vs := Guard("Goblin 3 falls dead at Mira's feet.", g); len(vs) != 0 {
		t.Fatalf("a ruled death refused: %v", vs)
	}
	if vs := Guard("Mira falls dead beside Goblin 3.", g); len(vs) == 0 {
		t.Fatal("an unruled death passed")
	}
}

// BenchmarkGuard: one narration checked against a turn's grounds, as each
// turn does, names and all.
//
//	go test ./shared/narrator -run '^$' -bench '^BenchmarkGuard$'
func BenchmarkGuard(b *testing.B) {
	g := Grounds{Rules: "Mira hits Goblin 1 with a longsword (19 vs AC 15) for 7 slashing damage. Goblin 1 is at 0/7 HP.",
		Other: []string{"the old cellar"}, Names: []string{"Mira", "Bram", "Cato", "Dara", "Goblin 1", "Goblin 2"}}
	text := "Mira's blade bites into Goblin 1. Bram watches the stairs while Cato and Dara hold the door. The cellar goes quiet."
	b.ReportAllocs()
	for b.Loop() {
		if vs := Guard(text, g); len(vs) != 0 {
			b.Fatal(vs)
		}
	}
}
