package narrator

import (
	"context"
	"slices"
	"strings"
	"testing"
)

func TestLimitsHoldSentences(t *testing.T) {
	g := Grounds{Lines: []string{"spiders", "harm to a child"}, Veils: []string{"torture"}}
	for _, tt := range []struct {
		name, text string
		want       []Violation
	}{
		{"LinesWordIsRefused", "A spider drops from the beam.", []Violation{Line}},
		{"WordThatBeginsWithALineIsRefused", "Spiderwebs hang from the rafters.", []Violation{Line}},
		{"AnyContentWordOfALineIsRefused", "The child hides behind the cart.", []Violation{Line}},
		{"VeiledSubjectIsFaded", "The guards begin the tortures in the cellar.", []Violation{Veil}},
		{"StopWordsAloneHoldNothing", "To a man, the guards stand firm.", nil},
		{"WordThatOnlyContainsALineWordPasses", "The despiser of kings walks in.", nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := Guard(tt.text, g); !slices.Equal(got, tt.want) {
				t.Fatalf("Guard(%q) = %v, want %v", tt.text, got, tt.want)
			}
		})
	}
}

func TestSanitizeFadesAVeilOnceAndDropsALine(t *testing.T) {
	g := Grounds{Lines: []string{"spiders"}, Veils: []string{"torture"}}
	got := Sanitize("Mira steps in. The torture begins. The torture goes on. A spider drops. The door shuts.", g)
	want := "Mira steps in. " + Faded + " The door shuts."
	if got != want {
		t.Fatalf("Sanitize = %q, want %q", got, want)
	}
}

// TestTellFadesAVeilAndRefusesALine: a veiled sentence is shown as the
// scene fading, once, and the narration goes on; a line's sentence stops
// the call, the retry is told why in words that name no line, and the
// table never sees the line's word.
func TestTellFadesAVeilAndRefusesALine(t *testing.T) {
	g := tellGrounds
	g.Lines, g.Veils = []string{"spiders"}, []string{"torture"}
	n := &scripted{steps: []script{
		{pieces: []string{"Mira lunges. ", "The torture of the prisoner begins. ", "The torture is slow. ", "A spider watches. ", "Goblin 1 reels."}},
		{pieces: []string{"Goblin 1 reels from the blow."}},
	}}
	tb := &table{}
	// The default timeouts: nothing here is slow, and a loaded machine
	// must not turn the retry into a call given up for silence.
	told, err := Teller{}.Tell(context.Background(), n, tellReq(), g, tb)
	if err != nil {
		t.Fatal(err)
	}
	shown := tb.shown()
	if strings.Contains(strings.ToLower(shown), "spider") || strings.Contains(strings.ToLower(shown), "tortur") {
		t.Fatalf("the table saw a limit: %q", tb.got())
	}
	if strings.Count(shown, Faded) != 1 || !strings.HasPrefix(shown, "Mira lunges. "+Faded) || !strings.HasSuffix(told.Text, "Goblin 1 reels from the blow.") {
		t.Fatalf("shown %q, want the lunge, the fade once, then the retry", shown)
	}
	if !slices.Equal(told.Violations, []string{"veil", "line"}) {
		t.Fatalf("violations %q", told.Violations)
	}
	c := n.requests()[1].Correction
	if !strings.Contains(c, "line the table has drawn") || strings.Contains(c, "spider") {
		t.Fatalf("correction %q", c)
	}
}

func TestPromptTellsTheLimitsInTheWorldBlock(t *testing.T) {
	req := tellReq()
	req.Lines, req.Veils = []string{"spiders"}, []string{"torture", "romance"}
	blocks := Blocks(req)
	world := blocks[1]
	if world.Name != BlockWorld || !world.Cache {
		t.Fatalf("second block %q is not the cached world", world.Name)
	}
	for _, want := range []string{"never show, name or hint at these", "): spiders.", "): torture; romance."} {
		if !strings.Contains(world.Text, want) {
			t.Errorf("world block lacks %q:\n%s", want, world.Text)
		}
	}
	before := Blocks(tellReq())[1].Text
	if !strings.HasPrefix(world.Text, before) {
		t.Errorf("the limits are not added after the world as it was:\n%s\n---\n%s", before, world.Text)
	}
}

func TestWithinDropsSuggestionsThatTouchALimit(t *testing.T) {
	g := Grounds{Lines: []string{"spiders"}, Veils: []string{"torture"}}
	got := g.Within([]string{"Attack the giant spider", "Look around", "Question the torturer"})
	if !slices.Equal(got, []string{"Look around"}) {
		t.Fatalf("Within = %q", got)
	}
}

// A recap keeps its sentences but those that hold a line or a veil, and
// comes back as it is when the table has no limits.
func TestClearDropsTheSentencesThatHoldALimit(t *testing.T) {
	g := Grounds{Lines: []string{"giant spiders"}, Veils: []string{"torture of prisoners"}}
	text := "Previously: the party reached the mill. A spider the size of a dog waited in the loft!\nThey questioned the prisoners' torturer. Tobin lit a lamp."
	if got, want := g.Clear(text), "Previously: the party reached the mill. Tobin lit a lamp."; got != want {
		t.Errorf("Clear = %q, want %q", got, want)
	}
	if got := (Grounds{}).Clear(text); got != text {
		t.Errorf("Clear without limits = %q, want the text as it is", got)
	}
}
