package memory

import (
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
