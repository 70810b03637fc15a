package gateway

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/coder/websocket"

	"chronicler/shared/redact"
)

// Close codes the gateway chooses. API Gateway closes idle and old
// connections with 1001; a client that does not take what is sent to it is
// closed with 1008 (it stopped reading: a breach of the protocol's duty to
// read) or 1013 (too much is waiting for it: reconnect and sync).
const (
	reasonIdle     = "Idle timeout"
	reasonMaxAge   = "Connection duration exceeded"
	reasonStalled  = "Client is not reading"
	reasonOverflow = "Send queue full"
	reasonShutdown = "Server shutting down"
)

var (
	// errGone reports a post to a connection that has closed.
	errGone = errors.New("connection gone")
	// errFull reports a post that would take a connection's send queue
	// past its bounds; the connection is closed.
	errFull = errors.New("send queue full")
)

// conn is one accepted WebSocket connection.
//
// Three goroutines serve it: ServeWS reads frames and queues the messages
// (inbox); one dispatcher runs their handlers one after the other; one
// writer drains the send queue (out) to the socket. Posts only queue, so a
// handler never waits for a client; the writer alone waits, and only for
// its own client.
type conn struct {
	id          string
	domain      string
	connectedAt time.Time
	sourceIP    string
	userAgent   string
	headers     map[string]string
	multiHeader map[string][]string

	ws         *websocket.Conn // set before the writer starts
	lastActive atomic.Int64    // unix nanoseconds of the last frame either way
	out        outbox

	// gone is closed by the first shut: no post is taken from then on
	// (they answer 410), and the writer closes the socket.
	gone     chan struct{}
	shutOnce sync.Once
	// how and when the first shut closed it; set before gone is closed.
	closing shutHow
	shutAt  time.Time // a flush ends within the stall timeout of this
	// abort cancels the write in progress when the connection is shut
	// without a flush: a client that is not reading must not hold it.
	abortCtx context.Context
	abort    context.CancelFunc
}

func newConn(id string, now time.Time) *conn {
	c := &conn{id: id, connectedAt: now, gone: make(chan struct{})}
	c.out.wake = make(chan struct{}, 1)
	c.abortCtx, c.abort = context.WithCancel(context.Background())
	c.touch(now)
	return c
}

func (c *conn) touch(t time.Time) { c.lastActive.Store(t.UnixNano()) }

func (c *conn) isGone() bool {
	select {
	case <-c.gone:
		return true
	default:
		return false
	}
}

// shutHow says how a connection is closed.
type shutHow struct {
	code      websocket.StatusCode
	reason    string
	handshake bool // a close frame, and the wait for the client's answer
	flush     bool // deliver what is queued first
}

// shut closes c the first time it is called: posts answer 410 from now on
// and the writer closes the socket as how says. Later calls change nothing,
// so the first cause is the one $disconnect reports. It never blocks.
func (c *conn) shut(how shutHow) bool {
	first := false
	c.shutOnce.Do(func() {
		first = true
		c.closing, c.shutAt = how, time.Now()
		c.out.close(!how.flush)
		if !how.flush {
			c.abort()
		}
		close(c.gone)
	})
	return first
}

// outbox is a connection's send queue, bounded in messages and bytes.
type outbox struct {
	mu     sync.Mutex
	msgs   [][]byte // msgs[head:] are queued, oldest first
	head   int
	bytes  int
	closed bool
	wake   chan struct{} // one slot: there is something for the writer
}

// push queues data. errGone when the queue is closed; errFull when data
// would take it past either bound.
func (o *outbox) push(data []byte, maxMessages, maxBytes int) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.closed {
		return errGone
	}
	if len(o.msgs)-o.head+1 > maxMessages || o.bytes+len(data) > maxBytes {
		return errFull
	}
	if o.head > 0 && len(o.msgs) == cap(o.msgs) {
		// Move what is queued to the front rather than grow the array
		// behind a queue that never quite empties.
		n := copy(o.msgs, o.msgs[o.head:])
		clear(o.msgs[n:])
		o.msgs, o.head = o.msgs[:n], 0
	}
	o.msgs = append(o.msgs, data)
	o.bytes += len(data)
	o.signal()
	return nil
}

// pop returns the oldest message; ok is false when there is none, and done
// is true when there will be none again.
func (o *outbox) pop() (data []byte, ok, done bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.head == len(o.msgs) {
		return nil, false, o.closed
	}
	data = o.msgs[o.head]
	o.msgs[o.head] = nil // the writer holds it now; let the queue forget it
	o.head++
	o.bytes -= len(data)
	if o.head == len(o.msgs) {
		o.msgs, o.head = o.msgs[:0], 0 // empty: start again at the front
	}
	return data, true, false
}

// close takes no more messages; with discard it drops those queued.
func (o *outbox) close(discard bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.closed = true
	if discard {
		o.msgs, o.head, o.bytes = nil, 0, 0
	}
	o.signal()
}

// len returns the messages and bytes queued.
func (o *outbox) len() (int, int) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return len(o.msgs) - o.head, o.bytes
}

func (o *outbox) signal() {
	select {
	case o.wake <- struct{}{}:
	default:
	}
}

// writeLoop drains c's send queue to the socket in order until c is shut,
// then closes the socket. A write that makes no progress for the stall
// timeout closes the connection (1008): the client has stopped reading.
func (g *Gateway) writeLoop(c *conn) {
	for {
		data, ok, done := c.out.pop()
		if done {
			break
		}
		if !ok {
			<-c.out.wake
			continue
		}
		if err := g.write(c, data); err != nil {
			// The socket's end, or a stall that ended it: make sure the
			// read loop sees it too.
			c.ws.CloseNow()
			break
		}
	}
	<-c.gone // the loop also ends when a write fails before any shut
	if c.closing.handshake {
		c.ws.Close(c.closing.code, c.closing.reason)
	} else {
		c.ws.CloseNow()
	}
}

// write sends one message. A write that makes no progress for the stall
// timeout (or, while a graceful close flushes the queue, past the stall
// timeout of the close) is a client that stopped reading: the connection is
// closed (1008), the close recorded before the socket drops so that
// $disconnect tells why.
func (g *Gateway) write(c *conn, data []byte) error {
	wait := g.stall
	if c.isGone() {
		wait = min(wait, time.Until(c.shutAt.Add(g.stall)))
	}
	stalled := time.AfterFunc(wait, func() {
		if g.shut(c, shutHow{code: websocket.StatusPolicyViolation, reason: reasonStalled}) {
			g.log.Warn("client not reading, connection closed", "connection", redact.Conn(c.id), "stall", g.stall)
		}
		c.abort()
	})
	err := c.ws.Write(c.abortCtx, websocket.MessageText, data)
	stalled.Stop()
	if err != nil {
		return err
	}
	c.touch(time.Now())
	return nil
}

// post queues data for c and returns at once, as PostToConnection does;
// a full queue closes c. It returns errGone when c is (now) closed.
func (g *Gateway) post(c *conn, data []byte) error {
	err := c.out.push(data, g.queueMessages, g.queueBytes)
	if errors.Is(err, errFull) {
		n, b := c.out.len()
		if g.shut(c, shutHow{code: websocket.StatusTryAgainLater, reason: reasonOverflow}) {
			g.log.Warn("send queue full, connection closed", "connection", redact.Conn(c.id),
				"queued_messages", n, "queued_bytes", b, "post_bytes", len(data))
		}
		return errGone
	}
	return err
}

// dispatch runs the handlers of c's messages one after the other, in the
// order they arrived, until inbox is closed and drained.
func (g *Gateway) dispatch(c *conn, inbox <-chan events.APIGatewayWebsocketProxyRequest) {
	for ev := range inbox {
		g.handle(c, ev)
	}
}

// handle runs the handler of one of c's messages. One that outlasts the
// integration timeout has its caller told so, as API Gateway tells it,
// while it runs on.
func (g *Gateway) handle(c *conn, ev events.APIGatewayWebsocketProxyRequest) {
	route := ev.RequestContext.RouteKey
	answered := func() bool { return true }
	if g.integration > 0 {
		late := time.AfterFunc(g.integration, func() { g.timedOut(c, ev) })
		answered = late.Stop
	}
	resp, err := g.invoke(context.Background(), g.routes[route], ev)
	if !answered() {
		g.log.Warn("route handler outlasted the integration timeout", "route", route, "connection", redact.Conn(c.id), "timeout", g.integration, "err", err)
		return // the caller has had its answer: the timeout
	}
	if err != nil {
		g.log.Error("route handler failed", "route", route, "connection", redact.Conn(c.id), "err", err)
		return
	}
	// A two-way route's response goes back to the caller.
	if resp.Body != "" {
		if err := g.post(c, []byte(resp.Body)); err != nil && !errors.Is(err, errGone) {
			g.log.Warn("route response not delivered", "route", route, "connection", redact.Conn(c.id), "err", err)
		}
	}
}

// timedOut answers the caller of ev as API Gateway does when a route's
// integration takes longer than its timeout.
func (g *Gateway) timedOut(c *conn, ev events.APIGatewayWebsocketProxyRequest) {
	msg, _ := json.Marshal(struct {
		Message      string `json:"message"`
		ConnectionID string `json:"connectionId"`
		RequestID    string `json:"requestId"`
	}{"Endpoint request timed out", c.id, ev.RequestContext.RequestID})
	if err := g.post(c, msg); err != nil && !errors.Is(err, errGone) {
		g.log.Warn("integration timeout not delivered", "connection", redact.Conn(c.id), "err", err)
	}
}

// reapAt returns when c is next due to be reaped, as API Gateway does:
// after the idle timeout with no frame either way, or at its maximum age.
// The zero time means never.
func (g *Gateway) reapAt(c *conn) (time.Time, shutHow) {
	var at time.Time
	var how shutHow
	if g.idle > 0 {
		at = time.Unix(0, c.lastActive.Load()).Add(g.idle)
		how = shutHow{code: websocket.StatusGoingAway, reason: reasonIdle, handshake: true, flush: true}
	}
	if g.maxAge > 0 {
		if old := c.connectedAt.Add(g.maxAge); at.IsZero() || !old.After(at) {
			at = old
			how = shutHow{code: websocket.StatusGoingAway, reason: reasonMaxAge, handshake: true, flush: true}
		}
	}
	return at, how
}

// reaper closes c when it has been idle or open too long. The returned
// stop ends it.
func (g *Gateway) reaper(c *conn) (stop func()) {
	at, _ := g.reapAt(c)
	if at.IsZero() {
		return func() {}
	}
	var (
		mu      sync.Mutex
		stopped bool
		t       *time.Timer
	)
	check := func() {
		mu.Lock()
		defer mu.Unlock()
		if stopped {
			return
		}
		at, how := g.reapAt(c)
		if wait := time.Until(at); wait > 0 {
			t.Reset(wait) // it was active since: look again when it may be due
			return
		}
		if g.shut(c, how) {
			g.log.Info("connection reaped", "connection", redact.Conn(c.id), "reason", how.reason)
		}
	}
	mu.Lock()
	t = time.AfterFunc(time.Until(at), check)
	mu.Unlock()
	return func() {
		mu.Lock()
		stopped = true
		t.Stop()
		mu.Unlock()
	}
}
