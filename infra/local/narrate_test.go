package main

import (
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"chronicler/shared/narrator"
	"chronicler/shared/narrator/standin"
)

// standinInvented is the stand-in's invented mechanical sentence.
var standinInvented = regexp.MustCompile(`deals \d+ damage|left with \d+ hit points`)

// A session of two players over the local server and its WebSocket,
// narrated by a model that invents a mechanical number in 30% of its
// narrations, echoes its prompt (the owner's secret with it) in some and
// stalls mid-stream in a few: what the sockets receive holds no number
// the rules did not give, never the secret, and every stall is met with
// narration.slow and then narration.done.
func TestSessionThroughAFaultyModel(t *testing.T) {
	rules, err := standin.ParseFaults("invent@stream=0.3,echo@stream=0.25,stall_mid@stream=0.15")
	if err != nil {
		t.Fatal(err)
	}
	model, base := narratedBy(t, standin.Config{Seed: 7, Faults: rules, Stall: time.Minute, ErrorAfter: 3}, map[string]string{
		// a stall costs the session little
		"CHRONICLER_NARRATOR_FIRST_TEXT": "300ms",
		"CHRONICLER_NARRATOR_STALL":      "300ms",
	})
	tb := newTable(t, base, "Echoes", "Aria", "Bram")
	owner := tb.players[0]
	owner.must("POST", "/api/campaigns/"+tb.id+"/secrets",
		map[string]string{"subject": "Marta", "text": "Marta poisons travellers for the Black Hand."}, nil, http.StatusCreated)
	tb.connect(t)
	tb.socks[0].send(map[string]any{"action": "resume", "request_id": "resume-1"})
	tb.socks[0].wait(0, "recap", typeIs("recap"))
	// Every action names Marta, so that every narration's prompt holds
	// her secret for the model to echo.
	actions := []string{"I ask Marta for a room", "I search the room behind Marta's counter", "I make a perception check to watch Marta",
		"I watch Marta pour the ale", "I ask Marta who else stays here", "I look for traps under Marta's table",
		"I make an investigation check of Marta's ledger", "I listen at the door of Marta's kitchen"}
	const turns = 30
	var ids []string
	for i := range turns {
		committed := tb.turn(t, i%2, actions[i%len(actions)])
		id := committed.str("turn_id")
		for _, s := range tb.socks {
			s.wait(0, "narration.done of "+id, turnEvent("narration.done", id))
		}
		ids = append(ids, id)
	}

	// What the rules said of each turn.
	var page struct {
		Turns []struct {
			ID          string `json:"turn_id"`
			RulesResult string `json:"rules_result"`
		}
	}
	owner.must("GET", "/api/campaigns/"+tb.id+"/turns?limit=100", nil, &page, http.StatusOK)
	ruled := map[string]string{}
	for _, tn := range page.Turns {
		ruled[tn.ID] = tn.RulesResult
	}
	for _, id := range ids {
		if _, ok := ruled[id]; !ok {
			t.Fatalf("turn %s is not in the campaign's turns", id)
		}
	}

	// What the model did.
	var narrations, invents, echoes, stalls, holding int
	for _, r := range model.Requests() {
		if !r.Stream {
			continue
		}
		narrations++
		if strings.Contains(r.Prompt(), "Black Hand") {
			holding++
		}
		switch r.Fault {
		case standin.Invent:
			invents++
		case standin.Echo:
			if strings.Contains(r.Text, "Black Hand") {
				echoes++
			}
		case standin.StallMid:
			stalls++
		}
	}
	if invents < 3 || echoes == 0 || stalls == 0 {
		t.Fatalf("the model invented in %d narrations, echoed the secret in %d, stalled in %d: the test shows nothing", invents, echoes, stalls)
	}

	// What the players were shown.
	var deltas, inventedShown, strayNumbers, secretShown, slows, slowThenDone int
	leaks := func(s string) bool {
		s = strings.ToLower(s)
		return strings.Contains(s, "black hand") || strings.Contains(s, "poison")
	}
	for k, s := range tb.socks {
		slowed := map[string]bool{}
		seen := map[string]*strings.Builder{} // each turn's deltas
		see := func(id string) *strings.Builder {
			if seen[id] == nil {
				seen[id] = &strings.Builder{}
			}
			return seen[id]
		}
		for _, e := range s.events() {
			typ, id, text := e.str("type"), e.str("turn_id"), e.str("text")
			if !strings.HasPrefix(typ, "narration.") || !slices.Contains(ids, id) {
				continue
			}
			if leaks(text) {
				secretShown++
				t.Errorf("player %d was shown the secret in %s: %q", k, typ, text)
			}
			switch typ {
			case "narration.delta":
				deltas++
				see(id).WriteString(text)
				if standinInvented.MatchString(text) || slices.Contains(narrator.Guard(text, narrator.Grounds{Rules: ruled[id]}), narrator.InventedNumber) {
					inventedShown++
					t.Errorf("player %d was shown an invented number: %q (the rules: %q)", k, text, ruled[id])
				}
				for _, n := range numberRe.FindAllString(text, -1) {
					if !slices.Contains(numberRe.FindAllString(ruled[id], -1), n) {
						strayNumbers++
						t.Errorf("player %d was shown %s, a number the rules did not give: %q (the rules: %q)", k, n, text, ruled[id])
					}
				}
			case "narration.slow":
				slows++
				slowed[id] = true
			case "narration.done":
				// What was shown stays shown: a stalled turn goes on
				// from it, and the deltas add up to the narration.
				if got := strings.TrimSpace(see(id).String()); got != text {
					t.Errorf("player %d was shown %q of a turn told as %q", k, got, text)
				}
				if slowed[id] {
					slowThenDone++
					delete(slowed, id)
				}
			}
		}
		for id := range slowed {
			t.Errorf("player %d was told the narrator was slow in turn %s and never given the narration", k, id)
		}
	}
	if slows == 0 {
		t.Fatal("no player was told the narrator was slow, though the model stalled")
	}
	t.Logf("%d turns of 2 players, %d narration calls (%d with the secret in the prompt): %d with an invented number, %d echoing the secret, %d stalled; "+
		"%d deltas pushed, %d invented numbers shown, %d numbers the rules did not give, %d secrets shown, %d slow notices each followed by narration.done (%d)",
		turns, narrations, holding, invents, echoes, stalls, deltas, inventedShown, strayNumbers, secretShown, slows, slowThenDone)
	if slowThenDone != slows {
		t.Errorf("%d slow notices, %d followed by narration.done", slows, slowThenDone)
	}
}

var numberRe = regexp.MustCompile(`\d+`)
