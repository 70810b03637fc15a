package memory

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"

	"chronicler/shared/fault"
)

// Decode reads a memory from outside input (an imported campaign's): one
// JSON object with only Memory's fields, whose index points at documents
// it has, in order, and whose facts have distinct ids. Anything else is a
// fault.Invalid error saying what is wrong; a memory that decodes is safe
// to Build and Recall from.
func Decode(data []byte) (Memory, error) {
	const op = "read memory"
	var m Memory
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		return Memory{}, fault.Field(op, "memory", "is not a campaign's memory")
	}
	if _, err := dec.Token(); err != io.EOF {
		return Memory{}, fault.Field(op, "memory", "has data after the object")
	}
	if err := m.check(); err != nil {
		return Memory{}, fault.Field(op, "memory", "%v", err)
	}
	return m, nil
}

// check is what Decode asks of a memory beyond its shape.
func (m Memory) check() error {
	ids := make(map[string]bool, len(m.Ledger.Facts))
	for i, f := range m.Ledger.Facts {
		if f.ID == "" || ids[f.ID] {
			return fmt.Errorf("ledger.facts[%d]: the id is empty or used twice", i)
		}
		ids[f.ID] = true
	}
	for i, n := range m.Roster.NPCs {
		if oneLine(n.Name) == "" {
			return fmt.Errorf("roster.npcs[%d]: no name", i)
		}
	}
	for term, docs := range m.Index.Postings {
		if !slices.IsSorted(docs) || len(docs) > 0 && (docs[0] < 0 || docs[len(docs)-1] >= len(m.Index.Docs)) {
			return fmt.Errorf("index.postings[%q]: positions out of order or beyond the documents", clip(term, 40))
		}
	}
	return nil
}

// RenameCharacters replaces the character ids of who witnessed what (an
// imported campaign's characters get new ids); ids not in rename are kept.
func (m *Memory) RenameCharacters(rename map[string]string) {
	re := func(v *Visibility) {
		if len(v.CharacterIDs) == 0 {
			return
		}
		ids := make([]string, len(v.CharacterIDs))
		for i, id := range v.CharacterIDs {
			ids[i] = id
			if to, ok := rename[id]; ok {
				ids[i] = to
			}
		}
		v.CharacterIDs = ids
	}
	for i := range m.Ledger.Facts {
		re(&m.Ledger.Facts[i].Visibility)
	}
	for i := range m.Index.Docs {
		re(&m.Index.Docs[i].Visibility)
	}
}
