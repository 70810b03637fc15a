package memory

import (
	"slices"

	"chronicler/shared/campaign"
)

// Memory is what a campaign keeps to remember beyond its rolling summary:
// the canon ledger, the NPC roster and the recall index. The store keeps it
// as one document per campaign and updates it with every committed turn
// (Observe); Build reads it.
type Memory struct {
	Ledger Ledger `json:"ledger"`
	Roster Roster `json:"roster"`
	Index  Index  `json:"index"`
}

// Observe takes a committed turn into memory: it extracts the turn's facts
// (witnessed by the characters present) into the ledger, introduces the
// NPCs it names to the roster (their identities locked from then on),
// applies the engine's death rulings from the rules result, and indexes the
// new facts and the turn's excerpt. It returns the facts added. Observing
// the same turn twice adds nothing the second time.
func (m *Memory) Observe(turn campaign.Turn, present []string) []Fact {
	facts, npcs := extract(turn, present, m.Ledger)
	added := m.Ledger.Add(facts...)
	for _, n := range npcs {
		m.Roster.Introduce(n)
	}
	for _, name := range deaths(turn.RulesResult) {
		m.Roster.Rule(name, Dead, turn.Sequence)
	}
	if len(added) == 0 && m.observed(turn.Sequence) {
		return nil
	}
	for _, f := range added {
		m.Index.AddFact(f)
	}
	m.Index.AddTurn(turn, present)
	return added
}

// observed reports whether the index already holds the turn's excerpt.
func (m *Memory) observed(seq int) bool {
	for i := len(m.Index.Docs) - 1; i >= 0; i-- {
		d := m.Index.Docs[i]
		if d.Turn < seq {
			return false
		}
		if d.Turn == seq && d.FactID == "" {
			return true
		}
	}
	return false
}

// WithSecrets is m with the campaign's secrets as GM-only facts, indexed,
// for one snapshot: the narrator recalls a secret when the turn mentions
// what it is about, and no player ever sees it. The memory the store
// keeps has none (the campaign keeps its secrets).
func (m Memory) WithSecrets(secrets []campaign.Secret) Memory {
	if len(secrets) == 0 {
		return m
	}
	out := Memory{Ledger: Ledger{Facts: slices.Clone(m.Ledger.Facts)}, Roster: m.Roster,
		Index: Index{Docs: slices.Clone(m.Index.Docs), Postings: make(map[string][]int, len(m.Index.Postings))}}
	for k, v := range m.Index.Postings {
		out.Index.Postings[k] = slices.Clone(v)
	}
	for _, s := range secrets {
		f := Fact{ID: "secret-" + s.ID, Kind: KindSecret, Subject: oneLine(s.Subject), Text: oneLine(s.Text),
			Visibility: Visibility{GMOnly: true}, Terms: terms(s.Subject)}
		out.Ledger.Facts = append(out.Ledger.Facts, f)
		out.Index.AddFact(f)
	}
	return out
}
