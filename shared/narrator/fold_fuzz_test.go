package narrator

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
)

// FuzzDecodeFold feeds the fold decoder arbitrary answers: it must refuse
// them whole with Invalid, or return a bounded summary and facts each of
// which belongs to a turn whose facts were asked for and quotes that
// turn, never panic.
func FuzzDecodeFold(f *testing.F) {
	f.Add(`{"summary":"Turn 9: Mira walks.","turns":[{"turn":9,"npcs":[{"name":"Hobb","evidence":"A ferryman named Hobb waves from the far bank."}]}]}`, "")
	f.Add(`{"summary":"s","turns":[{"turn":8,"items":[{"name":"Snik","evidence":"A goblin named Snik lunges at Mira and misses."}]}]}`, "")
	f.Add(`{"summary":"s","turns":[{"turn":7,"terms":[{"term":"Hollow Choir","definition":"singers","evidence":"Beware the Hollow Choir"}]}]}`, "")
	f.Add(`{"summary":"s","turns":[{"turn":9,"scene":[{"what":"arrived","value":"Hobb","evidence":"A ferryman named Hobb waves"}]}]}`, "")
	f.Add(`{"summary":""}`, "A ferryman named Hobb waves.")
	f.Add(`{}`, "")
	f.Add(`[]`, "")
	// The text forms models write around the object.
	f.Add("```json\n{\"summary\":\"Turn 9: Mira walks.\"}\n```", "")
	f.Add("Here is the fold: {\"summary\":\"Turn 9: Mira walks.\"} Done.", "")
	f.Add(`{"summary":"a"} {"summary":"b"}`, "")
	f.Fuzz(func(t *testing.T, answer, narration string) {
		req := foldReq()
		req.Turns = slices.Clone(req.Turns)
		req.Turns[2].Narration = narration
		got, err := DecodeFold([]byte(answer), req)
		if err != nil {
			if !fault.Is(err, fault.Invalid) {
				t.Fatalf("err = %v, want invalid", err)
			}
			if got.Summary != "" || got.Turns != nil {
				t.Fatalf("refused, yet returned %+v", got)
			}
			return
		}
		if strings.TrimSpace(got.Summary) == "" || !utf8.ValidString(got.Summary) || utf8.RuneCountInString(got.Summary) > maxFoldSummary {
			t.Fatalf("summary %q passed", got.Summary)
		}
		seen := map[int]bool{}
		for _, e := range got.Turns {
			if !slices.Contains(req.Read, e.Turn) || seen[e.Turn] {
				t.Fatalf("entry of turn %d passed (asked %v)", e.Turn, req.Read)
			}
			seen[e.Turn] = true
			i := slices.IndexFunc(req.Turns, func(tn campaign.Turn) bool { return tn.Sequence == e.Turn })
			turn := req.Turns[i]
			told := []string{turn.Narration, turn.RulesResult}
			for _, n := range e.NPCs {
				if !quotes(n.Evidence, told) {
					t.Fatalf("npc %q of turn %d quotes %q, not the turn", n.Name, e.Turn, n.Evidence)
				}
			}
			for _, x := range append(append(append([]ExtractedThing{}, e.Items...), e.Places...), e.Deaths...) {
				if !quotes(x.Evidence, told) {
					t.Fatalf("%q of turn %d quotes %q, not the turn", x.Name, e.Turn, x.Evidence)
				}
			}
		}
	})
}
