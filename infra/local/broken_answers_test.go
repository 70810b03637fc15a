package main

import (
	"net/http"
	"strings"
	"testing"

	"chronicler/shared/narrator"
	"chronicler/shared/narrator/standin"
)

// A table of two whose model answers every structured call (the reading
// of a player's words, the fold of the story, definitions) with a broken
// object, while it narrates well: every turn is still taken, narrated to
// both players and saved, the words it could not read told as they are,
// and nothing a broken answer held reaches the story.
func TestATableWhoseModelBreaksEveryStructuredAnswer(t *testing.T) {
	rules, err := standin.ParseFaults("malformed@json=1")
	if err != nil {
		t.Fatal(err)
	}
	model, base := narratedBy(t, standin.Config{Seed: 5, Faults: rules}, pricedTiers)
	tb := newTable(t, base, "Broken Answers", "Aria", "Bram")
	tb.connect(t)
	tb.socks[0].send(map[string]any{"action": "resume", "request_id": "resume-1"})
	tb.socks[0].wait(0, "recap", typeIs("recap"))
	// Words the parser leaves to the model's reading, colour it tells
	// for free, and actions it reads itself.
	actions := []string{"I vault the bar and swing from the lantern hook", "Aria hums to herself while she waits",
		"I search the room", "I wedge a chair under the cellar door handle", "I chat with the innkeeper about the weather",
		"I make a perception check", "I pry a loose board up with my dagger"}
	const turns = 14
	var ids []string
	for i := range turns {
		id := tb.turn(t, i%2, actions[i%len(actions)]).str("turn_id")
		for _, s := range tb.socks {
			s.wait(0, "narration.done of "+id, turnEvent("narration.done", id))
		}
		ids = append(ids, id)
	}

	forms := map[string]int{}
	var chapters []string // what the broken folds began to write
	for _, r := range model.Requests() {
		if r.Form == "" {
			continue
		}
		forms[r.Form]++
		if r.Fault != standin.Malformed {
			t.Errorf("a %s answer was not broken: %q", r.Form, r.Text)
		}
		if _, after, ok := strings.Cut(r.Text, `"summary":"`); ok && r.Form == narrator.FoldFormName {
			chapters = append(chapters, after[:min(len(after), 24)])
		}
	}
	if forms[narrator.IntentFormName] == 0 || forms[narrator.FoldFormName] == 0 {
		t.Fatalf("structured calls made: %v, want the words read and the story folded at least once", forms)
	}

	var view struct {
		State struct {
			Summary string `json:"summary"`
		} `json:"state"`
	}
	tb.players[0].must("GET", "/api/campaigns/"+tb.id, nil, &view, http.StatusOK)
	if len(chapters) == 0 {
		t.Error("no broken fold began a chapter to check the story against")
	}
	for _, c := range chapters {
		if strings.Contains(view.State.Summary, c) {
			t.Errorf("the story holds %q, from a broken answer: %q", c, view.State.Summary)
		}
	}

	var page struct {
		Turns []struct {
			ID        string `json:"turn_id"`
			Narration string `json:"narration"`
		}
	}
	tb.players[0].must("GET", "/api/campaigns/"+tb.id+"/turns?limit=100", nil, &page, http.StatusOK)
	told := map[string]string{}
	for _, tn := range page.Turns {
		told[tn.ID] = tn.Narration
	}
	for _, id := range ids {
		if told[id] == "" {
			t.Errorf("turn %s was not saved with its narration", id)
		}
	}
	for k, s := range tb.socks {
		for _, e := range s.events() {
			if e.str("type") == "turn.dropped" || e.str("type") == "error" {
				t.Errorf("player %d was sent %v", k, e)
			}
		}
	}
	t.Logf("%d turns of 2 players: structured calls %v, every answer broken; %d turns saved and narrated to both", turns, forms, len(ids))
}
