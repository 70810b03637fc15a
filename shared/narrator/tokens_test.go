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
		if c.bytes > c.max || len(c.m) == 0 {
			t.Fatalf("the cache holds %d bytes in %d texts; its bound is %d", c.bytes, len(c.m), c.max)
		}
	}
	if got, want := EstimateTokens("The goblin falls."), EstimateTokens("The goblin falls."); got != want || got == 0 {
		t.Errorf("EstimateTokens gave %d then %d", got, want)
	}
}
