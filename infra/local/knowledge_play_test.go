package main

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"chronicler/shared/narrator/standin"
)

// Two players over the sockets, narrated by the model stand-in: Aria
// steps away while Bram goes down to the cellar alone and searches it.
// What the stand-in's narration of the cellar established, the canon
// keeps as Bram's character's alone (read from the export); coming back,
// Aria's catch-up names none of it, and at the next session the table's
// recap names none of it either, while Bram is told it on his own. Bram,
// who is not the owner, is told the table's cost beside the budget Aria
// set, as a session opens and with each turn.
func TestCatchUpByKnowledgeOverTheSocket(t *testing.T) {
	_, base := narratedBy(t, standin.Config{Seed: 5, Words: standin.Words{Min: 400, Max: 500}}, pricedTiers)
	tb := newTable(t, base, "Cellar Secrets", "Aria", "Bram")
	aria, bram := tb.players[0], tb.players[1]
	aria.must("POST", "/api/campaigns/"+tb.id+"/budget", map[string]any{"session_usd": 5}, nil, http.StatusOK)
	tb.connect(t)
	tb.socks[0].send(map[string]any{"action": "resume", "request_id": "resume-1"})
	tb.socks[1].wait(0, "recap", typeIs("recap"))
	opened, _ := tb.socks[1].wait(0, "cost", typeIs("cost"))
	if budget, _ := opened["session_budget_usd"].(float64); budget != 5 {
		t.Fatalf("Bram was told the table's cost as the session opened: %v", opened)
	}

	from := tb.socks[1].count()
	aria.must("POST", "/api/campaigns/"+tb.id+"/budget", map[string]any{"session_usd": 6}, nil, http.StatusOK)
	raised, _ := tb.socks[1].wait(from, "cost", typeIs("cost"))
	if budget, _ := raised["session_budget_usd"].(float64); budget != 6 {
		t.Fatalf("Bram was told of the budget Aria raised: %v", raised)
	}

	tb.socks[0].close() // Aria steps away; her character stays in the common room
	tb.socks[1].wait(0, "Aria absent", func(e event) bool { return e.str("type") == "presence" && e.str("state") == "absent" })
	bramSock := tb.socks[1]
	act := func(rid string, msg map[string]any) event {
		t.Helper()
		from := bramSock.count()
		msg["action"], msg["request_id"], msg["character_id"] = "turn", rid, tb.chars[1]
		bramSock.send(msg)
		acc, _ := bramSock.wait(from, "turn.accepted "+rid, func(e event) bool {
			return (e.str("type") == "turn.accepted" && e.str("request_id") == rid) || e.str("type") == "error"
		})
		if acc.str("type") == "error" {
			t.Fatalf("%s refused: %v", rid, acc)
		}
		committed, _ := bramSock.wait(from, "turn.committed "+rid, turnEvent("turn.committed", acc.str("turn_id")))
		return committed
	}
	act("down", map[string]any{"intent": map[string]any{"kind": "move", "to_area_id": "cellar"}})
	searched := act("search", map[string]any{"text": "I search behind the casks"})
	cost, _ := searched["cost"].(map[string]any)
	if spent, _ := cost["session_usd"].(float64); spent <= 0 || cost["session_budget_usd"] != 6.0 || cost["session_turns"] != 2.0 {
		t.Fatalf("Bram's turn.committed told the table's cost %v", searched["cost"])
	}

	// What only Bram's character knows, as the canon keeps it.
	var export canon
	bram.must("GET", "/api/campaigns/"+tb.id+"/export", nil, &export, http.StatusOK)
	secrets := export.knownOnlyTo(tb.chars[1])
	for _, f := range export.Memory.Ledger.Facts {
		if slices.Contains(f.Visibility.CharacterIDs, tb.chars[0]) {
			t.Errorf("Aria's character, upstairs, knows %q of the cellar", f.Subject)
		}
	}
	if len(secrets) == 0 {
		t.Fatalf("the cellar's narration established nothing for Bram's character alone: %+v", export.Memory.Ledger.Facts)
	}
	t.Logf("what Bram's character alone knows: %q", secrets)
	mentions := func(text string) string { return mentionOf(text, secrets) }

	back := aria.mustDial(tb.id)
	back.send(map[string]any{"action": "resume", "request_id": "resume-back"})
	away, _ := back.wait(0, "while you were away", func(e event) bool {
		return e.str("type") == "recap" && strings.HasPrefix(e.str("text"), "While you were away")
	})
	if s := mentions(away.str("text")); s != "" || away.num("seq") != 0 {
		t.Fatalf("Aria's catch-up names %q of the cellar: %v", s, away)
	}

	// The next session, with Bram at the table when Aria opens it.
	back.send(map[string]any{"action": "end_session", "request_id": "end-1"})
	bramSock.wait(0, "session ended", func(e event) bool { return e.str("type") == "session" && e.str("status") == "paused" })
	back.close()
	bramSock.close()
	bram2 := bram.mustDial(tb.id)
	aria2 := aria.mustDial(tb.id)
	aria2.send(map[string]any{"action": "resume", "request_id": "resume-2"})
	table, _ := aria2.wait(0, "the table's recap", func(e event) bool { return e.str("type") == "recap" && e.num("seq") > 0 })
	if s := mentions(table.str("text")); s != "" {
		t.Fatalf("the table's recap names %q of the cellar: %v", s, table)
	}
	own, _ := bram2.wait(0, "Bram's own recap", func(e event) bool { return e.str("type") == "recap" && e.num("seq") == 0 })
	if mentions(own.str("text")) == "" || fmt.Sprint(own["character_ids"]) != fmt.Sprint([]any{tb.chars[1]}) {
		t.Fatalf("Bram's own recap %v names none of %q", own, secrets)
	}
	t.Logf("Bram's own recap: %s", own.str("text"))
	for _, e := range aria2.events() {
		if e.str("type") == "recap" && mentions(e.str("text")) != "" {
			t.Fatalf("Aria was told of the cellar: %v", e)
		}
	}
}

// canon is what these tests read of an export: the facts the canon keeps
// and which characters know each.
type canon struct {
	Memory struct {
		Ledger struct {
			Facts []struct {
				Subject    string
				Kind       string
				Visibility struct {
					CharacterIDs []string `json:"character_ids"`
				}
			}
		}
	}
}

// knownOnlyTo returns the subjects of the facts, terms aside, that the
// character charID alone knows.
func (c canon) knownOnlyTo(charID string) []string {
	var out []string
	for _, f := range c.Memory.Ledger.Facts {
		if slices.Equal(f.Visibility.CharacterIDs, []string{charID}) && f.Kind != "term" {
			out = append(out, f.Subject)
		}
	}
	return out
}

// mentionOf returns the first of subjects that text names, or "".
func mentionOf(text string, subjects []string) string {
	for _, s := range subjects {
		if strings.Contains(text, s) {
			return s
		}
	}
	return ""
}
