package narrator_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"chronicler/shared/campaign"
	"chronicler/shared/narrator"
	"chronicler/shared/narrator/standin"
	"chronicler/shared/openai"
)

// firstTable notes when the first text was shown.
type firstTable struct {
	once  sync.Once
	start time.Time
	at    time.Duration
}

func (f *firstTable) Show(string) error {
	f.once.Do(func() { f.at = time.Since(f.start) })
	return nil
}

func (f *firstTable) Slow(string) error { return nil }

// sentenceClock notes when the model's stream first held a whole sentence
// (its end, and the character after it) and when its first piece came.
type sentenceClock struct {
	start         time.Time
	buf           strings.Builder
	first, senten time.Duration
}

func (s *sentenceClock) piece(p string) {
	if s.first == 0 {
		s.first = time.Since(s.start)
	}
	s.buf.WriteString(p)
	if s.senten == 0 && strings.ContainsAny(s.buf.String(), ".!?") {
		t := s.buf.String()
		if i := strings.IndexAny(t, ".!?"); i >= 0 && i+1 < len(t) {
			s.senten = time.Since(s.start)
		}
	}
}

// BenchmarkFirstText: how long the table waits for its first text, with
// the narration streamed as it comes (unguarded, as before) and held
// sentence by sentence for the guard (guarded), against the stand-in
// streaming at a model's pace, in the same run. after-sentence-ms is the
// wait past the moment the model's first sentence was whole.
//
//	go test ./shared/narrator -run '^$' -bench FirstText -benchtime 20x
func BenchmarkFirstText(b *testing.B) {
	srv, err := standin.Start(standin.Config{Seed: 1, Pace: 40 * time.Millisecond})
	if err != nil {
		b.Fatal(err)
	}
	defer srv.Close()
	n := openai.New(srv.URL+"/v1", "", openai.Config{HighModel: "standin-high"}, nil)
	req := narrator.Request{TurnID: "t1", Actor: campaign.Character{Name: "Mira"}, Action: "I attack the goblin",
		RulesResult: "Mira hits Goblin 1 with a longsword (19 vs AC 15) for 7 slashing damage.",
		Scene:       campaign.Scene{Location: "the old cellar"}}
	grounds := narrator.Grounds{Rules: req.RulesResult, Other: []string{req.Scene.Location}, Names: []string{"Mira", "Goblin 1"}}
	ctx := context.Background()
	// The stand-in's wording follows the prompt: a few actions give
	// openings of different lengths.
	actions := []string{"I attack the goblin", "I swing my sword", "I lunge at it", "I strike hard", "I attack", "I cut at the goblin's arm"}
	i := 0
	next := func() narrator.Request {
		r := req
		r.Action = actions[i%len(actions)]
		i++
		return r
	}

	b.Run("unguarded", func(b *testing.B) {
		var first, after time.Duration
		for b.Loop() {
			clk := &sentenceClock{start: time.Now()}
			if _, err := n.Narrate(ctx, next(), func(p string) error { clk.piece(p); return nil }); err != nil {
				b.Fatal(err)
			}
			first += clk.first
			after += clk.first - clk.senten
		}
		b.ReportMetric(ms(first)/float64(b.N), "first-text-ms")
		b.ReportMetric(ms(after)/float64(b.N), "after-sentence-ms")
	})
	b.Run("guarded", func(b *testing.B) {
		var first, after time.Duration
		for b.Loop() {
			clk := &sentenceClock{start: time.Now()}
			tb := &firstTable{start: clk.start}
			watched := watch{Narrator: n, piece: clk.piece}
			if _, err := (narrator.Teller{}).Tell(ctx, watched, next(), grounds, tb); err != nil {
				b.Fatal(err)
			}
			first += tb.at
			after += tb.at - clk.senten
		}
		b.ReportMetric(ms(first)/float64(b.N), "first-text-ms")
		b.ReportMetric(ms(after)/float64(b.N), "after-sentence-ms")
	})
}

// watch sees every piece the model sends before the gate does.
type watch struct {
	narrator.Narrator
	piece func(string)
}

func (w watch) Narrate(ctx context.Context, req narrator.Request, emit func(string) error) (narrator.Narration, error) {
	return w.Narrator.Narrate(ctx, req, func(p string) error {
		w.piece(p)
		return emit(p)
	})
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// outcomeTable notes when the table first saw the slow notice, the first
// text, and the end.
type outcomeTable struct {
	mu          sync.Mutex
	start       time.Time
	slow, first time.Duration
}

func (o *outcomeTable) Show(string) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.first == 0 {
		o.first = time.Since(o.start)
	}
	return nil
}

func (o *outcomeTable) Slow(string) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.slow == 0 {
		o.slow = time.Since(o.start)
	}
	return nil
}

// BenchmarkStalledOutcome: with the default timeouts, how long a table
// waits for a visible outcome when every stream stalls, before its first
// piece (stall) or after its first sentence (stall_mid): the slow notice,
// the first text, and the narration's end.
//
//	go test ./shared/narrator -run '^$' -bench StalledOutcome -benchtime 1x
func BenchmarkStalledOutcome(b *testing.B) {
	for _, fault := range []string{"stall", "stall_mid"} {
		b.Run(fault, func(b *testing.B) {
			rules, _ := standin.ParseFaults(fault + "@stream=1")
			srv, err := standin.Start(standin.Config{Seed: 1, Faults: rules, Stall: time.Hour, ErrorAfter: 3, Pace: 40 * time.Millisecond})
			if err != nil {
				b.Fatal(err)
			}
			defer srv.Close()
			n := openai.New(srv.URL+"/v1", "", openai.Config{HighModel: "standin-high"}, nil)
			req := narrator.Request{TurnID: "t1", Actor: campaign.Character{Name: "Mira"}, Action: "I search the room",
				RulesResult: "Mira searches the room.", Scene: campaign.Scene{Location: "the old cellar"}}
			var slow, first, end time.Duration
			for b.Loop() {
				tb := &outcomeTable{start: time.Now()}
				if _, err := (narrator.Teller{}).Tell(context.Background(), n, req, narrator.Grounds{Rules: req.RulesResult}, tb); err != nil {
					b.Fatal(err)
				}
				end += time.Since(tb.start)
				slow += tb.slow
				first += tb.first
			}
			b.ReportMetric(ms(slow)/float64(b.N), "slow-notice-ms")
			b.ReportMetric(ms(first)/float64(b.N), "first-text-ms")
			b.ReportMetric(ms(end)/float64(b.N), "done-ms")
		})
	}
}
