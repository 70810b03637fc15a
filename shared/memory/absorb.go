package memory

import (
	"fmt"
	"slices"
	"strings"

	"chronicler/shared/campaign"
	"chronicler/shared/narrator"
)

// Absorb takes into memory the facts the low tier extracted from a
// committed turn, after narrator.DecodeExtraction validated them against
// it: each becomes a fact of the turn (witnessed by the characters
// present, its text the evidence sentence), NPCs are introduced to the
// roster (whose lock keeps the first description), and a term comes with
// its definition. What the ledger already holds is left out: an NPC,
// place or term is introduced once, whoever found it first, the
// deterministic extractor (Observe) or the model. Deaths are facts here,
// never rulings: only the engine's rules result rules someone dead. It
// returns the facts added.
func (m *Memory) Absorb(turn campaign.Turn, present []string, x narrator.Extraction) []Fact {
	vis := witnesses(present)
	var facts []Fact
	n := 0
	add := func(k Kind, subject, evidence, definition string) {
		subject = oneLine(subject)
		if k == KindNPC || k == KindPlace || k == KindTerm {
			for _, kk := range []Kind{KindNPC, KindPlace, KindTerm} {
				if m.Ledger.Introduced(kk, subject) {
					return
				}
			}
		}
		n++
		f := Fact{ID: fmt.Sprintf("t%d-x%d", turn.Sequence, n), Turn: turn.Sequence, Kind: k, Subject: subject,
			Text: oneLine(evidence), Visibility: vis, Terms: keywords(subject, evidence)}
		if k == KindTerm {
			f.Definition = definition
		}
		f.Visibility.CharacterIDs = slices.Clone(vis.CharacterIDs)
		facts = append(facts, m.Ledger.Add(f)...)
	}
	for _, p := range x.NPCs {
		m.Roster.Introduce(NPC{Name: p.Name, Species: strings.ToLower(p.Species), Role: strings.ToLower(p.Role),
			Appearance: p.Appearance, FirstTurn: turn.Sequence})
		add(KindNPC, p.Name, p.Evidence, "")
	}
	for _, p := range x.Places {
		add(KindPlace, p.Name, p.Evidence, "")
	}
	for _, it := range x.Items {
		add(KindItem, it.Name, it.Evidence, "")
	}
	for _, b := range x.Promises {
		add(KindPromise, b.Who, b.Evidence, "")
	}
	for _, b := range x.Debts {
		add(KindDebt, b.Who, b.Evidence, "")
	}
	for _, d := range x.Deaths {
		if !m.Ledger.Introduced(KindDeath, d.Name) {
			add(KindDeath, d.Name, d.Evidence, "")
		}
	}
	for _, t := range x.Terms {
		// A term the deterministic extractor found first takes the
		// model's definition if it has none.
		m.Ledger.Define(t.Term, t.Definition)
		add(KindTerm, t.Term, t.Evidence, t.Definition)
	}
	for _, f := range facts {
		m.Index.AddFact(f)
	}
	return facts
}

// Undefined is the coined terms of turn seq that have no definition yet,
// each with the sentence it appeared in.
func (m *Memory) Undefined(seq int) []narrator.TermUse {
	var out []narrator.TermUse
	for _, f := range m.Ledger.Facts {
		if f.Turn == seq && f.Kind == KindTerm && f.Definition == "" {
			out = append(out, narrator.TermUse{Term: f.Subject, Sentence: f.Text, Turn: f.Turn})
		}
	}
	return out
}

// Define gives the coined term subject its definition, unless it has one:
// like an NPC's identity, a definition is locked once given. It reports
// whether it changed anything.
func (l *Ledger) Define(subject, definition string) bool {
	definition = oneLine(definition)
	if definition == "" {
		return false
	}
	for i := range l.Facts {
		f := &l.Facts[i]
		if f.Kind == KindTerm && strings.EqualFold(f.Subject, oneLine(subject)) {
			if f.Definition != "" {
				return false
			}
			f.Definition = definition
			return true
		}
	}
	return false
}
