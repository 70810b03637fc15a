package events_test

import (
	"maps"
	"slices"
	"testing"

	"chronicler/events"
)

func TestRoutes(t *testing.T) {
	keys := map[string]bool{}
	for _, r := range events.Routes() {
		if keys[r.Key] {
			t.Errorf("route %s twice", r.Key)
		}
		keys[r.Key] = true
		if r.Function == "" {
			t.Errorf("route %s has no function", r.Key)
		}
	}
	actions := []string{events.ActionResume, events.ActionTurn, events.ActionRoll, events.ActionReact, events.ActionEndSession, events.ActionSync,
		events.ActionPause, events.ActionUnpause,
		events.ActionUndo, events.ActionAskUndo, events.ActionXCard}
	for _, a := range append(actions, events.RouteConnect, events.RouteDisconnect, events.RouteDefault) {
		if !keys[a] {
			t.Errorf("no route for %s", a)
		}
	}
	if len(keys) != len(actions)+3 {
		t.Errorf("routes %v: want exactly the actions %v and $connect, $disconnect, $default", slices.Sorted(maps.Keys(keys)), actions)
	}
}
