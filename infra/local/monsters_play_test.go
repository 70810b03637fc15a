package main

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// Monsters' hits played end to end through the WebSocket API: the
// conditions their stat blocks put on a hit (issue 23). As in
// features_play_test.go the server rolls its own dice, so the monsters
// are homebrew that hit on all but a natural 1 with saves nobody makes,
// and each assertion holds whatever is rolled.

// holder is a homebrew monster whose one attack hits all but on a natural
// 1 for 1d4 and puts the hit condition onHit (JSON) on its target; it
// falls to no blow a test strikes.
func holder(id, attack, onHit string) string {
	return fmt.Sprintf(`{"id":%q,"name":%q,"size":"Medium","type":"monstrosity","alignment":"unaligned",
"ac":1,"hp":1000,"hit_dice":"100d10","speed":{"walk":30},"abilities":{"str":10,"dex":1,"con":10,"int":1,"wis":10,"cha":1},
"senses":{"passive_perception":10},"cr":0,"xp":0,"proficiency_bonus":2,
"actions":[{"id":%q,"name":%q,"attack_bonus":30,"attack_type":"melee","reach":5,"damage":[{"dice":"1d4","type":"slashing"}],"on_hit":[%s]}]}`,
		id, strings.ToUpper(id[:1])+id[1:], strings.ToLower(attack), attack, onHit)
}

// fightOn plays the character's turns by ending them, passes the windows
// offered, and returns the monsters' committed turns until done says
// enough (the test fails when 400 events pass without it).
func (h *hero) fightOn(done func(monsterTurns []event) bool) []event {
	h.t.Helper()
	var turns []event
	for range 400 {
		e, i := h.s.wait(h.from, "the fight going on", func(e event) bool {
			switch e.str("type") {
			case "reaction.window", "encounter", "turn.committed":
				return true
			}
			return false
		})
		h.from = i + 1
		switch e.str("type") {
		case "reaction.window":
			h.react(e, "pass")
			continue
		case "turn.committed":
			if e.str("actor_id") != h.char {
				turns = append(turns, e)
				if done(turns) {
					return turns
				}
			}
		}
		enc := encounterOf(e)
		if enc == nil || enc["status"] != "active" {
			if enc != nil {
				h.t.Fatalf("the fight ended (%v): %v", enc["outcome"], enc["log"])
			}
			continue
		}
		// The character's own turn, when it can act (a paralysed one's is
		// ended by the rules).
		if enc["current"] == h.char && !slices.Contains(conditionsOf(enc, h.char), "paralyzed") {
			h.act(map[string]any{"kind": "end_turn"}, nil)
		}
	}
	h.t.Fatalf("the monsters took %d turns and the fight never got there", len(turns))
	return nil
}

func TestMonsterHitsPlayedOverTheSocket(t *testing.T) {
	base := inProcess(t, func(c *config) { c.turnRate = 0 })
	fighter := map[string]any{"name": "Bram", "race": "human", "class": "fighter", "level": 5, "subclass": "champion",
		"abilities": map[string]int{"str": 14, "dex": 12, "con": 15, "int": 8, "wis": 10, "cha": 10}}

	// A ghoul's claws paralyse behind a Constitution save the target
	// repeats at the end of each of its turns; a hit on the paralysed from
	// within 5 feet is a critical hit: its damage dice double.
	t.Run("ghoul claws paralyse, and the next hit is a critical", func(t *testing.T) {
		t.Parallel()
		h := newHero(t, base, fighter, holder("ghast", "Claws",
			`{"condition":"paralyzed","save":{"ability":"con","value":30},"duration":"1 minute","repeat":true}`))
		h.begin("ghast", 1)
		paralysedAt := -1
		turns := h.fightOn(func(turns []event) bool {
			last := turns[len(turns)-1]
			if paralysedAt < 0 && slices.Contains(conditionsOf(encounterOf(last), h.char), "paralyzed") {
				paralysedAt = len(turns) - 1
			}
			return paralysedAt >= 0 && len(turns) > paralysedAt+1
		})
		log := fmt.Sprint(encounterOf(turns[paralysedAt])["log"])
		if !strings.Contains(log, "Bram is paralyzed by Ghast 1's claws") {
			t.Errorf("the paralysing turn's log: %s", log)
		}
		next := turns[paralysedAt+1]
		var dmg []roll
		for _, r := range rollsOf(t, next) {
			if r.Reason == "damage" {
				dmg = append(dmg, r)
			}
		}
		if len(dmg) != 1 || dmg[0].Dice != "1d4" || len(dmg[0].Rolls) != 2 || !strings.Contains(fmt.Sprint(encounterOf(next)["log"]), "critical because the target is paralyzed") {
			t.Errorf("the hit on the paralysed rolled damage %+v, want the 1d4's die twice: %v", dmg, encounterOf(next)["log"])
		}
		if !slices.Contains(conditionsOf(encounterOf(next), h.char), "paralyzed") {
			t.Errorf("Bram is no longer paralysed after a save of DC 30: %v", encounterOf(next)["log"])
		}
	})

	// A wolf's bite knocks prone behind a Strength save; the prone
	// creature stands up when its turn starts, with half its movement.
	t.Run("a wolf knocks prone, and the prone stand up", func(t *testing.T) {
		t.Parallel()
		h := newHero(t, base, fighter, holder("hound", "Bite", `{"condition":"prone","save":{"ability":"str","value":30}}`))
		h.begin("hound", 1)
		turns := h.fightOn(func(turns []event) bool {
			return strings.Contains(fmt.Sprint(encounterOf(turns[len(turns)-1])["log"]), "knocked prone")
		})
		enc := encounterOf(turns[len(turns)-1])
		log := fmt.Sprint(enc["log"])
		if !strings.Contains(log, "Bram is knocked prone by Hound 1's bite") || !strings.Contains(log, "Bram stands up (15 ft of movement)") {
			t.Fatalf("the bite's turn: %s", log)
		}
		bram := participantByID(enc, h.char)
		if turn, _ := bram["turn"].(map[string]any); enc["current"] != h.char || turn["movement"] != 15.0 || slices.Contains(conditionsOf(enc, h.char), "prone") {
			t.Errorf("at the start of his turn Bram is %v with turn %v", conditionsOf(enc, h.char), bram["turn"])
		}
	})
}
