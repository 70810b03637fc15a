package bedrock_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/aws/protocol/eventstream"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime"

	"chronicler/shared/bedrock"
	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/narrator"
	"chronicler/shared/narrator/standin"
)

// guard bounds every wait in these tests; it is a failure guard, not a
// measurement.
const guard = 10 * time.Second

// step answers one request.
type step func(t *testing.T, w http.ResponseWriter, r *http.Request)

// call is a request the fake received.
type call struct {
	path  string
	model string
	body  []byte
}

// fake is a Bedrock Runtime endpoint that answers with a script of steps,
// repeating the last one, and records what it was sent.
type fake struct {
	t      *testing.T
	mu     sync.Mutex
	script []step
	calls  []call
}

func (f *fake) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	f.mu.Lock()
	f.calls = append(f.calls, call{path: r.URL.Path, model: r.PathValue("model"), body: body})
	s := f.script[min(len(f.calls), len(f.script))-1]
	f.mu.Unlock()
	s(f.t, w, r)
}

func (f *fake) requests() []call {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]call(nil), f.calls...)
}

// serve starts the fake and builds the real SDK client against it, as the
// wiring does; the client keeps its default retryer so that the test shows
// the narrator turns it off.
func serve(t *testing.T, cfg bedrock.Config, script ...step) (*bedrock.Narrator, *fake) {
	t.Helper()
	f := &fake{t: t, script: script}
	mux := http.NewServeMux()
	mux.Handle("POST /model/{model}/converse-stream", f)
	mux.Handle("POST /model/{model}/converse", f)
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	client := bedrockruntime.New(bedrockruntime.Options{
		Region:       "us-east-1",
		Credentials:  credentials.NewStaticCredentialsProvider("k", "s", ""),
		BaseEndpoint: aws.String(srv.URL),
	})
	if cfg.Backoff == 0 {
		cfg.Backoff = time.Millisecond
	}
	if cfg.Timeout == 0 {
		cfg.Timeout = guard
	}
	return bedrock.New(client, cfg), f
}

// frame is one event-stream message; the stand-in model builds them as
// Bedrock sends them.
type frame = eventstream.Message

var (
	event     = standin.Event
	exception = standin.Exception
)

func delta(text string) frame {
	b, _ := json.Marshal(map[string]any{"contentBlockIndex": 0, "delta": map[string]string{"text": text}})
	return event("contentBlockDelta", string(b))
}

const usage = `{"usage":{"inputTokens":1180,"outputTokens":64,"totalTokens":2444,"cacheReadInputTokens":1200,"cacheWriteInputTokens":0},"metrics":{"latencyMs":812}}`

// story is a whole, well-formed answer around the given deltas.
func story(deltas ...string) []frame {
	fs := []frame{event("messageStart", `{"role":"assistant"}`)}
	for _, d := range deltas {
		fs = append(fs, delta(d))
	}
	return append(fs, event("contentBlockStop", `{"contentBlockIndex":0}`),
		event("messageStop", `{"stopReason":"end_turn"}`), event("metadata", usage))
}

// stream answers with the frames (WriteFrame flushes each); before each
// frame with a gate it waits for the gate to close.
func stream(frames []frame, gates map[int]<-chan struct{}) step {
	return func(t *testing.T, w http.ResponseWriter, r *http.Request) {
		standin.StartEventStream(w)
		for i, f := range frames {
			if g, ok := gates[i]; ok {
				select {
				case <-g:
				case <-r.Context().Done():
					return
				case <-time.After(guard):
					t.Errorf("frame %d: gate never opened", i)
					return
				}
			}
			if err := standin.WriteFrame(w, f); err != nil {
				// A client that stopped reading (an emit error, a
				// cancelled call) may close the connection before the
				// server has noticed: that is the client's choice.
				if !clientLeft(r, err) {
					t.Errorf("encode frame %d: %v", i, err)
				}
				return
			}
		}
	}
}

// clientLeft reports whether a write failed because the client went away.
func clientLeft(r *http.Request, err error) bool {
	return r.Context().Err() != nil || errors.Is(err, syscall.EPIPE) || errors.Is(err, syscall.ECONNRESET)
}

// apiError answers as Bedrock does when a call fails before streaming.
func apiError(status int, errType string) step {
	return func(t *testing.T, w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Amzn-Errortype", errType)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		io.WriteString(w, `{"message":"`+errType+` from the fake"}`)
	}
}

// hang answers nothing until the client gives up.
func hang(t *testing.T, w http.ResponseWriter, r *http.Request) {
	select {
	case <-r.Context().Done():
	case <-time.After(guard):
		t.Error("the client never gave up")
	}
}

func request(tier narrator.Tier) narrator.Request {
	mira := campaign.Character{Name: "Mira", Race: "elf", Class: "wizard", Level: 3, HP: 14, MaxHP: 20, AC: 12, Presence: campaign.Present}
	return narrator.Request{
		CampaignName: "The Sunken Crypt", WorldSeed: "A drowned kingdom.",
		Scene:      campaign.Scene{Location: "the eastern passage"},
		Characters: []campaign.Character{mira}, Actor: mira,
		Action: "I search the room", RulesResult: "Investigation 14 against DC 12: success.",
		TurnID: "t1", Tier: tier, Summary: "Turn 1: The party went down into the crypt.",
		Recent: []campaign.Turn{{Sequence: 2, ActorName: "Mira", Action: "I light a torch", RulesResult: "The torch catches."}},
	}
}

// TestConcurrentStreamsKeepTheirOwnText: two narrations streamed at once
// by one narrator each get their own text, whole (the client's shared
// event-stream decoder would mix them; the race detector sees it too).
func TestConcurrentStreamsKeepTheirOwnText(t *testing.T) {
	var words []string
	for i := range 200 {
		words = append(words, fmt.Sprintf("w%03d ", i))
	}
	n, _ := serve(t, bedrock.Config{}, stream(story(words...), nil))
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			got, err := n.Narrate(context.Background(), request(narrator.High), func(string) error { return nil })
			if err != nil || got.Text != strings.Join(words, "") {
				t.Errorf("text %.60q..., %v", got.Text, err)
			}
		})
	}
	wg.Wait()
}

func TestNarrateStreams(t *testing.T) {
	deltas := []string{"Dust ", "drifts as Mira ", "runs her fingers along the wall. ", "A stone gives. What now?"}
	// The server holds back the second delta until the first has reached
	// emit: narration streams, it is not buffered to the end.
	first := make(chan struct{})
	n, f := serve(t, bedrock.Config{}, stream(story(deltas...), map[int]<-chan struct{}{2: first}))
	var c standin.Collect
	var once sync.Once
	got, err := n.Narrate(context.Background(), request(narrator.High), func(s string) error {
		once.Do(func() { close(first) })
		return c.Emit(s)
	})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(c.Got(), "|") != strings.Join(deltas, "|") {
		t.Fatalf("emitted %q, want %q", c.Got(), deltas)
	}
	if got.Text != strings.Join(deltas, "") {
		t.Fatalf("text %q", got.Text)
	}
	if got.Model != bedrock.DefaultHighModel {
		t.Fatalf("model %q", got.Model)
	}
	if want := (narrator.Usage{Input: 1180, Output: 64, CacheRead: 1200}); got.Usage != want {
		t.Fatalf("usage %+v, want %+v", got.Usage, want)
	}
	if got.Degraded {
		t.Fatal("degraded")
	}

	calls := f.requests()
	if len(calls) != 1 || calls[0].model != bedrock.DefaultHighModel || !strings.HasSuffix(calls[0].path, "/converse-stream") {
		t.Fatalf("calls %+v", calls)
	}
	var body struct {
		System []struct {
			Text       *string         `json:"text"`
			CachePoint json.RawMessage `json:"cachePoint"`
		} `json:"system"`
		Messages []struct {
			Role    string `json:"role"`
			Content []struct {
				Text string `json:"text"`
			} `json:"content"`
		} `json:"messages"`
		InferenceConfig struct {
			MaxTokens int `json:"maxTokens"`
		} `json:"inferenceConfig"`
	}
	if err := json.Unmarshal(calls[0].body, &body); err != nil {
		t.Fatalf("request body: %v\n%s", err, calls[0].body)
	}
	// The system content is the cached prefix, each cached block followed
	// by its cache point: an hour after the party, five minutes after the
	// newest recent turn.
	system, user := narrator.Roles(narrator.Blocks(request(narrator.High)))
	var want []string
	for _, b := range system {
		want = append(want, "text:"+b.Name)
		if b.Cache {
			want = append(want, "cache:"+map[bool]string{true: "1h", false: "5m"}[b.TTL >= time.Hour])
		}
	}
	var sent []string
	for _, b := range body.System {
		var point map[string]string
		switch {
		case b.Text != nil:
			name := "?"
			for _, s := range system {
				if s.Text == *b.Text {
					name = s.Name
				}
			}
			sent = append(sent, "text:"+name)
		case json.Unmarshal(b.CachePoint, &point) == nil && len(point) == 2 && point["type"] == "default":
			sent = append(sent, "cache:"+point["ttl"])
		default:
			sent = append(sent, "?")
		}
	}
	if strings.Join(sent, " ") != strings.Join(want, " ") || !slices.Contains(want, "cache:1h") || !slices.Contains(want, "cache:5m") {
		t.Fatalf("system content %v, want %v:\n%s", sent, want, calls[0].body)
	}
	if len(body.Messages) != 1 || body.Messages[0].Role != "user" || len(body.Messages[0].Content) != 1 ||
		body.Messages[0].Content[0].Text != narrator.Join(user) {
		t.Fatalf("messages %+v", body.Messages)
	}
	if body.InferenceConfig.MaxTokens != narrator.MaxOutput(narrator.PurposeNarration) {
		t.Fatalf("maxTokens %d", body.InferenceConfig.MaxTokens)
	}
}

func TestNarrateLowTierUsesLowModel(t *testing.T) {
	n, f := serve(t, bedrock.Config{LowModel: "us.anthropic.claude-haiku-4-5-20251001-v1:0"},
		stream(story("The door opens. What do you do?"), nil))
	got, err := n.Narrate(context.Background(), request(narrator.Low), (&standin.Collect{}).Emit)
	if err != nil {
		t.Fatal(err)
	}
	if calls := f.requests(); calls[0].model != "us.anthropic.claude-haiku-4-5-20251001-v1:0" || got.Model != calls[0].model {
		t.Fatalf("path model %q, narration model %q", calls[0].model, got.Model)
	}
}

func TestNarrateRetries(t *testing.T) {
	cases := []struct {
		name  string
		first step
	}{
		{"ThrottlingException", apiError(http.StatusTooManyRequests, "ThrottlingException")},
		{"ServiceUnavailableException", apiError(http.StatusServiceUnavailable, "ServiceUnavailableException")},
		{"ModelNotReadyException", apiError(http.StatusTooManyRequests, "ModelNotReadyException")},
		{"InternalServerException", apiError(http.StatusInternalServerError, "InternalServerException")},
		{"ThrottledInStreamBeforeAnyText", stream([]frame{event("messageStart", `{"role":"assistant"}`), exception("throttlingException", "slow down")}, nil)},
		{"StreamCutBeforeAnyText", stream([]frame{event("messageStart", `{"role":"assistant"}`)}, nil)},
		// The ConverseStream reference: "retry your request" on these.
		{"ModelStreamErrorBeforeAnyText", stream([]frame{event("messageStart", `{"role":"assistant"}`), exception("modelStreamErrorException", "the model stopped")}, nil)},
		{"InternalServerInStream", stream([]frame{event("messageStart", `{"role":"assistant"}`), exception("internalServerException", "oops")}, nil)},
		{"ServiceUnavailableInStream", stream([]frame{event("messageStart", `{"role":"assistant"}`), exception("serviceUnavailableException", "busy")}, nil)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			n, f := serve(t, bedrock.Config{}, c.first, c.first, stream(story("Rain ", "falls."), nil))
			var e standin.Collect
			got, err := n.Narrate(context.Background(), request(narrator.High), e.Emit)
			if err != nil {
				t.Fatal(err)
			}
			if got.Text != "Rain falls." || strings.Join(e.Got(), "") != "Rain falls." {
				t.Fatalf("text %q, emitted %q", got.Text, e.Got())
			}
			if len(f.requests()) != 3 {
				t.Fatalf("%d requests, want 2 failures and a success", len(f.requests()))
			}
		})
	}
}

func TestNarrateFailures(t *testing.T) {
	cases := []struct {
		name     string
		cfg      bedrock.Config
		script   []step
		requests int
		emitted  string
	}{
		{"PersistentThrottlingAfterRetries", bedrock.Config{Retries: 3}, []step{apiError(429, "ThrottlingException")}, 4, ""},
		{"NoRetriesConfigured", bedrock.Config{Retries: -1}, []step{apiError(503, "ServiceUnavailableException")}, 1, ""},
		{"ValidationIsNotRetried", bedrock.Config{}, []step{apiError(400, "ValidationException")}, 1, ""},
		{"AccessDeniedIsNotRetried", bedrock.Config{}, []step{apiError(403, "AccessDeniedException")}, 1, ""},
		{"ValidationInStreamIsNotRetried", bedrock.Config{}, []step{stream([]frame{event("messageStart", `{"role":"assistant"}`), exception("validationException", "bad")}, nil)}, 1, ""},
		{"NoRetryAfterADelta", bedrock.Config{}, []step{stream([]frame{event("messageStart", `{"role":"assistant"}`), delta("The torch "), exception("throttlingException", "slow down")}, nil)}, 1, "The torch "},
		{"NoRetryAfterADeltaWhenCut", bedrock.Config{}, []step{stream([]frame{event("messageStart", `{"role":"assistant"}`), delta("The torch ")}, nil)}, 1, "The torch "},
		{"EmptyAnswer", bedrock.Config{}, []step{stream(story(), nil)}, 1, ""},
		// The backoff would outlast the timeout, so the narrator gives up
		// at once rather than sleep past it.
		{"BackoffBeyondTimeout", bedrock.Config{Timeout: time.Second, Backoff: time.Hour}, []step{apiError(429, "ThrottlingException")}, 1, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			n, f := serve(t, c.cfg, c.script...)
			var e standin.Collect
			_, err := n.Narrate(context.Background(), request(narrator.High), e.Emit)
			if !fault.Is(err, fault.Unavailable) {
				t.Fatalf("err = %v, want unavailable", err)
			}
			if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
				t.Fatalf("err %v looks like the caller's own cancellation", err)
			}
			if got := len(f.requests()); got != c.requests {
				t.Fatalf("%d requests, want %d", got, c.requests)
			}
			if got := strings.Join(e.Got(), ""); got != c.emitted {
				t.Fatalf("emitted %q, want %q", got, c.emitted)
			}
		})
	}
}

// TestNarrateTimeout: a model that never answers becomes Unavailable when
// the narrator's timeout ends, and the error does not claim to be the
// caller's own deadline, so the caller falls back to offline narration.
func TestNarrateTimeout(t *testing.T) {
	n, _ := serve(t, bedrock.Config{Timeout: 50 * time.Millisecond}, hang)
	_, err := n.Narrate(context.Background(), request(narrator.High), (&standin.Collect{}).Emit)
	if !fault.Is(err, fault.Unavailable) || errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want unavailable without the deadline in its chain", err)
	}
}

func TestNarrateCallerCancels(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	started := make(chan struct{})
	n, f := serve(t, bedrock.Config{}, func(t *testing.T, w http.ResponseWriter, r *http.Request) {
		close(started)
		hang(t, w, r)
	})
	go func() {
		<-started
		cancel()
	}()
	_, err := n.Narrate(ctx, request(narrator.High), (&standin.Collect{}).Emit)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want the caller's cancellation", err)
	}
	if len(f.requests()) != 1 {
		t.Fatalf("%d requests after cancellation, want 1", len(f.requests()))
	}
}

func TestNarrateEmitErrorStops(t *testing.T) {
	stop := errors.New("connection gone")
	n, f := serve(t, bedrock.Config{}, stream(story("One. ", "Two. ", "Three."), nil))
	calls := 0
	_, err := n.Narrate(context.Background(), request(narrator.High), func(string) error {
		calls++
		return stop
	})
	if err != stop {
		t.Fatalf("err = %v, want emit's own error", err)
	}
	if calls != 1 || len(f.requests()) != 1 {
		t.Fatalf("emit called %d times, %d requests", calls, len(f.requests()))
	}
}

func converseAnswer(text string) step {
	return func(t *testing.T, w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		b, _ := json.Marshal(map[string]any{
			"output":     map[string]any{"message": map[string]any{"role": "assistant", "content": []any{map[string]string{"text": text}}}},
			"stopReason": "end_turn",
			"usage":      map[string]int{"inputTokens": 800, "outputTokens": 150, "totalTokens": 950},
			"metrics":    map[string]int{"latencyMs": 300},
		})
		w.Write(b)
	}
}

func TestSummarize(t *testing.T) {
	const want = "Turn 1: The party entered the crypt.\nTurn 2: Mira found a brass key."
	n, f := serve(t, bedrock.Config{}, apiError(429, "ThrottlingException"), converseAnswer("\n"+want+"\n"))
	req := narrator.SummaryRequest{CampaignName: "The Sunken Crypt", Previous: "Turn 1: The party entered the crypt.",
		Turns: []campaign.Turn{{Sequence: 2, ActorName: "Mira", Action: "I search", RulesResult: "finds a brass key"}}}
	got, err := n.Summarize(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if got.Text != want {
		t.Fatalf("summary %q", got.Text)
	}
	if got.Model != bedrock.DefaultLowModel || got.Usage != (narrator.Usage{Input: 800, Output: 150}) {
		t.Fatalf("summary call %s %+v, want the low model and the usage Bedrock reported", got.Model, got.Usage)
	}
	calls := f.requests()
	if len(calls) != 2 || calls[1].model != bedrock.DefaultLowModel || !strings.HasSuffix(calls[1].path, "/converse") {
		t.Fatalf("calls %+v", calls)
	}
	var body struct {
		System   []map[string]any `json:"system"`
		Messages []struct {
			Content []struct {
				Text string `json:"text"`
			} `json:"content"`
		} `json:"messages"`
	}
	if err := json.Unmarshal(calls[1].body, &body); err != nil {
		t.Fatal(err)
	}
	system, user := narrator.Roles(narrator.SummaryBlocks(req))
	if len(body.System) != 1 || body.System[0]["text"] != system[0].Text {
		t.Fatalf("system %v: want the summary contract and no cache point", body.System)
	}
	if len(body.Messages) != 1 || body.Messages[0].Content[0].Text != narrator.Join(user) {
		t.Fatalf("messages %+v", body.Messages)
	}
}

func TestSummarizeFailure(t *testing.T) {
	n, f := serve(t, bedrock.Config{Retries: 1}, apiError(503, "ServiceUnavailableException"))
	_, err := n.Summarize(context.Background(), narrator.SummaryRequest{})
	if !fault.Is(err, fault.Unavailable) {
		t.Fatalf("err = %v", err)
	}
	if len(f.requests()) != 2 {
		t.Fatalf("%d requests", len(f.requests()))
	}
}

func TestName(t *testing.T) {
	if bedrock.New(nil, bedrock.Config{}).Name() != "bedrock" {
		t.Fatal("name")
	}
}

// jsonAnswer answers a Converse call as a model given the prefill
// narrator.Prefill goes on: with answer's text after the prefill (the
// whole of it when it does not begin so), and reports usage.
func jsonAnswer(answer string) step {
	return func(t *testing.T, w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		b, _ := json.Marshal(map[string]any{
			"output": map[string]any{"message": map[string]any{"role": "assistant", "content": []any{
				map[string]any{"text": strings.TrimPrefix(answer, narrator.Prefill)},
			}}},
			"stopReason": "end_turn",
			"usage":      map[string]int{"inputTokens": 700, "outputTokens": 90, "totalTokens": 790},
			"metrics":    map[string]int{"latencyMs": 400},
		})
		w.Write(b)
	}
}

var keyTurn = campaign.Turn{Sequence: 3, ActorName: "Mira", Action: "I search the altar",
	RulesResult: "Investigation 14 against DC 12: success.",
	Narration:   "Beneath the altar Mira finds the Moonglass Key. A priest named Oswin watches from the door."}

// foldOfKeyTurn asks for a fold of keyTurn, its facts read.
func foldOfKeyTurn() narrator.FoldRequest {
	return narrator.FoldRequest{CampaignName: "The Sunken Crypt", Previous: "Turn 2: The party entered the crypt.",
		Turns: []campaign.Turn{keyTurn}, Read: []int{keyTurn.Sequence}, Party: []string{"Mira"}, Known: []string{"Marta"}}
}

func TestFold(t *testing.T) {
	input := `{"summary":"Turn 3: Mira found the Moonglass Key.",
		"turns":[{"turn":3,"items":[{"name":"Moonglass Key","evidence":"Beneath the altar Mira finds the Moonglass Key."}],
		"npcs":[{"name":"Oswin","role":"priest","evidence":"A priest named Oswin watches from the door."}]}]}`
	n, f := serve(t, bedrock.Config{}, apiError(429, "ThrottlingException"), jsonAnswer(input))
	req := foldOfKeyTurn()
	got, err := n.Fold(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if got.Summary != "Turn 3: Mira found the Moonglass Key." || len(got.Turns) != 1 {
		t.Fatalf("fold = %+v", got.Fold)
	}
	if x := got.Turns[0]; x.Turn != 3 || len(x.Items) != 1 || x.Items[0].Name != "Moonglass Key" || len(x.NPCs) != 1 || x.NPCs[0].Role != "priest" {
		t.Fatalf("facts = %+v", x)
	}
	if got.Model != bedrock.DefaultLowModel || got.Usage != (narrator.Usage{Input: 700, Output: 90}) {
		t.Fatalf("call %s %+v, want the low model and the reported usage", got.Model, got.Usage)
	}
	calls := f.requests()
	if len(calls) != 2 || calls[1].model != bedrock.DefaultLowModel || !strings.HasSuffix(calls[1].path, "/converse") {
		t.Fatalf("calls %+v", calls)
	}
	var body struct {
		System []struct {
			Text string `json:"text"`
		} `json:"system"`
		ToolConfig json.RawMessage `json:"toolConfig"`
		Messages   []struct {
			Role    string `json:"role"`
			Content []struct {
				Text string `json:"text"`
			} `json:"content"`
		} `json:"messages"`
	}
	if err := json.Unmarshal(calls[1].body, &body); err != nil {
		t.Fatalf("request body: %v\n%s", err, calls[1].body)
	}
	// No tool: the system prompt states the answer's shape, and the
	// answer is begun for the model.
	if body.ToolConfig != nil || len(body.System) != 1 || !strings.HasSuffix(body.System[0].Text, "\n\n"+narrator.FoldForm().Shape()) {
		t.Fatalf("request %s: want no tool and the shape after the contract", calls[1].body)
	}
	if _, user := narrator.Roles(narrator.FoldBlocks(req)); len(body.Messages) != 2 || body.Messages[0].Content[0].Text != narrator.Join(user) {
		t.Fatalf("messages %+v", body.Messages)
	}
	if m := body.Messages[1]; m.Role != "assistant" || len(m.Content) != 1 || m.Content[0].Text != narrator.Prefill {
		t.Fatalf("the answer begun with %+v, want %q", m, narrator.Prefill)
	}
}

// An answer that does not validate is dropped whole, never retried (the
// model was paid and answered), and its cost is still reported.
func TestFoldMalformedAnswer(t *testing.T) {
	cases := []struct{ name, input string }{
		{"NotInTheTurn", `{"summary":"Turn 3: Mira searches.","turns":[{"turn":3,"npcs":[{"name":"Vexor","evidence":"Vexor the lich rises."}]}]}`},
		{"WrongShape", `{"summary":"Turn 3: Mira searches.","turns":[{"turn":3,"npcs":"Oswin"}]}`},
		{"UnknownField", `{"summary":"Turn 3: Mira searches.","set_hp":100}`},
		{"NotAnObject", `["Oswin"]`},
		{"CutOff", `{"summary":"Turn 3: Mira sea`},
		{"TwoObjects", `{"summary":"Turn 3: Mira searches."} {"summary":"Turn 3: Mira rests."}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			n, f := serve(t, bedrock.Config{}, jsonAnswer(c.input))
			got, err := n.Fold(context.Background(), foldOfKeyTurn())
			if !fault.Is(err, fault.Invalid) || got.Summary != "" || len(got.Turns) != 0 {
				t.Fatalf("got %+v, %v; want an invalid answer and nothing kept", got.Fold, err)
			}
			if got.Usage.Input != 700 || got.Model != bedrock.DefaultLowModel || len(f.requests()) != 1 {
				t.Fatalf("call %s %+v after %d requests", got.Model, got.Usage, len(f.requests()))
			}
		})
	}
	t.Run("ProseInsteadOfTheObject", func(t *testing.T) {
		n, _ := serve(t, bedrock.Config{}, converseAnswer("Oswin is a priest."))
		got, err := n.Fold(context.Background(), foldOfKeyTurn())
		if !fault.Is(err, fault.Invalid) || got.Usage.Output != 150 {
			t.Fatalf("got %+v, %v", got, err)
		}
	})
	t.Run("Unavailable", func(t *testing.T) {
		n, _ := serve(t, bedrock.Config{Retries: -1}, apiError(503, "ServiceUnavailableException"))
		if _, err := n.Fold(context.Background(), foldOfKeyTurn()); !fault.Is(err, fault.Unavailable) {
			t.Fatalf("err = %v", err)
		}
	})
}

func TestDefine(t *testing.T) {
	n, f := serve(t, bedrock.Config{LowModel: "us.anthropic.claude-haiku-4-5-20251001-v1:0"},
		jsonAnswer(`{"terms":[{"term":"Moonglass Key","definition":"a key of pale glass that opens the crypt"}]}`))
	got, err := n.Define(context.Background(), narrator.DefineRequest{Terms: []narrator.TermUse{{Term: "Moonglass Key", Sentence: keyTurn.Narration, Turn: 3}}})
	if err != nil || got.Definitions["Moonglass Key"] != "a key of pale glass that opens the crypt" {
		t.Fatalf("definitions %+v, %v", got, err)
	}
	if got.Model != "us.anthropic.claude-haiku-4-5-20251001-v1:0" || f.requests()[0].model != got.Model ||
		!strings.Contains(string(f.requests()[0].body), "(define_terms)") ||
		!strings.Contains(string(f.requests()[0].body), fmt.Sprintf(`"maxTokens":%d`, narrator.MaxOutput(narrator.PurposeDefinition))) {
		t.Fatalf("model %s, body %s", got.Model, f.requests()[0].body)
	}
}

var intentChoices = narrator.IntentChoices{
	Targets: []narrator.Choice{{ID: "goblin-1", Name: "Goblin 1"}, {ID: "goblin-2", Name: "Goblin 2"}},
	Weapons: []narrator.Choice{{ID: "handaxe", Name: "handaxe"}},
}

func TestReadIntent(t *testing.T) {
	n, f := serve(t, bedrock.Config{LowModel: "us.anthropic.claude-haiku-4-5-20251001-v1:0"},
		jsonAnswer(`{"kind":"attack","target_id":"goblin-2","weapon":"handaxe"}`+"\n\nThe nearer goblin is Goblin 2."))
	got, err := n.ReadIntent(context.Background(), narrator.IntentRequest{Actor: "Bram", Text: "I vault the bar and hack at the nearer goblin", Fighting: true, Choices: intentChoices})
	if err != nil || string(got.Intent) != `{"kind":"attack","target_id":"goblin-2","weapon":"handaxe"}` {
		t.Fatalf("intent %s, %v", got.Intent, err)
	}
	body := string(f.requests()[0].body)
	if got.Model != "us.anthropic.claude-haiku-4-5-20251001-v1:0" || !strings.Contains(body, "(read_intent)") || !strings.Contains(body, "goblin-2") {
		t.Fatalf("model %s, body %s", got.Model, body)
	}
}

func TestReadIntentNamesOnlyWhatWasOffered(t *testing.T) {
	n, _ := serve(t, bedrock.Config{LowModel: "low"}, jsonAnswer(`{"kind":"attack","target_id":"the-innkeeper"}`))
	got, err := n.ReadIntent(context.Background(), narrator.IntentRequest{Text: "I punch the innkeeper", Choices: intentChoices})
	if !fault.Is(err, fault.Invalid) || got.Intent != nil || got.Usage.Input == 0 {
		t.Fatalf("intent %s, usage %+v, %v: want an invalid answer, paid for and dropped", got.Intent, got.Usage, err)
	}
}
