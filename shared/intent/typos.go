package intent

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Players type fast: "fierbolt", "stabels", "acrobatcs", "longsowrd". A
// sentence that reads no other way is read once more with each word that
// means nothing to any reader taken for the one word of the parser's
// vocabularies it misses by one edit (a letter added, dropped, changed, or
// two neighbours swapped): the verbs of every kind, the skills and
// abilities, and the names the context holds (creatures, places, items,
// weapons, spells, features, a name of several words also written as
// one). Only words of minTypo letters or more are taken: in a shorter
// word one letter wrong may well be another word ("bash" for "dash").
// A word one edit from two vocabulary words is left as typed, and so is one
// whose first letter differs (unless the first two are swapped): a word
// wrong at its start is more often another word ("plink" is no "slink").

// minTypo is the shortest word a misspelling is looked for in.
const minTypo = 5

// vocabulary is every word a misspelling may be taken for, each with the
// words it stands for: a name of several words typed as one ("firebolt")
// stands for its words.
func (p *parser) vocabulary() map[string]string {
	v := map[string]string{}
	add := func(w, as string) {
		if len(w) >= minTypo {
			v[w] = as
		}
	}
	for w := range verbOf {
		add(w, w)
	}
	for w := range taskVerbs {
		add(w, w)
	}
	for _, vs := range []map[string]bool{giveVerbs, healVerbs, bladeVerbs, restCues} {
		for w := range vs {
			add(w, w)
		}
	}
	for name := range skills {
		for _, w := range strings.Fields(name) {
			add(w, w)
		}
	}
	for w := range abilities {
		add(w, w)
	}
	for _, cs := range [][]cand{p.targets(), p.areas(), p.items(), p.weapons(), p.spells(), p.otherSpells(), p.features()} {
		for _, c := range cs {
			for _, w := range c.words {
				if !hasDigit(w) {
					add(w, w)
				}
			}
			if len(c.words) > 1 && !hasDigit(c.compact) {
				add(c.compact, c.joined)
			}
		}
	}
	return v
}

// retyped is text with each misspelt word taken for the vocabulary's one
// word it misses, and whether any was. A word the readers know, an
// inflection of a verb they know, a plural and a number are never
// misspellings.
func (p *parser) retyped(text string) (string, bool) {
	if !utf8.ValidString(text) || strings.ContainsAny(text, quoteChars) {
		return text, false // words said are the speaker's, typos and all
	}
	var vocab map[string]string
	var b strings.Builder
	changed := false
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		if !unicode.IsLetter(r) {
			b.WriteString(text[i : i+size])
			i += size
			continue
		}
		j := i
		for j < len(text) {
			r, size := utf8.DecodeRuneInString(text[j:])
			if !unicode.IsLetter(r) {
				break
			}
			j += size
		}
		word, glued := text[i:j], i > 0 && unicode.IsDigit(rune(text[i-1]))
		i = j
		if len(word) < minTypo || glued || j < len(text) && (text[j] == '\'' || unicode.IsDigit(rune(text[j]))) {
			b.WriteString(word) // "Bram's", "goblin1": a word going on past its letters
			continue
		}
		if vocab == nil {
			vocab = p.vocabulary()
		}
		if fix, ok := misspelt(strings.ToLower(word), vocab); ok {
			b.WriteString(fix)
			changed = true
			continue
		}
		b.WriteString(word)
	}
	return b.String(), changed
}

// misspelt is the vocabulary's one word that w misses by one edit.
func misspelt(w string, vocab map[string]string) (string, bool) {
	if _, ok := vocab[w]; ok || knownWord(w) || lemma(w, isVerb) != w || normalWord(w) != w {
		return "", false
	}
	found, as := "", ""
	for v, words := range vocab {
		if w == v+"s" || w == v+"es" || w == v+"d" || w[0] != v[0] && w[:2] != v[1:2]+v[:1] || !within1(w, v) {
			continue
		}
		if found != "" && as != words {
			return "", false
		}
		found, as = v, words
	}
	return as, found != ""
}
