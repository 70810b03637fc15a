// Command connect is the WebSocket route $connect (token and membership checked before the socket opens): it wires the cloud's adapters
// and hands API Gateway's events to the shared handler.
package main

import (
	"context"

	"github.com/aws/aws-lambda-go/lambda"

	"chronicler/events"
	"chronicler/shared/assemble"
)

func main() {
	svc := assemble.MustFromEnv(context.Background())
	lambda.Start(assemble.WebSocketFunction(svc, events.FunctionConnect))
}
