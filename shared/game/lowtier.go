package game

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"unicode"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/intent"
	"chronicler/shared/memory"
	"chronicler/shared/narrator"
	"chronicler/shared/rules/turn"
)

// actionOnly reports an intent whose rules result is trivial: it takes an
// action of the turn's economy and changes nothing on any sheet.
func actionOnly(kind string) bool {
	k, ok := intent.Lookup(kind)
	return ok && k.ActionOnly
}

// narrationPurpose routes a turn's narration, and so its tier
// (narrator.Route). The rule, in order:
//   - an acknowledgement (low tier) when the turn is trivial: an intent
//     that only spends an action (end turn, dodge, dash, disengage, help)
//     and rolls nothing, changes no sheet and moves nobody; or free text
//     that is an out-of-character remark, marked as players mark them
//     ("OOC ...", "(( ... ))", "( ... )", "// ..."): a player's only, since
//     the turns the engine plays (a monster's, a forced one) carry its
//     label in parentheses and are narrated as the actions they are;
//   - dialogue (high) when a character speaks: a say intent, or free text
//     that opens with a quotation;
//   - an acknowledgement too when the character follows the party
//     (follows: the place is not new to the table);
//   - a new scene (high) when the turn moves the party somewhere else;
//   - otherwise narration (high).
//
// When in doubt it stays on the high tier, as seed 001 asks.
func narrationPurpose(d turn.Decision, action string, played, follows bool) narrator.Purpose {
	if played {
		if d.Scene != nil {
			return narrator.PurposeScene
		}
		return narrator.PurposeNarration
	}
	if d.Intent != nil {
		switch {
		case actionOnly(d.Intent.Kind) && len(d.Rolls) == 0 && len(d.Changed) == 0 && d.Scene == nil:
			return narrator.PurposeAcknowledgement
		case d.Intent.Kind == "say":
			return narrator.PurposeDialogue
		case follows:
			return narrator.PurposeAcknowledgement
		}
	} else if outOfCharacter(action) {
		return narrator.PurposeAcknowledgement
	}
	t := strings.TrimSpace(action)
	switch {
	case strings.HasPrefix(t, `"`) || strings.HasPrefix(t, "“"):
		return narrator.PurposeDialogue
	case d.Scene != nil:
		return narrator.PurposeScene
	}
	return narrator.PurposeNarration
}

// follows reports whether the actor's turn only takes them where the
// party already is, to a place the table has been told of: a move, out
// of a fight, that rolls nothing and changes nothing on any sheet but the
// actor's area, into an area where another living character of the party
// stands and has witnessed one of the recent turns.
//
// "Told" is read from what the game records, with no state of its own:
// a character witnesses every turn played where they stand, their own
// arrival first (witnessed counts the area after the move), and leaves
// only by a turn they witness too. So the newest turn such a character
// witnessed was told in the place they stand now, at or after their
// arrival: its narration showed the table the place. A character put
// there by no turn (a new one, in the starting area) has witnessed
// nothing yet; nor has one whose last witnessed turn is older than the
// recent turns read: both leave the move a new scene, on the high tier.
func follows(snap Snapshot, actor campaign.Character, d turn.Decision, recent []campaign.Turn) bool {
	if d.Intent == nil || d.Intent.Kind != "move" || d.Scene == nil || d.Encounter != nil || len(d.Rolls) > 0 ||
		len(d.Changed) != 1 || d.Changed[0].ID != actor.ID || !onlyMoved(actor, d.Changed[0]) {
		return false
	}
	m := mapOf(snap)
	to := placeOf(m, d.Changed[0].AreaID)
	if to == placeOf(m, actor.AreaID) {
		return false
	}
	for _, c := range snap.Characters {
		if c.ID == actor.ID || c.IsDead() || placeOf(m, c.AreaID) != to {
			continue
		}
		if slices.ContainsFunc(recent, func(t campaign.Turn) bool { return slices.Contains(t.Witnesses, c.ID) }) {
			return true
		}
	}
	return false
}

// onlyMoved reports whether after is before in another area, and nothing
// else changed on the sheet.
func onlyMoved(before, after campaign.Character) bool {
	after.AreaID = before.AreaID
	a, errA := json.Marshal(before)
	b, errB := json.Marshal(after)
	return errA == nil && errB == nil && string(a) == string(b)
}

// playedByEngine reports whether the turn of l is one the engine plays
// (a monster's, a legendary action, a forced death save, the turn of a
// character whose player is away): its request id says so.
func playedByEngine(l campaign.Lease) bool {
	return engineRequest(l.RequestID)
}

// engineRequest reports whether a turn's request id is the engine's own.
func engineRequest(id string) bool {
	for _, p := range []string{"monster:", "rules:", "away:"} {
		if strings.HasPrefix(id, p) {
			return true
		}
	}
	return false
}

// oocMarks are the marks a player opens a remark to the table with, in
// lower case, each before the shorter ones it starts with.
var oocMarks = []string{"[ooc]", "[ooc", "ooc:", "ooc", "((", "(", "//"}

// oocMark is the mark that t (trimmed, in lower case) opens with; "" when
// it opens with none.
func oocMark(t string) string {
	for _, m := range oocMarks {
		if strings.HasPrefix(t, m) {
			return m
		}
	}
	return ""
}

// outOfCharacter reports whether free text is marked as a player's remark
// to the table rather than their character's action: a remark opened in
// parentheses is closed in them too.
func outOfCharacter(text string) bool {
	t := strings.ToLower(strings.TrimSpace(text))
	mark := oocMark(t)
	return (mark != "" && (mark[0] != '(' || strings.HasSuffix(t, ")"))) || chatter(t)
}

// chatterWords are the table talk a player types without a mark ("brb",
// "afk", "lol"): none names anything a character does. chatterFill are
// the words that may come with them ("brb 2 min", "sorry afk a sec").
var (
	chatterWords = []string{"brb", "afk", "bbl", "bbiab", "gtg", "g2g", "lol", "lmao", "omw", "ty", "thx", "np"}
	chatterFill  = []string{"back", "in", "a", "all", "soon", "sorry", "sec", "secs", "min", "mins", "minute", "minutes"}
)

// chatter reports whether t (trimmed, in lower case) is table talk and
// nothing else: every word a chatter word, a filler or a number, and at
// least one a chatter word, so that "brb 2 min" is talk while "back in 5"
// and "I step back" are read as a character's words.
func chatter(t string) bool {
	talk := false
	for _, w := range strings.FieldsFunc(t, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		switch {
		case slices.Contains(chatterWords, w):
			talk = true
		case slices.Contains(chatterFill, w) || strings.Trim(w, "0123456789") == "":
		default:
			return false
		}
	}
	return talk
}

// asks reports whether a remark out of character asks something: a
// question mark, or a question's first word after the remark's mark.
func asks(text string) bool {
	if strings.Contains(text, "?") {
		return true
	}
	t := strings.ToLower(strings.TrimSpace(text))
	t = t[len(oocMark(t)):]
	first, _, _ := strings.Cut(strings.TrimLeft(t, " :-,"), " ")
	switch first {
	case "how", "what", "where", "when", "who", "whom", "whose", "why", "which", "can", "could", "is", "are", "am", "do", "does", "did",
		"will", "would", "should", "shall", "may", "might", "have", "has", "was", "were":
		return true
	}
	return false
}

// lowTier is the low tier's work on a narrated turn, before it commits.
type lowTier struct {
	summary      string               // the rolling summary to commit
	unsummarized int                  // the turns it does not tell yet
	calls        []campaign.ModelCall // every call made, in order
	scene        []narrator.ExtractedSceneChange
}

// SummaryEvery is how many turns may pass before the rolling summary is
// compressed anyway, within the turns the context keeps verbatim (memory
// keeps every turn the summary does not tell yet, up to twelve), so no turn
// leaves the context before the summary has it. An eventful turn folds
// sooner, once half as many wait. Each fold is a low-tier call, appends a
// chapter to the narrator's cached story and moves its recent turns, so
// folds are kept few: the deterministic extraction has each turn's names
// at once.
const SummaryEvery = 10

// remember runs the low tier on a narrated turn. Every turn, the memory's
// deterministic extraction takes its facts (Observe). The model is called
// only at a fold: when SummaryEvery turns wait, or half as many when the
// turn brings something new into memory (a name, a place, an item, a
// promise, a death), moves the scene or ends a fight, as seed 004 suggests.
// A fold is one low-tier call (narrator.Folder) that writes the story's
// new chapter and reads the facts of every players' turn since the last fold
// (waiting, which are among the recent turns, then this one); the turns
// the engine played are in the summary, and their facts are the
// deterministic extraction's. Then the terms those turns coined and
// nothing defined are defined. Every call is recorded with its purpose,
// tier, model, usage and cost.
//
// A fold is all or nothing: one that fails, or whose answer fails
// validation anywhere, changes nothing (the last summary stands, no fact
// of it reaches memory) and its turns stay waiting for the next fold,
// which tells them again. A narrator that cannot fold (the offline one)
// only extends the summary there; so does a fold of engine turns only,
// with no facts to ask for.
func (s *Service) remember(ctx context.Context, n narrator.Narrator, snap Snapshot, turn campaign.Turn, waiting []campaign.Turn, moved, eventful bool, mem *memory.Memory, present []string) lowTier {
	out := lowTier{summary: snap.State.Summary}
	if len(mem.Observe(turn, present)) > 0 {
		eventful = true
	}
	every := s.SummaryEvery
	if every <= 0 {
		every = SummaryEvery
	}
	batch := append(slices.Clone(waiting), turn)
	if len(batch) < every && (!eventful || len(batch) < (every+1)/2) {
		out.unsummarized = len(batch)
		return out
	}
	folded, call, err := s.fold(ctx, n, snap, batch, *mem)
	out.calls = append(out.calls, call)
	if err != nil {
		// The turns stay waiting: the next fold tells them.
		out.unsummarized = len(batch)
		s.Log.WarnContext(ctx, "fold failed; keeping the last summary, the turns wait for the next", "campaign", snap.Campaign.ID,
			"turns", len(batch), "err", err)
		return out
	}
	// The fold wrote the story's new chapter: appended, the chapters
	// before it stay as they were, and so does the narrator's cache of them.
	out.summary = memory.AppendChapter(snap.State.Summary, folded.Summary)
	facts := map[int]narrator.Extraction{}
	for _, tf := range folded.Turns {
		facts[tf.Turn] = tf.Extraction
	}
	var terms []narrator.TermUse
	for _, t := range batch {
		if x, ok := facts[t.Sequence]; ok {
			who := t.Witnesses
			if who == nil { // a turn from before turns kept their witnesses
				who = witnessesOf(*mem, t.Sequence, present)
			}
			mem.Absorb(t, who, x)
		}
		terms = append(terms, mem.Undefined(t.Sequence)...)
	}
	out.scene = foldedScene(batch, facts, moved)
	if len(terms) > 0 {
		req := narrator.DefineRequest{CampaignName: snap.Campaign.Name, Terms: terms}
		var def narrator.Definer = narrator.Offline{}
		if d, ok := n.(narrator.Definer); ok {
			def = d
		}
		got, err := def.Define(ctx, req)
		out.calls = append(out.calls, s.call(def, narrator.PurposeDefinition, got.Model, got.Usage, err))
		if err != nil {
			got, _ = narrator.Offline{}.Define(ctx, req)
		}
		for term, meaning := range got.Definitions {
			mem.Ledger.Define(term, meaning)
		}
	}
	return out
}

// fold makes the fold of batch: as the narrator's record_fold answer
// when it folds and a player's turn is among them, else as a summary
// alone, whose lines the story did not hold are the new chapter. It
// returns the validated answer and the call's record; an error means
// nothing of it may be kept.
func (s *Service) fold(ctx context.Context, n narrator.Narrator, snap Snapshot, batch []campaign.Turn, mem memory.Memory) (narrator.Fold, campaign.ModelCall, error) {
	var read []int
	for _, t := range batch {
		if !engineRequest(t.RequestID) {
			read = append(read, t.Sequence)
		}
	}
	if f, ok := n.(narrator.Folder); ok && len(read) > 0 {
		got, err := f.Fold(ctx, narrator.FoldRequest{CampaignName: snap.Campaign.Name, Previous: snap.State.Summary,
			Scene: snap.State.Scene, Turns: batch, Read: read, Party: partyNames(snap), Known: knownNames(mem)})
		return got.Fold, s.call(n, narrator.PurposeFold, got.Model, got.Usage, err), err
	}
	sum, err := n.Summarize(ctx, summaryRequest(snap, snap.State.Summary, batch))
	chapter := memory.NewLines(snap.State.Summary, sum.Text)
	if err == nil && chapter == "" {
		err = fault.E(fault.Unavailable, "summarize", "the summary tells nothing new")
	}
	return narrator.Fold{Summary: chapter}, s.call(n, narrator.PurposeSummary, sum.Model, sum.Usage, err), err
}

// witnessesOf are the characters who witnessed turn seq, as the memory's
// excerpt of it recorded them when it was committed; present, the
// characters present now, when it kept no excerpt.
func witnessesOf(m memory.Memory, seq int, present []string) []string {
	for i := len(m.Index.Docs) - 1; i >= 0; i-- {
		d := m.Index.Docs[i]
		if d.Turn == seq && d.FactID == "" {
			return d.Visibility.CharacterIDs
		}
	}
	return present
}

// foldedScene are the scene changes a fold read, in the order of their
// turns, that still hold when it is committed: an NPC's arrival or
// departure told before the party last moved stays in the place it left
// (moved says the turn being committed moved it), and a time of day told
// before a rest was overtaken by the engine's clock. The weather holds
// wherever the party went.
func foldedScene(batch []campaign.Turn, facts map[int]narrator.Extraction, moved bool) []narrator.ExtractedSceneChange {
	lastMove, lastRest := -1, -1
	for i, t := range batch {
		var in struct {
			Kind     string `json:"kind"`
			ToAreaID string `json:"to_area_id"`
		}
		if len(t.Intent) > 0 && json.Unmarshal(t.Intent, &in) == nil {
			if in.ToAreaID != "" {
				lastMove = i
			}
			if in.Kind == "rest" {
				lastRest = i
			}
		}
	}
	if moved {
		lastMove = len(batch) - 1
	}
	var out []narrator.ExtractedSceneChange
	for i, t := range batch {
		for _, c := range facts[t.Sequence].Scene {
			switch c.What {
			case narrator.SceneArrived, narrator.SceneLeft:
				if i < lastMove {
					continue
				}
			case narrator.SceneTime:
				if i <= lastRest {
					continue
				}
			}
			out = append(out, c)
		}
	}
	return out
}

// recordCalls completes a turn's record: how its narration was routed,
// every call the turn made (the narration first), and their total.
func recordCalls(record *campaign.TurnContext, req narrator.Request, low []campaign.ModelCall) {
	record.Purpose, record.Tier = string(req.Purpose), string(req.Tier)
	record.Calls = append([]campaign.ModelCall{{Purpose: record.Purpose, Tier: record.Tier, Model: record.Model,
		Usage: record.Usage, CostUSD: record.CostUSD}}, low...)
	record.TurnCostUSD = 0
	for _, c := range record.Calls {
		record.TurnCostUSD += c.CostUSD
	}
}

// call records one low-tier call. A model that reports no id is the
// provider's own (the offline narrator's, for one).
func (s *Service) call(who any, purpose narrator.Purpose, model string, u narrator.Usage, err error) campaign.ModelCall {
	if model == "" {
		model = "offline"
		if n, ok := who.(interface{ Name() string }); ok {
			model = n.Name()
		}
	}
	c := campaign.ModelCall{Purpose: string(purpose), Tier: string(narrator.Route(purpose)), Model: model, Usage: tokenUsage(u)}
	if cost, ok := s.Prices.Cost(model, u); ok {
		c.CostUSD = cost
	}
	if err != nil {
		c.Error = callError(err)
	}
	return c
}

// callError is what the owner's context inspector says of a failed call:
// the reason of an invalid answer, the kind of any other failure.
func callError(err error) string {
	var fe *fault.Error
	if errors.As(err, &fe) && fe.Kind == fault.Invalid {
		return "invalid answer, dropped: " + fe.Message
	}
	if fault.Is(err, fault.Unavailable) {
		return "unavailable"
	}
	return "failed"
}

func tokenUsage(u narrator.Usage) campaign.TokenUsage {
	return campaign.TokenUsage{Input: u.Input, Output: u.Output, CacheRead: u.CacheRead, CacheWrite: u.CacheWrite}
}

func partyNames(snap Snapshot) []string {
	var out []string
	for _, c := range snap.Characters {
		out = append(out, c.Name)
	}
	return out
}

// maxKnown bounds the names a fold is told are known, the most
// recent first, so that its prompt stays small in a long campaign.
const maxKnown = 40

// knownNames are the NPCs, places and terms memory already holds, the
// most recently introduced first.
func knownNames(m memory.Memory) []string {
	var out []string
	seen := map[string]bool{}
	for i := len(m.Ledger.Facts) - 1; i >= 0 && len(out) < maxKnown; i-- {
		f := m.Ledger.Facts[i]
		switch f.Kind {
		case memory.KindNPC, memory.KindPlace, memory.KindTerm:
			if k := strings.ToLower(f.Subject); !seen[k] {
				seen[k] = true
				out = append(out, f.Subject)
			}
		}
	}
	return out
}
