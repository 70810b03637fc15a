// Command turn is the WebSocket route turn (narration streams inside this
// invocation): it wires the cloud's adapters and hands API Gateway's events
// to the shared handler of its route.
package main

import (
	"context"

	"github.com/aws/aws-lambda-go/lambda"

	"chronicler/events"
	"chronicler/shared/assemble"
	"chronicler/shared/wsapi"
)

func main() {
	svc := assemble.MustFromEnv(context.Background())
	h := &wsapi.Handler{Svc: svc, Log: svc.Log}
	lambda.Start(assemble.WebSocket(assemble.MetricsFromEnv(), h.Function(events.FunctionTurn)))
}
