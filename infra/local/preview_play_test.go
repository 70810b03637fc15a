package main

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
)

// A goblin's hit on the wizard opens a window whose Shield offer says,
// through the socket, what Shield would change in the numbers of the roll
// the window answers: its total against the armour class Shield would
// make. And the wizard's sheet opens its numbers' working over the API,
// the armour class the one the sheet holds.
func TestReactionWindowPreviewsShieldFromTheHeldRoll(t *testing.T) {
	base := inProcess(t)
	rt := newReactTable(t, base, map[string]any{"reaction_window_seconds": 30})
	rt.begin(3)
	aria := rt.chars[0]
	win, at := rt.fight(0, func(e event) bool { return offered(e, aria, "shield") }, nil)
	roll, _ := rt.socks[0].wait(0, "the roll the window answers", func(e event) bool {
		return e.str("type") == "roll.result" && e.str("turn_id") == win.str("turn_id") && e.str("roll_id") == win.str("roll_id")
	})
	w, _ := roll["working"].(map[string]any)
	dc, _ := w["dc"].(map[string]any)
	ac, _ := dc["value"].(float64)
	if ac == 0 {
		t.Fatalf("the window's roll has no armour class in its working: %v", roll)
	}
	var preview map[string]any
	for _, x := range win["eligible"].([]any) {
		el := x.(map[string]any)
		if el["character_id"] != aria {
			continue
		}
		offers, _ := el["offers"].([]any)
		i := slices.IndexFunc(offers, func(o any) bool { return o.(map[string]any)["name"] == "shield" })
		if i >= 0 {
			preview, _ = offers[i].(map[string]any)["preview"].(map[string]any)
		}
	}
	text, _ := preview["text"].(string)
	head := fmt.Sprintf("Shield: %d vs AC %d, ", roll.num("total"), int(ac)+5)
	natural := strings.HasPrefix(text, fmt.Sprintf("Shield: AC %d, but a natural 20", int(ac)+5))
	if !strings.HasPrefix(text, head) && !natural {
		t.Fatalf("Shield's preview = %v, want it to begin %q (the roll: %v)", preview, head, roll)
	}
	if effect := preview["effect"]; (effect == "hit_to_miss") != (roll.num("total") < int64(ac)+5 && !natural) {
		t.Errorf("Shield's effect %v for %d vs AC %d", effect, roll.num("total"), int(ac)+5)
	}
	rt.passAll(win, at)

	var sheet struct {
		Characters []struct {
			ID string
			AC int
		}
	}
	rt.players[0].must("GET", "/api/campaigns/"+rt.id, nil, &sheet, http.StatusOK)
	var got struct {
		Working struct {
			CharacterID string `json:"character_id"`
			AC          struct {
				Value int
				Terms []struct{ Value int }
			}
			SpellDC *struct{ Value int } `json:"spell_dc"`
		}
	}
	rt.players[1].must("GET", "/api/campaigns/"+rt.id+"/characters/"+aria+"/working", nil, &got, http.StatusOK)
	i := slices.IndexFunc(sheet.Characters, func(c struct {
		ID string
		AC int
	}) bool {
		return c.ID == aria
	})
	sum := 0
	for _, x := range got.Working.AC.Terms {
		sum += x.Value
	}
	if i < 0 || got.Working.CharacterID != aria || got.Working.AC.Value != sheet.Characters[i].AC || sum != got.Working.AC.Value || got.Working.SpellDC == nil {
		t.Errorf("the wizard's sheet working %+v, her sheet's AC %+v", got.Working, sheet.Characters)
	}
	rt.players[1].must("GET", "/api/campaigns/"+rt.id+"/characters/nobody/working", nil, nil, http.StatusNotFound)
}
