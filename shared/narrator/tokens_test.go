package narrator

import (
	"fmt"
	"strings"
	"testing"
)

// A cached count is the count, and the cache keeps to its bound.
func TestTokenCache(t *testing.T) {
	c := tokenCache{max: 96}
	calls := 0
	count := func(s string) func() int {
		return func() int { calls++; return len(strings.Fields(s)) }
	}
	for range 3 {
		if n := c.get("a b c", count("a b c")); n != 3 {
			t.Fatalf("count = %d, want 3", n)
		}
	}
	if calls != 1 {
		t.Errorf("counted %d times, want once", calls)
	}
	for i := range 40 {
		s := fmt.Sprint("w ", i)
		if n := c.get(s, count(s)); n != 2 {
			t.Fatalf("count of %q = %d", s, n)
		}
		held := 0
		for _, m := range []map[string]int{c.m, c.old} {
			for k := range m {
				held += len(k)
			}
		}
		if held > c.max || len(c.m) == 0 {
			t.Fatalf("the cache holds %d bytes in %d+%d texts; its bound is %d", held, len(c.m), len(c.old), c.max)
		}
	}
	if got, want := EstimateTokens("The goblin falls."), EstimateTokens("The goblin falls."); got != want || got == 0 {
		t.Errorf("EstimateTokens gave %d then %d", got, want)
	}
}

// A text in use stays counted while others come and go: filling the cache
// does not make it count again.
func TestTokenCacheKeepsTextsInUse(t *testing.T) {
	c := tokenCache{max: 1600}
	calls := 0
	hot := func() int { calls++; return 7 }
	for i := range 1000 {
		if n := c.get("the system prompt", hot); n != 7 {
			t.Fatalf("count = %d", n)
		}
		s := fmt.Sprint("line ", i)
		c.get(s, func() int { return 2 })
	}
	if calls != 1 {
		t.Fatalf("the text in use was counted %d times, want once", calls)
	}
}

// A text counted line by line counts exactly as the tokenizer counts it
// whole: at the line breaks it splits on, no piece of cl100k_base's spans
// the break, so nothing a budget measures moves.
func TestEstimateTokensByLines(t *testing.T) {
	texts := []string{
		Join(Blocks(sampleRequest())),
		"The goblin falls.\nMira steps over it.\n\nBram laughs.",
		"end.\nNext line\n  indented\n\tand tabbed\n-dash\n's\n12\n345\n678 and more",
		"trailing space \nx\r\ny\n\n\nz\n \nw\n\u00a0nbsp\nétoile\n日本\n",
		"\n\nstarts with breaks\n",
		"a\n<|endoftext|>\nb",
	}
	for _, b := range Blocks(sampleRequest()) {
		texts = append(texts, b.Text)
	}
	split := false
	for _, text := range texts {
		if len(tokenLines(text)) > 1 {
			split = true
		}
		if got, want := EstimateTokens(text), countTokens(text); got != want {
			t.Errorf("EstimateTokens(%q) = %d, counted whole %d", text, got, want)
		}
	}
	if !split {
		t.Fatal("no text was counted by lines")
	}
}

func FuzzEstimateTokensByLines(f *testing.F) {
	for _, s := range []string{"a.\nb", "x \n\ny", "'s\n'S", "1\n2", "é\n\u2028x", "<|endoftext|>\nq"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		n := 0
		for _, l := range tokenLines(text) {
			n += countTokens(l)
		}
		if lines := tokenLines(text); len(lines) > 1 && n != countTokens(text) {
			t.Fatalf("%q: %d by lines, %d whole", text, n, countTokens(text))
		}
	})
}
