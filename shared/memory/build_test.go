package memory

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/narrator"
)

// table is a small campaign: Kira and Bram present, Aldric away, Marta
// met on turn 1, a GM secret about her, and turns 2..n of travel.
func table(n int) Input {
	var m Memory
	m.Observe(narrated(1, "Kira", "", "An innkeeper named Marta, a stout human with a grey braid, sets out bowls of stew."), []string{"c1", "c2"})
	m.Observe(narrated(2, "Aldric", "", "Oswin Thorne owes the party forty crowns, buried under the old mill."), []string{"c3"})
	m.Ledger.Add(Fact{ID: "gm-1", Turn: 1, Kind: KindNPC, Subject: "Marta",
		Text: "Marta secretly sells the party's secrets to the smugglers.", Visibility: Visibility{GMOnly: true}})
	m.Index.AddFact(m.Ledger.Facts[len(m.Ledger.Facts)-1])
	var recent []campaign.Turn
	summary := ""
	for seq := 3; seq < n; seq++ {
		t := narrated(seq, "Bram", "We walk on", fmt.Sprintf("The road winds on through the fog, mile %d of many.", seq))
		m.Observe(t, []string{"c1", "c2"})
		summary = summarize(summary, t, 1200)
		recent = append(recent, t)
	}
	chars := party()[:2]
	chars[0].Presence, chars[1].Presence = campaign.Present, campaign.Present
	aldric := party()[1]
	aldric.ID, aldric.Presence = "c3", campaign.Absent
	chars[1], chars = aldric, append(chars, party()[3])
	chars[2].ID, chars[2].Presence = "c2", campaign.Present
	return Input{
		CampaignName: "Test", Persona: "terse", WorldSeed: "A river kingdom.",
		Characters: chars, Actor: chars[0], Scene: campaign.Scene{Location: "the Gilded Goose Inn", NPCs: []string{"Marta"}},
		Summary: summary, Recent: recent[max(0, len(recent)-12):], Memory: m,
		Action: "I ask Marta about the smugglers", Turn: n,
	}
}

func TestBuildLayersInCacheOrder(t *testing.T) {
	snap, rep := Build(table(30), DefaultBudget())
	var names []string
	for _, l := range rep.Layers {
		names = append(names, l.Name)
		if cached := slices.Contains([]string{LayerSystem, LayerWorld, LayerCanon, LayerCharacters, LayerSummary, LayerRecent}, l.Name); l.Cached != cached {
			t.Errorf("layer %s cached = %v, want %v", l.Name, l.Cached, cached)
		}
	}
	want := []string{LayerSystem, LayerWorld, LayerCharacters, LayerCanon, LayerSummary, LayerRecent, LayerScene, LayerLore, LayerTurn}
	if !slices.Equal(names, want) {
		t.Errorf("layers %v, want %v", names, want)
	}
	// The request renders the same content in the same order.
	prompt := text(snap)
	last := -1
	for _, l := range snap.Layers {
		head := strings.SplitN(l.Text, "\n", 2)[0]
		at := strings.Index(prompt, head)
		if at < 0 || at < last {
			t.Errorf("layer %s (%q) at %d in the prompt, after %d", l.Name, head, at, last)
		}
		last = at
	}
}

func TestBuildIsDeterministic(t *testing.T) {
	in := table(30)
	a, ra := Build(in, DefaultBudget())
	b, rb := Build(in, DefaultBudget())
	if !reflect.DeepEqual(a, b) || !reflect.DeepEqual(ra, rb) {
		t.Error("two builds of the same input differ")
	}
}

func TestBuildNeverTrimsFrozenLayers(t *testing.T) {
	in := table(30)
	in.WorldSeed = strings.Repeat("The river kingdom is old and full of fog. ", 40)
	snap, rep := Build(in, Budget{Total: 600, Recent: 200, Lore: 100, CanonEvery: 10})
	prompt := text(snap)
	for _, must := range []string{in.WorldSeed[:200], "Action, in the player's words: \"I ask Marta about the smugglers\"", "You are the narrator"} {
		if !strings.Contains(prompt, must) {
			t.Errorf("the prompt lost %q", must)
		}
	}
	if rep.Total <= rep.Target {
		t.Errorf("total %d within %d: the test needs frozen layers over budget", rep.Total, rep.Target)
	}
	if len(snap.Request.Recent) != 1 {
		t.Errorf("kept %d recent turns, want the last one only", len(snap.Request.Recent))
	}
}

// In the flat layout the party's inventories are trimmed by what the
// turn is about: others' items before the actor's, never an item the
// action names.
func TestBuildTrimsLeastRelevantItems(t *testing.T) {
	trimsLeastRelevantItems(t, narrator.LayoutFlat)
}

// In the cached layout the inventories sit in the cached roster: trimmed
// to fit, they are trimmed the same whoever acts and whatever they say,
// so the roster holds still from turn to turn.
func TestBuildCachedRosterHoldsStill(t *testing.T) {
	in := table(30)
	budget := DefaultBudget()
	budget.Characters = 60
	a, _ := Build(in, budget)
	in.Action, in.Actor = "I borrow Bram's crowbar and pry at the grate", in.Characters[2]
	b, _ := Build(in, budget)
	ra, rb := block(a.Request, narrator.BlockCharacters), block(b.Request, narrator.BlockCharacters)
	if ra != rb || !strings.Contains(ra, "other item") {
		t.Fatalf("the roster changed with the turn, or nothing was trimmed:\n%s\n---\n%s", ra, rb)
	}
}

// block is the text of the first block of the prompt with that name.
func block(req narrator.Request, name string) string {
	for _, b := range narrator.Blocks(req) {
		if b.Name == name {
			return b.Text
		}
	}
	return ""
}

func trimsLeastRelevantItems(t *testing.T, layout narrator.Layout) {
	in := table(30)
	in.Layout = layout
	in.Action = "I borrow Bram's crowbar and pry at the grate"
	// Only the party has a share, and the total leaves no room to hand
	// back to it: the recent turn that is always kept takes the rest.
	_, full := Build(in, DefaultBudget())
	fixed := 0
	for _, l := range full.Layers {
		if l.Name == LayerSystem || l.Name == LayerWorld || l.Name == LayerTurn {
			fixed += l.Tokens
		}
	}
	// The cached layout tells who the party are apart from how they stand:
	// the roster's own tokens come on top.
	share := 150 + narrator.EstimateTokens(narrator.CharactersText(narrator.Request{Layout: layout, Characters: stripped(in.Characters)})) -
		narrator.EstimateTokens(narrator.CharactersText(narrator.Request{Layout: narrator.LayoutFlat, Characters: stripped(in.Characters)}))
	snap, rep := Build(in, Budget{Total: fixed + share + turnReserve, Characters: share, CanonEvery: 10})
	chars := narrator.CharactersText(narrator.Request{Layout: layout, Characters: snap.Request.Characters})
	if !strings.Contains(chars, "crowbar") {
		t.Error("the item the action mentions was dropped")
	}
	if !strings.Contains(chars, "other items") {
		t.Errorf("no items dropped:\n%s", chars)
	}
	kira := snap.Request.Characters[0].Inventory
	bram := snap.Request.Characters[2].Inventory
	if len(kira) < len(bram) {
		t.Errorf("the actor kept %d items, Bram %d: others' items go first", len(kira), len(bram))
	}
	if !slices.ContainsFunc(rep.Trimmed, func(s string) bool { return strings.HasPrefix(s, "characters:") }) {
		t.Errorf("report %v does not say what was trimmed", rep.Trimmed)
	}
	if in.Characters[2].Inventory[len(in.Characters[2].Inventory)-1].Item != "smoke bomb" {
		t.Error("Build changed its input's inventory")
	}
}

func TestBuildSceneLocksIdentity(t *testing.T) {
	in := table(30)
	snap, _ := Build(in, DefaultBudget())
	if got := snap.Request.Scene.NPCs; !slices.Equal(got, []string{"Marta (human innkeeper; stout with a grey braid)"}) {
		t.Errorf("scene NPCs = %v", got)
	}
	in.Memory.Roster.Rule("Marta", Dead, 29)
	snap, _ = Build(in, DefaultBudget())
	if got := snap.Request.Scene.NPCs[0]; !strings.HasSuffix(got, "; dead)") {
		t.Errorf("after a death ruling the scene says %q", got)
	}
}

func TestBuildVisibility(t *testing.T) {
	snap, _ := Build(table(30), DefaultBudget())
	var canon, lore string
	for _, l := range snap.Layers {
		switch l.Name {
		case LayerCanon:
			canon = l.Text
		case LayerLore:
			lore = l.Text
		}
	}
	t.Run("GMOnlyNeverInCanon", func(t *testing.T) {
		if strings.Contains(canon, "secretly sells") {
			t.Errorf("the canon block holds a GM-only fact:\n%s", canon)
		}
	})
	t.Run("GMOnlyRecalledForTheNarrator", func(t *testing.T) {
		if !strings.Contains(lore, "secretly sells the party's secrets to the smugglers. [GM only: never reveal]") {
			t.Errorf("the GM-only fact the action mentions is not in the lore, marked:\n%s", lore)
		}
	})
	t.Run("AbsentWitnessIsNotCanon", func(t *testing.T) {
		if strings.Contains(canon, "Oswin") {
			t.Errorf("a fact only the absent Aldric witnessed is canon for the table:\n%s", canon)
		}
	})
	t.Run("WitnessesNamed", func(t *testing.T) {
		if !strings.Contains(canon, "Marta, a stout human") {
			t.Errorf("the canon lacks what Kira and Bram saw:\n%s", canon)
		}
	})
}

func TestBuildSummaryLeavesOutHotTurns(t *testing.T) {
	snap, _ := Build(table(40), DefaultBudget())
	first := snap.Request.Recent[0].Sequence
	for _, l := range strings.Split(snap.Request.Summary, "\n") {
		if n := lineTurn(l); n >= first && strings.HasPrefix(l, "Turn") && !strings.Contains(l, ", ") {
			t.Errorf("summary line %q repeats a turn of the hot window (from %d)", l, first)
		}
	}
}

func TestCanonBlockHoldsStillBetweenCheckpoints(t *testing.T) {
	_, inputs, _ := long()
	in := inputs[1000]
	world := func(turn int, action string) string {
		in := in
		in.Turn, in.Action = turn, action
		for _, b := range narrator.Blocks(mustBuild(in).Request) {
			if b.Name == narrator.BlockWorld {
				return b.Text
			}
		}
		return ""
	}
	a := world(1001, "I search the area for anything hidden")
	if b := world(1009, "I ask Marta about the sunken barges"); a != b {
		t.Error("the cached world and canon block changed between two checkpoints")
	}
}

func mustBuild(in Input) Snapshot {
	s, _ := Build(in, DefaultBudget())
	return s
}

// The turns the summary does not tell yet stay in the hot window however
// small its share: dropped, they would be told nowhere.
func TestBuildKeepsTheUnsummarizedTurns(t *testing.T) {
	var recent []campaign.Turn
	for i := 1; i <= maxUntold+2; i++ {
		recent = append(recent, narrated(i, "Kira", "I walk on", strings.Repeat("The road goes on through the hills. ", 6)))
	}
	in := Input{CampaignName: "Road", Actor: campaign.Character{ID: "c1", Name: "Kira"}, Recent: recent, Action: "I look back"}
	tight := DefaultBudget()
	tight.Total = 420 // past the frozen layers, room for about one turn
	snap, _ := Build(in, tight)
	if len(snap.Request.Recent) != 1 {
		t.Fatalf("%d recent turns kept in a one-turn share, want 1", len(snap.Request.Recent))
	}
	in.Unsummarized = 4
	snap, _ = Build(in, tight)
	if r := snap.Request.Recent; len(r) != 4 || r[0].Sequence != maxUntold-1 {
		t.Fatalf("%d recent turns kept with 4 unsummarized, want the last 4", len(r))
	}
	in.Unsummarized = 50 // a summary failing for long: the budget wins past maxUntold
	snap, _ = Build(in, tight)
	if len(snap.Request.Recent) != maxUntold {
		t.Fatalf("%d recent turns kept with 50 unsummarized, want %d", len(snap.Request.Recent), maxUntold)
	}
}

// stripped is the party without their inventories.
func stripped(cs []campaign.Character) []campaign.Character {
	out := slices.Clone(cs)
	for i := range out {
		out[i].Inventory = nil
	}
	return out
}

// cachePrefix is the prompt up to and including its n-th cache point.
func cachePrefix(s Snapshot, n int) string {
	blocks := narrator.Blocks(s.Request)
	for i, b := range blocks {
		if b.Cache {
			if n--; n == 0 {
				return narrator.Join(blocks[:i+1])
			}
		}
	}
	return ""
}

// In the cached layout two turns between folds of the summary give prompts
// whose cached part grows by the turn just played, whatever else changed
// (a wound, the action, what it recalls), so the provider reads the rest
// from its cache; a fold changes the summary and the window, never the
// stable prefix.
func TestBuildCachedPrefixGrowsBetweenFolds(t *testing.T) {
	a := table(30)
	a.Unsummarized = 2
	b := a
	b.Turn, b.Unsummarized = 31, 3
	b.Recent = append(slices.Clone(a.Recent), narrated(30, "Kira", "I ask Marta about the smugglers", "Marta shrugs and wipes a mug."))
	b.Action = "I pry at the grate with Bram's crowbar"
	b.Characters = slices.Clone(a.Characters)
	b.Characters[0].HP--
	sa, _ := Build(a, DefaultBudget())
	sb, _ := Build(b, DefaultBudget())
	pa, pb := cachePrefix(sa, 3), cachePrefix(sb, 3)
	if pa == "" || !strings.HasPrefix(pb, pa) || !strings.Contains(strings.TrimPrefix(pb, pa), "Marta shrugs") {
		t.Fatalf("the next turn's cached part does not extend this one's by the turn played:\n%s\n---\n%s", pa, pb)
	}
	c := b
	c.Turn, c.Unsummarized = 32, 0
	c.Recent = append(slices.Clone(b.Recent), narrated(31, "Kira", "I pry at the grate", "The grate groans."))
	c.Summary = a.Summary + "\n\nTurn 30: Kira asked Marta about the smugglers.\nTurn 31: Kira pried at the grate."
	sc, _ := Build(c, DefaultBudget())
	story, folded := cachePrefix(sa, 2), cachePrefix(sc, 2)
	if cachePrefix(sc, 1) != cachePrefix(sa, 1) || !strings.HasPrefix(folded, story) ||
		!strings.HasSuffix(folded, "Turn 31: Kira pried at the grate.") || cachePrefix(sc, 3) == pb {
		t.Fatalf("a fold should append its chapter to the story and change the recent part:\n%s\n---\n%s", story, folded)
	}
}

// In the cached layout a window that grows past the budget between folds
// costs no cache write beyond the turn played: the summary and the canon
// before it are fitted to their shares, never cut a little further each
// call to pay for the window's growth. The window's start moves once, when
// the window passes its bound and the turns the summary tells leave it.
func TestBuildCachedPrefixHoldsStillPastTheBudget(t *testing.T) {
	in := table(30)
	in.Unsummarized = 1
	var prev string
	breaks := 0
	// A tight budget, so that the growing window presses on it.
	budget := DefaultBudget()
	budget.Total = 1900
	for i := range 10 { // at most maxUntold turns wait between folds
		seq := 30 + i
		in.Turn, in.Unsummarized = seq+1, i+2
		in.Recent = append(slices.Clone(in.Recent), narrated(seq, "Kira", "I search the fog-bound road, every rut and stone of it, for the smugglers' trail",
			strings.Repeat(fmt.Sprintf("Kira finds a cart track %d, half drowned, and follows it a while before it fades. ", seq), 3)))
		in.Recent[len(in.Recent)-1].RulesResult = fmt.Sprintf("Kira succeeds on a DC 12 Wisdom (Survival) check (%d) and finds the cart track.", 10+i)
		s, _ := Build(in, budget)
		p := cachePrefix(s, 3)
		if prev != "" && !strings.HasPrefix(p, prev) {
			breaks++
		}
		prev = p
	}
	if breaks > 1 {
		t.Errorf("the cached part was written anew %d times in 10 calls past the budget, want at most once", breaks)
	}
}

// The narrator is asked to begin and end unlike the last two narrations
// only: their first and last words, not those of older turns.
func TestAvoidIsTheLastTwoNarrations(t *testing.T) {
	recent := []campaign.Turn{
		{Sequence: 3, Narration: "Rain falls on the old road. Nobody speaks of the bell."},
		{Sequence: 4, Narration: "Kira draws a slow breath. The door gives at last."},
		{Sequence: 5},
		{Sequence: 6, Narration: "All eyes turn to Bram. What does Bram do now?"},
		{Sequence: 7, Narration: "Told after the turn being narrated."},
	}
	got := avoid(recent, 7)
	want := []string{"Kira draws a slow", "door gives at last.", "All eyes turn to", "does Bram do now?"}
	if !slices.Equal(got, want) {
		t.Fatalf("avoid = %q, want %q", got, want)
	}
}
