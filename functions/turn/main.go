// Command turn is the WebSocket route turn: it reads the player's words,
// decides and announces the turn, and hands its narration to the table's
// flow (the step function narrates it); it wires the cloud's adapters and
// hands API Gateway's events to the shared handler of its route.
package main

import (
	"context"

	"github.com/aws/aws-lambda-go/lambda"

	"chronicler/events"
	"chronicler/shared/assemble"
)

func main() {
	svc := assemble.MustFromEnv(context.Background())
	lambda.Start(assemble.WebSocketFunction(svc, events.FunctionTurn))
}
