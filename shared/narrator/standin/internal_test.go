package standin

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"chronicler/shared/narrator"
)

// The stand-in answers the narrator's structured answers by name, and
// reads the kinds a read_intent offers from its shape, without importing
// the narrator; this holds the two together.
func TestFormNamesAreTheNarrators(t *testing.T) {
	for _, c := range []struct {
		name string
		form narrator.Form
	}{{formIntent, narrator.IntentForm()}, {formDefine, narrator.DefineForm()}, {formFold, narrator.FoldForm()}} {
		if c.name != c.form.Name {
			t.Errorf("the stand-in answers %q, the narrator asks for %q", c.name, c.form.Name)
		}
		if p := (prompt{system: []string{c.form.Shape()}}); p.form() != c.name {
			t.Errorf("the stand-in reads %q's shape as asking for %q", c.name, p.form())
		}
	}
	kinds := kindsOffered(narrator.IntentForm().Shape())
	if len(kinds) < 10 || !slices.Contains(kinds, "attack") || !slices.Contains(kinds, "say") {
		t.Errorf("the stand-in reads the kinds %q from read_intent's shape", kinds)
	}
}

func TestPiecesJoinBack(t *testing.T) {
	for _, text := range []string{
		"Dust drifts as Mira runs her fingers along the wall. A stone gives.",
		"  leading space\n\nand a blank line, trailing space ",
		"one",
		"",
	} {
		ps := Pieces(text)
		if strings.Join(ps, "") != text {
			t.Errorf("Pieces(%q) = %q", text, ps)
		}
		for _, p := range ps {
			if len(strings.Fields(p)) > 4 {
				t.Errorf("piece %q of %q has more than four words", p, text)
			}
		}
	}
}

func TestPickLaysRatesEndToEnd(t *testing.T) {
	rules := []Rule{{Fault: Invent, Rate: 0.3, Calls: Streams}, {Fault: Stall, Rate: 0.1}}
	for _, c := range []struct {
		calls Calls
		draw  float64
		want  Fault
	}{
		{Streams, 0, Invent}, {Streams, 0.2999, Invent}, {Streams, 0.3, Stall}, {Streams, 0.3999, Stall}, {Streams, 0.4, ""}, {Streams, 0.99, ""},
		{JSON, 0, Stall}, {JSON, 0.0999, Stall}, {JSON, 0.1, ""}, {Texts, 0.2, ""},
	} {
		if got := pick(rules, c.calls, c.draw); got != c.want {
			t.Errorf("pick(%s, %v) = %q, want %q", c.calls, c.draw, got, c.want)
		}
	}
}

func TestDrawDependsOnSeedBodyAndRepeat(t *testing.T) {
	body := []byte(`{"messages":[]}`)
	a := draw(1, body, 0)
	if a != draw(1, body, 0) || a < 0 || a >= 1 {
		t.Fatalf("draw %v is not a repeatable number in [0, 1)", a)
	}
	if a == draw(2, body, 0) || a == draw(1, body, 1) || a == draw(1, []byte(`{}`), 0) {
		t.Fatal("the draw ignores the seed, the repeat or the body")
	}
}

// A long run's prompt cache holds only what has not expired: a prefix no
// call reads again is dropped once its TTL has passed, while one read
// within its TTL is kept and read on.
func TestPromptCacheDropsExpiredPrefixes(t *testing.T) {
	now := time.Date(2026, 3, 1, 20, 0, 0, 0, time.UTC)
	s, err := New(Config{MinCacheTokens: -1, Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	call := func(system, ttl string) Usage {
		return s.usage(prompt{api: "bedrock", model: "m", system: []string{system}, points: []cachePoint{{after: 1, ttl: ttl}}}, "ok")
	}
	const world = "The world, read on every turn."
	call(world, "1h")
	// Five hours of a turn a minute, each with a prefix of its own kept
	// for five minutes, and the world read every half hour.
	for i := range 300 {
		now = now.Add(time.Minute)
		call(fmt.Sprintf("Turn %d's own context.", i), "")
		if i%30 == 29 {
			if u := call(world, "1h"); u.CacheRead == 0 {
				t.Fatalf("minute %d: the world, read within its hour, was not read from the cache: %+v", i+1, u)
			}
		}
	}
	// The world, and the turns of the last five minutes and of those
	// since the last sweep, at most.
	if n := len(s.cache); n > 1+5+5 {
		t.Errorf("after five hours the cache holds %d prefixes, want at most 11: the world and the last ten minutes' turns", n)
	}
}
