package gateway

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/apigatewaymanagementapi"
	"github.com/aws/aws-sdk-go-v2/service/apigatewaymanagementapi/types"
	"github.com/coder/websocket"

	"chronicler/shared/fault"
	"chronicler/shared/push"
)

// waitFor bounds every wait on the system under test; it only matters when
// a test fails, so it is generous.
const waitFor = 10 * time.Second

type event = events.APIGatewayWebsocketProxyRequest

// harness is a gateway served by a real HTTP server the way the local server
// mounts it, with a recorder on each route.
type harness struct {
	t      *testing.T
	g      *Gateway
	srv    *httptest.Server
	events chan event // every event any recording route received
}

// record is a route that reports its event and accepts.
func (h *harness) record(_ context.Context, ev event) (events.APIGatewayProxyResponse, error) {
	h.events <- ev
	return events.APIGatewayProxyResponse{StatusCode: 200}, nil
}

// newHarness serves a gateway whose routes are the given ones plus, for
// every key in recorded, a recording route.
func newHarness(t *testing.T, cfg Config, recorded ...string) *harness {
	t.Helper()
	return newHarnessWithIDs(t, cfg, nil, recorded...)
}

// newHarnessWithIDs is newHarness with the id generator replaced (before
// the server starts, so no request can see the old one).
func newHarnessWithIDs(t *testing.T, cfg Config, ids func() string, recorded ...string) *harness {
	t.Helper()
	h := &harness{t: t, events: make(chan event, 100)}
	routes := map[string]Handler{}
	for _, k := range recorded {
		routes[k] = h.record
	}
	maps.Copy(routes, cfg.Routes)
	cfg.Routes = routes
	h.g = New(cfg)
	if ids != nil {
		h.g.newID = ids
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/ws", h.g.ServeWS)
	mux.HandleFunc("/@connections/", h.g.ServeConnections)
	h.srv = httptest.NewServer(mux)
	t.Cleanup(h.srv.Close)
	t.Cleanup(h.g.Close) // runs first: closes the sockets the server leaves alone
	return h
}

func (h *harness) wsURL(query string) string {
	return "ws" + strings.TrimPrefix(h.srv.URL, "http") + "/ws?" + query
}

func (h *harness) dial(query string) *websocket.Conn {
	h.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), waitFor)
	defer cancel()
	c, _, err := websocket.Dial(ctx, h.wsURL(query), nil)
	if err != nil {
		h.t.Fatalf("dial: %v", err)
	}
	h.t.Cleanup(func() { c.CloseNow() })
	return c
}

// next returns the next recorded event.
func (h *harness) next() event {
	h.t.Helper()
	select {
	case ev := <-h.events:
		return ev
	case <-time.After(waitFor):
		h.t.Fatal("timed out waiting for an event")
		return event{}
	}
}

// nextRoute returns the next recorded event and checks its route.
func (h *harness) nextRoute(route string) event {
	h.t.Helper()
	ev := h.next()
	if ev.RequestContext.RouteKey != route {
		h.t.Fatalf("route = %q (body %q), want %q", ev.RequestContext.RouteKey, ev.Body, route)
	}
	return ev
}

// closeAndDrain closes the gateway, which waits for every invocation, and
// returns the events nobody has read yet.
func (h *harness) closeAndDrain() []event {
	h.g.Close()
	var left []event
	for {
		select {
		case ev := <-h.events:
			left = append(left, ev)
		default:
			return left
		}
	}
}

// pusher is shared/push over the real SDK client, pointed at the harness.
func (h *harness) pusher() *push.Pusher { return push.New(h.sdk()) }

func (h *harness) sdk() *apigatewaymanagementapi.Client {
	return apigatewaymanagementapi.New(apigatewaymanagementapi.Options{
		Region:       "us-east-1",
		Credentials:  credentials.NewStaticCredentialsProvider("local", "local", ""),
		BaseEndpoint: aws.String(h.srv.URL),
	})
}

func ctxT(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), waitFor)
	t.Cleanup(cancel)
	return ctx
}

func send(t *testing.T, c *websocket.Conn, msg string) {
	t.Helper()
	if err := c.Write(ctxT(t), websocket.MessageText, []byte(msg)); err != nil {
		t.Fatalf("write %q: %v", msg, err)
	}
}

func read(t *testing.T, c *websocket.Conn) string {
	t.Helper()
	typ, b, err := c.Read(ctxT(t))
	if err != nil {
		t.Fatalf("read: %v", err)
	}
	if typ != websocket.MessageText {
		t.Fatalf("message type = %v, want text", typ)
	}
	return string(b)
}

// readClose reads until the connection closes and returns the close status.
func readClose(t *testing.T, c *websocket.Conn) websocket.StatusCode {
	t.Helper()
	for {
		_, b, err := c.Read(ctxT(t))
		if err != nil {
			return websocket.CloseStatus(err)
		}
		t.Logf("message before close: %.80q", b)
	}
}

func TestConnect(t *testing.T) {
	t.Run("EventCarriesQueryAndRequestContext", func(t *testing.T) {
		h := newHarness(t, Config{Stage: "local"}, "$connect")
		h.dial("campaign=c1&token=t%2B1&x=1&x=2")
		ev := h.nextRoute("$connect")
		rc := ev.RequestContext
		if rc.EventType != "CONNECT" || rc.Stage != "local" {
			t.Errorf("EventType, Stage = %q, %q; want CONNECT, local", rc.EventType, rc.Stage)
		}
		if host := strings.TrimPrefix(h.srv.URL, "http://"); rc.DomainName != host {
			t.Errorf("DomainName = %q, want %q", rc.DomainName, host)
		}
		if got := ev.QueryStringParameters; got["campaign"] != "c1" || got["token"] != "t+1" || got["x"] != "2" {
			t.Errorf("QueryStringParameters = %v", got)
		}
		if got := ev.MultiValueQueryStringParameters["x"]; len(got) != 2 || got[0] != "1" || got[1] != "2" {
			t.Errorf("MultiValueQueryStringParameters[x] = %v, want [1 2]", got)
		}
		if b, err := base64.StdEncoding.DecodeString(rc.ConnectionID); err != nil || len(rc.ConnectionID) != 16 || !strings.HasSuffix(rc.ConnectionID, "=") || len(b) != 11 {
			t.Errorf("ConnectionID %q is not shaped like API Gateway's (16 base64 chars ending in '=')", rc.ConnectionID)
		}
		if rc.RequestID == "" || rc.RequestTimeEpoch == 0 || rc.ConnectedAt == 0 {
			t.Errorf("RequestID, RequestTimeEpoch, ConnectedAt = %q, %d, %d; want all set", rc.RequestID, rc.RequestTimeEpoch, rc.ConnectedAt)
		}
		if rc.Identity.SourceIP != "127.0.0.1" {
			t.Errorf("Identity.SourceIP = %q", rc.Identity.SourceIP)
		}
		if ev.Headers["Sec-Websocket-Key"] == "" {
			t.Errorf("Headers lack the upgrade request's headers: %v", ev.Headers)
		}
	})

	t.Run("RefusalKeepsSocketClosedAndSkipsDisconnect", func(t *testing.T) {
		refuse := func(context.Context, event) (events.APIGatewayProxyResponse, error) {
			return events.APIGatewayProxyResponse{StatusCode: 403, Body: "not a member"}, nil
		}
		h := newHarness(t, Config{Routes: map[string]Handler{"$connect": refuse}}, "$disconnect", "$default")
		_, resp, err := websocket.Dial(ctxT(t), h.wsURL("campaign=c1"), nil)
		if err == nil {
			t.Fatal("dial succeeded, want refusal")
		}
		if resp == nil || resp.StatusCode != http.StatusForbidden {
			t.Fatalf("dial: %v, response %+v; want status 403", err, resp)
		}
		if body, _ := io.ReadAll(resp.Body); string(body) != "not a member" {
			t.Errorf("refusal body = %q, want the handler's", body)
		}
		if left := h.closeAndDrain(); len(left) != 0 {
			t.Errorf("refused connection ran %d handlers, first %q", len(left), left[0].RequestContext.RouteKey)
		}
	})

	t.Run("HandlerErrorRefusesWith500", func(t *testing.T) {
		fail := func(context.Context, event) (events.APIGatewayProxyResponse, error) {
			return events.APIGatewayProxyResponse{}, errors.New("store down")
		}
		h := newHarness(t, Config{Routes: map[string]Handler{"$connect": fail}}, "$disconnect")
		_, resp, err := websocket.Dial(ctxT(t), h.wsURL(""), nil)
		if err == nil || resp == nil || resp.StatusCode != http.StatusInternalServerError {
			t.Fatalf("dial: %v, response %+v; want status 500", err, resp)
		}
		if left := h.closeAndDrain(); len(left) != 0 {
			t.Errorf("refused connection ran $disconnect")
		}
	})

	t.Run("PanicRefusesWith500AndServerLives", func(t *testing.T) {
		var calls atomic.Int32
		flaky := func(context.Context, event) (events.APIGatewayProxyResponse, error) {
			if calls.Add(1) == 1 {
				panic("boom")
			}
			return events.APIGatewayProxyResponse{StatusCode: 200}, nil
		}
		h := newHarness(t, Config{Routes: map[string]Handler{"$connect": flaky}})
		_, resp, err := websocket.Dial(ctxT(t), h.wsURL(""), nil)
		if err == nil || resp == nil || resp.StatusCode != http.StatusInternalServerError {
			t.Fatalf("dial: %v, response %+v; want status 500", err, resp)
		}
		h.dial("") // the next connection is accepted
	})

	t.Run("PlainGETIsNotAConnection", func(t *testing.T) {
		h := newHarness(t, Config{}, "$connect")
		resp, err := http.Get(h.srv.URL + "/ws")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusUpgradeRequired {
			t.Errorf("status = %d, want 426", resp.StatusCode)
		}
		if left := h.closeAndDrain(); len(left) != 0 {
			t.Errorf("plain GET ran $connect")
		}
	})
}

func TestRouting(t *testing.T) {
	h := newHarness(t, Config{Stage: "dev"}, "$connect", "turn", "$default")
	c := h.dial("")
	id := h.nextRoute("$connect").RequestContext.ConnectionID

	for _, tc := range []struct {
		name, body, route string
	}{
		{"KnownActionToItsRoute", `{"action":"turn","text":"I open the door"}`, "turn"},
		{"UnknownActionToDefault", `{"action":"dance"}`, "$default"},
		{"NoActionToDefault", `{"text":"hi"}`, "$default"},
		{"NonStringActionToDefault", `{"action":7}`, "$default"},
		{"NonJSONToDefault", `not json at all`, "$default"},
		{"ReservedRouteToDefault", `{"action":"$disconnect"}`, "$default"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			send(t, c, tc.body)
			ev := h.nextRoute(tc.route)
			rc := ev.RequestContext
			if rc.EventType != "MESSAGE" || rc.ConnectionID != id || rc.Stage != "dev" || ev.Body != tc.body {
				t.Errorf("EventType, ConnectionID, Stage, Body = %q, %q, %q, %q; want MESSAGE, %q, dev, %q",
					rc.EventType, rc.ConnectionID, rc.Stage, ev.Body, id, tc.body)
			}
		})
	}
}

func TestUnroutableMessageDroppedWithoutDefault(t *testing.T) {
	h := newHarness(t, Config{}, "turn")
	c := h.dial("")
	send(t, c, `{"action":"dance"}`)
	send(t, c, `not json`)
	send(t, c, `{"action":"turn"}`)
	// Messages are routed in order, so the dropped ones are behind us.
	if ev := h.nextRoute("turn"); ev.Body != `{"action":"turn"}` {
		t.Errorf("Body = %q", ev.Body)
	}
	c.Close(websocket.StatusNormalClosure, "")
	if left := h.closeAndDrain(); len(left) != 0 {
		t.Errorf("dropped message reached a handler: %q", left[0].Body)
	}
}

func TestHandlerFailuresDoNotCloseConnection(t *testing.T) {
	fail := func(_ context.Context, ev event) (events.APIGatewayProxyResponse, error) {
		if ev.Body == `{"action":"fail","panic":true}` {
			panic("boom")
		}
		return events.APIGatewayProxyResponse{}, errors.New("failed")
	}
	h := newHarness(t, Config{Routes: map[string]Handler{"fail": fail}}, "turn")
	c := h.dial("")
	send(t, c, `{"action":"fail"}`)
	send(t, c, `{"action":"fail","panic":true}`)
	send(t, c, `{"action":"turn"}`)
	h.nextRoute("turn")
}

func TestRouteResponseBodyGoesBack(t *testing.T) {
	echo := func(_ context.Context, ev event) (events.APIGatewayProxyResponse, error) {
		return events.APIGatewayProxyResponse{StatusCode: 200, Body: "pong:" + ev.Body}, nil
	}
	h := newHarness(t, Config{Routes: map[string]Handler{"ping": echo}})
	c := h.dial("")
	send(t, c, `{"action":"ping"}`)
	if got := read(t, c); got != `pong:{"action":"ping"}` {
		t.Errorf("reply = %q", got)
	}
}

// A route that outlasts the integration timeout has its caller answered
// as API Gateway answers it, while the handler runs on to its end; its
// late response is dropped. A route that answers in time is not.
func TestSlowRouteIsAnsweredWithTheIntegrationTimeout(t *testing.T) {
	release, finished := make(chan struct{}), make(chan struct{})
	slow := func(_ context.Context, ev event) (events.APIGatewayProxyResponse, error) {
		<-release
		close(finished)
		return events.APIGatewayProxyResponse{StatusCode: 200, Body: "too late"}, nil
	}
	quick := func(_ context.Context, ev event) (events.APIGatewayProxyResponse, error) {
		return events.APIGatewayProxyResponse{StatusCode: 200, Body: "in time"}, nil
	}
	h := newHarness(t, Config{Routes: map[string]Handler{"slow": slow, "quick": quick}, IntegrationTimeout: 50 * time.Millisecond})
	c := h.dial("")
	send(t, c, `{"action":"slow"}`)
	var got struct{ Message, ConnectionID, RequestID string }
	if err := json.Unmarshal([]byte(read(t, c)), &got); err != nil {
		t.Fatal(err)
	}
	if got.Message != "Endpoint request timed out" || got.ConnectionID == "" || got.RequestID == "" {
		t.Errorf("timeout answer = %+v, want API Gateway's message with the connection and request ids", got)
	}
	close(release)
	<-finished
	send(t, c, `{"action":"quick"}`)
	if reply := read(t, c); reply != "in time" {
		t.Errorf("next reply = %q, want the quick route's (the slow one's late answer dropped)", reply)
	}
}

func TestDisconnect(t *testing.T) {
	t.Run("RunsOnceWhenClientCloses", func(t *testing.T) {
		h := newHarness(t, Config{}, "$connect", "$disconnect")
		c := h.dial("campaign=c1")
		id := h.nextRoute("$connect").RequestContext.ConnectionID
		c.Close(websocket.StatusNormalClosure, "bye")
		ev := h.nextRoute("$disconnect")
		rc := ev.RequestContext
		if rc.EventType != "DISCONNECT" || rc.ConnectionID != id {
			t.Errorf("EventType, ConnectionID = %q, %q; want DISCONNECT, %q", rc.EventType, rc.ConnectionID, id)
		}
		if rc.DisconnectStatusCode != int64(websocket.StatusNormalClosure) {
			t.Errorf("DisconnectStatusCode = %d, want 1000", rc.DisconnectStatusCode)
		}
		if left := h.closeAndDrain(); len(left) != 0 {
			t.Errorf("%d more events after $disconnect, first %q", len(left), left[0].RequestContext.RouteKey)
		}
	})

	t.Run("GatewayCloseRunsItForEveryConnection", func(t *testing.T) {
		h := newHarness(t, Config{}, "$connect", "$disconnect")
		a, b := h.dial(""), h.dial("")
		ids := map[string]bool{
			h.nextRoute("$connect").RequestContext.ConnectionID: true,
			h.nextRoute("$connect").RequestContext.ConnectionID: true,
		}
		// The close handshake needs the clients to read.
		codes := make(chan websocket.StatusCode, 2)
		for _, c := range []*websocket.Conn{a, b} {
			go func() { codes <- readClose(t, c) }()
		}
		left := h.closeAndDrain()
		if len(left) != 2 {
			t.Fatalf("Close ran %d handlers, want 2 $disconnect", len(left))
		}
		for _, ev := range left {
			if ev.RequestContext.RouteKey != "$disconnect" || !ids[ev.RequestContext.ConnectionID] {
				t.Errorf("unexpected %q for %q", ev.RequestContext.RouteKey, ev.RequestContext.ConnectionID)
			}
			delete(ids, ev.RequestContext.ConnectionID)
		}
		for range 2 {
			if code := <-codes; code != websocket.StatusGoingAway {
				t.Errorf("client saw close status %v, want 1001", code)
			}
		}
		if _, _, err := websocket.Dial(ctxT(t), h.wsURL(""), nil); err == nil {
			t.Error("closed gateway accepted a connection")
		}
	})
}

func TestMessageSizeLimit(t *testing.T) {
	const limit = 1024
	h := newHarness(t, Config{MaxMessageBytes: limit}, "$default", "$disconnect")
	c := h.dial("")

	atLimit := strings.Repeat("a", limit)
	send(t, c, atLimit)
	if ev := h.nextRoute("$default"); ev.Body != atLimit {
		t.Fatalf("message at the limit arrived with %d bytes, want %d", len(ev.Body), limit)
	}

	send(t, c, strings.Repeat("b", limit+1))
	if code := readClose(t, c); code != websocket.StatusMessageTooBig {
		t.Errorf("close status = %v, want 1009 (message too big)", code)
	}
	// The oversize message is refused whole: the next event is the
	// disconnect, never a cut message.
	ev := h.nextRoute("$disconnect")
	if ev.RequestContext.DisconnectStatusCode != int64(websocket.StatusMessageTooBig) {
		t.Errorf("DisconnectStatusCode = %d, want 1009", ev.RequestContext.DisconnectStatusCode)
	}
}

func TestBinaryFrameClosesWith1003(t *testing.T) {
	h := newHarness(t, Config{}, "$default", "$disconnect")
	c := h.dial("")
	if err := c.Write(ctxT(t), websocket.MessageBinary, []byte(`{"action":"x"}`)); err != nil {
		t.Fatal(err)
	}
	if code := readClose(t, c); code != websocket.StatusUnsupportedData {
		t.Errorf("close status = %v, want 1003", code)
	}
	h.nextRoute("$disconnect")
}

func TestManagementAPI(t *testing.T) {
	h := newHarness(t, Config{}, "$connect", "$disconnect")
	a := h.dial("who=a")
	b := h.dial("who=b")
	ids := map[string]string{}
	for range 2 {
		ev := h.nextRoute("$connect")
		ids[ev.QueryStringParameters["who"]] = ev.RequestContext.ConnectionID
	}
	p := h.pusher()

	t.Run("SendReachesOnlyItsConnection", func(t *testing.T) {
		if err := p.Send(ctxT(t), ids["a"], []byte(`{"type":"recap","to":"a"}`)); err != nil {
			t.Fatalf("send to a: %v", err)
		}
		if err := p.Send(ctxT(t), ids["b"], []byte(`{"type":"recap","to":"b"}`)); err != nil {
			t.Fatalf("send to b: %v", err)
		}
		if err := p.Send(ctxT(t), ids["a"], []byte(`second`)); err != nil {
			t.Fatalf("send to a: %v", err)
		}
		if got := read(t, b); got != `{"type":"recap","to":"b"}` {
			t.Errorf("b's first message = %q", got)
		}
		if got := read(t, a); got != `{"type":"recap","to":"a"}` {
			t.Errorf("a's first message = %q", got)
		}
		if got := read(t, a); got != `second` {
			t.Errorf("a's second message = %q", got)
		}
	})

	t.Run("GetConnectionDescribesIt", func(t *testing.T) {
		out, err := h.sdk().GetConnection(ctxT(t), &apigatewaymanagementapi.GetConnectionInput{ConnectionId: aws.String(ids["b"])})
		if err != nil {
			t.Fatalf("GetConnection: %v", err)
		}
		if out.ConnectedAt == nil || time.Since(*out.ConnectedAt) > time.Hour || out.LastActiveAt == nil {
			t.Errorf("ConnectedAt, LastActiveAt = %v, %v", out.ConnectedAt, out.LastActiveAt)
		}
		if out.Identity == nil || aws.ToString(out.Identity.SourceIp) != "127.0.0.1" {
			t.Errorf("Identity = %+v", out.Identity)
		}
	})

	t.Run("SendToClosedConnectionIsNotFound", func(t *testing.T) {
		a.Close(websocket.StatusNormalClosure, "")
		if got := h.nextRoute("$disconnect").RequestContext.ConnectionID; got != ids["a"] {
			t.Fatalf("$disconnect for %q, want a's %q", got, ids["a"])
		}
		err := p.Send(ctxT(t), ids["a"], []byte("hello?"))
		if !fault.Is(err, fault.NotFound) {
			t.Fatalf("Send = %v, want kind not_found", err)
		}
		var gone *types.GoneException
		if !errors.As(err, &gone) {
			t.Errorf("Send error does not wrap *types.GoneException: %v", err)
		}
		_, err = h.sdk().GetConnection(ctxT(t), &apigatewaymanagementapi.GetConnectionInput{ConnectionId: aws.String(ids["a"])})
		if !errors.As(err, &gone) {
			t.Errorf("GetConnection = %v, want GoneException", err)
		}
	})

	t.Run("UnknownConnectionIsNotFound", func(t *testing.T) {
		if err := p.Send(ctxT(t), "bm90LWEtY29ubg==", []byte("x")); !fault.Is(err, fault.NotFound) {
			t.Errorf("Send = %v, want kind not_found", err)
		}
	})

	t.Run("CloseDisconnectsIt", func(t *testing.T) {
		codes := make(chan websocket.StatusCode, 1)
		go func() { codes <- readClose(t, b) }()
		if err := p.Close(ctxT(t), ids["b"]); err != nil {
			t.Fatalf("Close: %v", err)
		}
		if err := p.Send(ctxT(t), ids["b"], []byte("x")); !fault.Is(err, fault.NotFound) {
			t.Errorf("Send after Close = %v, want kind not_found", err)
		}
		if got := h.nextRoute("$disconnect").RequestContext.ConnectionID; got != ids["b"] {
			t.Errorf("$disconnect for %q, want b's %q", got, ids["b"])
		}
		select {
		case code := <-codes:
			if code != websocket.StatusNormalClosure {
				t.Errorf("client saw close status %v, want 1000", code)
			}
		case <-time.After(waitFor):
			t.Error("client still open after DeleteConnection")
		}
		if err := p.Close(ctxT(t), ids["b"]); !fault.Is(err, fault.NotFound) {
			t.Errorf("second Close = %v, want kind not_found", err)
		}
	})
}

// Connection ids are base64 and so contain '=' and sometimes '/' and '+';
// the SDK escapes them in the path and the gateway must find them again,
// whether it is mounted on a prefix or on a {id} pattern.
func TestAwkwardConnectionIDsRoundTrip(t *testing.T) {
	for _, mount := range []string{"/@connections/", "/@connections/{id}"} {
		t.Run(mount, func(t *testing.T) {
			var n atomic.Int32
			ids := func() string { return fmt.Sprintf("a/b+c%d/==", n.Add(1)) }
			h := newHarnessWithIDs(t, Config{}, ids, "$connect", "$disconnect")
			mux := http.NewServeMux()
			mux.HandleFunc(mount, h.g.ServeConnections)
			mgmt := httptest.NewServer(mux)
			defer mgmt.Close()
			p := push.New(apigatewaymanagementapi.New(apigatewaymanagementapi.Options{
				Region:       "us-east-1",
				Credentials:  credentials.NewStaticCredentialsProvider("local", "local", ""),
				BaseEndpoint: aws.String(mgmt.URL),
			}))

			c := h.dial("")
			id := h.nextRoute("$connect").RequestContext.ConnectionID
			if !strings.Contains(id, "/") || !strings.Contains(id, "=") || !strings.Contains(id, "+") {
				t.Fatalf("test id %q lacks '/', '+' or '='", id)
			}
			if err := p.Send(ctxT(t), id, []byte("hello")); err != nil {
				t.Fatalf("Send to %q: %v", id, err)
			}
			if got := read(t, c); got != "hello" {
				t.Errorf("got %q", got)
			}
			// A near miss must not match: ids are compared whole.
			if err := p.Send(ctxT(t), strings.TrimSuffix(id, "="), []byte("x")); !fault.Is(err, fault.NotFound) {
				t.Errorf("Send to a prefix of the id = %v, want not_found", err)
			}
			codes := make(chan websocket.StatusCode, 1)
			go func() { codes <- readClose(t, c) }()
			if err := p.Close(ctxT(t), id); err != nil {
				t.Fatalf("Close %q: %v", id, err)
			}
			h.nextRoute("$disconnect")
			select {
			case <-codes:
			case <-time.After(waitFor):
				t.Error("client still open after DeleteConnection")
			}
		})
	}
}

func TestConnectionsEndpointRefusesBadRequests(t *testing.T) {
	h := newHarness(t, Config{})
	for _, tc := range []struct {
		name, method, path string
		want               int
	}{
		{"NoID", http.MethodPost, "/@connections/", http.StatusNotFound},
		{"WrongMethod", http.MethodPut, "/@connections/abc=", http.StatusMethodNotAllowed},
		{"UnknownID", http.MethodGet, "/@connections/" + url.PathEscape("abc="), http.StatusGone},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req, err := http.NewRequest(tc.method, h.srv.URL+tc.path, strings.NewReader("x"))
			if err != nil {
				t.Fatal(err)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != tc.want {
				t.Errorf("status = %d (%s), want %d", resp.StatusCode, body, tc.want)
			}
			if tc.want == http.StatusGone {
				if got := resp.Header.Get("X-Amzn-Errortype"); got != "GoneException" || string(body) != `{"message":"GoneException"}` {
					t.Errorf("410 answer: header %q, body %s", got, body)
				}
			}
		})
	}
}

func TestOversizePostIsRefused(t *testing.T) {
	h := newHarness(t, Config{}, "$connect")
	c := h.dial("")
	id := h.nextRoute("$connect").RequestContext.ConnectionID
	err := h.pusher().Send(ctxT(t), id, make([]byte, maxPostBytes+1))
	if !fault.Is(err, fault.TooLarge) {
		t.Fatalf("Send = %v, want kind too_large", err)
	}
	// The connection is still usable.
	if err := h.pusher().Send(ctxT(t), id, []byte("ok")); err != nil {
		t.Fatal(err)
	}
	if got := read(t, c); got != "ok" {
		t.Errorf("got %q", got)
	}
}

func TestOriginPolicy(t *testing.T) {
	h := newHarness(t, Config{}, "$connect", "$disconnect")
	for _, tc := range []struct {
		name, origin string
		accepted     bool
	}{
		{"NoOriginAsFromATool", "", true},
		{"LocalDevServer", "http://localhost:5173", true},
		{"LoopbackAddress", "http://127.0.0.1:3000", true},
		{"OtherSite", "https://evil.example", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			hdr := http.Header{}
			if tc.origin != "" {
				hdr.Set("Origin", tc.origin)
			}
			c, resp, err := websocket.Dial(ctxT(t), h.wsURL(""), &websocket.DialOptions{HTTPHeader: hdr})
			id := h.nextRoute("$connect").RequestContext.ConnectionID
			if tc.accepted {
				if err != nil {
					t.Fatalf("dial: %v", err)
				}
				c.Close(websocket.StatusNormalClosure, "")
			} else if err == nil || resp == nil || resp.StatusCode != http.StatusForbidden {
				t.Fatalf("dial: %v, response %+v; want 403", err, resp)
			}
			// Either way $connect said yes, so $disconnect follows.
			if got := h.nextRoute("$disconnect").RequestContext.ConnectionID; got != id {
				t.Errorf("$disconnect for %q, want %q", got, id)
			}
		})
	}
}

// FuzzSelectRoute: route selection decodes whatever a client sends; it must
// never panic, and never pick a route a message may not reach.
func FuzzSelectRoute(f *testing.F) {
	for _, s := range []string{`{"action":"turn"}`, `{"action":"$connect"}`, `{"action":null}`, `[1]`, `"turn"`, `{"action":"turn"`, ""} {
		f.Add([]byte(s))
	}
	noop := func(context.Context, event) (events.APIGatewayProxyResponse, error) {
		return events.APIGatewayProxyResponse{}, nil
	}
	g := New(Config{Routes: map[string]Handler{"$connect": noop, "$disconnect": noop, "$default": noop, "turn": noop}})
	f.Fuzz(func(t *testing.T, body []byte) {
		switch r := g.selectRoute(body); r {
		case "turn", "$default":
		default:
			t.Errorf("selectRoute(%q) = %q", body, r)
		}
	})
}
