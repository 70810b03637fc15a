package main

import (
	"fmt"
	"maps"
	"net/http"
	"strconv"
	"strings"
	"testing"
)

// Magic items played end to end: the owner hands them out, the sheet and
// the fight show their numbers, a wand's charges run out.
func TestMagicItemsPlayedOverTheSocket(t *testing.T) {
	base := inProcess(t, func(c *config) { c.turnRate = 0 })
	fighter := bram(1)

	// A +1 longsword adds 1 to the attack and damage rolls; a Ring of
	// Protection adds 1 to AC once attuned, and not before.
	t.Run("a +1 longsword and a ring of protection", func(t *testing.T) {
		t.Parallel()
		h := newHero(t, base, fighter, dummy)
		give := func(body map[string]any) {
			h.p.must("POST", "/api/campaigns/"+h.id+"/characters/"+h.char+"/give", body, nil, http.StatusOK)
		}
		give(map[string]any{"item": "longsword", "magic": "weapon-1"})
		give(map[string]any{"item": "ring-of-protection"})
		ac := func() int {
			var v struct {
				Characters []struct {
					ID string
					AC int
				}
			}
			h.p.must("GET", "/api/campaigns/"+h.id, nil, &v, http.StatusOK)
			for _, c := range v.Characters {
				if c.ID == h.char {
					return c.AC
				}
			}
			t.Fatal("no character")
			return 0
		}
		before := ac()
		h.out(map[string]any{"kind": "equip", "item": "longsword"})
		h.out(map[string]any{"kind": "attune", "item": "ring-of-protection"})
		if after := ac(); after != before+1 {
			t.Fatalf("attuned to a ring of protection: AC %d, was %d", after, before)
		}
		h.begin("dummy", 1)
		c, attack, damage, _ := h.strikeUntilHit(map[string]any{"weapon": "longsword"}, 6)
		// Strength 16 (15, a human's +1): +3, proficiency +2, the sword's +1.
		if attack.Total-attack.Rolls[0] != 6 || damage.Dice != "1d8+4" {
			t.Errorf("a +1 longsword's rolls: attack %+v, damage %+v", attack, damage)
		}
		if log := fmt.Sprint(encounterOf(c)["log"]); !strings.Contains(log, "+1 longsword") {
			t.Errorf("the log does not name the magic sword: %s", log)
		}
	})

	// A Wand of Magic Missiles in a fighter's hand: three darts for a
	// charge, more for more; its seven charges run out, and what the
	// fight spent stays spent.
	t.Run("a wand of magic missiles runs out", func(t *testing.T) {
		t.Parallel()
		h := newHero(t, base, fighter, dummy)
		h.p.must("POST", "/api/campaigns/"+h.id+"/characters/"+h.char+"/give", map[string]any{"item": "wand-of-magic-missiles"}, nil, http.StatusOK)
		h.begin("dummy", 1)
		for _, level := range []int{3, 3, 1} {
			enc, _ := h.myTurn()
			h.act(map[string]any{"kind": "cast", "spell": "magic-missile", "slot_level": level, "target_ids": []string{monsters(enc)[0]},
				"with": []string{"wand-of-magic-missiles"}}, nil)
		}
		enc, _ := h.myTurn()
		if n := poolLeft(enc, h.char, "item:wand-of-magic-missiles"); n != 0 {
			t.Fatalf("after 3 + 3 + 1 charges the wand has %d left", n)
		}
		h.n++
		rid := fmt.Sprintf("turn-%d", h.n)
		mark := h.s.count()
		h.s.send(map[string]any{"action": "turn", "request_id": rid, "character_id": h.char,
			"intent": map[string]any{"kind": "cast", "spell": "magic-missile", "target_ids": []string{monsters(enc)[0]}, "with": []string{"wand-of-magic-missiles"}}})
		e, _ := h.s.wait(mark, "the refusal", func(e event) bool { return e.str("request_id") == rid })
		if e.str("type") != "error" || !strings.Contains(fmt.Sprint(e["message"]), "charges") {
			t.Fatalf("a cast from the empty wand: %v", e)
		}
		h.end(enc)
		var v struct {
			Characters []struct {
				ID        string
				Inventory []struct {
					Item string
					Used int
				}
			}
		}
		h.p.must("GET", "/api/campaigns/"+h.id, nil, &v, http.StatusOK)
		for _, c := range v.Characters {
			for _, it := range c.Inventory {
				if c.ID == h.char && it.Item == "wand-of-magic-missiles" && it.Used != 7 {
					t.Errorf("the wand after the fight has %d charges spent, want 7", it.Used)
				}
			}
		}
	})
}

// strikeUntilHit attacks the first monster with the attack's fields in
// (the weapon, the ammunition), one attack a turn, until one hits or
// tries have been made. It returns the last attack's committed turn, its
// attack roll and the damage rolled (none when no attack hit), and the
// attacks made.
func (h *hero) strikeUntilHit(in map[string]any, tries int) (c event, attack, damage roll, made int) {
	h.t.Helper()
	for made < tries && damage.Dice == "" {
		enc, _ := h.myTurn()
		intent := map[string]any{"kind": "attack", "target_id": monsters(enc)[0]}
		maps.Copy(intent, in)
		c, made = h.act(intent, nil), made+1
		for _, r := range rollsOf(h.t, c) {
			switch r.Reason {
			case "attack roll":
				attack = r
			case "damage":
				damage = r
			}
		}
	}
	return c, attack, damage, made
}

// out takes a turn out of a fight with intent in, and fails the test on a
// refusal.
func (h *hero) out(in map[string]any) event {
	h.t.Helper()
	h.n++
	rid := fmt.Sprintf("turn-%d", h.n)
	mark := h.s.count()
	h.s.send(map[string]any{"action": "turn", "request_id": rid, "character_id": h.char, "intent": in})
	acc, i := h.s.wait(mark, "turn.accepted", func(e event) bool {
		return e.str("request_id") == rid && (e.str("type") == "turn.accepted" || e.str("type") == "error")
	})
	if acc.str("type") == "error" {
		h.t.Fatalf("%v refused: %v", in, acc)
	}
	e, _ := h.s.wait(i, "the turn committed", turnEvent("turn.committed", acc.str("turn_id")))
	return e
}

// Gauntlets of Ogre Power over the socket: the owner gives them, the
// fighter attunes, and its longsword's rolls take Strength 19's +4, not
// its own 16's +3.
func TestGauntletsOfOgrePowerOverTheSocket(t *testing.T) {
	base := inProcess(t, func(c *config) { c.turnRate = 0 })
	fighter := bram(1)
	h := newHero(t, base, fighter, dummy)
	for _, item := range []string{"longsword", "gauntlets-of-ogre-power"} {
		h.p.must("POST", "/api/campaigns/"+h.id+"/characters/"+h.char+"/give", map[string]any{"item": item}, nil, http.StatusOK)
	}
	h.out(map[string]any{"kind": "equip", "item": "longsword"})
	h.out(map[string]any{"kind": "attune", "item": "gauntlets-of-ogre-power"})
	h.begin("dummy", 1)
	_, attack, damage, _ := h.strikeUntilHit(map[string]any{"weapon": "longsword"}, 6)
	// Strength 19: +4, proficiency +2.
	if attack.Total-attack.Rolls[0] != 6 || !strings.HasSuffix(damage.Dice, "+4") {
		t.Errorf("a longsword in Gauntlets of Ogre Power: attack %+v, damage %+v", attack, damage)
	}
}

// A Potion of Speed over the socket: drunk in a fight, it gives Haste's
// +2 AC and doubled speed with no concentration, and the pack has no
// potion left.
func TestPotionOfSpeedOverTheSocket(t *testing.T) {
	base := inProcess(t, func(c *config) { c.turnRate = 0 })
	fighter := bram(1)
	h := newHero(t, base, fighter, dummy)
	h.p.must("POST", "/api/campaigns/"+h.id+"/characters/"+h.char+"/give", map[string]any{"item": "potion-of-speed"}, nil, http.StatusOK)
	h.begin("dummy", 1)
	enc, _ := h.myTurn()
	before := participantByID(enc, h.char)
	c := h.act(map[string]any{"kind": "use_item", "item": "potion-of-speed"}, nil)
	after := participantByID(encounterOf(c), h.char)
	if after == nil || before == nil {
		t.Fatalf("no participant %s before or after the potion: %v", h.char, encounterOf(c))
	}
	ac := func(p map[string]any) float64 { x, _ := p["ac"].(float64); return x }
	combatant, _ := after["combatant"].(map[string]any)
	speed, _ := combatant["speed"].(float64)
	if ac(after) != ac(before)+2 || speed != 60 || combatant["concentration"] != nil && combatant["concentration"] != "" {
		t.Fatalf("after a Potion of Speed: AC %v (was %v), speed %v, concentration %v", ac(after), ac(before), speed, combatant["concentration"])
	}
	if log := fmt.Sprint(encounterOf(c)["log"]); !strings.Contains(log, "Potion of Speed") || !strings.Contains(log, "Haste") {
		t.Errorf("the log does not tell the potion: %s", log)
	}
}

// +1 arrows over the socket: the first shot from a longbow is a +1
// arrow's, 1 more to hit and to damage; the fight's end writes the arrows
// shot back on the sheet, a +1 arrow that hit no longer magic, and the
// sheet says what the +1 arrows left do.
func TestMagicArrowsOverTheSocket(t *testing.T) {
	base := inProcess(t, func(c *config) { c.turnRate = 0 })
	fighter := bram(1)
	h := newHero(t, base, fighter, dummy)
	for _, g := range []map[string]any{{"item": "longbow"}, {"item": "arrow", "qty": 4}, {"item": "arrow", "magic": "ammunition-1", "qty": 3}} {
		h.p.must("POST", "/api/campaigns/"+h.id+"/characters/"+h.char+"/give", g, nil, http.StatusOK)
	}
	h.begin("dummy", 1)
	// Each shot until a hit a +1 arrow.
	c, attack, damage, shots := h.strikeUntilHit(map[string]any{"weapon": "longbow"}, 3)
	enc := encounterOf(c)
	if log := fmt.Sprint(enc["log"]); !strings.Contains(log, "shoots a +1 arrow") || !strings.Contains(log, "no longer magical") {
		t.Errorf("the log does not tell the +1 arrow: %s", log)
	}
	// A plain arrow, named, for the difference: 1 to hit, 1 to damage
	// (Dexterity +1 to both).
	enc, _ = h.myTurn()
	c = h.act(map[string]any{"kind": "attack", "target_id": monsters(enc)[0], "weapon": "longbow", "item": "arrow"}, nil)
	enc = encounterOf(c)
	for _, r := range rollsOf(t, c) {
		if r.Reason == "attack roll" && !plusOne(r.Dice, attack.Dice) {
			t.Errorf("a +1 arrow's attack %s, a plain one's %s", attack.Dice, r.Dice)
		}
	}
	if damage.Dice != "1d8+2" {
		t.Errorf("a +1 arrow's damage %s, want 1d8+2", damage.Dice)
	}
	h.end(enc)
	var v struct {
		Characters []struct {
			ID        string
			Inventory []struct {
				Item, Magic, Name, Does string
				Qty                     int
			}
		}
	}
	h.p.must("GET", "/api/campaigns/"+h.id, nil, &v, http.StatusOK)
	plain, magic, does := 0, 0, ""
	for _, c := range v.Characters {
		for _, it := range c.Inventory {
			switch {
			case c.ID != h.char || it.Item != "arrow":
			case it.Magic == "ammunition-1":
				magic, does = magic+it.Qty, it.Does
			default:
				plain += it.Qty
			}
		}
	}
	// Half the arrows shot are found (the +1 ones and the plain one,
	// rounded down): of the +1 misses, half still +1; the rest plain.
	found, missesFound := (shots+1)/2, (shots-1)/2
	if magic != 3-shots+missesFound || plain != 4-1+found-missesFound {
		t.Errorf("after %d shots the sheet holds %d +1 and %d plain arrows", shots, magic, plain)
	}
	if magic > 0 && does != "+1 to attack and damage rolls, lost once it hits" {
		t.Errorf("the sheet says the +1 arrows do %q", does)
	}
}

// plusOne reports whether the attack roll magic ("1d20+6") is plain's
// ("1d20+5") with 1 more.
func plusOne(plain, magic string) bool {
	_, p, _ := strings.Cut(plain, "+")
	_, m, _ := strings.Cut(magic, "+")
	x, errP := strconv.Atoi(p)
	y, errM := strconv.Atoi(m)
	return errP == nil && errM == nil && y == x+1
}
