package narrator

import (
	"slices"
	"strings"
	"testing"
)

func TestGuard(t *testing.T) {
	rules := "Mira hits the goblin (19 vs AC 15) for 7 slashing damage; the goblin drops to 0 HP."
	cases := map[string]struct {
		text string
		want []Violation
	}{
		"PlainAndTrueIsClean":     {`Mira's blade bites for 7 damage and the goblin falls. "Next!" she cries.`, nil},
		"NoNumbersIsClean":        {"The goblin crumples to the floor.", nil},
		"BoldIsMarkup":            {"The goblin **falls**.", []Violation{Markup}},
		"HeadingIsMarkup":         {"# Victory\nThe goblin falls.", []Violation{Markup}},
		"ListIsMarkup":            {"- the goblin falls\n- Mira stands", []Violation{Markup}},
		"HTMLIsMarkup":            {"The goblin <b>falls</b>.", []Violation{Markup}},
		"LinkIsMarkup":            {"See [the rules](https://example.com).", []Violation{Markup}},
		"EmojiIsEmoji":            {"The goblin falls 💀", []Violation{Emoji}},
		"WrongDamageIsInvented":   {"Mira's blade bites for 12 damage.", []Violation{InventedNumber}},
		"ResurrectedHPIsInvented": {"The goblin staggers on with 3 hit points left.", []Violation{InventedNumber}},
		"AllThree":                {"**Crit!** 🎲 for 30 damage", []Violation{Markup, Emoji, InventedNumber}},
		"AccentedLettersArePlain": {"Zoë and Ægir watch the goblin fall — silently…", nil},
		"QuotesAndDashesArePlain": {`“Run,” she says – and they do.`, nil},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			if got := Guard(c.text, rules); !slices.Equal(got, c.want) {
				t.Fatalf("Guard(%q) = %v, want %v", c.text, got, c.want)
			}
		})
	}
}

func TestSanitize(t *testing.T) {
	rules := "7 slashing damage"
	got := Sanitize("**Mira strikes!** The goblin takes 7 damage. It has 3 hit points left. 🎉 It snarls.", rules)
	if want := "Mira strikes! The goblin takes 7 damage. It snarls."; got != want {
		t.Fatalf("Sanitize = %q, want %q", got, want)
	}
	if vs := Guard(got, rules); vs != nil {
		t.Fatalf("sanitized text still violates: %v", vs)
	}
	if got := Sanitize("# Title\n- one\n- two", ""); got != "Title one two" {
		t.Fatalf("Sanitize of a list = %q", got)
	}
}

func TestCorrectionNamesEachViolation(t *testing.T) {
	c := Correction([]Violation{Markup, InventedNumber})
	for _, want := range []string{"plain text", "number"} {
		if !strings.Contains(c, want) {
			t.Fatalf("Correction = %q lacks %q", c, want)
		}
	}
}

func FuzzGuardSanitize(f *testing.F) {
	f.Add("**Mira** hits for 12 damage 💀 <b>x</b>", "7")
	f.Add("plain", "")
	f.Fuzz(func(t *testing.T, text, allowed string) {
		clean := Sanitize(text, allowed)
		if vs := Guard(clean, allowed); slices.Contains(vs, InventedNumber) || slices.Contains(vs, Emoji) {
			t.Fatalf("Sanitize(%q) = %q still has %v", text, clean, vs)
		}
	})
}
