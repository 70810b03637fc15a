package game

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"chronicler/events"
	"chronicler/shared/campaign"
	"chronicler/shared/intent"
	"chronicler/shared/narrator"
	"chronicler/shared/rules/turn"
)

// intentTimeout bounds the low tier's reading of a player's words: the
// player waits for it before anything is rolled.
const intentTimeout = 8 * time.Second

// readIntent asks the low tier for the action a player's words take when
// the engine's own parser cannot read them: words in quotes, remarks out
// of character and words the parser reads are left alone. It returns the
// intent (nil: the words are narrated as they are) and the call, if one
// was made. The model may only name what the engine offers it, and the
// engine still decides the action.
func (s *Service) readIntent(ctx context.Context, snap Snapshot, actor campaign.Character, text string) (json.RawMessage, *campaign.ModelCall) {
	reader, ok := s.Narrator.(narrator.IntentReader)
	t := strings.TrimSpace(text)
	if !ok || t == "" || outOfCharacter(t) || strings.HasPrefix(t, `"`) || strings.HasPrefix(t, "“") || overBudget(snap) {
		return nil, nil
	}
	v := viewOf(snap)
	pc := turn.ParseContext(v, actor) // the encounter decoded once, for the words and the choices
	if _, ok := intent.ParseAll(t, pc); ok {
		return nil, nil // the engine reads it itself, for free
	}
	if len(intent.Actions(t, pc)) > 1 {
		return nil, nil // two actions: the rules refuse them in words, for free
	}
	req := narrator.IntentRequest{CampaignName: snap.Campaign.Name, Actor: actor.Name, Text: t, Fighting: v.Encounter != nil,
		Choices: narrator.IntentChoices{Areas: choices(pc.Areas), Targets: choices(pc.Targets), Weapons: choices(pc.Weapons),
			Items: choices(pc.Items), Spells: choices(pc.Spells), Features: choices(turn.OwnFeatures(actor))}}
	callCtx, cancel := context.WithTimeout(ctx, intentTimeout)
	defer cancel()
	got, err := reader.ReadIntent(callCtx, req)
	call := s.call(reader, narrator.PurposeIntent, got.Model, got.Usage, err)
	if err != nil || got.Intent == nil {
		return nil, &call
	}
	if _, err := events.DecodeIntent(got.Intent); err != nil {
		call.Error = callError(err)
		return nil, &call
	}
	return got.Intent, &call
}

// overBudget reports a session past its budget: nothing more is paid for.
func overBudget(snap Snapshot) bool {
	b := snap.Campaign.Settings.BudgetUSDPerSession
	open := openSession(snap)
	return b != nil && open != nil && snap.State.Cost.SessionID == open.ID && snap.State.Cost.USD >= *b
}

func choices(refs []intent.Ref) []narrator.Choice {
	out := make([]narrator.Choice, len(refs))
	for i, r := range refs {
		out[i] = narrator.Choice{ID: r.ID, Name: r.Name}
	}
	return out
}
