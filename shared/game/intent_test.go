package game_test

import (
	"context"
	"strings"
	"testing"

	"chronicler/shared/narrator"
)

// reading is the offline narrator with a low tier that reads words as the
// test says, and counts its calls.
type reading struct {
	narrator.Offline
	answer string // the read_intent answer; "" reads nothing
	calls  int
	asked  narrator.IntentRequest
}

func (r *reading) ReadIntent(_ context.Context, req narrator.IntentRequest) (narrator.IntentRead, error) {
	r.calls++
	r.asked = req
	out := narrator.IntentRead{Model: "low-model", Usage: narrator.Usage{Input: 300, Output: 20}}
	if r.answer == "" {
		return out, nil
	}
	var err error
	out.Intent, err = narrator.DecodeIntentAnswer([]byte(r.answer), req.Choices)
	return out, err
}

func TestWordsTheParserCannotReadGoToTheLowTier(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	c, _ := f.table(t, "Words", "c1")
	snap, _ := f.store.Snapshot(ctx, c.ID)
	mira := snap.Characters[0]
	r := &reading{answer: `{"kind":"check","ability":"dex","skill":"acrobatics"}`}
	f.svc.Narrator = r

	if err := f.act(t, "c1", mira.ID, "w1", "I vault over the bar in one bound", nil); err != nil {
		t.Fatal(err)
	}
	turns, _ := f.store.Turns(ctx, c.ID, 0, 10)
	turn := turns[len(turns)-1]
	if r.calls != 1 || len(turn.Rolls) != 1 || !strings.Contains(turn.RulesResult, "Acrobatics") {
		t.Fatalf("calls %d, turn %+v: want the words decided as an Acrobatics check", r.calls, turn)
	}
	if !strings.Contains(string(turn.Intent), `"acrobatics"`) || turn.Action != "I vault over the bar in one bound" {
		t.Errorf("turn keeps intent %s for action %q", turn.Intent, turn.Action)
	}
	found := false
	for _, call := range turn.Context.Calls {
		found = found || (call.Purpose == "intent" && call.Tier == "low" && call.Model == "low-model")
	}
	if !found {
		t.Errorf("the intent call is not in the turn's record: %+v", turn.Context.Calls)
	}
	if len(r.asked.Choices.Spells) == 0 || r.asked.Actor != "Mira" {
		t.Errorf("the wizard was offered %+v", r.asked)
	}

	// Words the engine's own parser reads cost nothing.
	if err := f.act(t, "c1", mira.ID, "w2", "I make a perception check", nil); err != nil {
		t.Fatal(err)
	}
	// Words in quotes are spoken, not read.
	if err := f.act(t, "c1", mira.ID, "w3", `"Who goes there?"`, nil); err != nil {
		t.Fatal(err)
	}
	if r.calls != 1 {
		t.Errorf("%d intent calls, want the first turn's only", r.calls)
	}

	// What the rules refuse is narrated as the words were: the player did
	// not press that button.
	r.answer = `{"kind":"attack","target_id":"` + mira.ID + `"}`
	if err := f.act(t, "c1", mira.ID, "w4", "I lash out at my own shadow", nil); err != nil {
		t.Fatalf("a refused reading failed the turn: %v", err)
	}
	turns, _ = f.store.Turns(ctx, c.ID, 0, 10)
	if last := turns[len(turns)-1]; len(last.Rolls) != 0 || len(last.Intent) != 0 {
		t.Errorf("refused reading: rolls %v, intent %s", last.Rolls, last.Intent)
	}
}
