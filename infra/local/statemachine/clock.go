package statemachine

import (
	"context"
	"sync"
	"time"
)

// Clock is the time source of a Service: Wait states, Retry intervals,
// TimeoutSeconds and HeartbeatSeconds all wait on After, and the context
// object's timestamps come from Now. Tests inject a ManualClock so a
// 30-second reaction window passes in microseconds.
type Clock interface {
	Now() time.Time
	After(d time.Duration) <-chan time.Time
}

type systemClock struct{}

func (systemClock) Now() time.Time                         { return time.Now() }
func (systemClock) After(d time.Duration) <-chan time.Time { return time.After(d) }

// SystemClock is the wall clock.
func SystemClock() Clock { return systemClock{} }

// ManualClock is a Clock that moves only when Advance is called. A timer
// created by After fires when an Advance reaches its deadline (Advance
// jumps, so a timer created in reaction to another starts from the new
// time); a timer of zero or negative duration fires at once.
type ManualClock struct {
	mu      sync.Mutex
	now     time.Time
	timers  []manualTimer
	changed chan struct{} // closed and replaced whenever a timer is added
}

type manualTimer struct {
	at time.Time
	ch chan time.Time
}

// NewManualClock returns a clock stopped at start.
func NewManualClock(start time.Time) *ManualClock {
	return &ManualClock{now: start, changed: make(chan struct{})}
}

// Now returns the clock's current time.
func (c *ManualClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// After returns a channel that receives the clock's time once Advance has
// moved it d past the present.
func (c *ManualClock) After(d time.Duration) <-chan time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	ch := make(chan time.Time, 1)
	if d <= 0 {
		ch <- c.now
		return ch
	}
	c.timers = append(c.timers, manualTimer{at: c.now.Add(d), ch: ch})
	close(c.changed)
	c.changed = make(chan struct{})
	return ch
}

// Advance moves the clock forward by d and fires every timer now due.
func (c *ManualClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
	kept := c.timers[:0]
	for _, t := range c.timers {
		if t.at.After(c.now) {
			kept = append(kept, t)
			continue
		}
		t.ch <- c.now // buffered, and each timer fires once
	}
	clear(c.timers[len(kept):])
	c.timers = kept
}

// Pending reports how many timers have not fired yet, including timers
// whose receiver has stopped listening.
func (c *ManualClock) Pending() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.timers)
}

// BlockUntil returns once at least n timers are pending, or with ctx's
// error. Tests call it before Advance when nothing else tells them that a
// Wait state or a Retry interval has started its timer.
func (c *ManualClock) BlockUntil(ctx context.Context, n int) error {
	for {
		c.mu.Lock()
		pending, changed := len(c.timers), c.changed
		c.mu.Unlock()
		if pending >= n {
			return nil
		}
		select {
		case <-changed:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}
