package gateway

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/coder/websocket"

	"chronicler/shared/fault"
)

// big is a post the size of the management API's limit, tagged with i so
// that order can be checked.
func big(i int) []byte { return sized(i, maxPostBytes) }

// sized is a post of n bytes tagged with i.
func sized(i, n int) []byte {
	tag := fmt.Sprintf("%08d", i)
	return []byte(tag + strings.Repeat("x", n-len(tag)))
}

func tagOf(msg string) int {
	n, _ := strconv.Atoi(msg[:min(8, len(msg))])
	return n
}

// connectAs dials a connection named who and returns it with its id.
func (h *harness) connectAs(who string) (*websocket.Conn, string) {
	h.t.Helper()
	c := h.dial("who=" + who)
	ev := h.nextRoute("$connect")
	if got := ev.QueryStringParameters["who"]; got != who {
		h.t.Fatalf("$connect for %q, want %q", got, who)
	}
	return c, ev.RequestContext.ConnectionID
}

// disconnectOf waits for the $disconnect of id, skipping other events.
func (h *harness) disconnectOf(id string) event {
	h.t.Helper()
	for {
		ev := h.next()
		if ev.RequestContext.RouteKey == "$disconnect" && ev.RequestContext.ConnectionID == id {
			return ev
		}
	}
}

// A client that stops reading must not hold up whoever posts to it: a post
// is queued and answered at once, as PostToConnection is. A publisher that
// posts to every connection in turn (as the game does) keeps serving the
// healthy one at full speed while the stuck one's socket is full; with
// synchronous writes the first post to the stuck client would wait for
// the write timeout.
func TestPostsAnswerAtOnceAndKeepTheirOrder(t *testing.T) {
	const posts = 128 // 16 MiB: several times what the kernel buffers of a socket hold
	h := newHarness(t, Config{StallTimeout: time.Hour, QueueMessages: posts, QueueBytes: posts * maxPostBytes}, "$connect", "$disconnect")
	stuck, stuckID := h.connectAs("stuck")
	healthy, healthyID := h.connectAs("healthy")
	stuck.SetReadLimit(maxPostBytes)
	p := h.pusher()

	ctx := ctxT(t) // the whole run, far less than one write timeout of the old gateway
	received := make(chan string, posts)
	go func() {
		for {
			_, b, err := healthy.Read(ctx)
			if err != nil {
				close(received)
				return
			}
			received <- string(b)
		}
	}()
	for i := range posts {
		if err := p.Send(ctx, stuckID, big(i)); err != nil {
			t.Fatalf("post %d to the client that does not read: %v", i, err)
		}
		if err := p.Send(ctx, healthyID, fmt.Appendf(nil, "%08d", i)); err != nil {
			t.Fatalf("post %d to the healthy client: %v", i, err)
		}
		// The healthy client gets each message before the next round:
		// the stuck one's full socket holds nobody up.
		select {
		case got := <-received:
			if tagOf(got) != i {
				t.Fatalf("healthy client got message %d, want %d", tagOf(got), i)
			}
		case <-ctx.Done():
			t.Fatalf("healthy client did not get message %d", i)
		}
	}
	// The stuck client starts reading at last: everything is there, in
	// the order posted.
	for i := range posts {
		typ, b, err := stuck.Read(ctx)
		if err != nil {
			t.Fatalf("read %d: %v", i, err)
		}
		if typ != websocket.MessageText || len(b) != maxPostBytes || tagOf(string(b)) != i {
			t.Fatalf("message %d: type %v, %d bytes, tag %d", i, typ, len(b), tagOf(string(b)))
		}
	}
}

// A client that reads is never closed for what is posted to it: its writer
// keeps up with a burst three times the queue's bound (a sync of a long
// log), in order.
func TestReadingClientTakesABurst(t *testing.T) {
	const posts = 3 * defaultQueueMessages
	h := newHarness(t, Config{}, "$connect", "$disconnect")
	c, id := h.connectAs("reader")
	p := h.pusher()
	ctx := ctxT(t)
	got := make(chan error, 1)
	go func() {
		for i := range posts {
			_, b, err := c.Read(ctx)
			if err == nil && tagOf(string(b)) != i {
				err = fmt.Errorf("message %d has tag %d", i, tagOf(string(b)))
			}
			if err != nil {
				got <- err
				return
			}
		}
		got <- nil
	}()
	for i := range posts {
		if err := p.Send(ctx, id, sized(i, 1024)); err != nil {
			t.Fatalf("post %d: %v", i, err)
		}
	}
	if err := <-got; err != nil {
		t.Fatal(err)
	}
}

// DeleteConnection answers at once, and what was posted before it still
// reaches the client, ahead of the close frame, even what is still queued
// behind the socket's full buffers.
func TestDeleteDeliversWhatWasPostedFirst(t *testing.T) {
	const posts = 256 // 1 MiB: more than the socket's buffers take before the client reads
	h := newHarness(t, Config{}, "$connect", "$disconnect")
	c, id := h.connectAs("leaving")
	p := h.pusher()
	for i := range posts {
		if err := p.Send(ctxT(t), id, sized(i, 4096)); err != nil {
			t.Fatalf("post %d: %v", i, err)
		}
	}
	if err := p.Close(ctxT(t), id); err != nil {
		t.Fatalf("DeleteConnection: %v", err)
	}
	if err := p.Send(ctxT(t), id, []byte("too late")); !fault.Is(err, fault.NotFound) {
		t.Errorf("post after DeleteConnection = %v, want not_found", err)
	}
	for i := range posts {
		if got := read(t, c); tagOf(got) != i {
			t.Fatalf("message %d has tag %d", i, tagOf(got))
		}
	}
	if code := readClose(t, c); code != websocket.StatusNormalClosure {
		t.Errorf("close status %v, want 1000", code)
	}
}

// A client whose socket takes nothing for the stall timeout is closed with
// 1008 and $disconnect runs; the others are not disturbed.
func TestStuckClientIsClosed(t *testing.T) {
	const stall = 300 * time.Millisecond
	// Bounds far beyond what the posts below can queue before the stall
	// timeout: this closing is the stall's, not the queue's.
	h := newHarness(t, Config{StallTimeout: stall, QueueMessages: 1 << 20, QueueBytes: 1 << 30}, "$connect", "$disconnect")
	_, stuckID := h.connectAs("stuck")
	healthy, healthyID := h.connectAs("healthy")
	p := h.pusher()
	ctx := ctxT(t)

	posted, healthySent := 0, 0
	var err error
	for {
		if err = p.Send(ctx, stuckID, sized(posted, 16<<10)); err != nil {
			break
		}
		posted++
		if err := p.Send(ctx, healthyID, fmt.Appendf(nil, "%08d", healthySent)); err != nil {
			t.Fatalf("post to the healthy client: %v", err)
		}
		if got := read(t, healthy); tagOf(got) != healthySent {
			t.Fatalf("healthy client got %d, want %d", tagOf(got), healthySent)
		}
		healthySent++
		if ctx.Err() != nil {
			t.Fatalf("the client that does not read is still open after %d posts", posted)
		}
	}
	if !fault.Is(err, fault.NotFound) {
		t.Fatalf("post to the stuck client = %v, want not_found (410) once it is closed", err)
	}
	ev := h.disconnectOf(stuckID)
	if rc := ev.RequestContext; rc.DisconnectStatusCode != int64(websocket.StatusPolicyViolation) || *rc.DisconnectReason != reasonStalled {
		t.Errorf("$disconnect status %d %q, want 1008 %q", rc.DisconnectStatusCode, *rc.DisconnectReason, reasonStalled)
	}
	if err := p.Send(ctx, stuckID, []byte("x")); !fault.Is(err, fault.NotFound) {
		t.Errorf("post after the close = %v, want not_found", err)
	}
	// The healthy connection is still open and served.
	if err := p.Send(ctx, healthyID, []byte("still here")); err != nil {
		t.Fatalf("post to the healthy client: %v", err)
	}
	if got := read(t, healthy); got != "still here" {
		t.Errorf("healthy client got %q", got)
	}
	t.Logf("stuck client closed after %d posts of 16 KiB", posted)
}

// A post that would take a connection's queue past either bound closes it
// with 1013 and answers 410; it does not wait for the stall timeout.
func TestFullQueueClosesTheConnection(t *testing.T) {
	for _, tc := range []struct {
		name     string
		messages int
		bytes    int
	}{
		{"ByCount", 4, 1 << 30},
		{"ByBytes", 1 << 20, 3 * maxPostBytes},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, Config{StallTimeout: time.Hour, QueueMessages: tc.messages, QueueBytes: tc.bytes}, "$connect", "$disconnect")
			_, id := h.connectAs("stuck")
			p := h.pusher()
			ctx := ctxT(t)
			var err error
			posted := 0
			for ; err == nil && ctx.Err() == nil; posted++ {
				err = p.Send(ctx, id, big(posted))
			}
			if !fault.Is(err, fault.NotFound) {
				t.Fatalf("post %d = %v, want not_found (410) when the queue is full", posted, err)
			}
			// What the client's socket held besides the queue is small:
			// the gateway keeps the kernel's send buffer small.
			if posted > 16 {
				t.Errorf("closed at post %d of %d KiB: more than 2 MiB went to a client that reads nothing", posted, maxPostBytes>>10)
			}
			ev := h.disconnectOf(id)
			if rc := ev.RequestContext; rc.DisconnectStatusCode != int64(websocket.StatusTryAgainLater) || *rc.DisconnectReason != reasonOverflow {
				t.Errorf("$disconnect status %d %q, want 1013 %q", rc.DisconnectStatusCode, *rc.DisconnectReason, reasonOverflow)
			}
		})
	}
}

func TestOutboxBounds(t *testing.T) {
	for _, tc := range []struct {
		name            string
		size, max, maxB int
		want            int
	}{
		{"CountBound", 10, 3, 1000, 3},
		{"ByteBound", 10, 100, 35, 3},
		{"ExactlyFull", 10, 100, 30, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var o outbox
			o.wake = make(chan struct{}, 1)
			n := 0
			for ; n < 1000; n++ {
				if err := o.push(make([]byte, tc.size), tc.max, tc.maxB); err != nil {
					if !errors.Is(err, errFull) {
						t.Fatalf("push %d: %v, want errFull", n, err)
					}
					break
				}
			}
			if n != tc.want {
				t.Errorf("queued %d messages, want %d", n, tc.want)
			}
			// Taking one makes room for one.
			if _, ok, _ := o.pop(); !ok {
				t.Fatal("pop found nothing")
			}
			if err := o.push(make([]byte, tc.size), tc.max, tc.maxB); err != nil {
				t.Errorf("push after a pop: %v", err)
			}
			if got, b := o.len(); got != tc.want || b != tc.want*tc.size {
				t.Errorf("len = %d messages, %d bytes; want %d, %d", got, b, tc.want, tc.want*tc.size)
			}
			o.close(true)
			if got, b := o.len(); got != 0 || b != 0 {
				t.Errorf("after a discarding close: %d messages, %d bytes", got, b)
			}
			if _, ok, done := o.pop(); ok || !done {
				t.Errorf("pop after close = ok %v, done %v; want nothing, done", ok, done)
			}
			if err := o.push([]byte("x"), tc.max, tc.maxB); !errors.Is(err, errGone) {
				t.Errorf("push after close = %v, want errGone", err)
			}
		})
	}
}

// A queue that never quite empties keeps its order and does not grow.
func TestOutboxSteadyBacklog(t *testing.T) {
	const bound = 8
	var o outbox
	o.wake = make(chan struct{}, 1)
	next, want := 0, 0
	push := func() {
		if err := o.push([]byte(strconv.Itoa(next)), bound, 1<<20); err != nil {
			t.Fatalf("push %d: %v", next, err)
		}
		next++
	}
	for range bound / 2 {
		push()
	}
	for range 10_000 {
		push()
		data, ok, _ := o.pop()
		if !ok || string(data) != strconv.Itoa(want) {
			t.Fatalf("pop = %q, %v; want %d", data, ok, want)
		}
		want++
	}
	if n, _ := o.len(); n != bound/2 {
		t.Errorf("%d queued, want %d", n, bound/2)
	}
	if c := cap(o.msgs); c > 2*bound {
		t.Errorf("queue array grew to %d slots for at most %d messages", c, bound)
	}
}

// One connection's messages are handled one after the other in the order
// sent: a slow first message holds the next ones back rather than letting
// them overtake it (a turn sent right after resume must find the session).
func TestOneConnectionsMessagesRunInOrder(t *testing.T) {
	const n = 20
	var (
		mu      sync.Mutex
		order   []string
		running atomic.Int32
		overlap atomic.Bool
	)
	done := make(chan struct{})
	rec := func(_ context.Context, ev event) (events.APIGatewayProxyResponse, error) {
		if running.Add(1) > 1 {
			overlap.Store(true)
		}
		defer running.Add(-1)
		if ev.Body == `{"action":"step","n":0}` {
			time.Sleep(200 * time.Millisecond) // the others arrive meanwhile
		}
		mu.Lock()
		order = append(order, ev.Body)
		if len(order) == n {
			close(done)
		}
		mu.Unlock()
		return events.APIGatewayProxyResponse{StatusCode: 200}, nil
	}
	h := newHarness(t, Config{Routes: map[string]Handler{"step": rec}})
	c := h.dial("")
	for i := range n {
		send(t, c, fmt.Sprintf(`{"action":"step","n":%d}`, i))
	}
	select {
	case <-done:
	case <-time.After(waitFor):
		t.Fatal("not every message was handled")
	}
	mu.Lock()
	defer mu.Unlock()
	for i, body := range order {
		if want := fmt.Sprintf(`{"action":"step","n":%d}`, i); body != want {
			t.Fatalf("handled %d-th: %s, want %s (order %v)", i, body, want, order)
		}
	}
	if overlap.Load() {
		t.Error("two handlers of one connection ran at once")
	}
}

// Other connections' messages do not wait for a slow one.
func TestConnectionsAreHandledInParallel(t *testing.T) {
	started := make(chan string, 2)
	release := make(chan struct{})
	slow := func(_ context.Context, ev event) (events.APIGatewayProxyResponse, error) {
		started <- ev.RequestContext.ConnectionID
		<-release
		return events.APIGatewayProxyResponse{StatusCode: 200}, nil
	}
	h := newHarness(t, Config{Routes: map[string]Handler{"slow": slow}})
	defer close(release)
	a, b := h.dial(""), h.dial("")
	send(t, a, `{"action":"slow"}`)
	send(t, b, `{"action":"slow"}`)
	seen := map[string]bool{}
	for range 2 {
		select {
		case id := <-started:
			seen[id] = true
		case <-time.After(waitFor):
			t.Fatal("one connection's message waited for another connection's handler")
		}
	}
	if len(seen) != 2 {
		t.Errorf("handlers started for %d connections, want 2", len(seen))
	}
}

// Connections are reaped as API Gateway reaps them: after the idle timeout
// with nothing either way, and at the maximum age however busy they are.
// Both close with 1001 and run $disconnect.
func TestReaping(t *testing.T) {
	t.Run("IdleConnectionIsClosed", func(t *testing.T) {
		const idle = 300 * time.Millisecond
		h := newHarness(t, Config{IdleTimeout: idle, MaxAge: -1}, "$connect", "$disconnect")
		opened := time.Now() // the gateway's clock starts before the dial returns
		c, id := h.connectAs("quiet")
		if code := readClose(t, c); code != websocket.StatusGoingAway {
			t.Errorf("client saw close status %v, want 1001", code)
		}
		if since := time.Since(opened); since < idle {
			t.Errorf("closed after %v, before the idle timeout %v", since, idle)
		}
		ev := h.disconnectOf(id)
		if rc := ev.RequestContext; rc.DisconnectStatusCode != int64(websocket.StatusGoingAway) || *rc.DisconnectReason != reasonIdle {
			t.Errorf("$disconnect status %d %q, want 1001 %q", rc.DisconnectStatusCode, *rc.DisconnectReason, reasonIdle)
		}
	})

	t.Run("ActivityKeepsItOpen", func(t *testing.T) {
		const idle = time.Second
		h := newHarness(t, Config{IdleTimeout: idle, MaxAge: -1}, "$connect", "$disconnect", "$default")
		c, id := h.connectAs("chatty")
		closed := make(chan websocket.StatusCode, 1)
		go func() { closed <- readClose(t, c) }()
		// Three idle timeouts of messages ten times as often.
		for i := range 30 {
			send(t, c, `{"action":"sync"}`)
			h.nextRoute("$default")
			select {
			case code := <-closed:
				t.Fatalf("closed (%v) after %d messages %v apart, idle timeout %v", code, i, idle/10, idle)
			case <-time.After(idle / 10):
			}
		}
		// Then silence: it is reaped.
		if ev := h.disconnectOf(id); *ev.RequestContext.DisconnectReason != reasonIdle {
			t.Errorf("$disconnect reason %q, want %q", *ev.RequestContext.DisconnectReason, reasonIdle)
		}
	})

	t.Run("OldConnectionIsClosedHoweverBusy", func(t *testing.T) {
		const maxAge = 500 * time.Millisecond
		h := newHarness(t, Config{IdleTimeout: -1, MaxAge: maxAge}, "$connect", "$disconnect", "$default")
		opened := time.Now()
		c, id := h.connectAs("busy")
		closed := make(chan websocket.StatusCode, 1)
		go func() { closed <- readClose(t, c) }()
		tick := time.NewTicker(maxAge / 10)
		defer tick.Stop()
		giveUp := time.After(waitFor)
		var code websocket.StatusCode
	busy:
		for {
			select {
			case code = <-closed:
				break busy
			case <-tick.C:
				_ = c.Write(ctxT(t), websocket.MessageText, []byte(`{"action":"sync"}`))
			case <-giveUp:
				t.Fatal("connection still open long after its maximum age")
			}
		}
		if code != websocket.StatusGoingAway {
			t.Errorf("client saw close status %v, want 1001", code)
		}
		if since := time.Since(opened); since < maxAge {
			t.Errorf("closed after %v, before the maximum age %v", since, maxAge)
		}
		ev := h.disconnectOf(id)
		if rc := ev.RequestContext; rc.DisconnectStatusCode != int64(websocket.StatusGoingAway) || *rc.DisconnectReason != reasonMaxAge {
			t.Errorf("$disconnect status %d %q, want 1001 %q", rc.DisconnectStatusCode, *rc.DisconnectReason, reasonMaxAge)
		}
	})

	t.Run("DefaultsAreAPIGateways", func(t *testing.T) {
		g := New(Config{})
		if g.idle != 10*time.Minute || g.maxAge != 2*time.Hour {
			t.Errorf("idle, max age = %v, %v; want 10m, 2h", g.idle, g.maxAge)
		}
		g = New(Config{IdleTimeout: -1, MaxAge: -1})
		if g.idle != 0 || g.maxAge != 0 {
			t.Errorf("negative settings gave idle, max age = %v, %v; want never (0)", g.idle, g.maxAge)
		}
	})
}
