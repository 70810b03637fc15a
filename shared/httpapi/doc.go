// Package httpapi is the HTTP API of protocol.md behind one API Gateway
// (HTTP API, payload 2.0) handler: the cloud's api Lambda and the local
// server both turn a request into the same event and call Handle. Inside,
// routes are matched by the standard library's patterns, and each endpoint
// calls the game through the small interface of its use case (Players,
// Campaigns, Members, ...), which *game.Service satisfies.
package httpapi
