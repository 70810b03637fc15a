package memory

import (
	"strings"
	"testing"

	"chronicler/shared/narrator"
)

// The model's extraction adds what the cue patterns miss, under the same
// rules: identities locked, each name introduced once, deaths only as the
// engine rules them, terms with their definitions.
func TestAbsorb(t *testing.T) {
	var m Memory
	turn := narrated(4, "Kira", "I look around",
		"Marta, the innkeeper, nods. Old Tobin sweeps the floor in Saltmarsh. Tobin dies. They speak of the Hollow Choir.")
	deterministic := m.Observe(turn, []string{"c1"})
	x := narrator.Extraction{
		NPCs: []narrator.ExtractedNPC{
			{Name: "Marta", Species: "Dwarf", Appearance: "tall and thin", Evidence: "Marta, the innkeeper, nods."},
			{Name: "Tobin", Species: "Human", Role: "Sweeper", Evidence: "Old Tobin sweeps the floor in Saltmarsh."},
		},
		Places: []narrator.ExtractedThing{{Name: "Saltmarsh", Evidence: "Old Tobin sweeps the floor in Saltmarsh."}},
		Deaths: []narrator.ExtractedThing{{Name: "Tobin", Evidence: "Tobin dies."}},
		Terms:  []narrator.ExtractedTerm{{Term: "Hollow Choir", Definition: "sleepless singers", Evidence: "They speak of the Hollow Choir."}},
	}
	added := m.Absorb(turn, []string{"c1"}, x)

	if marta, _ := m.Roster.Get("Marta"); marta.Role != "innkeeper" || marta.Species != "dwarf" || marta.Appearance != "tall and thin" {
		// The cue gave her role first; the model fills only what was empty.
		t.Errorf("Marta = %+v", marta)
	}
	if tobin, ok := m.Roster.Get("Tobin"); !ok || tobin.Species != "human" || tobin.Status != Alive {
		t.Errorf("Tobin = %+v, %v: introduced by the model, and alive until the engine rules otherwise", tobin, ok)
	}
	for _, f := range added {
		if f.Kind == KindNPC && f.Subject == "Marta" {
			t.Errorf("Marta introduced twice: %+v", f)
		}
		if f.Turn != 4 || !strings.HasPrefix(f.ID, "t4-x") || len(f.Visibility.CharacterIDs) != 1 {
			t.Errorf("fact %+v: want provenance turn 4 and the witness c1", f)
		}
	}
	if !m.Ledger.Introduced(KindPlace, "Saltmarsh") || !m.Ledger.Introduced(KindNPC, "Tobin") {
		t.Errorf("the model's finds are not in the ledger: %+v", m.Ledger.Facts)
	}
	deaths := 0
	for _, f := range m.Ledger.Facts {
		if f.Kind == KindDeath && f.Subject == "Tobin" {
			deaths++
		}
	}
	if deaths != 0 {
		t.Errorf("%d death facts for Tobin, want none: the narration told it, the engine did not rule it", deaths)
	}
	// Ruled by the engine, the death is canon, once.
	ruled := turn
	ruled.Sequence, ruled.RulesResult = 5, "Mira hits Tobin with a club for 3 bludgeoning damage; Tobin drops to 0 HP and dies."
	m.Observe(ruled, []string{"c1"})
	m.Absorb(ruled, []string{"c1"}, narrator.Extraction{Deaths: []narrator.ExtractedThing{{Name: "Tobin", Evidence: "Tobin dies."}}})
	deaths = 0
	for _, f := range m.Ledger.Facts {
		if f.Kind == KindDeath && f.Subject == "Tobin" {
			deaths++
		}
	}
	if deaths != 1 {
		t.Errorf("%d death facts for Tobin once the engine ruled it, want 1", deaths)
	}
	term := m.Ledger.About("Hollow Choir")
	if len(term) != 1 || term[0].Definition != "sleepless singers" {
		t.Errorf("Hollow Choir = %+v (deterministic found %v)", term, kinds(deterministic))
	}
	if len(m.Undefined(4)) != 0 {
		t.Errorf("undefined after the model defined it: %+v", m.Undefined(4))
	}
	if again := m.Absorb(turn, []string{"c1"}, x); len(again) != 0 {
		t.Errorf("absorbing the same extraction twice added %+v", again)
	}
}

func TestDefineLocksAndShowsInGlossary(t *testing.T) {
	var m Memory
	turn := narrated(1, "Kira", "I listen", `The villagers call the tower "the Needle" and will not name it otherwise.`)
	m.Observe(turn, []string{"c1"})
	undefined := m.Undefined(1)
	if len(undefined) != 1 || undefined[0].Term != "Needle" || !strings.Contains(undefined[0].Sentence, "villagers") {
		t.Fatalf("undefined = %+v", undefined)
	}
	if !m.Ledger.Define("needle", "the villagers' tower") || m.Ledger.Define("Needle", "a sewing tool") || m.Ledger.Define("Nowhere", "x") {
		t.Fatal("a definition must be given once, to a term the ledger holds")
	}
	in := table(12)
	in.Memory = m
	in.Characters[0].ID = "c1"
	snap, _ := Build(in, DefaultBudget())
	prompt := narrator.Join(narrator.Blocks(snap.Request))
	if !strings.Contains(prompt, "Needle: the villagers' tower") {
		t.Fatalf("the glossary does not define the term:\n%s", prompt)
	}
}
