package memory

import (
	"cmp"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"chronicler/shared/campaign"
	"chronicler/shared/narrator"
)

// The layers of a snapshot, in cache order. Those named like the
// narrator's blocks are rendered by it; canon travels in the world block
// and lore in the summary block until the narrator renders them itself.
const (
	LayerSystem     = narrator.BlockSystem     // the output contract (frozen)
	LayerWorld      = narrator.BlockWorld      // name, persona, world seed (frozen)
	LayerCanon      = "canon"                  // glossary and canon the party knows (cached)
	LayerCharacters = narrator.BlockCharacters // the party (cached)
	LayerScene      = narrator.BlockScene      // where, when, NPCs present with locked identities
	LayerSummary    = narrator.BlockSummary    // the cold rolling summary
	LayerLore       = "lore"                   // recalled facts and turn excerpts
	LayerRecent     = narrator.BlockRecent     // the hot turns, oldest first
	LayerTurn       = narrator.BlockTurn       // the current turn and its rules result (never trimmed)
)

// Input is everything Build may draw on for one narration. The store
// provides it from one read of the campaign: the META, STATE and character
// items, the last few TURN items and the campaign's Memory.
type Input struct {
	CampaignName string
	Persona      string
	WorldSeed    string
	Glossary     map[string]string // State.Glossary: the campaign's own words and what they mean
	Characters   []campaign.Character
	Actor        campaign.Character
	Scene        campaign.Scene
	Area         narrator.Area       // where the actor stands after the turn (narrator.Request.Area)
	Threats      []narrator.Threat   // the foes of a fight under way (narrator.Request.Threats)
	Effects      map[string][]string // lasting effects by character id (narrator.Request.Effects)
	// Played and OutOfCharacter are narrator.Request's: a turn the engine
	// played, and a player's remark to the table.
	Played, OutOfCharacter bool
	Summary                string // the story so far: chapters parted by blank lines (story.go)
	// Unsummarized is how many of the last turns the summary does not tell
	// yet (State.Unsummarized): the hot window keeps them.
	Unsummarized int
	Recent       []campaign.Turn // the last turns, oldest first; Build keeps as many as fit (load about 12)
	Memory       Memory
	Action       string
	RulesResult  string
	TurnID       string
	Tier         narrator.Tier
	// Turn is the current turn's sequence; 0 means the one after the last
	// of Recent.
	Turn int
	// Places are the campaign's map (narrator.Request.Places).
	Places []narrator.Area
	// Layout is the prompt's layout (narrator.Request.Layout). In the
	// cached layout the summary and the recent turns sit in the cached
	// prefix, so Build keeps them still between two folds of the summary:
	// the recent turns are those since a fixed start (recentOverlap turns
	// before the oldest the summary does not tell yet), the summary keeps
	// its own share, and the budget a layer leaves unused goes only to the
	// lore.
	Layout narrator.Layout
}

// Budget is the token budget of a snapshot: a total and each trimmable
// layer's share. The frozen layers (system, world) and the current turn
// are never trimmed; when they, the shares and about 120 tokens for the
// current turn add up to more than Total, the shares shrink in proportion.
// Whatever a layer leaves unused goes, in this order, to the inventories,
// more recent turns, more lore and more summary; the cached canon keeps to
// its share.
type Budget struct {
	Total      int `json:"total"`
	Canon      int `json:"canon"`
	Characters int `json:"characters"`
	Scene      int `json:"scene"`
	Summary    int `json:"summary"`
	Lore       int `json:"lore"`
	Recent     int `json:"recent"`
	// CanonEvery is how often, in turns, the cached canon block takes in
	// new facts; in between, new facts travel as lore, so the provider's
	// prompt cache survives most turns.
	CanonEvery int `json:"canon_every"`
}

// DefaultBudget aims at about 2,400 input tokens a call, at any length of
// campaign.
func DefaultBudget() Budget {
	return Budget{Total: 2400, Canon: 400, Characters: 380, Scene: 160, Summary: 320, Lore: 380, Recent: 480, CanonEvery: 10}
}

// Snapshot is what Build assembled: a narrator.Request that the narrator's
// renderer (narrator.Blocks) turns into the prompt, and the same content
// one block per layer, for the context inspector.
type Snapshot struct {
	Request narrator.Request
	Layers  []narrator.Block
}

// Report says what each layer cost and what was trimmed to fit.
type Report struct {
	// Total is the prompt's tokens as the game records them: the sum of
	// narrator.EstimateTokens over narrator.Blocks(Request).
	Total   int           `json:"total"`
	Target  int           `json:"target"`
	Layers  []LayerReport `json:"layers"`
	Trimmed []string      `json:"trimmed,omitempty"`
}

// LayerReport is one layer's cost.
type LayerReport struct {
	Name    string `json:"name"`
	Tokens  int    `json:"tokens"`
	Budget  int    `json:"budget,omitempty"` // its share after scaling and redistribution; 0 when never trimmed
	Cached  bool   `json:"cached,omitempty"`
	Frozen  bool   `json:"frozen,omitempty"`
	Items   int    `json:"items,omitempty"`   // lines, turns, facts or inventory items kept
	Dropped int    `json:"dropped,omitempty"` // and trimmed
}

// Build assembles the narrator's context for one turn from layers, in
// cache order: the output contract and the campaign's persona and world
// (frozen), the glossary and the canon the present characters know
// (cached), the party (cached), the scene with each NPC present in their
// locked identity, the cold summary, the lore the action recalls, the last
// turns, and the current turn with its rules result. Each layer fits its
// share of the budget by dropping what matters least: inventory items the
// action does not mention (others' before the actor's), NPC descriptions,
// the oldest summary lines, the lowest-scored lore and canon, the oldest
// hot turn. The frozen layers and the current turn are never trimmed. The
// same input always gives the same snapshot. A zero Budget is
// DefaultBudget.
func Build(in Input, budget Budget) (Snapshot, Report) {
	if budget == (Budget{}) {
		budget = DefaultBudget()
	}
	b := newBuilder(in, budget)
	b.fit()
	return b.snapshot()
}

type builder struct {
	in      Input
	budget  Budget
	cur     int             // the current turn's sequence
	present map[string]bool // ids of the characters present
	names   map[string]string
	query   []string // terms of the action and scene
	tokens  map[string]int

	base  narrator.Request // the frozen layers and the current turn
	fixed map[string]int   // tokens of system, world, turn
	caps  map[string]int

	chars     []campaign.Character
	charNotes []string
	charItems [2]int // kept, dropped

	scene     campaign.Scene
	sceneNote string

	recent []campaign.Turn // oldest first

	summary      []string
	summaryDrops int

	canon      []string
	canonFacts map[string]bool
	canonDrops int

	lore      []string
	loreDrops int
	recalled  []Recalled

	chapters   []chapter       // the story's (the cached layout's summary, see story.go)
	storyFacts map[string]bool // the facts the chapters show, by id

	charsTok, sceneTok int         // the party's and the scene's tokens as fitted
	turnTok            map[int]int // each past turn's tokens, by sequence
}

func newBuilder(in Input, budget Budget) *builder {
	b := &builder{in: in, budget: budget, tokens: map[string]int{}, names: map[string]string{}, present: map[string]bool{}}
	b.cur = in.Turn
	if b.cur == 0 {
		for _, t := range in.Recent {
			b.cur = max(b.cur, t.Sequence+1)
		}
	}
	anyPresence := false
	for _, c := range in.Characters {
		b.names[c.ID] = c.Name
		anyPresence = anyPresence || c.Presence != ""
	}
	for _, c := range in.Characters {
		if c.Presence == campaign.Present || !anyPresence {
			b.present[c.ID] = true
		}
	}
	// The actor is present when it is one of the party: a monster's turn
	// (the engine's) knows nothing, and counting it would mark what the
	// party knows "known only to" them for that one turn, changing the
	// cached canon.
	ofParty := len(in.Characters) == 0 || slices.ContainsFunc(in.Characters, func(c campaign.Character) bool { return c.ID == in.Actor.ID })
	if in.Actor.ID != "" && ofParty {
		b.present[in.Actor.ID] = true
		b.names[in.Actor.ID] = in.Actor.Name
	}
	b.query = terms(b.queryText())
	b.base = narrator.Request{
		CampaignName: in.CampaignName, Persona: in.Persona, WorldSeed: in.WorldSeed,
		Actor: in.Actor, Action: in.Action, RulesResult: in.RulesResult, TurnID: in.TurnID, Tier: in.Tier,
		Played: in.Played, OutOfCharacter: in.OutOfCharacter, Avoid: avoid(in.Recent, b.cur),
		Places: in.Places, Layout: in.Layout,
	}
	b.fixed = map[string]int{}
	for _, bl := range narrator.Blocks(b.base) {
		b.fixed[bl.Name] = b.tok(bl.Text)
	}
	b.caps = b.shares()
	if b.cached() {
		b.chapters = parseChapters(in.Summary)
	}
	return b
}

// queryText is what recall looks for: the action, the place and the
// area the actor stands in, the NPCs present; never the engine's labels
// of a fight's creatures, which name another in each fight.
func (b *builder) queryText() string {
	parts := []string{b.in.Action, b.in.Scene.Location, b.in.Area.Name}
	parts = append(parts, b.in.Scene.NPCs...)
	return withoutLabels(strings.Join(parts, " "))
}

func (b *builder) tok(s string) int {
	if n, ok := b.tokens[s]; ok {
		return n
	}
	n := narrator.EstimateTokens(s)
	b.tokens[s] = n
	return n
}

// turnReserve is what the shares leave for the current turn's block. The
// shares are scaled against it rather than against the turn itself, so that
// the cached canon block does not change with the length of an action.
const turnReserve = 120

// shares scales the layers' shares down to what the frozen layers and a
// typical current turn leave of the total.
func (b *builder) shares() map[string]int {
	bu := b.budget
	caps := map[string]int{
		LayerCanon: bu.Canon, LayerCharacters: bu.Characters, LayerScene: bu.Scene,
		LayerSummary: bu.Summary, LayerLore: bu.Lore, LayerRecent: bu.Recent,
	}
	room := max(bu.Total-b.fixed[LayerSystem]-b.fixed[LayerWorld]-turnReserve, 0)
	sum := 0
	for _, v := range caps {
		sum += max(v, 0)
	}
	for k, v := range caps {
		caps[k] = max(v, 0)
		if sum > room {
			caps[k] = max(v, 0) * room / sum
		}
	}
	return caps
}

func (b *builder) avail() int {
	return max(b.budget.Total-b.fixed[LayerSystem]-b.fixed[LayerWorld]-b.fixed[LayerTurn], 0)
}

// fit fills every layer to its share, then hands what is left over to the
// layers that could use more: the party's inventories, the recent turns,
// the lore and the summary, in that order. The canon never takes more than
// its share, so that the cached block holds still from turn to turn.
func (b *builder) fit() {
	b.fitCharacters(b.caps[LayerCharacters])
	b.fitScene(b.caps[LayerScene])
	b.fitRecent(b.caps[LayerRecent])
	b.fitCanon(b.caps[LayerCanon])
	b.fitSummary(b.caps[LayerSummary])
	b.fitLore(b.caps[LayerLore])
	grow := []string{LayerCharacters, LayerRecent, LayerLore, LayerSummary}
	if b.cached() {
		grow = []string{LayerLore} // the party's roster, the summary and the recent turns hold still between folds
	}
	for _, layer := range grow {
		left := b.avail() - b.used()
		if left <= 0 {
			break
		}
		before := b.caps[layer]
		switch layer {
		case LayerCharacters:
			b.fitCharacters(before + left)
		case LayerRecent:
			b.extendRecent()
		case LayerLore:
			b.fitLore(before + left)
		case LayerSummary:
			b.fitSummary(before + left)
		}
		b.caps[layer] = max(before, b.layerTokens(layer))
	}
	b.settle()
}

// cached reports the cached layout (see Input.Layout).
func (b *builder) cached() bool { return b.in.Layout != narrator.LayoutFlat }

// extendRecent adds older turns to the hot window while the whole still
// fits: a turn sent in full takes its summary line and its lore out of
// the snapshot, so early in a campaign the hot window grows to the whole
// history.
func (b *builder) extendRecent() {
	for len(b.recent) < len(b.past()) {
		kept, summary, lore := b.recent, b.summary, b.lore
		sDrops, lDrops := b.summaryDrops, b.loreDrops
		b.recent = b.past()[len(b.past())-len(kept)-1:]
		b.fitSummary(b.caps[LayerSummary])
		b.fitLore(b.caps[LayerLore])
		if b.used() > b.avail() {
			b.recent, b.summary, b.lore = kept, summary, lore
			b.summaryDrops, b.loreDrops = sDrops, lDrops
			return
		}
	}
}

// layerTokens is what a flexible layer costs as it stands.
func (b *builder) layerTokens(layer string) int {
	switch layer {
	case LayerCharacters:
		return b.charsTok
	case LayerScene:
		return b.sceneTok
	case LayerRecent:
		return b.recentTokens(b.recent)
	case LayerCanon:
		return b.linesTokens(b.canon)
	case LayerSummary:
		return b.linesTokens(b.summary)
	case LayerLore:
		return b.linesTokens(b.lore)
	}
	return 0
}

// used is the flexible layers' tokens as they stand.
func (b *builder) used() int {
	n := 0
	for _, l := range []string{LayerCharacters, LayerScene, LayerRecent, LayerCanon, LayerSummary, LayerLore} {
		n += b.layerTokens(l)
	}
	return n
}

// settle measures the whole prompt as the narrator renders it and, while
// it is over the total (the layers were counted line by line, and a line's
// tokens are not quite additive), takes the difference from the least
// valuable layer that still has something to give: the lore, then the
// oldest recent turn (the last one stays, and the unsummarized ones), the
// summary, the canon.
//
// The cached layout gives only the lore, which is never cached. Its
// roster, canon, summary and window are fitted to their shares alone, so
// that they hold still from call to call until the summary folds: taking
// an over-run from the summary or the canon would cut them a little
// further each call as the window grows, and every cut writes the cache
// anew from that block on, at 1.25 times the input price, where holding
// still reads it at a tenth. The prompt may then pass its total by what
// the window has grown since the fold; the window itself is bounded
// (settleWindow).
func (b *builder) settle() {
	keep := max(b.untold(), 1)
	for range 32 {
		over := b.total() - b.budget.Total
		if over <= 0 {
			return
		}
		switch {
		case len(b.lore) > 0:
			b.fitLore(b.layerTokens(LayerLore) - over)
		case b.cached():
			b.settleWindow(keep)
			return
		case len(b.recent) > keep:
			b.recent = b.recent[1:]
		case len(b.summary) > 0:
			b.fitSummary(b.layerTokens(LayerSummary) - over)
		case len(b.canon) > 0:
			b.fitCanon(b.layerTokens(LayerCanon) - over)
		default:
			return // only what is never trimmed is left
		}
	}
}

// settleWindow bounds the cached layout's window: past maxRecentShares
// times its share, the turns the summary already tells go, all at once
// (so the window's start moves once between folds, not a turn a call),
// and the turns it does not tell yet stay whatever their length.
func (b *builder) settleWindow(keep int) {
	if b.recentTokens(b.recent) <= maxRecentShares*b.caps[LayerRecent] || len(b.recent) <= keep {
		return
	}
	b.recent = b.recent[len(b.recent)-keep:]
	b.fitSummary(b.caps[LayerSummary])
}

func (b *builder) total() int {
	n := 0
	for _, bl := range narrator.Blocks(b.request()) {
		n += b.tok(bl.Text)
	}
	return n
}

// --- characters ---------------------------------------------------------

func (b *builder) charsTokens(cs []campaign.Character) int {
	if len(cs) == 0 {
		return 0
	}
	return b.tok(narrator.CharactersText(narrator.Request{Layout: b.in.Layout, Characters: cs, Effects: b.in.Effects, Actor: b.in.Actor}))
}

// rosterShare is the percentage of the party's share the cached layout's
// roster may take; the rest is for how the party stands now.
const rosterShare = 60

// fitCharacters drops inventory items, least relevant first: an item the
// action or scene mentions is never dropped; others' items go before the
// actor's, the last listed first. Dropped items are counted in a closing
// "N other items".
func (b *builder) fitCharacters(limit int) {
	cs := make([]campaign.Character, len(b.in.Characters))
	type cand struct{ c, i, rank int }
	var cands []cand
	for ci, c := range b.in.Characters {
		c.Inventory = slices.Clone(c.Inventory)
		cs[ci] = c
		for ii, it := range c.Inventory {
			// In the cached layout the inventories are part of the cached
			// roster: what is kept must not depend on who acts or what
			// they say, or every turn would write the cache anew.
			if !b.cached() && b.mentions(it.Item) {
				continue
			}
			rank := 0
			if c.ID == b.in.Actor.ID && !b.cached() {
				rank = 1
			}
			cands = append(cands, cand{ci, ii, rank})
		}
	}
	// Least relevant first: others' items, then the actor's; within each,
	// one character after another, each losing its last-listed item first.
	slices.SortStableFunc(cands, func(x, y cand) int {
		fromEnd := func(c cand) int { return len(cs[c.c].Inventory) - c.i }
		return cmp.Or(cmp.Compare(x.rank, y.rank), cmp.Compare(fromEnd(x), fromEnd(y)), cmp.Compare(x.c, y.c))
	})
	dropped := map[int]map[int]bool{}
	render := func() []campaign.Character {
		out := make([]campaign.Character, len(cs))
		for ci, c := range cs {
			if len(dropped[ci]) > 0 {
				var kept []campaign.Item
				for ii, it := range c.Inventory {
					if !dropped[ci][ii] {
						kept = append(kept, it)
					}
				}
				kept = append(kept, campaign.Item{Item: plural(len(dropped[ci]), "other item", "other items"), Qty: 1})
				c.Inventory = kept
			}
			out[ci] = c
		}
		return out
	}
	// measure is what the trimming weighs: the party's text; in the cached
	// layout the roster alone (where the items are) against its part of
	// the share, so that how the party stands this turn, which is never
	// trimmed, does not change what the cached roster keeps.
	measure := b.charsTokens
	if b.cached() {
		limit = limit * rosterShare / 100
		measure = func(cs []campaign.Character) int {
			return b.tok(narrator.RosterText(narrator.Request{Layout: b.in.Layout, Characters: cs}))
		}
	}
	cur := render()
	tokens := measure(cur)
	n := 0
	for tokens > limit && n < len(cands) {
		// Drop a few at a time on a long way to go; one at a time near the end.
		step := max(1, (tokens-limit)/8)
		for k := 0; k < step && n < len(cands); k++ {
			c := cands[n]
			if dropped[c.c] == nil {
				dropped[c.c] = map[int]bool{}
			}
			dropped[c.c][c.i] = true
			n++
		}
		cur = render()
		tokens = measure(cur)
	}
	b.chars, b.charsTok = cur, b.charsTokens(cur)
	b.charNotes = nil
	total := 0
	for ci, c := range cs {
		total += len(c.Inventory)
		if len(dropped[ci]) > 0 {
			var what []string
			for ii, it := range c.Inventory {
				if dropped[ci][ii] {
					what = append(what, it.Item)
				}
			}
			b.charNotes = append(b.charNotes, c.Name+": "+strings.Join(what, ", "))
		}
	}
	b.charItems = [2]int{total - n, n}
}

// mentions reports whether the query names any word of s.
func (b *builder) mentions(s string) bool {
	for _, t := range terms(s) {
		if slices.Contains(b.query, t) {
			return true
		}
	}
	return false
}

// --- scene --------------------------------------------------------------

func (b *builder) sceneTokens(s campaign.Scene) int {
	if text := narrator.SceneText(narrator.Request{Layout: b.in.Layout, Places: b.in.Places, Scene: s, Area: b.in.Area, Threats: b.in.Threats}); text != "" {
		return b.tok(text)
	}
	return 0
}

// fitScene names each NPC present by their locked identity; over budget it
// drops appearances, then roles.
func (b *builder) fitScene(limit int) {
	render := func(detail int) campaign.Scene {
		s := b.in.Scene
		s.NPCs = make([]string, len(b.in.Scene.NPCs))
		for i, name := range b.in.Scene.NPCs {
			n, ok := b.in.Memory.Roster.Get(name)
			switch {
			case !ok:
				s.NPCs[i] = name
			case detail == 2:
				s.NPCs[i] = n.Identity()
			case detail == 1:
				n.Appearance = ""
				s.NPCs[i] = n.Identity()
			default:
				n.Appearance, n.Role, n.Species = "", "", ""
				s.NPCs[i] = n.Identity()
			}
		}
		return s
	}
	detail := 2
	for ; detail >= 0; detail-- {
		b.scene = render(detail)
		if b.sceneTok = b.sceneTokens(b.scene); b.sceneTok <= limit {
			break
		}
	}
	b.sceneNote = ""
	switch {
	case detail == 1:
		b.sceneNote = "NPC appearances"
	case detail <= 0:
		b.sceneNote = "NPC roles and appearances"
	}
}

// --- recent turns -------------------------------------------------------

// recentHeader is the line the narrator puts above the recent turns.
const recentHeader = "Recent turns, oldest first:"

func (b *builder) turnTokens(t campaign.Turn) int {
	if n, ok := b.turnTok[t.Sequence]; ok {
		return n
	}
	n := 0
	for _, bl := range narrator.Blocks(narrator.Request{Recent: []campaign.Turn{t}}) {
		if bl.Name == narrator.BlockRecent {
			n = b.tok(bl.Text) - b.tok(recentHeader)
		}
	}
	if b.turnTok == nil {
		b.turnTok = map[int]int{}
	}
	b.turnTok[t.Sequence] = n
	return n
}

func (b *builder) recentTokens(ts []campaign.Turn) int {
	if len(ts) == 0 {
		return 0
	}
	n := b.tok(recentHeader)
	for _, t := range ts {
		n += b.turnTokens(t) + 1
	}
	return n
}

// past is the turns before the current one, oldest first.
func (b *builder) past() []campaign.Turn {
	var past []campaign.Turn
	for _, t := range b.in.Recent {
		if b.cur == 0 || t.Sequence < b.cur {
			past = append(past, t)
		}
	}
	slices.SortStableFunc(past, func(x, y campaign.Turn) int { return x.Sequence - y.Sequence })
	return past
}

// fitRecent keeps the newest turns that fit, at least the last one; in
// the cached layout, every turn since the window's start (recentStart).
func (b *builder) fitRecent(limit int) {
	past := b.past()
	if b.cached() {
		start := b.recentStart()
		i := 0
		for i < len(past) && past[i].Sequence < start {
			i++
		}
		b.recent = past[i:]
		return
	}
	used := b.tok(recentHeader)
	keep := 0
	// The turns the summary does not tell yet stay, or the narrator would
	// know nothing of them (up to maxUntold: past that, a summary is
	// failing, and the budget wins).
	must := b.untold()
	for i := len(past) - 1; i >= 0; i-- {
		n := b.turnTokens(past[i]) + 1
		if keep >= must && keep > 0 && used+n > limit {
			break
		}
		used += n
		keep++
	}
	b.recent = past[len(past)-keep:]
}

// maxUntold bounds the unsummarized turns the hot window keeps whatever
// its budget.
const maxUntold = 12

// maxRecentShares bounds the cached layout's window: past this many times
// its share, the oldest turns go even though the cache is rewritten.
const maxRecentShares = 3

// recentOverlap is how many turns the summary already tells the cached
// layout's window keeps before the first it does not: right after a fold
// the narrator still reads the last turn in full. Only one, because every
// turn kept sits after the fold's new chapter and is written into the
// provider's cache again at each fold: over the cost bench's sessions
// three such turns were a third of all cache writes (29,400 tokens at
// five minutes in the party session, against 23,000 with one and 20,400
// with none).
const recentOverlap = 1

// recentStart is the sequence of the first turn of the cached layout's
// window: recentOverlap turns before the oldest turn the summary does not
// tell yet. It moves only when the summary folds, so the window grows by
// one turn a turn in between, which keeps each call's cached prefix the
// last call's plus the turn just played.
func (b *builder) recentStart() int {
	return b.cur - b.untold() - recentOverlap
}

// untold is how many of the last turns the summary does not tell yet
// that the hot window keeps whatever its budget.
func (b *builder) untold() int { return min(b.in.Unsummarized, maxUntold) }

// firstHot is the sequence of the oldest turn in the hot window.
func (b *builder) firstHot() int {
	if len(b.recent) == 0 {
		return b.cur
	}
	return b.recent[0].Sequence
}

// --- summary ------------------------------------------------------------

var turnLineRe = regexp.MustCompile(`^Turn (\d+)\b`)

// fitSummary keeps the newest summary lines that fit, leaving out lines
// about turns that are in the hot window in full. A summary written as one
// paragraph is cut into sentences.
func (b *builder) fitSummary(limit int) {
	if b.cached() {
		b.fitStory(limit)
		return
	}
	text := strings.TrimSpace(b.in.Summary)
	var lines []string
	for _, l := range strings.Split(text, "\n") {
		if l = oneLine(l); l != "" {
			lines = append(lines, l)
		}
	}
	if len(lines) == 1 {
		lines = sentences(lines[0])
	}
	hot := b.firstHot()
	var cands []string
	for _, l := range lines {
		if m := turnLineRe.FindStringSubmatch(l); m != nil {
			if n, _ := strconv.Atoi(m[1]); n >= hot {
				continue
			}
		}
		cands = append(cands, l)
	}
	used := b.tok("The story so far:")
	keep := 0
	for i := len(cands) - 1; i >= 0; i-- {
		n := b.tok(cands[i]) + 1
		if used+n > limit {
			break
		}
		used += n
		keep++
	}
	b.summary = cands[len(cands)-keep:]
	b.summaryDrops = len(cands) - keep
}

// --- canon --------------------------------------------------------------

// kindWeight orders canon: what binds the story (promises, debts, deaths,
// decisions) before who and what was met.
var kindWeight = map[Kind]int{
	KindPromise: 6, KindDebt: 6, KindDeath: 5, KindDecision: 4, KindNPC: 3, KindTerm: 3, KindPlace: 2, KindItem: 1,
}

// checkpoint is the last turn whose facts the cached canon block holds:
// in the cached layout the last the summary tells, so that the canon
// changes only when the summary folds; otherwise every CanonEvery turns.
func (b *builder) checkpoint() int {
	if b.cached() {
		return max(b.cur-1-b.in.Unsummarized, 0)
	}
	every := max(b.budget.CanonEvery, 1)
	return (max(b.cur-1, 0) / every) * every
}

// knownHere reports whether a fact is canon for this table: not GM-only,
// and known to everyone or to at least one character present.
func (b *builder) knownHere(v Visibility) bool {
	if v.GMOnly {
		return false
	}
	if v.All {
		return true
	}
	for _, id := range v.CharacterIDs {
		if b.present[id] {
			return true
		}
	}
	return false
}

// note says which of the characters present do not know a thing, so the
// narrator neither reveals it to them nor lets them act on it.
func (b *builder) note(v Visibility) string {
	if v.GMOnly {
		return " [GM only: never reveal]"
	}
	if v.All {
		return ""
	}
	var knows []string
	all := true
	for _, id := range slices.Sorted(maps.Keys(b.present)) {
		if slices.Contains(v.CharacterIDs, id) {
			knows = append(knows, b.names[id])
		} else {
			all = false
		}
	}
	switch {
	case all:
		return ""
	case len(knows) == 0:
		return " [no one here knows this]"
	}
	return " [known only to " + strings.Join(knows, ", ") + "]"
}

// fitCanon fills the cached block: the glossary (the campaign's own
// definitions, then the terms it coined) up to half of it, then the facts
// the present characters know up to the checkpoint, weightiest and newest
// first, then more glossary if room is left; facts are shown oldest first.
func (b *builder) fitCanon(limit int) {
	cp := b.checkpoint()
	type entry struct {
		turn, weight int
		line, id     string
		glossary     bool
	}
	var es []entry
	inGlossary := map[string]bool{}
	for _, k := range slices.Sorted(maps.Keys(b.in.Glossary)) {
		inGlossary[strings.ToLower(k)] = true
		es = append(es, entry{weight: 100, line: oneLine(k) + ": " + clip(oneLine(b.in.Glossary[k]), 160), glossary: true})
	}
	for _, f := range b.in.Memory.Ledger.Facts {
		if f.Turn > cp || !b.knownHere(f.Visibility) || (b.storyStart() > 0 && f.Turn >= b.storyStart()) {
			continue // the story's chapters carry their own turns' facts (fitStory)
		}
		if f.Kind == KindTerm {
			if inGlossary[strings.ToLower(f.Subject)] {
				continue
			}
			es = append(es, entry{turn: f.Turn, weight: 99, id: f.ID, glossary: true, line: b.canonLine(f)})
			continue
		}
		es = append(es, entry{turn: f.Turn, weight: kindWeight[f.Kind], id: f.ID, line: b.canonLine(f)})
	}
	order := make([]int, len(es))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(i, j int) int {
		return cmp.Or(cmp.Compare(es[j].weight, es[i].weight), cmp.Compare(es[j].turn, es[i].turn))
	})
	const (
		glossHead = "Glossary of this campaign's own words:"
		canonHead = "Canon the party knows (never contradict it):"
	)
	// The glossary may take half the block before the facts have their
	// turn; whatever the facts leave goes back to the glossary.
	used, kept := 0, map[int]bool{}
	hasGloss, hasCanon := false, false
	pass := func(glossary bool, limit int) {
		for _, i := range order {
			e := es[i]
			if kept[i] || e.glossary != glossary {
				continue
			}
			n := b.tok(e.line) + 1
			if e.glossary && !hasGloss {
				n += b.tok(glossHead) + 2
			}
			if !e.glossary && !hasCanon {
				n += b.tok(canonHead) + 2
			}
			if used+n > limit {
				continue
			}
			used += n
			hasGloss = hasGloss || e.glossary
			hasCanon = hasCanon || !e.glossary
			kept[i] = true
		}
	}
	pass(true, limit/2)
	pass(false, limit)
	pass(true, limit)
	var gloss, facts []string
	b.canonFacts = map[string]bool{}
	for i, e := range es {
		if !kept[i] {
			continue
		}
		if e.id != "" {
			b.canonFacts[e.id] = true
		}
		if e.glossary {
			gloss = append(gloss, e.line)
		} else {
			facts = append(facts, e.line)
		}
	}
	slices.SortStableFunc(facts, func(x, y string) int { return cmp.Compare(lineTurn(x), lineTurn(y)) })
	b.canon = nil
	if len(gloss) > 0 {
		b.canon = append(append(b.canon, glossHead), gloss...)
	}
	if len(facts) > 0 {
		if len(b.canon) > 0 {
			b.canon = append(b.canon, "")
		}
		b.canon = append(append(b.canon, canonHead), facts...)
	}
	b.canonDrops = len(es) - len(kept)
}

// canonLine is a fact as the canon tells it (the canon block and a
// chapter's own): a coined term by what it means, any other by its turn,
// with who here does not know it.
func (b *builder) canonLine(f Fact) string {
	if f.Kind == KindTerm {
		return f.Subject + ": " + termMeaning(f) + b.note(f.Visibility)
	}
	return fmt.Sprintf("Turn %d: %s%s", f.Turn, clip(f.Text, 280), b.note(f.Visibility))
}

// termMeaning is what the glossary says of a coined term: its
// definition, or, while it has none, the sentence that coined it.
func termMeaning(f Fact) string {
	if f.Definition != "" {
		return clip(f.Definition, 120)
	}
	return clip(f.Text, 120)
}

func lineTurn(l string) int {
	if m := turnLineRe.FindStringSubmatch(l); m != nil {
		n, _ := strconv.Atoi(m[1])
		return n
	}
	return 0
}

// --- lore ---------------------------------------------------------------

const loreHead = "Recalled from earlier in the campaign:"

// fitLore brings back where the turn's rare names were planted (named),
// then recalls what the action mentions, then what the scene does, and
// keeps the best that fit, leaving out what the canon block or the hot turns already say.
// Facts newer than the canon block's checkpoint and not in the hot window
// follow, newest first, so new canon is never out of sight.
func (b *builder) fitLore(limit int) {
	hot := b.firstHot()
	facts := map[string]Fact{}
	for _, f := range b.in.Memory.Ledger.Facts {
		facts[f.ID] = f
	}
	// A sentence the canon or the summary already gives is not repeated.
	shown := map[string]bool{}
	for _, ids := range []map[string]bool{b.canonFacts, b.storyFacts} {
		for id := range ids {
			for _, s := range sentences(facts[id].Text) {
				shown[s] = true
			}
		}
	}
	summary := strings.Join(b.summary, "\n")
	novel := func(text string) string {
		var keep []string
		for _, s := range sentences(text) {
			if !shown[s] && !strings.Contains(summary, s) {
				keep = append(keep, s)
			}
		}
		return strings.Join(keep, " ")
	}
	var lines []string
	used := b.tok(loreHead) + 3 // the header and the blank line after the summary
	drops := 0
	told, scene := b.placeTerms()
	try := func(r Recalled, v Visibility) {
		if r.Text = novel(r.Text); r.Text == "" {
			return
		}
		if len(r.Matched) > 0 && !slices.ContainsFunc(terms(r.Text), func(t string) bool { return slices.Contains(r.Matched, t) }) {
			return // what matched is already shown; the rest is beside the point
		}
		if r.FactID == "" {
			if b.placeOnly(r, told, scene) {
				return
			}
			if r.Text = b.focus(r, told); r.Text == "" {
				return
			}
		}
		line := r.Line() + b.note(v)
		n := b.tok(line) + 1
		if used+n > limit {
			drops++
			return
		}
		used += n
		lines = append(lines, line)
		for _, s := range sentences(r.Text) {
			shown[s] = true
		}
	}
	for _, r := range merged(append(b.named(), b.recall()...)) {
		if r.Turn >= hot || r.Turn >= b.cur || b.canonFacts[r.FactID] || b.storyFacts[r.FactID] {
			continue
		}
		v := r.Visibility
		if f, ok := facts[r.FactID]; ok {
			v = f.Visibility // the ledger is the authority on who knows
		}
		try(r, v)
	}
	cp := b.checkpoint()
	all := b.in.Memory.Ledger.Facts
	for i := len(all) - 1; i >= 0; i-- {
		f := all[i]
		if f.Turn <= cp || f.Turn >= hot || f.Visibility.GMOnly {
			continue
		}
		text := f.Text
		if f.Kind == KindTerm && f.Definition != "" {
			text = f.Subject + " means " + f.Definition + ". " + text
		}
		try(Recalled{Turn: f.Turn, FactID: f.ID, Kind: f.Kind, Text: text}, f.Visibility)
	}
	b.lore, b.loreDrops = lines, drops
}

// merged is rs with each document once, where it first comes, matched by
// every term any of its recalls matched: focus keeps the sentences of all
// of them, where the first recall alone (a name in passing) would keep
// one sentence and leave the rest of the document unseen.
func merged(rs []Recalled) []Recalled {
	type key struct {
		turn       int
		fact, text string
	}
	at := map[key]int{}
	var out []Recalled
	for _, r := range rs {
		k := key{r.Turn, r.FactID, r.Text}
		i, ok := at[k]
		if !ok {
			at[k] = len(out)
			r.Matched = slices.Clone(r.Matched)
			out = append(out, r)
			continue
		}
		for _, t := range r.Matched {
			if !slices.Contains(out[i].Matched, t) {
				out[i].Matched = append(out[i].Matched, t)
			}
		}
	}
	return out
}

// placeOnly reports whether a turn's excerpt was matched by nothing but
// the name of a place where the party stands or of the map, or of a
// character of the party: a narration names where it happens and who
// acts in passing ("In Common Room, Bram makes a move"), and the prompt
// already tells what such a place is (the map in the cached prefix, or
// the scene's description) and who the party are (the roster), so the
// excerpt is colour of another turn. A place the scene names and the map
// does not is told by the turn that first named it ("the towpath runs on
// toward Gloamwood"), so that turn is kept. told and scene are
// placeTerms'.
func (b *builder) placeOnly(r Recalled, told, scene map[string]bool) bool {
	if len(r.Matched) == 0 {
		return false
	}
	for _, t := range r.Matched {
		switch {
		case told[t]:
		case scene[t] && b.in.Memory.Index.firstTurn(t) != r.Turn:
		default:
			return false
		}
	}
	return true
}

// placeTerms are the terms of the names the prompt tells of (the map's
// areas, the actor's area, the party's characters), and of the scene's
// place when the map does not have it.
func (b *builder) placeTerms() (told, scene map[string]bool) {
	told, scene = map[string]bool{}, map[string]bool{}
	names := []string{b.in.Area.Name, b.in.Actor.Name}
	for _, a := range b.in.Places {
		names = append(names, a.Name)
	}
	for _, c := range b.in.Characters {
		names = append(names, c.Name)
	}
	for _, n := range names {
		for _, t := range terms(n) {
			told[t] = true
		}
	}
	for _, t := range terms(b.in.Scene.Location) {
		if !told[t] {
			scene[t] = true
		}
	}
	return told, scene
}

// focus is a turn's excerpt cut to the sentences that hold what matched
// (a name, a place, an item), and the sentence after one that names what
// this turn introduced, which often tells what it is ("Fitch sidles up.
// The barges are holed at night, he says"). A sentence that holds only
// the name of a place or character the prompt tells is left out when
// another matched, and so is one that tells a blow of a fight (it names
// the engine's label of a creature, "Goblin 2"): the summary keeps the
// fights. The rest of
// the excerpt is the narration's colour, paid at the full input price on
// every call that recalls it. It is "" when nothing is left. told is
// placeTerms'.
func (b *builder) focus(r Recalled, told map[string]bool) string {
	matched := slices.DeleteFunc(slices.Clone(r.Matched), func(t string) bool { return told[t] })
	if len(matched) == 0 {
		matched = r.Matched
	}
	ss := sentences(r.Text)
	keep := make([]bool, len(ss))
	for i, s := range ss {
		if engineLabel.MatchString(s) {
			continue
		}
		ts := terms(s)
		for _, t := range matched {
			if !slices.Contains(ts, t) {
				continue
			}
			keep[i] = true
			if i+1 < len(ss) && b.in.Memory.Index.firstTurn(t) == r.Turn && !engineLabel.MatchString(ss[i+1]) {
				keep[i+1] = true
			}
		}
	}
	var out []string
	for i, s := range ss {
		if keep[i] {
			out = append(out, s)
		}
	}
	return strings.Join(out, " ")
}

// rareDocs is how many documents at most may hold a name for named to
// bring back where it was planted: a name told that seldom is one the
// summary has long dropped, and the canon is too small to keep.
const rareDocs = 8

// named is, for each rare name the turn holds (the action's words, then
// the place and area the actor is in, then the NPCs present), the facts
// about it and the first documents that hold it: the turn that planted it
// and the next to tell of it. A player who names Fitch again, a party
// that walks into Gloamwood, a smuggler back in the scene, gets what the
// campaign said of them when they were new, however long ago. A name is a
// query term that the query or one of its documents writes capitalised;
// the characters of the party are not looked up.
func (b *builder) named() []Recalled {
	idx := b.in.Memory.Index
	party := map[string]bool{}
	for _, c := range append(slices.Clone(b.in.Characters), b.in.Actor) {
		for _, t := range terms(c.Name) {
			party[t] = true
		}
	}
	capitalised := map[string]bool{}
	for _, w := range strings.Fields(b.queryText()) {
		if w = strings.Trim(w, `,.;:!?"“”'’()`); isName(w) {
			for _, t := range terms(w) {
				capitalised[t] = true
			}
		}
	}
	var out []Recalled
	seen := map[int]bool{}
	for _, t := range b.query {
		docs := idx.Postings[t]
		if party[t] || len(docs) == 0 || len(docs) > rareDocs {
			continue
		}
		if !capitalised[t] && !slices.ContainsFunc(docs, func(d int) bool { return d < len(idx.Docs) && writesAsName(idx.Docs[d].Text, t) }) {
			continue
		}
		first := 0
		for _, d := range docs {
			if d < 0 || d >= len(idx.Docs) || seen[d] {
				continue
			}
			doc := idx.Docs[d]
			isFact := doc.FactID != ""
			if !isFact && first >= 2 {
				continue
			}
			if isFact && !slices.Contains(doc.Subject, t) {
				continue // a fact that only mentions the name is left to recall's ranking
			}
			if !isFact {
				first++
			}
			seen[d] = true
			out = append(out, Recalled{Turn: doc.Turn, FactID: doc.FactID, Kind: doc.Kind, Actor: doc.Actor,
				Text: doc.Text, Visibility: doc.Visibility, Matched: []string{t}})
		}
	}
	return out
}

// writesAsName reports whether text writes the term t as (part of) a name.
func writesAsName(text, t string) bool {
	for _, w := range strings.Fields(text) {
		if w = strings.Trim(w, `,.;:!?"“”'’()`); isName(w) && slices.Contains(terms(w), t) {
			return true
		}
	}
	return false
}

// recall is what the action names, then what the scene names (the place
// and the NPCs present only fill what is left), recalled once per build
// with room to spare for what fitLore leaves out.
func (b *builder) recall() []Recalled {
	if b.recalled == nil {
		room := 4*max(b.budget.Lore, b.budget.Total/4) + 400
		b.recalled = append(Recall(b.in.Memory.Index, withoutLabels(b.in.Action), room),
			Recall(b.in.Memory.Index, b.queryText(), room)...)
		if b.recalled == nil {
			b.recalled = []Recalled{}
		}
	}
	return b.recalled
}

func (b *builder) linesTokens(ls []string) int {
	n := 0
	for _, l := range ls {
		n += b.tok(l) + 1
	}
	if len(ls) > 0 {
		n += 3
	}
	return n
}

// --- assembly -----------------------------------------------------------

func (b *builder) canonText() string { return strings.Join(b.canon, "\n") }

func (b *builder) loreText() string {
	if len(b.lore) == 0 {
		return ""
	}
	return loreHead + "\n" + strings.Join(b.lore, "\n")
}

// request folds the layers into the narrator's Request: the canon after
// the world seed (the cached world block), the lore after the summary.
func (b *builder) request() narrator.Request {
	req := b.base
	req.Canon = b.canonText()
	req.Characters = b.chars
	req.Scene, req.Area, req.Threats, req.Effects = b.scene, b.in.Area, b.in.Threats, b.in.Effects
	req.Summary, req.Lore = strings.Join(b.summary, "\n"), b.loreText()
	req.Recent = b.recent
	return req
}

func (b *builder) snapshot() (Snapshot, Report) {
	req := b.request()
	blocks := narrator.Blocks(req)
	rep := Report{Target: b.budget.Total}
	// byName joins a layer's blocks: the cached layout gives each recent
	// turn a block, and the party two (who they are, how they stand).
	byName := map[string]narrator.Block{}
	for _, bl := range blocks {
		rep.Total += b.tok(bl.Text)
		name := bl.Name
		if name == narrator.BlockParty {
			name = narrator.BlockCharacters
		}
		if prev, ok := byName[name]; ok {
			bl.Text = prev.Text + "\n\n" + bl.Text
		}
		byName[name] = bl
	}
	// The frozen world block and the summary alone are measured as the
	// narrator renders them, so that layers add up to the total.
	worldAlone, summaryAlone := 0, 0
	for _, bl := range narrator.Blocks(narrator.Request{CampaignName: b.base.CampaignName, Persona: b.base.Persona,
		WorldSeed: b.base.WorldSeed, Places: b.base.Places, Layout: b.base.Layout, Summary: strings.Join(b.summary, "\n")}) {
		switch bl.Name {
		case narrator.BlockWorld:
			worldAlone = b.tok(bl.Text)
		case narrator.BlockSummary: // the cached layout's story is a block a chapter
			summaryAlone += b.tok(bl.Text)
		}
	}
	tokens := map[string]int{
		LayerSystem: b.tok(byName[LayerSystem].Text), LayerWorld: worldAlone,
		LayerCanon:      b.tok(byName[LayerWorld].Text) - worldAlone,
		LayerCharacters: b.tok(byName[LayerCharacters].Text), LayerScene: b.tok(byName[LayerScene].Text),
		LayerSummary: summaryAlone, LayerLore: b.tok(byName[LayerSummary].Text) - summaryAlone,
		LayerRecent: b.tok(byName[LayerRecent].Text), LayerTurn: b.tok(byName[LayerTurn].Text),
	}
	if b.cached() {
		tokens[LayerLore] = b.tok(byName[narrator.BlockLore].Text)
		tokens[LayerCanon] = b.tok(byName[narrator.BlockCanon].Text)
	}
	past := len(b.past())
	items := map[string][2]int{
		LayerCanon: {len(b.canonFacts), b.canonDrops}, LayerCharacters: b.charItems,
		LayerSummary: {len(b.summary), b.summaryDrops}, LayerLore: {len(b.lore), b.loreDrops},
		LayerRecent: {len(b.recent), past - len(b.recent)},
	}
	var texts = map[string]string{
		LayerSystem: byName[LayerSystem].Text, LayerWorld: narrator.WorldText(b.base),
		LayerCanon: b.canonText(), LayerCharacters: byName[LayerCharacters].Text,
		LayerScene: byName[LayerScene].Text, LayerSummary: summaryBlockText(b.summary),
		LayerLore: b.loreText(), LayerRecent: byName[LayerRecent].Text, LayerTurn: byName[LayerTurn].Text,
	}
	var layers []narrator.Block
	order := []string{LayerSystem, LayerWorld, LayerCanon, LayerCharacters, LayerScene, LayerSummary, LayerLore, LayerRecent, LayerTurn}
	if b.cached() {
		order = []string{LayerSystem, LayerWorld, LayerCharacters, LayerCanon, LayerSummary, LayerRecent, LayerScene, LayerLore, LayerTurn}
	}
	for _, name := range order {
		cached := name == LayerSystem || name == LayerWorld || name == LayerCanon || name == LayerCharacters ||
			(b.cached() && (name == LayerSummary || name == LayerRecent))
		lr := LayerReport{Name: name, Tokens: tokens[name], Cached: cached, Frozen: name == LayerSystem || name == LayerWorld,
			Items: items[name][0], Dropped: items[name][1]}
		if _, ok := b.caps[name]; ok {
			lr.Budget = b.caps[name]
		}
		rep.Layers = append(rep.Layers, lr)
		if texts[name] != "" {
			layers = append(layers, narrator.Block{Name: name, Text: texts[name], Cache: cached})
		}
	}
	rep.Trimmed = b.trimmed(items)
	return Snapshot{Request: req, Layers: layers}, rep
}

func (b *builder) trimmed(items map[string][2]int) []string {
	var out []string
	if n := b.charItems[1]; n > 0 {
		out = append(out, fmt.Sprintf("characters: %s the action does not mention (%s)",
			plural(n, "inventory item", "inventory items"), strings.Join(b.charNotes, "; ")))
	}
	if b.sceneNote != "" {
		out = append(out, "scene: "+b.sceneNote)
	}
	if n := items[LayerRecent][1]; n > 0 {
		out = append(out, fmt.Sprintf("recent: the %s before turn %d", plural(n, "oldest turn", "oldest turns"), b.firstHot()))
	}
	if n := b.summaryDrops; n > 0 {
		out = append(out, fmt.Sprintf("summary: the %s", plural(n, "oldest line", "oldest lines")))
	}
	if n := b.loreDrops; n > 0 {
		out = append(out, fmt.Sprintf("lore: %s", plural(n, "lower-scored recalled item", "lower-scored recalled items")))
	}
	if n := b.canonDrops; n > 0 {
		out = append(out, fmt.Sprintf("canon: %s (left to recall)", plural(n, "lighter or older fact", "lighter or older facts")))
	}
	return out
}

func summaryBlockText(lines []string) string {
	if len(lines) == 0 {
		return ""
	}
	return "The story so far:\n" + strings.Join(lines, "\n")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// avoidTurns is how many of the last narrations lend their openings and
// endings to Request.Avoid; avoidWords is how many words of each.
const (
	avoidTurns = 2
	avoidWords = 4
)

// avoid is how the last few narrations before turn cur began and ended,
// a few words each, for the narrator to begin and end differently.
func avoid(recent []campaign.Turn, cur int) []string {
	var past []campaign.Turn
	for _, t := range recent {
		if (cur == 0 || t.Sequence < cur) && strings.TrimSpace(t.Narration) != "" {
			past = append(past, t)
		}
	}
	slices.SortStableFunc(past, func(x, y campaign.Turn) int { return x.Sequence - y.Sequence })
	past = past[max(len(past)-avoidTurns, 0):]
	var out []string
	seen := map[string]bool{}
	add := func(s string) {
		if k := strings.ToLower(s); s != "" && !seen[k] {
			seen[k] = true
			out = append(out, s)
		}
	}
	for _, t := range past {
		ss := sentences(oneLine(t.Narration))
		if len(ss) == 0 {
			continue
		}
		ws := strings.Fields(ss[0])
		add(strings.Join(ws[:min(avoidWords, len(ws))], " "))
		if len(ss) > 1 {
			ws = strings.Fields(ss[len(ss)-1])
			add(strings.Join(ws[max(len(ws)-avoidWords, 0):], " "))
		}
	}
	return out
}
