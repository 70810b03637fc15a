package events

import (
	"bytes"
	"fmt"
	"testing"
	"time"

	"chronicler/internal/golden"
	"chronicler/shared/campaign"
)

// The reaction messages keep their wire form byte for byte: protocol.md's
// fields and the README's additions (offers, trigger), as clients read them.
func TestReactionMessagesKeepTheirJSON(t *testing.T) {
	closes := time.Date(2026, 1, 1, 18, 0, 15, 0, time.UTC)
	msgs := []struct {
		typ  string
		body any
	}{
		{TypeReactionWindow, ReactionWindow{TurnID: "t8", RollID: "r3", ClosesAt: closes, Eligible: []Eligible{
			{CharacterID: "ch-aria", Reactions: []string{"shield", "hellish-rebuke"}, Offers: []campaign.Offer{{Name: "shield", Changes: "yes"}, {Name: "hellish-rebuke", Changes: "no"}}},
			{CharacterID: "ch-bram", Reactions: []string{"cutting-words"}, Offers: []campaign.Offer{{Name: "cutting-words", Changes: "unknown"}}},
		}}},
		{TypeReactionWindow, ReactionWindow{TurnID: "t9", Trigger: "Mage 1 casts Fireball (3rd level).", ClosesAt: closes, Eligible: []Eligible{
			{CharacterID: "ch-aria", Reactions: []string{"counterspell"}, Offers: []campaign.Offer{{Name: "counterspell", Changes: "yes"}}},
		}}},
		{TypeReactionGot, ReactionReceived{TurnID: "t8", CharacterID: "ch-aria", Reaction: "shield"}},
		{TypeReactionClosed, ReactionClosed{TurnID: "t8", Applied: []campaign.AppliedReaction{
			{CharacterID: "ch-aria", Reaction: "shield", Text: "Aria casts Shield: AC 17 until the start of its next turn."},
			{CharacterID: "ch-bram", Reaction: "cutting-words", Text: "Bram's Cutting Words takes 3 off the attack roll."},
		}}},
		{TypeReactionClosed, ReactionClosed{TurnID: "t9", Applied: []campaign.AppliedReaction{}}},
	}
	var got bytes.Buffer
	for i, m := range msgs {
		b, err := Encode(Header{Type: m.typ, CampaignID: "c1", Seq: int64(i + 1)}, m.body)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&got, "%s\n", b)
	}
	golden.Check(t, "reactions.golden", got.Bytes())
}
