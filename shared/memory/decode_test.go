package memory

import (
	"encoding/json"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
)

func TestDecode(t *testing.T) {
	var m Memory
	m.Observe(campaign.Turn{Sequence: 1, ActorName: "Mira", Narration: "The innkeeper named Marta pours the ale."}, []string{"c1"})
	good, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	back, err := Decode(good)
	if err != nil || len(back.Ledger.Facts) != 1 || len(back.Index.Docs) == 0 {
		t.Fatalf("Decode(a memory) = %+v, %v", back, err)
	}
	for name, in := range map[string]string{
		"NotAnObject":        `[]`,
		"UnknownField":       `{"ledger":{"facts":[]},"secrets":1}`,
		"TrailingData":       `{} {}`,
		"FactWithoutID":      `{"ledger":{"facts":[{"id":"","turn":1}]}}`,
		"FactIDTwice":        `{"ledger":{"facts":[{"id":"a"},{"id":"a"}]}}`,
		"NPCWithoutName":     `{"roster":{"npcs":[{"name":"  "}]}}`,
		"PostingPastTheDocs": `{"index":{"docs":[{"turn":1,"text":"x"}],"postings":{"x":[0,1]}}}`,
		"PostingNegative":    `{"index":{"docs":[],"postings":{"x":[-1]}}}`,
		"PostingsOutOfOrder": `{"index":{"docs":[{"turn":1,"text":"x"},{"turn":2,"text":"x"}],"postings":{"x":[1,0]}}}`,
	} {
		t.Run("Refuses"+name, func(t *testing.T) {
			if _, err := Decode([]byte(in)); !fault.Is(err, fault.Invalid) {
				t.Errorf("Decode(%s) = %v, want invalid", in, err)
			}
		})
	}
	t.Run("RenamesWitnesses", func(t *testing.T) {
		back.RenameCharacters(map[string]string{"c1": "n1"})
		if v := back.Ledger.Facts[0].Visibility; len(v.CharacterIDs) != 1 || v.CharacterIDs[0] != "n1" || back.Index.Docs[0].Visibility.CharacterIDs[0] != "n1" {
			t.Errorf("after renaming: fact %+v, doc %+v", v, back.Index.Docs[0].Visibility)
		}
	})
}

// FuzzDecode: no input panics Decode, and a memory it takes can be
// recalled from and built into a context.
func FuzzDecode(f *testing.F) {
	var m Memory
	m.Observe(campaign.Turn{Sequence: 1, ActorName: "Mira", Narration: "The innkeeper named Marta pours the ale."}, []string{"c1"})
	seed, _ := json.Marshal(m)
	f.Add(seed)
	f.Add([]byte(`{"index":{"docs":[{"turn":1,"text":"x"}],"postings":{"x":[0]}}}`))
	f.Add([]byte(`{}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Decode(data)
		if err != nil {
			if !fault.Is(err, fault.Invalid) {
				t.Fatalf("error of kind %s: %v", fault.KindOf(err), err)
			}
			return
		}
		_ = Recall(m.Index, "Marta the innkeeper and x", 200)
	})
}
