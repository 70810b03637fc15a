package dice

import (
	"fmt"
	"reflect"

	"chronicler/shared/fault"
)

// Verify replays a stored roll: its expression, rolled again with its
// options from the faces it drew, must come out as the stored roll, term
// for term, total included. A roll that does not is not one the dice made:
// a face the die does not have, a total that is not the faces' sum, a kept
// die that was not kept. It returns a fault.Invalid error saying which.
func Verify(r Result) error {
	const op = "verify roll"
	x, err := Parse(r.Expr)
	if err != nil {
		return err
	}
	src := &replay{faces: r.Rolls}
	got, err := src.roll(x, r.Options())
	switch {
	case err != nil:
		return fault.E(fault.Invalid, op, "%s: %v", r.Expr, err)
	case src.next != len(r.Rolls):
		return fault.E(fault.Invalid, op, "%s: %d faces recorded, the roll draws %d", r.Expr, len(r.Rolls), src.next)
	case got.Total != r.Total:
		return fault.E(fault.Invalid, op, "%s: the faces make %d, not %d", r.Expr, got.Total, r.Total)
	case r.Terms != nil && !reflect.DeepEqual(normal(got.Terms), normal(r.Terms)):
		return fault.E(fault.Invalid, op, "%s: the terms are not those the faces make", r.Expr)
	case r.Natural != 0 && got.Natural != r.Natural:
		return fault.E(fault.Invalid, op, "%s: the natural d20 is %d, not %d", r.Expr, got.Natural, r.Natural)
	}
	return nil
}

// normal makes empty and nil lists alike, as JSON leaves them.
func normal(ts []TermResult) []TermResult {
	out := make([]TermResult, len(ts))
	for i, t := range ts {
		if len(t.Rolls) == 0 {
			t.Rolls = nil
		}
		if len(t.Kept) == 0 {
			t.Kept = nil
		}
		if len(t.Dropped) == 0 {
			t.Dropped = nil
		}
		if len(t.Rerolled) == 0 {
			t.Rerolled = nil
		}
		out[i] = t
	}
	return out
}

// replay is a Source that gives back recorded faces in order.
type replay struct {
	faces []int
	next  int
	bad   string
}

// Intn returns the next recorded face as a draw from [0, n). A face the
// die does not have, or none left, is noted and answered with 0, so the
// roll finishes and roll reports it.
func (s *replay) Intn(n int) int {
	if s.bad != "" {
		return 0
	}
	if s.next >= len(s.faces) {
		s.bad = fmt.Sprintf("the roll draws more than the %d faces recorded", len(s.faces))
		return 0
	}
	f := s.faces[s.next]
	s.next++
	if f < 1 || f > n {
		s.bad = fmt.Sprintf("face %d of a d%d", f, n)
		return 0
	}
	return f - 1
}

func (s *replay) roll(x Expr, opts []Option) (Result, error) {
	r := Roll(x, s, opts...)
	if s.bad != "" {
		return r, fmt.Errorf("%s", s.bad)
	}
	return r, nil
}
