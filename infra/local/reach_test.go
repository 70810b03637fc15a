package main

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"chronicler/shared/srd"
)

// A mage casts at the table; Aria, a wizard with 3rd-level slots, is
// offered Counterspell before any of the spell's dice are rolled, takes
// it, and the turn commits with it.
func TestCounterspellWindowEndToEnd(t *testing.T) {
	base := inProcess(t)
	rt := newReactTable(t, base, map[string]any{"reaction_window_seconds": 30})
	rt.beginWith("mage", 1)
	aria, bram := rt.chars[0], rt.chars[1]
	win, at := rt.fight(0, func(e event) bool { return offered(e, aria, "counterspell") }, nil)
	turnID := win.str("turn_id")
	if win.str("roll_id") != "" || !strings.HasPrefix(win.str("trigger"), "Mage 1 casts ") {
		t.Fatalf("window = %v, want one before the spell's dice, telling the cast", win)
	}
	if offered(win, bram, "counterspell") {
		t.Error("Bram, a bard, was offered Counterspell")
	}
	for _, e := range rt.socks[0].events()[:at] {
		if e.str("type") == "roll.result" && e.str("turn_id") == turnID {
			t.Errorf("a roll of the spell was shown before the window: %v", e)
		}
	}
	rt.socks[0].send(map[string]any{"action": "react", "request_id": "cs-1", "turn_id": turnID, "character_id": aria, "reaction": "counterspell"})
	closed, ci := rt.socks[1].wait(at, "reaction.closed", turnEvent("reaction.closed", turnID))
	applied, _ := closed["applied"].([]any)
	if len(applied) != 1 {
		t.Fatalf("applied = %v, want Aria's Counterspell", closed["applied"])
	}
	a := applied[0].(map[string]any)
	if text, _ := a["text"].(string); a["reaction"] != "counterspell" || a["character_id"] != aria || !strings.Contains(text, "Counterspell") {
		t.Errorf("applied = %v", a)
	}
	rt.socks[1].wait(ci, "turn.committed", turnEvent("turn.committed", turnID))
	var turns struct {
		Turns []struct {
			ID        string `json:"turn_id"`
			Reactions []map[string]any
		}
	}
	rt.players[0].must("GET", "/api/campaigns/"+rt.id+"/turns", nil, &turns, http.StatusOK)
	i := slices.IndexFunc(turns.Turns, func(x struct {
		ID        string `json:"turn_id"`
		Reactions []map[string]any
	}) bool {
		return x.ID == turnID
	})
	if i < 0 || len(turns.Turns[i].Reactions) != 1 || turns.Turns[i].Reactions[0]["reaction"] != "counterspell" {
		t.Fatalf("stored turn %s: %+v", turnID, turns.Turns)
	}
}

// Bram closes in on a satyr with his rapier; Aria steps away from it
// (into the next room and back), taking its opportunity attack. When the
// satyr goes for Aria, the weakest, it leaves Bram's reach, and Bram is
// offered an opportunity attack before it goes.
func TestOpportunityAttackEndToEnd(t *testing.T) {
	base := inProcess(t, func(c *config) { c.turnRate = 0 }) // a move and an end of turn a round
	rt := newReactTable(t, base, map[string]any{"reaction_window_seconds": 30})
	aria, bram := rt.chars[0], rt.chars[1]
	moved := map[float64]bool{} // the rounds Aria has moved in
	rt.act = func(enc map[string]any, cur string) map[string]any {
		round, _ := enc["round"].(float64)
		me := participantOf(enc, cur)
		switch {
		case cur == bram && !me["turn"].(map[string]any)["action_used"].(bool):
			return map[string]any{"kind": "attack", "target_id": "satyr-1", "weapon": "rapier"}
		case cur == aria && !moved[round] && me["hp"].(float64) > 0:
			moved[round] = true
			to := map[string]string{"cellar": "common-room", "common-room": "cellar"}[rt.areaOf(aria)]
			return map[string]any{"kind": "move", "to_area_id": to}
		}
		return nil
	}
	// A satyr of 300 hit points: whatever the dice, Bram's rapier and his
	// opportunity attack leave it standing until Aria has stepped away.
	satyr, ok := srd.LookupMonster("satyr")
	if !ok {
		t.Fatal("no satyr in the SRD")
	}
	satyr.HP = 300
	rt.players[0].must("POST", "/api/campaigns/"+rt.id+"/homebrew", map[string]any{"monsters": map[string]srd.Monster{"satyr": satyr}}, nil, http.StatusOK)
	rt.beginWith("satyr", 1)
	win, at := rt.fight(0, func(e event) bool { return offered(e, bram, "opportunity-attack") }, nil)
	turnID := win.str("turn_id")
	if ids := eligibleIDs(win); !slices.Equal(ids, []string{bram}) || win.str("roll_id") != "" || !strings.Contains(win.str("trigger"), "leaves Bram's reach") {
		t.Fatalf("window = %v, want Bram's opportunity attack before the satyr goes", win)
	}
	rt.socks[1].send(map[string]any{"action": "react", "request_id": "oa-1", "turn_id": turnID, "character_id": bram, "reaction": "opportunity-attack"})
	closed, ci := rt.socks[0].wait(at, "reaction.closed", turnEvent("reaction.closed", turnID))
	applied, _ := closed["applied"].([]any)
	if len(applied) != 1 || applied[0].(map[string]any)["reaction"] != "opportunity-attack" {
		t.Fatalf("applied = %v", closed["applied"])
	}
	rt.settle(ci, turnID)
	// Aria, in the satyr's reach now, steps away on her next turn: the
	// satyr's opportunity attack, by rule, and her sheet in the next room.
	// (She may have done so before the window.)
	steppedAway := func(e event) bool {
		return e.str("type") == "turn.committed" && e.str("actor_id") == aria &&
			strings.Contains(lastLog(e), "as Aria leaves its reach") && strings.Contains(lastLog(e), "Aria leaves the fight")
	}
	var step event
	if k := slices.IndexFunc(rt.socks[0].events(), steppedAway); k >= 0 {
		step = rt.socks[0].events()[k]
	} else {
		rt.until = steppedAway
		var ok bool
		if step, _, ok = rt.fightOn(ci, func(event) bool { return false }, nil); !ok {
			t.Fatalf("the fight ended before Aria stepped away: %v", step)
		}
	}
	enc, _ := step["encounter"].(map[string]any)
	if text := lastLog(step); !strings.Contains(text, "Satyr 1 makes an opportunity attack as Aria leaves its reach") {
		t.Errorf("Aria's move: %q, want the satyr's opportunity attack", text)
	}
	chars, _ := step["characters"].([]any)
	if len(chars) != 1 || chars[0].(map[string]any)["area_id"] == "" || participantOf(enc, aria)["engaged"] != nil {
		t.Errorf("Aria after her move: %v; in the fight %v", chars, participantOf(enc, aria))
	}
}

// settle passes every further window of turnID (the satyr's attack
// that follows may offer Aria her Shield) until the turn is committed.
func (rt *reactTable) settle(from int, turnID string) {
	rt.t.Helper()
	for {
		e, i := rt.socks[0].wait(from, "the turn's windows and commit", func(e event) bool {
			return e.str("turn_id") == turnID && (e.str("type") == "reaction.window" || e.str("type") == "turn.committed")
		})
		if e.str("type") == "turn.committed" {
			return
		}
		from = i + 1
		for _, id := range eligibleIDs(e) {
			k := slices.Index(rt.chars, id)
			rt.socks[k].send(map[string]any{"action": "react", "request_id": fmt.Sprintf("settle-%d-%s", i, id),
				"turn_id": turnID, "character_id": id, "reaction": "pass"})
		}
	}
}

// lastLog is the text of the last entry of the encounter log an event
// carries.
func lastLog(e event) string {
	enc, _ := e["encounter"].(map[string]any)
	log, _ := enc["log"].([]any)
	if len(log) == 0 {
		return ""
	}
	last, _ := log[len(log)-1].(map[string]any)
	text, _ := last["text"].(string)
	return text
}

// areaOf is where a character's sheet says it is.
func (rt *reactTable) areaOf(characterID string) string {
	rt.t.Helper()
	var view struct {
		Characters []struct {
			ID     string
			AreaID string `json:"area_id"`
		}
	}
	rt.players[0].must("GET", "/api/campaigns/"+rt.id, nil, &view, http.StatusOK)
	for _, c := range view.Characters {
		if c.ID == characterID {
			return c.AreaID
		}
	}
	return ""
}

// participantOf is the participant of an encounter event linked to a
// character.
func participantOf(enc map[string]any, characterID string) map[string]any {
	ps, _ := enc["participants"].([]any)
	for _, x := range ps {
		if p, _ := x.(map[string]any); p["character_id"] == characterID {
			return p
		}
	}
	return nil
}
