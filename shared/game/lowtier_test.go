package game_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"chronicler/events"
	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/game"
	"chronicler/shared/memory"
	"chronicler/shared/narrator"
	"chronicler/shared/world"
)

const (
	sonnet = "global.anthropic.claude-sonnet-4-5-20250929-v1:0"
	haiku  = "global.anthropic.claude-haiku-4-5-20251001-v1:0"
)

// tiered stands in for a model provider with two tiers: it narrates with
// a fixed usage on the tier's model, and its summaries and folds answer
// as the test says. The adapters' own tests speak the wire formats.
type tiered struct {
	mu        sync.Mutex
	narrated  []narrator.Request
	narration func(req narrator.Request) string
	summarize func(call int, req narrator.SummaryRequest) (narrator.Summarized, error)
	fold      func(call int, req narrator.FoldRequest) (narrator.Folded, error)
	summaries int
	folded    []narrator.FoldRequest
}

func (m *tiered) Name() string { return "tiered" }

func model(t narrator.Tier) string {
	if t == narrator.Low {
		return haiku
	}
	return sonnet
}

func (m *tiered) Narrate(_ context.Context, req narrator.Request, emit func(string) error) (narrator.Narration, error) {
	m.mu.Lock()
	m.narrated = append(m.narrated, req)
	m.mu.Unlock()
	text := "Mira steps forward."
	if m.narration != nil {
		text = m.narration(req)
	}
	if err := emit(text); err != nil {
		return narrator.Narration{}, err
	}
	return narrator.Narration{Text: text, Model: model(req.Tier), Usage: narrator.Usage{Input: 1000, Output: 100}}, nil
}

func (m *tiered) Summarize(_ context.Context, req narrator.SummaryRequest) (narrator.Summarized, error) {
	m.mu.Lock()
	m.summaries++
	n := m.summaries
	m.mu.Unlock()
	if m.summarize != nil {
		return m.summarize(n, req)
	}
	return narrator.Summarized{Text: fmt.Sprint("Summary ", n), Model: haiku, Usage: narrator.Usage{Input: 800, Output: 150}}, nil
}

func (m *tiered) Fold(_ context.Context, req narrator.FoldRequest) (narrator.Folded, error) {
	m.mu.Lock()
	m.folded = append(m.folded, req)
	n := len(m.folded)
	m.mu.Unlock()
	if m.fold != nil {
		return m.fold(n, req)
	}
	return narrator.Folded{Fold: narrator.Fold{Summary: fmt.Sprint("Fold ", n)}, Model: haiku, Usage: narrator.Usage{Input: 1200, Output: 200}}, nil
}

// folds answers a fold with raw, decoded as the adapters decode it: an
// invalid answer is paid for and refused.
func folds(raw func(call int, req narrator.FoldRequest) string) func(int, narrator.FoldRequest) (narrator.Folded, error) {
	return func(call int, req narrator.FoldRequest) (narrator.Folded, error) {
		f, err := narrator.DecodeFold([]byte(raw(call, req)), req)
		return narrator.Folded{Fold: f, Model: haiku, Usage: narrator.Usage{Input: 1200, Output: 200}}, err
	}
}

// turns returns the campaign's committed turns, oldest first.
func (f *fixture) turns(t testing.TB, id string) []campaign.Turn {
	t.Helper()
	var out []campaign.Turn
	for after := 0; ; {
		page, err := f.store.Turns(context.Background(), id, after, 100)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, page...)
		if len(page) < 100 {
			return out
		}
		after = page[len(page)-1].Sequence
	}
}

// memoryOf reads the campaign's stored memory.
func (f *fixture) memoryOf(t *testing.T, id string) memory.Memory {
	t.Helper()
	data, err := f.store.Memory(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := io.ReadAll(zr)
	var m memory.Memory
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func cost(model string, u narrator.Usage) float64 {
	c, _ := narrator.Cost(model, u)
	return c
}

// Every model call of a turn is in its record with its tier, model, usage
// and cost, and the session and the campaign pay for all of them.
func TestTurnRecordsEveryCall(t *testing.T) {
	f := newFixture(t)
	f.svc.SummaryEvery = 1 // a fold every turn: this test counts the calls
	n := &tiered{}
	f.svc.Narrator = n
	c, _ := f.table(t, "Accounts", "c1")
	f.play(t, "c1", c, 2)

	turns := f.turns(t, c.ID)
	want := cost(sonnet, narrator.Usage{Input: 1000, Output: 100}) + cost(haiku, narrator.Usage{Input: 1200, Output: 200})
	for _, turn := range turns {
		rec := turn.Context
		if len(rec.Calls) != 2 {
			t.Fatalf("turn %d calls = %+v, want narration, fold", turn.Sequence, rec.Calls)
		}
		purposes := []string{"narration", "fold"}
		tiers := []string{"high", "low"}
		models := []string{sonnet, haiku}
		for i, call := range rec.Calls {
			if call.Purpose != purposes[i] || call.Tier != tiers[i] || call.Model != models[i] || call.CostUSD <= 0 || call.Error != "" {
				t.Errorf("turn %d call %d = %+v, want %s on the %s tier with %s", turn.Sequence, i, call, purposes[i], tiers[i], models[i])
			}
		}
		if rec.Tier != "high" || rec.Purpose != "narration" || !near(rec.CostUSD, rec.Calls[0].CostUSD) || !near(rec.TurnCostUSD, want) {
			t.Errorf("turn %d record: tier %s, purpose %s, narration $%f, turn $%f; want the turn at $%f",
				turn.Sequence, rec.Tier, rec.Purpose, rec.CostUSD, rec.TurnCostUSD, want)
		}
		if got := rec.Calls[1].Usage; got != (campaign.TokenUsage{Input: 1200, Output: 200}) {
			t.Errorf("fold usage = %+v", got)
		}
	}
	st := mustSnap(t, f, c.ID).State
	if !near(st.Cost.USD, 2*want) || !near(st.Cost.CampaignUSD, 2*want) || st.Cost.Turns != 2 {
		t.Fatalf("session cost %+v, want $%f for two turns", st.Cost, 2*want)
	}
	if st.Summary != "Fold 1\n\nFold 2" {
		t.Fatalf("summary = %q, want each fold's chapter after the last", st.Summary)
	}
}

// A fold that fails leaves the last valid summary standing and its turns
// waiting; the failure is recorded, and a call that answered with
// something invalid is paid for. The next fold tells the waiting turns.
func TestFailedFoldKeepsTheLastSummary(t *testing.T) {
	f := newFixture(t)
	f.svc.SummaryEvery = 1 // a fold every turn: this test counts the calls
	n := &tiered{fold: func(call int, req narrator.FoldRequest) (narrator.Folded, error) {
		switch call {
		case 1:
			return narrator.Folded{Fold: narrator.Fold{Summary: "Turn 1: Mira steps forward."}, Model: haiku, Usage: narrator.Usage{Input: 1200, Output: 20}}, nil
		case 2:
			return narrator.Folded{}, fault.E(fault.Unavailable, "fold", "throttled")
		case 3:
			// The model answered, with nothing usable: paid for, not kept.
			return narrator.Folded{Model: haiku, Usage: narrator.Usage{Input: 1200, Output: 3}}, fault.E(fault.Invalid, "fold", "the summary is empty")
		}
		return narrator.Folded{Fold: narrator.Fold{Summary: fmt.Sprint("Turns 2 to ", req.Turns[len(req.Turns)-1].Sequence)}, Model: haiku}, nil
	}}
	f.svc.Narrator = n
	c, _ := f.table(t, "Forgetful", "c1")
	f.play(t, "c1", c, 3)

	st := mustSnap(t, f, c.ID).State
	if st.Summary != "Turn 1: Mira steps forward." || st.Unsummarized != 2 {
		t.Fatalf("summary = %q with %d turns waiting, want the one the first turn made, and two waiting", st.Summary, st.Unsummarized)
	}
	turns := f.turns(t, c.ID)
	if len(turns) != 3 {
		t.Fatalf("%d turns: a failed fold must not stop a turn", len(turns))
	}
	failed, paid := turns[1].Context.Calls[1], turns[2].Context.Calls[1]
	if failed.Purpose != "fold" || failed.Error != "unavailable" || failed.CostUSD != 0 {
		t.Fatalf("failed fold = %+v", failed)
	}
	if !strings.HasPrefix(paid.Error, "invalid answer, dropped") || !near(paid.CostUSD, cost(haiku, narrator.Usage{Input: 1200, Output: 3})) {
		t.Fatalf("invalid fold = %+v: its tokens must be counted", paid)
	}
	var sum float64
	for _, turn := range turns {
		sum += turn.Context.TurnCostUSD
	}
	if !near(st.Cost.USD, sum) {
		t.Fatalf("session cost $%f, turns' records add up to $%f", st.Cost.USD, sum)
	}
	f.play(t, "c1", c, 1)
	if last := n.folded[len(n.folded)-1]; len(last.Turns) != 3 || last.Turns[0].Sequence != 2 || last.Previous != "Turn 1: Mira steps forward." {
		t.Fatalf("the next fold told %d turns from turn %d over %q; want turns 2 to 4 over the first summary",
			len(last.Turns), last.Turns[0].Sequence, last.Previous)
	}
	if st := mustSnap(t, f, c.ID).State; st.Summary != "Turn 1: Mira steps forward.\n\nTurns 2 to 4" || st.Unsummarized != 0 {
		t.Fatalf("after the next fold: %q, %d waiting", st.Summary, st.Unsummarized)
	}
}

// The narration's tier follows the rule of narrationPurpose and is shown
// in the turn's record.
func TestNarrationRouting(t *testing.T) {
	f := newFixture(t)
	n := &tiered{}
	f.svc.Narrator = n
	c, _ := f.table(t, "Routes", "c1")
	mira := mustSnap(t, f, c.ID).Characters[0]
	cases := []struct {
		name    string
		text    string
		intent  *events.Intent
		purpose narrator.Purpose
	}{
		{"DodgeIsAcknowledged", "", &events.Intent{Kind: "dodge"}, narrator.PurposeAcknowledgement},
		{"EndTurnIsAcknowledged", "", &events.Intent{Kind: "end_turn"}, narrator.PurposeAcknowledgement},
		{"OutOfCharacterQuestionIsAcknowledged", "OOC: is it still raining?", nil, narrator.PurposeAcknowledgement},
		{"ParenthesisedQuestionIsAcknowledged", "(how far is the chapel from here)", nil, narrator.PurposeAcknowledgement},
		{"SpeechIsDialogue", "", &events.Intent{Kind: "say", Text: "Who keeps this inn?"}, narrator.PurposeDialogue},
		{"QuotedTextIsDialogue", `"Who keeps this inn?" I ask the barkeep.`, nil, narrator.PurposeDialogue},
		{"CheckIsNarration", "I make a perception check", nil, narrator.PurposeNarration},
		{"MoveIsANewScene", "", &events.Intent{Kind: "move", ToAreaID: "cellar"}, narrator.PurposeScene},
		{"FreeTextIsNarration", "I run my hand along the cold stone wall", nil, narrator.PurposeNarration},
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f.clock.Add(time.Minute)
			if err := f.act(t, "c1", mira.ID, fmt.Sprint("route-", i), tc.text, tc.intent); err != nil {
				t.Fatal(err)
			}
			req := n.narrated[len(n.narrated)-1]
			want := narrator.Route(tc.purpose)
			if req.Purpose != tc.purpose || req.Tier != want {
				t.Fatalf("narrated as %s on the %s tier, want %s on %s", req.Purpose, req.Tier, tc.purpose, want)
			}
			turns := f.turns(t, c.ID)
			rec := turns[len(turns)-1].Context
			if rec.Purpose != string(tc.purpose) || rec.Tier != string(want) || rec.Model != model(want) || rec.Calls[0].Tier != string(want) {
				t.Fatalf("record: %s, %s, %s; calls %+v", rec.Purpose, rec.Tier, rec.Model, rec.Calls)
			}
		})
	}
}

// A remark to the table that asks nothing costs no call: the offline
// narrator notes it, marked or not ("brb 2 min"). One that asks goes to
// the low tier.
func TestRemarksThatAskNothingCostNoCall(t *testing.T) {
	f := newFixture(t)
	n := &tiered{}
	f.svc.Narrator = n
	c, _ := f.table(t, "Remarks", "c1")
	mira := mustSnap(t, f, c.ID).Characters[0]
	for i, text := range []string{"OOC: brb, getting tea", "(sorry, my cat walked on the keyboard)", "// that was close lol", "brb 2 min", "sorry, afk a sec",
		"ooc what time is it in game", "((can we stop at ten tonight))"} {
		before := len(n.narrated)
		f.clock.Add(time.Minute)
		if err := f.act(t, "c1", mira.ID, fmt.Sprint("remark-", i), text, nil); err != nil {
			t.Fatal(err)
		}
		turns := f.turns(t, c.ID)
		last := turns[len(turns)-1]
		called := len(n.narrated) > before
		if want := i >= 5; called != want {
			t.Errorf("%q: a model call %v, want %v", text, called, want)
		}
		if !called && (last.Context.TurnCostUSD != 0 || !strings.HasPrefix(last.Narration, "(Out of character")) {
			t.Errorf("%q: cost $%f, narration %q: want it noted out of character, for free", text, last.Context.TurnCostUSD, last.Narration)
		}
	}
}

// A fold's facts reach memory only when the whole answer validates; an
// invalid one is dropped whole, recorded, and paid for.
func TestFoldValidatedBeforeMemory(t *testing.T) {
	f := newFixture(t)
	f.svc.SummaryEvery = 1 // a fold every turn: this test counts the calls
	n := &tiered{
		narration: func(narrator.Request) string {
			return "Old Tobin, who sweeps the floors, hands Mira a sealed letter. They speak of the Ashen Veil, a curtain of smoke over the pass."
		},
		fold: folds(func(call int, req narrator.FoldRequest) string {
			seq := req.Turns[len(req.Turns)-1].Sequence
			if seq == 2 {
				// Tobin is the turn's; Vexor is not in it.
				return `{"summary":"s","turns":[{"turn":2,"npcs":[{"name":"Tobin","evidence":"Old Tobin, who sweeps the floors, hands Mira a sealed letter."},
					{"name":"Vexor","evidence":"Vexor the lich rises."}]}]}`
			}
			return fmt.Sprintf(`{"summary":"s","turns":[{"turn":%d,"npcs":[{"name":"Tobin","role":"sweeper","evidence":"Old Tobin, who sweeps the floors, hands Mira a sealed letter."}]}]}`, seq)
		}),
	}
	f.svc.Narrator = n
	c, _ := f.table(t, "Canon", "c1")
	f.play(t, "c1", c, 2)

	mem := f.memoryOf(t, c.ID)
	if tobin, ok := mem.Roster.Get("Tobin"); !ok || tobin.Role != "sweeper" || tobin.FirstTurn != 1 {
		t.Fatalf("Tobin = %+v, %v: the model's valid fold was not absorbed", tobin, ok)
	}
	if _, ok := mem.Roster.Get("Vexor"); ok || mem.Ledger.Introduced(memory.KindNPC, "Vexor") {
		t.Fatal("an invalid fold reached memory")
	}
	second := f.turns(t, c.ID)[1].Context.Calls
	if len(second) < 2 || second[1].Purpose != "fold" || !strings.HasPrefix(second[1].Error, "invalid answer, dropped") || second[1].CostUSD <= 0 {
		t.Fatalf("calls of the second turn = %+v", second)
	}
	// The coined term got a definition: the provider cannot define, so
	// the offline definition from its sentence.
	veil := mem.Ledger.About("Ashen Veil")
	if len(veil) != 1 || veil[0].Definition != "a curtain of smoke over the pass" || veil[0].Turn != 1 {
		t.Fatalf("Ashen Veil = %+v", veil)
	}
	first := f.turns(t, c.ID)[0].Context.Calls
	if last := first[len(first)-1]; last.Purpose != "definition" || last.Tier != "low" || last.Model != "offline" {
		t.Fatalf("definition call = %+v", last)
	}
}

// After a long gap the recap is one low-tier call, paid by the new
// session.
func TestLongGapRecapIsPaidFor(t *testing.T) {
	f := newFixture(t)
	f.svc.SummaryEvery = 1 // a summary every turn: this test counts the calls
	n := &tiered{}
	f.svc.Narrator = n
	ctx := context.Background()
	c, _ := f.table(t, "Gap", "c1")
	f.play(t, "c1", c, 2)
	if err := f.svc.EndSession(ctx, "c1", "end"); err != nil {
		t.Fatal(err)
	}
	before := mustSnap(t, f, c.ID).State.Cost
	f.clock.Add(20 * 24 * time.Hour)
	if err := f.svc.Resume(ctx, "c1", "again"); err != nil {
		t.Fatal(err)
	}
	after := mustSnap(t, f, c.ID).State
	recap := cost(haiku, narrator.Usage{Input: 800, Output: 150})
	if n.summaries != 1 || !near(after.Cost.USD, recap) || !near(after.Cost.CampaignUSD, before.CampaignUSD+recap) ||
		after.Cost.SessionID == before.SessionID || after.Cost.Turns != 0 {
		t.Fatalf("after the recap: %d summaries, cost %+v (before %+v)", n.summaries, after.Cost, before)
	}
	var told string
	for _, m := range f.push.sent["c1"] {
		if strings.Contains(string(m), `"type":"recap"`) {
			told = string(m)
		}
	}
	if !strings.Contains(told, "Summary 1") {
		t.Fatalf("recap sent: %s", told)
	}
}

// When the provider failed the narration, the turn does not wait on it
// again for the low tier's work: the offline narrator does it.
func TestDegradedTurnSparesTheProvider(t *testing.T) {
	turn, _, _ := lastTurn(t, fails)
	if !turn.Degraded {
		t.Fatal("not degraded")
	}
	for _, c := range turn.Context.Calls[1:] {
		if c.Model != "offline" || c.CostUSD != 0 {
			t.Fatalf("after a failed narration, call %+v went to the provider", c)
		}
	}
}

// summaries is the offline narrator, counting its summaries and the turns
// each one tells.
type summaries struct {
	narrator.Offline
	told []int
}

func (s *summaries) Summarize(ctx context.Context, req narrator.SummaryRequest) (narrator.Summarized, error) {
	s.told = append(s.told, len(req.Turns))
	return s.Offline.Summarize(ctx, req)
}

// The rolling summary is compressed every SummaryEvery turns, or on an
// event once half as many wait; in between, nothing is paid for it and no
// turn is lost: the next compression tells every turn since the last.
func TestSummaryCompressedOnEvents(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	c, _ := f.table(t, "Quiet", "c1")
	sum := &summaries{}
	f.svc.Narrator = sum
	snap, _ := f.store.Snapshot(ctx, c.ID)
	mira := snap.Characters[0]
	quiet := func(n int, id string) {
		t.Helper()
		for i := range n {
			if err := f.act(t, "c1", mira.ID, fmt.Sprint(id, i), "", &events.Intent{Kind: "dodge"}); err != nil {
				t.Fatal(err)
			}
		}
	}
	quiet(game.SummaryEvery-1, "wait-")
	snap, _ = f.store.Snapshot(ctx, c.ID)
	if len(sum.told) != 0 || snap.State.Unsummarized != game.SummaryEvery-1 {
		t.Fatalf("after %d quiet turns: summaries %v, unsummarized %d", game.SummaryEvery-1, sum.told, snap.State.Unsummarized)
	}
	quiet(1, "wait-last")
	snap, _ = f.store.Snapshot(ctx, c.ID)
	if len(sum.told) != 1 || sum.told[0] != game.SummaryEvery || snap.State.Unsummarized != 0 || snap.State.Summary == "" {
		t.Fatalf("the %dth quiet turn: summaries %v, unsummarized %d", game.SummaryEvery, sum.told, snap.State.Unsummarized)
	}
	// An event right after a fold waits: the context keeps the turn whole.
	if err := f.act(t, "c1", mira.ID, "place", "I ask about the Gilded Goose Inn", nil); err != nil {
		t.Fatal(err)
	}
	if snap, _ = f.store.Snapshot(ctx, c.ID); len(sum.told) != 1 || snap.State.Unsummarized != 1 {
		t.Fatalf("an event after a fold: summaries %v, unsummarized %d", sum.told, snap.State.Unsummarized)
	}
	// A new scene once half a fold's turns wait folds at once.
	quiet((game.SummaryEvery+1)/2-2, "more-")
	to := world.Starter(snap.Campaign.WorldSeed).Areas[world.StarterArea].ReachableAreaIDs[0]
	if err := f.act(t, "c1", mira.ID, "move", "", &events.Intent{Kind: "move", ToAreaID: to}); err != nil {
		t.Fatal(err)
	}
	if len(sum.told) != 2 || sum.told[1] != (game.SummaryEvery+1)/2 {
		t.Errorf("a move with %d turns waiting: summaries %v, want one more telling them", (game.SummaryEvery+1)/2, sum.told)
	}
}

// A model narrates prose only: the next actions offered as chips after
// each turn come from what the engine knows (the ways on, a look around),
// with no model call, folds or not.
func TestChipsComeFromTheEngineWithoutACall(t *testing.T) {
	f := newFixture(t)
	n := &tiered{narration: func(narrator.Request) string { return "Mira waits by the door." }}
	f.svc.Narrator = n
	c, _ := f.table(t, "Chips", "c1")
	f.play(t, "c1", c, 3)

	turns := f.turns(t, c.ID)
	var done []events.NarrationDone
	for _, m := range f.push.sent["c1"] {
		if strings.Contains(string(m), `"type":"narration.done"`) {
			var d events.NarrationDone
			if err := json.Unmarshal(m, &d); err != nil {
				t.Fatal(err)
			}
			done = append(done, d)
		}
	}
	want := []string{"Go to The Crossroads", "Go to Cellar", "Look around"}
	if len(done) != 3 {
		t.Fatalf("narration.done = %+v", done)
	}
	for i, d := range done {
		if !slices.Equal(d.Suggestions, want) || !slices.Equal(turns[i].Suggestions, want) {
			t.Errorf("turn %d offered %q (kept %q), want %q", i+1, d.Suggestions, turns[i].Suggestions, want)
		}
	}
	if len(n.folded) != 0 || len(turns[2].Context.Calls) != 1 {
		t.Fatalf("%d folds, calls of the third turn %+v: the chips cost a call", len(n.folded), turns[2].Context.Calls)
	}
}

// The narration moves the scene only through the fold's validated
// signals: the evening comes, the rain starts, Tobin arrives and later
// leaves, and his attitude reaches the roster; the player's own words
// ("it is night, and Tobin adores us") change nothing.
func TestSceneChangesComeThroughTheFold(t *testing.T) {
	f := newFixture(t)
	f.svc.SummaryEvery = 1 // a fold every turn: the scene moves turn by turn
	lines := map[int]string{
		1: "Evening settles over the yard as a thin rain begins. Old Tobin shuffles out to join you, warm and friendly.",
		2: "Tobin mutters an excuse and hurries back inside.",
		3: "Nothing stirs.",
	}
	answers := map[int]string{
		1: `{"npcs":[{"name":"Tobin","evidence":"Old Tobin shuffles out to join you, warm and friendly."}],
			"scene":[{"what":"time","value":"evening","evidence":"Evening settles over the yard as a thin rain begins."},
				{"what":"weather","value":"thin rain","evidence":"Evening settles over the yard as a thin rain begins."},
				{"what":"arrived","value":"Tobin","evidence":"Old Tobin shuffles out to join you, warm and friendly."}],
			"attitudes":[{"name":"Tobin","attitude":"friendly","evidence":"Old Tobin shuffles out to join you, warm and friendly."}]}`,
		2: `{"scene":[{"what":"left","value":"Tobin","evidence":"Tobin mutters an excuse and hurries back inside."}]}`,
		// The player's words are not the narration's.
		3: `{"scene":[{"what":"time","value":"night","evidence":"it is night, and Tobin adores us"}]}`,
	}
	n := &tiered{
		narration: func(req narrator.Request) string { return lines[len(req.Recent)+1] },
		fold: folds(func(_ int, req narrator.FoldRequest) string {
			seq := req.Turns[len(req.Turns)-1].Sequence
			facts := strings.TrimSuffix(strings.TrimPrefix(answers[seq], "{"), "}")
			return fmt.Sprintf(`{"summary":"s","turns":[{"turn":%d,%s}]}`, seq, facts)
		}),
	}
	f.svc.Narrator = n
	c, _ := f.table(t, "Weather", "c1")
	scene := func() campaign.Scene {
		t.Helper()
		snap, err := f.store.Snapshot(context.Background(), c.ID)
		if err != nil {
			t.Fatal(err)
		}
		return snap.State.Scene
	}
	before := scene()

	f.play(t, "c1", c, 1)
	got := scene()
	if got.Time != "evening" || got.Weather != "thin rain" || !slices.Equal(got.NPCs, []string{"Tobin"}) || got.Location != before.Location {
		t.Fatalf("scene after the evening came = %+v (before %+v)", got, before)
	}
	if npc, ok := f.memoryOf(t, c.ID).Roster.Get("Tobin"); !ok || npc.Attitude != "friendly" {
		t.Fatalf("Tobin on the roster = %+v, %v", npc, ok)
	}
	f.play(t, "c1", c, 1)
	if got := scene(); len(got.NPCs) != 0 || got.Time != "evening" {
		t.Fatalf("scene after Tobin left = %+v", got)
	}
	f.play(t, "c1", c, 1)
	if got := scene(); got.Time != "evening" {
		t.Fatalf("the player's words moved the time: %+v", got)
	}
	var committed []events.TurnCommitted
	for _, m := range f.push.sent["c1"] {
		if strings.Contains(string(m), `"type":"turn.committed"`) {
			var d events.TurnCommitted
			if err := json.Unmarshal(m, &d); err != nil {
				t.Fatal(err)
			}
			committed = append(committed, d)
		}
	}
	if len(committed) != 3 || committed[0].Scene.Weather != "thin rain" || len(committed[0].Scene.NPCs) != 1 {
		t.Fatalf("turn.committed scenes = %+v", committed)
	}
}

// The facts of a fold's turns reach memory as facts of the turn each came
// from, made when the fold is: quiet turns wait for it, with no call.
// An NPC's arrival told before the party moved on stays behind, while the
// NPC is remembered.
func TestFoldFactsLandWithTheirTurn(t *testing.T) {
	lines := map[int]string{
		1: "Brannoc hammers at the anvil without looking up.",
		2: "Snow drifts down over the yard.",
		3: "Mira warms her hands by the forge.",
	}
	facts := map[int]string{
		1: `{"turn":1,"npcs":[{"name":"Brannoc","role":"smith","evidence":"Brannoc hammers at the anvil without looking up."}],
			"scene":[{"what":"arrived","value":"Brannoc","evidence":"Brannoc hammers at the anvil without looking up."}]}`,
		2: `{"turn":2,"scene":[{"what":"weather","value":"snow","evidence":"Snow drifts down over the yard."}]}`,
	}
	answer := func(_ int, req narrator.FoldRequest) string {
		var entries []string
		for _, tn := range req.Turns {
			if e, ok := facts[tn.Sequence]; ok {
				entries = append(entries, e)
			}
		}
		return `{"summary":"Mira met a smith; it snowed.","turns":[` + strings.Join(entries, ",") + `]}`
	}
	play := func(t *testing.T, third *events.Intent) (*fixture, *tiered, campaign.Campaign) {
		f := newFixture(t)
		f.svc.SummaryEvery = 3
		n := &tiered{narration: func(req narrator.Request) string { return lines[len(req.Recent)+1] }, fold: folds(answer)}
		f.svc.Narrator = n
		c, _ := f.table(t, "Forge", "c1")
		mira := mustSnap(t, f, c.ID).Characters[0]
		f.play(t, "c1", c, 2)
		if err := f.act(t, "c1", mira.ID, "third", "I warm my hands", third); err != nil {
			t.Fatal(err)
		}
		return f, n, c
	}
	t.Run("QuietTurnsWaitForTheFold", func(t *testing.T) {
		f, n, c := play(t, nil)
		if len(n.folded) != 1 || len(n.folded[0].Turns) != 3 || !slices.Equal(n.folded[0].Read, []int{1, 2, 3}) {
			t.Fatalf("folds %+v, want one over turns 1 to 3", n.folded)
		}
		turns := f.turns(t, c.ID)
		if len(turns[0].Context.Calls) != 1 || len(turns[1].Context.Calls) != 1 || turns[2].Context.Calls[1].Purpose != "fold" {
			t.Fatalf("calls %+v, %+v, %+v: want the narrations alone, then the fold", turns[0].Context.Calls, turns[1].Context.Calls, turns[2].Context.Calls)
		}
		mem := f.memoryOf(t, c.ID)
		brannoc, ok := mem.Roster.Get("Brannoc")
		about := mem.Ledger.About("Brannoc")
		if !ok || brannoc.FirstTurn != 1 || brannoc.Role != "smith" || len(about) != 1 || about[0].Turn != 1 || about[0].ID != "t1-x1" {
			t.Fatalf("Brannoc = %+v, %v; facts %+v; want the model's, of turn 1", brannoc, ok, about)
		}
		st := mustSnap(t, f, c.ID).State
		if st.Scene.Weather != "snow" || !slices.Equal(st.Scene.NPCs, []string{"Brannoc"}) || st.Summary != "Mira met a smith; it snowed." {
			t.Fatalf("after the fold: scene %+v, summary %q", st.Scene, st.Summary)
		}
	})
	t.Run("AnArrivalBeforeAMoveStaysBehind", func(t *testing.T) {
		f, n, c := play(t, &events.Intent{Kind: "move", ToAreaID: "cellar"})
		if len(n.folded) != 1 {
			t.Fatalf("%d folds", len(n.folded))
		}
		st := mustSnap(t, f, c.ID).State
		if len(st.Scene.NPCs) != 0 || st.Scene.Weather != "snow" {
			t.Fatalf("scene after the move %+v: want nobody with the party, and the snow", st.Scene)
		}
		if _, ok := f.memoryOf(t, c.ID).Roster.Get("Brannoc"); !ok {
			t.Fatal("Brannoc was forgotten")
		}
	})
}
