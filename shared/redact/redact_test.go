package redact

import (
	"bytes"
	"errors"
	"log/slog"
	"net/url"
	"strings"
	"testing"
)

func TestConnKeepsOnlyAPrefix(t *testing.T) {
	for id, want := range map[string]string{
		"L0SM9cOFvHcCIhw=": "L0SM…",
		"abcd":             "…",
		"":                 "…",
		"ünïcödé-id":       "ünïc…",
	} {
		if got := Conn(id).String(); got != want {
			t.Errorf("Conn(%q) = %q, want %q", id, got, want)
		}
	}
	var buf bytes.Buffer
	slog.New(slog.NewTextHandler(&buf, nil)).Info("x", "connection", Conn("L0SM9cOFvHcCIhw="))
	if strings.Contains(buf.String(), "9cOFvHcCIhw") || !strings.Contains(buf.String(), "L0SM…") {
		t.Errorf("log line %q carries the id whole or not at all", buf.String())
	}
}

func TestErrorHidesTheIDAndKeepsTheCause(t *testing.T) {
	const id = "L0SM9cOFvHcCIhw="
	cause := &url.Error{Op: "Post", URL: "http://127.0.0.1:1/@connections/" + url.PathEscape(id), Err: errors.New("connection refused")}
	err := Error(cause, id)
	if strings.Contains(err.Error(), "9cOFvHcCIhw") || !strings.Contains(err.Error(), "connection refused") {
		t.Errorf("error = %q, want the cause without the id", err)
	}
	var ue *url.Error
	if !errors.As(err, &ue) {
		t.Error("errors.As lost the cause")
	}
	if Error(nil, id) != nil {
		t.Error("Error(nil) is not nil")
	}
}
