package game_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"chronicler/events"
	"chronicler/shared/campaign"
	"chronicler/shared/game"
	"chronicler/shared/narrator"
	"chronicler/shared/narrator/standin"
)

// recorder is an adapter that keeps the folds and summaries the game
// asked of it.
type recorder struct {
	fullModel
	mu    sync.Mutex
	folds []narrator.FoldRequest
	sums  []narrator.SummaryRequest
}

func (r *recorder) Fold(ctx context.Context, req narrator.FoldRequest) (narrator.Folded, error) {
	r.mu.Lock()
	r.folds = append(r.folds, req)
	r.mu.Unlock()
	return r.fullModel.Fold(ctx, req)
}

func (r *recorder) Summarize(ctx context.Context, req narrator.SummaryRequest) (narrator.Summarized, error) {
	r.mu.Lock()
	r.sums = append(r.sums, req)
	r.mu.Unlock()
	return r.fullModel.Summarize(ctx, req)
}

// TestFoldsCutTheLowTiersCalls plays the scripted evening (20 player
// actions, a fight whose goblin turns the engine plays) through each
// adapter and the stand-in, and prints the low tier's calls and their
// price at the list prices, with folds and with each turn's facts read
// in a call of its own. "Each turn" is one call per committed turn (the
// engine's included), a fold of that one turn asking its facts, as the
// game read them before folds, and a summary call at each fold's moment,
// sent here through the same adapter to a second stand-in (the names
// already known are not left out of those calls' prompts, and each writes
// a one-line summary besides its facts, so it is if anything overcounted);
// definitions, intent reading and low-tier acknowledgements are the same
// calls in both. The engine's turns are told in the folds' summaries and
// never asked for facts.
func TestFoldsCutTheLowTiersCalls(t *testing.T) {
	for _, api := range modelAPIs {
		t.Run(api, func(t *testing.T) {
			f := newFixture(t)
			srv := viaStandin(t, f, api, standin.Config{Seed: 1})
			rec := &recorder{fullModel: f.svc.Narrator.(fullModel)}
			f.svc.Narrator = rec
			c := playScript(t, f)
			turns := f.turns(t, c.ID)
			engine := engineTurns(turns)
			if len(engine) == 0 {
				t.Fatal("the engine played no turn: the test shows nothing of them")
			}
			after, afterUSD := lowCalls(srv.Requests(), lowModel(api))

			// The engine's turns: told in a fold or a summary, never asked for facts.
			told := map[int]bool{}
			for _, fr := range rec.folds {
				for _, tn := range fr.Turns {
					told[tn.Sequence] = true
				}
				for _, seq := range fr.Read {
					if engine[seq] {
						t.Errorf("a fold asked for the facts of turn %d, which the engine played", seq)
					}
				}
			}
			for _, sr := range rec.sums {
				for _, tn := range sr.Turns {
					told[tn.Sequence] = true
				}
			}
			for _, r := range srv.Requests() {
				for _, seq := range asked(r) {
					if engine[seq] {
						t.Errorf("the fold's prompt asks the facts of engine turn %d", seq)
					}
				}
			}
			waiting := mustSnap(t, f, c.ID).State.Unsummarized
			for seq := range engine {
				if !told[seq] && seq <= len(turns)-waiting {
					t.Errorf("engine turn %d was never told in a summary", seq)
				}
			}
			// Each call sent its purpose's output cap.
			for _, r := range srv.Requests() {
				want := []int{narrator.MaxOutput(narrator.PurposeNarration), narrator.MaxOutput(narrator.PurposeDialogue), narrator.MaxOutput(narrator.PurposeScene)}
				switch {
				case r.Form != "":
					want = []int{narrator.Form{Name: r.Form}.MaxOutput()}
				case r.Model == lowModel(api) && r.Stream:
					want = []int{narrator.MaxOutput(narrator.PurposeAcknowledgement)}
				case !r.Stream:
					want = []int{narrator.MaxOutput(narrator.PurposeSummary)}
				}
				if !slices.Contains(want, r.MaxTokens) {
					t.Errorf("a call (answer %q, stream %v) sent max tokens %d, want one of %v", r.Form, r.Stream, r.MaxTokens, want)
				}
			}
			if after[narrator.FoldFormName]+after["summary"] != len(rec.folds)+len(rec.sums) {
				t.Fatalf("after: %v for %d folds and %d summaries", after, len(rec.folds), len(rec.sums))
			}

			// Before: the same evening's turns read one by one, each in a
			// fold of its own, and the same folds as summaries.
			old, err := standin.Start(standin.Config{Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(old.Close)
			m := standinModel(api, old)
			ctx := context.Background()
			for _, tn := range turns {
				one := narrator.FoldRequest{CampaignName: c.Name, Turns: []campaign.Turn{tn}, Read: []int{tn.Sequence}, Party: []string{"Mira"}}
				if _, err := m.Fold(ctx, one); err != nil {
					t.Fatalf("the facts of turn %d alone: %v", tn.Sequence, err)
				}
			}
			for _, fr := range rec.folds {
				if _, err := m.Summarize(ctx, narrator.SummaryRequest{CampaignName: fr.CampaignName, Previous: fr.Previous, Turns: fr.Turns, Scene: fr.Scene}); err != nil {
					t.Fatal(err)
				}
			}
			for _, sr := range rec.sums {
				if _, err := m.Summarize(ctx, sr); err != nil {
					t.Fatal(err)
				}
			}
			before, beforeUSD := lowCalls(old.Requests(), lowModel(api))
			for _, k := range []string{narrator.DefineFormName, narrator.IntentFormName, "acknowledgement"} {
				if after[k] > 0 {
					before[k], beforeUSD[k] = after[k], afterUSD[k]
				}
			}
			memoryUSD := func(usd map[string]float64) float64 {
				return usd[narrator.FoldFormName] + usd["summary"]
			}
			t.Logf("%s: %d turns (%d player actions, %d played by the engine), %d folds",
				api, len(turns), len(sessionScript), len(engine), len(rec.folds)+len(rec.sums))
			t.Logf("  before: %2d low-tier calls %v, $%.4f at the list prices, of which facts and summaries $%.4f",
				total(before), before, total(beforeUSD), memoryUSD(beforeUSD))
			t.Logf("  after:  %2d low-tier calls %v, $%.4f at the list prices, of which facts and summaries $%.4f",
				total(after), after, total(afterUSD), memoryUSD(afterUSD))
			if total(after) >= total(before) || total(afterUSD) >= total(beforeUSD) {
				t.Fatalf("folds made %d calls for $%.4f, reading each turn %d for $%.4f", total(after), total(afterUSD), total(before), total(beforeUSD))
			}
		})
	}
}

// A fold the model fails (it answers in prose, not the object) changes
// nothing: no summary, its turns wait; the next fold, once the model
// answers, tells them all and reads their facts.
func TestStandinFailedFoldLosesNothing(t *testing.T) {
	for _, api := range modelAPIs {
		t.Run(api, func(t *testing.T) {
			f := newFixture(t)
			refuse, _ := standin.ParseFaults("refuse@json=1")
			srv := viaStandin(t, f, api, standin.Config{Seed: 1, Faults: refuse})
			c, _ := f.table(t, "Refusals", "c1")
			mira := mustSnap(t, f, c.ID).Characters[0]
			dodge := func(i int) {
				t.Helper()
				if err := f.act(t, "c1", mira.ID, "dodge-"+string(rune('a'+i)), "", &events.Intent{Kind: "dodge"}); err != nil {
					t.Fatal(err)
				}
			}
			n := game.SummaryEvery
			for i := range n {
				dodge(i)
			}
			turns := f.turns(t, c.ID)
			failed := turns[n-1].Context.Calls
			st := mustSnap(t, f, c.ID).State
			if len(failed) != 2 || failed[1].Purpose != "fold" || !strings.HasPrefix(failed[1].Error, "invalid answer, dropped") {
				t.Fatalf("the %dth turn's calls = %+v, want its fold refused", n, failed)
			}
			if st.Summary != "" || st.Unsummarized != n {
				t.Fatalf("after the refused fold: summary %q, %d turns waiting; want none and %d", st.Summary, st.Unsummarized, n)
			}
			if err := srv.SetFaults(); err != nil {
				t.Fatal(err)
			}
			dodge(n)
			st = mustSnap(t, f, c.ID).State
			var fold standin.Request
			for _, r := range srv.Requests() {
				if r.Form == narrator.FoldFormName {
					fold = r
				}
			}
			want := make([]int, n+1)
			for i := range want {
				want[i] = i + 1
			}
			if got := asked(fold); !slices.Equal(got, want) || fold.Fault != "" {
				t.Fatalf("the next fold asked the facts of turns %v (fault %q), want 1 to %d", got, fold.Fault, n+1)
			}
			if st.Unsummarized != 0 || !strings.Contains(st.Summary, "Turn 1:") || !strings.Contains(st.Summary, fmt.Sprintf("Turn %d:", n+1)) {
				t.Fatalf("after the next fold: %d waiting, summary %q", st.Unsummarized, st.Summary)
			}
		})
	}
}
