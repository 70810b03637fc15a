// Package gateway emulates an API Gateway WebSocket API and its @connections
// management endpoint, so that `make run` serves the very handler functions
// the cloud runs as Lambdas. It reproduces what those handlers can observe:
// $connect before the upgrade (a refusal keeps the socket closed), route
// selection on $request.body.action, concurrent invocations, $disconnect
// after close, API Gateway-shaped connection ids and the 32 KB frame limit,
// and a management API that answers like the real one (410 GoneException)
// so the real SDK client works against it unchanged.
package gateway
