package assemble

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/aws/aws-lambda-go/lambdacontext"
	"github.com/aws/smithy-go"

	"chronicler/events"
	"chronicler/shared/fault"
	"chronicler/shared/game"
	"chronicler/shared/logs"
	"chronicler/shared/metrics"
	"chronicler/shared/narrator"
	"chronicler/shared/wsapi"
)

// MetricsFromEnv is the EMF sink on standard output under EnvMetrics'
// namespace; nil when it is unset. It is made once per process, so the
// service (FromEnv), the WebSocket wrapper and the sweep of one function
// share one sink, and its lock, on standard output.
func MetricsFromEnv() metrics.Sink { return metricsFromEnv() }

var metricsFromEnv = sync.OnceValue(func() metrics.Sink {
	ns := os.Getenv(EnvMetrics)
	if ns == "" {
		return nil
	}
	return &metrics.EMF{Namespace: ns, W: os.Stdout}
})

// modelAccess classifies err, a Bedrock failure: a *narrator.AccessError
// when Bedrock refused the model itself, else nil.
func modelAccess(err error) *narrator.AccessError {
	var api smithy.APIError
	if !errors.As(err, &api) {
		return nil
	}
	code, msg := api.ErrorCode(), strings.ToLower(api.ErrorMessage())
	switch {
	case code == "AccessDeniedException" && (strings.Contains(msg, "marketplace") || strings.Contains(msg, "subscri")):
		return &narrator.AccessError{Code: code, Err: err, Reason: "Bedrock refused the model: the account is not subscribed to it on AWS Marketplace; " +
			"the role needs aws-marketplace:Subscribe and ViewSubscriptions for the first call, and the account a valid payment method"}
	case code == "AccessDeniedException" && strings.Contains(msg, "use case"):
		return &narrator.AccessError{Code: code, Err: err, Reason: "Bedrock refused the model: Anthropic's first-time-use form has not been submitted for this account (Bedrock console, Model catalog)"}
	case code == "AccessDeniedException":
		return &narrator.AccessError{Code: code, Err: err, Reason: "Bedrock refused the model: model access is not granted to this account or role in this region (Bedrock console, Model access; the role's bedrock:InvokeModel grants)"}
	case code == "ResourceNotFoundException",
		code == "ValidationException" && (strings.Contains(msg, "model identifier") || strings.Contains(msg, "inference profile") || strings.Contains(msg, "on-demand throughput")):
		return &narrator.AccessError{Code: code, Err: err, Reason: "Bedrock has no such model here: the model id or inference profile does not exist in this region, or must be called through an inference profile (CHRONICLER_MODEL_HIGH, CHRONICLER_MODEL_LOW)"}
	}
	return nil
}

// modelNarrator is a narrator that calls a model for every purpose: it
// reads intents, folds and defines terms besides narrating (the
// Bedrock and OpenAI-compatible narrators).
type modelNarrator interface {
	narrator.Narrator
	narrator.IntentReader
	narrator.Folder
	narrator.Definer
}

// Observe measures n's calls into sink when n calls a model for every
// purpose (ObservedModel); any other narrator (the offline one) is
// returned as it is, calling no model and costing nothing. The use cases
// find a narrator's optional abilities by type assertion, so a wrapper
// must offer exactly the abilities of what it wraps.
func Observe(n narrator.Narrator, sink metrics.Sink, prices narrator.PriceTable, log *slog.Logger) narrator.Narrator {
	if m, ok := n.(modelNarrator); ok && sink != nil {
		return ObservedModel{ObservedNarrator: ObservedNarrator{Narrator: m, Sink: sink, Prices: prices, Log: log}, model: m}
	}
	return n
}

// ObservedModel is ObservedNarrator for a narrator with every ability,
// each call's tokens, cost and model refusals recorded.
type ObservedModel struct {
	ObservedNarrator
	model modelNarrator
}

// ReadIntent is the narrator's, measured.
func (o ObservedModel) ReadIntent(ctx context.Context, req narrator.IntentRequest) (narrator.IntentRead, error) {
	r, err := o.model.ReadIntent(ctx, req)
	return r, o.call(ctx, r.Model, r.Usage, err)
}

// Fold is the narrator's, measured.
func (o ObservedModel) Fold(ctx context.Context, req narrator.FoldRequest) (narrator.Folded, error) {
	r, err := o.model.Fold(ctx, req)
	return r, o.call(ctx, r.Model, r.Usage, err)
}

// Define is the narrator's, measured.
func (o ObservedModel) Define(ctx context.Context, req narrator.DefineRequest) (narrator.Defined, error) {
	r, err := o.model.Define(ctx, req)
	return r, o.call(ctx, r.Model, r.Usage, err)
}

// call records a low-tier call's usage, and a refused model.
func (o ObservedModel) call(ctx context.Context, model string, u narrator.Usage, err error) error {
	o.usage(ctx, model, u, nil)
	if a := modelAccess(err); a != nil {
		o.put(ctx, metrics.ModelAccessDenied, 1, metrics.Count, nil, nil)
		return a
	}
	return err
}

// ObservedNarrator records each narration's metrics: latency, time to the
// first text, tokens and cost by model, guard breaches (a call asked to
// correct the previous one), narrations told by the offline narrator
// instead, and model access refused. A refusal of the model itself comes
// back as a *narrator.AccessError saying what to do (narrator.ReasonOf),
// which the use cases log with the degraded turn.
type ObservedNarrator struct {
	narrator.Narrator
	Sink   metrics.Sink
	Prices narrator.PriceTable
	Log    *slog.Logger
	// Now is the clock; nil is time.Now.
	Now func() time.Time
}

func (o ObservedNarrator) now() time.Time {
	if o.Now != nil {
		return o.Now()
	}
	return time.Now()
}

// Narrate is the narrator's, measured.
func (o ObservedNarrator) Narrate(ctx context.Context, req narrator.Request, emit func(string) error) (narrator.Narration, error) {
	start := o.now()
	ids := map[string]string{"turn": req.TurnID}
	var once sync.Once
	n, err := o.Narrator.Narrate(ctx, req, func(d string) error {
		once.Do(func() {
			o.put(ctx, metrics.TimeToFirstText, float64(o.now().Sub(start).Milliseconds()), metrics.Milliseconds, nil, ids)
		})
		return emit(d)
	})
	o.put(ctx, metrics.NarrationLatency, float64(o.now().Sub(start).Milliseconds()), metrics.Milliseconds, nil, ids)
	if req.Correction != "" {
		o.put(ctx, metrics.GuardBreaches, 1, metrics.Count, nil, ids)
	} else {
		o.put(ctx, metrics.Narrations, 1, metrics.Count, nil, ids)
	}
	o.usage(ctx, n.Model, n.Usage, ids)
	switch {
	case err != nil && ctx.Err() == nil:
		if req.Correction == "" {
			o.put(ctx, metrics.DegradedNarrations, 1, metrics.Count, nil, ids)
		}
		if a := modelAccess(err); a != nil {
			o.put(ctx, metrics.ModelAccessDenied, 1, metrics.Count, nil, ids)
			if o.Log != nil {
				o.Log.ErrorContext(ctx, "narrator model refused", "turn", req.TurnID, "code", a.Code, "reason", a.Reason)
			}
			return n, a
		}
	case err == nil && n.Degraded && req.Correction == "":
		o.put(ctx, metrics.DegradedNarrations, 1, metrics.Count, nil, ids)
	}
	return n, err
}

// Summarize is the narrator's, its tokens and cost recorded.
func (o ObservedNarrator) Summarize(ctx context.Context, req narrator.SummaryRequest) (narrator.Summarized, error) {
	s, err := o.Narrator.Summarize(ctx, req)
	o.usage(ctx, s.Model, s.Usage, nil)
	if a := modelAccess(err); a != nil {
		o.put(ctx, metrics.ModelAccessDenied, 1, metrics.Count, nil, nil)
		return s, a
	}
	return s, err
}

func (o ObservedNarrator) usage(ctx context.Context, model string, u narrator.Usage, ids map[string]string) {
	if model == "" {
		return
	}
	dims := map[string]string{metrics.DimModel: model}
	o.put(ctx, metrics.InputTokens, float64(u.Input+u.CacheRead+u.CacheWrite), metrics.Count, dims, ids)
	o.put(ctx, metrics.OutputTokens, float64(u.Output), metrics.Count, dims, ids)
	if cost, ok := o.Prices.Cost(model, u); ok {
		// Also as a total across models: the spend alarms read it.
		o.Sink.Put(ctx, metrics.Record{Name: metrics.CostUSD, Value: cost, Unit: metrics.None, Dims: dims, Props: withIDs(ctx, ids), Total: true})
	}
}

func (o ObservedNarrator) put(ctx context.Context, name string, v float64, unit metrics.Unit, dims, props map[string]string) {
	o.Sink.Put(ctx, metrics.Record{Name: name, Value: v, Unit: unit, Dims: dims, Props: withIDs(ctx, props)})
}

// withIDs adds the context's ids (shared/logs) to props.
func withIDs(ctx context.Context, props map[string]string) map[string]string {
	attrs := logs.Attrs(ctx)
	if len(attrs) == 0 {
		return props
	}
	out := make(map[string]string, len(props)+len(attrs))
	for _, a := range attrs {
		out[a.Key] = a.Value.String()
	}
	for k, v := range props {
		if v != "" {
			out[k] = v
		}
	}
	return out
}

// ObservedPusher counts the messages a connection could not be sent; a
// connection found gone is routine (the player left) and not counted.
type ObservedPusher struct {
	game.Pusher
	Sink metrics.Sink
}

// Send is the pusher's, counted when it fails.
func (p ObservedPusher) Send(ctx context.Context, connectionID string, data []byte) error {
	err := p.Pusher.Send(ctx, connectionID, data)
	if err != nil && !fault.Is(err, fault.NotFound) && ctx.Err() == nil {
		p.Sink.Put(ctx, metrics.Record{Name: metrics.PushFailures, Value: 1, Unit: metrics.Count, Props: withIDs(ctx, nil)})
	}
	return err
}

// Lambda wraps a function's handler so every log line and metric of the
// invocation names its Lambda request id.
func Lambda[In, Out any](h func(context.Context, In) (Out, error)) func(context.Context, In) (Out, error) {
	return func(ctx context.Context, in In) (Out, error) {
		if lc, ok := lambdacontext.FromContext(ctx); ok {
			ctx = logs.With(ctx, "aws_request_id", lc.AwsRequestID)
		}
		return h(ctx, in)
	}
}

// WebSocketFunction is the handler of the cloud's WebSocket function name
// (one of events' Function names): the shared wsapi handler on svc, wrapped
// by WebSocket with MetricsFromEnv's sink. Each functions/ main starts it.
func WebSocketFunction(svc *game.Service, name string) func(context.Context, wsapi.Request) (wsapi.Response, error) {
	h := &wsapi.Handler{Svc: svc, Log: svc.Log}
	return WebSocket(MetricsFromEnv(), h.Function(name))
}

// WebSocket wraps a WebSocket route's handler: every log line and metric
// of the invocation names the connection, API Gateway's request id and,
// for a client message, its campaign and request ids. A turn, roll or
// reaction's invocation, which narrates and commits what it completes, is
// recorded as TurnLatency (nil sink: nothing recorded).
func WebSocket(sink metrics.Sink, h func(context.Context, wsapi.Request) (wsapi.Response, error)) func(context.Context, wsapi.Request) (wsapi.Response, error) {
	return Lambda(func(ctx context.Context, req wsapi.Request) (wsapi.Response, error) {
		var msg struct {
			Action     string `json:"action"`
			CampaignID string `json:"campaign_id"`
			RequestID  string `json:"request_id"`
		}
		if req.Body != "" {
			_ = json.Unmarshal([]byte(req.Body), &msg) // the handler reports a bad message
		}
		ctx = logs.With(ctx, "connection", req.RequestContext.ConnectionID, "apigw_request_id", req.RequestContext.RequestID,
			"route", req.RequestContext.RouteKey, "campaign", clip(msg.CampaignID), "request", clip(msg.RequestID))
		start := time.Now()
		out, err := h(ctx, req)
		switch msg.Action {
		case events.ActionTurn, events.ActionRoll, events.ActionReact:
			if sink != nil {
				sink.Put(ctx, metrics.Record{Name: metrics.TurnLatency, Value: float64(time.Since(start).Milliseconds()),
					Unit: metrics.Milliseconds, Dims: map[string]string{}, Props: withIDs(ctx, map[string]string{"action": msg.Action})})
			}
		}
		return out, err
	})
}

// clip bounds an id a client sent before it is logged.
func clip(s string) string {
	if len(s) > events.MaxIDLength {
		return s[:events.MaxIDLength]
	}
	return s
}

// sweepMetrics records a sweep's counts.
func sweepMetrics(ctx context.Context, sink metrics.Sink, r game.SweepReport, err error) {
	failed := r.Failed
	if err != nil {
		failed++
	}
	for name, v := range map[string]int{
		metrics.SweepExamined: r.Examined, metrics.SweepClosed: r.Closed, metrics.SweepAbandoned: r.Abandoned,
		metrics.SweepConnectionsRemoved: r.ConnectionsRemoved, metrics.SweepFailures: failed,
	} {
		sink.Put(ctx, metrics.Record{Name: name, Value: float64(v), Unit: metrics.Count})
	}
}
