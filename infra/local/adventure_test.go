package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"
)

// adventure is a table of two, Aria (an elf wizard of 1st level) and
// Bram (a dwarf cleric of 5th), playing a whole adventure through the
// WebSocket API. The server's dice are seeded by ids it makes, so the
// script picks foes whose outcome holds whatever the dice: a goblin of
// straw that cannot hurt anyone, a sapper whose one blow drops the wizard
// from full hit points without killing her, and ogres no 2nd-level wizard
// alone survives.
type adventure struct {
	*reactTable
	aria, bram string
	n          int
}

// sheet is what the script reads of a character.
type sheet struct {
	ID         string
	Name       string
	Level      int
	XP         int
	HP         int
	MaxHP      int  `json:"max_hp"`
	AC         int  `json:"ac"`
	LevelUp    bool `json:"level_up"`
	Stable     bool
	Dead       bool
	AreaID     string `json:"area_id"`
	WakesAt    int64  `json:"wakes_at"`
	Abilities  struct{ Dex int }
	Effects    []struct{ Spell string }
	Conditions []string
}

// view is the campaign as GET /api/campaigns/{id} has it.
type view struct {
	Campaign struct{ Status string }
	State    struct {
		Clock int64
		Map   struct {
			Areas map[string]struct {
				Name             string
				ReachableAreaIDs []string `json:"reachable_area_ids"`
			}
		}
	}
	Characters []sheet
}

func (a *adventure) view() view {
	a.t.Helper()
	var v view
	a.players[0].must("GET", "/api/campaigns/"+a.id, nil, &v, http.StatusOK)
	return v
}

func (a *adventure) sheet(id string) sheet {
	a.t.Helper()
	for _, ch := range a.view().Characters {
		if ch.ID == id {
			return ch
		}
	}
	a.t.Fatalf("no character %s", id)
	return sheet{}
}

// act has character k (0 Aria, 1 Bram) take a turn, by intent or by
// words, and returns the turn's committed event and its events, as its
// player's socket saw them, from its turn.accepted on.
func (a *adventure) act(k int, in map[string]any, text string) (event, []event) {
	a.t.Helper()
	a.n++
	rid := fmt.Sprintf("adv-%d", a.n)
	s := a.socks[k]
	mark := s.count()
	msg := map[string]any{"action": "turn", "request_id": rid, "character_id": a.chars[k]}
	if in != nil {
		msg["intent"] = in
	} else {
		msg["text"] = text
	}
	s.send(msg)
	acc, i := s.wait(mark, "turn.accepted", func(e event) bool {
		return e.str("request_id") == rid && (e.str("type") == "turn.accepted" || e.str("type") == "error")
	})
	if acc.str("type") == "error" {
		a.t.Fatalf("%v refused: %v", msg, acc)
	}
	committed, j := s.wait(i, "turn.committed", turnEvent("turn.committed", acc.str("turn_id")))
	return committed, s.events()[i : j+1]
}

func participant(enc map[string]any, characterID string) map[string]any {
	ps, _ := enc["participants"].([]any)
	for _, x := range ps {
		p, _ := x.(map[string]any)
		if p["character_id"] == characterID {
			return p
		}
	}
	return nil
}

// homebrew posts the owner's stat blocks.
func (a *adventure) homebrew(blocks ...string) {
	a.t.Helper()
	body := map[string]json.RawMessage{}
	for _, b := range blocks {
		var id struct{ ID string }
		if err := json.Unmarshal([]byte(b), &id); err != nil {
			a.t.Fatal(err)
		}
		body[id.ID] = json.RawMessage(b)
	}
	var out map[string]any
	if st := a.players[0].do("POST", "/api/campaigns/"+a.id+"/homebrew", map[string]any{"monsters": body}, &out); st != http.StatusOK {
		a.t.Fatalf("homebrew: %d %v", st, out)
	}
}

// strawGoblin hits nobody but with a natural 20, for 1, falls to any
// blow, and is worth a level to a 1st-level character with a share of it.
const strawGoblin = `{"id":"straw-goblin","name":"Straw Goblin","size":"Small","type":"humanoid","alignment":"neutral evil",
"ac":1,"hp":1,"hit_dice":"1d6","speed":{"walk":30},"abilities":{"str":8,"dex":1,"con":10,"int":10,"wis":8,"cha":8},
"senses":{"passive_perception":9},"cr":2,"xp":600,"proficiency_bonus":2,
"actions":[{"id":"stick","name":"Stick","attack_bonus":-5,"attack_type":"melee","reach":5,"damage":[{"dice":"1","type":"bludgeoning"}]}]}`

// sapper hits all but on a natural 1 for exactly dmg, and falls to any
// blow.
func sapper(dmg int) string {
	return fmt.Sprintf(`{"id":"sapper","name":"Sapper","size":"Medium","type":"humanoid","alignment":"neutral evil",
"ac":1,"hp":1,"hit_dice":"1d8","speed":{"walk":30},"abilities":{"str":10,"dex":1,"con":10,"int":10,"wis":8,"cha":8},
"senses":{"passive_perception":9},"cr":0,"xp":10,"proficiency_bonus":2,
"actions":[{"id":"maul","name":"Maul","attack_bonus":30,"attack_type":"melee","reach":5,"damage":[{"dice":"%d","type":"bludgeoning"}]}]}`, dmg)
}

// newAdventure is a campaign of Aria's, joined by Bram, with the two
// characters specs, both at the table and the session resumed.
func newAdventure(t *testing.T, base string, settings map[string]any, specs ...map[string]any) *adventure {
	t.Helper()
	rt := &reactTable{t: t, table: &table{}}
	for _, n := range []string{"Aria", "Bram"} {
		rt.players = append(rt.players, newPlayer(t, base, n))
	}
	var created struct {
		Campaign   struct{ ID string }
		InviteCode string `json:"invite_code"`
	}
	rt.players[0].must("POST", "/api/campaigns", map[string]any{"name": "The Sunken Mill", "world_seed": "a mill on a drowned river",
		"settings": settings}, &created, http.StatusCreated)
	rt.id = created.Campaign.ID
	rt.players[1].must("POST", "/api/campaigns/"+rt.id+"/join", map[string]string{"invite_code": created.InviteCode}, nil, http.StatusOK)
	for i, spec := range specs {
		var ch struct{ Character struct{ ID string } }
		rt.players[i].must("POST", "/api/campaigns/"+rt.id+"/characters", spec, &ch, http.StatusCreated)
		rt.chars = append(rt.chars, ch.Character.ID)
	}
	a := &adventure{reactTable: rt, aria: rt.chars[0], bram: rt.chars[1]}
	a.connect(t)
	a.socks[0].send(map[string]any{"action": "resume", "request_id": "resume-1"})
	a.socks[0].wait(0, "recap", typeIs("recap"))
	return a
}

func TestAdventurePlaysEndToEnd(t *testing.T) {
	start := time.Now()
	base := inProcess(t, func(c *config) { c.turnRate = 0 })
	a := newAdventure(t, base, map[string]any{"on_defeat": "fight_to_the_death"},
		map[string]any{"name": "Aria", "race": "elf", "class": "wizard", "level": 1},
		map[string]any{"name": "Bram", "race": "dwarf", "class": "cleric", "level": 5})
	aria, bram := a.aria, a.bram
	step := func(name string) { t.Logf("%6.2fs %s", time.Since(start).Seconds(), name) }

	// Explore: Bram walks to the stables and back, alone; the clock runs.
	step("explore")
	clock0 := a.view().State.Clock
	a.act(0, nil, "I look around the common room")
	a.act(1, map[string]any{"kind": "move", "to_area_id": "stables"}, "")
	if s := a.sheet(bram); s.AreaID != "stables" || a.sheet(aria).AreaID != "common-room" {
		t.Fatalf("after Bram's move: Bram in %q, Aria in %q", s.AreaID, a.sheet(aria).AreaID)
	}
	a.act(1, map[string]any{"kind": "move", "to_area_id": "common-room"}, "")
	if c := a.view().State.Clock; c < clock0+120 {
		t.Errorf("two moves took the clock from %d to %d", clock0, c)
	}

	// A check called from words, with its DC and its pass or fail.
	step("check from words")
	_, evs := a.act(1, nil, "I try to lift the heavy barrel")
	check := rollOf(evs, "check")
	if check == nil || check.num("dc") != 15 || (check.str("outcome") != "success" && check.str("outcome") != "failure") {
		t.Fatalf("lifting the barrel rolled %v", check)
	}
	seen, _ := a.socks[0].wait(0, "Bram's check on Aria's socket", func(e event) bool {
		return e.str("type") == "roll.result" && e.str("turn_id") == check.str("turn_id")
	})
	if seen.str("outcome") != check.str("outcome") || seen.num("dc") != 15 {
		t.Errorf("Aria saw the check as %v", seen)
	}

	// Mage Armor before the fight: AC 13 + Dexterity, kept into it.
	step("mage armor")
	dex := (a.sheet(aria).Abilities.Dex - 10) / 2
	a.act(0, map[string]any{"kind": "cast", "spell": "mage-armor", "target_id": aria}, "")
	if s := a.sheet(aria); s.AC != 13+dex || !slices.ContainsFunc(s.Effects, func(e struct{ Spell string }) bool { return e.Spell == "mage-armor" }) {
		t.Fatalf("Aria after Mage Armor: AC %d, effects %v", s.AC, s.Effects)
	}
	a.players[0].must("POST", "/api/campaigns/"+a.id+"/characters/"+bram+"/give", map[string]any{"item": "healers-kit"}, nil, http.StatusOK)

	// A fight won: it ends by itself, the XP is shared, and Aria's share
	// is a level, which she takes.
	step("fight won")
	a.homebrew(strawGoblin)
	armoured := 0
	won := a.fight("straw-goblin", 1, "", func(enc map[string]any, k int) map[string]any {
		if p := participant(enc, aria); p == nil || p["ac"] != float64(13+dex) {
			t.Errorf("Aria fights at AC %v, not %d with Mage Armor", p["ac"], 13+dex)
		}
		armoured++
		return map[string]any{"kind": "attack", "target_id": monsterOf(enc)}
	})
	if armoured == 0 {
		t.Fatal("nobody had a turn in the fight")
	}
	if won["outcome"] != "victory" || won["xp_each"] != float64(300) {
		t.Fatalf("the fight ended %v with %v XP each", won["outcome"], won["xp_each"])
	}
	if s := a.sheet(aria); s.XP != 300 || !s.LevelUp {
		t.Fatalf("Aria after the fight: %d XP, level up %v", s.XP, s.LevelUp)
	}
	step("level up")
	up, _ := a.act(0, map[string]any{"kind": "level_up", "hp": "fixed"}, "")
	var leveled event
	for _, s := range a.socks { // the whole table is told
		leveled, _ = s.wait(0, "character.leveled", func(e event) bool {
			return e.str("type") == "character.leveled" && e.str("turn_id") == up.str("turn_id") && e.str("character_id") == aria
		})
	}
	if s := a.sheet(aria); leveled.num("level") != 2 || s.Level != 2 || s.LevelUp || s.MaxHP != 7+int(leveled.num("hp_gained")) {
		t.Fatalf("leveled %v; Aria level %d, %d HP, level up %v", leveled, s.Level, s.MaxHP, s.LevelUp)
	}

	// A rest: a long one, for both.
	step("rest")
	a.act(0, map[string]any{"kind": "rest", "rest": "long"}, "")
	a.act(1, map[string]any{"kind": "rest", "rest": "long"}, "")
	full := a.sheet(aria)
	if full.HP != full.MaxHP {
		t.Fatalf("Aria after a long rest: %d/%d HP", full.HP, full.MaxHP)
	}

	// Aria dropped to 0 by one blow and stabilized by Bram's healer's kit;
	// then Bram ends the fight.
	step("dropped and stabilized")
	a.homebrew(strawGoblin, sapper(full.MaxHP))
	aided := false
	saved := a.fight("sapper", 1, "", func(enc map[string]any, k int) map[string]any {
		if k == 0 {
			return map[string]any{"kind": "end_turn"}
		}
		p := participant(enc, aria)
		c, _ := p["combatant"].(map[string]any)
		switch {
		case p["hp"] == float64(0) && c["stable"] != true:
			aided = true
			return map[string]any{"kind": "help", "target_id": p["id"]}
		case c["stable"] == true:
			return map[string]any{"kind": "attack", "target_id": monsterOf(enc)}
		}
		return map[string]any{"kind": "end_turn"}
	})
	down := a.sheet(aria)
	if saved["outcome"] != "victory" || !aided || down.HP != 0 || !down.Stable || down.Dead || down.WakesAt == 0 {
		t.Fatalf("the fight ended %v (first aid given: %v); Aria at %d HP, stable %v, dead %v, wakes at %d", saved["outcome"], aided, down.HP, down.Stable, down.Dead, down.WakesAt)
	}

	// Recovery: resting, she comes to with 1 HP after 1d4 hours.
	step("recovery")
	before := a.view().State.Clock
	a.act(0, map[string]any{"kind": "rest", "rest": "long"}, "")
	woke, after := a.sheet(aria), a.view().State.Clock
	if woke.HP != 1 || woke.Stable || after != down.WakesAt || after-before < 3600 || after-before > 4*3600 {
		t.Fatalf("Aria after resting stable: %d HP, stable %v; the clock %d -> %d, waking at %d", woke.HP, woke.Stable, before, after, down.WakesAt)
	}
	a.act(0, map[string]any{"kind": "rest", "rest": "long"}, "")

	// Aria alone in the stables against three ogres: the fight is lost as
	// she falls, and the ogres, fighting to the death (the campaign's
	// setting), finish her.
	step("a fall alone")
	a.act(0, map[string]any{"kind": "move", "to_area_id": "stables"}, "")
	wipeStart := time.Now()
	lost := a.fight("ogre", 3, "stables", func(map[string]any, int) map[string]any { return map[string]any{"kind": "end_turn"} })
	t.Logf("the wipe ended %v after %v", lost["outcome"], time.Since(wipeStart).Round(time.Millisecond))
	if lost["outcome"] != "defeat" || participant(lost, bram) != nil {
		t.Fatalf("the wipe ended %v; Bram in it: %v", lost["outcome"], participant(lost, bram) != nil)
	}
	if s := a.sheet(aria); !s.Dead {
		t.Fatalf("Aria after the ogres: %d HP, dead %v", s.HP, s.Dead)
	}
	if _, err := a.refused(0, map[string]any{"kind": "rest", "rest": "long"}); err != "actor_state_restricted" {
		t.Errorf("the dead Aria's rest: %q, want actor_state_restricted", err)
	}

	// A revival: Bram comes and casts Revivify.
	step("revival")
	a.act(1, map[string]any{"kind": "move", "to_area_id": "stables"}, "")
	a.act(1, map[string]any{"kind": "cast", "spell": "revivify", "target_id": aria}, "")
	if s := a.sheet(aria); s.Dead || s.HP != 1 {
		t.Fatalf("Aria after Revivify: %d HP, dead %v", s.HP, s.Dead)
	}

	// A party wipe: both against six ogres. The fight is lost the moment
	// the last of them falls, and nobody's turn is waited on.
	step("party wipe")
	wipeStart = time.Now()
	lost = a.fight("ogre", 6, "stables", func(map[string]any, int) map[string]any { return map[string]any{"kind": "end_turn"} })
	t.Logf("the party wipe ended %v after %v", lost["outcome"], time.Since(wipeStart).Round(time.Millisecond))
	if lost["outcome"] != "defeat" || participant(lost, aria) == nil || participant(lost, bram) == nil {
		t.Fatalf("the party wipe ended %v", lost["outcome"])
	}
	for _, ch := range a.view().Characters {
		if !ch.Dead {
			t.Errorf("%s after the wipe, fought to the death: %d HP, dead %v", ch.Name, ch.HP, ch.Dead)
		}
	}
	a.socks[1].wait(0, "the wipe's end on Bram's socket", func(e event) bool {
		enc, _ := e["encounter"].(map[string]any)
		return enc != nil && enc["id"] == lost["id"] && enc["outcome"] == "defeat"
	})

	// Conclude.
	step("conclude")
	a.players[0].must("POST", "/api/campaigns/"+a.id+"/conclude", nil, nil, http.StatusOK)
	if st := a.view().Campaign.Status; st != "concluded" {
		t.Fatalf("campaign %s after conclude", st)
	}
	step("done")
}

// rollOf is the first roll.result among evs whose reason names what.
func rollOf(evs []event, what string) event {
	for _, e := range evs {
		if e.str("type") == "roll.result" && strings.Contains(e.str("reason"), what) {
			return e
		}
	}
	return nil
}

// monsterOf is the id of the first monster on its feet.
func monsterOf(enc map[string]any) string {
	ps, _ := enc["participants"].([]any)
	for _, x := range ps {
		p, _ := x.(map[string]any)
		if p["kind"] == "monster" && p["defeated"] != true {
			id, _ := p["id"].(string)
			return id
		}
	}
	return ""
}

// refused sends a turn that must be refused and returns the error's
// reason.
func (a *adventure) refused(k int, in map[string]any) (event, string) {
	a.t.Helper()
	a.n++
	rid := fmt.Sprintf("adv-%d", a.n)
	s := a.socks[k]
	mark := s.count()
	s.send(map[string]any{"action": "turn", "request_id": rid, "character_id": a.chars[k], "intent": in})
	e, _ := s.wait(mark, "an answer", func(e event) bool {
		return e.str("request_id") == rid && (e.str("type") == "turn.accepted" || e.str("type") == "error")
	})
	if e.str("type") != "error" {
		a.t.Fatalf("%v accepted", in)
	}
	return e, e.str("reason")
}

// fight starts an encounter against count monsters of srdID (in area, or
// where the owner's call puts it) and plays it out on Aria's socket:
// every reaction window is passed, each character on its feet takes the
// intent play gives it on its turn (k: 0 Aria, 1 Bram), and again while
// the turn stays its own. It returns the encounter as it ended.
func (a *adventure) fight(srdID string, count int, area string, play func(enc map[string]any, k int) map[string]any) map[string]any {
	a.t.Helper()
	s := a.socks[0]
	from := s.count()
	body := map[string]any{"monsters": []map[string]any{{"srd_id": srdID, "count": count}}}
	if area != "" {
		body["area_id"] = area
	}
	a.players[0].must("POST", "/api/campaigns/"+a.id+"/encounters", body, nil, http.StatusCreated)
	played := map[string]bool{}
	for range 400 {
		e, i := s.wait(from, "the fight going on", func(e event) bool {
			switch e.str("type") {
			case "reaction.window", "encounter", "turn.committed", "error":
				return true
			}
			return false
		})
		from = i + 1
		switch e.str("type") {
		case "error":
			a.t.Fatalf("in the fight: %v", e)
		case "reaction.window":
			a.passAll(e, i)
			continue
		}
		enc, _ := e["encounter"].(map[string]any)
		if enc == nil {
			continue
		}
		if enc["status"] != "active" {
			return enc
		}
		cur, _ := enc["current"].(string)
		k := slices.Index(a.chars, cur)
		// One intent for each state of the fight: a turn goes on after an
		// intent that keeps it (a move).
		log, _ := enc["log"].([]any)
		key := fmt.Sprint(enc["round"], "/", cur, "/", len(log))
		if k < 0 || played[key] {
			continue
		}
		if p := participant(enc, cur); p == nil || p["hp"] == float64(0) {
			continue // a fallen character's turn is the server's
		}
		played[key] = true
		in := play(enc, k)
		a.n++
		a.socks[k].send(map[string]any{"action": "turn", "request_id": fmt.Sprintf("adv-%d", a.n), "character_id": cur, "intent": in})
		if k != 0 {
			// Bram's socket: fail on a refusal there too.
			rid := fmt.Sprintf("adv-%d", a.n)
			if r, _ := a.socks[k].wait(0, "an answer", func(e event) bool { return e.str("request_id") == rid }); r.str("type") == "error" {
				a.t.Fatalf("%v refused: %v", in, r)
			}
		}
	}
	a.t.Fatal("the fight did not end in 400 events")
	return nil
}

// A party wipe with the campaign's default: the fight is lost as the last
// character falls, the ogres leave, and each one left dying has their
// minutes played out at once, stable or dead (or up again with a natural
// 20 on a death save). The stable come to by
// resting; the dead cannot act and are kept out of the next fight.
func TestAdventurePartyWipeThenRecovery(t *testing.T) {
	base := inProcess(t, func(c *config) { c.turnRate = 0 })
	a := newAdventure(t, base, nil,
		map[string]any{"name": "Aria", "race": "elf", "class": "wizard", "level": 1},
		map[string]any{"name": "Bram", "race": "dwarf", "class": "fighter", "level": 1})
	lost := a.fight("ogre", 4, "", func(map[string]any, int) map[string]any { return map[string]any{"kind": "end_turn"} })
	if lost["outcome"] != "defeat" || lost["on_defeat"] != "leave" {
		t.Fatalf("the wipe ended %v (on defeat %v)", lost["outcome"], lost["on_defeat"])
	}
	var living []int
	for k, id := range a.chars {
		s := a.sheet(id)
		switch {
		case s.Dead:
			if _, why := a.refused(k, map[string]any{"kind": "rest", "rest": "long"}); why != "actor_state_restricted" {
				t.Errorf("%s, dead, resting: %q, want actor_state_restricted", s.Name, why)
			}
		case s.HP == 0 && s.Stable && s.WakesAt > 0:
			living = append(living, k)
			a.act(k, map[string]any{"kind": "rest", "rest": "long"}, "")
			if s = a.sheet(id); s.HP != 1 || s.Stable {
				t.Errorf("%s after resting stable: %d HP, stable %v", s.Name, s.HP, s.Stable)
			}
		case s.HP > 0: // a natural 20 on a death save
			living = append(living, k)
		default:
			t.Fatalf("%s after the wipe: %d HP, stable %v, dead %v: left dying", s.Name, s.HP, s.Stable, s.Dead)
		}
	}
	t.Logf("%d of 2 lived", len(living))
	if len(living) == 0 {
		var out map[string]any
		if st := a.players[0].do("POST", "/api/campaigns/"+a.id+"/encounters", map[string]any{"monsters": []map[string]any{{"srd_id": "goblin", "count": 1}}}, &out); st != http.StatusBadRequest {
			t.Errorf("a fight with only the dead: %d %v", st, out)
		}
		return
	}
	a.players[0].must("POST", "/api/campaigns/"+a.id+"/encounters", map[string]any{"monsters": []map[string]any{{"srd_id": "goblin", "count": 1}}}, nil, http.StatusCreated)
	e, _ := a.socks[0].wait(0, "the next fight", func(e event) bool {
		enc, _ := e["encounter"].(map[string]any)
		return e.str("type") == "encounter" && enc != nil && enc["id"] != lost["id"]
	})
	enc := e["encounter"].(map[string]any)
	for k, id := range a.chars {
		if in := participant(enc, id) != nil; in != slices.Contains(living, k) {
			t.Errorf("character %d in the next fight: %v, living %v", k, in, slices.Contains(living, k))
		}
	}
}

// Running away ends a fight too: when everyone still on their feet has
// walked out of the fight's area, the party has fled, and the monster
// stays behind.
func TestAdventureFleeingEndsTheFight(t *testing.T) {
	base := inProcess(t, func(c *config) { c.turnRate = 0 })
	a := newAdventure(t, base, nil,
		map[string]any{"name": "Aria", "race": "elf", "class": "wizard", "level": 5},
		map[string]any{"name": "Bram", "race": "dwarf", "class": "fighter", "level": 5})
	fled := a.fight("ogre", 1, "", func(enc map[string]any, k int) map[string]any {
		if p := participant(enc, a.chars[k]); p["left"] == true {
			return map[string]any{"kind": "end_turn"} // a move leaves the turn open
		}
		return map[string]any{"kind": "move", "to_area_id": "stables"}
	})
	if fled["outcome"] != "fled" {
		t.Fatalf("the fight ended %v", fled["outcome"])
	}
	// Who walked out is in the stables; one the ogre dropped first stayed
	// behind (and may be up again after a natural 20 on a death save).
	walked := 0
	for _, ch := range a.view().Characters {
		if p := participant(fled, ch.ID); p["left"] != true {
			continue
		}
		walked++
		if ch.AreaID != "stables" {
			t.Errorf("%s walked out of the fight and is in %q", ch.Name, ch.AreaID)
		}
	}
	if walked == 0 {
		t.Errorf("nobody walked out of a fight that ended fled: %v", fled["log"])
	}
}
