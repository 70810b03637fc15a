package throttle

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"chronicler/shared/throttle/throttletest"
)

func TestBuckets(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	b := New(2, 3, clock)
	for i := range 3 {
		if !b.Allow("p1") {
			t.Fatalf("burst token %d refused", i)
		}
	}
	if b.Allow("p1") {
		t.Fatal("a fourth request within the burst was allowed")
	}
	if !b.Allow("p2") {
		t.Fatal("another key shares p1's bucket")
	}
	now = now.Add(500 * time.Millisecond) // one token at 2/s
	if !b.Allow("p1") || b.Allow("p1") {
		t.Fatal("refill after half a second is not exactly one token")
	}
	now = now.Add(time.Hour)
	for i := range 3 {
		if !b.Allow("p1") {
			t.Fatalf("after an hour the bucket holds less than the burst (%d)", i)
		}
	}
	if b.Allow("p1") {
		t.Fatal("the bucket grew past the burst")
	}
}

func TestBucketsForgetIdleKeys(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	b := New(1, 5, func() time.Time { return now })
	for i := range 1000 {
		b.Allow(fmt.Sprint("p", i))
	}
	now = now.Add(2 * time.Minute)
	b.Allow("late")
	if n := len(b.buckets); n != 1 {
		t.Fatalf("%d buckets kept after every other key went idle", n)
	}
}

func TestBucketsConcurrent(t *testing.T) {
	b := New(0.001, 100, time.Now)
	var wg sync.WaitGroup
	var mu sync.Mutex
	allowed := 0
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 50 {
				if b.Allow("p") {
					mu.Lock()
					allowed++
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	if allowed != 100 {
		t.Fatalf("%d of 400 concurrent requests allowed with a burst of 100", allowed)
	}
}

func TestContract(t *testing.T) {
	throttletest.Run(t, func(_ *testing.T, rate float64, burst int, now func() time.Time) throttletest.Limiter {
		return New(rate, burst, now)
	})
}
