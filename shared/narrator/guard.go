package narrator

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"
)

// Violation is one way a narration broke the output contract.
type Violation string

// The violations the guard knows.
const (
	Markup         Violation = "markup"          // Markdown or HTML
	Emoji          Violation = "emoji"           //
	InventedNumber Violation = "invented_number" // a number the engine did not produce
)

var (
	htmlTag      = regexp.MustCompile(`</?[a-zA-Z][^<>]{0,200}>`)
	mdLink       = regexp.MustCompile(`\[([^\[\]]{1,200})\]\([^()\s]{1,500}\)`)
	mdEmphasis   = regexp.MustCompile("(\\*\\*|__|\\*|`{1,3}|~~)")
	mdLineMarker = regexp.MustCompile(`(?m)^[ \t]*(#{1,6}[ \t]+|[-*+][ \t]+|\d{1,3}[.)][ \t]+|>[ \t]?)`)
	number       = regexp.MustCompile(`\d+`)
	sentenceEnd  = regexp.MustCompile(`[^.!?]*[.!?]+["”']?\s*|[^.!?]+$`)
)

// Guard checks a narration against the output contract: plain text (no
// Markdown, HTML or emoji) and no number that the engine did not produce.
// allowed holds the text the narration may take numbers from — the rules
// result, the player's action, the scene — and any digit sequence not found
// there is an invented number. It returns the violations found, each once.
func Guard(text string, allowed ...string) []Violation {
	var vs []Violation
	if htmlTag.MatchString(text) || mdLink.MatchString(text) || mdEmphasis.MatchString(text) || mdLineMarker.MatchString(text) {
		vs = append(vs, Markup)
	}
	if strings.IndexFunc(text, isEmoji) >= 0 {
		vs = append(vs, Emoji)
	}
	if len(invented(text, allowedNumbers(allowed))) > 0 {
		vs = append(vs, InventedNumber)
	}
	return vs
}

// Sanitize makes a narration meet the contract when a retry did not: it
// strips markup and emoji and drops every sentence that states an
// invented number (a missing sentence is better than a wrong number).
func Sanitize(text string, allowed ...string) string {
	text = htmlTag.ReplaceAllString(text, "")
	text = mdLink.ReplaceAllString(text, "$1")
	text = mdLineMarker.ReplaceAllString(text, "")
	text = mdEmphasis.ReplaceAllString(text, "")
	text = strings.Map(func(r rune) rune {
		if isEmoji(r) {
			return -1
		}
		return r
	}, text)
	nums := allowedNumbers(allowed)
	var kept []string
	for _, s := range sentenceEnd.FindAllString(text, -1) {
		if len(invented(s, nums)) == 0 {
			kept = append(kept, s)
		}
	}
	return strings.Join(strings.Fields(strings.Join(kept, "")), " ")
}

// Correction is what a retry is told: the contract it broke, in words a
// model acts on.
func Correction(vs []Violation) string {
	var parts []string
	for _, v := range vs {
		switch v {
		case Markup:
			parts = append(parts, "it used Markdown or HTML; write plain text only")
		case Emoji:
			parts = append(parts, "it used emoji; write plain text only")
		case InventedNumber:
			parts = append(parts, "it stated a number that the rules result does not contain; use only the numbers given, or none")
		}
	}
	return fmt.Sprintf("Your last narration broke the rules: %s. Narrate the same turn again.", strings.Join(parts, "; "))
}

func allowedNumbers(texts []string) map[int]bool {
	nums := map[int]bool{}
	for _, t := range texts {
		for _, m := range number.FindAllString(t, -1) {
			if n, err := strconv.Atoi(m); err == nil {
				nums[n] = true
			}
		}
	}
	return nums
}

func invented(text string, allowed map[int]bool) []string {
	var out []string
	for _, m := range number.FindAllString(text, -1) {
		if n, err := strconv.Atoi(m); err != nil || !allowed[n] {
			out = append(out, m)
		}
	}
	return out
}

// isEmoji reports pictographs and the joiners and selectors that build
// them; letters, digits and ordinary punctuation of every script pass.
func isEmoji(r rune) bool {
	switch {
	case r >= 0x1F000 && r <= 0x1FAFF, // pictographs, emoticons, transport, symbols
		r >= 0x2600 && r <= 0x27BF, // miscellaneous symbols and dingbats
		r == 0x200D, r == 0xFE0F,   // zero-width joiner, emoji presentation
		r >= 0x1F1E6 && r <= 0x1F1FF: // regional indicators (flags)
		return true
	}
	return unicode.Is(unicode.So, r) && r > 0x2000 && !unicode.IsPunct(r) && r != '©' && r != '®' && r != '™'
}
