// Package redact shortens capabilities for logs and error messages.
//
// A WebSocket connection id is a capability: whoever holds it can post to
// the socket or close it through the management API. A log that anyone
// may read must not carry it whole; the prefix it keeps is enough to tell
// one socket's lines from another's.
package redact

import (
	"log/slog"
	"net/url"
	"strings"
)

// keep is how much of an id a log shows: 4 of API Gateway's 14 base64
// characters leave 60 bits unknown.
const keep = 4

// Conn is a connection id as logs show it.
type Conn string

// LogValue implements slog.LogValuer.
func (id Conn) LogValue() slog.Value { return slog.StringValue(id.String()) }

// String returns the shortened id.
func (id Conn) String() string {
	r := []rune(string(id))
	if len(r) <= keep {
		return "…"
	}
	return string(r[:keep]) + "…"
}

// Error keeps err (errors.Is and errors.As still find its causes) but
// writes the connection id shortened wherever its message has it, plain
// or escaped: the SDK's errors name the URL they failed on, and that URL
// holds the id.
func Error(err error, connectionID string) error {
	if err == nil || connectionID == "" {
		return err
	}
	return hidden{err: err, id: connectionID}
}

type hidden struct {
	err error
	id  string
}

func (h hidden) Error() string {
	short := Conn(h.id).String()
	msg := strings.ReplaceAll(h.err.Error(), url.PathEscape(h.id), short)
	return strings.ReplaceAll(msg, h.id, short)
}

func (h hidden) Unwrap() error { return h.err }
