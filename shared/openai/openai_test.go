package openai_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/narrator"
	"chronicler/shared/narrator/standin"
	"chronicler/shared/openai"
)

// guard bounds every wait in these tests; it is a failure guard, not a
// measurement.
const guard = 10 * time.Second

// step answers one request.
type step func(t *testing.T, w http.ResponseWriter, r *http.Request)

type call struct {
	auth string
	body []byte
}

// fake is a chat-completions endpoint that answers with a script of
// steps, repeating the last one, and records what it was sent.
type fake struct {
	t      *testing.T
	mu     sync.Mutex
	script []step
	calls  []call
}

func (f *fake) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	f.mu.Lock()
	f.calls = append(f.calls, call{auth: r.Header.Get("Authorization"), body: body})
	s := f.script[min(len(f.calls), len(f.script))-1]
	f.mu.Unlock()
	s(f.t, w, r)
}

func (f *fake) requests() []call {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]call(nil), f.calls...)
}

// serve starts the fake; base is appended to the server's URL to make the
// narrator's base URL.
func serve(t *testing.T, base string, cfg openai.Config, script ...step) (*openai.Narrator, *fake) {
	t.Helper()
	f := &fake{t: t, script: script}
	mux := http.NewServeMux()
	mux.Handle("POST /v1/chat/completions", f)
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	if cfg.Backoff == 0 {
		cfg.Backoff = time.Millisecond
	}
	if cfg.Timeout == 0 {
		cfg.Timeout = guard
	}
	return openai.New(srv.URL+base, "sk-test", cfg, srv.Client()), f
}

func chunk(text string) string {
	b, _ := json.Marshal(map[string]any{
		"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "m",
		"choices": []any{map[string]any{"index": 0, "delta": map[string]string{"content": text}, "finish_reason": nil}},
	})
	return string(b)
}

const (
	roleChunk   = `{"id":"chatcmpl-1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"role":"assistant","content":""},"finish_reason":null}]}`
	finishChunk = `{"id":"chatcmpl-1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}`
	usageChunk  = `{"id":"chatcmpl-1","object":"chat.completion.chunk","choices":[],"usage":{"prompt_tokens":2400,"completion_tokens":120,"total_tokens":2520,"prompt_tokens_details":{"cached_tokens":1024}}}`
)

// story is a whole, well-formed stream around the given deltas.
func story(deltas ...string) []string {
	lines := []string{roleChunk}
	for _, d := range deltas {
		lines = append(lines, chunk(d))
	}
	return append(lines, finishChunk, usageChunk, "[DONE]")
}

// sse answers with one event per data payload, flushing each, with a
// comment line first as some servers send; before each payload with a gate
// it waits for the gate to close.
func sse(payloads []string, gates map[int]<-chan struct{}) step {
	return func(t *testing.T, w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream; charset=utf-8")
		w.WriteHeader(http.StatusOK)
		io.WriteString(w, ": keep-alive\n\n")
		w.(http.Flusher).Flush()
		for i, p := range payloads {
			if g, ok := gates[i]; ok {
				select {
				case <-g:
				case <-r.Context().Done():
					return
				case <-time.After(guard):
					t.Errorf("payload %d: gate never opened", i)
					return
				}
			}
			fmt.Fprintf(w, "data: %s\n\n", p)
			w.(http.Flusher).Flush()
		}
	}
}

func status(code int, retryAfter string) step {
	return func(t *testing.T, w http.ResponseWriter, r *http.Request) {
		if retryAfter != "" {
			w.Header().Set("Retry-After", retryAfter)
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(code)
		fmt.Fprintf(w, `{"error":{"message":"status %d from the fake","type":"server_error"}}`, code)
	}
}

func completion(text string) step {
	return func(t *testing.T, w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		b, _ := json.Marshal(map[string]any{
			"id": "chatcmpl-2", "object": "chat.completion",
			"choices": []any{map[string]any{"index": 0, "message": map[string]string{"role": "assistant", "content": text}, "finish_reason": "stop"}},
			"usage":   map[string]int{"prompt_tokens": 800, "completion_tokens": 150, "total_tokens": 950},
		})
		w.Write(b)
	}
}

func hang(t *testing.T, w http.ResponseWriter, r *http.Request) {
	select {
	case <-r.Context().Done():
	case <-time.After(guard):
		t.Error("the client never gave up")
	}
}

func request(tier narrator.Tier) narrator.Request {
	mira := campaign.Character{Name: "Mira", Race: "elf", Class: "wizard", Level: 3, HP: 14, MaxHP: 20, AC: 12}
	return narrator.Request{
		CampaignName: "The Sunken Crypt", Characters: []campaign.Character{mira}, Actor: mira,
		Action: "I search the room", RulesResult: "Investigation 14 against DC 12: success.", TurnID: "t1", Tier: tier,
	}
}

func TestNarrateStreams(t *testing.T) {
	deltas := []string{"Dust ", "drifts as Mira ", "runs her fingers along the wall. ", "A stone gives. What now?"}
	// The server holds back the second delta until the first has reached
	// emit: narration streams, it is not buffered to the end.
	first := make(chan struct{})
	n, f := serve(t, "", openai.Config{HighModel: "llama3.3:70b", LowModel: "llama3.2:3b"},
		sse(story(deltas...), map[int]<-chan struct{}{2: first}))
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
	if got.Text != strings.Join(deltas, "") || got.Model != "llama3.3:70b" {
		t.Fatalf("narration %+v", got)
	}
	if want := (narrator.Usage{Input: 2400 - 1024, CacheRead: 1024, Output: 120}); got.Usage != want {
		t.Fatalf("usage %+v, want %+v", got.Usage, want)
	}

	calls := f.requests()
	if len(calls) != 1 || calls[0].auth != "Bearer sk-test" {
		t.Fatalf("calls %+v", calls)
	}
	var body struct {
		Model    string `json:"model"`
		Messages []struct {
			Role    string `json:"role"`
			Content string `json:"content"`
		} `json:"messages"`
		MaxTokens     int  `json:"max_tokens"`
		Stream        bool `json:"stream"`
		StreamOptions struct {
			IncludeUsage bool `json:"include_usage"`
		} `json:"stream_options"`
	}
	if err := json.Unmarshal(calls[0].body, &body); err != nil {
		t.Fatal(err)
	}
	system, user := narrator.Roles(narrator.Blocks(request(narrator.High)))
	if body.Model != "llama3.3:70b" || !body.Stream || !body.StreamOptions.IncludeUsage || body.MaxTokens != narrator.MaxOutput(narrator.PurposeNarration) {
		t.Fatalf("body %s", calls[0].body)
	}
	if len(body.Messages) != 2 || body.Messages[0].Role != "system" || body.Messages[0].Content != narrator.Join(system) ||
		body.Messages[1].Role != "user" || body.Messages[1].Content != narrator.Join(user) {
		t.Fatalf("messages %+v", body.Messages)
	}
}

func TestNarrateLowTierAndV1BaseURL(t *testing.T) {
	n, f := serve(t, "/v1/", openai.Config{HighModel: "big", LowModel: "small"}, sse(story("The door opens."), nil))
	got, err := n.Narrate(context.Background(), request(narrator.Low), (&standin.Collect{}).Emit)
	if err != nil {
		t.Fatal(err)
	}
	if got.Model != "small" || !strings.Contains(string(f.requests()[0].body), `"model":"small"`) {
		t.Fatalf("model %q, body %s", got.Model, f.requests()[0].body)
	}
}

// TestNarrateWithoutUsageOrDone: a server that sends no usage and ends
// after the finish reason without [DONE] still narrates; with no model
// configured, the narration names the one the server reported.
func TestNarrateWithoutUsageOrDone(t *testing.T) {
	n, _ := serve(t, "", openai.Config{}, sse([]string{chunk("Rain falls."), finishChunk}, nil))
	got, err := n.Narrate(context.Background(), request(narrator.High), (&standin.Collect{}).Emit)
	if err != nil {
		t.Fatal(err)
	}
	if got.Text != "Rain falls." || got.Usage != (narrator.Usage{}) || got.Model != "m" {
		t.Fatalf("narration %+v", got)
	}
}

// TestNarrateUnstreamedAnswer: a server that ignores "stream" and answers
// with one completion still narrates, in one piece.
func TestNarrateUnstreamedAnswer(t *testing.T) {
	n, _ := serve(t, "", openai.Config{}, completion("Rain falls. What now?"))
	var e standin.Collect
	got, err := n.Narrate(context.Background(), request(narrator.High), e.Emit)
	if err != nil {
		t.Fatal(err)
	}
	if got.Text != "Rain falls. What now?" || len(e.Got()) != 1 || got.Usage.Input != 800 {
		t.Fatalf("narration %+v, emitted %q", got, e.Got())
	}
}

func TestNarrateRetries(t *testing.T) {
	cases := []struct {
		name  string
		first step
	}{
		{"503", status(http.StatusServiceUnavailable, "")},
		{"429RetryAfterZero", status(http.StatusTooManyRequests, "0")},
		{"502", status(http.StatusBadGateway, "")},
		{"StreamCutBeforeAnyText", sse([]string{roleChunk}, nil)},
		{"ServerErrorInStream", sse([]string{`{"error":{"message":"out of memory","type":"server_error"}}`}, nil)},
		{"RateLimitInStream", sse([]string{roleChunk, `{"error":{"message":"slow down","type":"rate_limit_error"}}`}, nil)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			n, f := serve(t, "", openai.Config{}, c.first, c.first, sse(story("Rain ", "falls."), nil))
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
		cfg      openai.Config
		script   []step
		requests int
		emitted  string
	}{
		{"Persistent503AfterRetries", openai.Config{Retries: 3}, []step{status(503, "")}, 4, ""},
		{"NoRetriesConfigured", openai.Config{Retries: -1}, []step{status(503, "")}, 1, ""},
		{"BadRequestIsNotRetried", openai.Config{}, []step{status(400, "")}, 1, ""},
		{"UnauthorizedIsNotRetried", openai.Config{}, []step{status(401, "")}, 1, ""},
		{"MalformedChunk", openai.Config{}, []step{sse([]string{roleChunk, `{"choices":[{"delta":{"content":"Ra`}, nil)}, 1, ""},
		{"MalformedChunkAfterText", openai.Config{}, []step{sse([]string{chunk("The torch "), `not json`}, nil)}, 1, "The torch "},
		{"InvalidRequestInStreamIsNotRetried", openai.Config{}, []step{sse([]string{`{"error":{"message":"too long","type":"invalid_request_error"}}`}, nil)}, 1, ""},
		{"NoRetryOfAServerErrorAfterText", openai.Config{}, []step{sse([]string{chunk("The torch "), `{"error":{"message":"oops","type":"server_error"}}`}, nil)}, 1, "The torch "},
		{"NoRetryAfterTextWhenCut", openai.Config{}, []step{sse([]string{chunk("The torch ")}, nil)}, 1, "The torch "},
		{"EmptyAnswer", openai.Config{}, []step{sse(story(), nil)}, 1, ""},
		// Retry-After beyond the timeout: give up at once rather than
		// sleep past it.
		{"RetryAfterBeyondTimeout", openai.Config{Timeout: time.Second}, []step{status(429, "3600")}, 1, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			n, f := serve(t, "", c.cfg, c.script...)
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

func TestNarrateNoServer(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	url := srv.URL
	srv.Close()
	n := openai.New(url, "", openai.Config{Backoff: time.Millisecond, Timeout: guard}, nil)
	_, err := n.Narrate(context.Background(), request(narrator.High), (&standin.Collect{}).Emit)
	if !fault.Is(err, fault.Unavailable) {
		t.Fatalf("err = %v, want unavailable", err)
	}
}

func TestNarrateTimeout(t *testing.T) {
	n, _ := serve(t, "", openai.Config{Timeout: 50 * time.Millisecond}, hang)
	_, err := n.Narrate(context.Background(), request(narrator.High), (&standin.Collect{}).Emit)
	if !fault.Is(err, fault.Unavailable) || errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want unavailable without the deadline in its chain", err)
	}
}

func TestNarrateCallerCancels(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	started := make(chan struct{})
	n, f := serve(t, "", openai.Config{}, func(t *testing.T, w http.ResponseWriter, r *http.Request) {
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
	n, f := serve(t, "", openai.Config{}, sse(story("One. ", "Two. ", "Three."), nil))
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

func TestSummarize(t *testing.T) {
	const want = "Turn 1: The party entered the crypt.\nTurn 2: Mira found a brass key."
	n, f := serve(t, "", openai.Config{HighModel: "big", LowModel: "small"}, status(503, ""), completion("\n"+want+"\n"))
	req := narrator.SummaryRequest{CampaignName: "The Sunken Crypt", Previous: "Turn 1: The party entered the crypt.",
		Turns: []campaign.Turn{{Sequence: 2, ActorName: "Mira", Action: "I search", RulesResult: "finds a brass key"}}}
	got, err := n.Summarize(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if got.Text != want {
		t.Fatalf("summary %q", got.Text)
	}
	if got.Model != "small" || got.Usage != (narrator.Usage{Input: 800, Output: 150}) {
		t.Fatalf("summary call %s %+v, want the low model and the usage the server reported", got.Model, got.Usage)
	}
	calls := f.requests()
	if len(calls) != 2 {
		t.Fatalf("%d requests", len(calls))
	}
	var body struct {
		Model    string `json:"model"`
		Stream   bool   `json:"stream"`
		Messages []struct {
			Role    string `json:"role"`
			Content string `json:"content"`
		} `json:"messages"`
	}
	if err := json.Unmarshal(calls[1].body, &body); err != nil {
		t.Fatal(err)
	}
	system, user := narrator.Roles(narrator.SummaryBlocks(req))
	if body.Model != "small" || body.Stream || len(body.Messages) != 2 ||
		body.Messages[0].Content != narrator.Join(system) || body.Messages[1].Content != narrator.Join(user) {
		t.Fatalf("body %s", calls[1].body)
	}
}

func TestSummarizeFailure(t *testing.T) {
	n, f := serve(t, "", openai.Config{Retries: 1}, status(500, ""))
	if _, err := n.Summarize(context.Background(), narrator.SummaryRequest{}); !fault.Is(err, fault.Unavailable) {
		t.Fatalf("err = %v", err)
	}
	if len(f.requests()) != 2 {
		t.Fatalf("%d requests", len(f.requests()))
	}
}

func TestNoKeyNoAuthorization(t *testing.T) {
	f := &fake{t: t, script: []step{sse(story("Hi."), nil)}}
	srv := httptest.NewServer(f)
	defer srv.Close()
	n := openai.New(srv.URL, "", openai.Config{}, nil)
	if _, err := n.Narrate(context.Background(), request(narrator.High), (&standin.Collect{}).Emit); err != nil {
		t.Fatal(err)
	}
	if a := f.requests()[0].auth; a != "" {
		t.Fatalf("Authorization %q without a key", a)
	}
	if n.Name() != "openai" {
		t.Fatal("name")
	}
}

// jsonText answers as a model in JSON mode: the message's text, with
// the usage a server reports and the model it names.
func jsonText(text string) step {
	return func(t *testing.T, w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		b, _ := json.Marshal(map[string]any{
			"id": "chatcmpl-3", "object": "chat.completion", "model": "served-model",
			"choices": []any{map[string]any{"index": 0, "finish_reason": "stop", "message": map[string]any{
				"role": "assistant", "content": text,
			}}},
			"usage": map[string]any{"prompt_tokens": 700, "completion_tokens": 90, "total_tokens": 790,
				"prompt_tokens_details": map[string]int{"cached_tokens": 200}},
		})
		w.Write(b)
	}
}

var keyTurn = campaign.Turn{Sequence: 3, ActorName: "Mira", Action: "I search the altar",
	RulesResult: "Investigation 14 against DC 12: success.",
	Narration:   "Beneath the altar Mira finds the Moonglass Key. A priest named Oswin watches from the door."}

// foldOfKeyTurn asks for a fold of keyTurn, its facts read.
func foldOfKeyTurn() narrator.FoldRequest {
	return narrator.FoldRequest{Previous: "Turn 2: The party entered the crypt.", Turns: []campaign.Turn{keyTurn}, Read: []int{keyTurn.Sequence}, Party: []string{"Mira"}}
}

func TestFold(t *testing.T) {
	obj := `{"summary":"Turn 3: Mira found the Moonglass Key.","turns":[{"turn":3,"items":[{"name":"Moonglass Key","evidence":"Beneath the altar Mira finds the Moonglass Key."}]}]}`
	cases := []struct{ name, text string }{
		{"TheObject", obj},
		// What models write around an object, taken as long as it holds
		// one object.
		{"InACodeFence", "```json\n" + obj + "\n```"},
		{"BetweenSentences", "Here is the fold:\n" + obj + "\nLet me know if anything is missing."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			n, f := serve(t, "", openai.Config{HighModel: "big", LowModel: "small"}, status(503, ""), jsonText(c.text))
			got, err := n.Fold(context.Background(), foldOfKeyTurn())
			if err != nil {
				t.Fatal(err)
			}
			if got.Summary != "Turn 3: Mira found the Moonglass Key." || len(got.Turns) != 1 || len(got.Turns[0].Items) != 1 || got.Turns[0].Items[0].Name != "Moonglass Key" {
				t.Fatalf("fold %+v", got.Fold)
			}
			if got.Model != "small" || got.Usage != (narrator.Usage{Input: 500, CacheRead: 200, Output: 90}) {
				t.Fatalf("call %s %+v", got.Model, got.Usage)
			}
			calls := f.requests()
			if len(calls) != 2 {
				t.Fatalf("%d requests", len(calls))
			}
			var body struct {
				Model          string          `json:"model"`
				Stream         bool            `json:"stream"`
				Tools          json.RawMessage `json:"tools"`
				ToolChoice     json.RawMessage `json:"tool_choice"`
				ResponseFormat struct {
					Type string `json:"type"`
				} `json:"response_format"`
				Messages []struct {
					Role    string `json:"role"`
					Content string `json:"content"`
				} `json:"messages"`
			}
			if err := json.Unmarshal(calls[1].body, &body); err != nil {
				t.Fatal(err)
			}
			if body.Model != "small" || body.Stream || body.Tools != nil || body.ToolChoice != nil || body.ResponseFormat.Type != "json_object" ||
				len(body.Messages) != 2 || !strings.HasSuffix(body.Messages[0].Content, "\n\n"+narrator.FoldForm().Shape()) {
				t.Fatalf("body %s: want JSON mode, no tool, the shape after the contract", calls[1].body)
			}
		})
	}
}

func TestFoldMalformedAnswer(t *testing.T) {
	cases := []struct {
		name   string
		answer step
	}{
		{"NotInTheTurn", jsonText(`{"summary":"Turn 3: Oswin dies.","turns":[{"turn":3,"deaths":[{"name":"Oswin","evidence":"Oswin dies."}]}]}`)},
		{"CutOff", jsonText(`{"summary":"Turn 3:`)},
		{"Empty", jsonText(``)},
		{"TwoObjects", jsonText(`{"summary":"Turn 3: Mira searches."}` + "\n" + `{"summary":"Turn 3: Mira rests."}`)},
		{"AnotherShape", jsonText(`{"hp":100}`)},
		{"ProseInstead", completion("Oswin is a priest.")},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			n, f := serve(t, "", openai.Config{LowModel: "small"}, c.answer)
			got, err := n.Fold(context.Background(), foldOfKeyTurn())
			if !fault.Is(err, fault.Invalid) || got.Summary != "" || len(got.Turns) != 0 {
				t.Fatalf("got %+v, %v; want invalid and nothing kept", got.Fold, err)
			}
			if got.Usage == (narrator.Usage{}) || got.Model != "small" || len(f.requests()) != 1 {
				t.Fatalf("call %s %+v after %d requests: the paid call must be reported, not retried", got.Model, got.Usage, len(f.requests()))
			}
		})
	}
}

func TestDefine(t *testing.T) {
	n, _ := serve(t, "", openai.Config{}, jsonText(`{"terms":[{"term":"Moonglass Key","definition":"a key of pale glass"}]}`))
	got, err := n.Define(context.Background(), narrator.DefineRequest{Terms: []narrator.TermUse{{Term: "Moonglass Key", Sentence: keyTurn.Narration}}})
	if err != nil || got.Definitions["Moonglass Key"] != "a key of pale glass" || got.Model != "served-model" {
		t.Fatalf("definitions %+v, %v; with no model configured, the one the server reports", got, err)
	}
}

func TestReadIntent(t *testing.T) {
	choices := narrator.IntentChoices{Areas: []narrator.Choice{{ID: "cellar", Name: "the cellar"}}}
	n, _ := serve(t, "", openai.Config{}, jsonText(`{"kind":"move","to_area_id":"cellar"}`))
	got, err := n.ReadIntent(context.Background(), narrator.IntentRequest{Text: "down the trapdoor we go", Choices: choices})
	if err != nil || string(got.Intent) != `{"kind":"move","to_area_id":"cellar"}` {
		t.Fatalf("intent %s, %v", got.Intent, err)
	}
	n, _ = serve(t, "", openai.Config{}, jsonText(`{"kind":"say"}`))
	if got, err := n.ReadIntent(context.Background(), narrator.IntentRequest{Text: "Hello there", Choices: choices}); err != nil || got.Intent != nil {
		t.Fatalf("words read as %s, %v; want no action", got.Intent, err)
	}
}
