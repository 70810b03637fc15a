package gateway

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/coder/websocket"
)

// ServeConnections is the management API (mounted at /@connections/):
// POST /@connections/{id} sends the body to the connection as one text
// frame, DELETE closes it, GET describes it. A connection that is unknown or
// closed answers 410 with API Gateway's error header, which the SDK turns
// into *types.GoneException.
//
// Unlike API Gateway it checks no SigV4 signature (any key works, so the
// real SDK client needs no setup): the local server must listen on loopback.
func (g *Gateway) ServeConnections(w http.ResponseWriter, r *http.Request) {
	id, ok := connectionID(r)
	if !ok {
		awsError(w, http.StatusNotFound, "NotFoundException", "no connection id in path")
		return
	}
	switch r.Method {
	case http.MethodPost, http.MethodDelete, http.MethodGet:
	default:
		w.Header().Set("Allow", "GET, POST, DELETE")
		awsError(w, http.StatusMethodNotAllowed, "MethodNotAllowedException", "method not allowed")
		return
	}
	c := g.lookup(id)
	if c == nil {
		gone(w)
		return
	}
	switch r.Method {
	case http.MethodPost:
		g.postToConnection(w, r, c)
	case http.MethodDelete:
		// Every call from now on answers 410, as API Gateway does once
		// DeleteConnection has returned; the writer delivers what was
		// posted before, then closes the socket.
		g.shut(c, shutHow{code: websocket.StatusNormalClosure, handshake: true, flush: true})
		w.WriteHeader(http.StatusNoContent)
	case http.MethodGet:
		describe(w, c)
	}
}

// postToConnection queues the body for the connection and answers at
// once, as PostToConnection does: delivery happens behind the answer, in
// the order of the posts. A connection whose queue the post would overfill
// is closed (1013) and the post answers 410, the client's cue to reconnect
// and sync.
func (g *Gateway) postToConnection(w http.ResponseWriter, r *http.Request, c *conn) {
	data, err := io.ReadAll(io.LimitReader(r.Body, maxPostBytes+1))
	if err != nil {
		awsError(w, http.StatusBadRequest, "BadRequestException", "could not read body")
		return
	}
	if len(data) > maxPostBytes {
		awsError(w, http.StatusRequestEntityTooLarge, "PayloadTooLargeException", "payload too large")
		return
	}
	if err := g.post(c, data); err != nil {
		gone(w)
		return
	}
	w.WriteHeader(http.StatusOK)
}

// describe answers GetConnection. Field names and timestamp format are the
// ones the SDK's deserializer expects (jsonName traits, ISO 8601).
func describe(w http.ResponseWriter, c *conn) {
	type identity struct {
		SourceIP  string `json:"sourceIp"`
		UserAgent string `json:"userAgent"`
	}
	body, err := json.Marshal(struct {
		ConnectedAt  string   `json:"connectedAt"`
		Identity     identity `json:"identity"`
		LastActiveAt string   `json:"lastActiveAt"`
	}{
		ConnectedAt:  c.connectedAt.UTC().Format(time.RFC3339Nano),
		Identity:     identity{SourceIP: c.sourceIP, UserAgent: c.userAgent},
		LastActiveAt: time.Unix(0, c.lastActive.Load()).UTC().Format(time.RFC3339Nano),
	})
	if err != nil {
		awsError(w, http.StatusInternalServerError, "InternalServerErrorException", "internal error")
		return
	}
	writeJSON(w, http.StatusOK, string(body))
}

// connectionID takes the id from the path. The SDK escapes '/', '+' and '='
// in ids, so the id is read from the escaped path and unescaped once; this
// works whether the handler is mounted with a {id} pattern or a prefix.
func connectionID(r *http.Request) (string, bool) {
	if id := r.PathValue("id"); id != "" {
		return id, true
	}
	_, escaped, ok := strings.Cut(r.URL.EscapedPath(), "/@connections/")
	if !ok {
		return "", false
	}
	id, err := url.PathUnescape(escaped)
	if err != nil || id == "" {
		return "", false
	}
	return id, true
}

func gone(w http.ResponseWriter) {
	awsError(w, http.StatusGone, "GoneException", "GoneException")
}

// awsError answers the way API Gateway's management API does: the SDK picks
// the error type from X-Amzn-Errortype.
func awsError(w http.ResponseWriter, status int, errorType, message string) {
	w.Header().Set("X-Amzn-Errortype", errorType)
	body, _ := json.Marshal(struct {
		Message string `json:"message"`
	}{message})
	writeJSON(w, status, string(body))
}

func writeJSON(w http.ResponseWriter, status int, body string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = io.WriteString(w, body)
}

// ErrGone is what Post answers for a connection that is unknown or
// closed: PostToConnection's 410.
var ErrGone = errors.New("connection gone")

// ErrTooLarge is what Post answers for more than a message may hold.
var ErrTooLarge = errors.New("payload too large")

// Post is PostToConnection called in this process: what ServeConnections
// does for a POST, without the HTTP round trip, the SigV4 signing and
// the SDK's middleware on the way. It queues a copy of data (the caller
// keeps its slice) and answers at once; a connection whose queue the post
// would overfill is closed (1013) and the post answers ErrGone.
func (g *Gateway) Post(connectionID string, data []byte) error {
	if len(data) > maxPostBytes {
		return ErrTooLarge
	}
	c := g.lookup(connectionID)
	if c == nil {
		return ErrGone
	}
	if err := g.post(c, bytes.Clone(data)); err != nil {
		return ErrGone
	}
	return nil
}

// Alive is GetConnection called in this process: whether the connection
// is open.
func (g *Gateway) Alive(connectionID string) bool { return g.lookup(connectionID) != nil }
