package dynamo

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"chronicler/events"
	"chronicler/shared/auth"
	"chronicler/shared/campaign"
	"chronicler/shared/game"
	"chronicler/shared/narrator"
	"chronicler/shared/throttle"
	"chronicler/shared/throttle/throttletest"
)

// prose is the narration a sentences narrator tells, a sentence at a time:
// about the length of a model's sentence, with no number the guard would
// take for an invented one.
var prose = []string{
	"The lamplight trembles across the wet stones of the old cellar, and somewhere beyond the arch water drips in a slow and patient rhythm. ",
	"Mira steadies her breath and studies the worn carvings on the far wall, tracing the faded runes with a careful gloved finger. ",
	"A draught stirs the dust along the floor, carrying the faint smell of smoke and old parchment from a passage nobody has opened in years. ",
	"Her eyes narrow as the pattern resolves into a warning, the kind that scholars of the northern vaults once carved above their sealed doors. ",
	"Far above, the tavern's floorboards creak under heavy boots, and the murmur of voices drifts down through the cracks like distant surf. ",
	"The rats that watched from the shadows have gone quiet now, as if they too were waiting to learn what the carvings might reveal. ",
	"Cold iron glints beneath a fallen beam, a ring set into the flagstones and crusted with the rust of many forgotten winters. ",
	"Mira kneels beside it, feeling the chill seep through her robes, and wonders who last had the courage to pull it free. ",
	"Somewhere in the dark a chain shifts with a long low groan, and the lamp's small flame leans toward the unseen passage. ",
	"For a moment the whole cellar seems to hold its breath, and then the silence settles back like snow over an empty road. ",
}

// sentences is a narrator that tells n sentences of prose, one piece
// each; everything else (summaries, folds, intents) is the offline
// narrator's, which makes no call.
type sentences struct {
	narrator.Offline
	n int
}

func (s sentences) Name() string { return "sentences" }

func (s sentences) Narrate(ctx context.Context, req narrator.Request, emit func(string) error) (narrator.Narration, error) {
	var b strings.Builder
	for i := range s.n {
		p := prose[i%len(prose)]
		if err := emit(p); err != nil {
			return narrator.Narration{}, err
		}
		b.WriteString(p)
	}
	return narrator.Narration{Text: strings.TrimSpace(b.String()), Model: "sentences"}, nil
}

// silentPusher accepts every push: the benchmark measures the store.
type silentPusher struct{ n atomic.Int64 }

func (p *silentPusher) Send(context.Context, string, []byte) error { p.n.Add(1); return nil }

// BenchmarkTurnCapacity plays solo turns (an ability check with automatic
// dice, narrated in 3 and in 10 sentences) through the game service and
// this store on the test server, and reports what each turn cost in
// DynamoDB's on-demand units (priced from the items' sizes, see meter):
// write and read request units, TransactWriteItems calls and their items,
// and standard writes. Everything from the turn message to the commit and
// the low tier's memory is counted; creating the table and the campaign
// is not.
func BenchmarkTurnCapacity(b *testing.B) {
	for _, n := range []int{3, 10} {
		b.Run(fmt.Sprintf("sentences=%d", n), func(b *testing.B) {
			store, _ := open(b)
			m := &meter{API: store.db}
			store.db = m
			clock := &throttletest.Clock{}
			clock.Set(time.Date(2026, 1, 1, 18, 0, 0, 0, time.UTC))
			store.Now = clock.Now
			signer, err := auth.NewSigner([]byte("0123456789abcdef0123456789abcdef"), 24*time.Hour, clock.Now)
			if err != nil {
				b.Fatal(err)
			}
			push := &silentPusher{}
			svc := game.NewService(store, push, sentences{n: n}, signer, slog.New(slog.DiscardHandler))
			svc.Now = clock.Now
			svc.TurnLimit = throttle.New(1, 5, clock.Now)
			var ids atomic.Int64
			svc.NewID = func() string { return fmt.Sprintf("id%06d", ids.Add(1)) }

			ctx := context.Background()
			p := game.Player{ID: "p1", Name: "Aria"}
			c, err := svc.CreateCampaign(ctx, p, events.CreateCampaign{Name: "Cellar"})
			if err != nil {
				b.Fatal(err)
			}
			ch, err := svc.CreateCharacter(ctx, p, c.ID, campaign.NewCharacter{Name: "Mira", Race: "elf", Class: "wizard"})
			if err != nil {
				b.Fatal(err)
			}
			if err := svc.Connect(ctx, "conn1", p, c.ID); err != nil {
				b.Fatal(err)
			}
			if err := svc.Resume(ctx, "conn1", "resume"); err != nil {
				b.Fatal(err)
			}
			intent, _ := json.Marshal(map[string]string{"kind": "check", "ability": "int", "skill": "investigation"})
			m.take()
			pushed := push.n.Load()

			var total usage
			turns := 0
			for b.Loop() {
				turns++
				clock.Add(time.Minute)
				msg := events.ClientMessage{Action: events.ActionTurn, RequestID: fmt.Sprint("turn-", turns), CharacterID: ch.ID, Intent: intent}
				if err := svc.TakeTurn(ctx, "conn1", msg); err != nil {
					b.Fatalf("turn %d: %v", turns, err)
				}
				u := m.take()
				total.WRU += u.WRU
				total.RRU += u.RRU
				total.Transactions += u.Transactions
				total.TxItems += u.TxItems
				total.Writes += u.Writes
			}
			per := float64(turns)
			b.ReportMetric(total.WRU/per, "WRU/turn")
			b.ReportMetric(total.RRU/per, "RRU/turn")
			b.ReportMetric(float64(total.Transactions)/per, "tx/turn")
			b.ReportMetric(float64(total.TxItems)/per, "txitems/turn")
			b.ReportMetric(float64(total.Writes)/per, "writes/turn")
			b.ReportMetric(float64(push.n.Load()-pushed)/per, "pushes/turn")
		})
	}
}
