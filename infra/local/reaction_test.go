package main

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"chronicler/infra/local/statemachine"
)

// reactTable is a wizard (Aria, Shield) and a bard (Bram, Cutting Words)
// fighting goblins. The wizard has fewer hit points, so the goblins go for
// her: each hit on her offers both a reaction, but for a natural 20, which
// Cutting Words cannot turn. They are of 6th level so that only a long run
// of critical hits could drop her before a hit both may answer; at 3rd
// level two in a row were enough, and CI met them once.
type reactTable struct {
	*table
	t testing.TB
	// act, when set, is a character's intent on its turn in the fight
	// (nil: end the turn); by default everyone ends their turns.
	act func(enc map[string]any, characterID string) map[string]any
	// until, when set, ends a fight (fightOn) at the first event it
	// accepts.
	until func(event) bool
}

func newReactTable(t testing.TB, base string, settings map[string]any) *reactTable {
	t.Helper()
	tb := goblinRoad(t, base, settings)
	for i, spec := range []map[string]any{
		{"name": "Aria", "race": "elf", "class": "wizard", "level": 6},
		{"name": "Bram", "race": "dwarf", "class": "bard", "level": 6},
	} {
		var ch struct{ Character struct{ ID string } }
		tb.players[i].must("POST", "/api/campaigns/"+tb.id+"/characters", spec, &ch, http.StatusCreated)
		tb.chars = append(tb.chars, ch.Character.ID)
	}
	return &reactTable{table: tb, t: t}
}

// goblinRoad is Aria's campaign "Goblin Road", made with settings, which
// Bram has joined; neither has a character yet.
func goblinRoad(t testing.TB, base string, settings map[string]any) *table {
	t.Helper()
	tb := &table{}
	for _, n := range []string{"Aria", "Bram"} {
		tb.players = append(tb.players, newPlayer(t, base, n))
	}
	var created struct {
		Campaign   struct{ ID string }
		InviteCode string `json:"invite_code"`
	}
	body := map[string]any{"name": "Goblin Road", "world_seed": "a muddy road", "settings": settings}
	tb.players[0].must("POST", "/api/campaigns", body, &created, http.StatusCreated)
	tb.id = created.Campaign.ID
	tb.players[1].must("POST", "/api/campaigns/"+tb.id+"/join", map[string]string{"invite_code": created.InviteCode}, nil, http.StatusOK)
	return tb
}

// begin connects everyone, resumes, and starts a fight with goblins.
func (rt *reactTable) begin(goblins int) { rt.t.Helper(); rt.beginWith("goblin", goblins) }

// beginWith connects everyone, resumes, and starts a fight with count
// monsters of an SRD stat block.
func (rt *reactTable) beginWith(srdID string, count int) {
	rt.t.Helper()
	rt.connect(rt.t)
	rt.socks[0].send(map[string]any{"action": "resume", "request_id": "resume-1"})
	rt.socks[0].wait(0, "recap", typeIs("recap"))
	rt.players[0].must("POST", "/api/campaigns/"+rt.id+"/encounters",
		map[string]any{"monsters": []map[string]any{{"srd_id": srdID, "count": count}}}, nil, http.StatusCreated)
}

// eligibleIDs are the character ids a reaction.window is open to.
func eligibleIDs(e event) []string {
	var ids []string
	list, _ := e["eligible"].([]any)
	for _, x := range list {
		m, _ := x.(map[string]any)
		id, _ := m["character_id"].(string)
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}

func offered(e event, characterID, reaction string) bool {
	list, _ := e["eligible"].([]any)
	for _, x := range list {
		m, _ := x.(map[string]any)
		if m["character_id"] != characterID {
			continue
		}
		rs, _ := m["reactions"].([]any)
		for _, r := range rs {
			if r == reaction {
				return true
			}
		}
	}
	return false
}

// fight plays the encounter from socket 0's event index from: players end
// their turns, and windows that match does not accept are passed by all.
// It returns the first window match accepts, and its index. seen, when
// set, sees every window.
func (rt *reactTable) fight(from int, match func(event) bool, seen func(event)) (event, int) {
	rt.t.Helper()
	e, i, ok := rt.fightOn(from, match, seen)
	if !ok {
		rt.t.Fatalf("the fight ended (%v) before the window looked for", e["outcome"])
	}
	return e, i
}

// passAll passes the reaction window e, the i-th event on the first
// socket, for every character it offers a reaction to.
func (rt *reactTable) passAll(e event, i int) {
	for _, id := range eligibleIDs(e) {
		k := slices.Index(rt.chars, id)
		rt.socks[k].send(map[string]any{"action": "react", "request_id": fmt.Sprintf("pass-%d-%s", i, id),
			"turn_id": e.str("turn_id"), "character_id": id, "reaction": "pass"})
	}
}

// fightOn is fight, reporting false (and the ended encounter) when the
// fight ends first.
func (rt *reactTable) fightOn(from int, match func(event) bool, seen func(event)) (event, int, bool) {
	rt.t.Helper()
	s := rt.socks[0]
	interesting := func(e event) bool {
		switch e.str("type") {
		case "reaction.window", "encounter", "turn.committed":
			return true
		}
		return false
	}
	for range 200 {
		e, i := s.wait(from, "the fight going on", interesting)
		from = i + 1
		if rt.until != nil && rt.until(e) {
			return e, i, true
		}
		if e.str("type") == "reaction.window" {
			if seen != nil {
				seen(e)
			}
			if match(e) {
				return e, i, true
			}
			rt.passAll(e, i)
			continue
		}
		enc, _ := e["encounter"].(map[string]any)
		if enc == nil {
			continue
		}
		if enc["status"] != "active" || decided(enc) {
			return enc, i, false
		}
		cur, _ := enc["current"].(string)
		if k := slices.Index(rt.chars, cur); k >= 0 {
			intent := map[string]any{"kind": "end_turn"}
			if rt.act != nil {
				if in := rt.act(enc, cur); in != nil {
					intent = in
				}
			}
			rt.socks[k].send(map[string]any{"action": "turn", "request_id": fmt.Sprintf("turn-%d", i),
				"character_id": cur, "intent": intent})
		}
	}
	rt.t.Fatal("no window after 200 events")
	return nil, 0, false
}

// flowLog keeps the states each held turn's executions entered.
type flowLog struct {
	mu    sync.Mutex
	paths map[string][]string // execution ARN -> states entered
}

func (f *flowLog) record(e statemachine.Event) {
	if e.Type != statemachine.StateEntered && e.Type != statemachine.TaskRetried {
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.paths == nil {
		f.paths = map[string][]string{}
	}
	f.paths[e.Execution] = append(f.paths[e.Execution], e.State)
}

// of is every state the executions of turnID entered, in order, and the
// number of transitions (what Step Functions bills).
func (f *flowLog) of(turnID string) ([]string, int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var arns []string
	for arn := range f.paths {
		if strings.Contains(arn, ":"+turnID+"-") {
			arns = append(arns, arn)
		}
	}
	slices.Sort(arns)
	var all []string
	for _, arn := range arns {
		all = append(all, f.paths[arn]...)
	}
	return all, len(all)
}

// until waits until turnID's executions have entered states ok accepts
// (the machine may finish just after the turn is committed), and returns
// them and the number of transitions.
func (f *flowLog) until(t *testing.T, turnID string, ok func([]string) bool) ([]string, int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		path, n := f.of(turnID)
		if ok(path) {
			return path, n
		}
		if time.Now().After(deadline) {
			t.Fatalf("states entered %v", path)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// await waits until turnID's executions have entered exactly want.
func (f *flowLog) await(t *testing.T, turnID string, want ...string) int {
	t.Helper()
	_, n := f.until(t, turnID, func(path []string) bool { return slices.Equal(path, want) })
	return n
}

// done waits until turnID's last execution has reached Done.
func (f *flowLog) done(t *testing.T, turnID string) ([]string, int) {
	t.Helper()
	return f.until(t, turnID, func(path []string) bool { return len(path) > 0 && path[len(path)-1] == "Done" })
}

// decided reports a fight with every character down or every monster
// dead: nobody plays it on until the owner ends it.
func decided(enc map[string]any) bool {
	standing := map[string]bool{}
	ps, _ := enc["participants"].([]any)
	for _, x := range ps {
		p, _ := x.(map[string]any)
		hp, _ := p["hp"].(float64)
		if hp > 0 && p["defeated"] != true {
			standing[p["kind"].(string)] = true
		}
	}
	return !standing["character"] || !standing["monster"]
}

// Two eligible players, one reacts and one passes at the same instant:
// both answers are applied once, in order, the window closes early, and
// the turn is narrated and committed with the reaction in it.
func TestReactionWindowEndToEnd(t *testing.T) {
	flows := &flowLog{}
	base := inProcess(t, func(c *config) { c.flowEvents = flows.record })
	rt := newReactTable(t, base, map[string]any{"reaction_window_seconds": 30})
	rt.begin(3)
	aria, bram := rt.chars[0], rt.chars[1]
	both := func(e event) bool {
		return slices.Equal(eligibleIDs(e), sortedPair(aria, bram)) && offered(e, aria, "shield")
	}
	win, at := rt.fight(0, both, nil)
	turnID := win.str("turn_id")
	if win.str("closes_at") == "" || win.str("roll_id") == "" {
		t.Fatalf("window without closes_at or roll_id: %v", win)
	}
	// The attack roll came before the window; nothing after it has.
	rollIdx := slices.IndexFunc(rt.socks[0].events(), func(e event) bool {
		return e.str("type") == "roll.result" && e.str("turn_id") == turnID && e.str("roll_id") == win.str("roll_id")
	})
	if rollIdx < 0 || rollIdx > at {
		t.Fatalf("the window's roll %s was not shown before it", win.str("roll_id"))
	}

	rt.socks[0].send(map[string]any{"action": "react", "request_id": "shield-1", "turn_id": turnID, "character_id": aria, "reaction": "shield"})
	rt.socks[1].send(map[string]any{"action": "react", "request_id": "pass-1", "turn_id": turnID, "character_id": bram, "reaction": "pass"})
	// A repeat of the same request changes nothing.
	rt.socks[0].send(map[string]any{"action": "react", "request_id": "shield-1", "turn_id": turnID, "character_id": aria, "reaction": "shield"})

	closed, ci := rt.socks[1].wait(at, "reaction.closed", turnEvent("reaction.closed", turnID))
	applied, _ := closed["applied"].([]any)
	if len(applied) != 1 || applied[0].(map[string]any)["reaction"] != "shield" || applied[0].(map[string]any)["character_id"] != aria {
		t.Fatalf("applied = %v, want Aria's Shield", closed["applied"])
	}
	committed, _ := rt.socks[1].wait(ci, "turn.committed", turnEvent("turn.committed", turnID))
	rt.socks[1].wait(ci, "narration.done", turnEvent("narration.done", turnID))
	if committed.num("sequence") == 0 {
		t.Fatalf("committed = %v", committed)
	}
	// Each answer reached the table as it arrived, whichever came first
	// and closed the window: before the close (by seq), once each. The
	// Shield may come first and turn the hit into a miss, leaving Bram
	// nothing to answer: the window then closes at once and his pass is
	// refused, and told to nobody.
	answers := []struct{ who, reaction string }{{aria, "shield"}, {bram, "pass"}}
	told, _ := rt.socks[1].wait(at, "Bram's pass told or refused", func(e event) bool {
		return (e.str("type") == "reaction.received" && e.str("character_id") == bram) ||
			(e.str("type") == "error" && e.str("request_id") == "pass-1")
	})
	if told.str("type") == "error" {
		answers = answers[:1]
	}
	for _, want := range answers {
		got, _ := rt.socks[1].wait(at, "reaction.received "+want.reaction, func(e event) bool {
			return e.str("type") == "reaction.received" && e.str("turn_id") == turnID && e.str("character_id") == want.who
		})
		if got.str("reaction") != want.reaction || got.num("seq") == 0 || got.num("seq") > closed.num("seq") {
			t.Errorf("reaction.received %v, want %s before reaction.closed (seq %d)", got, want.reaction, closed.num("seq"))
		}
	}
	received := 0
	for _, e := range rt.socks[1].events() {
		if e.str("type") == "reaction.received" && e.str("turn_id") == turnID {
			received++
		}
	}
	if received != len(answers) {
		t.Errorf("%d reaction.received for %d answers", received, len(answers))
	}
	// The committed turn keeps the roll, the reaction and its effect.
	var turns struct {
		Turns []struct {
			ID        string `json:"turn_id"`
			Rolls     []map[string]any
			Reactions []map[string]any
		}
	}
	rt.players[0].must("GET", "/api/campaigns/"+rt.id+"/turns", nil, &turns, http.StatusOK)
	i := slices.IndexFunc(turns.Turns, func(x struct {
		ID        string `json:"turn_id"`
		Rolls     []map[string]any
		Reactions []map[string]any
	}) bool {
		return x.ID == turnID
	})
	if i < 0 || len(turns.Turns[i].Reactions) != 1 || turns.Turns[i].Reactions[0]["reaction"] != "shield" {
		t.Fatalf("stored turn %s: %+v", turnID, turns.Turns)
	}
	// Orchestration: the window, a second round after the Shield (its
	// timer restarted), closed early by the pass.
	// The pass may come first: then the Shield closes the window at once.
	path, n := flows.done(t, turnID)
	if !slices.Equal(path, []string{"Route", "Window", "Route", "Window", "Route", "Done"}) && !slices.Equal(path, []string{"Route", "Window", "Route", "Done"}) {
		t.Errorf("states entered %v (%d transitions)", path, n)
	}
	t.Logf("transitions for a monster's turn with one window, one reaction and one pass: %d", n)
	// Only rolls somebody could react to cost orchestration.
	windows := map[string]bool{}
	for _, e := range rt.socks[0].events() {
		if e.str("type") == "reaction.window" {
			windows[e.str("turn_id")] = true
		}
	}
	flows.mu.Lock()
	for arn := range flows.paths {
		if strings.Contains(arn, ":chronicler-fight:") {
			continue // the fight's own flow: one per run of turns no player takes
		}
		name := arn[strings.LastIndex(arn, ":")+1:]
		if !windows[name[:strings.LastIndex(name, "-")]] {
			t.Errorf("execution %s for a turn that opened no window", name)
		}
	}
	flows.mu.Unlock()
	// The window is closed: a late answer is refused and changes nothing.
	mark := rt.socks[1].count()
	rt.socks[1].send(map[string]any{"action": "react", "request_id": "late", "turn_id": turnID, "character_id": bram, "reaction": "cutting-words"})
	errEv, _ := rt.socks[1].wait(mark, "error", typeIs("error"))
	if errEv.str("code") != "conflict" {
		t.Errorf("late answer: %v", errEv)
	}
}

func sortedPair(a, b string) []string {
	p := []string{a, b}
	slices.Sort(p)
	return p
}

// An absent player's character is never offered a reaction, and the fight
// goes on without them: their turns are played for them, defensively.
func TestReactionWindowSkipsTheAbsent(t *testing.T) {
	base := inProcess(t)
	rt := newReactTable(t, base, nil)
	rt.connect(t)
	rt.socks[0].send(map[string]any{"action": "resume", "request_id": "resume-1"})
	rt.socks[0].wait(0, "recap", typeIs("recap"))
	rt.socks[1].close() // Bram leaves: absent
	rt.socks[0].wait(0, "Bram absent", func(e event) bool { return e.str("type") == "presence" && e.str("state") == "absent" })
	aria, bram := rt.chars[0], rt.chars[1]
	rt.socks, rt.chars = rt.socks[:1], rt.chars[:1] // only Aria plays
	rt.players[0].must("POST", "/api/campaigns/"+rt.id+"/encounters",
		map[string]any{"monsters": []map[string]any{{"srd_id": "goblin", "count": 3}}}, nil, http.StatusCreated)
	win, _ := rt.fight(0, func(e event) bool { return true }, func(e event) {
		if slices.Contains(eligibleIDs(e), bram) {
			t.Errorf("absent Bram offered a reaction: %v", e)
		}
	})
	if ids := eligibleIDs(win); !slices.Equal(ids, []string{aria}) {
		t.Errorf("eligible = %v, want Aria only", ids)
	}
	// Bram's turns, if any came up, were played for him.
	for _, e := range rt.socks[0].events() {
		if e.str("type") == "turn.accepted" && e.str("character_id") == bram && !strings.HasPrefix(e.str("request_id"), "away:") {
			t.Errorf("a turn of absent Bram not played for him: %v", e)
		}
	}
}

// A player who leaves while a window waits on them passes: the other's
// pass closes it.
func TestReactionWindowLeavingPasses(t *testing.T) {
	base := inProcess(t)
	rt := newReactTable(t, base, map[string]any{"reaction_window_seconds": 30})
	rt.begin(3)
	aria, bram := rt.chars[0], rt.chars[1]
	win, at := rt.fight(0, func(e event) bool { return slices.Equal(eligibleIDs(e), sortedPair(aria, bram)) }, nil)
	turnID := win.str("turn_id")
	rt.socks[1].close()
	rt.socks[0].wait(at, "Bram's pass", func(e event) bool {
		return e.str("type") == "reaction.received" && e.str("character_id") == bram && e.str("reaction") == "pass"
	})
	rt.socks[0].send(map[string]any{"action": "react", "request_id": "p", "turn_id": turnID, "character_id": aria, "reaction": "pass"})
	rt.socks[0].wait(at, "reaction.closed", turnEvent("reaction.closed", turnID))
	rt.socks[0].wait(at, "turn.committed", turnEvent("turn.committed", turnID))
}

// A window nobody answers closes when its time is up (the state machine's
// timeout, on the injected clock), and the turn goes on.
func TestReactionWindowTimesOut(t *testing.T) {
	clock := statemachine.NewManualClock(time.Now())
	base := inProcess(t, func(c *config) { c.flowClock = clock })
	rt := newReactTable(t, base, map[string]any{"reaction_window_seconds": 5})
	rt.begin(3)
	win, at := rt.fight(0, func(e event) bool { return true }, nil)
	turnID := win.str("turn_id")
	stop := advancing(clock, 6*time.Second)
	closed, ci := rt.socks[0].wait(at, "reaction.closed", turnEvent("reaction.closed", turnID))
	stop()
	if applied, _ := closed["applied"].([]any); len(applied) != 0 {
		t.Errorf("applied = %v, want nothing after a timeout", applied)
	}
	rt.socks[0].wait(ci, "turn.committed", turnEvent("turn.committed", turnID))
}

// advancing moves the clock on by step every few milliseconds until stop
// is called: whatever timer the machine is waiting on fires soon.
func advancing(clock *statemachine.ManualClock, step time.Duration) (stop func()) {
	done := make(chan struct{})
	go func() {
		for {
			select {
			case <-done:
				return
			case <-time.After(5 * time.Millisecond):
				clock.Advance(step)
			}
		}
	}()
	return func() { close(done) }
}

// An unanswered roll prompt rolls by itself when its time is up.
func TestRollPromptTimesOut(t *testing.T) {
	clock := statemachine.NewManualClock(time.Now())
	flows := &flowLog{}
	base := inProcess(t, func(c *config) { c.flowClock, c.flowEvents = clock, flows.record })
	rt := newReactTable(t, base, map[string]any{"dice_mode": "interactive", "roll_timeout_seconds": 30})
	rt.connect(t)
	rt.socks[0].send(map[string]any{"action": "resume", "request_id": "resume-1"})
	rt.socks[0].wait(0, "recap", typeIs("recap"))
	rt.socks[0].send(map[string]any{"action": "turn", "request_id": "t1", "character_id": rt.chars[0],
		"intent": map[string]any{"kind": "check", "ability": "wis", "skill": "perception"}})
	req, at := rt.socks[0].wait(0, "roll.requested", typeIs("roll.requested"))
	stop := advancing(clock, 31*time.Second)
	res, _ := rt.socks[0].wait(at, "roll.result", turnEvent("roll.result", req.str("turn_id")))
	stop()
	if res.str("roll_id") != req.str("roll_id") {
		t.Errorf("rolled %v for prompt %v", res, req)
	}
	rt.socks[1].wait(0, "turn.committed", turnEvent("turn.committed", req.str("turn_id")))
	flows.await(t, req.str("turn_id"), "Route", "PromptRoll", "AutoRoll", "Route", "Done")
}

// A player who rolls in time: one prompt, one answer, four transitions.
func TestRollPromptAnswered(t *testing.T) {
	flows := &flowLog{}
	base := inProcess(t, func(c *config) { c.flowEvents = flows.record })
	rt := newReactTable(t, base, map[string]any{"dice_mode": "interactive"})
	rt.connect(t)
	rt.socks[0].send(map[string]any{"action": "resume", "request_id": "resume-1"})
	rt.socks[0].wait(0, "recap", typeIs("recap"))
	rt.socks[0].send(map[string]any{"action": "turn", "request_id": "t1", "character_id": rt.chars[0],
		"intent": map[string]any{"kind": "check", "ability": "wis", "skill": "perception"}})
	req, at := rt.socks[0].wait(0, "roll.requested", typeIs("roll.requested"))
	roll := map[string]any{"action": "roll", "request_id": "roll-1", "turn_id": req.str("turn_id"), "roll_id": req.str("roll_id")}
	rt.socks[0].send(roll)
	rt.socks[0].send(roll) // a repeat has one effect
	rt.socks[1].wait(at, "turn.committed", turnEvent("turn.committed", req.str("turn_id")))
	results := 0
	for _, e := range rt.socks[1].events() {
		if e.str("type") == "roll.result" && e.str("turn_id") == req.str("turn_id") {
			results++
		}
	}
	if results != 1 {
		t.Errorf("%d roll.result for one roll", results)
	}
	n := flows.await(t, req.str("turn_id"), "Route", "PromptRoll", "Route", "Done")
	t.Logf("transitions for a turn with one roll by hand: %d", n)
}

// A server killed while a window is open comes back with the window open
// (its flow restarted where the store says it stands, so it still times
// out) and the same dice: the turn commits with the rolls the table saw
// before the crash.
func TestReactionWindowSurvivesACrash(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end")
	}
	data := t.TempDir()
	launch := func() *proc {
		return start(t, binary(t, "chronicler/infra/local"), nil, "-addr", "127.0.0.1:0", "-data", data, "-pace", "0")
	}
	p := launch()
	rt := newReactTable(t, p.addr, map[string]any{"reaction_window_seconds": 5})
	rt.begin(3)
	win, at := rt.fight(0, func(event) bool { return true }, nil)
	turnID := win.str("turn_id")
	var before []event
	for _, e := range rt.socks[0].events()[:at] {
		if e.str("type") == "roll.result" && e.str("turn_id") == turnID {
			before = append(before, e)
		}
	}
	p.kill()

	p = launch()
	for _, pl := range rt.players {
		pl.base = p.addr
	}
	rt.connect(t)
	// Nobody answers: the restarted flow times the window out (5 s).
	rt.socks[0].wait(0, "reaction.closed", turnEvent("reaction.closed", turnID))
	committed, _ := rt.socks[0].wait(0, "turn.committed", turnEvent("turn.committed", turnID))
	rolls, _ := committed["rolls"].([]any)
	if len(rolls) < len(before) || len(before) == 0 {
		t.Fatalf("committed rolls %v, seen before the crash %v", rolls, before)
	}
	for i, e := range before {
		r, _ := rolls[i].(map[string]any)
		if fmt.Sprint(r["rolls"]) != fmt.Sprint(e["rolls"]) || r["roll_id"] != e.str("roll_id") {
			t.Errorf("roll %d: committed %v, seen before the crash %v", i, r, e)
		}
	}
}
