// Package wsapi adapts API Gateway WebSocket events to the game's use cases:
// $connect, $disconnect and every client action. The cloud's Lambdas
// (Function) and the local gateway (Route) take these same handlers from
// events.Routes and call them with the same event type. The handler
// reaches the game through two small interfaces, Connections and Play,
// which *game.Service satisfies.
package wsapi
