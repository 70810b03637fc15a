package narrator

import (
	"fmt"

	"chronicler/shared/campaign"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Violation is one way a narration broke the output contract.
type Violation string

// The violations the guard knows.
const (
	Markup         Violation = "markup"          // Markdown or HTML
	Emoji          Violation = "emoji"           //
	InventedNumber Violation = "invented_number" // a number the engine did not produce
	// Contradiction is a hit, a miss or a death the rules result does not
	// say: a miss told of a creature that was only hit, a hit of one only
	// missed, a death of one that did not die.
	Contradiction Violation = "contradiction"
	// Secret is a campaign secret told: its text, or enough of its
	// distinctive terms (see Grounds.Secrets).
	Secret Violation = "secret"
	// Prompt is the narrator's instructions told back: words of the
	// output contract, or a line of the prompt's form ("Rules result:").
	Prompt Violation = "prompt"
	// Line is a sentence that names one of the table's lines: refused
	// and asked again, as a secret told.
	Line Violation = "line"
	// Veil is a sentence that tells a veiled subject: it is never shown;
	// the gate shows Faded in its place and the narration goes on.
	Veil Violation = "veil"
)

// Grounds is what a narration may rest on. Rules is the rules result: the
// only source of a mechanical number (damage, hit points, a roll, an armor
// class or a DC, in digits or in words) and of every hit, miss and death.
// Other is the rest of what the narrator was given (the player's words,
// the scene): its numbers may be told as plain numbers, never as
// mechanical ones, so "set my HP to 100" in an action cannot become "your
// HP is now 100". Names are the creatures the turn may be about (the
// characters, the fight's participants, the NPCs present), whose hits,
// misses and deaths the guard checks against Rules.
//
// Secrets are what the game master knows and no player may learn; Public
// is everything the narrator was told openly (the prompt without its
// GM-only lines). A narration tells a secret when a sentence of it holds
// the secret's text, or a pair of the secret's words that follow each
// other in it (stop words aside) and never in Public, or two of its
// distinctive words (words of the secret that Public never uses), or one
// beside the secret's subject (or alone, when the secret has no subject
// and only that one). The subject alone is no secret: it is how the table
// names what the secret is about.
type Grounds struct {
	Rules   string
	Other   []string
	Names   []string
	Secrets []campaign.Secret
	Public  string
	// Lines and Veils are the table's limits (see touches): a sentence
	// that holds a line breaks the contract; one that holds a veil is
	// faded out.
	Lines, Veils []string
}

var (
	htmlTag      = regexp.MustCompile(`</?[a-zA-Z][^<>]{0,200}>`)
	mdLink       = regexp.MustCompile(`\[([^\[\]]{1,200})\]\([^()\s]{1,500}\)`)
	mdEmphasis   = regexp.MustCompile("(\\*\\*|__|\\*|`{1,3}|~~)")
	mdLineMarker = regexp.MustCompile(`(?m)^[ \t]*(#{1,6}[ \t]+|[-*+][ \t]+|\d{1,3}[.)][ \t]+|>[ \t]?)`)
	number       = regexp.MustCompile(`\d+`)
	sentenceEnd  = regexp.MustCompile(`[^.!?]*[.!?]+["”']?\s*|[^.!?]+$`)

	// numeral is a number in digits or in words ("7", "seventeen",
	// "twenty-one"); mechanical finds one in a mechanical phrase, in
	// group 1, 2, 3 or 4.
	numeral    = `(\d+|(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[- ](?:one|two|three|four|five|six|seven|eight|nine))?|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|a hundred|one hundred|hundred))`
	mechanical = regexp.MustCompile(`(?i)\b` + numeral + `\s+(?:points?\s+of\s+)?(?:[a-z]+\s+)?(?:damage|hit\s+points?|hp)\b` +
		`|\b(?:hit\s+points?|hp|ac|armou?r\s+class|dc)\b(?:\s+(?:is|are|of|to|at|now|drops?|falls?|down|stands?|reaches|becomes))*\s+` + numeral + `\b` +
		`|\b(?:rolls?|rolled|rolling|total\s+of|natural)\s+(?:an?\s+)?` + numeral + `\b` +
		`|\b` + numeral + `\s+(?:vs\.?|versus|against\s+(?:ac|armou?r|a\s+dc))\b`)

	missWords  = regexp.MustCompile(`(?i)\b(?:miss(?:es|ed)?|goes\s+wide|went\s+wide|fails?\s+to\s+(?:hit|land|connect)|glances?\s+off|whiff(?:s|ed)?|harmlessly)\b`)
	hitWords   = regexp.MustCompile(`(?i)\b(?:wounds?|wounded|draws?\s+blood|connects?|bites?\s+into|cuts?\s+into|sinks?\s+into|pierces?|lands?\s+(?:a|the|his|her|its|their)\s+(?:blow|strike|hit))\b`)
	deathWords = `(?:dies|died|is\s+dead|falls\s+dead|drops\s+dead|lies\s+dead|is\s+killed|is\s+slain|perishes|breathes\s+(?:his|her|its|their)\s+last)`
	killWords  = `(?:kills|killed|slays|slew|slain)`
	ruleHit    = regexp.MustCompile(`(?:\bhits|lands a critical hit on) (.+?) with\b`)
	ruleMiss   = regexp.MustCompile(`\bmisses (.+?) with\b`)
)

var wordValue = map[string]int{
	"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
	"ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
	"seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50,
	"sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90, "hundred": 100,
}

// value reads a numeral: digits, or words ("twenty-one", "a hundred").
func value(s string) (int, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	if n, err := strconv.Atoi(s); err == nil {
		return n, true
	}
	total, ok := 0, false
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return r == '-' || r == ' ' }) {
		if w == "a" {
			continue
		}
		v, known := wordValue[w]
		if !known {
			return 0, false
		}
		total, ok = total+v, true
	}
	return total, ok
}

// Guard checks a narration against the output contract: plain text (no
// Markdown, HTML or emoji), no number the grounds do not give (and no
// mechanical number the rules result does not), and no hit, miss or death
// the rules result contradicts. It returns the violations found, each
// once.
func Guard(text string, g Grounds) []Violation { return g.Checker().Check(text) }

// Checker is the grounds read once, to check many pieces of one
// narration (a stream's sentences) against them.
type Checker struct{ c checker }

// Checker reads the grounds for Check.
func (g Grounds) Checker() *Checker { return &Checker{c: g.checker()} }

// Check is Guard of text against the checker's grounds.
func (k *Checker) Check(text string) []Violation { return k.check(text, false) }

// check is Check of a sentence; midLine says it does not begin a line,
// so what starts it cannot be a Markdown line marker ("- ", "1. ").
func (k *Checker) check(text string, midLine bool) []Violation {
	var vs []Violation
	if htmlTag.MatchString(text) || mdLink.MatchString(text) || mdEmphasis.MatchString(text) || lineMarked(text, midLine) {
		vs = append(vs, Markup)
	}
	if strings.IndexFunc(text, isEmoji) >= 0 {
		vs = append(vs, Emoji)
	}
	if k.c.invents(text) {
		vs = append(vs, InventedNumber)
	}
	if k.c.contradicts(text) {
		vs = append(vs, Contradiction)
	}
	if k.c.reveals(text) {
		vs = append(vs, Secret)
	}
	if touches(text, k.c.lines) {
		vs = append(vs, Line)
	}
	if touches(text, k.c.veils) {
		vs = append(vs, Veil)
	}
	if echoesPrompt(text) {
		vs = append(vs, Prompt)
	}
	return vs
}

// promptLabels are the labels that start the prompt's lines, and the
// phrases only the prompt uses: no narration has them.
var promptLabels = regexp.MustCompile(`(?im)^[ \t]*(?:rules result|acting character|action, in the player's words|the current turn, to narrate now|recent turns, oldest first|the story so far|the party, as it is now|the party now|the party|the places of this campaign|how to tell what the rules decided|campaign|your voice|the scene|location|time|weather|carries|threats|also present|rules for every reply|result|narrated|turn \d+, [^:\n]{1,100})[ \t]*:` +
	`|(?i)\bgm only\b|\bnever reveal\b|\bnarrate (?:this|the same) turn\b|\brecalled from earlier in the campaign\b|\bfollowing the rules above\b|\byour last narration broke\b`)

// contractWords is the output contract and the narration guide as words,
// to find a sentence copied from them.
var contractWords = " " + strings.Join(lowerWords(narrateContract+"\n"+narrateGuide), " ") + " "

// echoesPrompt reports a sentence of text copied from the narrator's
// instructions (a sentence of four words or more that is all the
// contract's, or six of its words in a row), or a line of the prompt's
// form.
func echoesPrompt(text string) bool {
	if promptLabels.MatchString(text) {
		return true
	}
	in := func(w []string) bool { return strings.Contains(contractWords, " "+strings.Join(w, " ")+" ") }
	for _, s := range sentenceEnd.FindAllString(text, -1) {
		w := lowerWords(s)
		if len(w) >= 4 && in(w) {
			return true
		}
		for i := 0; i+6 <= len(w); i++ {
			if in(w[i : i+6]) {
				return true
			}
		}
	}
	return false
}

// Sanitize makes a narration meet the contract when a retry did not: it
// strips markup and emoji and drops every sentence that states an
// invented number or contradicts the rules (a missing sentence is better
// than a wrong one), tells a secret or repeats the prompt.
func Sanitize(text string, g Grounds) string {
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
	c := g.checker()
	var kept []string
	faded := false
	for _, s := range sentenceEnd.FindAllString(text, -1) {
		if touches(s, c.veils) {
			if !faded && !touches(s, c.lines) {
				kept, faded = append(kept, Faded+" "), true
			}
			continue
		}
		if !c.invents(s) && !c.contradicts(s) && !c.reveals(s) && !echoesPrompt(s) && !touches(s, c.lines) {
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
		case Contradiction:
			parts = append(parts, "it told a hit, a miss or a death that the rules result does not say; tell exactly who was hit, who was missed and who died")
		case Prompt:
			parts = append(parts, "it repeated your instructions or the prompt; write only the narration")
		case Secret:
			parts = append(parts, "it revealed something marked GM only; keep every GM-only fact hidden, and do not hint at it")
		case Line:
			parts = append(parts, "it named something past a line the table has drawn; leave it out entirely, and do not hint at it")
		}
	}
	return fmt.Sprintf("Your last narration broke the rules: %s. Narrate the same turn again.", strings.Join(parts, "; "))
}

// lineMarked reports a Markdown line marker: at any line's start, or
// only after a line break when the text starts mid-line.
func lineMarked(text string, midLine bool) bool {
	for _, m := range mdLineMarker.FindAllStringIndex(text, -1) {
		if m[0] > 0 || !midLine {
			return true
		}
	}
	return false
}

// checker is the grounds read once: the numbers each kind of claim may
// use, and who the rules say was hit, missed and killed.
type checker struct {
	rulesNums, anyNums map[int]bool
	names              []name
	hit, missed, died  map[string]bool
	secrets            []secretTerms
	lines, veils       []limitTerms
}

// name is a creature the guard checks, with how a sentence mentions it
// and how it tells its death.
type name struct {
	text, key      string // as given; lower case
	mention, dying *regexp.Regexp
}

func (g Grounds) checker() checker {
	c := checker{rulesNums: numbersIn(g.Rules), anyNums: numbersIn(append([]string{g.Rules}, g.Other...)...),
		hit: map[string]bool{}, missed: map[string]bool{}, died: map[string]bool{},
		lines: limitTermsOf(g.Lines), veils: limitTermsOf(g.Veils)}
	for _, m := range ruleHit.FindAllStringSubmatch(g.Rules, -1) {
		c.hit[strings.ToLower(m[1])] = true
	}
	for _, m := range ruleMiss.FindAllStringSubmatch(g.Rules, -1) {
		c.missed[strings.ToLower(m[1])] = true
	}
	for _, n := range g.Names {
		n = strings.TrimSpace(n)
		if n == "" || len(n) > 100 || !utf8.ValidString(n) || slices.ContainsFunc(c.names, func(x name) bool { return x.text == n }) {
			continue // a name no creature of the engine's has
		}
		p := namePatternsOf(n)
		c.names = append(c.names, name{text: n, key: strings.ToLower(n), mention: p.mention, dying: p.dying})
		if p.dies.MatchString(g.Rules) {
			c.died[strings.ToLower(n)] = true
		}
	}
	if len(g.Secrets) > 0 {
		pub := publicTermsOf(g.Public)
		for _, s := range g.Secrets {
			if t, ok := secretTermsOf(s, pub); ok {
				c.secrets = append(c.secrets, t)
			}
		}
	}
	return c
}

// namePatterns are the expressions the guard reads one name with: its
// mention, a sentence telling its death, and the rules result's death.
type namePatterns struct{ mention, dying, dies *regexp.Regexp }

// maxNamePatterns bounds the compiled names kept: the creatures of the
// tables in play, a few per table, and a fresh start when names churn.
const maxNamePatterns = 4096

var namePatternCache = struct {
	sync.Mutex
	m map[string]namePatterns
}{m: map[string]namePatterns{}}

// namePatternsOf compiles a name's expressions once: every turn's guard
// reads the same few names, and compiling them was most of its cost.
func namePatternsOf(n string) namePatterns {
	namePatternCache.Lock()
	p, ok := namePatternCache.m[n]
	namePatternCache.Unlock()
	if ok {
		return p
	}
	q := regexp.QuoteMeta(n)
	p = namePatterns{
		mention: regexp.MustCompile(`(?i)\b` + q + `\b`),
		dying:   regexp.MustCompile(`(?i)\b` + q + `\b[^.!?;,]{0,40}\b` + deathWords + `\b|\b` + killWords + `\b[^.!?;,]{0,20}\b` + q + `\b`),
		dies:    regexp.MustCompile(`(?i)\b` + q + `\b[^.;]*\bdies\b`),
	}
	namePatternCache.Lock()
	if len(namePatternCache.m) >= maxNamePatterns {
		clear(namePatternCache.m)
	}
	namePatternCache.m[n] = p
	namePatternCache.Unlock()
	return p
}

// invents reports a number the grounds do not give: any digits not in
// them, or a mechanical number (in digits or words) not in the rules
// result.
func (c checker) invents(text string) bool {
	// A creature's own number is its name, not a number the narration
	// states: "Goblin 2 circles" invents nothing.
	for _, n := range c.names {
		if number.MatchString(n.text) {
			text = n.mention.ReplaceAllString(text, " ")
		}
	}
	for _, m := range number.FindAllString(text, -1) {
		if n, err := strconv.Atoi(m); err != nil || !c.anyNums[n] {
			return true
		}
	}
	for _, m := range mechanical.FindAllStringSubmatch(text, -1) {
		for _, g := range m[1:] {
			if g == "" {
				continue
			}
			if n, ok := value(g); ok && !c.rulesNums[n] {
				return true
			}
		}
	}
	return false
}

// contradicts reports a sentence telling a miss of creatures the rules
// only hit, a hit of creatures they only missed, or a death they did not
// rule.
func (c checker) contradicts(text string) bool {
	for _, s := range sentenceEnd.FindAllString(text, -1) {
		named := c.named(s)
		if len(named) == 0 {
			continue
		}
		if missWords.MatchString(s) && anyIn(named, c.hit) && !anyIn(named, c.missed) {
			return true
		}
		if hitWords.MatchString(s) && anyIn(named, c.missed) && !anyIn(named, c.hit) {
			return true
		}
		for _, n := range named {
			if n.dying.MatchString(s) && !c.died[n.key] {
				return true
			}
		}
	}
	return false
}

// named are the grounds' names a sentence mentions.
func (c checker) named(s string) []name {
	var out []name
	for _, n := range c.names {
		if n.mention.MatchString(s) {
			out = append(out, n)
		}
	}
	return out
}

func anyIn(names []name, set map[string]bool) bool {
	return slices.ContainsFunc(names, func(n name) bool { return set[n.key] })
}

func numbersIn(texts ...string) map[int]bool {
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
