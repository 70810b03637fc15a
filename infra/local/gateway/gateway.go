package gateway

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"net"
	"net/http"
	"net/url"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/coder/websocket"

	"chronicler/shared/redact"
)

// Handler is the signature of a WebSocket route's Lambda handler; the same
// function is passed to lambda.Start in the cloud.
type Handler func(ctx context.Context, req events.APIGatewayWebsocketProxyRequest) (events.APIGatewayProxyResponse, error)

// Config describes the emulated API.
type Config struct {
	// Routes maps route keys ("$connect", "$disconnect", "$default" and
	// action names) to handlers. A missing $connect accepts every
	// connection; a message with no matching route and no $default is
	// dropped.
	Routes map[string]Handler
	// Stage is the stage name put in every event; default "local".
	Stage string
	// MaxMessageBytes is the largest message accepted from a client;
	// default 32768, API Gateway's frame limit. A larger message closes the
	// connection with 1009, as API Gateway does; it is never cut.
	MaxMessageBytes int
	// HandlerTimeout bounds each handler invocation the way a Lambda's
	// timeout does; default 2 minutes.
	HandlerTimeout time.Duration
	// IntegrationTimeout is how long a message's route may take before
	// the caller is answered {"message": "Endpoint request timed out", ...}
	// as API Gateway answers it; default 29 seconds, API Gateway's
	// limit. The handler runs on, and its response, if any, is dropped.
	// Negative: never.
	IntegrationTimeout time.Duration
	// QueueMessages and QueueBytes bound what may wait in one
	// connection's send queue; defaults 1024 messages and 2 MiB (never
	// less than one largest post). A post that would go past either
	// closes the connection with 1013 (try again later) and answers 410:
	// the client reconnects and syncs.
	QueueMessages int
	QueueBytes    int
	// StallTimeout is how long a write to a client may make no progress
	// before the connection is closed with 1008; default 5 seconds. A
	// client that stops reading is closed that long after its socket's
	// buffers fill, whatever its queue holds.
	StallTimeout time.Duration
	// SocketSendBuffer is the kernel's send buffer for each client
	// socket; default 64 KiB. Small, so that what a client that stops
	// reading holds is the gateway's bounded queue, not megabytes of
	// kernel memory, and its writer stalls (and is closed) soon.
	// Negative: the system's default, which grows to megabytes.
	SocketSendBuffer int
	// IdleTimeout closes (1001) a connection with no frame either way
	// for that long; default 10 minutes, as API Gateway. Negative: never.
	IdleTimeout time.Duration
	// MaxAge closes (1001) every connection that old; default 2 hours,
	// as API Gateway. Negative: never.
	MaxAge time.Duration
	// Logger receives handler failures and protocol trouble; default discard.
	Logger *slog.Logger
}

const (
	defaultStage          = "local"
	defaultMaxMessage     = 32 * 1024
	defaultHandlerTimeout = 2 * time.Minute
	defaultIntegration    = 29 * time.Second
	defaultQueueMessages  = 1024
	defaultQueueBytes     = 2 << 20
	defaultStall          = 5 * time.Second
	defaultSendBuffer     = 64 << 10
	defaultIdle           = 10 * time.Minute
	defaultMaxAge         = 2 * time.Hour
	// maxPostBytes is the management API's limit on one posted message.
	maxPostBytes = 128 * 1024
	// inboxPerConn bounds the messages of one connection received and
	// not yet handled; past it the gateway stops reading that socket.
	inboxPerConn = 16
)

// Gateway is an emulated API Gateway WebSocket API. Its zero value is not
// usable; build one with New.
type Gateway struct {
	routes         map[string]Handler
	stage          string
	maxMessage     int
	handlerTimeout time.Duration
	integration    time.Duration // 0: never
	queueMessages  int
	queueBytes     int
	stall          time.Duration
	sendBuffer     int           // 0: the system's
	idle, maxAge   time.Duration // 0: never
	log            *slog.Logger
	newID          func() string // replaced in tests to force awkward ids

	mu     sync.Mutex
	conns  map[string]*conn
	closed bool
	// wg counts connection goroutines and handler invocations, so Close
	// returns only after every $disconnect has run.
	wg sync.WaitGroup
}

// New returns a Gateway serving cfg's routes.
func New(cfg Config) *Gateway {
	g := &Gateway{
		routes:         make(map[string]Handler, len(cfg.Routes)),
		stage:          cfg.Stage,
		maxMessage:     cfg.MaxMessageBytes,
		handlerTimeout: cfg.HandlerTimeout,
		integration:    max(orDefault(cfg.IntegrationTimeout, defaultIntegration), 0),
		queueMessages:  orDefault(cfg.QueueMessages, defaultQueueMessages),
		queueBytes:     orDefault(cfg.QueueBytes, defaultQueueBytes),
		stall:          orDefault(cfg.StallTimeout, defaultStall),
		sendBuffer:     max(orDefault(cfg.SocketSendBuffer, defaultSendBuffer), 0),
		idle:           max(orDefault(cfg.IdleTimeout, defaultIdle), 0),
		maxAge:         max(orDefault(cfg.MaxAge, defaultMaxAge), 0),
		log:            cfg.Logger,
		newID:          newID,
		conns:          make(map[string]*conn),
	}
	for k, h := range cfg.Routes {
		if h != nil {
			g.routes[k] = h
		}
	}
	if g.stage == "" {
		g.stage = defaultStage
	}
	if g.maxMessage <= 0 {
		g.maxMessage = defaultMaxMessage
	}
	if g.handlerTimeout <= 0 {
		g.handlerTimeout = defaultHandlerTimeout
	}
	if g.log == nil {
		g.log = slog.New(slog.DiscardHandler)
	}
	// A queue must hold the largest post, or that post closes a healthy
	// connection.
	g.queueBytes = max(g.queueBytes, maxPostBytes)
	return g
}

// orDefault returns v, or def when v is zero; negative values stand (they
// mean "never" where a setting allows it).
func orDefault[T int | time.Duration](v, def T) T {
	if v == 0 {
		return def
	}
	return v
}

// ServeWS is the WebSocket endpoint (/ws). It runs $connect before the
// upgrade, then routes the connection's messages until it closes, then runs
// $disconnect.
func (g *Gateway) ServeWS(w http.ResponseWriter, r *http.Request) {
	// Only real upgrade requests reach $connect: a stray GET must not make
	// the handlers record a connection that never opens.
	if !headerHasToken(r.Header, "Connection", "upgrade") || !headerHasToken(r.Header, "Upgrade", "websocket") {
		w.Header().Set("Connection", "Upgrade")
		w.Header().Set("Upgrade", "websocket")
		http.Error(w, "WebSocket upgrade required", http.StatusUpgradeRequired)
		return
	}
	g.mu.Lock()
	if g.closed {
		g.mu.Unlock()
		http.Error(w, "shutting down", http.StatusServiceUnavailable)
		return
	}
	g.wg.Add(1)
	g.mu.Unlock()
	defer g.wg.Done()

	now := time.Now()
	c := newConn(g.newID(), now)
	defer c.abort()
	c.domain, c.sourceIP, c.userAgent = r.Host, sourceIP(r), r.UserAgent()
	c.headers, c.multiHeader = flattenHeaders(r.Header)

	ev := g.event(c, "$connect", "CONNECT", now)
	ev.QueryStringParameters, ev.MultiValueQueryStringParameters = flattenQuery(r.URL.Query())
	var subprotocols []string
	if h := g.routes["$connect"]; h != nil {
		// A Lambda runs to the end even when the caller hangs up.
		resp, err := g.invoke(context.WithoutCancel(r.Context()), h, ev)
		if err != nil {
			g.log.Error("$connect failed", "connection", redact.Conn(c.id), "err", err)
			writeJSON(w, http.StatusInternalServerError, `{"message": "Internal server error"}`)
			return
		}
		status := resp.StatusCode
		if status == 0 {
			// A proxy response without a status is a success to API
			// Gateway's WebSocket integration.
			status = http.StatusOK
		}
		if status < 200 || status > 299 {
			refuse(w, resp, status)
			return
		}
		// API Gateway negotiates a subprotocol only when $connect names one.
		if p := responseHeader(resp, "Sec-WebSocket-Protocol"); p != "" {
			subprotocols = []string{p}
		}
	}

	// Registered before the upgrade answer goes out: a client that has its
	// 101 may at once ask a handler to post to it, and API Gateway accepts
	// posts from then on. Posts queue until the writer starts; posts during
	// $connect answer 410, as in API Gateway.
	g.mu.Lock()
	if g.closed {
		g.mu.Unlock()
		http.Error(w, "shutting down", http.StatusServiceUnavailable)
		g.disconnect(c, websocket.StatusGoingAway, reasonShutdown)
		return
	}
	g.conns[c.id] = c
	g.mu.Unlock()

	if g.sendBuffer > 0 {
		w = sizedHijack{w, g.sendBuffer}
	}
	ws, err := websocket.Accept(w, r, &websocket.AcceptOptions{
		Subprotocols: subprotocols,
		// The request host is always allowed; these add the usual local
		// dev servers (a web client on another port) without opening
		// the socket to any web page the player happens to visit.
		OriginPatterns: []string{"localhost:*", "127.0.0.1:*", "[::1]:*", "localhost", "127.0.0.1", "[::1]"},
	})
	if err != nil {
		// Accept has answered the client. $connect said yes, so the
		// handlers may hold state for this id: let them drop it.
		g.log.Warn("websocket accept failed", "connection", redact.Conn(c.id), "err", err)
		g.shut(c, shutHow{code: websocket.StatusAbnormalClosure, reason: "upgrade failed"})
		g.disconnect(c, websocket.StatusAbnormalClosure, "upgrade failed")
		return
	}
	ws.SetReadLimit(int64(g.maxMessage))
	c.ws = ws
	written := make(chan struct{})
	go func() {
		defer close(written)
		g.writeLoop(c)
	}()
	stopReaper := g.reaper(c)
	inbox := make(chan events.APIGatewayWebsocketProxyRequest, inboxPerConn)
	handled := make(chan struct{})
	go func() {
		defer close(handled)
		g.dispatch(c, inbox)
	}()

	// The first cause of the close stands: the client's, or the
	// gateway's when it closed the socket itself (idle, too old, not
	// reading, DeleteConnection, shutdown).
	g.shut(c, g.readLoop(c, inbox))
	stopReaper()
	<-written
	// As in API Gateway, $disconnect does not wait for the handlers of
	// the messages already received: those not yet started still run, in
	// order, beside and after it.
	close(inbox)
	g.disconnect(c, c.closing.code, c.closing.reason)
	<-handled
}

// readLoop queues the connection's messages for its dispatcher until the
// socket closes, and returns how it closed. A full inbox stops the reading
// (the client's writes then wait on TCP) until the dispatcher catches up.
func (g *Gateway) readLoop(c *conn, inbox chan<- events.APIGatewayWebsocketProxyRequest) shutHow {
	for {
		typ, data, err := c.ws.Read(context.Background())
		if err != nil {
			var ce websocket.CloseError
			switch {
			case errors.As(err, &ce):
				return shutHow{code: ce.Code, reason: ce.Reason}
			case errors.Is(err, websocket.ErrMessageTooBig):
				// The 1009 frame is out but the rest of the message is
				// not read: finish the handshake (which drains it) so
				// the client gets the close frame rather than a reset.
				g.log.Warn("message too big, connection closed", "connection", redact.Conn(c.id), "limit", g.maxMessage)
				return shutHow{code: websocket.StatusMessageTooBig, reason: "Message too big", handshake: true}
			}
			return shutHow{code: websocket.StatusAbnormalClosure}
		}
		now := time.Now()
		c.touch(now)
		if typ != websocket.MessageText {
			// API Gateway refuses binary frames by closing with 1003.
			return shutHow{code: websocket.StatusUnsupportedData, reason: "binary frames are not supported", handshake: true}
		}
		route := g.selectRoute(data)
		if g.routes[route] == nil {
			g.log.Debug("no route for message, dropped", "connection", redact.Conn(c.id))
			continue
		}
		ev := g.event(c, route, "MESSAGE", now)
		ev.Body = string(data)
		ev.RequestContext.MessageID = g.newID()
		select {
		case inbox <- ev:
		case <-c.gone:
			// Closed while the inbox was full: $disconnect need not wait
			// for the handler in progress to make room.
			return c.closing
		}
	}
}

// selectRoute evaluates the route selection expression $request.body.action.
// Anything that does not name a registered action (no JSON object, no string
// action, or one of the reserved $ routes) goes to $default.
func (g *Gateway) selectRoute(body []byte) string {
	var msg struct {
		Action any `json:"action"`
	}
	if err := json.Unmarshal(body, &msg); err == nil {
		if a, ok := msg.Action.(string); ok && a != "$connect" && a != "$disconnect" {
			if _, ok := g.routes[a]; ok {
				return a
			}
		}
	}
	return "$default"
}

// disconnect runs the $disconnect route for c.
func (g *Gateway) disconnect(c *conn, code websocket.StatusCode, reason string) {
	h := g.routes["$disconnect"]
	if h == nil {
		return
	}
	ev := g.event(c, "$disconnect", "DISCONNECT", time.Now())
	ev.RequestContext.DisconnectStatusCode = int64(code)
	ev.RequestContext.DisconnectReason = &reason
	if _, err := g.invoke(context.Background(), h, ev); err != nil {
		g.log.Error("$disconnect failed", "connection", redact.Conn(c.id), "err", err)
	}
}

// shut closes c as how says (see conn.shut) and removes it from the
// table. It reports whether this call closed it.
func (g *Gateway) shut(c *conn, how shutHow) bool {
	first := c.shut(how)
	g.mu.Lock()
	if g.conns[c.id] == c {
		delete(g.conns, c.id)
	}
	g.mu.Unlock()
	return first
}

func (g *Gateway) lookup(id string) *conn {
	g.mu.Lock()
	defer g.mu.Unlock()
	c := g.conns[id]
	if c == nil || c.isGone() {
		return nil
	}
	return c
}

// invoke calls h as the Lambda runtime would: under the function's timeout,
// with a panic turned into an error rather than taking the server down.
func (g *Gateway) invoke(ctx context.Context, h Handler, ev events.APIGatewayWebsocketProxyRequest) (resp events.APIGatewayProxyResponse, err error) {
	ctx, cancel := context.WithTimeout(ctx, g.handlerTimeout)
	defer cancel()
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%s handler panicked: %v\n%s", ev.RequestContext.RouteKey, p, debug.Stack())
		}
	}()
	return h(ctx, ev)
}

// event builds the fields every event of c carries.
func (g *Gateway) event(c *conn, route, eventType string, now time.Time) events.APIGatewayWebsocketProxyRequest {
	id := g.newID()
	// Each invocation gets its own maps, as each Lambda invocation decodes
	// its own event: a handler may change them without racing another.
	return events.APIGatewayWebsocketProxyRequest{
		Headers:           maps.Clone(c.headers),
		MultiValueHeaders: maps.Clone(c.multiHeader),
		RequestContext: events.APIGatewayWebsocketProxyRequestContext{
			RouteKey:          route,
			EventType:         eventType,
			MessageDirection:  "IN",
			ConnectionID:      c.id,
			DomainName:        c.domain,
			Stage:             g.stage,
			APIID:             "local",
			RequestID:         id,
			ExtendedRequestID: id,
			RequestTime:       now.UTC().Format("02/Jan/2006:15:04:05 -0700"),
			RequestTimeEpoch:  now.UnixMilli(),
			ConnectedAt:       c.connectedAt.UnixMilli(),
			Identity: events.APIGatewayRequestIdentity{
				SourceIP:  c.sourceIP,
				UserAgent: c.userAgent,
			},
		},
	}
}

// Close closes every connection with 1001 (going away) after what is
// queued for it (within the stall timeout), waits for their $disconnect
// handlers and for the handlers still running, and refuses new
// connections. Call it on shutdown, after the HTTP server stops accepting.
func (g *Gateway) Close() {
	g.mu.Lock()
	g.closed = true
	open := make([]*conn, 0, len(g.conns))
	for _, c := range g.conns {
		open = append(open, c)
	}
	g.mu.Unlock()
	// Each writer closes its socket: the handshakes run side by side.
	for _, c := range open {
		g.shut(c, shutHow{code: websocket.StatusGoingAway, reason: reasonShutdown, handshake: true, flush: true})
	}
	g.wg.Wait()
}

// newID returns an id shaped like API Gateway's connection and request ids:
// 11 random bytes in standard base64, 16 characters ending in '=', which may
// contain '+' and '/'.
func newID() string {
	var b [11]byte
	rand.Read(b[:]) // never fails; see crypto/rand.Read
	return base64.StdEncoding.EncodeToString(b[:])
}

// sizedHijack gives the websocket library the client's connection with a
// send buffer of n bytes.
type sizedHijack struct {
	http.ResponseWriter
	n int
}

func (s sizedHijack) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	c, brw, err := http.NewResponseController(s.ResponseWriter).Hijack()
	if err != nil {
		return nil, nil, err
	}
	if tc, ok := c.(interface{ SetWriteBuffer(int) error }); ok {
		_ = tc.SetWriteBuffer(s.n) // a failure leaves the system's size: still correct
	}
	return c, brw, nil
}

func (s sizedHijack) Unwrap() http.ResponseWriter { return s.ResponseWriter }

func refuse(w http.ResponseWriter, resp events.APIGatewayProxyResponse, status int) {
	// WriteHeader panics outside 100..999, and a 1xx would not end the
	// exchange: API Gateway calls such answers a bad gateway.
	if status < 300 || status > 599 {
		status = http.StatusBadGateway
	}
	for k, v := range resp.Headers {
		w.Header().Set(k, v)
	}
	for k, vs := range resp.MultiValueHeaders {
		for _, v := range vs {
			w.Header().Add(k, v)
		}
	}
	w.WriteHeader(status)
	_, _ = w.Write([]byte(resp.Body))
}

func responseHeader(resp events.APIGatewayProxyResponse, name string) string {
	for k, v := range resp.Headers {
		if strings.EqualFold(k, name) {
			return v
		}
	}
	for k, vs := range resp.MultiValueHeaders {
		if strings.EqualFold(k, name) && len(vs) > 0 {
			return vs[0]
		}
	}
	return ""
}

func flattenHeaders(h http.Header) (map[string]string, map[string][]string) {
	single := make(map[string]string, len(h))
	multi := make(map[string][]string, len(h))
	for k, vs := range h {
		single[k] = strings.Join(vs, ",")
		multi[k] = append([]string(nil), vs...)
	}
	return single, multi
}

// flattenQuery gives the last value of a repeated parameter in the single
// map, as API Gateway does.
func flattenQuery(q url.Values) (map[string]string, map[string][]string) {
	if len(q) == 0 {
		return nil, nil
	}
	single := make(map[string]string, len(q))
	multi := make(map[string][]string, len(q))
	for k, vs := range q {
		if len(vs) == 0 {
			continue
		}
		single[k] = vs[len(vs)-1]
		multi[k] = append([]string(nil), vs...)
	}
	return single, multi
}

func sourceIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

func headerHasToken(h http.Header, name, token string) bool {
	for _, v := range h.Values(name) {
		for t := range strings.SplitSeq(v, ",") {
			if strings.EqualFold(strings.TrimSpace(t), token) {
				return true
			}
		}
	}
	return false
}
