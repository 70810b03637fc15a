package memory

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"chronicler/shared/campaign"
	"chronicler/shared/narrator"
)

// Index is a keyword index over a campaign's facts and turns: an inverted
// index kept as plain data, so the store keeps it beside the ledger and a
// recall needs no model, no embedding and no query to the turn log. Each
// turn contributes one short excerpt (its most name-laden sentences), so
// lore the extractor missed is still found.
type Index struct {
	Docs []Doc `json:"docs"`
	// Postings maps a term (see terms) to the positions in Docs of the
	// documents that contain it, in ascending order.
	Postings map[string][]int `json:"postings"`
}

// Doc is one indexed document: a fact, or a turn's excerpt.
type Doc struct {
	Turn       int        `json:"turn"`
	FactID     string     `json:"fact,omitempty"` // empty for a turn excerpt
	Kind       Kind       `json:"kind,omitempty"`
	Actor      string     `json:"actor,omitempty"` // the acting character, for a turn excerpt
	Text       string     `json:"text"`
	Subject    []string   `json:"subject,omitempty"` // a fact's subject, as terms
	Visibility Visibility `json:"vis"`
}

// excerptBytes bounds a turn's excerpt: about 50 tokens. An excerpt that
// introduces a name may take introBytes (about 90 tokens): what a
// narration tells of a new place or person is often in the sentence after
// the one that names it ("Past the weir lies Gloamwood. Smugglers hang
// their lanterns there."), and the turn that planted a name is what recall
// brings back when a player names it again.
const (
	excerptBytes = 200
	introBytes   = 360
)

// saturated is how many documents must already name a thing before one
// more mention of it is not worth an excerpt: Marta's hundredth
// appearance tells recall nothing her first twenty did not.
const saturated = 20

// AddFact indexes a fact under its text, subject and keywords.
func (x *Index) AddFact(f Fact) {
	keys := append(terms(f.Subject+" "+f.Text), f.Terms...)
	x.add(Doc{Turn: f.Turn, FactID: f.ID, Kind: f.Kind, Text: f.Text, Subject: terms(f.Subject), Visibility: f.Visibility}, keys)
}

// AddTurn indexes a turn's excerpt, as witnessed by the characters
// present: up to two of its narration's sentences that name something
// (a capitalised word other than the actor's name) the index has seen in
// fewer than saturated documents, rarest first; a sentence naming what no
// earlier turn named brings the sentence after it. A turn that names
// nothing new is not indexed: its gist is in the rolling summary, and what
// it named is found through earlier documents.
//
// A monster's turn is not indexed (its narration tells a fight's rules
// result, nothing the summary drops), and no excerpt is found by the
// engine's labels ("Goblin 2"), which name another creature in each fight.
func (x *Index) AddTurn(t campaign.Turn, present []string) {
	if labelled(t.ActorName) {
		return
	}
	ex := x.excerpt(t.Narration, t.ActorName, t.Sequence)
	if ex == "" {
		return
	}
	x.add(Doc{Turn: t.Sequence, Actor: oneLine(t.ActorName), Text: ex, Visibility: witnesses(present)}, terms(withoutLabels(ex)))
}

func (x *Index) add(d Doc, keys []string) {
	if x.Postings == nil {
		x.Postings = map[string][]int{}
	}
	id := len(x.Docs)
	x.Docs = append(x.Docs, d)
	seen := map[string]bool{}
	for _, k := range keys {
		if k == "" || seen[k] {
			continue
		}
		seen[k] = true
		x.Postings[k] = append(x.Postings[k], id)
	}
}

// excerpt picks the two sentences of a narration that name the rarest
// things, in the narration's order, clipped. A sentence naming something
// new brings the sentence after it, and when the rarest does, the second
// comes only if it fits whole.
func (x *Index) excerpt(narration, actor string, seq int) string {
	type cand struct {
		i      int
		rarity float64
		fresh  bool // names what no earlier turn's document names
	}
	ss := sentences(narration)
	var cs []cand
	for i, s := range ss {
		c := cand{i: i}
		for _, w := range strings.Fields(s) {
			w = strings.Trim(w, `,.;:!?"“”'’()`)
			if !isName(w) || strings.EqualFold(w, actor) || strings.Contains(actor, w) {
				continue
			}
			for _, t := range terms(w) {
				if df := len(x.Postings[t]); df < saturated {
					c.rarity += 1 / float64(1+df)
				}
				c.fresh = c.fresh || x.firstTurn(t) >= seq
			}
		}
		if c.rarity > 0 {
			cs = append(cs, c)
		}
	}
	slices.SortStableFunc(cs, func(a, b cand) int { return cmp.Compare(b.rarity, a.rarity) })
	limit := excerptBytes
	if len(cs) > 0 && cs[0].fresh {
		limit = introBytes
	}
	picked := map[int]bool{}
	size := func() int {
		n := -1
		for i := range picked {
			n += len(ss[i]) + 1
		}
		return n
	}
	for k, c := range cs[:min(len(cs), 2)] {
		add := []int{c.i}
		if c.fresh && c.i+1 < len(ss) {
			add = append(add, c.i+1)
		}
		for _, i := range add {
			picked[i] = true
			if k > 0 && cs[0].fresh && size() > limit {
				delete(picked, i) // the introduction is not clipped for a lesser sentence
			}
		}
	}
	var parts []string
	for i, s := range ss {
		if picked[i] {
			parts = append(parts, s)
		}
	}
	return clip(strings.Join(parts, " "), limit)
}

// firstTurn is the turn of the earliest document that holds term t, or
// a turn past every document's when none does.
func (x *Index) firstTurn(t string) int {
	for _, d := range x.Postings[t] {
		if d >= 0 && d < len(x.Docs) {
			return x.Docs[d].Turn
		}
	}
	return math.MaxInt
}

// Recalled is one recalled fact or turn excerpt, with why it was recalled.
type Recalled struct {
	Turn       int        `json:"turn"`
	FactID     string     `json:"fact_id,omitempty"` // empty for a turn excerpt
	Kind       Kind       `json:"kind,omitempty"`
	Actor      string     `json:"actor,omitempty"`
	Text       string     `json:"text"`
	Visibility Visibility `json:"visibility"`
	Matched    []string   `json:"matched"` // the query terms it contains
	Score      float64    `json:"score"`
	Tokens     int        `json:"tokens"` // the cost of its Line, newline included
}

// Line is how a recalled item reads in a prompt: "Turn 42: ..." for a
// fact, "Turn 42, Kira: ..." for a turn excerpt.
func (r Recalled) Line() string {
	if r.FactID == "" && r.Actor != "" {
		return fmt.Sprintf("Turn %d, %s: %s", r.Turn, r.Actor, r.Text)
	}
	return fmt.Sprintf("Turn %d: %s", r.Turn, r.Text)
}

// Recall returns the facts and turn excerpts that share terms with the
// query (the current action and scene), most relevant first, as many as
// fit in budgetTokens (counted with narrator.EstimateTokens over Line).
// Relevance is the sum of the matched terms' inverse document frequency,
// so a rare name outweighs a common word; a fact counts more than an
// excerpt, more again when the query names its subject, and a recent item
// a little more than an old one. Items far below the best, or matching
// only words that most documents share, are left out. GM-only and
// witnessed-only items are included with their Visibility: the caller
// decides who may see them.
func Recall(idx Index, query string, budgetTokens int) []Recalled {
	q := terms(query)
	n := len(idx.Docs)
	if n == 0 || len(q) == 0 || budgetTokens <= 0 {
		return nil
	}
	last := 1
	for _, d := range idx.Docs {
		last = max(last, d.Turn)
	}
	idf := func(df int) float64 { return math.Log(1 + float64(n)/float64(df)) }
	raw := map[int]float64{}
	matched := map[int][]string{}
	for _, t := range q {
		ps := idx.Postings[t]
		if len(ps) == 0 {
			continue
		}
		w := idf(len(ps))
		for _, d := range ps {
			if d < 0 || d >= n {
				continue // a posting past the documents: stored data out of step
			}
			raw[d] += w
			matched[d] = append(matched[d], t)
		}
	}
	floor := 0.0
	if n >= 20 {
		floor = idf(n / 10) // one term found in a tenth of the documents
	}
	best := 0.0
	for _, s := range raw {
		best = max(best, s)
	}
	var out []Recalled
	for d, s := range raw {
		if s < floor || s < 0.3*best {
			continue
		}
		doc := idx.Docs[d]
		score := s
		if doc.FactID != "" {
			score *= 1.25
			if len(doc.Subject) > 0 && subset(doc.Subject, q) {
				score += 3
			}
		}
		score *= 1 + 0.25*float64(doc.Turn)/float64(last)
		r := Recalled{Turn: doc.Turn, FactID: doc.FactID, Kind: doc.Kind, Actor: doc.Actor, Text: doc.Text,
			Visibility: doc.Visibility, Matched: matched[d], Score: math.Round(score*1000) / 1000}
		out = append(out, r)
	}
	slices.SortFunc(out, func(a, b Recalled) int {
		return cmp.Or(cmp.Compare(b.Score, a.Score), cmp.Compare(b.Turn, a.Turn),
			cmp.Compare(b.FactID, a.FactID), strings.Compare(a.Text, b.Text))
	})
	kept := out[:0]
	used := 0
	for _, r := range out {
		if budgetTokens-used < 12 {
			break // nothing useful fits any more
		}
		r.Tokens = narrator.EstimateTokens(r.Line()) + 1
		if used+r.Tokens > budgetTokens {
			continue
		}
		used += r.Tokens
		kept = append(kept, r)
	}
	return kept
}

func subset(a, b []string) bool {
	for _, t := range a {
		if !slices.Contains(b, t) {
			return false
		}
	}
	return true
}
