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

// bram is the fighter the monsters face: a human of the given level, a
// champion from level 3.
func bram(level int) map[string]any {
	spec := map[string]any{"name": "Bram", "race": "human", "class": "fighter", "level": level,
		"abilities": map[string]int{"str": 15, "dex": 12, "con": 14, "int": 8, "wis": 10, "cha": 10}}
	if level >= 3 {
		spec["subclass"] = "champion"
	}
	return spec
}

// tough is a homebrew monster of 1000 hit points behind an AC of 1, so
// it falls to no blow a test strikes, with fields (JSON: its actions and
// traits) for the rest of its stat block.
func tough(id, size, typ, alignment, fields string) string {
	return fmt.Sprintf(`{"id":%q,"name":%q,"size":%q,"type":%q,"alignment":%q,
"ac":1,"hp":1000,"hit_dice":"100d10","speed":{"walk":30},"abilities":{"str":10,"dex":1,"con":10,"int":10,"wis":10,"cha":10},
"senses":{"passive_perception":10},"cr":0,"xp":0,"proficiency_bonus":2,%s}`,
		id, strings.ToUpper(id[:1])+id[1:], size, typ, alignment, fields)
}

// weakClaw is a claw that hits nobody but on a natural 20, for 1.
const weakClaw = `{"id":"claw","name":"Claw","attack_bonus":-5,"attack_type":"melee","reach":5,"damage":[{"dice":"1","type":"slashing"}]}`

// logSays is a fightOn's done: the last turn's encounter log holds text
// (the fight's log is whole in each turn).
func logSays(text string) func([]event) bool {
	return func(turns []event) bool {
		return strings.Contains(fmt.Sprint(encounterOf(turns[len(turns)-1])["log"]), text)
	}
}

// becomes is a fightOn's done: the character has condition after the
// last turn.
func (h *hero) becomes(condition string) func([]event) bool {
	return func(turns []event) bool {
		return slices.Contains(conditionsOf(encounterOf(turns[len(turns)-1]), h.char), condition)
	}
}

// attacks is a fightOn's done: the last turn rolled the attack of the
// monster id.
func attacks(t *testing.T, id string) func([]event) bool {
	return func(turns []event) bool {
		return slices.ContainsFunc(rollsOf(t, turns[len(turns)-1]), func(r roll) bool { return r.RollerID == id && r.Reason == "attack roll" })
	}
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
		// A hit on the paralysed is a critical hit: by the paralysis, or by
		// a natural 20 (the log says which).
		if len(dmg) != 1 || dmg[0].Dice != "1d4" || len(dmg[0].Rolls) != 2 || !strings.Contains(fmt.Sprint(encounterOf(next)["log"]), "critical hit on Bram") {
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
		turns := h.fightOn(logSays("knocked prone"))
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

// statBlock is a homebrew monster that hits nobody but on a natural 20,
// for 1, at hp hit points behind an AC of 1, with Constitution con and
// the special abilities traits (JSON).
func statBlock(id string, hp, con int, traits string) string {
	return fmt.Sprintf(`{"id":%q,"name":%q,"size":"Large","type":"undead","alignment":"chaotic evil",
"ac":1,"hp":%d,"hit_dice":"4d10","speed":{"walk":30},"abilities":{"str":10,"dex":1,"con":%d,"int":1,"wis":10,"cha":1},
"senses":{"passive_perception":10},"cr":0,"xp":0,"proficiency_bonus":2,"special_abilities":[%s],
"actions":[%s]}`,
		id, strings.ToUpper(id[:1])+id[1:], hp, con, traits, weakClaw)
}

func TestMonsterTraitsPlayedOverTheSocket(t *testing.T) {
	base := inProcess(t, func(c *config) { c.turnRate = 0 })
	fighter := bram(5)
	regeneration := `{"id":"regeneration","name":"Regeneration","amount":10,"stopped_by":["acid","fire"],"holds_at_zero":true}`

	// A troll dropped by a sword lies at 0 and rises with 10 hit points
	// when its turn starts.
	t.Run("a troll regenerates", func(t *testing.T) {
		t.Parallel()
		h := newHero(t, base, fighter, statBlock("grimtroll", 30, 10, regeneration))
		h.begin("grimtroll", 1)
		for range 10 {
			enc, _ := h.myTurn()
			troll := monsters(enc)[0]
			c := h.act(map[string]any{"kind": "attack", "target_id": troll}, nil)
			log := fmt.Sprint(encounterOf(c)["log"])
			if !strings.Contains(log, "flesh still knits") {
				continue
			}
			if encounterOf(c)["status"] != "active" {
				t.Fatalf("the fight ended with the troll at 0 and unburned: %s", log)
			}
			_, seen := h.myTurn()
			var turn string
			for _, c := range seen {
				turn += fmt.Sprint(encounterOf(c)["log"])
			}
			if !strings.Contains(turn, "Grimtroll 1 regenerates 10 hit points") {
				t.Fatalf("the troll's turn after it fell: %s", turn)
			}
			return
		}
		t.Fatal("the troll never fell in ten turns")
	})

	// Fire stops it: a troll burned lies dead, and the fight is won.
	t.Run("a burned troll dies", func(t *testing.T) {
		t.Parallel()
		h := newHero(t, base, map[string]any{"name": "Ash", "race": "human", "class": "wizard", "level": 1,
			"abilities": map[string]int{"str": 8, "dex": 14, "con": 13, "int": 15, "wis": 12, "cha": 10},
			"choices":   map[string]any{"cantrips": []string{"fire-bolt", "light", "mage-hand"}}},
			statBlock("grimtroll", 3, 10, regeneration))
		h.begin("grimtroll", 1)
		for range 12 {
			enc, _ := h.myTurn()
			c := h.act(map[string]any{"kind": "cast", "spell": "fire-bolt", "target_ids": []string{monsters(enc)[0]}}, nil)
			end := encounterOf(c)
			if end["status"] == "active" {
				continue
			}
			log := fmt.Sprint(end["log"])
			if end["outcome"] != "victory" || strings.Contains(log, "flesh still knits") {
				t.Fatalf("burning the troll: %v: %s", end["outcome"], log)
			}
			return
		}
		t.Fatal("the troll outlived twelve fire bolts")
	})

	// A zombie dropped to 0 makes a Constitution save of DC 5 + the damage
	// and, made, stands at 1 hit point.
	t.Run("a zombie's undead fortitude", func(t *testing.T) {
		t.Parallel()
		// A 1st-level fighter, one attack a turn: the zombie that held is
		// still at 1 when the turn is committed.
		one := bram(1)
		h := newHero(t, base, one, statBlock("shambler", 12, 30,
			`{"id":"undead-fortitude","name":"Undead Fortitude"}`))
		h.begin("shambler", 4)
		for range 40 {
			enc, _ := h.myTurn()
			var alive []string
			for _, id := range monsters(enc) {
				if participantByID(enc, id)["defeated"] != true {
					alive = append(alive, id)
				}
			}
			if len(alive) == 0 {
				break
			}
			c := h.act(map[string]any{"kind": "attack", "target_id": alive[0]}, nil)
			after := encounterOf(c)
			if !strings.Contains(fmt.Sprint(after["log"]), "lurches back up at 1 hit point") {
				if after["status"] != "active" {
					break
				}
				continue
			}
			if hp := hpOf(after, alive[0]); hp != 1 {
				t.Fatalf("a zombie that held stands at %d HP", hp)
			}
			return
		}
		t.Fatal("no zombie of four held with Undead Fortitude")
	})
}

// A dragon's Frightful Presence over the socket: with its Multiattack,
// a Wisdom save nobody makes frightens the party; the frightened repeat
// the save at the end of each of their turns.
func TestFrightfulPresenceOverTheSocket(t *testing.T) {
	base := inProcess(t, func(c *config) { c.turnRate = 0 })
	h := newHero(t, base, bram(1),
		`{"id":"wyrm","name":"Wyrm","size":"Huge","type":"dragon","alignment":"chaotic evil",
"ac":1,"hp":1000,"hit_dice":"100d12","speed":{"walk":40},"abilities":{"str":10,"dex":1,"con":10,"int":10,"wis":10,"cha":10},
"senses":{"passive_perception":10},"cr":0,"xp":0,"proficiency_bonus":2,
"actions":[{"id":"frightful-presence","name":"Frightful Presence","dc":{"ability":"wis","value":30,"success":"none"},
"inflicts":[{"condition":"frightened","duration":"1 minute","repeat":true}],"immune_after":true},
{"id":"claw","name":"Claw","attack_bonus":-5,"attack_type":"melee","reach":5,"damage":[{"dice":"1","type":"slashing"}]}]}`)
	h.begin("wyrm", 1)
	turns := h.fightOn(h.becomes("frightened"))
	log := fmt.Sprint(encounterOf(turns[len(turns)-1])["log"])
	if !strings.Contains(log, "Wyrm 1 uses Frightful Presence") || !strings.Contains(log, "Bram is frightened by Wyrm 1's frightful presence") {
		t.Fatalf("the wyrm's turn: %s", log)
	}
}

// A druid's spells over the socket: Conjure Animals brings wolves that
// take their own turns and bite the druid's foes; Moonbeam burns the
// creature named as it is cast when its turn starts.
func TestDruidSpellsOverTheSocket(t *testing.T) {
	base := inProcess(t, func(c *config) { c.turnRate = 0 })
	druid := map[string]any{"name": "Ash", "race": "human", "class": "druid", "level": 5,
		"abilities": map[string]int{"str": 10, "dex": 14, "con": 13, "int": 8, "wis": 15, "cha": 12}}

	t.Run("conjure animals", func(t *testing.T) {
		t.Parallel()
		h := newHero(t, base, druid, dummy)
		h.out(map[string]any{"kind": "prepare", "spells": []string{"conjure-animals", "moonbeam", "cure-wounds"}})
		h.begin("dummy", 1)
		h.myTurn()
		c := h.act(map[string]any{"kind": "cast", "spell": "conjure-animals", "slot_level": 3, "choice": "wolf"}, nil)
		enc := encounterOf(c)
		wolves := 0
		for _, x := range enc["participants"].([]any) {
			if p := x.(map[string]any); p["summoned"] == true && p["summoned_by"] == h.char {
				wolves++
			}
		}
		if wolves != 8 {
			t.Fatalf("Conjure Animals brought %d wolves: %v", wolves, enc["log"])
		}
		turns := h.fightOn(func(turns []event) bool {
			return strings.Contains(fmt.Sprint(turns[len(turns)-1]["actor_id"]), "-wolf-")
		})
		if log := fmt.Sprint(encounterOf(turns[len(turns)-1])["log"]); !strings.Contains(log, "Wolf") || !strings.Contains(log, "Straw Dummy") {
			t.Errorf("a wolf's turn: %s", log)
		}
	})

	t.Run("moonbeam", func(t *testing.T) {
		t.Parallel()
		h := newHero(t, base, druid, dummy)
		h.out(map[string]any{"kind": "prepare", "spells": []string{"conjure-animals", "moonbeam", "cure-wounds"}})
		h.begin("dummy", 1)
		enc, _ := h.myTurn()
		dummyID := monsters(enc)[0]
		h.act(map[string]any{"kind": "cast", "spell": "moonbeam", "slot_level": 2, "target_ids": []string{dummyID}}, nil)
		turns := h.fightOn(logSays("Moonbeam: Straw Dummy 1"))
		if hp := hpOf(encounterOf(turns[len(turns)-1]), dummyID); hp >= 1000 {
			t.Errorf("the dummy in the beam is at %d HP", hp)
		}
	})
}

// A life drain over the socket: the hit takes its necrotic damage from
// the hit point maximum, the sheet keeps the loss after the fight, and a
// long rest gives it back.
func TestLifeDrainOverTheSocket(t *testing.T) {
	base := inProcess(t, func(c *config) { c.turnRate = 0 })
	h := newHero(t, base, map[string]any{"name": "Bram", "race": "human", "class": "fighter", "level": 5, "subclass": "champion",
		"abilities": map[string]int{"str": 14, "dex": 12, "con": 15, "int": 8, "wis": 10, "cha": 10}},
		`{"id":"gloom","name":"Gloom","size":"Medium","type":"undead","alignment":"neutral evil",
"ac":1,"hp":1000,"hit_dice":"100d10","speed":{"walk":30},"abilities":{"str":10,"dex":1,"con":10,"int":1,"wis":10,"cha":1},
"senses":{"passive_perception":10},"cr":0,"xp":0,"proficiency_bonus":2,
"actions":[{"id":"life-drain","name":"Life Drain","attack_bonus":30,"attack_type":"melee","reach":5,"damage":[{"dice":"1d4","type":"necrotic"}],
"drain":{"save":{"ability":"con","value":30,"success":"none"}}}]}`)
	full := h.sheet().MaxHP
	h.begin("gloom", 1)
	turns := h.fightOn(logSays("hit point maximum, now"))
	enc := encounterOf(turns[len(turns)-1])
	var drained, maxNow float64
	for _, p := range enc["participants"].([]any) {
		p := p.(map[string]any)
		if p["character_id"] == h.char {
			drained, _ = p["combatant"].(map[string]any)["drained"].(float64)
			maxNow = p["max_hp"].(float64)
		}
	}
	if drained < 1 || int(maxNow) != full-int(drained) {
		t.Fatalf("after the drain: drained %v, maximum %v of %d: %v", drained, maxNow, full, enc["log"])
	}
	h.end(enc)
	s := h.sheet()
	if s.Drained != int(drained) || s.MaxHP != full {
		t.Fatalf("the sheet after the fight: drained %d max_hp %d, want %v and %d", s.Drained, s.MaxHP, drained, full)
	}
	h.act(map[string]any{"kind": "rest", "rest": "long"}, nil)
	if s := h.sheet(); s.Drained != 0 || s.HP != full {
		t.Errorf("after a long rest: %d/%d HP, drained %d", s.HP, s.MaxHP, s.Drained)
	}
}

// A swallower over the socket: its bite (which hits on all but a 1)
// swallows the fighter, blinded and restrained; inside, his attack on it
// is played, and its acid burns him as its turn starts.
func TestSwallowedOverTheSocket(t *testing.T) {
	base := inProcess(t, func(c *config) { c.turnRate = 0 })
	h := newHero(t, base, map[string]any{"name": "Bram", "race": "human", "class": "fighter", "level": 5, "subclass": "champion",
		"abilities": map[string]int{"str": 14, "dex": 12, "con": 15, "int": 8, "wis": 10, "cha": 10}},
		`{"id":"gulper","name":"Gulper","size":"Huge","type":"monstrosity","alignment":"unaligned",
"ac":1,"hp":1000,"hit_dice":"100d10","speed":{"walk":30},"abilities":{"str":10,"dex":1,"con":10,"int":1,"wis":10,"cha":1},
"senses":{"passive_perception":10},"cr":0,"xp":0,"proficiency_bonus":2,
"actions":[{"id":"bite","name":"Bite","attack_bonus":30,"attack_type":"melee","reach":5,"damage":[{"dice":"1d4","type":"piercing"}],
"swallow":{"max_size":"large","blinded":true,"digest":{"dice":"1d4","type":"acid"},"regurgitate":30,"regurgitate_dc":30,"exit_feet":15}}]}`)
	h.begin("gulper", 1)
	turns := h.fightOn(logSays("is swallowed by Gulper"))
	enc := encounterOf(turns[len(turns)-1])
	if cs := conditionsOf(enc, h.char); !slices.Contains(cs, "blinded") || !slices.Contains(cs, "restrained") {
		t.Fatalf("swallowed, Bram is %v: %v", cs, enc["log"])
	}
	if enc["current"] != h.char {
		enc, _ = h.myTurn()
	}
	gulper := monsters(enc)[0]
	hit := h.act(map[string]any{"kind": "attack", "target_id": gulper, "weapon": "longsword"}, nil)
	if log := fmt.Sprint(encounterOf(hit)["log"]); !strings.Contains(log, "Bram hits Gulper") && !strings.Contains(log, "Bram misses Gulper") {
		t.Fatalf("his attack from inside was not played: %v", log)
	}
	// His attacks spent, his turn ends, and the Gulper's starts with its
	// acid.
	if enc := encounterOf(hit); enc["current"] == h.char {
		hit = h.act(map[string]any{"kind": "end_turn"}, nil)
	}
	if log := fmt.Sprint(encounterOf(hit)["log"]); !strings.Contains(log, "Inside Gulper 1, Bram") {
		t.Errorf("no acid as the Gulper's turn starts: %v", log)
	}
}

// An infernal wound over the socket: a hit leaves it on a failed save,
// it bleeds as the character's turn starts, and the character's help on
// itself, a DC 1 Wisdom (Medicine) check, stanches it; the wound is gone,
// and a later hit opens a new one.
func TestInfernalWoundOverTheSocket(t *testing.T) {
	base := inProcess(t, func(c *config) { c.turnRate = 0 })
	h := newHero(t, base, map[string]any{"name": "Bram", "race": "human", "class": "fighter", "level": 5, "subclass": "champion",
		"abilities": map[string]int{"str": 14, "dex": 12, "con": 15, "int": 8, "wis": 10, "cha": 10}},
		`{"id":"hellblade","name":"Hellblade","size":"Medium","type":"fiend","alignment":"lawful evil",
"ac":1,"hp":1000,"hit_dice":"100d10","speed":{"walk":30},"abilities":{"str":10,"dex":1,"con":10,"int":1,"wis":10,"cha":1},
"senses":{"passive_perception":10},"cr":0,"xp":0,"proficiency_bonus":2,
"actions":[{"id":"glaive","name":"Glaive","attack_bonus":30,"attack_type":"melee","reach":10,"damage":[{"dice":"1d4","type":"slashing"}],
"ongoing":{"name":"infernal wound","dice":"1d4","save":{"ability":"con","value":30,"success":"none"},"stacks":true,
"stanch":{"ability":"wis","skill":"medicine","dc":1},"healing":true,"except":["undead","construct"]}}]}`)
	h.begin("hellblade", 1)
	bleeds := "The infernal wound hurts Bram"
	turns := h.fightOn(logSays(bleeds))
	enc := encounterOf(turns[len(turns)-1])
	if enc["current"] != h.char || !strings.Contains(fmt.Sprint(enc["log"]), "leaves Bram with an infernal wound") {
		t.Fatalf("after the wound: %v is up: %v", enc["current"], enc["log"])
	}
	wounds := func(enc map[string]any) int {
		n := 0
		fx, _ := enc["effects"].([]any)
		for _, x := range fx {
			if m, _ := x.(map[string]any); m["target_id"] == h.char && m["note"] == "infernal wound" {
				n++
			}
		}
		return n
	}
	if wounds(enc) != 1 {
		t.Fatalf("the wounds on Bram: %d: %v", wounds(enc), enc["effects"])
	}
	done := h.act(map[string]any{"kind": "help", "target_id": h.char}, nil)
	enc = encounterOf(done)
	if !strings.Contains(fmt.Sprint(enc["log"]), "The infernal wound is stanched.") || wounds(enc) != 0 {
		t.Fatalf("after the stanch: %d wounds: %v", wounds(enc), enc["log"])
	}
	// The next monster turn: a miss leaves Bram's turn to start unhurt;
	// a hit wounds him afresh (1d4 again), never deepening the old.
	turns = h.fightOn(func([]event) bool { return true })
	logs, _ := encounterOf(turns[len(turns)-1])["log"].([]any)
	last := fmt.Sprint(logs[len(logs)-1])
	fresh := strings.Contains(last, "leaves Bram with an infernal wound")
	if strings.Contains(last, "deepens") || (!fresh && strings.Contains(last, bleeds)) {
		t.Errorf("the turn after the stanch: %s", last)
	}
}

// A golem's Berserk over the socket: a homebrew at its trait's hit
// points or fewer rolls a d6 as each of its turns starts, and on a 6
// goes berserk and turns on the creature nearest it (Bram, the only one
// there); the log says both.
func TestBerserkOverTheSocket(t *testing.T) {
	base := inProcess(t, func(c *config) { c.turnRate = 0 })
	h := newHero(t, base, bram(5),
		statBlock("claygolem", 90, 10, `{"id":"berserk","name":"Berserk","amount":100}`))
	h.begin("claygolem", 1)
	// The fight's log is whole in each turn: wait for a berserk turn.
	turns := h.fightOn(logSays("berserk, turns on Bram"))
	log := fmt.Sprint(encounterOf(turns[len(turns)-1])["log"])
	if !strings.Contains(log, "Claygolem 1 goes berserk (Berserk: a 6 at 100 hit points or fewer)") {
		t.Fatalf("berserk without its roll: %s", log)
	}
}

// A fear aura over the socket: a homebrew horror's Fear Aura (DC 30
// Wisdom, out of a level 1 fighter's reach) frightens the character as
// its turn starts after the horror's, until the start of its next turn.
func TestFearAuraOverTheSocket(t *testing.T) {
	base := inProcess(t, func(c *config) { c.turnRate = 0 })
	h := newHero(t, base, bram(1),
		tough("horror", "Large", "fiend", "lawful evil",
			`"special_abilities":[{"id":"fear-aura","name":"Fear Aura","dc":{"ability":"wis","value":30,"success":"none"},
"aura":{"starts":"their turn","feet":20,"does":"condition","condition":"frightened","duration":"its next turn's start","immune_after":true}}],
"actions":[`+weakClaw+`]`))
	h.begin("horror", 1)
	turns := h.fightOn(h.becomes("frightened"))
	enc := encounterOf(turns[len(turns)-1])
	if log := fmt.Sprint(enc["log"]); enc["current"] != h.char || !strings.Contains(log, "Bram is frightened by Horror 1's fear aura") {
		t.Fatalf("the horror's turn, %v up: %s", enc["current"], log)
	}
}

// Mummy rot over the socket: a hit curses the fighter on a failed save,
// the sheet carries the curse after the fight, and a long rest heals
// none of what the fight took while its day takes from the maximum.
func TestMummyRotOverTheSocket(t *testing.T) {
	base := inProcess(t, func(c *config) { c.turnRate = 0 })
	h := newHero(t, base, map[string]any{"name": "Bram", "race": "human", "class": "fighter", "level": 5, "subclass": "champion",
		"abilities": map[string]int{"str": 14, "dex": 12, "con": 15, "int": 8, "wis": 10, "cha": 10}},
		`{"id":"rotter","name":"Rotter","size":"Medium","type":"undead","alignment":"lawful evil",
"ac":1,"hp":1000,"hit_dice":"100d10","speed":{"walk":30},"abilities":{"str":10,"dex":1,"con":10,"int":1,"wis":10,"cha":1},
"senses":{"passive_perception":10},"cr":0,"xp":0,"proficiency_bonus":2,
"actions":[{"id":"rotting-fist","name":"Rotting Fist","attack_bonus":30,"attack_type":"melee","reach":5,"damage":[{"dice":"1d4","type":"bludgeoning"}],
"affliction":{"name":"mummy rot","kind":"curse","save":{"ability":"con","value":30,"success":"none"},"no_healing":"all","daily":"3d6"}}]}`)
	full := h.sheet().MaxHP
	h.begin("rotter", 1)
	turns := h.fightOn(logSays("Bram is cursed with mummy rot"))
	enc := encounterOf(turns[len(turns)-1])
	h.end(enc)
	// afflicted is the sheet's hit points and afflictions, read as the
	// client reads them.
	type affliction struct {
		Name, Kind, NoHealing string
		Reduced               int
	}
	afflicted := func() (hp int, as []affliction) {
		var v struct {
			Characters []struct {
				ID          string
				HP          int
				Afflictions []struct {
					Name, Kind string
					NoHealing  string `json:"no_healing"`
					Reduced    int
				}
			}
		}
		h.p.must("GET", "/api/campaigns/"+h.id, nil, &v, 200)
		for _, c := range v.Characters {
			if c.ID == h.char {
				for _, a := range c.Afflictions {
					as = append(as, affliction(a))
				}
				return c.HP, as
			}
		}
		t.Fatalf("no character %s", h.char)
		return 0, nil
	}
	hp, as := afflicted()
	if len(as) != 1 || as[0].Name != "mummy rot" || as[0].NoHealing != "all" || hp >= full {
		t.Fatalf("the sheet after the fight: %d/%d HP, afflictions %+v", hp, full, as)
	}
	// The rest heals nothing, and its day takes 3d6 of the maximum: the
	// hit points fall to it if they stood higher.
	h.act(map[string]any{"kind": "rest", "rest": "long"}, nil)
	after, as := afflicted()
	if len(as) != 1 || as[0].Reduced < 3 || as[0].Reduced > 18 || after != min(hp, full-as[0].Reduced) {
		t.Errorf("after a long rest under mummy rot: %d HP (from %d of %d), afflictions %+v", after, hp, full, as)
	}
}

// A glare over the socket: a homebrew starer's Multiattack is its Glare
// (DC 30 Wisdom, past a level 1 fighter's reach) and a claw; failed by 5
// or more, the glare frightens and paralyzes the fighter until the end
// of the starer's next turn.
func TestDreadfulGlareOverTheSocket(t *testing.T) {
	base := inProcess(t, func(c *config) { c.turnRate = 0 })
	h := newHero(t, base, bram(1),
		tough("starer", "Medium", "undead", "lawful evil",
			`"actions":[{"id":"multiattack","name":"Multiattack","multiattack":{"actions":{"Glare":1,"Claw":1}}},
{"id":"glare","name":"Glare","dc":{"ability":"wis","value":30,"success":"none"},"single":true,
"inflicts":[{"condition":"frightened","duration":"the source's next turn"},{"condition":"paralyzed","duration":"the source's next turn","fail_by":5}]},
`+weakClaw+`]`))
	h.begin("starer", 1)
	turns := h.fightOn(h.becomes("paralyzed"))
	enc := encounterOf(turns[len(turns)-1])
	conds := conditionsOf(enc, h.char)
	if log := fmt.Sprint(enc["log"]); !slices.Contains(conds, "frightened") || !strings.Contains(log, "Starer 1 uses Glare") {
		t.Fatalf("Bram is %v: %s", conds, log)
	}
}

// A whip's pull over the socket: a homebrew whipper's hit (reach 30,
// Strength save DC 30) pulls the fighter into its reach without the
// whipper closing in; the encounter the client reads has them engaged.
func TestWhipPullOverTheSocket(t *testing.T) {
	base := inProcess(t, func(c *config) { c.turnRate = 0 })
	h := newHero(t, base, bram(5),
		tough("whipper", "Large", "fiend", "chaotic evil",
			`"actions":[{"id":"whip","name":"Whip","attack_bonus":30,"attack_type":"melee","reach":30,"damage":[{"dice":"1","type":"slashing"}],
"move":{"kind":"pull","feet":25,"save":{"ability":"str","value":30,"success":"none"}}}]`))
	h.begin("whipper", 1)
	turns := h.fightOn(logSays("pulled 25 feet toward Whipper 1"))
	enc := encounterOf(turns[len(turns)-1])
	engaged, _ := participantByID(enc, h.char)["engaged"].([]any)
	if !slices.Contains(engaged, any("whipper-1")) {
		t.Fatalf("Bram pulled, engaged with %v: %s", engaged, fmt.Sprint(enc["log"]))
	}
}

// A call over the socket: a homebrew howler's action calls two wolves
// (srd.Action.Call), who come into the encounter on the howler's side
// with their own initiative and take their own turns.
func TestCalledWolvesOverTheSocket(t *testing.T) {
	base := inProcess(t, func(c *config) { c.turnRate = 0 })
	h := newHero(t, base, bram(5),
		tough("howler", "Medium", "fey", "chaotic evil",
			`"actions":[{"id":"call-of-the-pack","name":"Call of the Pack","usage":{"type":"per_day","times":1},"call":{"creatures":[{"monster":"wolf","count":"2"}]}},
`+weakClaw+`]`))
	h.begin("howler", 1)
	turns := h.fightOn(func(turns []event) bool {
		return strings.HasPrefix(turns[len(turns)-1].str("actor_id"), "howler-1-wolf-")
	})
	enc := encounterOf(turns[len(turns)-1])
	wolf := participantByID(enc, turns[len(turns)-1].str("actor_id"))
	if log := fmt.Sprint(enc["log"]); wolf["kind"] != "monster" || wolf["summoned_by"] != "howler-1" || !strings.Contains(log, "Call of the Pack brings Wolf 1 (Howler 1) and Wolf 2 (Howler 1)") {
		t.Fatalf("the wolf %v: %s", wolf, log)
	}
}

// A petrifying breath over the socket: a homebrew petrifier's breath
// (DC 30 Constitution, past a level 1 fighter's reach) restrains the
// fighter as he begins to turn to stone, and his second failed save, at
// the end of his next turn, petrifies him, as a gorgon's does.
func TestPetrifyingBreathOverTheSocket(t *testing.T) {
	base := inProcess(t, func(c *config) { c.turnRate = 0 })
	h := newHero(t, base, bram(1),
		tough("petrifier", "Large", "monstrosity", "unaligned",
			`"actions":[{"id":"petrifying-breath","name":"Petrifying Breath","dc":{"ability":"con","value":30,"success":"none"},
"usage":{"type":"recharge","recharge_min":5},"inflicts":[{"condition":"restrained","worsens":"petrified"}]},
`+weakClaw+`]`))
	h.begin("petrifier", 1)
	turns := h.fightOn(h.becomes("petrified"))
	enc := encounterOf(turns[len(turns)-1])
	if log := fmt.Sprint(enc["log"]); !strings.Contains(log, "begins to turn to stone") || !strings.Contains(log, "petrified by") {
		t.Fatalf("Bram is %v: %s", conditionsOf(enc, h.char), log)
	}
}

// A haste over the socket: a homebrew hastener's Haste (srd.Boon: +2
// AC, advantage on Dexterity saves, its claw as a bonus action until the
// end of its next turn, as a clay golem's) takes its action; the claw
// follows as a bonus action, and the encounter the client reads has the
// hastener at AC 3.
func TestMonsterHasteOverTheSocket(t *testing.T) {
	base := inProcess(t, func(c *config) { c.turnRate = 0 })
	h := newHero(t, base, bram(1),
		tough("hastener", "Large", "construct", "unaligned",
			`"actions":[{"id":"haste","name":"Haste","usage":{"type":"recharge","recharge_min":5},
"boon":{"target":"self","ac":2,"advantage":["dex"],"bonus":"claw","lasts":"the source's next turn"}},
`+weakClaw+`]`))
	h.begin("hastener", 1)
	turns := h.fightOn(logSays("claw attack as a bonus action"))
	enc := encounterOf(turns[len(turns)-1])
	c, _ := participantByID(enc, "hastener-1")["combatant"].(map[string]any)
	if log := fmt.Sprint(enc["log"]); c["ac"] != float64(3) || !strings.Contains(log, "Hastener 1 uses Haste") {
		t.Fatalf("the hastener at AC %v: %s", c["ac"], log)
	}
}

// An imp over the socket: left alone on its first turn it turns
// invisible, which the encounter the client reads shows (its conditions,
// its concentration), and its next blow, unseen, is rolled with
// advantage and ends it.
func TestImpTurnsInvisibleOverTheSocket(t *testing.T) {
	base := inProcess(t, func(c *config) { c.turnRate = 0 })
	h := newHero(t, base, bram(5))
	h.begin("imp", 1)
	turns := h.fightOn(logSays("Imp 1 turns invisible"))
	enc := encounterOf(turns[len(turns)-1])
	if cs := conditionsOf(enc, "imp-1"); !slices.Contains(cs, "invisible") {
		t.Fatalf("the imp after turning invisible: %v: %v", cs, enc["log"])
	}
	if enc["current"] == h.char {
		h.act(map[string]any{"kind": "end_turn"}, nil)
	}
	turns = h.fightOn(attacks(t, "imp-1"))
	last := turns[len(turns)-1]
	for _, r := range rollsOf(t, last) {
		if r.RollerID == "imp-1" && r.Reason == "attack roll" && len(r.Rolls) != 2 {
			t.Errorf("the unseen imp's sting rolled %v, not two d20s with advantage", r.Rolls)
		}
	}
	if cs := conditionsOf(encounterOf(last), "imp-1"); slices.Contains(cs, "invisible") {
		t.Errorf("the imp is still invisible after its sting: %v", cs)
	}
}

// A roar in stages over the socket: a homebrew roarer's Roar (per day,
// three stages, as an androsphinx's, with saves nobody makes) takes its
// first stage on its first turn, and the next each time the hero is no
// longer held by the last: frightened, then deafened and frightened,
// then thunder and prone. Its fourth turn claws; the encounter the
// client reads keeps the three roars spent.
func TestRoarsInStagesOverTheSocket(t *testing.T) {
	base := inProcess(t, func(c *config) { c.turnRate = 0 })
	h := newHero(t, base, bram(1),
		tough("roarer", "Large", "monstrosity", "unaligned",
			`"actions":[{"id":"roar","name":"Roar","usage":{"type":"per_day","times":3},"stages":[
{"id":"first-roar","name":"First Roar","dc":{"ability":"wis","value":30,"success":"none"},"heard":true,"inflicts":[{"condition":"frightened","duration":"its next turn"}]},
{"id":"second-roar","name":"Second Roar","dc":{"ability":"wis","value":30,"success":"none"},"heard":true,"inflicts":[{"condition":"deafened","duration":"its next turn"},{"condition":"frightened","duration":"its next turn"}]},
{"id":"third-roar","name":"Third Roar","dc":{"ability":"con","value":30,"success":"half"},"heard":true,"damage":[{"dice":"1","type":"thunder"}],"inflicts":[{"condition":"prone"}]}]},
`+weakClaw+`]`))
	h.begin("roarer", 1)
	turns := h.fightOn(attacks(t, "roarer-1"))
	enc := encounterOf(turns[len(turns)-1])
	log := fmt.Sprint(enc["log"])
	first, second, third := strings.Index(log, "uses First Roar"), strings.Index(log, "uses Second Roar"), strings.Index(log, "uses Third Roar")
	if first < 0 || second < first || third < second || !strings.Contains(log, "deafened by Roarer 1's second roar") || !strings.Contains(log, "knocked prone by Roarer 1's third roar") {
		t.Fatalf("the roars, in order: %d, %d, %d: %s", first, second, third, log)
	}
	if spent := fmt.Sprint(participantByID(enc, "roarer-1")["spent"]); strings.Count(spent, "roar") != 3 {
		t.Errorf("the roarer's spent uses: %s", spent)
	}
}
