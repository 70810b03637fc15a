package world

import "slices"

// Route is the shortest way from area from to area to, in moves along
// the areas' reachable ids: the areas passed through, from's first and
// to's last (one area when they are the same). Of two ways equally short
// it takes the one whose first differing step comes earlier in its
// area's reachable ids, as the author ordered them. It is nil when either
// area is not on the map or no way leads there.
func (m Map) Route(from, to string) []string {
	if _, ok := m.Areas[from]; !ok {
		return nil
	}
	if _, ok := m.Areas[to]; !ok {
		return nil
	}
	prev := map[string]string{from: ""}
	queue := []string{from}
	for len(queue) > 0 && !has(prev, to) {
		here := queue[0]
		queue = queue[1:]
		for _, next := range m.Areas[here].ReachableAreaIDs {
			if _, ok := m.Areas[next]; !ok || has(prev, next) {
				continue
			}
			prev[next] = here
			queue = append(queue, next)
		}
	}
	if !has(prev, to) {
		return nil
	}
	var way []string
	for at := to; at != ""; at = prev[at] {
		way = append(way, at)
	}
	slices.Reverse(way)
	return way
}

func has(m map[string]string, k string) bool {
	_, ok := m[k]
	return ok
}
