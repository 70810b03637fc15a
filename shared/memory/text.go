package memory

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// sentences splits text into sentences: a sentence ends at '.', '!' or
// '?' (and any closing quotes after it) followed by white space. It is
// deliberately simple: narration is short plain prose.
func sentences(text string) []string {
	text = oneLine(text)
	var out []string
	start := 0
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		i += size
		if r != '.' && r != '!' && r != '?' {
			continue
		}
		for i < len(text) {
			q, qs := utf8.DecodeRuneInString(text[i:])
			if q != '"' && q != '”' && q != '\'' && q != '’' && q != ')' {
				break
			}
			i += qs
		}
		if i == len(text) || text[i] == ' ' {
			if s := strings.TrimSpace(text[start:i]); s != "" {
				out = append(out, s)
			}
			start = i
		}
	}
	if s := strings.TrimSpace(text[start:]); s != "" {
		out = append(out, s)
	}
	return out
}

// oneLine collapses every run of white space to one space.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// clip shortens s to at most n bytes at a word boundary, marking the cut.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := strings.LastIndexByte(s[:n], ' ')
	if cut < n/2 {
		cut = n
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
	}
	return strings.TrimRight(s[:cut], " ,;:") + "..."
}

// words splits text into lower-case words: letters and digits, with inner
// apostrophes and hyphens kept ("half-elf", "o'brien"), a possessive "'s"
// dropped.
func words(text string) []string {
	var out []string
	var b strings.Builder
	flush := func() {
		w := strings.Trim(b.String(), "'-")
		b.Reset()
		w = strings.TrimSuffix(w, "'s")
		if w != "" {
			out = append(out, w)
		}
	}
	for _, r := range text {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(unicode.ToLower(r))
		case (r == '\'' || r == '’' || r == '-') && b.Len() > 0:
			if r == '’' {
				r = '\''
			}
			b.WriteRune(r)
		default:
			flush()
		}
	}
	flush()
	return out
}

// terms are the index keys of text: its words less stop words, each
// reduced by stem, without repeats, in order of first appearance.
func terms(text string) []string {
	var out []string
	seen := map[string]bool{}
	for _, w := range words(text) {
		if stopWords[w] || len(w) < 2 {
			continue
		}
		t := stem(w)
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	return out
}

// stem folds the plural and possessive forms that matter for recall
// ("keys" finds "key", "goblins" finds "goblin"). Query and index go
// through the same folding, so a wrong stem only has to be consistent.
func stem(w string) string {
	switch {
	case len(w) > 4 && strings.HasSuffix(w, "ies"):
		return w[:len(w)-3] + "y"
	case len(w) > 4 && strings.HasSuffix(w, "ves") && !strings.HasSuffix(w, "aves"):
		return w[:len(w)-3] + "f"
	case len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") &&
		!strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is"):
		return w[:len(w)-1]
	}
	return w
}

// stopWords carry no recall: function words, pronouns, and the words of
// every turn (says, asks, party...).
var stopWords = set(`a about above across after again against all almost along also am among an and another any anyone
anything are around as at away back be because been before behind being below beneath beside besides between both
but by can cannot could did do does doing done down during each either else enough even ever every everyone
everything far few for from further get gets got had has have having he her here hers herself him himself his how
however i if in inside into is it its itself just least less let like many may me might mine more most much must
my myself near nearly never next no nobody none nor not nothing now of off often on once one only onto or other
others our ours ourselves out outside over own perhaps quite rather really same she should since so some someone
something soon still such than that the their theirs them themselves then there these they this those though
through to too toward towards under until up upon us very was we were what whatever when where whether which while
who whom whose why will with within without would yet you your yours yourself yourselves
i'm i'll i've it's that's there's they're we're you're don't doesn't didn't can't won't isn't aren't wasn't weren't
say says said ask asks asked tell tells told look looks looked see sees saw go goes went come comes came make makes
made take takes took turn party try tries tried want wants let's ok okay yes`)

func set(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// notNames are capitalised words that start sentences or name game terms
// but never a person, a place or a thing.
var notNames = set(`a an the he she it they we you i his her their its our your my this that these those there
here then when where what who why how as at in on of for with but and or if so no yes not all some one two three
four five every each after before while later now still suddenly outside inside nearby behind above below
meanwhile finally together perhaps maybe somewhere something someone nothing everyone everything anyone
hit miss missed turn result attack damage hp ac dc roll rolls check save saves success failure critical natural
initiative round action bonus reaction advantage disadvantage perception insight stealth investigation
athletics acrobatics persuasion deception intimidation arcana history religion nature medicine survival
sleight hand animal handling performance strength dexterity constitution intelligence wisdom charisma
level spell slot slots cantrip concentration rest short long dawn dusk night morning evening noon midnight
monday tuesday wednesday thursday friday saturday sunday north south east west northern southern eastern western
yes no please thank thanks welcome hello greetings farewell alas aye nay well oh ah come go look listen wait stop
let don't do be may might must shall should would could can will did does is are was were has have had`)

// isName reports whether w (as written) can be part of a proper name.
func isName(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return unicode.IsUpper(r) && !notNames[strings.ToLower(w)]
}

// engineLabel is a name the rules engine gives a creature of a fight to
// tell the foes apart: a capitalised word or two and a number ("Goblin
// 2", "Giant Rat 1"). The next fight gives the same label to another
// creature, so recall matches neither on it.
var engineLabel = regexp.MustCompile(`\b(?:[A-Z][\w'-]*\s+){1,2}\d+\b`)

// withoutLabels is text with the engine's labels left out.
func withoutLabels(text string) string {
	return engineLabel.ReplaceAllString(text, " ")
}

// labelled reports whether name is one of the engine's labels: the actor
// of a turn the engine played for a monster, whose narration tells only
// the rules' result.
func labelled(name string) bool {
	return engineLabel.FindString(strings.TrimSpace(name)) == strings.TrimSpace(name) && name != ""
}
