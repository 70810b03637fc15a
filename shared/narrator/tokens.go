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

// tokenCache maps texts to their counts, up to max bytes of text in two
// generations of half each: when the newer is full it becomes the older
// and the older is dropped, and a text found in the older moves to the
// newer. The texts in use stay counted across the turn, so a full cache
// never leaves every table to count its whole prompt again at once.
type tokenCache struct {
	mu     sync.Mutex
	m, old map[string]int
	bytes  int
	max    int
}

// get is text's count, from the cache or from count.
func (c *tokenCache) get(text string, count func() int) int {
	c.mu.Lock()
	n, ok := c.m[text]
	if !ok {
		if n, ok = c.old[text]; ok {
			c.keep(text, n)
		}
	}
	c.mu.Unlock()
	if ok {
		return n
	}
	n = count()
	if len(text) > c.max/16 {
		return n // too big to keep
	}
	c.mu.Lock()
	if _, ok := c.m[text]; !ok {
		c.keep(text, n)
	}
	c.mu.Unlock()
	return n
}

// keep puts text's count in the newer generation; c.mu is held.
func (c *tokenCache) keep(text string, n int) {
	if c.m == nil || c.bytes+len(text) > c.max/2 {
		c.m, c.old, c.bytes = map[string]int{}, c.m, 0
	}
	// A copy: text may be a slice of a much larger string.
	c.m[strings.Clone(text)] = n
	c.bytes += len(text)
}
