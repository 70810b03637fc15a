package game

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"

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
//   - a new scene (high) when the turn moves the party somewhere else;
//   - otherwise narration (high).
//
// When in doubt it stays on the high tier, as seed 001 asks.
func narrationPurpose(d turn.Decision, action string, played bool) narrator.Purpose {
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

// playedByEngine reports whether the turn of l is one the engine plays
// (a monster's, a legendary action, a forced death save, the turn of a
// character whose player is away): its request id says so.
func playedByEngine(l campaign.Lease) bool {
	for _, p := range []string{"monster:", "rules:", "away:"} {
		if strings.HasPrefix(l.RequestID, p) {
			return true
		}
	}
	return false
}

// outOfCharacter reports whether free text is marked as a player's remark
// to the table rather than their character's action.
func outOfCharacter(text string) bool {
	t := strings.ToLower(strings.TrimSpace(text))
	switch {
	case strings.HasPrefix(t, "ooc"), strings.HasPrefix(t, "[ooc"), strings.HasPrefix(t, "//"):
		return true
	case strings.HasPrefix(t, "(") && strings.HasSuffix(t, ")"):
		return true
	}
	return false
}

// lowTier is the low tier's work on a narrated turn, before it commits.
type lowTier struct {
	summary      string               // the rolling summary to commit
	unsummarized int                  // the turns it does not tell yet
	calls        []campaign.ModelCall // every call made, in order
	suggestions  []string             // next actions the extraction offered
	scene        []narrator.ExtractedSceneChange
}

// SummaryEvery is how many turns may pass with nothing new before the
// rolling summary is compressed anyway, well within the turns the context
// keeps verbatim, so no turn leaves the context before the summary has it.
const SummaryEvery = 5

// remember runs the low tier on a narrated turn: it extends the rolling
// summary, takes the turn's facts into memory (the deterministic
// extraction, and the model's through tool use when the narrator offers
// it) and defines the terms the turn coined. The summary and the
// extraction run at once. Every call is recorded with its purpose, tier,
// model, usage and cost. A failed call changes nothing it was for: the
// last valid summary stands; an extraction that fails validation is
// dropped whole and recorded; a term the model could not define takes
// the offline definition from its sentence.
//
// The summary is compressed on events, as seed 004 suggests: when the turn
// brings something new into memory (a name, a place, an item, a promise,
// a death), moves the scene or ends a fight, or when summaryEvery turns
// have passed without; it then tells every turn since the last one
// (waiting, which are among the recent turns).
func (s *Service) remember(ctx context.Context, n narrator.Narrator, snap Snapshot, turn campaign.Turn, waiting []campaign.Turn, eventful bool, mem *memory.Memory, present []string) lowTier {
	out := lowTier{summary: snap.State.Summary}
	if len(mem.Observe(turn, present)) > 0 {
		eventful = true
	}
	every := s.SummaryEvery
	if every <= 0 {
		every = SummaryEvery
	}
	summarize := eventful || len(waiting)+1 >= every
	var (
		wg        sync.WaitGroup
		sum       narrator.Summarized
		sumErr    error
		extracted *narrator.Extracted
		exErr     error
	)
	if summarize {
		wg.Go(func() {
			sum, sumErr = n.Summarize(ctx, summaryRequest(snap, snap.State.Summary, append(slices.Clone(waiting), turn)))
		})
	} else {
		out.unsummarized = len(waiting) + 1
	}
	if x, ok := n.(narrator.Extractor); ok {
		wg.Go(func() {
			got, err := x.Extract(ctx, narrator.ExtractRequest{CampaignName: snap.Campaign.Name, Turn: turn,
				Party: partyNames(snap), Known: knownNames(*mem)})
			extracted, exErr = &got, err
		})
	}
	wg.Wait()

	if summarize {
		out.calls = append(out.calls, s.call(n, narrator.PurposeSummary, sum.Model, sum.Usage, sumErr))
		if sumErr == nil && strings.TrimSpace(sum.Text) != "" {
			out.summary = sum.Text
		} else {
			// The turns stay waiting: the next compression tells them.
			out.unsummarized = len(waiting) + 1
			s.Log.WarnContext(ctx, "summary failed; keeping the last one", "campaign", snap.Campaign.ID, "err", sumErr)
		}
	}

	if extracted != nil {
		out.calls = append(out.calls, s.call(n, narrator.PurposeExtraction, extracted.Model, extracted.Usage, exErr))
		if exErr == nil {
			mem.Absorb(turn, present, extracted.Facts)
			out.suggestions = extracted.Facts.Suggestions
			out.scene = extracted.Facts.Scene
		} else {
			s.Log.WarnContext(ctx, "extraction dropped", "campaign", snap.Campaign.ID, "turn", turn.Sequence, "err", exErr)
		}
	}

	if terms := mem.Undefined(turn.Sequence); len(terms) > 0 {
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

// maxKnown bounds the names an extraction is told are known, the most
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
