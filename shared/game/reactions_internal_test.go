package game

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"chronicler/events"
	"chronicler/internal/golden"
	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/workflow"
)

// A window is open to present characters only, at the first opening any
// of them may answer from the attack asked for on.
func TestWindowOffersThePresentOnly(t *testing.T) {
	snap := Snapshot{
		Characters: []campaign.Character{
			{ID: "aria", PlayerID: "p1"}, // connected: present
			{ID: "bram", PlayerID: "p2"}, // joined, then left: absent
			{ID: "cora", PlayerID: "p3"}, // never joined: offline
		},
		Sessions:    []campaign.Session{{ID: "s1", Joined: []string{"p1", "p2"}}},
		Connections: []campaign.Connection{{ID: "c1", PlayerID: "p1"}},
	}
	res := encounter.Result{Openings: []encounter.Opening{
		{Attack: 0, Roll: 0, Offers: []encounter.Offer{
			offer("bram", "bram", encounter.CuttingWords, encounter.ChangesYes),
			offer("cora", "cora", encounter.Shield, encounter.ChangesYes),
		}},
		{Attack: 1, Roll: 2, Offers: []encounter.Offer{
			offer("aria", "aria", encounter.Shield, encounter.ChangesNo),
			offer("aria", "aria", encounter.HellishRebuke, encounter.ChangesNo),
			offer("bram", "bram", encounter.CuttingWords, encounter.ChangesUnknown),
		}},
	}}
	w, revealed := window(snap, res, 0)
	if w == nil || w.Attack != 1 || revealed != 3 || w.RollID != "r3" || w.Before {
		t.Fatalf("window = %+v showing %d rolls, want attack 1's (the first with anyone present) with its roll", w, revealed)
	}
	if len(w.Eligible) != 1 || w.Eligible[0].CharacterID != "aria" || w.Eligible[0].PlayerID != "p1" || len(w.Eligible[0].Offers) != 2 {
		t.Errorf("eligible = %+v, want Aria alone with her two offers", w.Eligible)
	}
	if w, _ := window(snap, res, 2); w != nil {
		t.Errorf("a window past the last opening: %+v", w)
	}
	// A window before a moment's dice shows the rolls made before it, and
	// names no roll.
	before := encounter.Result{Openings: []encounter.Opening{{Attack: 0, Roll: 2, Before: true, Trigger: "Mage 1 casts Fireball (3rd level).",
		Offers: []encounter.Offer{offer("aria", "aria", encounter.Counterspell, encounter.ChangesYes)}}}}
	bw, revealed := window(snap, before, 0)
	if bw == nil || !bw.Before || bw.RollID != "" || revealed != 2 || bw.Trigger != "Mage 1 casts Fireball (3rd level)." {
		t.Errorf("window before the dice = %+v showing %d rolls", bw, revealed)
	}
	if n := fixed(campaign.PendingRolls{Revealed: revealed, Window: bw}); n != 2 {
		t.Errorf("fixed rolls before a window before the dice = %d, want all 2", n)
	}
	if n := fixed(campaign.PendingRolls{Revealed: 3, Window: w}); n != 2 {
		t.Errorf("fixed rolls of a window on its roll = %d, want the 2 before it", n)
	}
	if ev := windowMessage(campaign.Lease{TurnID: "t1", Pending: &campaign.PendingRolls{Window: bw}}).body.(events.ReactionWindow); ev.Trigger != bw.Trigger || ev.RollID != "" {
		t.Errorf("reaction.window before the dice = %+v", ev)
	}
	msg := windowMessage(campaign.Lease{TurnID: "t1", Pending: &campaign.PendingRolls{Window: w}})
	ev := msg.body.(events.ReactionWindow)
	if len(ev.Eligible) != 1 || ev.Eligible[0].Reactions[0] != encounter.Shield || ev.Eligible[0].Offers[0].Changes != encounter.ChangesNo {
		t.Errorf("reaction.window = %+v", ev)
	}
}

// The window the engine's openings make keeps its JSON, as the lease
// stores it and the reaction.window message tells it, byte for byte.
func TestWindowKeepsItsJSON(t *testing.T) {
	snap := Snapshot{
		Characters:  []campaign.Character{{ID: "ch-aria", PlayerID: "p1"}, {ID: "ch-bram", PlayerID: "p2"}},
		Sessions:    []campaign.Session{{ID: "s1", Joined: []string{"p1", "p2"}}},
		Connections: []campaign.Connection{{ID: "c1", PlayerID: "p1"}, {ID: "c2", PlayerID: "p2"}},
	}
	results := []encounter.Result{
		{Openings: []encounter.Opening{{Attack: 1, Roll: 2, AttackerID: "goblin-1", TargetID: "aria", Offers: []encounter.Offer{
			offer("aria", "ch-aria", encounter.Shield, encounter.ChangesYes),
			offer("bram", "ch-bram", encounter.CuttingWords, encounter.ChangesUnknown),
			offer("aria", "ch-aria", encounter.HellishRebuke, encounter.ChangesNo),
		}}}},
		{Openings: []encounter.Opening{{Attack: 0, Roll: 2, Before: true, Trigger: "Mage 1 casts Fireball (3rd level).", AttackerID: "mage-1", Offers: []encounter.Offer{
			offer("aria", "ch-aria", encounter.Counterspell, encounter.ChangesYes),
		}}}},
	}
	var got bytes.Buffer
	for _, res := range results {
		w, revealed := window(snap, res, 0)
		stored, err := json.Marshal(w)
		if err != nil {
			t.Fatal(err)
		}
		l := campaign.Lease{TurnID: "t8", Pending: &campaign.PendingRolls{Revealed: revealed, Deadline: time.Date(2026, 1, 1, 18, 0, 15, 0, time.UTC), Window: w}}
		msg := windowMessage(l)
		told, err := events.Encode(events.Header{Type: msg.typ, CampaignID: "c1", Seq: 1}, msg.body)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&got, "window: %s\nmessage: %s\n", stored, told)
	}
	golden.Check(t, "reaction_window.golden", got.Bytes())
}

// offer is the engine's offer of reaction name to participant by, the
// character characterID.
func offer(by, characterID, name, changes string) encounter.Offer {
	return encounter.Offer{ParticipantID: by, CharacterID: characterID, Offer: campaign.Offer{Name: name, Changes: changes}}
}

// The step function refuses what is not a held turn's task and answers a
// turn that is gone as done, changing nothing.
func TestStepRefusesAndAnswersGoneTurns(t *testing.T) {
	s := &Service{Store: goneStore{}}
	ctx := context.Background()
	bad := []workflow.Request{
		{Action: workflow.ActionClose, Turn: json.RawMessage(`{}`)},
		{Action: workflow.ActionClose, Turn: json.RawMessage(`{"campaign_id":"c"}`)},
		{Action: "later", Turn: json.RawMessage(`{"campaign_id":"c","turn_id":"t"}`)},
		{Action: workflow.ActionClose, Turn: json.RawMessage(`{"campaign_id":"c","turn_id":"t"}`), Outcome: workflow.Outcome{Detail: json.RawMessage(`"x"`)}},
	}
	for _, req := range bad {
		if _, err := s.Step(ctx, req); !fault.Is(err, fault.Invalid) {
			t.Errorf("Step(%+v) = %v, want invalid", req, err)
		}
	}
	for _, a := range []workflow.Action{workflow.ActionAuto, workflow.ActionClose} {
		out, err := s.Step(ctx, workflow.Request{Action: a, Turn: json.RawMessage(`{"campaign_id":"c","turn_id":"t"}`),
			Outcome: workflow.Outcome{Next: workflow.NextWindow, Detail: phaseDetail(3)}})
		if err != nil || out.Next != workflow.NextDone {
			t.Errorf("%s on a turn that is gone = %+v, %v; want done", a, out, err)
		}
	}
}

// goneStore has a campaign with no turn held.
type goneStore struct{ Store }

func (goneStore) Snapshot(context.Context, string) (Snapshot, error) { return Snapshot{}, nil }
