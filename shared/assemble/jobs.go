package assemble

import (
	"context"
	"encoding/json"

	"chronicler/shared/game"
	"chronicler/shared/metrics"
	"chronicler/shared/workflow"
)

// Step is the held turns' step function, which the reaction window's state
// machine invokes for every roll prompt and reaction round and for every
// timeout: the step Lambda, and the local interpreter's function in
// process. Errors: Invalid for a payload that is no workflow.Request;
// otherwise game.Service.Step's.
func Step(svc *game.Service) func(ctx context.Context, payload json.RawMessage) (workflow.Outcome, error) {
	return func(ctx context.Context, payload json.RawMessage) (workflow.Outcome, error) {
		req, err := workflow.DecodeRequest(payload)
		if err != nil {
			return workflow.Outcome{}, err
		}
		return svc.Step(ctx, req)
	}
}

// Sweep runs the sweep once (the scheduled Lambda, the local server's
// ticker) and logs what it did as counts: a warning when it failed, at
// info level when it changed or failed on something, at debug level when
// there was nothing to do. The counts are recorded in each of sinks too.
func Sweep(svc *game.Service, sinks ...metrics.Sink) func(ctx context.Context) (game.SweepReport, error) {
	return func(ctx context.Context) (game.SweepReport, error) {
		r, err := svc.Sweep(ctx)
		for _, s := range sinks {
			if s != nil {
				sweepMetrics(ctx, s, r, err)
			}
		}
		counts := []any{"examined", r.Examined, "connections_removed", r.ConnectionsRemoved,
			"closed", r.Closed, "abandoned", r.Abandoned, "failed", r.Failed}
		switch {
		case err != nil:
			svc.Log.WarnContext(ctx, "sweep", append(counts, "err", err)...)
		case r.ConnectionsRemoved+r.Closed+r.Abandoned+r.Failed > 0:
			svc.Log.InfoContext(ctx, "sweep", counts...)
		default:
			svc.Log.DebugContext(ctx, "sweep", counts...)
		}
		return r, err
	}
}
