// Command api is the HTTP API (API Gateway HTTP API, payload 2.0): it wires
// the cloud's adapters and hands every /api request to the shared handler.
package main

import (
	"context"

	"github.com/aws/aws-lambda-go/lambda"

	"chronicler/shared/assemble"
	"chronicler/shared/httpapi"
)

func main() {
	svc := assemble.MustFromEnv(context.Background())
	lambda.Start(assemble.Lambda(httpapi.New(svc, "dynamodb", svc.Log).Handle))
}
