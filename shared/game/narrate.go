package game

import (
	"context"
	"strings"

	"chronicler/events"
	"chronicler/shared/campaign"
	"chronicler/shared/narrator"
)

// narrate gets the turn's narration to the table and what it cost. The
// Teller streams it sentence by sentence, each checked by the guard
// before any player sees it: a breach of the output contract (markup, an
// invented number, a contradicted outcome, a secret told) is retried once
// with the reason, then cut; a narrator that fails or goes quiet is given
// up with a narration.slow notice, and the turn goes on from what was
// shown, finished by the offline narrator when the model cannot (marked
// degraded). What the table was shown is the narration that is kept.
func (s *Service) narrate(ctx context.Context, n narrator.Narrator, req narrator.Request, secrets []campaign.Secret, tb table) (narrator.Narration, *campaign.TurnContext, error) {
	blocks := narrator.Blocks(req)
	grounds := groundsOf(req)
	// What the party knows openly is what this call was told: an
	// acknowledgement, told from part of the turn's context and no
	// secret, is held to that part.
	grounds.Secrets, grounds.Public = secrets, publicText(blocks, secrets)
	grounds.Lines, grounds.Veils = req.Lines, req.Veils
	told, err := s.Teller.Tell(ctx, n, req, grounds, tb)
	if err != nil {
		return narrator.Narration{}, nil, err
	}
	told.Suggestions = grounds.Within(told.Suggestions)
	for _, f := range told.Failures {
		s.Log.WarnContext(ctx, "narrator failed; the turn goes on", "turn", req.TurnID, "err", f)
	}
	if len(told.Violations) > 0 {
		s.Log.WarnContext(ctx, "narration broke the output contract", "turn", req.TurnID, "violations", told.Violations)
	}
	narr := told.Narration
	model := narr.Model
	if model == "" {
		model = n.Name()
		if narr.Degraded {
			model = "offline"
		}
	}
	usage := narr.Usage
	var degradedReason string
	if narr.Degraded && len(told.Failures) > 0 {
		degradedReason = degradedWhy(told.Failures[len(told.Failures)-1])
	}
	record := &campaign.TurnContext{Model: model, Violations: told.Violations, Correction: told.Correction, DegradedReason: degradedReason,
		Usage: campaign.TokenUsage{Input: usage.Input, Output: usage.Output, CacheRead: usage.CacheRead, CacheWrite: usage.CacheWrite}}
	// A block is cached when it is part of a prefix a cache point keeps.
	cached, _ := narrator.Split(blocks)
	for i, b := range blocks {
		n := narrator.EstimateTokens(b.Text)
		record.Blocks = append(record.Blocks, campaign.ContextBlock{Name: b.Name, Text: b.Text, Tokens: n, Cached: i < len(cached)})
		record.TotalTokens += n
	}
	if cost, ok := s.Prices.Cost(model, usage); ok {
		record.CostUSD = cost
	}
	return narr, record, nil
}

// gmOnly marks the prompt's lines that only the game master may know
// (memory's note on a GM-only fact).
const gmOnly = "[GM only"

// publicText is what the narrator was told openly: the prompt without its
// GM-only lines and without the secrets' own words, against which a
// secret's distinctive terms are found (narrator.Grounds).
func publicText(blocks []narrator.Block, secrets []campaign.Secret) string {
	if len(secrets) == 0 {
		return ""
	}
	var b strings.Builder
	for _, bl := range blocks {
		for line := range strings.SplitSeq(bl.Text, "\n") {
			if strings.Contains(line, gmOnly) {
				continue
			}
			for _, s := range secrets {
				if t := strings.Join(strings.Fields(s.Text), " "); t != "" {
					line = strings.ReplaceAll(strings.Join(strings.Fields(line), " "), t, "")
				}
			}
			b.WriteString(line)
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// table is a turn's table as the Teller sees it: every checked sentence a
// narration.delta, and the slow notice a narration.slow, to every
// connection of the campaign.
type table struct {
	s          *Service
	ctx        context.Context
	campaignID string
	turnID     string
}

func (t table) Show(text string) error {
	return t.s.publish(t.ctx, t.campaignID, "", message{events.TypeNarrationDelta, events.NarrationDelta{TurnID: t.turnID, Text: text}})
}

func (t table) Slow(reason string) error {
	return t.s.publish(t.ctx, t.campaignID, "", message{events.TypeNarrationSlow, events.NarrationSlow{TurnID: t.turnID, Reason: reason}})
}
