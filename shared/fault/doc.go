// Package fault is Chronicler's one error type: every error that can reach a
// player carries a stable Kind, the operation that failed and a message that
// is safe to show. One table maps kinds to HTTP statuses and wire codes, so
// the HTTP API and the WebSocket routes answer the same failure the same way.
package fault
