package standin

import (
	"strings"
	"sync"
)

// Collect is an emit (narrator.Narrator.Narrate's callback) that records
// the pieces it is given; it is safe for concurrent use, so a test can
// read what reached the caller while a stream is still going.
type Collect struct {
	mu     sync.Mutex
	pieces []string
}

// Emit records s.
func (c *Collect) Emit(s string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.pieces = append(c.pieces, s)
	return nil
}

// Got is a copy of the pieces so far.
func (c *Collect) Got() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.pieces...)
}

// Text is the pieces so far, joined.
func (c *Collect) Text() string { return strings.Join(c.Got(), "") }
