// Command sweep runs on a schedule: it removes records of vanished
// connections, closes sessions that lost all their players (connection_lost,
// Paused), abandons campaigns paused past their inactivity_days, and logs
// what it did as counts.
package main

import (
	"context"

	"github.com/aws/aws-lambda-go/lambda"

	"chronicler/shared/assemble"
	"chronicler/shared/game"
)

func main() {
	svc := assemble.MustFromEnv(context.Background())
	lambda.Start(func(ctx context.Context) (game.SweepReport, error) {
		r, err := svc.Sweep(ctx)
		svc.Log.InfoContext(ctx, "sweep", "examined", r.Examined, "connections_removed", r.ConnectionsRemoved,
			"closed", r.Closed, "abandoned", r.Abandoned, "failed", r.Failed)
		return r, err
	})
}
