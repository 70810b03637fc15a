package game_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"chronicler/events"
	"chronicler/shared/game"
)

// Bram goes down to the cellar alone and finds the Moonglass Key there;
// Mira, whose player is away, stays in the common room. Mira's player
// hears, coming back and at the next session, what Mira saw (Marta) and
// never the key; Bram's player hears of the key, on his own connection.
func TestCatchUpTellsOnlyWhatTheCharacterKnows(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	f.svc.Narrator = scriptOf(
		"The innkeeper named Marta waves Bram over to the hearth.",
		"Bram climbs down the ladder into the cold dark.",
		"Behind the casks Bram finds the Moonglass Key.",
		"Time passes.")
	c, aria := f.table(t, "Apart", "a1")
	bram := game.Player{ID: "p-bram", Name: "Bram"}
	tobin := f.member(t, bram, c, "Tobin")
	f.sit(t, bram, c, "b1")
	if err := f.svc.Disconnect(ctx, "a1"); err != nil { // Mira's player steps away
		t.Fatal(err)
	}
	if err := f.act(t, "b1", tobin.ID, "b-greet", "I greet the innkeeper", nil); err != nil {
		t.Fatal(err)
	}
	if err := f.act(t, "b1", tobin.ID, "b-down", "", &events.Intent{Kind: "move", ToAreaID: "cellar"}); err != nil {
		t.Fatal(err)
	}
	if err := f.act(t, "b1", tobin.ID, "b-search", "", &events.Intent{Kind: "check", Ability: "int", Skill: "investigation"}); err != nil {
		t.Fatal(err)
	}
	snap, err := f.store.Snapshot(ctx, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	mira := snap.Characters[0]

	t.Run("TheCellarIsWitnessedByBramAlone", func(t *testing.T) {
		turns := f.turns(t, c.ID)
		if len(turns) != 3 || !slices.Contains(turns[0].Witnesses, mira.ID) || slices.Contains(turns[2].Witnesses, mira.ID) ||
			!slices.Contains(turns[2].Witnesses, tobin.ID) {
			for _, tn := range turns {
				t.Logf("turn %d %q: witnesses %v", tn.Sequence, tn.Narration, tn.Witnesses)
			}
			t.Fatal("the turns' witnesses are not who stood there")
		}
		for _, fact := range f.memoryOf(t, c.ID).Ledger.Facts {
			if strings.Contains(fact.Text, "Moonglass") && fact.Visibility.KnownBy(mira.ID) {
				t.Errorf("Mira knows a fact of the cellar: %+v", fact)
			}
		}
	})

	if err := f.svc.Connect(ctx, "a2", aria, c.ID); err != nil {
		t.Fatal(err)
	}
	if err := f.svc.Resume(ctx, "a2", "back-a2"); err != nil {
		t.Fatal(err)
	}
	t.Run("AwayRecapTellsWhatMiraSaw", func(t *testing.T) {
		recaps := f.recaps("a2")
		if len(recaps) != 1 || !strings.HasPrefix(recaps[0], "While you were away: ") || !strings.Contains(recaps[0], "Marta") ||
			strings.Contains(recaps[0], "Moonglass") || strings.Contains(recaps[0], "Investigation") {
			t.Fatalf("Mira's catch-up = %q", recaps)
		}
	})

	// The next session: Bram is at the table when Aria opens it.
	if err := f.svc.EndSession(ctx, "a2", "end-1"); err != nil {
		t.Fatal(err)
	}
	for _, conn := range []string{"a2", "b1"} {
		if err := f.svc.Disconnect(ctx, conn); err != nil {
			t.Fatal(err)
		}
	}
	f.clock.Add(time.Hour)
	if err := f.svc.Connect(ctx, "b2", bram, c.ID); err != nil {
		t.Fatal(err)
	}
	f.sit(t, aria, c, "a3")
	t.Run("TableRecapTellsWhatEveryoneKnows", func(t *testing.T) {
		recaps := f.recaps("a3")
		if len(recaps) != 1 || !strings.HasPrefix(recaps[0], "Previously on Apart") || !strings.Contains(recaps[0], "Marta") ||
			strings.Contains(recaps[0], "Moonglass") {
			t.Fatalf("Aria's recaps = %q", recaps)
		}
	})
	t.Run("BramHearsWhatOnlyTobinKnows", func(t *testing.T) {
		recaps := f.recaps("b2")
		if len(recaps) != 2 || !strings.HasPrefix(recaps[0], "Previously on Apart") || strings.Contains(recaps[0], "Moonglass") ||
			!strings.HasPrefix(recaps[1], "What Tobin also knows: ") || !strings.Contains(recaps[1], "Moonglass Key") {
			t.Fatalf("Bram's recaps = %q", recaps)
		}
	})

	// A session Aria opens alone, which Bram joins later: what Tobin
	// knows beyond the table's recap is told to him as he joins.
	if err := f.svc.EndSession(ctx, "a3", "end-2"); err != nil {
		t.Fatal(err)
	}
	if err := f.svc.Disconnect(ctx, "b2"); err != nil {
		t.Fatal(err)
	}
	f.clock.Add(time.Hour)
	if err := f.svc.Resume(ctx, "a3", "resume-3"); err != nil {
		t.Fatal(err)
	}
	f.sit(t, bram, c, "b3")
	t.Run("JoiningTheSessionTellsHisPart", func(t *testing.T) {
		recaps := f.recaps("b3")
		if !slices.ContainsFunc(recaps, func(r string) bool {
			return strings.HasPrefix(r, "What Tobin also knows: ") && strings.Contains(r, "Moonglass Key")
		}) {
			t.Fatalf("Bram's recaps joining = %q", recaps)
		}
		if got := f.recaps("a3"); slices.ContainsFunc(got, func(r string) bool { return strings.Contains(r, "Moonglass") }) {
			t.Fatalf("Aria was told of the key: %q", got)
		}
	})
}
