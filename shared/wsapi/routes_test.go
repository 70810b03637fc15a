package wsapi

import (
	"context"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"chronicler/events"
)

// method names the Handler method f is a method value of ("" for nil).
func method(f func(context.Context, Request) (Response, error)) string {
	if f == nil {
		return ""
	}
	name := runtime.FuncForPC(reflect.ValueOf(f).Pointer()).Name()
	name = strings.TrimSuffix(name, "-fm")
	return name[strings.LastIndex(name, ".")+1:]
}

func TestEveryActionRouteHasAUseCase(t *testing.T) {
	routed := map[string]bool{}
	for _, r := range events.Routes() {
		if strings.HasPrefix(r.Key, "$") {
			continue
		}
		routed[r.Key] = true
		if useCases[r.Key] == nil {
			t.Errorf("route %s has no use case", r.Key)
		}
	}
	for action := range useCases {
		if !routed[action] {
			t.Errorf("the use case of %s has no route", action)
		}
	}
}

func TestRouteAndFunction(t *testing.T) {
	h := &Handler{}
	want := map[string]string{events.RouteConnect: "Connect", events.RouteDisconnect: "Disconnect"}
	for _, r := range events.Routes() {
		w := want[r.Key]
		if w == "" {
			w = "Message"
		}
		if got := method(h.Route(r.Key)); got != w {
			t.Errorf("Route(%s) = %q, want %s", r.Key, got, w)
		}
		if got := method(h.Function(r.Function)); got != w {
			t.Errorf("Function(%s), which serves %s, = %q, want %s", r.Function, r.Key, got, w)
		}
	}
	t.Run("UnknownRouteIsNil", func(t *testing.T) {
		if got := method(h.Route("dance")); got != "" {
			t.Errorf("Route(dance) = %s, want nil", got)
		}
	})
	t.Run("UnknownFunctionPanics", func(t *testing.T) {
		defer func() {
			if recover() == nil {
				t.Error("Function(api) did not panic")
			}
		}()
		h.Function("api")
	})
}
