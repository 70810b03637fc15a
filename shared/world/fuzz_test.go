package world_test

import (
	"encoding/json"
	"testing"

	"chronicler/shared/fault"
	"chronicler/shared/world"
)

// FuzzMapValidate decodes arbitrary JSON into a Map and checks that
// Validate never panics and only ever answers Invalid; that a valid map
// survives a JSON round trip; and that every derived connection of a valid
// map is a move Move allows.
func FuzzMapValidate(f *testing.F) {
	starter, _ := json.Marshal(world.Starter("fuzz"))
	for _, s := range []string{
		string(starter),
		`{"areas":{"a":{"id":"a","name":"A","reachable_area_ids":["b"]},"b":{"id":"b","name":"B","reachable_area_ids":[]}}}`,
		`{"areas":{"a":{"id":"a","name":"A","reachable_area_ids":["a"]}}}`,
		`{"areas":{"a":{"id":"a","name":"A","parent_area_id":"b","reachable_area_ids":[]},"b":{"id":"b","name":"B","parent_area_id":"a"}}}`,
		`{"areas":{"":{"id":"","name":"","reachable_area_ids":[""]}}}`,
		`{"areas":null}`, `{}`, `null`, `[]`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var m world.Map
		if json.Unmarshal(data, &m) != nil {
			return
		}
		err := m.Validate()
		if err != nil {
			if !fault.Is(err, fault.Invalid) {
				t.Fatalf("Validate: error of kind %q: %v", fault.KindOf(err), err)
			}
			_ = m.Connections()
			for id := range m.Areas {
				_ = m.Move(id, id)
			}
			return
		}
		again, _ := json.Marshal(m)
		var m2 world.Map
		if err := json.Unmarshal(again, &m2); err != nil {
			t.Fatalf("re-decode %s: %v", again, err)
		}
		if err := m2.Validate(); err != nil {
			t.Fatalf("valid map invalid after a round trip: %v", err)
		}
		for _, c := range m.Connections() {
			if err := m.Move(c.FromAreaID, c.ToAreaID); err != nil {
				t.Fatalf("Move along connection %v: %v", c, err)
			}
		}
	})
}
