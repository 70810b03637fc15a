package dice_test

import (
	"testing"

	"chronicler/shared/dice"
	"chronicler/shared/fault"
)

// FuzzParse checks that no input panics, that every error is Invalid, and
// that every accepted expression re-parses from its canonical form to an
// equal expression whose rolls stay within its bounds.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"d20", "1d20+5", "2d6+1d4+3", "4d6kh3", "4d6kl1", "2d20kl1", "d%",
		"1d8-1", "2d6-1d4", " 1 D20 + 5 ", "-1d4+2", "1d0", "999999d6",
		"d20+", "2d", "kh3", "4d6kh5", "+", "", "1d20++2", "100d1000kh99",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e, err := dice.Parse(s)
		if err != nil {
			if !fault.Is(err, fault.Invalid) {
				t.Fatalf("Parse(%q): error of kind %q: %v", s, fault.KindOf(err), err)
			}
			return
		}
		canon := e.String()
		again, err := dice.Parse(canon)
		if err != nil {
			t.Fatalf("Parse(%q) accepted, canonical %q rejected: %v", s, canon, err)
		}
		if again != e {
			t.Fatalf("Parse(%q) = %q, re-parsed as %q", s, canon, again)
		}
		if e.Min() > e.Max() {
			t.Fatalf("%q: Min %d > Max %d", canon, e.Min(), e.Max())
		}
		r := dice.Roll(e, dice.NewSeeded(uint64(len(s))), dice.Advantage(), dice.RerollBelow(2))
		if r.Total < e.Min() || r.Total > e.Max() {
			t.Fatalf("%q rolled %d outside [%d, %d]", canon, r.Total, e.Min(), e.Max())
		}
	})
}
