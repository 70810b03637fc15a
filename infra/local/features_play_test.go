package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
)

// Class features played through the WebSocket API, one character of each
// class against homebrew or SRD foes. The server seeds the dice from the
// ids it makes, so nothing here picks a roll: the foes are made so that
// what is asserted holds whatever is rolled (a dummy that cannot hurt
// anyone and falls to no blow, a brute whose blow is a fixed number), a
// hit that is needed is tried for again on later turns, and a save is read
// from its roll before its outcome is checked.

// hero is one player's campaign with one character in it, played over a
// WebSocket.
type hero struct {
	t    *testing.T
	p    *player
	id   string // the campaign
	char string // the character, and its participant in a fight
	s    *socket
	n    int
	// from is where on the socket the fight is read on from.
	from int
}

// heroSheet is what the tests read of a character's sheet.
type heroSheet struct {
	HP         int                                `json:"hp"`
	MaxHP      int                                `json:"max_hp"`
	Drained    int                                `json:"drained"`
	SpellSlots map[string]struct{ Max, Used int } `json:"spell_slots"`
	Features   []sheetFeature
}

// sheetFeature is one of the features a sheet lists.
type sheetFeature struct {
	ID   string
	Left *int
}

// left is what the sheet lists as left of feature id's uses.
func (s heroSheet) left(t *testing.T, id string) int {
	t.Helper()
	for _, f := range s.Features {
		if f.ID == id {
			if f.Left == nil {
				t.Fatalf("the sheet lists %s without uses left", id)
			}
			return *f.Left
		}
	}
	t.Fatalf("the sheet lists no %s among %+v", id, s.Features)
	return 0
}

// newHero makes a campaign of one player with the character spec, posts
// the homebrew stat blocks, connects and resumes the session.
func newHero(t *testing.T, base string, spec map[string]any, homebrew ...string) *hero {
	t.Helper()
	return newHeroWith(t, base, nil, spec, homebrew...)
}

// newHeroWith is newHero in a campaign of the settings given.
func newHeroWith(t *testing.T, base string, settings map[string]any, spec map[string]any, homebrew ...string) *hero {
	t.Helper()
	h := &hero{t: t, p: newPlayer(t, base, "Player")}
	var created struct{ Campaign struct{ ID string } }
	body := map[string]any{"name": "Proving Ground", "world_seed": "a yard of straw targets"}
	if settings != nil {
		body["settings"] = settings
	}
	h.p.must("POST", "/api/campaigns", body, &created, http.StatusCreated)
	h.id = created.Campaign.ID
	var ch struct{ Character struct{ ID string } }
	if st := h.p.do("POST", "/api/campaigns/"+h.id+"/characters", spec, &ch); st != http.StatusCreated {
		t.Fatalf("creating %v: %d", spec, st)
	}
	h.char = ch.Character.ID
	if len(homebrew) > 0 {
		body := map[string]json.RawMessage{}
		for _, b := range homebrew {
			var m struct{ ID string }
			if err := json.Unmarshal([]byte(b), &m); err != nil {
				t.Fatal(err)
			}
			body[m.ID] = json.RawMessage(b)
		}
		var out map[string]any
		if st := h.p.do("POST", "/api/campaigns/"+h.id+"/homebrew", map[string]any{"monsters": body}, &out); st != http.StatusOK {
			t.Fatalf("homebrew: %d %v", st, out)
		}
	}
	h.s = h.p.mustDial(h.id)
	h.s.send(map[string]any{"action": "resume", "request_id": "resume"})
	h.s.wait(0, "recap", typeIs("recap"))
	return h
}

func (h *hero) sheet() heroSheet {
	h.t.Helper()
	var v struct {
		Characters []struct {
			ID string
			heroSheet
		}
	}
	h.p.must("GET", "/api/campaigns/"+h.id, nil, &v, http.StatusOK)
	for _, c := range v.Characters {
		if c.ID == h.char {
			return c.heroSheet
		}
	}
	h.t.Fatalf("no character %s", h.char)
	return heroSheet{}
}

// begin starts a fight against count monsters of srdID (homebrew first).
func (h *hero) begin(srdID string, count int) {
	h.t.Helper()
	h.from = h.s.count()
	h.p.must("POST", "/api/campaigns/"+h.id+"/encounters", map[string]any{"monsters": []map[string]any{{"srd_id": srdID, "count": count}}}, nil, http.StatusCreated)
}

// end has the owner end the fight enc, which writes what the fight spent
// (its pools) back to the sheet.
func (h *hero) end(enc map[string]any) {
	h.t.Helper()
	var out map[string]any
	if st := h.p.do("POST", fmt.Sprintf("/api/campaigns/%s/encounters/%s/end", h.id, enc["id"]), map[string]any{"outcome": "other"}, &out); st != http.StatusOK {
		h.t.Fatalf("ending the fight: %d %v", st, out)
	}
}

// myTurn waits for the character's turn in the fight and returns the
// encounter as it stands, with the turns committed on the way there
// (the monsters'). Reaction windows the monsters' turns open are passed.
// It fails the test when the fight ends first.
func (h *hero) myTurn() (map[string]any, []event) {
	h.t.Helper()
	var seen []event
	for range 200 {
		e, i := h.s.wait(h.from, "the fight going on", func(e event) bool {
			switch e.str("type") {
			case "reaction.window", "encounter", "turn.committed":
				return true
			}
			return false
		})
		h.from = i + 1
		if e.str("type") == "reaction.window" {
			h.react(e, "pass")
			continue
		}
		if e.str("type") == "turn.committed" {
			seen = append(seen, e)
		}
		enc, _ := e["encounter"].(map[string]any)
		switch {
		case enc == nil:
			continue
		case enc["status"] != "active":
			h.t.Fatalf("the fight ended (%v) before %s's turn: %v", enc["outcome"], h.char, enc["log"])
		case enc["current"] == h.char:
			h.from = i // the same state is the turn's again, until acted on
			return enc, seen
		}
	}
	h.t.Fatal("no turn of the character's in 200 events")
	return nil, nil
}

// react answers window e for the character.
func (h *hero) react(e event, reaction string) {
	h.n++
	h.s.send(map[string]any{"action": "react", "request_id": fmt.Sprintf("react-%d", h.n), "turn_id": e.str("turn_id"),
		"character_id": h.char, "reaction": reaction})
}

// act takes a turn with intent in and returns its turn.committed event.
// Each reaction window the turn opens to the character (its own hit's
// choices) is answered with what answer returns; nil passes them all.
// Each roll the turn asks the player for is rolled.
func (h *hero) act(in map[string]any, answer func(window event) string) event {
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
	turnID := acc.str("turn_id")
	for {
		e, j := h.s.wait(i, "the turn committed", func(e event) bool {
			switch e.str("type") {
			case "reaction.window", "turn.committed", "roll.requested":
				return e.str("turn_id") == turnID
			}
			return false
		})
		i = j + 1
		switch e.str("type") {
		case "turn.committed":
			h.from = j
			return e
		case "roll.requested":
			h.n++
			h.s.send(map[string]any{"action": "roll", "request_id": fmt.Sprintf("roll-%d", h.n), "turn_id": turnID, "roll_id": e.str("roll_id")})
			continue
		}
		reaction := "pass"
		if answer != nil {
			reaction = answer(e)
		}
		h.react(e, reaction)
	}
}

// offers are the reactions window e offers the character.
func (h *hero) offers(e event) []string {
	var out []string
	list, _ := e["eligible"].([]any)
	for _, x := range list {
		m, _ := x.(map[string]any)
		if m["character_id"] != h.char {
			continue
		}
		rs, _ := m["reactions"].([]any)
		for _, r := range rs {
			s, _ := r.(string)
			out = append(out, s)
		}
	}
	return out
}

// encounterOf is the encounter a turn committed.
func encounterOf(e event) map[string]any {
	enc, _ := e["encounter"].(map[string]any)
	return enc
}

// participantByID is the participant of the encounter with id.
func participantByID(enc map[string]any, id string) map[string]any {
	ps, _ := enc["participants"].([]any)
	for _, x := range ps {
		p, _ := x.(map[string]any)
		if p["id"] == id {
			return p
		}
	}
	return nil
}

// monsters are the ids of the encounter's monsters.
func monsters(enc map[string]any) []string {
	var out []string
	ps, _ := enc["participants"].([]any)
	for _, x := range ps {
		p, _ := x.(map[string]any)
		if p["kind"] == "monster" {
			out = append(out, p["id"].(string))
		}
	}
	return out
}

// hpOf is participant id's hit points in the encounter.
func hpOf(enc map[string]any, id string) int {
	f, _ := participantByID(enc, id)["hp"].(float64)
	return int(f)
}

// poolLeft is what participant id has left of resource pool in the
// encounter.
func poolLeft(enc map[string]any, id, pool string) int {
	pools, _ := participantByID(enc, id)["pools"].(map[string]any)
	p, _ := pools[pool].(map[string]any)
	m, _ := p["max"].(float64)
	u, _ := p["used"].(float64)
	return int(m - u)
}

// conditionsOf are participant id's conditions in the encounter.
func conditionsOf(enc map[string]any, id string) []string {
	var out []string
	cs, _ := participantByID(enc, id)["conditions"].([]any)
	for _, c := range cs {
		s, _ := c.(string)
		out = append(out, s)
	}
	return out
}

// roll is one roll of a committed turn.
type roll struct {
	RollerID string `json:"roller_id"`
	Reason   string
	Dice     string
	Rolls    []int
	Total    int
	Outcome  string
	DC       int
}

func rollsOf(t *testing.T, committed event) []roll {
	t.Helper()
	b, _ := json.Marshal(committed["rolls"])
	var out []roll
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// dummy is a target that hits nobody but with a natural 20, for 1, and
// falls to no blow a test strikes: a thousand hit points behind an AC of 1,
// and Constitution 10 for the saves its blows force.
const dummy = `{"id":"dummy","name":"Straw Dummy","size":"Medium","type":"construct","alignment":"unaligned",
"ac":1,"hp":1000,"hit_dice":"100d10","speed":{"walk":30},"abilities":{"str":10,"dex":1,"con":10,"int":1,"wis":10,"cha":1},
"senses":{"passive_perception":10},"cr":0,"xp":0,"proficiency_bonus":2,
"actions":[{"id":"poke","name":"Poke","attack_bonus":-5,"attack_type":"melee","reach":5,"damage":[{"dice":"1","type":"bludgeoning"}]}]}`

// brute hits all but on a natural 1, for damage dice dmg (bludgeoning),
// and falls to no blow a test strikes.
func brute(dmg string) string {
	return fmt.Sprintf(`{"id":"brute","name":"Brute","size":"Large","type":"giant","alignment":"chaotic evil",
"ac":1,"hp":1000,"hit_dice":"100d10","speed":{"walk":30},"abilities":{"str":10,"dex":1,"con":10,"int":6,"wis":8,"cha":6},
"senses":{"passive_perception":9},"cr":0,"xp":0,"proficiency_bonus":2,
"actions":[{"id":"club","name":"Club","attack_bonus":30,"attack_type":"melee","reach":5,"damage":[{"dice":%q,"type":"bludgeoning"}]}]}`, dmg)
}

// The class features of issue 22 played end to end: each subtest is one
// character's campaign on one server.
func TestFeaturesPlayedOverTheSocket(t *testing.T) {
	base := inProcess(t, func(c *config) { c.turnRate = 0 })
	abilities := func(str, dex, con, intl, wis, cha int) map[string]int {
		return map[string]int{"str": str, "dex": dex, "con": con, "int": intl, "wis": wis, "cha": cha}
	}

	// Rage is a bonus action that spends one of its uses (two at 2nd
	// level), and while it lasts bludgeoning damage is halved, rounded
	// down: the blow's damage roll, halved, is what the barbarian loses.
	// The fight spends its own pool; the sheet has it at the fight's end.
	t.Run("rage halves a blow", func(t *testing.T) {
		t.Parallel()
		h := newHero(t, base, map[string]any{"name": "Brakka", "race": "human", "class": "barbarian", "level": 2,
			"abilities": abilities(15, 14, 13, 10, 12, 8)}, brute("2d4"))
		if n := h.sheet().left(t, "rage"); n != 2 {
			t.Fatalf("a 2nd-level barbarian's sheet lists Rage with %d uses left", n)
		}
		h.begin("brute", 1)
		enc, _ := h.myTurn()
		brute := monsters(enc)[0]
		raged := h.act(map[string]any{"kind": "feature", "feature": "rage"}, nil)
		if n := poolLeft(encounterOf(raged), h.char, "rage"); n != 1 {
			t.Fatalf("after raging the fight's pool has %d rages left", n)
		}
		// A rage ends with a turn in which the barbarian neither attacked
		// nor took damage: each turn it swings at the brute, which hits
		// back but on a natural 1.
		prev := encounterOf(h.act(map[string]any{"kind": "attack", "target_id": brute}, nil))
		for range 5 {
			_, seen := h.myTurn()
			for _, c := range seen {
				var dmg *roll
				for _, r := range rollsOf(t, c) {
					if r.Reason == "damage" {
						dmg = &r
					}
				}
				if c.str("actor_id") != brute || dmg == nil {
					prev = encounterOf(c)
					continue
				}
				if lost := hpOf(prev, h.char) - hpOf(encounterOf(c), h.char); lost != dmg.Total/2 {
					t.Fatalf("raging, Brakka lost %d HP to a blow of %d (%s), want %d", lost, dmg.Total, dmg.Dice, dmg.Total/2)
				}
				h.end(encounterOf(c))
				if n := h.sheet().left(t, "rage"); n != 1 {
					t.Errorf("after a fight with a rage the sheet lists %d left, want 1", n)
				}
				return
			}
			prev = encounterOf(h.act(map[string]any{"kind": "attack", "target_id": brute}, nil))
		}
		t.Fatal("the brute never hit in five rounds")
	})

	// Divine Smite is offered on the paladin's own melee hit, by slot
	// level ("divine-smite:1"), to the paladin alone; taken, the hit adds
	// 2d8 radiant and a 1st-level slot is spent. Passed, the hit stands
	// alone and no slot is spent.
	//
	// At a table that rolls its dice by hand the turn stops at the attack
	// roll, then at the hit's window, then at the damage rolls.
	for _, mode := range []string{"automatic", "interactive", "hybrid"} {
		t.Run("divine smite on a hit, or not, dice "+mode, func(t *testing.T) {
			t.Parallel()
			smite(t, base, mode)
		})
	}
	// Flurry of Blows takes the bonus action and 1 ki after the Attack
	// action: two unarmed strikes. A hit of theirs offers Stunning Strike
	// (1 ki more), and an Open Hand monk's technique: the target makes a
	// Constitution save against the ki DC, and is stunned when it fails.
	// A 5th-level monk has 5 ki.
	t.Run("flurry and a stunning strike", func(t *testing.T) {
		t.Parallel()
		h := newHero(t, base, map[string]any{"name": "Li", "race": "human", "class": "monk", "level": 5, "subclass": "open-hand",
			"abilities": abilities(10, 15, 13, 8, 14, 12)}, dummy)
		if n := h.sheet().left(t, "flurry-of-blows"); n != 5 {
			t.Fatalf("a 5th-level monk's sheet lists %d ki for Flurry of Blows, want 5", n)
		}
		h.begin("dummy", 1)
		for range 6 {
			enc, _ := h.myTurn()
			target, ki := monsters(enc)[0], poolLeft(enc, h.char, "ki")
			h.act(map[string]any{"kind": "attack", "target_id": target, "keep_turn": true}, nil) // its hits' choices passed
			var offered []string
			committed := h.act(map[string]any{"kind": "feature", "feature": "flurry-of-blows", "target_id": target}, func(e event) string {
				if offered == nil {
					offered = h.offers(e)
					return "stunning-strike"
				}
				return "pass"
			})
			enc = encounterOf(committed)
			if offered == nil {
				if n := poolLeft(enc, h.char, "ki"); n != ki-1 {
					t.Fatalf("a flurry that hit nothing took %d ki to %d, want %d", ki, n, ki-1)
				}
				continue // the bonus action after the action ended the turn
			}
			if !slices.Contains(offered, "stunning-strike") || !slices.Contains(offered, "open-hand-technique:prone") {
				t.Errorf("a flurry's hit offers %v", offered)
			}
			var save *roll
			for _, r := range rollsOf(t, committed) {
				if strings.Contains(r.Reason, "Constitution") {
					save = &r
				}
			}
			switch {
			case poolLeft(enc, h.char, "ki") != ki-2:
				t.Errorf("a flurry and a stunning strike took %d ki to %d, want %d", ki, poolLeft(enc, h.char, "ki"), ki-2)
			case save == nil:
				t.Fatalf("no Constitution save among %+v", rollsOf(t, committed))
			case slices.Contains(conditionsOf(enc, target), "stunned") != (save.Outcome == "failure"):
				t.Errorf("the dummy's save: %+v; its conditions %v", *save, conditionsOf(enc, target))
			}
			enc, _ = h.myTurn()
			h.end(enc)
			if n := h.sheet().left(t, "stunning-strike"); n != poolLeft(enc, h.char, "ki") {
				t.Errorf("after the fight the sheet lists %d ki, the fight %d", n, poolLeft(enc, h.char, "ki"))
			}
			return
		}
		t.Fatal("no flurry hit in six turns")
	})

	// Action Surge, once the fighter has taken its action, gives it one
	// more on the same turn, and spends its one use (at 2nd level).
	t.Run("action surge attacks twice", func(t *testing.T) {
		t.Parallel()
		h := newHero(t, base, map[string]any{"name": "Bram", "race": "human", "class": "fighter", "level": 2,
			"abilities": abilities(15, 12, 14, 10, 12, 8)}, dummy)
		if n := h.sheet().left(t, "action-surge-1-use"); n != 1 {
			t.Fatalf("a 2nd-level fighter's sheet lists Action Surge with %d uses left", n)
		}
		h.begin("dummy", 1)
		enc, _ := h.myTurn()
		target := monsters(enc)[0]
		first := h.act(map[string]any{"kind": "attack", "target_id": target, "keep_turn": true}, nil)
		surged := h.act(map[string]any{"kind": "feature", "feature": "action-surge-1-use"}, nil)
		if n := poolLeft(encounterOf(surged), h.char, "action-surge"); n != 0 {
			t.Errorf("after Action Surge the fight's pool has %d left", n)
		}
		second := h.act(map[string]any{"kind": "attack", "target_id": target, "keep_turn": true}, nil)
		for _, c := range []event{first, second} {
			var attacks int
			for _, r := range rollsOf(t, c) {
				if r.Reason == "attack roll" && r.RollerID == h.char {
					attacks++
				}
			}
			if attacks != 1 {
				t.Errorf("a turn's attack made %d attack rolls: %+v", attacks, rollsOf(t, c))
			}
		}
		if r1, r2 := encounterOf(first)["round"], encounterOf(second)["round"]; r1 != r2 || encounterOf(second)["current"] != h.char {
			t.Errorf("the attacks came in rounds %v and %v", r1, r2)
		}
		h.act(map[string]any{"kind": "end_turn"}, nil)
		enc, _ = h.myTurn()
		h.end(enc)
		if n := h.sheet().left(t, "action-surge-1-use"); n != 0 {
			t.Errorf("after the fight the sheet lists Action Surge with %d uses left", n)
		}
	})

	// Turn Undead takes the action and a use of Channel Divinity: each
	// undead in the fight makes a Wisdom save against the cleric's spell
	// save DC, and one that fails is turned (a lasting effect the fight
	// keeps on it), one that succeeds is not. Below 5th level none is
	// destroyed.
	t.Run("turn undead", func(t *testing.T) {
		t.Parallel()
		h := newHero(t, base, map[string]any{"name": "Bram", "race": "human", "class": "cleric", "level": 3,
			"abilities": abilities(8, 10, 15, 8, 15, 12)})
		if n := h.sheet().left(t, "channel-divinity-turn-undead"); n != 1 {
			t.Fatalf("a 3rd-level cleric's sheet lists Turn Undead with %d uses left", n)
		}
		h.begin("skeleton", 2)
		h.myTurn()
		committed := h.act(map[string]any{"kind": "feature", "feature": "channel-divinity-turn-undead"}, nil)
		enc := encounterOf(committed)
		if n := poolLeft(enc, h.char, "cleric-channel-divinity"); n != 0 {
			t.Errorf("after Turn Undead the fight's Channel Divinity pool has %d left", n)
		}
		turned := map[string]bool{}
		effects, _ := enc["effects"].([]any)
		for _, x := range effects {
			fx, _ := x.(map[string]any)
			if fx["id"] == "turned" && fx["spell"] == "channel-divinity-turn-undead" && fx["caster_id"] == h.char {
				turned[fx["target_id"].(string)] = true
			}
		}
		saves := 0
		for _, r := range rollsOf(t, committed) {
			if !strings.Contains(r.Reason, "Wisdom saving throw") {
				continue
			}
			saves++
			if turned[r.RollerID] != (r.Outcome == "failure") {
				t.Errorf("%s's save %d against DC %d (%s): turned %v", r.RollerID, r.Total, r.DC, r.Outcome, turned[r.RollerID])
			}
		}
		if saves != len(monsters(enc)) {
			t.Errorf("%d saves for %d skeletons: %+v", saves, len(monsters(enc)), rollsOf(t, committed))
		}
		// A turned skeleton takes no action on its turn: no attack roll.
		_, seen := h.myTurn()
		for _, c := range seen {
			if !turned[c.str("actor_id")] {
				continue
			}
			for _, r := range rollsOf(t, c) {
				if r.Reason == "attack roll" {
					t.Errorf("turned, %s attacked: %+v", c.str("actor_id"), r)
				}
			}
		}
	})

	// Wild Shape takes the action and a use: the druid becomes a wolf
	// (11 HP), with the beast's hit points in place of its own, and
	// fights as one. At 0 HP it is back in its own form, with its own
	// hit points less the damage the wolf's did not take. The brute's
	// blow is a flat 6: the second drops the wolf, and 1 carries over.
	t.Run("wild shape drops back to the druid", func(t *testing.T) {
		t.Parallel()
		h := newHero(t, base, map[string]any{"name": "Rowan", "race": "human", "class": "druid", "level": 2,
			"abilities": abilities(10, 12, 14, 8, 15, 13)}, brute("6"))
		const shape = "wild-shape-cr-1-4-or-below-no-flying-or-swim-speed"
		if n := h.sheet().left(t, shape); n != 2 {
			t.Fatalf("a 2nd-level druid's sheet lists Wild Shape with %d uses left", n)
		}
		h.begin("brute", 1)
		enc, _ := h.myTurn()
		brute := monsters(enc)[0]
		shaped := encounterOf(h.act(map[string]any{"kind": "feature", "feature": shape, "choice": "wolf"}, nil))
		wolf := participantByID(shaped, h.char)
		form, _ := wolf["form"].(map[string]any)
		if form == nil || form["beast"] != "wolf" || wolf["hp"] != float64(11) || poolLeft(shaped, h.char, "wild-shape") != 1 {
			t.Fatalf("after Wild Shape: form %v, %v HP, %d uses left", form, wolf["hp"], poolLeft(shaped, h.char, "wild-shape"))
		}
		own := int(form["hp"].(float64))
		bit := false
		prev := shaped
		for range 8 {
			_, seen := h.myTurn()
			for _, c := range seen {
				now := encounterOf(c)
				if c.str("actor_id") != brute || participantByID(now, h.char)["form"] != nil {
					prev = now
					continue
				}
				var dmg int
				for _, r := range rollsOf(t, c) {
					if r.Reason == "damage" {
						dmg = r.Total
					}
				}
				left := hpOf(prev, h.char)
				back := participantByID(now, h.char)
				if hp := hpOf(now, h.char); hp != own-(dmg-left) || back["max_hp"] != float64(h.sheet().MaxHP) {
					t.Errorf("the wolf at %d HP took %d: Rowan is back at %d/%v HP, want %d/%d", left, dmg, hp, back["max_hp"], own-(dmg-left), h.sheet().MaxHP)
				}
				if !bit {
					t.Errorf("the wolf never bit")
				}
				enc, _ := h.myTurn()
				h.end(enc)
				if sh := h.sheet(); sh.HP != hpOf(enc, h.char) || sh.left(t, shape) != 1 {
					t.Errorf("after the fight the sheet has %d HP (the fight %d) and %d Wild Shapes left", sh.HP, hpOf(enc, h.char), sh.left(t, shape))
				}
				return
			}
			bitten := h.act(map[string]any{"kind": "attack", "target_id": brute}, nil)
			for _, r := range rollsOf(t, bitten) {
				bit = bit || r.Reason == "attack roll"
			}
			prev = encounterOf(bitten)
		}
		t.Fatal("the wolf never dropped")
	})

	// Agonizing Blast, an invocation chosen at creation from those GET
	// /api/rules/choices offers, adds the warlock's Charisma modifier to
	// the damage of each Eldritch Blast beam that hits: the damage roll
	// is 1d10 + 3 at Charisma 16.
	t.Run("agonizing blast adds charisma", func(t *testing.T) {
		t.Parallel()
		var asked struct {
			Choices []struct {
				ID      string
				Options []struct{ ID, Name string }
			}
		}
		newPlayer(t, base, "Reader").must("GET", "/api/rules/choices?class=warlock&race=human&level=2", nil, &asked, http.StatusOK)
		var agonizing string
		for _, c := range asked.Choices {
			for _, o := range c.Options {
				if c.ID == "eldritch-invocations" && strings.HasSuffix(o.Name, "Agonizing Blast") {
					agonizing = o.ID
				}
			}
		}
		if agonizing == "" {
			t.Fatalf("a 2nd-level warlock is offered no Agonizing Blast: %+v", asked)
		}
		h := newHero(t, base, map[string]any{"name": "Vex", "race": "human", "class": "warlock", "level": 2,
			"abilities": abilities(8, 14, 13, 12, 10, 15),
			"choices":   map[string][]string{"eldritch-invocations": {agonizing}}}, dummy)
		if !slices.ContainsFunc(h.sheet().Features, func(f sheetFeature) bool { return f.ID == agonizing }) {
			t.Fatalf("the warlock's sheet lists no %s", agonizing)
		}
		h.begin("dummy", 1)
		for range 6 {
			enc, _ := h.myTurn()
			c := h.act(map[string]any{"kind": "cast", "spell": "eldritch-blast", "target_ids": []string{monsters(enc)[0]}}, nil)
			for _, r := range rollsOf(t, c) {
				if r.Reason != "damage" {
					continue
				}
				sum := 0
				for _, n := range r.Rolls {
					sum += n
				}
				// A critical hit rolls the d10 twice.
				if r.Dice != "1d10+3" || len(r.Rolls) < 1 || r.Total != sum+3 {
					t.Errorf("an agonizing blast's damage: %s rolled %v for %d, want 1d10+3", r.Dice, r.Rolls, r.Total)
				}
				return
			}
		}
		t.Fatal("no beam hit AC 1 in six turns")
	})

	// Arcane Recovery, at the end of a short rest, brings back spell
	// slots of as many levels as half the wizard's level, rounded up (one
	// at 1st level), once a day: the rest's choice names them ("1").
	t.Run("arcane recovery brings a slot back", func(t *testing.T) {
		t.Parallel()
		h := newHero(t, base, map[string]any{"name": "Aria", "race": "elf", "class": "wizard", "level": 1,
			"abilities": abilities(8, 14, 13, 15, 12, 10)})
		if n := h.sheet().left(t, "arcane-recovery"); n != 1 {
			t.Fatalf("a wizard's sheet lists Arcane Recovery with %d uses left", n)
		}
		h.act(map[string]any{"kind": "cast", "spell": "mage-armor", "target_id": h.char}, nil)
		if sl := h.sheet().SpellSlots["1"]; sl.Used != 1 {
			t.Fatalf("after Mage Armor %d of %d 1st-level slots are used", sl.Used, sl.Max)
		}
		h.act(map[string]any{"kind": "rest", "rest": "short", "choice": "1"}, nil)
		s := h.sheet()
		if sl := s.SpellSlots["1"]; sl.Used != 0 {
			t.Errorf("after a short rest with Arcane Recovery %d of %d 1st-level slots are used", sl.Used, sl.Max)
		}
		if n := s.left(t, "arcane-recovery"); n != 0 {
			t.Errorf("after Arcane Recovery the sheet lists %d uses left", n)
		}
	})
}

// smite has a 2nd-level paladin smite on one hit and pass on the next, at
// a table whose dice are rolled as mode says.
func smite(t *testing.T, base, mode string) {
	h := newHeroWith(t, base, map[string]any{"dice_mode": mode}, map[string]any{"name": "Mira", "race": "human", "class": "paladin", "level": 2,
		"abilities": map[string]int{"str": 15, "dex": 10, "con": 13, "int": 8, "wis": 12, "cha": 14}}, dummy)
	h.begin("dummy", 1)
	for _, take := range []bool{true, false} {
		var window event
		var committed event
		for range 6 {
			enc, _ := h.myTurn()
			committed = h.act(map[string]any{"kind": "attack", "target_id": monsters(enc)[0]}, func(e event) string {
				window = e
				if take {
					return "divine-smite:1"
				}
				return "pass"
			})
			if window != nil {
				break
			}
		}
		if window == nil {
			t.Fatal("no hit in six attacks on AC 1")
		}
		if got := h.offers(window); !slices.Contains(got, "divine-smite:1") || !slices.Equal(eligibleIDs(window), []string{h.char}) {
			t.Fatalf("the hit's window offers %v to %v", got, eligibleIDs(window))
		}
		// The turn's stops, in order: "roll" for each roll asked for
		// by hand, "window" for the hit's.
		var stops []string
		for _, e := range h.s.events() {
			switch {
			case e.str("turn_id") != window.str("turn_id"):
			case e.str("type") == "roll.requested":
				stops = append(stops, "roll")
			case e.str("type") == "reaction.window":
				stops = append(stops, "window")
			}
		}
		want := map[string][]string{
			"automatic":   {"window"},
			"hybrid":      {"roll", "window"},
			"interactive": {"roll", "window", "roll"}, // the damage, and the smite's when taken
		}[mode]
		if len(stops) < len(want) || !slices.Equal(stops[:len(want)], want) || (mode != "interactive" && len(stops) != len(want)) {
			t.Errorf("dice %s: the turn stopped at %v, want %v first", mode, stops, want)
		}
		enc := encounterOf(committed)
		var radiant []roll
		for _, r := range rollsOf(t, committed) {
			if r.Reason == "damage" && strings.HasSuffix(r.Dice, "d8") {
				radiant = append(radiant, r)
			}
		}
		slots := participantByID(enc, h.char)["combatant"].(map[string]any)["spell_slots"].([]any)
		used := int(slots[0].(map[string]any)["used"].(float64))
		log := fmt.Sprint(enc["log"])
		if take && (len(radiant) != 1 || (radiant[0].Dice != "2d8" && radiant[0].Dice != "4d8") || used != 1 || !strings.Contains(log, "radiant")) {
			t.Errorf("a smite: radiant rolls %+v, %d slots used, log %s", radiant, used, log)
		}
		if !take && (len(radiant) != 0 || used != 1) {
			t.Errorf("a pass: radiant rolls %+v, %d slots used", radiant, used)
		}
	}
	enc, _ := h.myTurn()
	h.end(enc)
	if sl := h.sheet().SpellSlots["1"]; sl.Used != 1 {
		t.Errorf("after the fight the sheet has %d of its %d 1st-level slots used, want 1", sl.Used, sl.Max)
	}
}
