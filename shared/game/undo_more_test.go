package game_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"chronicler/events"
	"chronicler/shared/narrator"
	"chronicler/shared/rules/encounter"
)

// TestUndoOfAFightTurnRestoresTheFight: a player's attack in a fight is
// taken back, and the fight's record (hit points, whose turn, the round),
// the sheets, the state and the memory are the table's before it, byte
// for byte.
func TestUndoOfAFightTurnRestoresTheFight(t *testing.T) {
	for name, open := range bothStores() {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			played := newReplayTable(t, open(t), scriptOf("Steel rings in the common room."))
			// The monsters' turns wait for a flow that never comes: the
			// player's attack stays the last turn.
			played.svc.Fights = &flows{}
			played.play(t, 1)
			if _, err := played.svc.StartEncounter(ctx, played.owner, played.c.ID, startReq(t, `{"monsters":[{"srd_id":"goblin","count":1}]}`)); err != nil {
				t.Fatal(err)
			}
			var attacker fighter
			for i := range 3 {
				_, e, ok, _ := activeFor(t, mustStoreSnap(t, played.store, played.c.ID))
				if !ok {
					t.Fatal("the fight ended before anyone attacked")
				}
				if attacker = played.whose(e); attacker.conn != "" {
					break
				}
				if _, err := played.svc.FightTurn(ctx, played.c.ID, fmt.Sprint("flow-", i)); err != nil {
					t.Fatal(err)
				}
			}
			if attacker.conn == "" {
				t.Fatal("no player's turn came up")
			}
			before := tableOf(t, played, nil)
			rec, _, _, _ := activeFor(t, mustStoreSnap(t, played.store, played.c.ID))
			played.clock.Add(time.Minute)
			strike, err := json.Marshal(events.Intent{Kind: "attack", TargetID: "goblin-1"})
			if err != nil {
				t.Fatal(err)
			}
			err = played.svc.TakeTurn(ctx, attacker.conn, events.ClientMessage{Action: events.ActionTurn, RequestID: "attack",
				CharacterID: attacker.character, Intent: strike})
			if err != nil {
				t.Fatal(err)
			}
			after, _, _, _ := activeFor(t, mustStoreSnap(t, played.store, played.c.ID))
			if string(after.Data) == string(rec.Data) {
				t.Fatal("the attack left the fight as it was: nothing to take back")
			}
			last := played.last(t)
			if last.RequestID != "attack" {
				t.Fatalf("the last turn is %q, not the attack", last.Action)
			}
			if err := played.svc.Undo(ctx, "c-owner", events.ClientMessage{TurnID: last.ID}); err != nil {
				t.Fatal(err)
			}
			sameTable(t, tableOf(t, played, nil), before)
		})
	}
}

// fighter is a player in the fight: their socket and their character.
type fighter struct{ conn, character string }

// whose is the player whose character's turn it is in e, if a player's.
func (tb *replayTable) whose(e encounter.Encounter) fighter {
	for _, p := range e.Participants {
		if p.ID != e.Current || p.Kind != encounter.KindCharacter {
			continue
		}
		for pid, ch := range tb.chars {
			if ch == p.CharacterID {
				conn := "c-guest"
				if pid == tb.owner.ID {
					conn = "c-owner"
				}
				return fighter{conn: conn, character: ch}
			}
		}
	}
	return fighter{}
}

// summarizing is a scripted narrator that folds: the offline narrator's
// summary, which extends the one before with the turns.
type summarizing struct{ *scripted }

func (s summarizing) Summarize(ctx context.Context, req narrator.SummaryRequest) (narrator.Summarized, error) {
	return narrator.Offline{}.Summarize(ctx, req)
}

// TestUndoOfATurnThatFoldedTheMemoryUndoesTheFold: the turn that made a
// fold (a new summary, its turns no longer waiting) is taken back, and
// the summary, the turns waiting and the memory are a replay's without
// it.
func TestUndoOfATurnThatFoldedTheMemoryUndoesTheFold(t *testing.T) {
	texts := []string{"Tor finds boot prints by the hearth.", "Mira takes the stairs down into the damp cellar.", "Tor pries a barrel open and finds a silver key."}
	for name, open := range bothStores() {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			played := newReplayTable(t, open(t), summarizing{scriptOf(texts...)})
			played.svc.SummaryEvery = 2
			played.play(t, 1)
			waiting := mustStoreSnap(t, played.store, played.c.ID).State
			played.act(t, "c-owner", played.owner, "r1", script[1].text)
			folded := mustStoreSnap(t, played.store, played.c.ID).State
			if waiting.Unsummarized != 1 || folded.Unsummarized != 0 || folded.Summary == waiting.Summary {
				t.Fatalf("the second turn did not fold: waiting %d then %d, summary %q then %q",
					waiting.Unsummarized, folded.Unsummarized, waiting.Summary, folded.Summary)
			}
			if err := played.svc.Undo(ctx, "c-owner", events.ClientMessage{TurnID: played.last(t).ID}); err != nil {
				t.Fatal(err)
			}
			replay := newReplayTable(t, open(t), summarizing{scriptOf(texts...)})
			replay.svc.SummaryEvery = 2
			replay.play(t, 1)
			sameTable(t, tableOf(t, played, nil), tableOf(t, replay, nil))
			if st := mustStoreSnap(t, played.store, played.c.ID).State; st.Unsummarized != 1 || st.Summary != waiting.Summary {
				t.Errorf("after the undo: %d turns waiting, summary %q", st.Unsummarized, st.Summary)
			}
		})
	}
}
