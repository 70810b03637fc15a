package game_test

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime"

	"chronicler/events"
	"chronicler/shared/bedrock"
	"chronicler/shared/game"
	"chronicler/shared/narrator"
	"chronicler/shared/narrator/standin"
	"chronicler/shared/openai"
)

// modelAPIs are the two wires the stand-in speaks, each through its
// adapter.
var modelAPIs = []string{"openai", "bedrock"}

// viaStandin points the fixture's narrator at a stand-in model playing
// faults, through the adapter of api.
func viaStandin(t *testing.T, f *fixture, api string, cfg standin.Config) *standin.Server {
	t.Helper()
	srv, err := standin.Start(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	f.svc.Narrator = standinModel(api, srv)
	return srv
}

// standinModel is the adapter of api, pointed at srv.
func standinModel(api string, srv *standin.Server) fullModel {
	if api == "openai" {
		return openai.New(srv.URL+"/v1", "", openai.Config{HighModel: "standin-high", LowModel: standinLow,
			Backoff: time.Millisecond, Timeout: 20 * time.Second}, nil)
	}
	client := bedrockruntime.New(bedrockruntime.Options{
		Region:       "us-east-1",
		Credentials:  credentials.NewStaticCredentialsProvider("standin", "standin", ""),
		BaseEndpoint: aws.String(srv.URL),
	})
	return bedrock.New(client, bedrock.Config{Backoff: time.Millisecond, Timeout: 20 * time.Second})
}

// standinLow is the low tier's model as the OpenAI adapter names it here.
const standinLow = "standin-low"

// lowModel is the low tier's model id api's adapter sends.
func lowModel(api string) string {
	if api == "openai" {
		return standinLow
	}
	return bedrock.DefaultLowModel
}

// fullModel is what both adapters offer the game.
type fullModel interface {
	narrator.Narrator
	narrator.Folder
	narrator.Definer
	narrator.IntentReader
}

// turnEvent is a campaign event of a turn, as a connection got it.
type turnEvent struct {
	Type        string `json:"type"`
	TurnID      string `json:"turn_id"`
	Text        string `json:"text"`
	Reason      string `json:"reason"`
	Degraded    bool   `json:"degraded"`
	Suggestions []string
}

// narrationEvents are the narration events conn got, in order.
func (f *fixture) narrationEvents(t *testing.T, conn string) []turnEvent {
	t.Helper()
	f.push.mu.Lock()
	defer f.push.mu.Unlock()
	var out []turnEvent
	for _, m := range f.push.sent[conn] {
		var e turnEvent
		if err := json.Unmarshal(m, &e); err != nil {
			t.Fatal(err)
		}
		if strings.HasPrefix(e.Type, "narration.") {
			out = append(out, e)
		}
	}
	return out
}

// invented is the stand-in's invented mechanical sentence.
var invented = regexp.MustCompile(`deals \d+ damage|left with \d+ hit points`)

// TestStandinInventsNoNumberReachesAPlayer: the stand-in invents a
// mechanical number in 30% of narrations; no delta any player is pushed
// holds one, nor any told narration, and what each player saw of a turn
// is the narration kept.
func TestStandinInventsNoNumberReachesAPlayer(t *testing.T) {
	for _, api := range modelAPIs {
		t.Run(api, func(t *testing.T) {
			f := newFixture(t)
			rules, _ := standin.ParseFaults("invent@stream=0.3")
			srv := viaStandin(t, f, api, standin.Config{Seed: 1, Faults: rules})
			c, _ := f.table(t, "Inventions", "c1")
			f.joinAndSit(t, game.Player{ID: "p-bram", Name: "Bram"}, c, "c2")
			mira := mustSnap(t, f, c.ID).Characters[0]
			const turns = 40
			for i := range turns {
				text := fmt.Sprint("I take step ", i)
				if i%3 == 1 {
					text = "I make a perception check"
				}
				if err := f.act(t, "c1", mira.ID, fmt.Sprint("r", i), text, nil); err != nil {
					t.Fatal(err)
				}
			}
			inventions := 0
			for _, r := range srv.Requests() {
				if r.Fault == standin.Invent && r.Stream {
					inventions++
				}
			}
			if inventions < turns/6 {
				t.Fatalf("the stand-in invented in only %d narrations: the test shows nothing", inventions)
			}
			kept := map[string]string{}
			for _, tn := range f.turns(t, c.ID) {
				kept[tn.ID] = tn.Narration
				if invented.MatchString(tn.Narration) {
					t.Errorf("turn %d keeps an invented number: %q", tn.Sequence, tn.Narration)
				}
			}
			if len(kept) != turns {
				t.Fatalf("%d turns kept, want %d", len(kept), turns)
			}
			shown := 0
			for _, conn := range []string{"c1", "c2"} {
				seen := map[string]*strings.Builder{}
				for _, e := range f.narrationEvents(t, conn) {
					switch e.Type {
					case events.TypeNarrationDelta:
						shown++
						if invented.MatchString(e.Text) {
							t.Errorf("%s was shown an invented number: %q", conn, e.Text)
						}
						if seen[e.TurnID] == nil {
							seen[e.TurnID] = &strings.Builder{}
						}
						seen[e.TurnID].WriteString(e.Text)
					case events.TypeNarrationDone:
						if got := strings.TrimSpace(seen[e.TurnID].String()); got != e.Text || got != kept[e.TurnID] {
							t.Errorf("%s saw %q of a turn that keeps %q (done: %q)", conn, got, kept[e.TurnID], e.Text)
						}
					}
				}
			}
			var violations int
			for _, tn := range f.turns(t, c.ID) {
				violations += len(tn.Context.Violations)
			}
			if st := mustSnap(t, f, c.ID).State; violations < inventions || st.GuardViolations != violations {
				t.Fatalf("%d violations recorded, %d counted, for %d inventions", violations, st.GuardViolations, inventions)
			}
			t.Logf("%s: %d turns, %d narrations with an invented number, %d deltas pushed to 2 players, 0 invented numbers shown, %d violations",
				api, turns, inventions, shown, violations)
		})
	}
}

// TestStandinEchoedSecretNeverReachesAPlayer: a model that echoes its
// prompt, secret included, shows no player the secret, and the narration
// kept (the turns, a player's export) has none of it.
func TestStandinEchoedSecretNeverReachesAPlayer(t *testing.T) {
	for _, api := range modelAPIs {
		t.Run(api, func(t *testing.T) {
			f := newFixture(t)
			rules, _ := standin.ParseFaults("echo@stream=1")
			srv := viaStandin(t, f, api, standin.Config{Seed: 1, Faults: rules})
			ctx := context.Background()
			c, owner := f.table(t, "Cellar Door", "c1")
			player := game.Player{ID: "p-bram", Name: "Bram"}
			f.joinAndSit(t, player, c, "c2")
			if _, err := f.svc.AddSecret(ctx, owner, c.ID, events.NewSecret{Subject: "Marta", Text: "Marta poisons travellers for the Black Hand."}); err != nil {
				t.Fatal(err)
			}
			mira := mustSnap(t, f, c.ID).Characters[0]
			for i, text := range []string{"I ask Marta for a room", "I watch Marta pour the ale", "I ask Marta who else stays here"} {
				if err := f.act(t, "c1", mira.ID, fmt.Sprint("r", i), text, nil); err != nil {
					t.Fatal(err)
				}
			}
			echoed := 0
			for _, r := range srv.Requests() {
				if r.Fault == standin.Echo && strings.Contains(r.Text, "Black Hand") {
					echoed++
				}
			}
			if echoed == 0 {
				t.Fatal("the stand-in never echoed the secret: the test shows nothing")
			}
			leaks := func(s string) bool {
				s = strings.ToLower(s)
				return strings.Contains(s, "black hand") || strings.Contains(s, "poison")
			}
			for _, conn := range []string{"c1", "c2"} {
				for _, e := range f.narrationEvents(t, conn) {
					if leaks(e.Text) {
						t.Errorf("%s was shown the secret: %s %q", conn, e.Type, e.Text)
					}
				}
			}
			page, err := f.svc.Turns(ctx, player, c.ID, 0, 50)
			if err != nil {
				t.Fatal(err)
			}
			exp, err := f.svc.Export(ctx, player, c.ID)
			if err != nil {
				t.Fatal(err)
			}
			for what, v := range map[string]any{"the turns": page, "a player's export": exp} {
				b, _ := json.Marshal(v)
				if leaks(string(b)) {
					t.Errorf("%s keep the secret", what)
				}
			}
			secrets := 0
			for _, tn := range f.turns(t, c.ID) {
				for _, v := range tn.Context.Violations {
					if strings.HasSuffix(v, string(narrator.Secret)) {
						secrets++
					}
				}
			}
			if secrets == 0 {
				t.Fatal("no secret breach was counted")
			}
			t.Logf("%s: %d echoes of the secret, %d secret breaches counted, none shown", api, echoed, secrets)
		})
	}
}

// TestStandinStallShowsAnOutcome: a stream that stalls before its first
// piece, or after its first sentence, is met with narration.slow, then
// text, then narration.done; what was shown stays shown. The timeouts are
// short here, so the test waits on events, never on the clock.
func TestStandinStallShowsAnOutcome(t *testing.T) {
	for _, api := range modelAPIs {
		for _, fault := range []string{"stall", "stall_mid"} {
			t.Run(api+"/"+fault, func(t *testing.T) {
				f := newFixture(t)
				f.svc.Teller = narrator.Teller{FirstText: 150 * time.Millisecond, Stall: 150 * time.Millisecond, Quiet: 5 * time.Second}
				rules, _ := standin.ParseFaults(fault + "@stream=1")
				viaStandin(t, f, api, standin.Config{Seed: 1, Faults: rules, Stall: time.Minute, ErrorAfter: 3})
				c, _ := f.table(t, "Slow", "c1")
				mira := mustSnap(t, f, c.ID).Characters[0]
				if err := f.act(t, "c1", mira.ID, "r1", "I search the room", nil); err != nil {
					t.Fatal(err)
				}
				evs := f.narrationEvents(t, "c1")
				var order []string
				var before, after strings.Builder
				slow := -1
				for i, e := range evs {
					order = append(order, e.Type)
					switch {
					case e.Type == events.TypeNarrationSlow:
						if slow < 0 {
							slow = i
						}
					case e.Type == events.TypeNarrationDelta && slow < 0:
						before.WriteString(e.Text)
					case e.Type == events.TypeNarrationDelta:
						after.WriteString(e.Text)
					}
				}
				last := evs[len(evs)-1]
				if slow < 0 || last.Type != events.TypeNarrationDone || after.Len() == 0 || !last.Degraded {
					t.Fatalf("events %v: want narration.slow, then text, then a degraded narration.done", order)
				}
				want := map[string]string{"stall": narrator.SlowFirstText, "stall_mid": narrator.SlowStall}[fault]
				if evs[slow].Reason != want {
					t.Fatalf("slow reason %q, want %q", evs[slow].Reason, want)
				}
				if fault == "stall" && before.Len() != 0 {
					t.Fatalf("text before the slow notice of a stream that sent nothing: %q", before.String())
				}
				if fault == "stall_mid" && (before.Len() == 0 || !strings.HasPrefix(last.Text, strings.TrimSpace(before.String()))) {
					t.Fatalf("shown %q before the stall; the narration %q does not go on from it", before.String(), last.Text)
				}
				if strings.TrimSpace(before.String()+after.String()) != last.Text {
					t.Fatalf("the deltas %q do not add up to the narration %q", before.String()+after.String(), last.Text)
				}
			})
		}
	}
}
