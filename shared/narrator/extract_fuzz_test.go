package narrator

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"chronicler/shared/fault"
)

// FuzzDecodeExtraction feeds the extraction decoder arbitrary answers: it
// must refuse with Invalid or return an extraction every entry of which
// is plain, bounded and quoted from the narration or rules result (or,
// for promises and debts, the action), never panic.
func FuzzDecodeExtraction(f *testing.F) {
	f.Add(`{"items":[{"name":"Moonglass Key","evidence":"Mira takes the Moonglass Key."}]}`, innTurn.Narration)
	f.Add(`{"npcs":[{"name":"Marta","role":"innkeeper","evidence":"An innkeeper named Marta"}]}`, innTurn.Narration)
	f.Add(`{"terms":[{"term":"Hollow Choir","definition":"singers","evidence":"Beware the Hollow Choir"}]}`, innTurn.Narration)
	f.Add(`{"promises":[{"who":"Mira","evidence":"I swear to Marta"}]}`, "")
	f.Add(`{"npcs":[{"name":"\u0000","evidence":"x"}]}`, "x")
	f.Add(`{}`, "")
	f.Add(`[]`, "")
	f.Add("```json\n{\"deaths\":[{\"name\":\"Oswin\",\"evidence\":\"Oswin dies.\"}]}\n```", "Oswin dies.")
	f.Add(`{"deaths":[{"name":"Oswin","evidence":"Oswin dies."}]} `, "Oswin dies.")
	f.Fuzz(func(t *testing.T, answer, narration string) {
		turn := innTurn
		turn.Narration = narration
		x, err := decodeExtraction([]byte(answer), turn)
		if err != nil {
			if !fault.Is(err, fault.Invalid) {
				t.Fatalf("err = %v, want invalid", err)
			}
			if !x.Empty() {
				t.Fatalf("refused, yet returned %+v", x)
			}
			return
		}
		told := []string{turn.Narration, turn.RulesResult}
		said := append([]string{turn.Action}, told...)
		checkEntry := func(name, evidence string, sources []string) {
			if name == "" || !utf8.ValidString(name) || utf8.RuneCountInString(name) > maxName || strings.ContainsAny(name, "<>*`\n") {
				t.Fatalf("name %q passed", name)
			}
			own := strings.EqualFold(name, turn.ActorName) && quotes(evidence, []string{turn.Action})
			if (!containsFold(evidence, name) && !own) || !quotes(evidence, sources) {
				t.Fatalf("evidence %q of %q is not the turn's", evidence, name)
			}
		}
		for _, n := range x.NPCs {
			checkEntry(n.Name, n.Evidence, told)
		}
		for _, e := range append(append(append([]ExtractedThing{}, x.Items...), x.Places...), x.Deaths...) {
			checkEntry(e.Name, e.Evidence, told)
		}
		for _, b := range append(append([]ExtractedBond{}, x.Promises...), x.Debts...) {
			checkEntry(b.Who, b.Evidence, said)
		}
		for _, term := range x.Terms {
			checkEntry(term.Term, term.Evidence, told)
		}
		// What passed encodes and decodes to itself: nothing half-read.
		again, err := json.Marshal(x)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := decodeExtraction(again, turn); err != nil {
			t.Fatalf("a valid extraction, re-encoded, is refused: %v\n%s", err, again)
		}
	})
}
