package assemble

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/smithy-go"

	"chronicler/shared/fault"
	"chronicler/shared/game"
	"chronicler/shared/logs"
	"chronicler/shared/metrics"
	"chronicler/shared/narrator"
	"chronicler/shared/wsapi"
)

// scripted is a narrator that streams its text, or fails with err.
type scripted struct {
	narrator.Offline
	text  string
	model string
	err   error
}

func (s scripted) Narrate(_ context.Context, _ narrator.Request, emit func(string) error) (narrator.Narration, error) {
	if s.err != nil {
		return narrator.Narration{}, fmt.Errorf("bedrock: narrate: %w", s.err)
	}
	for _, w := range strings.SplitAfter(s.text, " ") {
		if err := emit(w); err != nil {
			return narrator.Narration{}, err
		}
	}
	return narrator.Narration{Text: s.text, Model: s.model, Usage: narrator.Usage{Input: 1000, Output: 200}}, nil
}

func TestObservedNarrator(t *testing.T) {
	prices := narrator.PriceTable{"m1": {Input: 3, Output: 15}}
	t.Run("Narration", func(t *testing.T) {
		m := &metrics.Memory{}
		o := ObservedNarrator{Narrator: scripted{text: "The goblin falls.", model: "m1"}, Sink: m, Prices: prices}
		ctx := logs.With(context.Background(), "campaign", "c1")
		n, err := o.Narrate(ctx, narrator.Request{TurnID: "t1"}, func(string) error { return nil })
		if err != nil || n.Text != "The goblin falls." {
			t.Fatalf("Narrate = %+v, %v", n, err)
		}
		for name, want := range map[string]float64{metrics.Narrations: 1, metrics.InputTokens: 1000, metrics.OutputTokens: 200, metrics.DegradedNarrations: 0, metrics.GuardBreaches: 0} {
			if got := m.Sum(name); got != want {
				t.Errorf("%s = %v, want %v", name, got, want)
			}
		}
		if got := m.Sum(metrics.CostUSD); got < 0.0059 || got > 0.0061 {
			t.Errorf("cost %v, want 1000 in at $3/M and 200 out at $15/M = $0.006", got)
		}
		seen := map[string]bool{}
		for _, r := range m.Records() {
			seen[r.Name] = true
			if r.Props["campaign"] != "c1" || r.Props["turn"] != "t1" {
				t.Errorf("%s props %v, want the campaign and turn ids", r.Name, r.Props)
			}
			if (r.Name == metrics.CostUSD) != r.Total {
				t.Errorf("%s total %v, want a total across models for the cost only", r.Name, r.Total)
			}
			byModel := r.Name == metrics.CostUSD || r.Name == metrics.InputTokens || r.Name == metrics.OutputTokens
			if byModel != (r.Dims[metrics.DimModel] == "m1") {
				t.Errorf("%s dims %v, want the model's for cost and tokens only", r.Name, r.Dims)
			}
		}
		if !seen[metrics.TimeToFirstText] || !seen[metrics.NarrationLatency] {
			t.Errorf("records %v, want time to first text and narration latency", seen)
		}
	})
	t.Run("GuardRetryIsABreachNotANarration", func(t *testing.T) {
		m := &metrics.Memory{}
		o := ObservedNarrator{Narrator: scripted{text: "x", model: "m1"}, Sink: m, Prices: prices}
		if _, err := o.Narrate(context.Background(), narrator.Request{Correction: "no numbers"}, func(string) error { return nil }); err != nil {
			t.Fatal(err)
		}
		if m.Sum(metrics.GuardBreaches) != 1 || m.Sum(metrics.Narrations) != 0 {
			t.Errorf("breaches %v narrations %v, want 1 and 0", m.Sum(metrics.GuardBreaches), m.Sum(metrics.Narrations))
		}
	})
	for _, tc := range []struct {
		name, code, msg, reason string
	}{
		{"NoModelAccess", "AccessDeniedException", "You don't have access to the model with the specified model ID.", "model access is not granted"},
		{"FirstTimeUse", "AccessDeniedException", "Model use case details have not been submitted for this account.", "first-time-use form"},
		{"Marketplace", "AccessDeniedException", "Model access is denied due to IAM user or service role is not authorized to perform the required AWS Marketplace actions (aws-marketplace:ViewSubscriptions, aws-marketplace:Subscribe)", "Marketplace"},
		{"NoSuchModel", "ValidationException", "The provided model identifier is invalid.", "no such model"},
		{"NotFound", "ResourceNotFoundException", "Model not found", "no such model"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := &metrics.Memory{}
			var logged bytes.Buffer
			o := ObservedNarrator{Narrator: scripted{err: &smithy.GenericAPIError{Code: tc.code, Message: tc.msg}}, Sink: m,
				Log: slog.New(slog.NewJSONHandler(&logged, nil))}
			_, err := o.Narrate(context.Background(), narrator.Request{}, func(string) error { return nil })
			var a *narrator.AccessError
			if !errors.As(err, &a) || !strings.Contains(a.Reason, tc.reason) || a.Code != tc.code || narrator.ReasonOf(err) != a.Reason {
				t.Fatalf("Narrate = %v, want a narrator.AccessError saying %q", err, tc.reason)
			}
			var api smithy.APIError
			if !errors.As(err, &api) {
				t.Error("the provider's error is no longer reachable")
			}
			if m.Sum(metrics.ModelAccessDenied) != 1 || m.Sum(metrics.DegradedNarrations) != 1 {
				t.Errorf("access denied %v degraded %v, want 1 and 1", m.Sum(metrics.ModelAccessDenied), m.Sum(metrics.DegradedNarrations))
			}
			if !strings.Contains(logged.String(), tc.reason) {
				t.Errorf("log %q does not say why", logged.String())
			}
		})
	}
	t.Run("ThrottledIsDegradedNotDenied", func(t *testing.T) {
		m := &metrics.Memory{}
		o := ObservedNarrator{Narrator: scripted{err: &smithy.GenericAPIError{Code: "ThrottlingException"}}, Sink: m}
		_, err := o.Narrate(context.Background(), narrator.Request{}, func(string) error { return nil })
		var a *narrator.AccessError
		if err == nil || errors.As(err, &a) {
			t.Fatalf("Narrate = %v, want the provider's error as it is", err)
		}
		if m.Sum(metrics.ModelAccessDenied) != 0 || m.Sum(metrics.DegradedNarrations) != 1 {
			t.Errorf("access denied %v degraded %v, want 0 and 1", m.Sum(metrics.ModelAccessDenied), m.Sum(metrics.DegradedNarrations))
		}
	})
}

type pushFunc func(ctx context.Context, id string, data []byte) error

func (f pushFunc) Send(ctx context.Context, id string, data []byte) error { return f(ctx, id, data) }

func TestObservedPusherCountsFailuresNotGoneConnections(t *testing.T) {
	m := &metrics.Memory{}
	p := ObservedPusher{Sink: m, Pusher: pushFunc(func(_ context.Context, id string, _ []byte) error {
		switch id {
		case "gone":
			return fault.E(fault.NotFound, "push", "connection gone")
		case "bad":
			return fault.E(fault.Internal, "push", "throttled")
		}
		return nil
	})}
	for _, id := range []string{"ok", "gone", "bad", "bad"} {
		_ = p.Send(context.Background(), id, nil)
	}
	if got := m.Sum(metrics.PushFailures); got != 2 {
		t.Errorf("push failures %v, want 2 (a gone connection is no failure)", got)
	}
}

func TestWebSocketNamesTheIDsAndTimesTurns(t *testing.T) {
	var buf bytes.Buffer
	log := slog.New(logs.NewHandler(slog.NewJSONHandler(&buf, nil)))
	m := &metrics.Memory{}
	h := WebSocket(m, func(ctx context.Context, _ wsapi.Request) (wsapi.Response, error) {
		log.InfoContext(ctx, "handled")
		return wsapi.Response{StatusCode: 200}, nil
	})
	var req wsapi.Request
	req.Body = `{"action":"turn","campaign_id":"c1","request_id":"r1","text":"I attack"}`
	req.RequestContext.ConnectionID, req.RequestContext.RequestID = "conn1", "gw1"
	if _, err := h(context.Background(), req); err != nil {
		t.Fatal(err)
	}
	var line map[string]any
	if err := json.Unmarshal(buf.Bytes(), &line); err != nil {
		t.Fatal(err)
	}
	for k, want := range map[string]string{"campaign": "c1", "request": "r1", "connection": "conn1", "apigw_request_id": "gw1"} {
		if line[k] != want {
			t.Errorf("log %s = %v, want %s", k, line[k], want)
		}
	}
	rs := m.Records()
	if len(rs) != 1 || rs[0].Name != metrics.TurnLatency || rs[0].Props["campaign"] != "c1" {
		t.Errorf("records %+v, want one TurnLatency of campaign c1", rs)
	}
	req.Body = `{"action":"sync","campaign_id":"c1","request_id":"r2","after_seq":0}`
	_, _ = h(context.Background(), req)
	if len(m.Records()) != 1 {
		t.Error("a sync was timed as a turn")
	}
}

func TestSweepRecordsItsCounts(t *testing.T) {
	m := &metrics.Memory{}
	sweepMetrics(context.Background(), m, game.SweepReport{Examined: 7, Closed: 2, Failed: 1}, nil)
	sweepMetrics(context.Background(), m, game.SweepReport{}, errors.New("index unavailable"))
	for name, want := range map[string]float64{metrics.SweepExamined: 7, metrics.SweepClosed: 2, metrics.SweepFailures: 2, metrics.SweepAbandoned: 0} {
		if got := m.Sum(name); got != want {
			t.Errorf("%s = %v, want %v", name, got, want)
		}
	}
}

func TestTokenKeys(t *testing.T) {
	env := func(vars map[string]string) func(string) string { return func(k string) string { return vars[k] } }
	ctx := context.Background()
	const direct = "direct-key-0123456789abcdef0123456789"
	if k, err := tokenKeys(ctx, awsConfig(), env(map[string]string{EnvTokenKey: direct}), true); err != nil || string(k.Current) != direct || len(k.Previous) != 0 {
		t.Errorf("off the stack: %+v, %v", k, err)
	}
	rotating := `{"current": "` + direct + `", "previous": ["older-key-0123456789abcdef0123456789"]}`
	if k, err := tokenKeys(ctx, awsConfig(), env(map[string]string{EnvTokenKey: rotating}), true); err != nil ||
		string(k.Current) != direct || len(k.Previous) != 1 || string(k.Previous[0]) != "older-key-0123456789abcdef0123456789" {
		t.Errorf("rotating: %+v, %v", k, err)
	}
	if _, err := tokenKeys(ctx, awsConfig(), env(map[string]string{EnvTokenKey: "short"}), true); err == nil {
		t.Error("a short key was taken")
	}
	if _, err := tokenKeys(ctx, awsConfig(), env(nil), true); err == nil || !strings.Contains(err.Error(), EnvTokenKeyARN) {
		t.Errorf("no key: %v, want an error naming %s", err, EnvTokenKeyARN)
	}
	a, err1 := tokenKeys(ctx, awsConfig(), env(nil), false)
	b, err2 := tokenKeys(ctx, awsConfig(), env(nil), false)
	if err1 != nil || err2 != nil || len(a.Current) < 32 || bytes.Equal(a.Current, b.Current) {
		t.Errorf("without a key: %x, %x (%v, %v), want two random keys", a.Current, b.Current, err1, err2)
	}
	// A secret that cannot be read stops the function rather than
	// letting it sign with something else.
	if _, err := tokenKeys(ctx, awsConfig(), env(map[string]string{EnvTokenKeyARN: "not-an-arn", EnvTokenKey: direct}), true); err == nil {
		t.Error("an unreadable secret fell back to another key")
	}
}

func awsConfig() aws.Config { return aws.Config{} }

// full is a narrator with every ability, as Bedrock's is.
type full struct{ scripted }

func (full) ReadIntent(context.Context, narrator.IntentRequest) (narrator.IntentRead, error) {
	return narrator.IntentRead{Model: "m1", Usage: narrator.Usage{Input: 10, Output: 5}}, nil
}

func (full) Define(context.Context, narrator.DefineRequest) (narrator.Defined, error) {
	return narrator.Defined{}, &smithy.GenericAPIError{Code: "AccessDeniedException", Message: "no access"}
}

func (full) Fold(context.Context, narrator.FoldRequest) (narrator.Folded, error) {
	return narrator.Folded{Model: "m1", Usage: narrator.Usage{Input: 20, Output: 5}}, nil
}

// The use cases find a narrator's abilities by type assertion: observing
// one keeps exactly the abilities it has.
func TestObserveKeepsTheNarratorsAbilities(t *testing.T) {
	m := &metrics.Memory{}
	n := Observe(full{}, m, narrator.PriceTable{"m1": {Input: 1, Output: 1}}, nil)
	r, ok1 := n.(narrator.IntentReader)
	d, ok2 := n.(narrator.Definer)
	f, ok3 := n.(narrator.Folder)
	if !ok1 || !ok2 || !ok3 {
		t.Fatalf("observed model narrator reads intents %v, defines %v, folds %v; want all", ok1, ok2, ok3)
	}
	if _, err := r.ReadIntent(context.Background(), narrator.IntentRequest{}); err != nil || m.Sum(metrics.InputTokens) != 10 {
		t.Errorf("ReadIntent: %v, input tokens %v; want 10 recorded", err, m.Sum(metrics.InputTokens))
	}
	if _, err := f.Fold(context.Background(), narrator.FoldRequest{}); err != nil || m.Sum(metrics.InputTokens) != 30 {
		t.Errorf("Fold: %v, input tokens %v; want 20 more recorded", err, m.Sum(metrics.InputTokens))
	}
	if _, err := d.Define(context.Background(), narrator.DefineRequest{}); narrator.ReasonOf(err) == "" || m.Sum(metrics.ModelAccessDenied) != 1 {
		t.Errorf("Define refused: %v, access denied %v; want the reason and the metric", err, m.Sum(metrics.ModelAccessDenied))
	}
	// The offline narrator calls no model: it is left as it is, its
	// definitions with it.
	off := Observe(narrator.Offline{}, m, nil, nil)
	if _, ok := off.(narrator.Offline); !ok {
		t.Errorf("Observe(offline) = %T, want the offline narrator itself", off)
	}
	if _, ok := Observe(scripted{}, m, nil, nil).(narrator.IntentReader); ok {
		t.Error("a narrator that reads no intents reads them once observed")
	}
}
