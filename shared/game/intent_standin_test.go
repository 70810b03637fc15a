package game_test

import (
	"strings"
	"testing"

	"chronicler/shared/narrator/standin"
)

// Words the parser leaves go to the low tier through the real adapters,
// which ask for one JSON object: a model's object is decided as the
// action; one cut off or a refusal in prose reads nothing, and the words
// are narrated as words, the call still on the turn's record.
func TestStandinReadsWordsAndBrokenAnswersFallBackToWords(t *testing.T) {
	const words = "down the trapdoor into the cellar we go"
	for _, api := range modelAPIs {
		for _, c := range []struct {
			name   string
			faults string
			read   bool
		}{{"Answered", "", true}, {"CutOff", "malformed@json=1", false}, {"Prose", "refuse@json=1", false}} {
			t.Run(api+"/"+c.name, func(t *testing.T) {
				f := newFixture(t)
				rules, err := standin.ParseFaults(c.faults)
				if err != nil {
					t.Fatal(err)
				}
				srv := viaStandin(t, f, api, standin.Config{Seed: 1, Faults: rules})
				cp, _ := f.table(t, "Words", "c1")
				mira := mustSnap(t, f, cp.ID).Characters[0]
				if err := f.act(t, "c1", mira.ID, "w1", words, nil); err != nil {
					t.Fatalf("the turn failed: %v", err)
				}
				turns := f.turns(t, cp.ID)
				turn := turns[len(turns)-1]
				asked := 0
				for _, r := range srv.Requests() {
					if r.Form == "read_intent" {
						asked++
					}
				}
				var call string
				for _, cl := range turn.Context.Calls {
					if cl.Purpose == "intent" {
						call = cl.Error
						if cl.Usage.Input == 0 || cl.Usage.Output == 0 {
							t.Errorf("the intent call is on the record without its tokens: %+v", cl)
						}
					}
				}
				if asked != 1 || turn.Action != words {
					t.Fatalf("%d intent calls for %q", asked, turn.Action)
				}
				if c.read {
					if !strings.Contains(string(turn.Intent), `"cellar"`) || call != "" {
						t.Fatalf("intent %s, call error %q; want the move to the cellar", turn.Intent, call)
					}
					return
				}
				if len(turn.Intent) != 0 || len(turn.Rolls) != 0 || !strings.HasPrefix(call, "invalid answer") || turn.Narration == "" {
					t.Fatalf("intent %s, rolls %v, call error %q, narration %q; want the words narrated as words",
						turn.Intent, turn.Rolls, call, turn.Narration)
				}
			})
		}
	}
}
