// Package throttletest is the one contract every per-key rate limiter
// (throttle.Buckets in memory, dynamo.Limiter across instances) must keep.
package throttletest

import (
	"sync"
	"testing"
	"time"
)

// Limiter is what the use cases ask of a rate limiter (game.Limiter).
type Limiter interface {
	Allow(key string) bool
}

// New builds a limiter of rate tokens a second up to burst, on the clock
// now; each call is a limiter of its own (its own keys).
type New func(t *testing.T, rate float64, burst int, now func() time.Time) Limiter

// Clock is a settable clock.
type Clock struct {
	mu sync.Mutex
	t  time.Time
}

// Now is the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

// Set puts the clock at t.
func (c *Clock) Set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = t
}

// Add moves the clock on.
func (c *Clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// Run holds newLimiter to the contract.
func Run(t *testing.T, newLimiter New) {
	start := time.Date(2026, 3, 14, 15, 9, 26, 0, time.UTC)
	allowed := func(l Limiter, key string, n int) int {
		got := 0
		for range n {
			if l.Allow(key) {
				got++
			}
		}
		return got
	}
	t.Run("BurstThenRefusal", func(t *testing.T) {
		c := &Clock{t: start}
		l := newLimiter(t, 1, 3, c.Now)
		if got := allowed(l, "p1", 5); got != 3 {
			t.Errorf("%d of 5 calls at once allowed, want the burst of 3", got)
		}
	})
	t.Run("RefillsAtRate", func(t *testing.T) {
		c := &Clock{t: start}
		l := newLimiter(t, 2, 2, c.Now)
		allowed(l, "p1", 2)
		if l.Allow("p1") {
			t.Fatal("allowed with the bucket empty")
		}
		c.Add(500 * time.Millisecond) // one token at 2 a second
		if got := allowed(l, "p1", 3); got != 1 {
			t.Errorf("%d allowed half a second later, want 1", got)
		}
	})
	t.Run("CapsAtBurst", func(t *testing.T) {
		c := &Clock{t: start}
		l := newLimiter(t, 1, 2, c.Now)
		c.Add(time.Hour)
		if got := allowed(l, "p1", 4); got != 2 {
			t.Errorf("%d allowed after an hour idle, want the burst of 2", got)
		}
	})
	t.Run("KeysApart", func(t *testing.T) {
		c := &Clock{t: start}
		l := newLimiter(t, 1, 1, c.Now)
		if !l.Allow("p1") || !l.Allow("p2") {
			t.Error("one key's spending refused another")
		}
		if l.Allow("p1") {
			t.Error("p1 allowed twice with a burst of 1")
		}
	})
	t.Run("ConcurrentSpendNoMoreThanBurst", func(t *testing.T) {
		c := &Clock{t: start}
		l := newLimiter(t, 1, 4, c.Now)
		var wg sync.WaitGroup
		var mu sync.Mutex
		got := 0
		for range 8 {
			wg.Go(func() {
				if l.Allow("p1") {
					mu.Lock()
					got++
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		if got > 4 {
			t.Errorf("%d of 8 concurrent calls allowed, want at most the burst of 4", got)
		}
	})
}
