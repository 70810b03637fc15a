package openai

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	"chronicler/shared/narrator"
)

// Config tunes the narrator. Zero values take the defaults.
type Config struct {
	// HighModel names the model for narration, as the server knows it
	// (Ollama: "llama3.3:70b"; llama.cpp serves one model whatever the
	// name). Empty leaves the field out of the request.
	HighModel string
	// LowModel is for low-tier narration and summaries; default HighModel.
	LowModel string
	// Timeout bounds a whole call, retries and streaming included;
	// default 60 s, as local models can be slow.
	Timeout time.Duration
	// Retries is how many times a call refused with 429 or 5xx, or cut
	// off before any text, is tried again; never after a piece of
	// narration was emitted. Default 2, negative for none.
	Retries int
	// Backoff is the wait before the first retry, doubled for each next
	// one, plus up to half again of jitter; a longer Retry-After from the
	// server wins. Default 250 ms.
	Backoff time.Duration
}

// Narrator narrates with an OpenAI-compatible server.
type Narrator struct {
	url    string
	key    string
	cfg    Config
	client *http.Client
}

var _ narrator.Narrator = (*Narrator)(nil)

// New returns a narrator that posts to baseURL's /v1/chat/completions
// ("http://127.0.0.1:8080" and "http://127.0.0.1:8080/v1" both work),
// sending apiKey as a bearer token unless it is empty. A nil httpClient is
// http.DefaultClient; the narrator bounds each call with its own timeout.
func New(baseURL, apiKey string, cfg Config, httpClient *http.Client) *Narrator {
	base := strings.TrimRight(baseURL, "/")
	base = strings.TrimSuffix(base, "/v1")
	if httpClient == nil {
		httpClient = http.DefaultClient
	}
	if cfg.LowModel == "" {
		cfg.LowModel = cfg.HighModel
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 60 * time.Second
	}
	if cfg.Retries == 0 {
		cfg.Retries = 2
	} else if cfg.Retries < 0 {
		cfg.Retries = 0
	}
	if cfg.Backoff <= 0 {
		cfg.Backoff = 250 * time.Millisecond
	}
	return &Narrator{url: base + "/v1/chat/completions", key: apiKey, cfg: cfg, client: httpClient}
}

// Name implements narrator.Narrator.
func (n *Narrator) Name() string { return "openai" }

// Model is the model name a tier narrates with.
func (n *Narrator) Model(t narrator.Tier) string {
	if t == narrator.Low {
		return n.cfg.LowModel
	}
	return n.cfg.HighModel
}

// The wire format: the subset of chat completions the narrator uses.
type (
	message struct {
		Role    string `json:"role"`
		Content string `json:"content"`
	}
	streamOptions struct {
		IncludeUsage bool `json:"include_usage"`
	}
	completionRequest struct {
		Model         string         `json:"model,omitempty"`
		Messages      []message      `json:"messages"`
		MaxTokens     int            `json:"max_tokens"`
		Stream        bool           `json:"stream"`
		StreamOptions *streamOptions `json:"stream_options,omitempty"`
		// ResponseFormat {"type":"json_object"} holds the answer to one
		// JSON object (OpenAI's JSON mode; llama.cpp and Ollama take it
		// too).
		ResponseFormat *responseFormat `json:"response_format,omitempty"`
	}
	responseFormat struct {
		Type string `json:"type"`
	}
	usage struct {
		PromptTokens        int `json:"prompt_tokens"`
		CompletionTokens    int `json:"completion_tokens"`
		PromptTokensDetails *struct {
			CachedTokens int `json:"cached_tokens"`
		} `json:"prompt_tokens_details"`
	}
	apiError struct {
		Message string `json:"message"`
		Type    string `json:"type"`
	}
	// chunk is a streamed piece; completion is a whole answer. A server
	// that ignores "stream" answers with a completion, which read accepts.
	chunk struct {
		Choices []struct {
			Delta struct {
				Content string `json:"content"`
			} `json:"delta"`
			Message *struct {
				Content string `json:"content"`
			} `json:"message"`
			FinishReason *string `json:"finish_reason"`
		} `json:"choices"`
		Model string    `json:"model"`
		Usage *usage    `json:"usage"`
		Error *apiError `json:"error"`
	}
)

func (u *usage) narrator() narrator.Usage {
	if u == nil {
		return narrator.Usage{}
	}
	cached := 0
	if u.PromptTokensDetails != nil {
		cached = u.PromptTokensDetails.CachedTokens
	}
	// prompt_tokens includes cached ones; narrator.Usage.Input does not.
	return narrator.Usage{Input: u.PromptTokens - cached, CacheRead: cached, Output: u.CompletionTokens}
}

func messages(blocks []narrator.Block) []message {
	system, user := narrator.Roles(blocks)
	return []message{{Role: "system", Content: narrator.Join(system)}, {Role: "user", Content: narrator.Join(user)}}
}

// Narrate implements narrator.Narrator with a streamed chat completion on
// the tier's model. The Narration carries the configured model name (or,
// with none configured, the one the server reports) and the usage the
// server reported in its last chunk, if it did. Errors are
// fault.Unavailable, except an error of emit, which is returned as it is.
func (n *Narrator) Narrate(ctx context.Context, req narrator.Request, emit func(string) error) (narrator.Narration, error) {
	const op = "openai narrate"
	model := n.Model(req.Tier)
	body := completionRequest{Model: model, Messages: messages(narrator.Blocks(req)), MaxTokens: narrator.ReplyCap(req),
		Stream: true, StreamOptions: &streamOptions{IncludeUsage: true}}
	callCtx, cancel := context.WithTimeout(ctx, n.cfg.Timeout)
	defer cancel()
	var out narrator.Narration
	err := n.retry(callCtx, ctx, op, func() (bool, error) {
		res, err := n.post(callCtx, body)
		if err != nil {
			return false, err
		}
		defer res.Body.Close()
		var emitted bool
		out, emitted, err = read(res, emit)
		return emitted, err
	})
	if err != nil {
		return narrator.Narration{}, err
	}
	if model != "" {
		out.Model = model // else the name the server reported, if any
	}
	return out, nil
}

// Summarize implements narrator.Narrator with a chat completion on the low
// model, not streamed. The Summarized carries the model and the usage the
// server reported. Errors are fault.Unavailable.
func (n *Narrator) Summarize(ctx context.Context, req narrator.SummaryRequest) (narrator.Summarized, error) {
	const op = "openai summarize"
	body := completionRequest{Model: n.cfg.LowModel, Messages: messages(narrator.SummaryBlocks(req)), MaxTokens: narrator.MaxOutput(narrator.PurposeSummary)}
	callCtx, cancel := context.WithTimeout(ctx, n.cfg.Timeout)
	defer cancel()
	var out narrator.Narration
	err := n.retry(callCtx, ctx, op, func() (bool, error) {
		res, err := n.post(callCtx, body)
		if err != nil {
			return false, err
		}
		defer res.Body.Close()
		out, _, err = read(res, func(string) error { return nil })
		return false, err
	})
	if err != nil {
		return narrator.Summarized{}, err
	}
	if n.cfg.LowModel != "" {
		out.Model = n.cfg.LowModel
	}
	return narrator.Summarized{Text: strings.TrimSpace(out.Text), Model: out.Model, Usage: out.Usage}, nil
}

var (
	_ narrator.Folder  = (*Narrator)(nil)
	_ narrator.Definer = (*Narrator)(nil)
)

// Fold implements narrator.Folder with a chat completion on the low
// model in JSON mode, a record_fold answer, validated whole with
// narrator.DecodeFold; an invalid one is an Invalid error beside the
// call's model and usage.
func (n *Narrator) Fold(ctx context.Context, req narrator.FoldRequest) (narrator.Folded, error) {
	return narrator.FoldWith(ctx, n.form, "openai fold", req)
}

// Define implements narrator.Definer: a define_terms answer on the low
// model, validated with narrator.DecodeDefinitions.
func (n *Narrator) Define(ctx context.Context, req narrator.DefineRequest) (narrator.Defined, error) {
	return narrator.DefineWith(ctx, n.form, "openai define", req)
}

// ReadIntent implements narrator.IntentReader: the low model reads a
// player's words as one of the engine's actions (a read_intent answer),
// validated with narrator.DecodeIntentAnswer.
func (n *Narrator) ReadIntent(ctx context.Context, req narrator.IntentRequest) (narrator.IntentRead, error) {
	return narrator.ReadIntentWith(ctx, n.form, "openai read intent", req)
}

// form is a narrator.FormCall: a whole (not streamed) chat completion on
// the low model, in JSON mode (response_format json_object), with no
// tools. The chat API has no way to begin the assistant's answer, so the
// text is the answer as the model wrote it. Errors are Unavailable.
func (n *Narrator) form(ctx context.Context, op string, blocks []narrator.Block, form narrator.Form) (text []byte, model string, usage narrator.Usage, err error) {
	model = n.cfg.LowModel
	body := completionRequest{Model: model, Messages: messages(blocks), MaxTokens: form.MaxOutput(),
		ResponseFormat: &responseFormat{Type: "json_object"}}
	callCtx, cancel := context.WithTimeout(ctx, n.cfg.Timeout)
	defer cancel()
	var reported string
	err = n.retry(callCtx, ctx, op, func() (bool, error) {
		res, err := n.post(callCtx, body)
		if err != nil {
			return false, err
		}
		defer res.Body.Close()
		text, reported, usage, err = readText(res.Body)
		return false, err
	})
	if model == "" {
		model = reported
	}
	return text, model, usage, err
}

// readText reads a whole (not streamed) completion and returns its
// message's text (empty when it has none), with the model and usage it
// reports.
func readText(r io.Reader) (text []byte, model string, u narrator.Usage, err error) {
	data, err := io.ReadAll(io.LimitReader(r, maxAnswer+1))
	if err != nil {
		return nil, "", u, err
	}
	if len(data) > maxAnswer {
		return nil, "", u, fmt.Errorf("answer longer than %d bytes", maxAnswer)
	}
	var c chunk
	if err := json.Unmarshal(data, &c); err != nil {
		return nil, "", u, fmt.Errorf("malformed completion %.80q: %w", data, err)
	}
	if c.Error != nil {
		return nil, "", u, &streamError{typ: c.Error.Type, message: c.Error.Message}
	}
	u = c.Usage.narrator()
	if len(c.Choices) > 0 && c.Choices[0].Message != nil {
		text = []byte(c.Choices[0].Message.Content)
	}
	return text, c.Model, u, nil
}

// post sends a completion request and returns a 200 answer; any other
// status is a *statusError.
func (n *Narrator) post(ctx context.Context, body completionRequest) (*http.Response, error) {
	b, err := json.Marshal(body)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, n.url, bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	if body.Stream {
		req.Header.Set("Accept", "text/event-stream")
	} else {
		req.Header.Set("Accept", "application/json")
	}
	if n.key != "" {
		req.Header.Set("Authorization", "Bearer "+n.key)
	}
	res, err := n.client.Do(req)
	if err != nil {
		return nil, err
	}
	if res.StatusCode != http.StatusOK {
		defer res.Body.Close()
		msg, _ := io.ReadAll(io.LimitReader(res.Body, 2048))
		return nil, &statusError{status: res.StatusCode, body: strings.TrimSpace(string(msg)), retryAfter: retryAfter(res.Header)}
	}
	return res, nil
}

// statusError is an answer other than 200 OK.
type statusError struct {
	status     int
	body       string
	retryAfter time.Duration
}

func (e *statusError) Error() string {
	return fmt.Sprintf("status %d: %s", e.status, e.body)
}

// streamError is an error object sent in place of a chunk, once the
// answer's status was 200.
type streamError struct {
	typ, message string
}

func (e *streamError) Error() string {
	return fmt.Sprintf("server error in stream: %s %s", e.typ, e.message)
}

// retryAfter reads a Retry-After header given in seconds; zero otherwise.
func retryAfter(h http.Header) time.Duration {
	s, err := strconv.Atoi(strings.TrimSpace(h.Get("Retry-After")))
	if err != nil || s < 0 {
		return 0
	}
	return time.Duration(s) * time.Second
}

var (
	errEmpty     = errors.New("the model returned no text")
	errTruncated = errors.New("the stream ended before [DONE] or a finish reason")
)

// maxAnswer bounds a non-streamed answer and one streamed event.
const maxAnswer = 1 << 20

// read consumes a completion answer: server-sent events when streamed, one
// JSON completion otherwise. It emits each piece of text as it comes;
// emitted reports whether any did, after which the call must not be
// retried.
func read(res *http.Response, emit func(string) error) (out narrator.Narration, emitted bool, err error) {
	var b strings.Builder
	finished := false
	// handle takes one chunk or completion; done reports [DONE].
	handle := func(data []byte) (done bool, err error) {
		if string(bytes.TrimSpace(data)) == "[DONE]" {
			return true, nil
		}
		var c chunk
		if err := json.Unmarshal(data, &c); err != nil {
			return false, fmt.Errorf("malformed chunk %.80q: %w", data, err)
		}
		if c.Error != nil {
			return false, &streamError{typ: c.Error.Type, message: c.Error.Message}
		}
		if c.Usage != nil {
			out.Usage = c.Usage.narrator()
		}
		if c.Model != "" {
			out.Model = c.Model
		}
		if len(c.Choices) == 0 {
			return false, nil
		}
		ch := c.Choices[0]
		text := ch.Delta.Content
		if ch.Message != nil {
			text = ch.Message.Content
		}
		if ch.FinishReason != nil && *ch.FinishReason != "" {
			finished = true
		}
		if text == "" {
			return false, nil
		}
		emitted = true
		b.WriteString(text)
		if err := emit(text); err != nil {
			return false, &narrator.EmitError{Err: err}
		}
		return false, nil
	}

	media, _, _ := mime.ParseMediaType(res.Header.Get("Content-Type"))
	done := false
	if media == "application/json" {
		data, err := io.ReadAll(io.LimitReader(res.Body, maxAnswer))
		if err != nil {
			return narrator.Narration{}, emitted, err
		}
		if _, err := handle(data); err != nil {
			return narrator.Narration{}, emitted, err
		}
		done = true
	} else {
		done, err = events(res.Body, handle)
		if err != nil {
			return narrator.Narration{}, emitted, err
		}
	}
	if !done && !finished {
		return narrator.Narration{}, emitted, errTruncated
	}
	if strings.TrimSpace(b.String()) == "" {
		return narrator.Narration{}, emitted, errEmpty
	}
	out.Text = b.String()
	return out, emitted, nil
}

// events reads server-sent events from r and hands the data of each to
// handle, until handle reports done, fails, or r ends. Comments and
// fields other than data are ignored; the lines of a multi-line data
// field are joined with newlines, as the SSE specification says.
func events(r io.Reader, handle func([]byte) (bool, error)) (done bool, err error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), maxAnswer)
	var data []byte
	pending := false
	dispatch := func() (bool, error) {
		if !pending {
			return false, nil
		}
		d := data
		data, pending = data[:0], false
		return handle(d)
	}
	for sc.Scan() {
		line := sc.Bytes()
		if len(line) == 0 {
			if done, err := dispatch(); done || err != nil {
				return done, err
			}
			continue
		}
		field, value, _ := bytes.Cut(line, []byte(":"))
		if string(field) != "data" {
			continue // a comment (":..."), event, id or retry
		}
		value = bytes.TrimPrefix(value, []byte(" "))
		if pending {
			data = append(data, '\n')
		}
		data, pending = append(data, value...), true
	}
	if err := sc.Err(); err != nil {
		return false, err
	}
	return dispatch()
}

// waitAtLeastRetryAfter honours a server's Retry-After when it asks for
// longer than the backoff.
func waitAtLeastRetryAfter(err error, wait time.Duration) time.Duration {
	var se *statusError
	if errors.As(err, &se) && se.retryAfter > wait {
		return se.retryAfter
	}
	return wait
}

// retry runs call under the adapter's retry policy (narrator.Retry).
func (n *Narrator) retry(ctx, parent context.Context, op string, call func() (emitted bool, err error)) error {
	return narrator.Retry{Retries: n.cfg.Retries, Backoff: n.cfg.Backoff, Retryable: retryable, Wait: waitAtLeastRetryAfter}.Do(ctx, parent, op, call)
}

// retryable reports whether a failed call may succeed if tried again: a
// 429 or 5xx answer (llama.cpp answers 503 while it loads a model), the
// same sent as an error object in the stream (a rate limit, a server
// error, an overloaded server), a broken connection or a stream cut
// short.
func retryable(err error) bool {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return false
	}
	var se *statusError
	if errors.As(err, &se) {
		switch se.status {
		case 429, 500, 502, 503, 504:
			return true
		}
		return false
	}
	var sr *streamError
	if errors.As(err, &sr) {
		switch sr.typ {
		case "rate_limit_error", "rate_limit_exceeded", "server_error", "internal_error", "overloaded_error", "service_unavailable", "timeout":
			return true
		}
		return false
	}
	var ne net.Error
	return errors.Is(err, errTruncated) || errors.Is(err, io.ErrUnexpectedEOF) || errors.As(err, &ne)
}
