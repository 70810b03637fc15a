package campaign_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"testing"
	"time"

	"chronicler/internal/golden"
	"chronicler/shared/campaign"
)

// reactionRecords are the stored records that carry reactions: a turn that
// kept the reactions taken in it, and the lease of a monster's turn held
// on a reaction window, in the stores' and the export's JSON.
func reactionRecords() []struct {
	name string
	v    any
} {
	at := time.Date(2026, 1, 1, 18, 0, 0, 0, time.UTC)
	turn := campaign.Turn{ID: "t7", CampaignID: "c1", Sequence: 7, SessionID: "s1", ActorID: "goblin-1", ActorName: "Goblin 1",
		Action: "monster turn", Rolls: []campaign.Roll{{RollID: "r1", RollerID: "goblin-1", Reason: "attack roll", Dice: "1d20+4", Rolls: []int{15}, Total: 19}},
		Seed: 42,
		Reactions: []campaign.AppliedReaction{
			{CharacterID: "ch-aria", Reaction: "shield", Text: "Aria casts Shield: AC 17 until the start of its next turn."},
			{CharacterID: "ch-bram", Reaction: "cutting-words", Text: "Bram's Cutting Words takes 3 off the attack roll."},
		},
		RulesResult: "Goblin 1 misses Aria.", Narration: "The blade glances off a shimmer of force.", CreatedAt: at}
	window := &campaign.Window{Attack: 1, RollID: "r3", Round: 1,
		Eligible: []campaign.Eligible{
			{CharacterID: "ch-aria", PlayerID: "p1", ParticipantID: "aria", Offers: []campaign.Offer{{Name: "shield", Changes: "yes"}, {Name: "hellish-rebuke", Changes: "no"}}},
			{CharacterID: "ch-bram", PlayerID: "p2", ParticipantID: "bram", Offers: []campaign.Offer{{Name: "cutting-words", Changes: "unknown"}}},
		},
		Answers: []campaign.Answer{{CharacterID: "ch-aria", Reaction: "shield", RequestID: "react-1"}}}
	lease := campaign.Lease{TurnID: "t8", RequestID: "monster-t8", ActorID: "goblin-2", Action: "monster turn", AcquiredAt: at, ExpiresAt: at.Add(time.Minute),
		Pending: &campaign.PendingRolls{Seed: 43, Rolls: []campaign.Roll{{RollID: "r1", Dice: "1d20+4", Rolls: []int{12}, Total: 16}},
			Revealed: 3, Deadline: at.Add(15 * time.Second), Step: 4, Phase: 2, Token: "task-2", Window: window,
			Reactions: []campaign.Reaction{{Attack: 0, By: "bram", Name: "cutting-words"}, {Attack: 1, By: "aria", Name: "shield"}}, Settled: 1}}
	before := campaign.Lease{TurnID: "t9", ActorID: "mage-1", Action: "monster turn", AcquiredAt: at, ExpiresAt: at.Add(time.Minute),
		Pending: &campaign.PendingRolls{Seed: 44, Revealed: 0, Deadline: at.Add(15 * time.Second),
			Window: &campaign.Window{Attack: 0, Before: true, Trigger: "Mage 1 casts Fireball (3rd level).",
				Eligible: []campaign.Eligible{{CharacterID: "ch-aria", PlayerID: "p1", ParticipantID: "aria", Offers: []campaign.Offer{{Name: "counterspell", Changes: "yes"}}}},
				Answers:  []campaign.Answer{}}}}
	return []struct {
		name string
		v    any
	}{{"turn", turn}, {"lease", lease}, {"lease before the dice", before}}
}

// The records that carry reactions keep their JSON byte for byte (the
// stores, the export and the clients read it), and read back whole.
func TestReactionRecordsKeepTheirJSON(t *testing.T) {
	var got bytes.Buffer
	for _, r := range reactionRecords() {
		b, err := json.Marshal(r.v)
		if err != nil {
			t.Fatalf("%s: %v", r.name, err)
		}
		fmt.Fprintf(&got, "%s: %s\n", r.name, b)
		back := reflect.New(reflect.TypeOf(r.v))
		if err := json.Unmarshal(b, back.Interface()); err != nil {
			t.Fatalf("%s does not read back: %v", r.name, err)
		}
		if again, _ := json.Marshal(back.Elem().Interface()); !bytes.Equal(again, b) {
			t.Errorf("%s read back as\n%s\nwant\n%s", r.name, again, b)
		}
	}
	golden.Check(t, "reactions.golden", got.Bytes())
}
