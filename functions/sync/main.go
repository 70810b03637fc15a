// Command sync is the WebSocket route sync, and $default (unknown actions get an error event): it wires the cloud's adapters
// and hands API Gateway's events to the shared handler.
package main

import (
	"context"

	"github.com/aws/aws-lambda-go/lambda"

	"chronicler/events"
	"chronicler/shared/assemble"
)

func main() {
	svc := assemble.MustFromEnvWithoutKey(context.Background())
	lambda.Start(assemble.WebSocketFunction(svc, events.FunctionSync))
}
