// Package throttle limits how often one key (a player) may act: a token
// bucket per key, in memory. It is the rate limit on one machine; in the
// cloud, where a player's calls reach many instances, dynamo.Limiter keeps
// the same buckets in the table (throttletest holds both to one contract).
package throttle

import (
	"sync"
	"time"
)

// Buckets is a token bucket per key: each key may spend burst tokens at
// once and earns rate tokens per second. It is safe for concurrent use.
type Buckets struct {
	rate  float64
	burst float64
	now   func() time.Time

	mu      sync.Mutex
	buckets map[string]*bucket
	swept   time.Time
}

type bucket struct {
	tokens float64
	last   time.Time
}

// New returns buckets that refill at rate per second up to burst.
func New(rate float64, burst int, now func() time.Time) *Buckets {
	return &Buckets{rate: rate, burst: float64(burst), now: now, buckets: map[string]*bucket{}}
}

// Allow spends one of key's tokens and reports whether there was one.
func (b *Buckets) Allow(key string) bool {
	now := b.now()
	b.mu.Lock()
	defer b.mu.Unlock()
	b.sweep(now)
	k, ok := b.buckets[key]
	if !ok {
		k = &bucket{tokens: b.burst, last: now}
		b.buckets[key] = k
	}
	k.tokens = min(b.burst, k.tokens+now.Sub(k.last).Seconds()*b.rate)
	k.last = now
	if k.tokens < 1 {
		return false
	}
	k.tokens--
	return true
}

// sweep forgets full buckets now and then, so memory follows the players
// who are active, not every player ever seen.
func (b *Buckets) sweep(now time.Time) {
	if now.Sub(b.swept) < time.Minute {
		return
	}
	b.swept = now
	full := time.Duration(b.burst / b.rate * float64(time.Second))
	for key, k := range b.buckets {
		if now.Sub(k.last) > full {
			delete(b.buckets, key)
		}
	}
}
