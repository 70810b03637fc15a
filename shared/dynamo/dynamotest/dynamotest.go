// Package dynamotest serves a DynamoDB-compatible API from memory (minidyn)
// for the store's tests, end-to-end tests and the local run's separate
// DynamoDB process. It is never linked into a Lambda.
//
// It adds two things to minidyn's handler. Requests run one at a time:
// minidyn guards its items with a mutex but not its map of tables, so
// concurrent CreateTable or DescribeTable calls race with everything else.
// And empty lists, maps and binaries survive a round trip: minidyn answers
// them as `{}`, which no SDK can decode (DynamoDB answers `{"L":[]}`), so
// requests carry them as sentinels that responses turn back into empties.
package dynamotest

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"sync"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	miniserver "github.com/truora/minidyn/server"
)

// Server is an in-memory DynamoDB-compatible http.Handler. Its embedded
// minidyn server offers failure injection (EmulateFailure,
// EmulateFailureForTable, EmulateUnprocessedItems).
type Server struct {
	*miniserver.Server
	mu sync.Mutex
}

// New returns an empty server.
func New() *Server { return &Server{Server: miniserver.NewServer()} }

// Client is the real DynamoDB client pointed at url (a Server's address)
// with static local credentials.
func Client(url string) *dynamodb.Client {
	return dynamodb.NewFromConfig(aws.Config{
		Region:      "us-east-1",
		Credentials: credentials.NewStaticCredentialsProvider("local", "local", ""),
	}, func(o *dynamodb.Options) { o.BaseEndpoint = aws.String(url) })
}

// The sentinels that stand for empty values inside minidyn.
const (
	emptyList   = "\x00dynamotest:empty-list"
	emptyMap    = "__dynamotest_empty_map__"
	emptyBinary = "\x00dynamotest:empty-binary"
)

var emptyBinary64 = base64.StdEncoding.EncodeToString([]byte(emptyBinary))

// ServeHTTP serves one DynamoDB JSON request at a time.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "read request: "+err.Error(), http.StatusBadRequest)
		return
	}
	r.Body = io.NopCloser(bytes.NewReader(rewrite(body, toSentinel)))
	r.ContentLength = -1
	r.Header.Del("Content-Length")

	rec := &recorder{header: http.Header{}, status: http.StatusOK}
	s.mu.Lock()
	s.Server.ServeHTTP(rec, r)
	s.mu.Unlock()

	out := rewrite(rec.body.Bytes(), fromSentinel)
	for k, v := range rec.header {
		w.Header()[k] = v
	}
	w.Header().Set("Content-Length", strconv.Itoa(len(out)))
	w.WriteHeader(rec.status)
	_, _ = w.Write(out)
}

// recorder buffers a response so that its body can be rewritten.
type recorder struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (r *recorder) Header() http.Header         { return r.header }
func (r *recorder) WriteHeader(status int)      { r.status = status }
func (r *recorder) Write(b []byte) (int, error) { return r.body.Write(b) }

// rewrite applies f to every JSON object of body; a body that is not JSON
// (minidyn's plain-text refusals) passes unchanged.
func rewrite(body []byte, f func(map[string]any)) []byte {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return body
	}
	walk(v, f)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return body
	}
	return buf.Bytes()
}

// walk calls f on every object inside v, innermost first.
func walk(v any, f func(map[string]any)) {
	switch x := v.(type) {
	case map[string]any:
		for _, e := range x {
			walk(e, f)
		}
		f(x)
	case []any:
		for _, e := range x {
			walk(e, f)
		}
	}
}

// toSentinel replaces an empty L, M or B attribute value with its sentinel.
// Only attribute values are objects with a single L, M or B member in
// DynamoDB's request shapes.
func toSentinel(m map[string]any) {
	if len(m) != 1 {
		return
	}
	if v, ok := m["L"].([]any); ok && len(v) == 0 {
		m["L"] = []any{map[string]any{"S": emptyList}}
	}
	if v, ok := m["M"].(map[string]any); ok && len(v) == 0 {
		m["M"] = map[string]any{emptyMap: map[string]any{"NULL": true}}
	}
	if v, ok := m["B"].(string); ok && v == "" {
		m["B"] = emptyBinary64
	}
}

// fromSentinel turns a sentinel back into the empty value it stands for.
func fromSentinel(m map[string]any) {
	if len(m) != 1 {
		return
	}
	if l, ok := m["L"].([]any); ok && len(l) == 1 {
		if e, ok := l[0].(map[string]any); ok && len(e) == 1 && e["S"] == emptyList {
			m["L"] = []any{}
		}
	}
	if v, ok := m["M"].(map[string]any); ok && len(v) == 1 {
		if _, ok := v[emptyMap]; ok {
			m["M"] = map[string]any{}
		}
	}
	if v, ok := m["B"].(string); ok && v == emptyBinary64 {
		m["B"] = ""
	}
}
