package game_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"chronicler/events"
	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/game"
	"chronicler/shared/narrator"
	"chronicler/shared/narrator/standin"
)

// limitWords are what of the table's limits (below) a player must never
// read: the lines' words and the veiled subject's.
var limitWords = []string{"spider", "drown", "tortur"}

// TestStandinCrossingLimitsNeverReachAPlayer: over 30 turns a model
// writes every line and veiled subject its prompt lists, on purpose, in
// every narration and every retry. No player is shown a line's words or a
// veiled scene's, in a sentence, a narration or a chip, nor does the
// story keep them; the veiled scenes are shown fading instead; and the
// model was told the private line a player added.
func TestStandinCrossingLimitsNeverReachAPlayer(t *testing.T) {
	for _, api := range modelAPIs {
		t.Run(api, func(t *testing.T) {
			f := newFixture(t)
			rules, _ := standin.ParseFaults("cross@stream=1")
			srv := viaStandin(t, f, api, standin.Config{Seed: 3, Faults: rules})
			ctx := context.Background()
			c, owner := f.table(t, "Under the Mill", "c1")
			bram := game.Player{ID: "p-bram", Name: "Bram"}
			f.joinAndSit(t, bram, c, "c2")
			for _, l := range []struct {
				p game.Player
				events.NewLimit
			}{
				{owner, events.NewLimit{Kind: campaign.LimitLine, Text: "giant spiders"}},
				{owner, events.NewLimit{Kind: campaign.LimitVeil, Text: "torture of prisoners"}},
				{bram, events.NewLimit{Kind: campaign.LimitLine, Text: "drowning"}},
			} {
				if _, err := f.svc.AddLimit(ctx, l.p, c.ID, l.NewLimit); err != nil {
					t.Fatal(err)
				}
			}
			mira := mustSnap(t, f, c.ID).Characters[0]
			const turns = 30
			for i := range turns {
				text := fmt.Sprint("I search the mill, step ", i)
				if i%3 == 1 {
					text = "I make a perception check"
				}
				if err := f.act(t, "c1", mira.ID, fmt.Sprint("r", i), text, nil); err != nil {
					t.Fatal(err)
				}
			}
			// The X-card's retelling is held to the limits as the first
			// telling was.
			last, before := f.turns(t, c.ID)[turns-1], len(srv.Requests())
			if err := f.svc.XCard(ctx, "c2", events.ClientMessage{TurnID: last.ID}); err != nil {
				t.Fatal(err)
			}
			if got := f.turns(t, c.ID)[turns-1]; got.Withdrawn != 1 {
				t.Fatalf("the last turn after the X-card: withdrawn %d times, want once", got.Withdrawn)
			}
			told := false
			for _, r := range srv.Requests()[before:] {
				told = told || (r.Stream && strings.Contains(string(r.Body), "giant spiders"))
			}
			if !told {
				t.Errorf("the retelling's request was not told the table's line")
			}
			crossed, toldPrivate := 0, false
			for _, r := range srv.Requests() {
				if r.Fault == standin.Cross && r.Stream {
					crossed++
					toldPrivate = toldPrivate || strings.Contains(string(r.Body), "drowning")
				}
			}
			if crossed < turns || !toldPrivate {
				t.Fatalf("%d narrations crossed the limits, the private line told: %v; the test shows nothing", crossed, toldPrivate)
			}
			faded := 0
			for _, tn := range f.turns(t, c.ID) {
				if holdsLimit(tn.Narration) || holdsLimit(strings.Join(tn.Suggestions, " ")) {
					t.Errorf("turn %d keeps a limit: %q %q", tn.Sequence, tn.Narration, tn.Suggestions)
				}
				if strings.Contains(tn.Narration, narrator.Faded) {
					faded++
				}
			}
			if faded < turns {
				t.Errorf("%d of %d turns show the veiled scene fading", faded, turns)
			}
			shown := 0
			for _, conn := range []string{"c1", "c2"} {
				for _, e := range f.narrationEvents(t, conn) {
					shown++
					if holdsLimit(e.Text) || holdsLimit(strings.Join(e.Suggestions, " ")) {
						t.Errorf("%s was shown a limit: %s %q %q", conn, e.Type, e.Text, e.Suggestions)
					}
				}
			}
			t.Logf("%s: %d turns, %d narrations crossing the limits, %d narration events to 2 players, none holding a limit, %d fades", api, turns, crossed, shown, faded)
		})
	}
}

func holdsLimit(s string) bool {
	s = strings.ToLower(s)
	for _, w := range limitWords {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

// TestSafetyShowsEachPlayerTheTablesAndTheirOwn: the owner's limits are
// the table's, read by every member; a player's private one is read by
// that player alone, not by the owner, and nobody else can take it back.
func TestSafetyShowsEachPlayerTheTablesAndTheirOwn(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	c, owner := f.table(t, "Under the Mill", "c1")
	bram := game.Player{ID: "p-bram", Name: "Bram"}
	f.joinAndSit(t, bram, c, "c2")
	tables, err := f.svc.AddLimit(ctx, owner, c.ID, events.NewLimit{Kind: campaign.LimitLine, Text: "spiders"})
	if err != nil {
		t.Fatal(err)
	}
	private, err := f.svc.AddLimit(ctx, bram, c.ID, events.NewLimit{Kind: campaign.LimitVeil, Text: "drowning"})
	if err != nil {
		t.Fatal(err)
	}
	if tables.Private || !private.Private || !private.Mine {
		t.Fatalf("the owner's %+v, Bram's %+v: want the table's and a private one", tables, private)
	}
	seen := func(p game.Player) string {
		t.Helper()
		v, err := f.svc.Safety(ctx, p, c.ID)
		if err != nil {
			t.Fatal(err)
		}
		return fmt.Sprint(v.Lines, v.Veils)
	}
	if got := seen(owner); strings.Contains(got, "drowning") || !strings.Contains(got, "spiders") {
		t.Errorf("the owner sees %s", got)
	}
	if got := seen(bram); !strings.Contains(got, "drowning") || !strings.Contains(got, "spiders") {
		t.Errorf("Bram sees %s", got)
	}
	if view, err := f.svc.GetCampaign(ctx, owner, c.ID); err != nil || len(view.Campaign.Limits) != 0 {
		t.Errorf("the campaign's view carries limits %+v, %v", view.Campaign.Limits, err)
	}
	if err := f.svc.RemoveLimit(ctx, owner, c.ID, private.ID); !fault.Is(err, fault.NotFound) {
		t.Errorf("the owner removed Bram's private limit: %v", err)
	}
	if err := f.svc.RemoveLimit(ctx, bram, c.ID, tables.ID); !fault.Is(err, fault.NotFound) {
		t.Errorf("Bram removed the table's limit: %v", err)
	}
	if err := f.svc.RemoveLimit(ctx, bram, c.ID, private.ID); err != nil {
		t.Fatal(err)
	}
	if got := seen(bram); strings.Contains(got, "drowning") {
		t.Errorf("Bram still sees his removed limit: %s", got)
	}
}

// TestALeaverDoesNotAnswerAWindowWhileTheTableIsPaused: a player who
// leaves while the table is paused does not answer the window that waits
// on them: a pause holds every answer, and the window gets its whole
// time again when play goes on.
func TestALeaverDoesNotAnswerAWindowWhileTheTableIsPaused(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	c, mira := goblinFight(t, f, func() {})
	l := untilWindow(t, f, c, mira, func() bool { return false })
	if l == nil {
		t.Fatal("the fight ended with no window")
	}
	if err := f.svc.Pause(ctx, "c1", "pause-1"); err != nil {
		t.Fatal(err)
	}
	if err := f.svc.Disconnect(ctx, "c1"); err != nil {
		t.Fatal(err)
	}
	after := mustSnap(t, f, c.ID).Lease
	if after == nil || after.TurnID != l.TurnID || after.Pending == nil || after.Pending.Window == nil || len(after.Pending.Window.Answers) != 0 {
		t.Errorf("after the leave: lease %+v; want the window still open and unanswered while paused", after)
	}
}
