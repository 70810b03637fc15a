// Package gateway emulates an API Gateway WebSocket API and its @connections
// management endpoint, so that `make run` serves the very handler functions
// the cloud runs as Lambdas. It reproduces what those handlers can observe:
// $connect before the upgrade (a refusal keeps the socket closed), route
// selection on $request.body.action, $disconnect after close, API
// Gateway-shaped connection ids and the 32 KB frame limit, a management API
// that answers like the real one (a post is accepted at once; 410
// GoneException once the connection is closed) so the real SDK client works
// against it unchanged, and the reaping of idle (10 minutes) and old (2
// hours) connections.
//
// Each connection has a bounded send queue drained by its own writer, so a
// client that stops reading holds up nobody but itself: it is closed when
// its queue is full (1013) or its socket takes nothing for a few seconds
// (1008). One connection's messages are handled one after the other, in
// the order sent; different connections' in parallel. That is stricter than
// API Gateway, which promises no order between one connection's
// invocations: the game must not need it for correctness in the cloud.
package gateway
