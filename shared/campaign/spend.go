package campaign

import (
	"math"
	"time"

	"chronicler/shared/fault"
)

// DaySpend is an amount added to the narrator's spend of a day of the
// whole game, as both stores keep it: the day (UTC, "2006-01-02") and
// the amount in millionths of a dollar, so that adds are exact.
type DaySpend struct {
	Day    time.Time
	Micros int64
}

// NewDaySpend validates an amount to add to a day's spend: a date, and a
// number of dollars, not negative.
func NewDaySpend(day string, usd float64) (DaySpend, error) {
	const op = "add to the day's spend"
	d, err := time.Parse(time.DateOnly, day)
	if err != nil {
		return DaySpend{}, fault.Field(op, "day", "must be a date, 2006-01-02")
	}
	if usd < 0 || math.IsNaN(usd) || math.IsInf(usd, 0) {
		return DaySpend{}, fault.Field(op, "usd", "must be a number of dollars, not negative")
	}
	return DaySpend{Day: d, Micros: int64(math.Round(usd * 1e6))}, nil
}

// MicrosUSD is a spend kept in millionths of a dollar, in dollars.
func MicrosUSD(micros int64) float64 { return float64(micros) / 1e6 }
