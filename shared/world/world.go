package world

import (
	"cmp"
	"errors"
	"fmt"
	"hash/fnv"
	"maps"
	"slices"
	"strings"
	"unicode/utf8"

	"chronicler/shared/fault"
)

// Limits of a map. They keep a campaign's map small enough to validate on
// every write, to store beside the campaign state and to describe in a prompt.
const (
	MaxAreas            = 500
	MaxExits            = 50   // reachable ids per area
	MaxIDLength         = 128  // as the wire's ids (a move intent carries one)
	MaxNameRunes        = 100  // an area's name
	MaxDescriptionRunes = 2000 // an area's description
)

// ErrNotReachable is the cause of every refused Move: errors.Is(err,
// ErrNotReachable) tells a rules refusal from a broken map. Its text is the
// reason code the engine records in a turn's tool feedback.
var ErrNotReachable = errors.New("not_reachable")

// Area is one place characters can be in.
type Area struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// ParentAreaID groups areas (the rooms of an inn); "" is a top-level area.
	ParentAreaID string `json:"parent_area_id,omitempty"`
	// ReachableAreaIDs are the areas one move away, in the order the map's
	// author gave them. They are the only authority on movement.
	ReachableAreaIDs []string `json:"reachable_area_ids"`
	Description      string   `json:"description,omitempty"`
	// Light is how lit the area is: LightBright, LightDim, LightDark or
	// LightSunlight; "" is bright (a map drawn before areas kept their
	// light).
	Light string `json:"light,omitempty"`
}

// How lit an area is (Area.Light): what creatures there can see by,
// which decides who is unseen (darkvision sees darkness as dim light).
const (
	LightBright = "bright"
	LightDim    = "dim"
	LightDark   = "dark"
	// LightSunlight is bright light that is the sun's (an area out of
	// doors by day), which the creatures of the dark shun (a kobold's
	// Sunlight Sensitivity); to all else it is bright light.
	LightSunlight = "sunlight"
)

// LightOf is the light of area id on the map: its Light, or bright for
// an area that names none or is not on the map.
func (m Map) LightOf(id string) string {
	switch l := m.Areas[id].Light; l {
	case LightDim, LightDark, LightSunlight:
		return l
	}
	return LightBright
}

// Map is a campaign's areas by id.
type Map struct {
	Areas map[string]Area `json:"areas"`
}

// Connection is one directed edge of a map, derived from an area's
// reachable ids.
type Connection struct {
	FromAreaID string `json:"from_area_id"`
	ToAreaID   string `json:"to_area_id"`
}

// Connections returns every edge of m, derived from the areas'
// reachable_area_ids and sorted by from then to, so the same map always
// yields the same list. A repeated reachable id yields one edge.
func (m Map) Connections() []Connection {
	var cs []Connection
	for from, a := range m.Areas {
		for _, to := range a.ReachableAreaIDs {
			cs = append(cs, Connection{FromAreaID: from, ToAreaID: to})
		}
	}
	slices.SortFunc(cs, func(a, b Connection) int {
		return cmp.Or(strings.Compare(a.FromAreaID, b.FromAreaID), strings.Compare(a.ToAreaID, b.ToAreaID))
	})
	return slices.Compact(cs)
}

// Reachable returns the areas one move away from the area from, in its
// reachable_area_ids order, skipping ids that name no area. It returns nil
// for an unknown area.
func (m Map) Reachable(from string) []Area {
	a, ok := m.Areas[from]
	if !ok {
		return nil
	}
	out := make([]Area, 0, len(a.ReachableAreaIDs))
	for _, id := range a.ReachableAreaIDs {
		if to, ok := m.Areas[id]; ok {
			out = append(out, to)
		}
	}
	return out
}

// Move checks that a character in area from may move to area to in one
// hop: to must be among from's reachable ids. It returns nil when it may, a
// fault.Invalid on field "to_area_id" wrapping ErrNotReachable when it may
// not (the message lists where the character can go instead), and a
// fault.NotFound when from is not on the map (the character's position is
// stale, which is the server's fault, not the player's).
func (m Map) Move(from, to string) error {
	const op = "move"
	here, ok := m.Areas[from]
	if !ok {
		return fault.E(fault.NotFound, op, "the current area is not on the map")
	}
	if _, exists := m.Areas[to]; exists && slices.Contains(here.ReachableAreaIDs, to) {
		return nil
	}
	// The destination is never named: an id the player should not know of
	// (a secret room) must not leak its name through a refusal.
	var msg string
	names := make([]string, 0, len(here.ReachableAreaIDs))
	for _, a := range m.Reachable(from) {
		names = append(names, a.Name)
	}
	switch {
	case to == from:
		msg = fmt.Sprintf("you are already in %s", here.Name)
	case len(names) == 0:
		msg = fmt.Sprintf("the destination is not reachable from %s, and there is no way onward from here", here.Name)
	default:
		msg = fmt.Sprintf("the destination is not reachable from %s; from here you can reach: %s", here.Name, strings.Join(names, ", "))
	}
	return &fault.Error{Kind: fault.Invalid, Op: op, Field: "to_area_id", Message: msg, Err: ErrNotReachable}
}

const validateOp = "validate map"

// Validate checks m and returns a fault.Invalid naming the first bad field
// ("areas.cellar.reachable_area_ids[2]"), visiting areas in id order so the
// same map always reports the same field.
//
// The rules: ids are non-empty, at most MaxIDLength bytes, without spaces or
// control characters, and equal to their key; names are non-empty; a parent
// names another existing area and parents form no loop; reachable ids are
// non-empty, not repeated, not the area itself and name existing areas; and
// the areas sharing a parent_area_id (the top-level areas among them, when
// there are several) form one connected graph.
func (m Map) Validate() error {
	switch {
	case len(m.Areas) == 0:
		return fault.Field(validateOp, "areas", "must hold at least one area")
	case len(m.Areas) > MaxAreas:
		return fault.Field(validateOp, "areas", "must hold at most %d areas, got %d", MaxAreas, len(m.Areas))
	}
	keys := slices.Sorted(maps.Keys(m.Areas))
	for _, key := range keys {
		if err := m.validateArea(key); err != nil {
			return err
		}
	}
	for _, key := range keys {
		if err := m.checkParentLoop(key); err != nil {
			return err
		}
	}
	return m.checkConnected(keys)
}

func (m Map) validateArea(key string) error {
	at := "areas." + key
	a := m.Areas[key]
	if problem := idProblem(key); problem != "" {
		return fault.Field(validateOp, at, "id %s", problem)
	}
	if a.ID != key {
		return fault.Field(validateOp, at+".id", "must match its key %q, got %q", key, a.ID)
	}
	if strings.TrimSpace(a.Name) == "" {
		return fault.Field(validateOp, at+".name", "is required")
	}
	if n := utf8.RuneCountInString(a.Name); n > MaxNameRunes {
		return fault.Field(validateOp, at+".name", "must be at most %d characters, got %d", MaxNameRunes, n)
	}
	if n := utf8.RuneCountInString(a.Description); n > MaxDescriptionRunes {
		return fault.Field(validateOp, at+".description", "must be at most %d characters, got %d", MaxDescriptionRunes, n)
	}
	switch a.Light {
	case "", LightBright, LightDim, LightDark, LightSunlight:
	default:
		return fault.Field(validateOp, at+".light", "must be bright, dim, dark or sunlight, got %q", truncate(a.Light, 20))
	}
	if p := a.ParentAreaID; p != "" {
		if p == key {
			return fault.Field(validateOp, at+".parent_area_id", "an area cannot be its own parent")
		}
		if _, ok := m.Areas[p]; !ok {
			return fault.Field(validateOp, at+".parent_area_id", "names no area: %q", truncate(p, 40))
		}
	}
	if n := len(a.ReachableAreaIDs); n > MaxExits {
		return fault.Field(validateOp, at+".reachable_area_ids", "must hold at most %d ids, got %d", MaxExits, n)
	}
	seen := make(map[string]bool, len(a.ReachableAreaIDs))
	for i, to := range a.ReachableAreaIDs {
		field := fmt.Sprintf("%s.reachable_area_ids[%d]", at, i)
		switch {
		case to == "":
			return fault.Field(validateOp, field, "must be a non-empty area id")
		case to == key:
			return fault.Field(validateOp, field, "an area cannot reach itself")
		case seen[to]:
			return fault.Field(validateOp, field, "repeats %q", truncate(to, 40))
		}
		if _, ok := m.Areas[to]; !ok {
			return fault.Field(validateOp, field, "names no area: %q", truncate(to, 40))
		}
		seen[to] = true
	}
	return nil
}

// checkParentLoop reports key when walking up its parents comes back to
// it. Every parent exists (checked before), so a walk longer than the map
// has entered a loop that key is not part of; that loop's own members are
// reported when their turn comes.
func (m Map) checkParentLoop(key string) error {
	p := m.Areas[key].ParentAreaID
	for steps := 0; p != "" && steps <= len(m.Areas); steps++ {
		if p == key {
			return fault.Field(validateOp, "areas."+key+".parent_area_id", "parents form a loop")
		}
		p = m.Areas[p].ParentAreaID
	}
	return nil
}

// checkConnected requires every group of areas sharing a parent_area_id to
// be one connected graph, so no room of a building (and no top-level place)
// is an island. Edges count in either direction here: a one-way exit (a
// trapdoor down) still joins two areas into one place. Only edges between
// members of the group count; keys is sorted, so the first area cut off is
// always the same.
func (m Map) checkConnected(keys []string) error {
	groups := make(map[string][]string)
	for _, k := range keys {
		p := m.Areas[k].ParentAreaID
		groups[p] = append(groups[p], k)
	}
	for _, parent := range slices.Sorted(maps.Keys(groups)) {
		members := groups[parent]
		if len(members) < 2 {
			continue
		}
		in := make(map[string]bool, len(members))
		for _, k := range members {
			in[k] = true
		}
		adj := make(map[string][]string, len(members))
		for _, k := range members {
			for _, to := range m.Areas[k].ReachableAreaIDs {
				if in[to] {
					adj[k] = append(adj[k], to)
					adj[to] = append(adj[to], k)
				}
			}
		}
		seen := map[string]bool{members[0]: true}
		queue := []string{members[0]}
		for len(queue) > 0 {
			k := queue[0]
			queue = queue[1:]
			for _, n := range adj[k] {
				if !seen[n] {
					seen[n] = true
					queue = append(queue, n)
				}
			}
		}
		for _, k := range members {
			if seen[k] {
				continue
			}
			where := "the other top-level areas"
			if parent != "" {
				where = fmt.Sprintf("the other areas inside %q", truncate(parent, 40))
			}
			return fault.Field(validateOp, "areas."+k+".reachable_area_ids", "is cut off from %s (first: %q); areas sharing a parent must be connected", where, truncate(members[0], 40))
		}
	}
	return nil
}

// idProblem says what is wrong with an area id, or "" when nothing is.
func idProblem(id string) string {
	switch {
	case id == "":
		return "is empty"
	case len(id) > MaxIDLength:
		return fmt.Sprintf("is longer than %d bytes", MaxIDLength)
	case !utf8.ValidString(id):
		return "is not UTF-8"
	}
	for _, r := range id {
		if r < 0x21 || r == 0x7f {
			return "must not contain spaces or control characters"
		}
	}
	return ""
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// innNames are the starter inn's names; the campaign's seed picks one so two
// campaigns do not open in the same inn.
var innNames = []string{"The Crossed Keys", "The Wayward Lantern", "The Gilded Goose", "The Hollow Oak"}

// StarterArea is where a party begins on the starter map.
const StarterArea = "common-room"

// Starter returns the map a campaign starts on when it has none: an inn at a
// crossroads with its common room, cellar and stables. The same seed always
// gives the same map; every call returns a fresh copy the caller may change.
// The map validates.
func Starter(seed string) Map {
	h := fnv.New32a()
	h.Write([]byte(seed))
	inn := innNames[h.Sum32()%uint32(len(innNames))]
	areas := []Area{
		{ID: "road", Name: "The Crossroads", ReachableAreaIDs: []string{"common-room", "stables"}, Light: LightDim,
			Description: "Two muddy roads cross beneath a leaning signpost. " + inn + " stands at the corner, its windows lit."},
		{ID: "common-room", Name: "Common Room", ReachableAreaIDs: []string{"road", "cellar", "stables"}, Light: LightBright,
			Description: "The common room of " + inn + ": a low-beamed hall with a crackling hearth, long tables and a trapdoor behind the bar."},
		{ID: "cellar", Name: "Cellar", ReachableAreaIDs: []string{"common-room"}, Light: LightDark,
			Description: "A cold cellar of casks and sacks under " + inn + ", reached by a ladder from the common room."},
		{ID: "stables", Name: "Stables", ReachableAreaIDs: []string{"road", "common-room"}, Light: LightDim,
			Description: "Straw, horses and a stable hand dozing on a bale. A yard opens onto the road and a back door leads into the inn."},
	}
	m := Map{Areas: make(map[string]Area, len(areas))}
	for _, a := range areas {
		m.Areas[a.ID] = a
	}
	return m
}
