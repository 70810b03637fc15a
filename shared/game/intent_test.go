package game_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"chronicler/events"
	"chronicler/shared/campaign"
	"chronicler/shared/game"

	"chronicler/shared/narrator"
	"chronicler/shared/narrator/standin"
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
	if len(r.asked.Choices.Spells) != 0 || r.asked.Actor != "Mira" {
		t.Errorf("a vault was offered the wizard's spells: %+v", r.asked)
	}

	// Words that name a spell loosely are offered the spells they may
	// name; words of magic, every spell the caster has.
	r.answer = ""
	offered := func(text string) []string {
		t.Helper()
		r.asked = narrator.IntentRequest{}
		if err := f.act(t, "c1", mira.ID, fmt.Sprintf("w%d", r.calls+100), text, nil); err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, sp := range r.asked.Choices.Spells {
			ids = append(ids, sp.ID)
		}
		return ids
	}
	if got := offered("I hurl a ball of fire into the rafters"); !slices.Contains(got, "fire-bolt") || len(got) > 4 {
		t.Errorf("a ball of fire was offered %v, want Fire Bolt among a few", got)
	}
	if got := offered("I weave something arcane over the door"); len(got) < 10 {
		t.Errorf("words of magic were offered %d spells, want the wizard's all", len(got))
	}
	r.answer = `{"kind":"check","ability":"dex","skill":"acrobatics"}`
	r.calls = 1

	// Words the engine's own parser reads cost nothing.
	if err := f.act(t, "c1", mira.ID, "w2", "I make a perception check", nil); err != nil {
		t.Fatal(err)
	}
	// Words in quotes are spoken, not read.
	if err := f.act(t, "c1", mira.ID, "w3", `"Who goes there?"`, nil); err != nil {
		t.Fatal(err)
	}
	// Two actions in one sentence are refused in words, for free.
	if err := f.act(t, "c1", mira.ID, "w3b", "I dodge and then I dash", nil); err == nil || !strings.Contains(err.Error(), "dodge and dash") {
		t.Errorf("two actions: %v, want them refused in words", err)
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

// A short rest spends hit dice while the character is hurt and has some,
// gives a warlock its pact slots back, and spends nothing on the unhurt.
func TestShortRest(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	p := game.Player{ID: "p-c1", Name: "Aria"}
	c, err := f.svc.CreateCampaign(ctx, p, events.CreateCampaign{Name: "Campfire"})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, nc := range []campaign.NewCharacter{{Name: "Dorn", Race: "human", Class: "fighter", Level: 3},
		{Name: "Vex", Race: "tiefling", Class: "warlock", Level: 3}, {Name: "Ilsa", Race: "elf", Class: "wizard", Level: 3}} {
		ch, err := f.svc.CreateCharacter(ctx, p, c.ID, nc)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, ch.ID)
	}
	snap, err := f.store.Snapshot(ctx, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]campaign.Character{}
	for _, ch := range snap.Characters {
		byID[ch.ID] = ch
	}
	dorn, vex := byID[ids[0]], byID[ids[1]]
	dorn.HP = 1
	slots := map[string]campaign.Slot{}
	for lvl, s := range vex.SpellSlots {
		s.Used = s.Max
		slots[lvl] = s
	}
	vex.SpellSlots = slots
	if err := f.store.Commit(ctx, game.Tx{CampaignID: c.ID, Characters: []campaign.Character{dorn, vex}}); err != nil {
		t.Fatal(err)
	}
	if err := f.svc.Connect(ctx, "c1", p, c.ID); err != nil {
		t.Fatal(err)
	}
	if err := f.svc.Resume(ctx, "c1", "resume"); err != nil {
		t.Fatal(err)
	}
	for i, id := range ids {
		if err := f.act(t, "c1", id, fmt.Sprint("rest-", i), "", &events.Intent{Kind: "rest", Rest: "short"}); err != nil {
			t.Fatal(err)
		}
	}
	snap, err = f.store.Snapshot(ctx, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, ch := range snap.Characters {
		byID[ch.ID] = ch
	}
	turns := f.turns(t, c.ID)
	rested := byID[ids[0]]
	if rested.HP <= 1 || rested.HitDice.Used == 0 || len(turns[0].Rolls) != rested.HitDice.Used {
		t.Errorf("Dorn after a short rest at 1 HP: HP %d, hit dice used %d, %d rolls", rested.HP, rested.HitDice.Used, len(turns[0].Rolls))
	}
	if rested.HP < rested.MaxHP && rested.HitDice.Used < rested.HitDice.Max {
		t.Errorf("Dorn stopped spending hit dice while hurt: HP %d/%d, %d of %d used", rested.HP, rested.MaxHP, rested.HitDice.Used, rested.HitDice.Max)
	}
	if !strings.Contains(turns[0].RulesResult, "spends") {
		t.Errorf("rules result %q does not tell the hit dice", turns[0].RulesResult)
	}
	for lvl, s := range byID[ids[1]].SpellSlots {
		if s.Used != 0 {
			t.Errorf("Vex's level %s slots after a short rest: %+v", lvl, s)
		}
	}
	if ilsa := byID[ids[2]]; ilsa.HitDice.Used != 0 || len(turns[2].Rolls) != 0 {
		t.Errorf("unhurt Ilsa spent hit dice: %+v, rolls %v", ilsa.HitDice, turns[2].Rolls)
	}
}

// Exhaustion is on the sheet: a long rest takes one level away.
func TestLongRestEasesExhaustion(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	p := game.Player{ID: "p-c1", Name: "Aria"}
	c, err := f.svc.CreateCampaign(ctx, p, events.CreateCampaign{Name: "Long March"})
	if err != nil {
		t.Fatal(err)
	}
	ch, err := f.svc.CreateCharacter(ctx, p, c.ID, campaign.NewCharacter{Name: "Dorn", Race: "human", Class: "fighter"})
	if err != nil {
		t.Fatal(err)
	}
	ch.Exhaustion = 2
	if err := f.store.Commit(ctx, game.Tx{CampaignID: c.ID, Characters: []campaign.Character{ch}}); err != nil {
		t.Fatal(err)
	}
	if err := f.svc.Connect(ctx, "c1", p, c.ID); err != nil {
		t.Fatal(err)
	}
	if err := f.svc.Resume(ctx, "c1", "resume"); err != nil {
		t.Fatal(err)
	}
	if err := f.act(t, "c1", ch.ID, "rest", "", &events.Intent{Kind: "rest", Rest: "long"}); err != nil {
		t.Fatal(err)
	}
	snap, err := f.store.Snapshot(ctx, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got := snap.Characters[0].Exhaustion; got != 1 {
		t.Fatalf("exhaustion after a long rest = %d, want 1", got)
	}
}

// Colour (words in character that take no action the rules know) is told
// as it is, with no intent call; words that ask the rules something the
// parser cannot read still go to the low tier. Through the stand-in, on
// both model APIs.
func TestColourIsToldWithoutAnIntentCall(t *testing.T) {
	for _, api := range modelAPIs {
		t.Run(api, func(t *testing.T) {
			f := newFixture(t)
			viaStandin(t, f, api, standin.Config{Seed: 1})
			c, _ := f.table(t, "Colour", "c1")
			mira := mustSnap(t, f, c.ID).Characters[0]
			intentCalls := func(text string) int {
				t.Helper()
				f.clock.Add(time.Minute)
				if err := f.act(t, "c1", mira.ID, "colour-"+text, text, nil); err != nil {
					t.Fatalf("%q: %v", text, err)
				}
				turns := f.turns(t, c.ID)
				last := turns[len(turns)-1]
				if last.Action != text || last.Narration == "" {
					t.Fatalf("%q: the last turn is %q, narrated %q", text, last.Action, last.Narration)
				}
				n := 0
				for _, call := range last.Context.Calls {
					if call.Purpose == string(narrator.PurposeIntent) {
						n++
					}
				}
				return n
			}
			for _, text := range []string{"Mira nods to the innkeeper and smiles", "I ask the barkeep about the weather", "Mira hums to herself, badly"} {
				if n := intentCalls(text); n != 0 {
					t.Errorf("%q: %d intent calls, want none: it is colour", text, n)
				}
			}
			if n := intentCalls("I vault over the bar in one bound"); n != 1 {
				t.Errorf("a vault the parser cannot read: %d intent calls, want 1", n)
			}
		})
	}
}
