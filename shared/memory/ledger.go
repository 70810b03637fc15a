package memory

import (
	"slices"
	"strings"
)

// Kind is what a fact is about.
type Kind string

// The kinds of fact.
const (
	KindNPC      Kind = "npc"      // a named person was introduced
	KindItem     Kind = "item"     // something was acquired
	KindPlace    Kind = "place"    // a named place was mentioned
	KindPromise  Kind = "promise"  // someone gave their word
	KindDebt     Kind = "debt"     // someone owes someone
	KindDeath    Kind = "death"    // someone died
	KindTerm     Kind = "term"     // a word the campaign coined
	KindDecision Kind = "decision" // the party chose a course
	KindSecret   Kind = "secret"   // what the owner told the narrator alone (GM only)
)

// Fact is one piece of canon with its provenance (the turn that
// established it, the sentence that said it) and who knows it.
type Fact struct {
	ID         string     `json:"id"`
	Turn       int        `json:"turn"`
	Kind       Kind       `json:"kind"`
	Subject    string     `json:"subject"` // the name the fact is about: "Marta", "Moonglass Key"
	Text       string     `json:"text"`    // the sentence that established it, verbatim
	Visibility Visibility `json:"visibility"`
	Terms      []string   `json:"terms,omitempty"` // keywords: the subject's and the other names in Text
	// Definition is a coined term's meaning in a few words, given by the
	// low tier (or the offline narrator) in the turn that coined it.
	Definition string `json:"definition,omitempty"`
}

// Visibility says who knows a fact. GMOnly wins over everything: such a
// fact is the narrator's alone. Otherwise All means every character, and
// CharacterIDs lists the witnesses.
type Visibility struct {
	All          bool     `json:"all,omitempty"`
	GMOnly       bool     `json:"gm_only,omitempty"`
	CharacterIDs []string `json:"character_ids,omitempty"`
}

// KnownBy reports whether the character knows what v covers.
func (v Visibility) KnownBy(characterID string) bool {
	if v.GMOnly {
		return false
	}
	return v.All || slices.Contains(v.CharacterIDs, characterID)
}

// Ledger is a campaign's canon: every fact established so far, oldest
// first. It only grows; a fact is never rewritten, except that a term's
// empty definition is filled once (Define).
type Ledger struct {
	Facts []Fact `json:"facts"`
}

// Add appends the facts the ledger does not hold yet (by ID, or by kind,
// subject and text) and returns those it added.
func (l *Ledger) Add(facts ...Fact) []Fact {
	var added []Fact
	for _, f := range facts {
		if l.has(f) {
			continue
		}
		l.Facts = append(l.Facts, f)
		added = append(added, f)
	}
	return added
}

func (l Ledger) has(f Fact) bool {
	key := factKey(f)
	for _, g := range l.Facts {
		if g.ID == f.ID || factKey(g) == key {
			return true
		}
	}
	return false
}

func factKey(f Fact) string {
	return string(f.Kind) + "\x00" + strings.ToLower(f.Subject) + "\x00" + strings.ToLower(oneLine(f.Text))
}

// Introduced reports whether the ledger already holds a fact of kind k
// about subject (case-insensitive).
func (l Ledger) Introduced(k Kind, subject string) bool {
	for _, f := range l.Facts {
		if f.Kind == k && strings.EqualFold(f.Subject, subject) {
			return true
		}
	}
	return false
}

// KnownBy is what one character knows: the facts visible to everyone or
// witnessed by that character, never a GM-only fact. This is the only view
// that may reach a player.
func (l Ledger) KnownBy(characterID string) []Fact {
	var out []Fact
	for _, f := range l.Facts {
		if f.Visibility.KnownBy(characterID) {
			out = append(out, f)
		}
	}
	return out
}

// About returns every fact about subject (case-insensitive), GM-only ones
// included: the narrator's view.
func (l Ledger) About(subject string) []Fact {
	var out []Fact
	for _, f := range l.Facts {
		if strings.EqualFold(f.Subject, subject) {
			out = append(out, f)
		}
	}
	return out
}
