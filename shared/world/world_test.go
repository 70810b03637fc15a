package world_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"chronicler/shared/fault"
	"chronicler/shared/world"
)

// mapOf builds a map from areas given as "id:reach1,reach2" with name = id.
func mapOf(specs ...string) world.Map {
	m := world.Map{Areas: map[string]world.Area{}}
	for _, s := range specs {
		id, reach, _ := strings.Cut(s, ":")
		a := world.Area{ID: id, Name: strings.ToUpper(id[:1]) + id[1:], ReachableAreaIDs: []string{}}
		if reach != "" {
			a.ReachableAreaIDs = strings.Split(reach, ",")
		}
		m.Areas[id] = a
	}
	return m
}

func edit(m world.Map, id string, f func(*world.Area)) world.Map {
	a := m.Areas[id]
	f(&a)
	m.Areas[id] = a
	return m
}

func TestValidate(t *testing.T) {
	many := func(n int) world.Map {
		m := world.Map{Areas: map[string]world.Area{}}
		for i := range n {
			id := fmt.Sprintf("a%03d", i)
			var reach []string
			if i > 0 {
				reach = []string{fmt.Sprintf("a%03d", i-1)}
			}
			m.Areas[id] = world.Area{ID: id, Name: id, ReachableAreaIDs: reach}
		}
		return m
	}
	exits := func(n int) world.Map {
		specs := []string{}
		var to []string
		for i := range n {
			id := fmt.Sprintf("x%02d", i)
			to = append(to, id)
			specs = append(specs, id+":hub")
		}
		return mapOf(append(specs, "hub:"+strings.Join(to, ","))...)
	}

	tests := []struct {
		name  string
		m     world.Map
		field string // "" when the map is valid
	}{
		{"AcceptsTheSeedExample", mapOf("area_001:area_002", "area_002:"), ""},
		{"AcceptsOneArea", mapOf("inn:"), ""},
		{"AcceptsOneWayExitsAsConnected", mapOf("hall:pit", "pit:"), ""},
		{"AcceptsAStarter", world.Starter("camp_0001"), ""},
		{"AcceptsMaxAreas", many(world.MaxAreas), ""},
		{"AcceptsMaxExits", exits(world.MaxExits), ""},
		{"AcceptsNestedGroupsEachConnected", edit(edit(mapOf("road:inn", "inn:road,hall", "hall:inn,cellar", "cellar:hall"),
			"hall", func(a *world.Area) { a.ParentAreaID = "inn" }),
			"cellar", func(a *world.Area) { a.ParentAreaID = "inn" }), ""},
		{"AcceptsChildrenLinkedOnlyThroughTheirParentGroupEdges", edit(edit(mapOf("inn:", "hall:cellar", "cellar:"),
			"hall", func(a *world.Area) { a.ParentAreaID = "inn" }),
			"cellar", func(a *world.Area) { a.ParentAreaID = "inn" }), ""},

		{"RefusesNoAreas", world.Map{}, "areas"},
		{"RefusesTooManyAreas", many(world.MaxAreas + 1), "areas"},
		{"RefusesTooManyExits", exits(world.MaxExits + 1), "areas.hub.reachable_area_ids"},
		{"RefusesEmptyKey", world.Map{Areas: map[string]world.Area{"": {Name: "Nowhere"}}}, "areas."},
		{"RefusesKeyWithSpaces", world.Map{Areas: map[string]world.Area{"common room": {ID: "common room", Name: "Common Room"}}}, "areas.common room"},
		{"RefusesLongKey", world.Map{Areas: map[string]world.Area{strings.Repeat("a", 129): {ID: strings.Repeat("a", 129), Name: "A"}}}, "areas." + strings.Repeat("a", 129)},
		{"RefusesIDNotMatchingKey", edit(mapOf("cellar:"), "cellar", func(a *world.Area) { a.ID = "basement" }), "areas.cellar.id"},
		{"RefusesMissingID", edit(mapOf("cellar:"), "cellar", func(a *world.Area) { a.ID = "" }), "areas.cellar.id"},
		{"RefusesEmptyName", edit(mapOf("cellar:"), "cellar", func(a *world.Area) { a.Name = " " }), "areas.cellar.name"},
		{"RefusesLongName", edit(mapOf("cellar:"), "cellar", func(a *world.Area) { a.Name = strings.Repeat("é", world.MaxNameRunes+1) }), "areas.cellar.name"},
		{"RefusesLongDescription", edit(mapOf("cellar:"), "cellar", func(a *world.Area) { a.Description = strings.Repeat("x", world.MaxDescriptionRunes+1) }), "areas.cellar.description"},
		{"RefusesEmptyReachableID", mapOf("cellar:inn,,road", "inn:cellar", "road:cellar"), "areas.cellar.reachable_area_ids[1]"},
		{"RefusesDuplicateReachableID", mapOf("cellar:inn,road,inn", "inn:cellar", "road:cellar"), "areas.cellar.reachable_area_ids[2]"},
		{"RefusesSelfLoop", mapOf("cellar:inn,cellar", "inn:cellar"), "areas.cellar.reachable_area_ids[1]"},
		{"RefusesUnknownReachableID", mapOf("cellar:inn,vault", "inn:cellar"), "areas.cellar.reachable_area_ids[1]"},
		{"RefusesDisconnectedTopLevelAreas", mapOf("cellar:inn", "inn:cellar", "road:", "tower:road"), "areas.road.reachable_area_ids"},
		{"RefusesDisconnectedGroup", edit(edit(mapOf("inn:hall,cellar", "hall:inn", "cellar:inn"),
			"hall", func(a *world.Area) { a.ParentAreaID = "inn" }),
			"cellar", func(a *world.Area) { a.ParentAreaID = "inn" }), "areas.hall.reachable_area_ids"},
		{"RefusesUnknownParent", edit(mapOf("cellar:"), "cellar", func(a *world.Area) { a.ParentAreaID = "inn" }), "areas.cellar.parent_area_id"},
		{"RefusesOwnParent", edit(mapOf("cellar:"), "cellar", func(a *world.Area) { a.ParentAreaID = "cellar" }), "areas.cellar.parent_area_id"},
		{"RefusesParentLoopAtALoopMember", edit(edit(edit(mapOf("a:b", "b:a", "c:"),
			"a", func(a *world.Area) { a.ParentAreaID = "b" }),
			"b", func(a *world.Area) { a.ParentAreaID = "c" }),
			"c", func(a *world.Area) { a.ParentAreaID = "b" }), "areas.b.parent_area_id"},
		{"RefusesParentLoop", edit(edit(mapOf("a:b", "b:a", "c:"),
			"b", func(a *world.Area) { a.ParentAreaID = "c" }),
			"c", func(a *world.Area) { a.ParentAreaID = "b" }), "areas.b.parent_area_id"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.m.Validate()
			if tt.field == "" {
				if err != nil {
					t.Fatalf("Validate() = %v, want nil", err)
				}
				return
			}
			var fe *fault.Error
			if !errors.As(err, &fe) || fe.Kind != fault.Invalid {
				t.Fatalf("Validate() = %v, want a fault.Invalid on %s", err, tt.field)
			}
			if fe.Field != tt.field {
				t.Fatalf("Validate() field = %q, want %q (%v)", fe.Field, tt.field, err)
			}
		})
	}
}

func TestValidateReportsTheSameFieldEveryTime(t *testing.T) {
	m := mapOf("a:x", "b:y", "c:z", "d:a", "e:a")
	want := m.Validate()
	for range 50 {
		if got := m.Validate(); got.Error() != want.Error() {
			t.Fatalf("Validate() = %v, then %v", want, got)
		}
	}
	if !strings.Contains(want.Error(), "areas.a.reachable_area_ids[0]") {
		t.Fatalf("Validate() = %v, want the first area in id order", want)
	}
}

func TestMove(t *testing.T) {
	m := world.Starter("seed")
	tests := []struct {
		name     string
		from, to string
		kind     fault.Kind
		says     string
	}{
		{"AllowsOneHop", "common-room", "cellar", "", ""},
		{"AllowsTheWayBack", "cellar", "common-room", "", ""},
		{"RefusesTwoHops", "cellar", "road", fault.Invalid, "not reachable from Cellar; from here you can reach: Common Room"},
		{"RefusesStayingPut", "cellar", "cellar", fault.Invalid, "already in Cellar"},
		{"RefusesUnknownDestinationWithoutNamingIt", "road", "vault", fault.Invalid, "from here you can reach: Common Room, Stables"},
		{"RefusesEmptyDestination", "road", "", fault.Invalid, "not reachable"},
		{"ReportsAStalePosition", "moon", "road", fault.NotFound, "not on the map"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := m.Move(tt.from, tt.to)
			if tt.kind == "" {
				if err != nil {
					t.Fatalf("Move(%q, %q) = %v, want nil", tt.from, tt.to, err)
				}
				return
			}
			if !fault.Is(err, tt.kind) || !strings.Contains(err.Error(), tt.says) {
				t.Fatalf("Move(%q, %q) = %v, want %s saying %q", tt.from, tt.to, err, tt.kind, tt.says)
			}
			if tt.kind == fault.Invalid {
				var fe *fault.Error
				if !errors.As(err, &fe) || fe.Field != "to_area_id" || !errors.Is(err, world.ErrNotReachable) {
					t.Fatalf("Move(%q, %q) = %#v, want field to_area_id wrapping ErrNotReachable", tt.from, tt.to, err)
				}
				if _, msg := fault.Public(err); strings.Contains(msg, tt.to) && tt.to != "" && tt.to != tt.from {
					t.Fatalf("public message %q names the destination", msg)
				}
			}
		})
	}
}

func TestMoveFromADeadEnd(t *testing.T) {
	m := mapOf("hall:pit", "pit:")
	err := m.Move("pit", "hall")
	if !errors.Is(err, world.ErrNotReachable) || !strings.Contains(err.Error(), "no way onward") {
		t.Fatalf("Move(pit, hall) = %v, want not reachable with no way onward", err)
	}
}

func TestConnections(t *testing.T) {
	m := mapOf("road:stables,inn", "inn:road,cellar", "cellar:inn", "stables:road")
	want := []world.Connection{
		{FromAreaID: "cellar", ToAreaID: "inn"},
		{FromAreaID: "inn", ToAreaID: "cellar"},
		{FromAreaID: "inn", ToAreaID: "road"},
		{FromAreaID: "road", ToAreaID: "inn"},
		{FromAreaID: "road", ToAreaID: "stables"},
		{FromAreaID: "stables", ToAreaID: "road"},
	}
	for range 20 { // map iteration order differs from run to run
		if got := m.Connections(); !slices.Equal(got, want) {
			t.Fatalf("Connections() = %v, want %v", got, want)
		}
	}
	if got := (world.Map{}).Connections(); len(got) != 0 {
		t.Fatalf("empty map: Connections() = %v, want none", got)
	}
	b, err := json.Marshal(m.Connections()[0])
	if err != nil || string(b) != `{"from_area_id":"cellar","to_area_id":"inn"}` {
		t.Fatalf("Connection JSON = %s, %v", b, err)
	}
}

func TestReachable(t *testing.T) {
	m := world.Starter("x")
	var names []string
	for _, a := range m.Reachable("common-room") {
		names = append(names, a.Name)
	}
	if want := []string{"The Crossroads", "Cellar", "Stables"}; !slices.Equal(names, want) {
		t.Fatalf("Reachable(common-room) = %v, want %v (the map's order)", names, want)
	}
	if got := m.Reachable("moon"); got != nil {
		t.Fatalf("Reachable(moon) = %v, want nil", got)
	}
}

func TestStarter(t *testing.T) {
	a, b := world.Starter("camp_0001"), world.Starter("camp_0001")
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if string(ja) != string(jb) {
		t.Fatalf("Starter is not deterministic:\n%s\n%s", ja, jb)
	}
	a.Areas["cellar"] = world.Area{}
	if c := b.Areas["cellar"]; c.Name != "Cellar" {
		t.Fatalf("Starter maps share state: %+v", c)
	}
	inns := map[string]bool{}
	for i := range 40 {
		m := world.Starter(fmt.Sprint("camp_", i))
		if err := m.Validate(); err != nil {
			t.Fatalf("Starter(%d).Validate() = %v", i, err)
		}
		inns[m.Areas["common-room"].Description] = true
	}
	if len(inns) < 2 {
		t.Fatalf("every seed gave the same inn")
	}
}

func TestJSONMatchesTheStorageLayout(t *testing.T) {
	// From seed 002: parent_area_id null, reachable ids authoritative, and a
	// stored connections list that is derived and so ignored on read.
	const doc = `{
	  "areas": {
	    "area_001": {"id": "area_001", "name": "Starting Area", "parent_area_id": null, "reachable_area_ids": ["area_002"]},
	    "area_002": {"id": "area_002", "name": "Side Room", "parent_area_id": null, "reachable_area_ids": []}
	  },
	  "connections": [{"from_area_id": "area_002", "to_area_id": "area_001"}]
	}`
	var m world.Map
	if err := json.Unmarshal([]byte(doc), &m); err != nil {
		t.Fatal(err)
	}
	if err := m.Validate(); err != nil {
		t.Fatalf("Validate() = %v", err)
	}
	if got, want := m.Connections(), []world.Connection{{FromAreaID: "area_001", ToAreaID: "area_002"}}; !slices.Equal(got, want) {
		t.Fatalf("Connections() = %v, want %v", got, want)
	}
	b, _ := json.Marshal(m.Areas["area_002"])
	if want := `{"id":"area_002","name":"Side Room","reachable_area_ids":[]}`; string(b) != want {
		t.Fatalf("area JSON = %s, want %s", b, want)
	}
	var bad world.Map
	if err := json.Unmarshal([]byte(`{"areas":{"a":{"id":"a","name":"A","reachable_area_ids":[1]}}}`), &bad); err == nil {
		t.Fatalf("a number among reachable ids decoded")
	}
}
