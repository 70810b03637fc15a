// Command sweep runs on a schedule: it removes records of vanished
// connections, closes sessions that lost all their players (connection_lost,
// Paused), abandons campaigns paused past their inactivity_days, and logs
// what it did as counts.
package main

import (
	"context"

	"github.com/aws/aws-lambda-go/lambda"

	"chronicler/shared/assemble"
)

func main() {
	svc := assemble.MustFromEnv(context.Background())
	lambda.Start(assemble.Sweep(svc))
}
