package storetest

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"chronicler/shared/campaign"
	"chronicler/shared/game"
)

// The suite's notion of equal decides what every adapter must keep; these
// pin it down.
func TestCanon(t *testing.T) {
	east := time.FixedZone("UTC+2", 2*3600)
	conc := "bless"
	for _, tc := range []struct {
		name      string
		got, want any
		equal     bool
	}{
		{"SameInstantInAnotherZoneIsEqual", t0.In(east), t0, true},
		{"AnotherMicrosecondDiffers", t0.Add(time.Microsecond), t0, false},
		{"NilAndEmptySlicesAreEqual", campaign.Character{Conditions: nil}, campaign.Character{Conditions: []string{}}, true},
		{"NilAndEmptyMapsAreEqual", campaign.State{World: nil}, campaign.State{World: map[string]string{}}, true},
		{"JSONSpacingIsIgnored", json.RawMessage(`{ "a": 1 }`), json.RawMessage(`{"a":1}`), true},
		{"DifferentJSONDiffers", json.RawMessage(`{"a":1}`), json.RawMessage(`{"a":2}`), false},
		{"BytesAreCompared", game.Event{Data: []byte("x")}, game.Event{Data: []byte("y")}, false},
		{"PointersCompareTheirTargets", campaign.Character{Concentration: &conc}, campaign.Character{Concentration: new("bless")}, true},
		{"NilPointerDiffersFromValue", campaign.Character{Concentration: nil}, campaign.Character{Concentration: &conc}, false},
		{"VersionIsCompared", campaign.Campaign{Version: 1}, campaign.Campaign{Version: 2}, false},
		{"OrderMatters", []int{1, 2}, []int{2, 1}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, w := canon(reflect.ValueOf(tc.got)), canon(reflect.ValueOf(tc.want))
			if got := reflect.DeepEqual(g, w); got != tc.equal {
				t.Fatalf("equal = %v, want %v\n got: %v\nwant: %v", got, tc.equal, g, w)
			}
		})
	}
}
