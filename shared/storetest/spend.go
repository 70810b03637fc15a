package storetest

import (
	"context"
	"fmt"
	"math"
	"sync"
	"testing"

	"chronicler/shared/fault"
	"chronicler/shared/game"
)

// daySpend: a day's spend starts at nothing, adds up across concurrent
// writers without losing one, keeps days apart, and refuses a day that is
// not a date or an amount that is not a sum of money.
func (s suite) daySpend(t *testing.T) {
	ctx := context.Background()
	st, ok := s.open(t).(game.DaySpend)
	if !ok {
		t.Fatal("the store does not keep the day's spend (game.DaySpend)")
	}
	if got, err := st.Spent(ctx, "2026-03-14"); err != nil || got != 0 {
		t.Fatalf("a day with no spend: %v, %v; want 0", got, err)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 20)
	for i := range 20 {
		wg.Go(func() {
			if err := st.AddSpent(ctx, "2026-03-14", 0.0123+float64(i%2)*0.0001); err != nil {
				errs <- fmt.Errorf("add %d: %w", i, err)
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	if err := st.AddSpent(ctx, "2026-03-15", 1.5); err != nil {
		t.Fatal(err)
	}
	got, err := st.Spent(ctx, "2026-03-14")
	if want := 20*0.0123 + 10*0.0001; err != nil || math.Abs(got-want) > 1e-6 {
		t.Fatalf("20 adds: $%f, %v; want $%f", got, err, want)
	}
	if got, _ := st.Spent(ctx, "2026-03-15"); got != 1.5 {
		t.Fatalf("the next day: $%f, want $1.5 apart from the day before", got)
	}
	for _, bad := range []struct {
		day string
		usd float64
	}{{"", 1}, {"yesterday", 1}, {"2026-03-14", -1}, {"2026-03-14", math.NaN()}, {"2026-03-14", math.Inf(1)}} {
		if err := st.AddSpent(ctx, bad.day, bad.usd); !fault.Is(err, fault.Invalid) {
			t.Errorf("AddSpent(%q, %v): err = %v, want Invalid", bad.day, bad.usd, err)
		}
	}
	if got, _ := st.Spent(ctx, "2026-03-14"); math.Abs(got-(20*0.0123+10*0.0001)) > 1e-6 {
		t.Fatalf("a refused add changed the day: $%f", got)
	}
}
