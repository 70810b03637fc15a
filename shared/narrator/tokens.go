package narrator

import (
	"strings"
	"sync"
)

// counts remembers the token counts of texts counted lately. A turn counts
// the same texts turn after turn: the system prompt and the world's
// blocks, a campaign's recent turns and lore lines, and then its prompt's
// blocks again for the context inspector. The tokenizer's regular
// expressions cost about a millisecond a turn and much of its garbage;
// a hit costs a map lookup.
var counts = tokenCache{max: 8 << 20}

// tokenCache maps texts to their counts, up to max bytes of text; when
// full it starts again empty (the texts that matter are back within a
// turn).
type tokenCache struct {
	mu    sync.Mutex
	m     map[string]int
	bytes int
	max   int
}

// get is text's count, from the cache or from count.
func (c *tokenCache) get(text string, count func() int) int {
	c.mu.Lock()
	n, ok := c.m[text]
	c.mu.Unlock()
	if ok {
		return n
	}
	n = count()
	if len(text) > c.max/16 {
		return n // too big to keep
	}
	c.mu.Lock()
	if c.m == nil || c.bytes+len(text) > c.max {
		c.m, c.bytes = map[string]int{}, 0
	}
	if _, ok := c.m[text]; !ok {
		// A copy: text may be a slice of a much larger string.
		c.m[strings.Clone(text)] = n
		c.bytes += len(text)
	}
	c.mu.Unlock()
	return n
}
