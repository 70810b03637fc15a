package intent

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Ref is something the actor may name: a weapon, a spell, a creature, an
// area or an item. ID is what the intent carries; Name is what players type.
type Ref struct {
	ID   string
	Name string
	// Quick marks a feature used without the turn's action (a bonus
	// action, or none), which words may follow with an action.
	Quick bool
}

// cand is a Ref in the form phrases are compared in.
type cand struct {
	id      string
	words   []string
	joined  string // words joined by single spaces
	compact string // joined without spaces: "firebolt" finds "Fire Bolt"
	idWords string // the id as words: "goblin-1" is "goblin 1"
}

// candidates prepares refs for matching. A ref whose id could not travel in
// an intent unchanged is left out, so every intent Parse returns passes
// Validate and decodes from its JSON to itself.
func candidates(refs []Ref) []cand {
	cs := make([]cand, 0, len(refs))
	for _, r := range refs {
		if !usableID(r.ID) {
			continue
		}
		ws := words(r.Name)
		idw := strings.Join(words(r.ID), " ")
		if len(ws) == 0 {
			ws = words(r.ID)
		}
		if len(ws) == 0 {
			continue
		}
		j := strings.Join(ws, " ")
		cs = append(cs, cand{id: r.ID, words: ws, joined: j, compact: strings.ReplaceAll(j, " ", ""), idWords: idw})
	}
	return cs
}

// usableID reports whether id is 1 to MaxIDLength bytes of UTF-8
// (JSON would replace invalid bytes, changing the id).
func usableID(id string) bool {
	return id != "" && len(id) <= MaxIDLength && utf8.ValidString(id)
}

// Loose matches need this many letters: "gob" may find "Goblin 1", "go"
// finds nothing.
const minLoose = 3

// find returns the indexes of the candidates phrase names, from the first
// tier that names any: exact name or id; then name prefix ("gob" for
// "Goblin 1"); then a part of the name that starts or ends on a word
// boundary ("missile" for "Magic Missile", "bow" for "Longbow", but not "orc"
// for "Sorcerer"); then every word of a phrase of two or more words present
// in the name ("healing potion" for "Potion of Healing"); then each word
// the start of the name's word in its place ("gob 1" for "Goblin 1");
// last, a name typed with one letter wrong in a word of four or more
// ("gobiln 2", "longswrod", "magic misile"). More than one index means
// the phrase is ambiguous.
func find(phrase []string, cs []cand) []int { return findTiers(phrase, cs, 6) }

// findNear is find without its loosest tiers: the name, its start or a
// part of it on a word's boundary ("axe" for "Handaxe").
func findNear(phrase []string, cs []cand) []int { return findTiers(phrase, cs, 3) }

// findTiers is find with only its first n tiers.
func findTiers(phrase []string, cs []cand, n int) []int {
	if len(phrase) == 0 {
		return nil
	}
	p := strings.Join(phrase, " ")
	pc := strings.ReplaceAll(p, " ", "")
	tiers := []func(c cand) bool{
		func(c cand) bool { return c.joined == p || c.idWords == p || c.compact == pc },
		func(c cand) bool { return len(p) >= minLoose && strings.HasPrefix(c.joined, p) },
		func(c cand) bool { return len(p) >= minLoose && alignedIn(c.joined, p) },
		func(c cand) bool { return len(phrase) >= 2 && allWordsIn(phrase, c.words) },
		func(c cand) bool { return len(phrase[0]) >= minLoose && wordsMatch(phrase, c.words, strings.HasPrefix) },
		func(c cand) bool {
			return (len(pc) >= 5 && !hasDigit(pc) && !hasDigit(c.compact) && typoOf(c.compact, pc)) || wordsMatch(phrase, c.words, typoOf)
		},
	}
	for _, match := range tiers[:n] {
		var hits []int
		for i, c := range cs {
			if match(c) {
				hits = append(hits, i)
			}
		}
		if len(hits) > 0 {
			return hits
		}
	}
	return nil
}

// alignedIn reports whether p occurs in s starting at a word's start or
// ending at a word's end.
func alignedIn(s, p string) bool {
	for from := 0; ; {
		i := strings.Index(s[from:], p)
		if i < 0 {
			return false
		}
		i += from
		end := i + len(p)
		if i == 0 || s[i-1] == ' ' || end == len(s) || s[end] == ' ' {
			return true
		}
		from = i + 1
	}
}

func allWordsIn(phrase, ws []string) bool {
	for _, p := range phrase {
		found := false
		for _, w := range ws {
			if w == p {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// group returns the candidates a plural or quantified phrase names: "the
// orcs", "all goblins", "both guards". A candidate belongs when its name
// starts with the singular's words ("Orc 1", "Orc Chief"; not "Half-Orc").
func group(phrase []string, cs []cand) []int {
	quantified := len(phrase) > 1 && quantifiers[phrase[0]]
	// "the two orcs": a count before a plural names the group only when
	// the group holds that many
	count := 0
	if len(phrase) > 1 && isNumber(phrase[0]) {
		count, _ = strconv.Atoi(phrase[0])
		if count < 2 {
			return nil
		}
		phrase = phrase[1:]
	}
	if quantified {
		phrase = phrase[1:]
	}
	last := phrase[len(phrase)-1]
	var forms []string
	if quantified {
		forms = append(forms, last)
	}
	forms = append(forms, singulars(last)...)
	for _, f := range forms {
		sing := append(append([]string(nil), phrase[:len(phrase)-1]...), f)
		var hits []int
		for i, c := range cs {
			if len(c.words) >= len(sing) && equalWords(c.words[:len(sing)], sing) {
				hits = append(hits, i)
			}
		}
		if count > 0 && len(hits) != count {
			return nil
		}
		if len(hits) > 0 {
			return hits
		}
	}
	return nil
}

var quantifiers = set("all", "every", "each", "both")

func singulars(w string) []string {
	var out []string
	if len(w) < 4 || !strings.HasSuffix(w, "s") {
		return nil
	}
	if strings.HasSuffix(w, "ies") {
		out = append(out, w[:len(w)-3]+"y")
	}
	if strings.HasSuffix(w, "ves") {
		out = append(out, w[:len(w)-3]+"f", w[:len(w)-3]+"fe")
	}
	if strings.HasSuffix(w, "es") {
		out = append(out, w[:len(w)-2])
	}
	return append(out, w[:len(w)-1])
}

func equalWords(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// outcome of resolving one name.
type outcome int

const (
	unknown outcome = iota
	resolved
	ambiguous
)

// pickWords single out one creature by what the scene shows, which the
// context does not hold: the phrase without them must name one alone.
var pickWords = set("last", "remaining", "other", "nearest", "closest", "wounded", "injured", "bloodied", "big",
	"little", "ugly", "damn", "stupid", "nasty", "same", "surviving", "final", "lone",
	"companion", "friend", "ally", "buddy", "pal", "comrade", "dear", "poor", "brave", "trusty")

var selfWords = set("me", "myself", "self")

// thirdSelf name the actor in words that name the actor first: "Aria
// casts cure wounds on herself".
var thirdSelf = set("herself", "himself", "themself", "themselves", "her", "him")

// one resolves a phrase naming exactly one thing. A plural that names a
// single candidate is taken ("the goblins" when one goblin is left); a
// phrase that names several is ambiguous.
func (p *parser) one(phrase []string, cs []cand, self bool) (string, outcome) {
	phrase = withoutPointing(withoutCommas(phrase))
	if len(phrase) == 0 {
		return "", unknown
	}
	if self && len(phrase) == 1 && (selfWords[phrase[0]] || p.third && thirdSelf[phrase[0]]) {
		if (phrase[0] == "her" || phrase[0] == "him") && p.antecedent(cs) != "" {
			return "", unknown // "Aria kneels by Bram and bandages him": the actor, or the one named?
		}
		if p.self == "" {
			return "", unknown
		}
		return p.self, resolved
	}
	if len(phrase) == 1 && pronouns[phrase[0]] {
		if id := p.antecedent(cs); id != "" {
			return id, resolved // "touch Bram's shoulder and cast cure wounds on him"
		}
		return "", unknown
	}
	hits := find(phrase, cs)
	if len(hits) == 0 {
		hits = group(phrase, cs)
	}
	if len(hits) == 0 && slices.ContainsFunc(phrase, func(w string) bool { return pickWords[w] }) {
		// "the last orc", "the wounded goblin": which one, as the scene says
		rest := slices.DeleteFunc(slices.Clone(phrase), func(w string) bool { return pickWords[w] })
		if len(rest) > 0 {
			return p.one(rest, cs, self)
		}
	}
	switch len(hits) {
	case 0:
		return "", unknown
	case 1:
		return cs[hits[0]].id, resolved
	}
	return "", ambiguous
}

// pointing are the words that point at a thing in sight as "the" names
// it: "that orc", "those goblins", "yon bugbear".
var pointing = set("that", "this", "those", "these", "yon", "yonder")

// withoutPointing is a phrase without the pointing word that opens it,
// when a name follows.
func withoutPointing(phrase []string) []string {
	if len(phrase) > 1 && pointing[phrase[0]] {
		return phrase[1:]
	}
	return phrase
}

// pronouns stand for a thing the sentence names elsewhere.
var pronouns = set("him", "her", "it", "them")

// antecedent is the one candidate the sentence names, by its name or id
// whole, that a pronoun may stand for; "" when it names none or several.
func (p *parser) antecedent(cs []cand) string {
	found := ""
	for i := range p.all {
		for n := 1; n <= 3 && i+n <= len(p.all); n++ {
			for _, h := range findTiers(p.all[i:i+n], cs, 1) {
				if found != "" && found != cs[h].id {
					return ""
				}
				found = cs[h].id
			}
		}
	}
	return found
}

// many resolves a list of names ("Bram and Ilsa", "goblin 1, goblin 2",
// "the orcs") to ids in the order named, each once. Every part must resolve;
// a singular part naming several candidates is ambiguous and fails.
func (p *parser) many(phrase []string, cs []cand, self bool) ([]string, bool) {
	// A whole phrase naming one thing wins over splitting it: "Salt and
	// Pepper" may be one creature.
	if id, o := p.one(phrase, cs, self); o == resolved {
		return []string{id}, true
	}
	var ids []string
	seen := map[string]bool{}
	add := func(id string) {
		if !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	for _, part := range splitAt(phrase, "and", ",") {
		part = withoutPointing(part)
		if len(part) == 0 {
			continue
		}
		if id, o := p.one(part, cs, self); o == resolved {
			add(id)
			continue
		}
		var hits []int
		if len(find(part, cs)) == 0 || quantifiers[part[0]] {
			hits = group(part, cs)
		}
		if len(hits) == 0 {
			// "orc 1 orc 2": names typed side by side, each ending in its number
			if ids, ok := p.numbered(part, cs); ok {
				for _, id := range ids {
					add(id)
				}
				continue
			}
		}
		if len(hits) == 0 {
			return nil, false
		}
		for _, h := range hits {
			add(cs[h].id)
		}
	}
	return ids, len(ids) > 0
}

// numbered resolves words that hold several names each ending in a
// number ("orc 1 orc 2"), every one naming one candidate exactly.
func (p *parser) numbered(ws []string, cs []cand) ([]string, bool) {
	var ids []string
	start := 0
	for i, w := range ws {
		if !isNumber(w) {
			continue
		}
		hits := findTiers(ws[start:i+1], cs, 1)
		if len(hits) != 1 {
			return nil, false
		}
		ids = append(ids, cs[hits[0]].id)
		start = i + 1
	}
	return ids, start == len(ws) && len(ids) > 1
}

func withoutCommas(ws []string) []string {
	for _, w := range ws {
		if w == "," {
			out := make([]string, 0, len(ws))
			for _, w := range ws {
				if w != "," {
					out = append(out, w)
				}
			}
			return out
		}
	}
	return ws
}

// takeName resolves the name at the head of toks and returns the rest. The
// longest candidate whose words are exactly the head wins when a stop word
// or the end follows it, so names holding stop-like words ("Speak with
// Animals") still resolve; otherwise the words before the first stop word are
// matched loosely.
func takeName(toks []string, cs []cand, stops map[string]bool) (hits []int, rest []string) {
	if hits, rest := takeExact(toks, cs, stops); len(hits) > 0 {
		return hits, rest
	}
	end := len(toks)
	for i, w := range toks {
		if stops[w] {
			end = i
			break
		}
	}
	return find(withoutCommas(toks[:end]), cs), toks[end:]
}

// wordsMatch reports whether each word of phrase matches the name's word
// in the same place, the phrase covering the name's first words at
// least. Numbers must be equal: "goblin 3" is never Goblin 1.
func wordsMatch(phrase, name []string, match func(nameWord, typed string) bool) bool {
	if len(phrase) > len(name) {
		return false
	}
	for i, w := range phrase {
		if w == name[i] {
			continue
		}
		if isNumber(w) || isNumber(name[i]) || !match(name[i], w) {
			return false
		}
	}
	return true
}

// typoOf reports whether typed is word with one letter wrong, in words
// long enough for that to still say which.
// A plural is no typo: "the goblins" names a group (group), not one.
func typoOf(word, typed string) bool {
	return len(typed) >= 4 && len(word) >= 4 && typed != word+"s" && within1(typed, word)
}

func isNumber(w string) bool {
	return w != "" && w[0] >= '0' && w[0] <= '9'
}

func hasDigit(s string) bool { return strings.ContainsAny(s, "0123456789") }
