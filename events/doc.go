// Package events is Chronicler's wire contract (docs/protocol.md, version 2): the
// messages clients send over the WebSocket, the events the server sends back,
// the WebSocket API's route table (Routes: which function serves each
// action) and the HTTP API's bodies. Every decoder of client input lives
// here, is validated here and is fuzzed here; testdata holds real API
// Gateway event payloads that the handlers are tested against.
package events
