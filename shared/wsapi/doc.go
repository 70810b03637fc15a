// Package wsapi adapts API Gateway WebSocket events to the game's use cases:
// $connect, $disconnect and every client action. The cloud's Lambdas and the
// local gateway call these same handlers with the same event type. The
// handler reaches the game through two small interfaces, Connections and
// Play, which *game.Service satisfies.
package wsapi
