package gateway

import (
	"errors"
	"testing"

	"github.com/coder/websocket"
)

// Post, in process, answers as the @connections endpoint does over HTTP:
// the message reaches its connection alone and in order; a closed or
// unknown connection is gone; too much data is refused and the
// connection stays usable. The caller's slice is the caller's again as
// soon as Post returns.
func TestPostInProcess(t *testing.T) {
	h := newHarness(t, Config{}, "$connect", "$disconnect")
	a := h.dial("who=a")
	b := h.dial("who=b")
	ids := map[string]string{}
	for range 2 {
		ev := h.nextRoute("$connect")
		ids[ev.QueryStringParameters["who"]] = ev.RequestContext.ConnectionID
	}
	buf := []byte("first")
	if err := h.g.Post(ids["a"], buf); err != nil {
		t.Fatal(err)
	}
	copy(buf, "XXXXX") // the caller reuses its slice
	if err := h.g.Post(ids["b"], []byte("to b")); err != nil {
		t.Fatal(err)
	}
	if err := h.g.Post(ids["a"], make([]byte, maxPostBytes+1)); !errors.Is(err, ErrTooLarge) {
		t.Errorf("an oversize post = %v, want ErrTooLarge", err)
	}
	if err := h.g.Post(ids["a"], []byte("second")); err != nil {
		t.Fatal(err)
	}
	if got := read(t, a); got != "first" {
		t.Errorf("a's first message = %q", got)
	}
	if got := read(t, a); got != "second" {
		t.Errorf("a's second message = %q", got)
	}
	if got := read(t, b); got != "to b" {
		t.Errorf("b's message = %q", got)
	}
	if !h.g.Alive(ids["a"]) {
		t.Error("a is open, Alive says not")
	}
	a.Close(websocket.StatusNormalClosure, "")
	if got := h.nextRoute("$disconnect").RequestContext.ConnectionID; got != ids["a"] {
		t.Fatalf("$disconnect for %q, want a's %q", got, ids["a"])
	}
	if err := h.g.Post(ids["a"], []byte("hello?")); !errors.Is(err, ErrGone) {
		t.Errorf("a post to a closed connection = %v, want ErrGone", err)
	}
	if h.g.Alive(ids["a"]) || h.g.Alive("bm90LWEtY29ubg==") {
		t.Error("Alive of a closed or unknown connection")
	}
	if err := h.g.Post("bm90LWEtY29ubg==", []byte("x")); !errors.Is(err, ErrGone) {
		t.Errorf("a post to an unknown connection = %v, want ErrGone", err)
	}
}
