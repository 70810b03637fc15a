package game_test

import (
	"slices"
	"testing"
	"time"

	"chronicler/shared/game"
	"chronicler/shared/narrator"
	"chronicler/shared/throttle"
)

// The HTTP API reads the limit and the narrator through methods.
func TestAPIMethods(t *testing.T) {
	t.Run("NoLimitAllowsEveryCall", func(t *testing.T) {
		s := &game.Service{}
		for range 100 {
			if !s.AllowAPI("player:p1") {
				t.Fatal("refused without a limit")
			}
		}
	})
	t.Run("ALimitRefusesOverItsBurst", func(t *testing.T) {
		now := time.Date(2026, 11, 22, 5, 0, 0, 0, time.UTC)
		s := &game.Service{APILimit: throttle.New(1, 2, func() time.Time { return now })}
		got := []bool{s.AllowAPI("player:p1"), s.AllowAPI("player:p1"), s.AllowAPI("player:p1"), s.AllowAPI("player:p2")}
		if want := []bool{true, true, false, true}; !slices.Equal(got, want) {
			t.Errorf("allowed %v, want %v", got, want)
		}
	})
	t.Run("NarratorNameIsTheNarrators", func(t *testing.T) {
		if got := (&game.Service{Narrator: narrator.Offline{}}).NarratorName(); got != "offline" {
			t.Errorf("NarratorName = %q", got)
		}
	})
}
