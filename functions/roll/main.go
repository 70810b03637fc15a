// Command roll is the WebSocket routes roll and react: the answers to a
// held turn (dice rolled by hand, a reaction offered in a window). The
// answer that completes the turn narrates and commits it, streaming inside
// this invocation. It wires the cloud's adapters and hands API Gateway's
// events to the shared handler of its routes.
package main

import (
	"context"

	"github.com/aws/aws-lambda-go/lambda"

	"chronicler/events"
	"chronicler/shared/assemble"
)

func main() {
	svc := assemble.MustFromEnv(context.Background())
	lambda.Start(assemble.WebSocketFunction(svc, events.FunctionRoll))
}
