package world_test

import (
	"slices"
	"testing"
)

// Route finds the fewest moves between two areas, along one-way exits
// as the author drew them.
func TestRoute(t *testing.T) {
	m := mapOf("a:b,c", "b:d", "c:d,e", "d:e", "e:", "f:a")
	for _, tt := range []struct {
		name, from, to string
		want           []string
	}{
		{"TheSameAreaIsItself", "a", "a", []string{"a"}},
		{"OneMoveAway", "a", "c", []string{"a", "c"}},
		{"TheShorterOfTwoWays", "a", "e", []string{"a", "c", "e"}},
		{"TiesGoTheAuthorsFirstWay", "a", "d", []string{"a", "b", "d"}},
		{"NoWayAgainstAOneWayExit", "e", "a", nil},
		{"AnAreaOffTheMap", "a", "z", nil},
		{"FromOffTheMap", "z", "a", nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := m.Route(tt.from, tt.to); !slices.Equal(got, tt.want) {
				t.Errorf("Route(%s, %s) = %v, want %v", tt.from, tt.to, got, tt.want)
			}
		})
	}
}
