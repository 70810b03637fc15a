package game_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"chronicler/events"
	"chronicler/shared/campaign"
	"chronicler/shared/game"
)

// wire is a server event as a connection received it.
type wire struct {
	Type        string `json:"type"`
	Seq         int64  `json:"seq"`
	TurnID      string `json:"turn_id"`
	CharacterID string `json:"character_id"`
	Reaction    string `json:"reaction"`
	State       string `json:"state"`
	RequestID   string `json:"request_id"`
	Applied     []struct {
		CharacterID string `json:"character_id"`
		Reaction    string `json:"reaction"`
	} `json:"applied"`
}

// received is every event connection conn was sent, in order.
func (f *fixture) received(t testing.TB, conn string) []wire {
	t.Helper()
	f.push.mu.Lock()
	defer f.push.mu.Unlock()
	var out []wire
	for _, m := range f.push.sent[conn] {
		var w wire
		if err := json.Unmarshal(m, &w); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
		out = append(out, w)
	}
	return out
}

// Every answer to a reaction window reaches the table as it arrives, the
// Shield that closes the window at once as well as a pass: before the
// window's reaction.closed, once each.
func TestEveryAnswerIsToldAsItArrives(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	owner := game.Player{ID: "p-c1", Name: "Aria"}
	c, mira := f.tableOf(t, owner, "Goblin Road", "c1", campaign.NewCharacter{Name: "Mira", Race: "elf", Class: "wizard", Level: 6})
	if _, err := f.svc.StartEncounter(ctx, owner, c.ID, startReq(t, `{"monsters":[{"srd_id":"goblin","count":3}]}`)); err != nil {
		t.Fatal(err)
	}
	answered := map[string]string{} // turn id -> Mira's answer
	shielded, passed := false, false
	for i := 0; i < 80 && !(shielded && passed); i++ {
		snap := mustSnap(t, f, c.ID)
		if _, e, ok, _ := activeFor(t, snap); !ok || e.Decided() != "" {
			break
		}
		if l := snap.Lease; l != nil && l.Pending != nil && l.Pending.Window != nil {
			answer := "pass"
			if !shielded && slices.ContainsFunc(l.Pending.Window.Eligible, func(e campaign.Eligible) bool {
				return e.CharacterID == mira.ID && slices.ContainsFunc(e.Offers, func(o campaign.Offer) bool { return o.Name == "shield" })
			}) {
				answer = "shield"
			}
			if err := f.svc.React(ctx, "c1", events.ClientMessage{Action: events.ActionReact, RequestID: fmt.Sprint("react-", i),
				TurnID: l.TurnID, CharacterID: mira.ID, Reaction: answer}); err != nil {
				t.Fatal(err)
			}
			answered[l.TurnID] = answer
			shielded, passed = shielded || answer == "shield", passed || answer == "pass"
			continue
		}
		if err := f.act(t, "c1", mira.ID, fmt.Sprint("end-", i), "", &events.Intent{Kind: "end_turn"}); err != nil {
			t.Fatal(err)
		}
	}
	if !shielded || !passed {
		t.Fatalf("the fight gave no window to shield and one to pass (shielded %v, passed %v)", shielded, passed)
	}
	evs := f.received(t, "c1")
	for turnID, answer := range answered {
		got, closed := -1, -1
		for i, e := range evs {
			switch {
			case e.TurnID != turnID:
			case e.Type == events.TypeReactionGot:
				if got >= 0 {
					t.Errorf("turn %s: reaction.received twice", turnID)
				}
				got = i
				if e.CharacterID != mira.ID || e.Reaction != answer {
					t.Errorf("turn %s: reaction.received %+v, want Mira's %s", turnID, e, answer)
				}
			case e.Type == events.TypeReactionClosed && closed < 0:
				closed = i
			}
		}
		if got < 0 || closed < 0 || got > closed || evs[got].Seq == 0 {
			t.Errorf("turn %s (%s): reaction.received at %d, reaction.closed at %d; want the answer told, with its seq, before the close", turnID, answer, got, closed)
		}
	}
}
