package dice

import (
	"testing"

	"chronicler/shared/fault"
)

// Every roll the dice make verifies, with every option; a stored roll
// changed in any way a forger would does not.
func TestVerify(t *testing.T) {
	src := NewSeeded(7)
	for _, expr := range []string{"1d20+5", "2d6+1d4+3", "4d6kh3", "2d20kl1", "d%", "1d8-1d4", "3"} {
		x, err := Parse(expr)
		if err != nil {
			t.Fatal(err)
		}
		for _, opts := range [][]Option{nil, {Advantage()}, {Disadvantage()}, {Critical()}, {RerollBelow(3)}, {RerollLow(2)}, {Lucky()}, {Advantage(), Lucky()}} {
			for range 50 {
				r := Roll(x, src, opts...)
				if err := Verify(r); err != nil {
					t.Fatalf("%s %+v: %v", expr, r, err)
				}
			}
		}
	}

	x, _ := Parse("1d20+5")
	good := Roll(x, NewSeeded(3), Advantage())
	forged := map[string]func(r *Result){
		"Total":         func(r *Result) { r.Total += 10 },
		"FaceOffTheDie": func(r *Result) { r.Rolls = []int{25, r.Rolls[1]}; r.Terms = nil },
		"MissingFace":   func(r *Result) { r.Rolls = r.Rolls[:1] },
		"ExtraFace":     func(r *Result) { r.Rolls = append(r.Rolls, 4) },
		"KeptTheLower": func(r *Result) {
			r.Terms[0].Kept, r.Terms[0].Dropped = r.Terms[0].Dropped, r.Terms[0].Kept
		},
		"NoAdvantage": func(r *Result) { r.Advantage = false },
		"Expression":  func(r *Result) { r.Expr = "1d20+6" },
		"Natural":     func(r *Result) { r.Natural = 20 },
	}
	for name, forge := range forged {
		t.Run(name, func(t *testing.T) {
			r := good
			r.Rolls = append([]int(nil), good.Rolls...)
			r.Terms = append([]TermResult(nil), good.Terms...)
			forge(&r)
			if err := Verify(r); !fault.Is(err, fault.Invalid) {
				t.Fatalf("Verify(%+v) = %v, want invalid", r, err)
			}
		})
	}
	if err := Verify(Result{Expr: "1d0"}); !fault.Is(err, fault.Invalid) {
		t.Fatalf("an expression that does not parse: %v", err)
	}
}

// FuzzVerify: no stored roll, however forged, panics the replay, and what
// it accepts adds up.
func FuzzVerify(f *testing.F) {
	f.Add("1d20+5", 3, 14, 19, true)
	f.Add("4d6kh3", 6, 1, 7, false)
	f.Add("d%", 100, 0, 100, false)
	f.Fuzz(func(t *testing.T, expr string, a, b, total int, adv bool) {
		r := Result{Expr: expr, Rolls: []int{a, b}, Total: total, Advantage: adv}
		if err := Verify(r); err != nil {
			if !fault.Is(err, fault.Invalid) {
				t.Fatalf("Verify(%+v) = %v, not invalid", r, err)
			}
			return
		}
		x, _ := Parse(expr)
		if got := Roll(x, &replay{faces: r.Rolls}, r.Options()...); got.Total != total {
			t.Fatalf("accepted %+v, which makes %d", r, got.Total)
		}
	})
}
