package assemble

import (
	"context"
	"encoding/json"

	"chronicler/shared/game"
	"chronicler/shared/metrics"
	"chronicler/shared/workflow"
)

// Step is the step function of both state machines: the reaction
// window's, which invokes it for every roll prompt and reaction round and
// for every timeout, and the table's, once for a decided turn's narration
// and once per turn no player takes. It is the step Lambda, and the local
// interpreter's function in process. Errors: Invalid for a payload that
// is neither a workflow.Request nor a workflow.FightRequest; otherwise
// game.Service.Step's, NarrateTurn's or FightTurn's.
func Step(svc *game.Service) func(ctx context.Context, payload json.RawMessage) (any, error) {
	return func(ctx context.Context, payload json.RawMessage) (any, error) {
		if workflow.IsFight(payload) {
			req, err := workflow.DecodeFightRequest(payload)
			if err != nil {
				return nil, err
			}
			var more bool
			if req.Action == workflow.ActionNarrate {
				more, err = svc.NarrateTurn(ctx, req.CampaignID, req.TurnID)
			} else {
				more, err = svc.FightTurn(ctx, req.CampaignID, req.Execution)
			}
			if err != nil {
				return nil, err
			}
			return workflow.FightOutcome{More: more}, nil
		}
		req, err := workflow.DecodeRequest(payload)
		if err != nil {
			return nil, err
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
			"closed", r.Closed, "abandoned", r.Abandoned, "encounters_archived", r.EncountersArchived, "failed", r.Failed}
		switch {
		case err != nil:
			svc.Log.WarnContext(ctx, "sweep", append(counts, "err", err)...)
		case r.ConnectionsRemoved+r.Closed+r.Abandoned+r.EncountersArchived+r.Failed > 0:
			svc.Log.InfoContext(ctx, "sweep", counts...)
		default:
			svc.Log.DebugContext(ctx, "sweep", counts...)
		}
		return r, err
	}
}
