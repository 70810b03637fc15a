package game_test

import (
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"strings"
	"sync"
	"testing"
	"time"

	"chronicler/events"
	"chronicler/shared/campaign"
	"chronicler/shared/game"
	"chronicler/shared/narrator"
)

// Minimum cacheable prefixes (docs/prices.md): a shorter prefix is sent
// but not cached, whatever its cache point says.
var minCacheable = map[string]int{sonnet: 1024, haiku: 4096}

// toolOverhead is the system prompt Anthropic's models add when a tool
// must be called (tool_choice "tool"): 313 tokens for the Claude 4.5
// models, as Anthropic documents it.
const toolOverhead = 313

// metered stands in for Bedrock in the cost estimate: it answers every
// call with usage as Bedrock would report it for the prompt the adapter
// would send, counted with narrator.EstimateTokens (cl100k; Claude's own
// tokenizer is not public). The prompt cache is kept per model: a call
// whose cached prefix (narrator.Split) is the one last written, and long
// enough to cache, reads it; any other writes it. Narrations are 150 to
// 250 tokens of plain prose (acknowledgements 50 to 90), so that the
// recent turns in later snapshots are as large as real ones; summaries
// are the offline narrator's (about 1,200 characters, rewritten whole, as
// the summary contract asks); a fold answers that summary and, for each
// turn it reads, facts of 40 to 100 tokens; definitions about 20 tokens a
// term.
type metered struct {
	force narrator.Tier // when set, every narration takes this tier

	mu     sync.Mutex
	prefix map[string]string // model -> the cached prefix written last
	// narrationPrefix is the largest cacheable prefix of a narration.
	narrationPrefix int
}

func (m *metered) Name() string { return "metered" }

func spread(seed string, lo, hi int) int {
	h := fnv.New32a()
	h.Write([]byte(seed))
	return lo + int(h.Sum32()%uint32(hi-lo+1))
}

// usage is what Bedrock reports for blocks sent to model: the cached
// prefix read or written when it can be cached, the rest as input.
func (m *metered) usage(model string, blocks []narrator.Block, extra int) narrator.Usage {
	system, user := narrator.Roles(blocks)
	pre, rest := narrator.EstimateTokens(narrator.Join(system)), narrator.EstimateTokens(narrator.Join(user))+extra
	cacheable := len(system) > 0 && system[len(system)-1].Cache && pre >= minCacheable[model]
	if !cacheable {
		return narrator.Usage{Input: pre + rest}
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.prefix == nil {
		m.prefix = map[string]string{}
	}
	key := narrator.Join(system)
	if m.prefix[model] == key {
		return narrator.Usage{Input: rest, CacheRead: pre}
	}
	m.prefix[model] = key
	return narrator.Usage{Input: rest, CacheWrite: pre}
}

// prose is what the metered model narrates: sentences without digits
// (the guard passes them), a coined term now and then.
var prose = []string{
	"Lamplight pools on the worn flagstones and the smell of woodsmoke hangs in the air.",
	"Somewhere beyond the shutters a cart rattles past, its driver humming an old river song.",
	"The regulars glance up, weigh the stranger for a heartbeat, and return to their cups.",
	"Rain needles against the glass, and the fire answers with a low, contented crackle.",
	"A draught carries the faint tang of the marsh through a gap beneath the door.",
	"Shadows lengthen in the corners where the lamps do not quite reach.",
	"The old boards creak underfoot, as if the inn itself were listening.",
	"Far off, a bell tolls once from the direction of the Drowned Chapel, then falls silent.",
	"Whispers at the next table turn to the Ashen Veil, the smoke that never lifts from the pass.",
}

func (m *metered) Narrate(_ context.Context, req narrator.Request, emit func(string) error) (narrator.Narration, error) {
	tier := req.Tier
	if m.force != "" {
		tier = m.force
	}
	mdl := model(tier)
	target := spread(req.TurnID, 150, 250)
	if req.Purpose == narrator.PurposeAcknowledgement {
		target = spread(req.TurnID, 50, 90)
	}
	var b strings.Builder
	b.WriteString(req.Actor.Name + " acts, and the table watches.")
	for i := spread(req.TurnID+"p", 0, len(prose)-1); narrator.EstimateTokens(b.String()) < target; i++ {
		b.WriteString(" " + prose[i%len(prose)])
	}
	text := b.String()
	if err := emit(text); err != nil {
		return narrator.Narration{}, err
	}
	blocks := narrator.Blocks(req)
	cached, _ := narrator.Roles(blocks)
	m.mu.Lock()
	m.narrationPrefix = max(m.narrationPrefix, narrator.EstimateTokens(narrator.Join(cached)))
	m.mu.Unlock()
	u := m.usage(mdl, blocks, 0)
	u.Output = narrator.EstimateTokens(text)
	return narrator.Narration{Text: text, Model: mdl, Usage: u}, nil
}

func (m *metered) Summarize(ctx context.Context, req narrator.SummaryRequest) (narrator.Summarized, error) {
	sum, err := narrator.Offline{}.Summarize(ctx, req)
	u := m.usage(haiku, narrator.SummaryBlocks(req), 0)
	u.Output = narrator.EstimateTokens(sum.Text)
	return narrator.Summarized{Text: sum.Text, Model: haiku, Usage: u}, err
}

func (m *metered) Fold(ctx context.Context, req narrator.FoldRequest) (narrator.Folded, error) {
	schema, _ := json.Marshal(narrator.FoldTool().Schema)
	sum, err := narrator.Offline{}.Summarize(ctx, narrator.SummaryRequest{CampaignName: req.CampaignName, Previous: req.Previous, Turns: req.Turns, Scene: req.Scene})
	u := m.usage(haiku, narrator.FoldBlocks(req), toolOverhead+narrator.EstimateTokens(string(schema)))
	// The summary, then an entry of facts for each turn read, as an
	// extraction of one turn answered them (40 to 100 tokens).
	u.Output = narrator.EstimateTokens(sum.Text)
	for _, seq := range req.Read {
		u.Output += spread(fmt.Sprint(seq), 40, 100)
	}
	return narrator.Folded{Fold: narrator.Fold{Summary: sum.Text}, Model: haiku, Usage: u}, err
}

func (m *metered) Define(ctx context.Context, req narrator.DefineRequest) (narrator.Defined, error) {
	schema, _ := json.Marshal(narrator.DefineTool().Schema)
	got, err := narrator.Offline{}.Define(ctx, req)
	u := m.usage(haiku, narrator.DefineBlocks(req), toolOverhead+narrator.EstimateTokens(string(schema)))
	u.Output = 20 * len(req.Terms)
	return narrator.Defined{Definitions: got.Definitions, Model: haiku, Usage: u}, err
}

// soloSession is the 40 actions of the estimate: exploration, talk,
// checks, a move, and the trivial turns routing sends to the low tier.
func soloSession() []struct {
	text   string
	intent *events.Intent
} {
	type act = struct {
		text   string
		intent *events.Intent
	}
	base := []act{
		{"I push open the door of the inn and look around", nil},
		{"", &events.Intent{Kind: "say", Text: "Good evening. Who keeps this place?"}},
		{"I make a perception check", nil},
		{"I sit by the fire and listen to the talk at the next table", nil},
		{"", &events.Intent{Kind: "dodge"}},
		{`"Tell me about the Ashen Veil," I say to the innkeeper`, nil},
		{"I make an investigation check", nil},
		{"OOC: what time is it in game?", nil},
		{"I order a bowl of stew and watch the door", nil},
		{"", &events.Intent{Kind: "end_turn"}},
	}
	var out []act
	for i := range 40 {
		out = append(out, base[i%len(base)])
	}
	out[20] = act{"", &events.Intent{Kind: "move", ToAreaID: "cellar"}}
	out[30] = act{"", &events.Intent{Kind: "move", ToAreaID: "common-room"}}
	return out
}

// estimate plays the 40 turns through TakeTurn with the metered model and
// sums what the turns' records say.
type estimate struct {
	name                        string
	turns                       int
	usd                         float64
	byPurpose                   map[string]float64
	calls                       map[string]int
	narrationIn, narrationOut   int // tokens over all narrations
	cacheRead, cacheWrite, high int
	prefix                      int // the largest cacheable prefix of a narration, in tokens
	stateUSD                    float64
}

// worldSeed is a campaign's world as an owner might write it.
const worldSeed = "A river kingdom sinking into its marshes. The Drowned Chapel rings its bell at dusk; smugglers run the fens; " +
	"the old duke's heirs quarrel over a crown nobody has seen in forty years. Magic is rare and feared, and the marsh lights lead travellers astray."

func playEstimate(t *testing.T, name string, force narrator.Tier, seed string) estimate {
	t.Helper()
	f := newFixture(t)
	m := &metered{force: force}
	f.svc.Narrator = m
	// metered keeps one prefix a model, as the flat layout's one cache
	// point writes it.
	f.svc.Layout = narrator.LayoutFlat
	ctx := context.Background()
	p := game.Player{ID: "p-cost", Name: "Aria"}
	c, err := f.svc.CreateCampaign(ctx, p, events.CreateCampaign{Name: "The Drowned Marches",
		DMPersona: "a wry, atmospheric narrator who favours small concrete details",
		WorldSeed: seed})
	if err != nil {
		t.Fatal(err)
	}
	mira, err := f.svc.CreateCharacter(ctx, p, c.ID, campaign.NewCharacter{Name: "Mira", Race: "elf", Class: "wizard"})
	if err != nil {
		t.Fatal(err)
	}
	if err := f.svc.Connect(ctx, "e1", p, c.ID); err != nil {
		t.Fatal(err)
	}
	if err := f.svc.Resume(ctx, "e1", "resume"); err != nil {
		t.Fatal(err)
	}
	for i, a := range soloSession() {
		f.clock.Add(4*time.Minute + 30*time.Second) // solo turns come about 4.5 minutes apart
		if err := f.act(t, "e1", mira.ID, fmt.Sprint("cost-", i), a.text, a.intent); err != nil {
			t.Fatalf("turn %d (%q): %v", i+1, a.text, err)
		}
	}
	e := estimate{name: name, byPurpose: map[string]float64{}, calls: map[string]int{}}
	for _, turn := range f.turns(t, c.ID) {
		e.turns++
		rec := turn.Context
		e.usd += rec.TurnCostUSD
		for _, call := range rec.Calls {
			e.byPurpose[call.Purpose] += call.CostUSD
			e.calls[call.Purpose+"/"+call.Tier]++
		}
		n := rec.Calls[0]
		e.narrationIn += n.Usage.Input + n.Usage.CacheRead + n.Usage.CacheWrite
		e.narrationOut += n.Usage.Output
		e.cacheRead += n.Usage.CacheRead
		e.cacheWrite += n.Usage.CacheWrite
		if n.Model == sonnet {
			e.high++
		}
	}
	e.stateUSD = mustSnap(t, f, c.ID).State.Cost.USD
	e.prefix = m.narrationPrefix
	return e
}

// TestCostEstimate plays a 40-turn solo session through the real turn
// pipeline three times (narration routed, all on the high tier, all on
// the low tier) and prints what it costs at the default prices. Run it
// with -v to read the numbers (make bench does).
func TestCostEstimate(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 120 turns")
	}
	// A world of about 900 tokens puts the cached prefix past Sonnet's
	// 1,024-token minimum; the short one, like most, stays below it.
	long := strings.Repeat(worldSeed+" ", 12)
	runs := []estimate{
		playEstimate(t, "routed (seed 001)", "", worldSeed),
		playEstimate(t, "all narration high", narrator.High, worldSeed),
		playEstimate(t, "all narration low", narrator.Low, worldSeed),
		playEstimate(t, "routed, long world", "", long),
	}
	t.Logf("40-turn solo session at the default prices (high %s, low %s); tokens counted with cl100k", sonnet, haiku)
	for _, e := range runs {
		if e.turns != 40 {
			t.Fatalf("%s: %d turns", e.name, e.turns)
		}
		if !near(e.usd, e.stateUSD) {
			t.Errorf("%s: the turns' records add up to $%.6f, the session's cost says $%.6f", e.name, e.usd, e.stateUSD)
		}
		t.Logf("%-20s $%.5f a turn, $%.4f a session | narration $%.4f (%d of 40 on high), summary $%.4f, fold $%.4f, extraction $%.4f, definitions $%.4f",
			e.name, e.usd/40, e.usd, e.byPurpose["narration"]+e.byPurpose["dialogue"]+e.byPurpose["scene"]+e.byPurpose["acknowledgement"],
			e.high, e.byPurpose["summary"], e.byPurpose["fold"], e.byPurpose["extraction"], e.byPurpose["definition"])
		t.Logf("%-20s narration: %d input tokens a call, of which a cacheable prefix of up to %d (cache over the session: %d read, %d written), %d output tokens a call",
			"", e.narrationIn/40, e.prefix, e.cacheRead, e.cacheWrite, e.narrationOut/40)
		t.Logf("%-20s calls: %v", "", e.calls)
	}
	routed, high, low, cached := runs[0], runs[1], runs[2], runs[3]
	if cached.prefix < minCacheable[sonnet] || cached.cacheWrite == 0 || cached.cacheRead <= cached.cacheWrite {
		t.Errorf("with a long world the prefix (%d tokens) should be written once in a while and read mostly: %d read, %d written",
			cached.prefix, cached.cacheRead, cached.cacheWrite)
	}
	if routed.prefix >= minCacheable[sonnet] && routed.cacheRead == 0 {
		t.Errorf("a cacheable prefix was never read")
	}
	if !(low.usd < routed.usd && routed.usd < high.usd) {
		t.Errorf("routing should cost between all-low ($%.4f) and all-high ($%.4f); it cost $%.4f", low.usd, high.usd, routed.usd)
	}
	if high.high != 40 || low.high != 0 || routed.high == 0 || routed.high == 40 {
		t.Errorf("narrations on the high tier: routed %d, high %d, low %d", routed.high, high.high, low.high)
	}
}
