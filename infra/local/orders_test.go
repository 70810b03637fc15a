package main

import (
	"net/http"
	"slices"
	"strings"
	"testing"
)

// Aria gives her wizard a standing order over the API (one for a
// reaction she lacks is refused, saying which she has; Bram may give
// her none), sees the fight begin and leaves the table: the goblins'
// hits on her are answered by her order while Bram watches. The table is
// told "Aria's standing order: Shield." before the turn is committed,
// with her Shield among what the turn applied.
func TestStandingOrderFiresThroughTheAPI(t *testing.T) {
	base := inProcess(t)
	tb := goblinRoad(t, base, nil)
	var ch struct{ Character struct{ ID string } }
	tb.players[0].must("POST", "/api/campaigns/"+tb.id+"/characters", map[string]any{"name": "Aria", "race": "elf", "class": "wizard", "level": 6}, &ch, http.StatusCreated)
	aria := ch.Character.ID
	path := "/api/campaigns/" + tb.id + "/characters/" + aria + "/orders"

	var refused struct {
		Error struct{ Code, Message string }
	}
	if st := tb.players[0].do("POST", path, map[string]any{"orders": []map[string]any{{"reaction": "uncanny-dodge", "when": "always"}}}, &refused); st != http.StatusBadRequest ||
		!strings.Contains(refused.Error.Message, "shield (Shield)") {
		t.Fatalf("an order for Uncanny Dodge: %d %+v, want 400 naming Aria's reactions", st, refused.Error)
	}
	if st := tb.players[1].do("POST", path, map[string]any{"orders": []map[string]any{{"reaction": "shield", "when": "always"}}}, nil); st != http.StatusForbidden {
		t.Fatalf("Bram's order for Aria's wizard: %d, want 403", st)
	}

	tb.connect(t)
	tb.socks[0].send(map[string]any{"action": "resume", "request_id": "resume-1"})
	tb.socks[1].wait(0, "recap", typeIs("recap"))
	var set struct {
		Character struct {
			Orders []map[string]any `json:"orders"`
		}
	}
	tb.players[0].must("POST", path, map[string]any{"orders": []map[string]any{{"reaction": "shield", "when": "always", "keep_last": true}}}, &set, http.StatusOK)
	if len(set.Character.Orders) != 1 || set.Character.Orders[0]["reaction"] != "shield" {
		t.Fatalf("the sheet came back with orders %v", set.Character.Orders)
	}
	tb.socks[1].wait(0, "the orders told", func(e event) bool {
		return e.str("type") == "character" && e.str("text") == "Aria's standing orders: Shield whenever offered, never the last."
	})
	tb.players[0].must("POST", "/api/campaigns/"+tb.id+"/encounters",
		map[string]any{"monsters": []map[string]any{{"srd_id": "goblin", "count": 4}}}, nil, http.StatusCreated)
	tb.socks[0].close() // Aria leaves: her turns are played for her, her reactions by her orders
	rt := &reactTable{table: &table{id: tb.id, players: tb.players, socks: tb.socks[1:]}, t: t}

	ordered := func() (event, bool) {
		evs := rt.socks[0].events()
		i := slices.IndexFunc(evs, typeIs("reaction.ordered"))
		if i < 0 {
			return nil, false
		}
		return evs[i], true
	}
	rt.until = func(e event) bool {
		o, ok := ordered()
		return ok && e.str("type") == "turn.committed" && e.str("turn_id") == o.str("turn_id")
	}
	// A goblin may strike before Aria's leaving is told: the window it
	// opens to her is answered by her order as she leaves.
	var committed event
	ok := true
	for from := 0; ok; {
		var i int
		committed, i, ok = rt.fightOn(from, func(event) bool { return true }, nil)
		if committed.str("type") != "reaction.window" {
			break
		}
		from = i + 1
	}
	if !ok {
		t.Fatalf("the fight ended (%v) with no standing order fired", committed["outcome"])
	}
	o, _ := ordered()
	if o.str("character_id") != aria || o.str("reaction") != "shield" || o.str("text") != "Aria's standing order: Shield." {
		t.Errorf("reaction.ordered = %v", o)
	}
	if o.num("seq") == 0 || o.num("seq") >= committed.num("seq") {
		t.Errorf("reaction.ordered at seq %d, its turn committed at %d: want it told first", o.num("seq"), committed.num("seq"))
	}
	if log, _ := committed["encounter"].(map[string]any)["log"].([]any); !slices.ContainsFunc(log, func(x any) bool {
		m, _ := x.(map[string]any)
		text, _ := m["text"].(string)
		return strings.Contains(text, "Aria casts Shield")
	}) {
		t.Errorf("the turn's log tells no Shield: %v", log)
	}
}
