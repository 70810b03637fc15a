package narrator

import (
	"strings"
	"unicode"

	"chronicler/shared/campaign"
)

// secretTerms is what of one secret a narration may not tell: its text,
// its distinctive words and pairs (see Grounds), and its subject's words.
type secretTerms struct {
	text    string          // the secret's words, joined by one space
	words   map[string]bool // distinctive words, stemmed
	pairs   map[[2]string]bool
	subject map[string]bool
}

// publicTerms is what secretTermsOf reads each secret against: the public
// text's content words and their pairs, and all its words joined by one
// space. A checker reads it once for all its secrets.
type publicTerms struct {
	seen   map[string]bool
	pairs  map[[2]string]bool
	joined string
}

func publicTermsOf(public string) publicTerms {
	words := contentWords(public)
	p := publicTerms{seen: make(map[string]bool, len(words)), pairs: map[[2]string]bool{},
		joined: strings.Join(lowerWords(public), " ")}
	for i, w := range words {
		p.seen[w] = true
		if i > 0 {
			p.pairs[[2]string{words[i-1], w}] = true
		}
	}
	return p
}

// secretTermsOf reads a secret against the public text; ok is false when
// nothing of it is distinctive (everything it says is public already).
func secretTermsOf(s campaign.Secret, pub publicTerms) (secretTerms, bool) {
	t := secretTerms{text: strings.Join(lowerWords(s.Text), " "), words: map[string]bool{}, pairs: map[[2]string]bool{}, subject: map[string]bool{}}
	for _, w := range contentWords(s.Subject) {
		t.subject[w] = true
	}
	words := contentWords(s.Text)
	for i, w := range words {
		if !pub.seen[w] && !t.subject[w] {
			t.words[w] = true
		}
		if i > 0 && words[i-1] != w {
			p := [2]string{words[i-1], w}
			if !pub.pairs[p] && !(t.subject[p[0]] && t.subject[p[1]]) {
				t.pairs[p] = true
			}
		}
	}
	ok := len(t.words) > 0 || len(t.pairs) > 0 || (t.text != "" && !strings.Contains(pub.joined, t.text))
	return t, ok
}

// reveals reports a sentence of text that tells a secret.
func (c checker) reveals(text string) bool {
	if len(c.secrets) == 0 {
		return false
	}
	all := " " + strings.Join(lowerWords(text), " ") + " "
	for _, s := range sentenceEnd.FindAllString(text, -1) {
		words := contentWords(s)
		for _, t := range c.secrets {
			if t.text != "" && strings.Contains(all, " "+t.text+" ") {
				return true
			}
			n, subject := 0, false
			counted := map[string]bool{}
			for i, w := range words {
				if t.words[w] && !counted[w] {
					counted[w] = true
					n++
				}
				subject = subject || t.subject[w]
				if i > 0 && t.pairs[[2]string{words[i-1], w}] {
					return true
				}
			}
			if n >= 2 || (n == 1 && subject) || (n == 1 && len(t.words) == 1 && len(t.subject) == 0) {
				return true
			}
		}
	}
	return false
}

// lowerWords are the runs of letters and digits of s, in lower case.
func lowerWords(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// contentWords are the words of s that carry meaning, stemmed: no stop
// words, nothing shorter than three letters.
func contentWords(s string) []string {
	var out []string
	for _, w := range lowerWords(s) {
		if len(w) < 3 || stopWords[w] {
			continue
		}
		out = append(out, stem(w))
	}
	return out
}

// stem folds the commonest English endings, so that "poisons",
// "poisoned" and "poisoning" are one word.
func stem(w string) string {
	for _, suf := range []string{"ing", "ed", "es", "s"} {
		if strings.HasSuffix(w, suf) && len(w)-len(suf) >= 4 {
			return strings.TrimSuffix(w, suf)
		}
	}
	return w
}

var stopWords = func() map[string]bool {
	m := map[string]bool{}
	for w := range strings.FieldsSeq(`the and for but nor yet not all any are was were been being has have had does did done
		his her hers him its their theirs them they she you your yours our ours who whom whose which what when where why how
		this that these those there here then than thus with without within into onto from upon over under about above below
		after before again once only also just very more most much many some such each every other another own same
		can could will would shall should may might must let lets get gets got one two who's it's that's
		secret secretly truly really actually indeed`) {
		m[w] = true
	}
	return m
}()
