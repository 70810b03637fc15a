// Command step is the held turn's step function, which the reaction
// window's state machine invokes for every roll prompt and reaction round
// (storing the task token) and for every timeout (rolling for the player,
// closing the window): it wires the cloud's adapters and hands the
// machine's payload to the shared use case.
package main

import (
	"context"
	"encoding/json"

	"github.com/aws/aws-lambda-go/lambda"

	"chronicler/shared/assemble"
	"chronicler/shared/workflow"
)

func main() {
	svc := assemble.MustFromEnv(context.Background())
	lambda.Start(func(ctx context.Context, payload json.RawMessage) (workflow.Outcome, error) {
		req, err := workflow.DecodeRequest(payload)
		if err != nil {
			return workflow.Outcome{}, err
		}
		return svc.Step(ctx, req)
	})
}
