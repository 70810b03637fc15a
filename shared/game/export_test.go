package game

import (
	"context"

	"chronicler/events"
)

// RollsByHandForTest and NextByHandForTest expose the dice-mode rule to
// the package's tests.
var (
	RollsByHandForTest = rollsByHand
	NextByHandForTest  = nextByHand
)

// PublishForTest publishes a recap of text to the campaign, as every
// publish does: an append, then delivery.
func PublishForTest(ctx context.Context, s *Service, campaignID, text string) error {
	return s.publish(ctx, campaignID, "", message{events.TypeRecap, events.Recap{Text: text}})
}

// PublishManyForTest publishes a recap of each text in one commit, so a
// test can build a long event log quickly.
func PublishManyForTest(ctx context.Context, s *Service, campaignID string, texts []string) error {
	msgs := make([]message, len(texts))
	for i, t := range texts {
		msgs[i] = message{events.TypeRecap, events.Recap{Text: t}}
	}
	return s.publish(ctx, campaignID, "", msgs...)
}
