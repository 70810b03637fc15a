// Command sweep runs on a schedule: it removes records of vanished
// connections, closes sessions that lost all their players (connection_lost,
// Paused), abandons campaigns paused past their inactivity_days, and logs
// and records what it did as counts.
package main

import (
	"context"
	"encoding/json"

	"github.com/aws/aws-lambda-go/lambda"

	"chronicler/shared/assemble"
	"chronicler/shared/game"
)

func main() {
	svc := assemble.MustFromEnv(context.Background())
	sweep := assemble.Sweep(svc, assemble.MetricsFromEnv())
	lambda.Start(assemble.Lambda(func(ctx context.Context, _ json.RawMessage) (game.SweepReport, error) {
		return sweep(ctx)
	}))
}
