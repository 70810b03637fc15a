// Command step is the held turn's step function, which the reaction
// window's state machine invokes for every roll prompt and reaction round
// (storing the task token) and for every timeout (rolling for the player,
// closing the window): it wires the cloud's adapters and hands the
// machine's payload to the shared step.
package main

import (
	"context"

	"github.com/aws/aws-lambda-go/lambda"

	"chronicler/shared/assemble"
)

func main() {
	svc := assemble.MustFromEnv(context.Background())
	lambda.Start(assemble.Lambda(assemble.Step(svc)))
}
