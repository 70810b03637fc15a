// Command sweep runs on a schedule: it closes sessions that lost all their
// players (connection_lost, the campaign Paused) and logs what it did.
package main

import (
	"context"

	"github.com/aws/aws-lambda-go/lambda"

	"chronicler/shared/cloud"
	"chronicler/shared/game"
)

func main() {
	svc := cloud.Must(context.Background())
	lambda.Start(func(ctx context.Context) (game.SweepReport, error) {
		r, err := svc.CloseLostSessions(ctx)
		svc.Log.InfoContext(ctx, "sweep", "examined", r.Examined, "closed", r.Closed, "failed", r.Failed)
		return r, err
	})
}
