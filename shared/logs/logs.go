// Package logs carries the ids a log line should name (campaign, turn,
// request, the platform's request id) in a context, and a slog.Handler
// that adds them to every record logged with that context. Standard
// library only.
package logs

import (
	"context"
	"log/slog"
)

type key struct{}

// With returns ctx carrying the attributes of args (slog's key-value
// pairs, or slog.Attr) besides those it carries; empty string values are
// left out, and a key given again replaces the earlier value.
func With(ctx context.Context, args ...any) context.Context {
	old, _ := ctx.Value(key{}).([]slog.Attr)
	add := slog.Group("", args...).Value.Group()
	out := make([]slog.Attr, 0, len(old)+len(add))
	for _, a := range old {
		if !has(add, a.Key) {
			out = append(out, a)
		}
	}
	for _, a := range add {
		if a.Value.Kind() == slog.KindString && a.Value.String() == "" {
			continue
		}
		out = append(out, a)
	}
	return context.WithValue(ctx, key{}, out)
}

func has(attrs []slog.Attr, k string) bool {
	for _, a := range attrs {
		if a.Key == k {
			return true
		}
	}
	return false
}

// Attrs returns the attributes ctx carries.
func Attrs(ctx context.Context) []slog.Attr {
	a, _ := ctx.Value(key{}).([]slog.Attr)
	return a
}

// Handler adds the context's attributes to every record.
type Handler struct{ inner slog.Handler }

// NewHandler wraps inner.
func NewHandler(inner slog.Handler) *Handler { return &Handler{inner: inner} }

// Enabled is inner's.
func (h *Handler) Enabled(ctx context.Context, l slog.Level) bool { return h.inner.Enabled(ctx, l) }

// Handle adds ctx's attributes to r and hands it on; a record's own
// attribute of the same key is kept as well (the record says more).
func (h *Handler) Handle(ctx context.Context, r slog.Record) error {
	if attrs := Attrs(ctx); len(attrs) > 0 {
		r = r.Clone()
		r.AddAttrs(attrs...)
	}
	return h.inner.Handle(ctx, r)
}

// WithAttrs is inner's, still adding the context's.
func (h *Handler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return &Handler{inner: h.inner.WithAttrs(attrs)}
}

// WithGroup is inner's, still adding the context's.
func (h *Handler) WithGroup(name string) slog.Handler {
	return &Handler{inner: h.inner.WithGroup(name)}
}
