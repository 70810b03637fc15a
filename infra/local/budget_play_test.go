package main

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"chronicler/shared/bedrock"
	"chronicler/shared/narrator"
	"chronicler/shared/narrator/standin"
)

// A table plays past its campaign's budget over the sockets, narrated by
// the model stand-in priced as the default tiers: both players are told
// each step narration takes as the budget nears its end, the steps come
// in order and end offline, the model is asked for shorter narrations
// and then on the low tier, and once the budget is spent no call reaches
// it while every turn is still narrated.
func TestCampaignBudgetReachedOverTheSocket(t *testing.T) {
	model, base := narratedBy(t, standin.Config{Seed: 3, Words: standin.Words{Min: 80, Max: 120}}, pricedTiers)
	tb := newTable(t, base, "Thrift", "Aria", "Bram")
	owner := tb.players[0]
	owner.must("POST", "/api/campaigns/"+tb.id+"/budget", map[string]any{"campaign_usd": 0.2}, nil, http.StatusOK)
	tb.connect(t)
	tb.socks[0].send(map[string]any{"action": "resume", "request_id": "resume-1"})
	tb.socks[0].wait(0, "recap", typeIs("recap"))

	type step struct{ turn, step string }
	var calls []int // the model's narration calls before each turn
	var ids []string
	actions := []string{"I search the harbour wall for a loose stone", "I make a perception check", "I listen at the warehouse door", "I make an investigation check"}
	// A turn costs about 4% of the budget: every step shows. The table
	// plays on three turns past the last.
	offline := -1
	for i := 0; i < 60 && (offline < 0 || i < offline+4); i++ {
		calls = append(calls, narrations(model))
		committed := tb.turn(t, i%2, actions[i%len(actions)])
		id := committed.str("turn_id")
		for _, s := range tb.socks {
			s.wait(0, "narration.done of "+id, turnEvent("narration.done", id))
		}
		ids = append(ids, id)
		// The step is told with the turn that reached it, which may reach
		// the socket just after that turn's narration: the turn it names
		// is the one.
		if i := slices.IndexFunc(tb.socks[0].events(), func(e event) bool {
			return e.str("type") == "narration.thrift" && e.str("step") == "offline"
		}); offline < 0 && i >= 0 {
			offline = slices.Index(ids, tb.socks[0].events()[i].str("turn_id"))
		}
	}
	calls = append(calls, narrations(model))

	// What each player was told.
	var told [][]step
	for k, s := range tb.socks {
		var got []step
		for _, e := range s.events() {
			if e.str("type") == "narration.thrift" {
				got = append(got, step{e.str("turn_id"), e.str("step")})
				if e.str("scope") != "campaign" || !strings.Contains(e.str("text"), "$0.20") {
					t.Errorf("player %d was told %v: want the campaign's budget of $0.20, in words", k, e)
				}
			}
		}
		told = append(told, got)
	}
	if !slices.Equal(told[0], told[1]) {
		t.Fatalf("the players were told different steps: %v and %v", told[0], told[1])
	}
	steps := told[0]
	if len(steps) != 3 || steps[0].step != "shorter" || steps[1].step != "low" || steps[2].step != "offline" {
		t.Fatalf("the table was told %v: want shorter, low and offline, once each", steps)
	}

	// What the model was asked, step by step, and that nothing reached it
	// once the budget was spent.
	reqs := model.Requests()
	var stream []standin.Request
	for _, r := range reqs {
		if r.Stream {
			stream = append(stream, r)
		}
	}
	at := func(id string) int { return slices.Index(ids, id) }
	for _, s := range steps {
		i := at(s.turn)
		if i < 0 {
			t.Fatalf("a step told for turn %s, which is not one of the turns played", s.turn)
		}
		switch s.step {
		case "offline":
			if calls[len(calls)-1] != calls[i] {
				t.Errorf("the model narrated %d more turns after the budget was spent at turn %d", calls[len(calls)-1]-calls[i], i+1)
			}
		case "shorter", "low":
			if calls[i+1] != calls[i]+1 {
				t.Fatalf("turn %d (%s) made %d narration calls", i+1, s.step, calls[i+1]-calls[i])
			}
			r := stream[calls[i]]
			if s.step == "shorter" && (r.Model != bedrock.DefaultHighModel || r.MaxTokens != narrator.MaxOutput(narrator.PurposeNarration)/2 || !strings.Contains(r.Prompt(), "Keep it brief")) {
				t.Errorf("the shorter step's call: model %s, max_tokens %d: want the high tier asked for a brief narration under half the cap", r.Model, r.MaxTokens)
			}
			if s.step == "low" && r.Model != bedrock.DefaultLowModel {
				t.Errorf("the low step's call went to %s, want the low tier", r.Model)
			}
		}
	}
	if at(steps[2].turn) != len(ids)-4 {
		t.Fatalf("the budget was spent at turn %d of %d: want three turns played after it", at(steps[2].turn)+1, len(ids))
	}
	t.Logf("%d turns, %d narration calls; the table was told %v", len(ids), len(stream), steps)
}

// narrations counts the model's narration calls so far.
func narrations(m *standin.Server) int {
	n := 0
	for _, r := range m.Requests() {
		if r.Stream {
			n++
		}
	}
	return n
}
