// Package dicetest gives tests dice whose faces they choose, so a rule's
// test says exactly which roll it is about.
package dicetest

import "testing"

// Script is a dice.Source that returns the faces a test chose, in order. It
// fails the test if a face does not fit the die asked for, if it runs out,
// or (at cleanup) if faces are left over.
type Script struct {
	t     testing.TB
	faces []int
}

// Faces returns a source that yields the given faces (1-based) and checks
// at the end of the test that all were drawn.
func Faces(t testing.TB, f ...int) *Script {
	t.Helper()
	s := &Script{t: t, faces: f}
	t.Cleanup(func() {
		if len(s.faces) > 0 && !t.Failed() {
			t.Errorf("faces left undrawn: %v", s.faces)
		}
	})
	return s
}

// Intn implements dice.Source.
func (s *Script) Intn(n int) int {
	s.t.Helper()
	if len(s.faces) == 0 {
		s.t.Fatalf("no face scripted for a d%d", n)
	}
	f := s.faces[0]
	s.faces = s.faces[1:]
	if f < 1 || f > n {
		s.t.Fatalf("scripted face %d does not fit a d%d", f, n)
	}
	return f - 1
}
