package intent

import (
	"strings"
	"unicode"
)

// token is one lowercased word of the input, or "," (a list separator) or
// "." (a sentence end: . ! ? ; :). end is the byte offset just past it in
// the original text, so speech can be cut from the text as typed.
type token struct {
	w   string
	end int
	// poss: the word was typed with a possessive "'s" ("Bram's"), whose
	// "s" the word keeps.
	poss bool
}

// tokenize splits s into words of letters and digits. Apostrophes inside a
// word are dropped ("let's" is "lets", "Bram's" is "brams"), hyphens and
// underscores split ("3rd-level", "goblin-1"), "@" is "at" and "+" or "&"
// is "and", asterisks and brackets are commas ("firebolt @ gob 2", "bless bram + ilsa"), and any other
// character is a space. Number words become digits so "goblin two" is
// "goblin 2".
func tokenize(s string) []token {
	var toks []token
	var b strings.Builder
	apos := false // the word ends in an apostrophe and at most one letter after it
	flush := func(end int) {
		if b.Len() > 0 {
			w := b.String()
			n := normalWord(w)
			if w == "one" && len(toks) > 0 && (oneLeads[toks[len(toks)-1].w] || pickWords[toks[len(toks)-1].w]) {
				n = w // "the big one", "the one by the door": a pronoun, no number
			}
			toks = append(toks, token{w: n, end: end, poss: apos && strings.HasSuffix(w, "s")})
			b.Reset()
		}
		apos = false
	}
	var prev rune
	for i, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			apos = apos && (prev == '\'' || prev == '’')
		}
		prev = r
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(unicode.ToLower(r))
		case r == '@' || r == '+' || r == '&':
			flush(i)
			toks = append(toks, token{w: symbolWords[r], end: i + 1})
		case (r == '\'' || r == '’') && b.Len() > 0:
			// inside or after a word: keep the word going
			apos = true
		case r == ',' || r == '*' || r == '(' || r == ')' || r == '[' || r == ']':
			// a stage direction in asterisks, an aside in brackets: a clause
			// of its own ("*raises a palm* Fire Bolt", "(Extra Attack)")
			flush(i)
			toks = append(toks, token{w: ",", end: i + 1})
		case r == '.' || r == '!' || r == '?' || r == ';' || r == ':':
			flush(i)
			toks = append(toks, token{w: ".", end: i + 1})
		default:
			flush(i)
		}
	}
	flush(len(s))
	return toks
}

// symbolWords are the words typed as a symbol: "firebolt @ gob 2".
var symbolWords = map[rune]string{'@': "at", '+': "and", '&': "and"}

// oneLeads make the "one" after them a pronoun that stands for a
// creature ("the one on the left"), as pickWords do ("the big one").
var oneLeads = set("the", "that", "this", "which", "each", "every", "another")

var numberWords = map[string]string{
	"one": "1", "two": "2", "three": "3", "four": "4", "five": "5",
	"six": "6", "seven": "7", "eight": "8", "nine": "9", "ten": "10",
	"first": "1st", "second": "2nd", "third": "3rd", "fourth": "4th", "fifth": "5th",
	"sixth": "6th", "seventh": "7th", "eighth": "8th", "ninth": "9th",
}

func normalWord(w string) string {
	if n, ok := numberWords[w]; ok {
		return n
	}
	return w
}

// structural words bind the parts of a phrase; an article before one of
// them is a name ("Goblin A with my axe"), not an article.
var structural = set("at", "on", "upon", "onto", "against", "with", "using", "to", "into",
	"toward", "towards", "targeting", "and", "for", "from", "in", ",", ".")

// dropped are words that never change what a phrase means to the engine.
var dropped = set("the", "my", "our", "your", "his", "her", "their", "its", "some", "mine", "thy", "thine")

// clean removes articles and possessives. "a" and "an" are kept where they
// end a phrase or come before a structural word, as in "Goblin A".
func clean(words []string) []string {
	out := words[:0:0]
	for i, w := range words {
		if dropped[w] {
			continue
		}
		if (w == "a" || w == "an") && i+1 < len(words) && !structural[words[i+1]] {
			continue
		}
		out = append(out, w)
	}
	return out
}

// tokenWords is the tokens' words, as typed.
func tokenWords(toks []token) []string {
	ws := make([]string, len(toks))
	for i, t := range toks {
		ws[i] = t.w
	}
	return ws
}

// wordsAt reports whether ws holds phrase at i.
func wordsAt(ws []string, i int, phrase []string) bool {
	return i+len(phrase) <= len(ws) && equalWords(ws[i:i+len(phrase)], phrase)
}

// words is the cleaned words of s without punctuation: the form names and
// phrases are compared in.
func words(s string) []string {
	var ws []string
	for _, t := range tokenize(s) {
		if t.w != "," && t.w != "." {
			ws = append(ws, t.w)
		}
	}
	return clean(ws)
}

func set(items ...string) map[string]bool {
	m := make(map[string]bool, len(items))
	for _, it := range items {
		m[it] = true
	}
	return m
}
