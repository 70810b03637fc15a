package bedrock

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime"
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime/types"
	"github.com/aws/smithy-go"
	"github.com/aws/smithy-go/transport/http/protocol/restjson1"

	"chronicler/shared/narrator"
)

// ConverseAPI is the part of the Bedrock Runtime client the narrator uses;
// *bedrockruntime.Client satisfies it.
type ConverseAPI interface {
	Converse(ctx context.Context, in *bedrockruntime.ConverseInput, optFns ...func(*bedrockruntime.Options)) (*bedrockruntime.ConverseOutput, error)
	ConverseStream(ctx context.Context, in *bedrockruntime.ConverseStreamInput, optFns ...func(*bedrockruntime.Options)) (*bedrockruntime.ConverseStreamOutput, error)
}

// The default models: Claude 4.5 through their global inference profiles,
// which Bedrock requires for on-demand use and which cost 10% less than the
// regional ("us.") ones.
const (
	DefaultHighModel = "global.anthropic.claude-sonnet-4-5-20250929-v1:0"
	DefaultLowModel  = "global.anthropic.claude-haiku-4-5-20251001-v1:0"
)

// Config tunes the narrator. Zero values take the defaults.
type Config struct {
	HighModel string // narration; default DefaultHighModel
	LowModel  string // low-tier narration and summaries; default DefaultLowModel
	// Timeout bounds a whole call, retries and streaming included;
	// default 30 s.
	Timeout time.Duration
	// Retries is how many times a throttled or unavailable call is tried
	// again, never after a piece of narration was emitted; default 2,
	// negative for none.
	Retries int
	// Backoff is the wait before the first retry, doubled for each next
	// one, plus up to half again of jitter; default 250 ms.
	Backoff time.Duration
}

// Narrator narrates with Bedrock models.
type Narrator struct {
	client ConverseAPI
	cfg    Config
}

var _ narrator.Narrator = (*Narrator)(nil)

// New returns a narrator that calls Bedrock through client.
func New(client ConverseAPI, cfg Config) *Narrator {
	if cfg.HighModel == "" {
		cfg.HighModel = DefaultHighModel
	}
	if cfg.LowModel == "" {
		cfg.LowModel = DefaultLowModel
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 30 * time.Second
	}
	if cfg.Retries == 0 {
		cfg.Retries = 2
	} else if cfg.Retries < 0 {
		cfg.Retries = 0
	}
	if cfg.Backoff <= 0 {
		cfg.Backoff = 250 * time.Millisecond
	}
	return &Narrator{client: client, cfg: cfg}
}

// Name implements narrator.Narrator.
func (n *Narrator) Name() string { return "bedrock" }

// Model is the model id a tier narrates with.
func (n *Narrator) Model(t narrator.Tier) string {
	if t == narrator.Low {
		return n.cfg.LowModel
	}
	return n.cfg.HighModel
}

// callOptions adjust the client for one call. They turn off its own
// retries: this package retries, within its timeout, and never once
// narration has been streamed, which the SDK cannot know. They hide the
// request body's WriteTo from net/http (see plainBody). And they give the
// call a protocol of its own: the client's one holds a single event-stream
// decoder, with one payload buffer, that two streams read at once would
// share (a stream given up still reading while the next call streams, or
// two tables narrating in one process), mixing their events.
func callOptions(o *bedrockruntime.Options) {
	o.Retryer = aws.NopRetryer{}
	o.Protocol = restjson1.New(nil)
	if o.HTTPClient != nil {
		o.HTTPClient = plainBody{o.HTTPClient}
	}
}

// plainBody works around a race between smithy-go and net/http that can
// kill a response stream. smithy-go closes the request body as soon as the
// response headers arrive; net/http may at that moment still be checking
// the body for bytes beyond its length, with io.Copy, which prefers the
// body's WriteTo; after Close, smithy-go's WriteTo returns io.EOF as an
// error, and net/http then closes the connection under the streaming
// response ("use of closed network connection"). With only Read and Close
// visible, a closed body reads as a clean end of file. The window is
// narrow: it shows with a fast local server (about 1 stream in 200 in this
// package's tests without the workaround), far less with AWS.
type plainBody struct{ next bedrockruntime.HTTPClient }

func (c plainBody) Do(r *http.Request) (*http.Response, error) {
	if r.Body != nil && r.Body != http.NoBody {
		r.Body = struct{ io.ReadCloser }{r.Body}
	}
	return c.next.Do(r)
}

// Narrate implements narrator.Narrator with ConverseStream on the tier's
// model. The returned Narration carries the model id and the usage that
// Bedrock reported. Errors are fault.Unavailable, except an error of emit,
// which is returned as it is.
func (n *Narrator) Narrate(ctx context.Context, req narrator.Request, emit func(string) error) (narrator.Narration, error) {
	const op = "bedrock narrate"
	model := n.Model(req.Tier)
	system, user := prompt(narrator.Blocks(req))
	in := &bedrockruntime.ConverseStreamInput{
		ModelId:         aws.String(model),
		System:          system,
		Messages:        user,
		InferenceConfig: &types.InferenceConfiguration{MaxTokens: aws.Int32(int32(narrator.ReplyCap(req)))},
	}
	callCtx, cancel := context.WithTimeout(ctx, n.cfg.Timeout)
	defer cancel()
	var out narrator.Narration
	err := n.retry(callCtx, ctx, op, func() (bool, error) {
		res, err := n.client.ConverseStream(callCtx, in, callOptions)
		if err != nil {
			return false, err
		}
		var emitted bool
		out, emitted, err = read(callCtx, res.GetStream(), emit)
		return emitted, err
	})
	if err != nil {
		return narrator.Narration{}, err
	}
	out.Model = model
	return out, nil
}

// Summarize implements narrator.Narrator with Converse on the low model.
// The Summarized carries the model id and the usage Bedrock reported,
// also beside an error when the model answered with nothing usable.
// Errors are fault.Unavailable.
func (n *Narrator) Summarize(ctx context.Context, req narrator.SummaryRequest) (narrator.Summarized, error) {
	const op = "bedrock summarize"
	out := narrator.Summarized{Model: n.cfg.LowModel}
	system, user := prompt(narrator.SummaryBlocks(req))
	err := n.converse(ctx, op, &bedrockruntime.ConverseInput{
		ModelId:         aws.String(out.Model),
		System:          system,
		Messages:        user,
		InferenceConfig: &types.InferenceConfiguration{MaxTokens: aws.Int32(int32(narrator.MaxOutput(narrator.PurposeSummary)))},
	}, func(res *bedrockruntime.ConverseOutput) error {
		out.Usage = usageOf(res.Usage)
		msg, ok := res.Output.(*types.ConverseOutputMemberMessage)
		if !ok {
			return fmt.Errorf("answer has no message (%T)", res.Output)
		}
		var b strings.Builder
		for _, c := range msg.Value.Content {
			if t, ok := c.(*types.ContentBlockMemberText); ok {
				b.WriteString(t.Value)
			}
		}
		if out.Text = strings.TrimSpace(b.String()); out.Text == "" {
			return errEmpty
		}
		return nil
	})
	return out, err
}

var (
	_ narrator.Folder  = (*Narrator)(nil)
	_ narrator.Definer = (*Narrator)(nil)
)

// Fold implements narrator.Folder: Converse on the low model for a
// record_fold answer, validated whole with narrator.DecodeFold; an
// invalid one is an Invalid error beside the call's model and usage.
func (n *Narrator) Fold(ctx context.Context, req narrator.FoldRequest) (narrator.Folded, error) {
	return narrator.FoldWith(ctx, n.form, "bedrock fold", req)
}

// Define implements narrator.Definer: Converse on the low model for a
// define_terms answer, validated with narrator.DecodeDefinitions.
func (n *Narrator) Define(ctx context.Context, req narrator.DefineRequest) (narrator.Defined, error) {
	return narrator.DefineWith(ctx, n.form, "bedrock define", req)
}

// ReadIntent implements narrator.IntentReader: the low model reads a
// player's words as one of the engine's actions (a read_intent answer),
// validated with narrator.DecodeIntentAnswer.
func (n *Narrator) ReadIntent(ctx context.Context, req narrator.IntentRequest) (narrator.IntentRead, error) {
	return narrator.ReadIntentWith(ctx, n.form, "bedrock read intent", req)
}

// form is a narrator.FormCall: Converse on the low model with no tool,
// the answer begun with narrator.Prefill in a last assistant message (an
// Anthropic model goes on from it, so it writes the object and nothing
// before it). It returns the answer's text with the prefill before it,
// and the usage Bedrock reported. Errors are Unavailable.
func (n *Narrator) form(ctx context.Context, op string, blocks []narrator.Block, form narrator.Form) (text []byte, model string, usage narrator.Usage, err error) {
	model = n.cfg.LowModel
	system, msgs := prompt(blocks)
	msgs = append(msgs, types.Message{Role: types.ConversationRoleAssistant, Content: []types.ContentBlock{
		&types.ContentBlockMemberText{Value: narrator.Prefill},
	}})
	in := &bedrockruntime.ConverseInput{
		ModelId:         aws.String(model),
		System:          system,
		Messages:        msgs,
		InferenceConfig: &types.InferenceConfiguration{MaxTokens: aws.Int32(int32(form.MaxOutput()))},
	}
	err = n.converse(ctx, op, in, func(res *bedrockruntime.ConverseOutput) error {
		usage = usageOf(res.Usage)
		msg, ok := res.Output.(*types.ConverseOutputMemberMessage)
		if !ok {
			return fmt.Errorf("answer has no message (%T)", res.Output)
		}
		b := []byte(narrator.Prefill)
		for _, c := range msg.Value.Content {
			if t, ok := c.(*types.ContentBlockMemberText); ok {
				b = append(b, t.Value...)
			}
		}
		text = b
		return nil
	})
	return text, model, usage, err
}

// converse runs one Converse call under the retry policy; check reads the
// answer and may refuse it, which fails the call.
func (n *Narrator) converse(ctx context.Context, op string, in *bedrockruntime.ConverseInput, check func(*bedrockruntime.ConverseOutput) error) error {
	callCtx, cancel := context.WithTimeout(ctx, n.cfg.Timeout)
	defer cancel()
	return n.retry(callCtx, ctx, op, func() (bool, error) {
		res, err := n.client.Converse(callCtx, in, callOptions)
		if err != nil {
			return false, err
		}
		return false, check(res)
	})
}

func usageOf(u *types.TokenUsage) narrator.Usage {
	if u == nil {
		return narrator.Usage{}
	}
	out := narrator.Usage{
		Input: int(aws.ToInt32(u.InputTokens)), Output: int(aws.ToInt32(u.OutputTokens)),
		CacheRead: int(aws.ToInt32(u.CacheReadInputTokens)), CacheWrite: int(aws.ToInt32(u.CacheWriteInputTokens)),
	}
	// The writes by TTL, when Bedrock says; when it does not, every write
	// counts an hour's, the dearer.
	out.CacheWriteHour = out.CacheWrite
	if len(u.CacheDetails) > 0 {
		out.CacheWriteHour = 0
		for _, d := range u.CacheDetails {
			if d.Ttl == types.CacheTTLOneHour {
				out.CacheWriteHour += int(aws.ToInt32(d.InputTokens))
			}
		}
	}
	return out
}

// prompt lays the blocks out for Converse: the cached prefix as system
// content, with a cache point after each block marked Cache (an hour's
// when the block asks for an hour or more, else the default five
// minutes), and the rest as one user message.
func prompt(blocks []narrator.Block) ([]types.SystemContentBlock, []types.Message) {
	sys, user := narrator.Roles(blocks)
	system := make([]types.SystemContentBlock, 0, len(sys)+2)
	for _, b := range sys {
		system = append(system, &types.SystemContentBlockMemberText{Value: b.Text})
		if b.Cache {
			ttl := types.CacheTTLFiveMinutes
			if b.TTL >= time.Hour {
				ttl = types.CacheTTLOneHour
			}
			system = append(system, &types.SystemContentBlockMemberCachePoint{Value: types.CachePointBlock{
				Type: types.CachePointTypeDefault, Ttl: ttl,
			}})
		}
	}
	msg := types.Message{Role: types.ConversationRoleUser, Content: []types.ContentBlock{
		&types.ContentBlockMemberText{Value: narrator.Join(user)},
	}}
	return system, []types.Message{msg}
}

var (
	errEmpty     = errors.New("the model returned no text")
	errTruncated = errors.New("the stream ended before messageStop")
)

// read consumes a ConverseStream answer, emitting text deltas as they come.
// emitted reports whether any piece reached emit, after which the call
// must not be retried.
func read(ctx context.Context, stream *bedrockruntime.ConverseStreamEventStream, emit func(string) error) (out narrator.Narration, emitted bool, err error) {
	defer stream.Close()
	var b strings.Builder
	stopped := false
	events := stream.Events()
	for {
		select {
		case <-ctx.Done():
			return narrator.Narration{}, emitted, ctx.Err()
		case ev, ok := <-events:
			if !ok {
				if err := stream.Err(); err != nil {
					return narrator.Narration{}, emitted, err
				}
				if !stopped {
					return narrator.Narration{}, emitted, errTruncated
				}
				if strings.TrimSpace(b.String()) == "" {
					return narrator.Narration{}, emitted, errEmpty
				}
				out.Text = b.String()
				return out, emitted, nil
			}
			switch v := ev.(type) {
			case *types.ConverseStreamOutputMemberContentBlockDelta:
				// Reasoning and tool-use deltas are not narration.
				if t, ok := v.Value.Delta.(*types.ContentBlockDeltaMemberText); ok && t.Value != "" {
					emitted = true
					b.WriteString(t.Value)
					if err := emit(t.Value); err != nil {
						return narrator.Narration{}, emitted, &narrator.EmitError{Err: err}
					}
				}
			case *types.ConverseStreamOutputMemberMessageStop:
				stopped = true
			case *types.ConverseStreamOutputMemberMetadata:
				if u := v.Value.Usage; u != nil {
					out.Usage = usageOf(u)
				}
			}
		}
	}
}

// retry runs call under the adapter's retry policy (narrator.Retry).
func (n *Narrator) retry(ctx, parent context.Context, op string, call func() (emitted bool, err error)) error {
	return narrator.Retry{Retries: n.cfg.Retries, Backoff: n.cfg.Backoff, Retryable: retryable}.Do(ctx, parent, op, call)
}

// retryable reports whether a failed call may succeed if tried again:
// throttling, a service or model not ready, a server error, a broken
// connection or a stream cut short, and the stream's own exceptions that
// the ConverseStream reference says to retry (modelStreamErrorException,
// throttlingException, internalServerException,
// serviceUnavailableException). A stream that failed after its first
// piece is not retried here: the caller has it, and goes on from what it
// showed (narrator.Teller).
func retryable(err error) bool {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return false
	}
	var api smithy.APIError
	if errors.As(err, &api) {
		switch api.ErrorCode() {
		case "ThrottlingException", "ServiceUnavailableException", "ModelNotReadyException",
			"InternalServerException", "ModelStreamErrorException", "ServiceUnavailable", "Throttling":
			return true
		}
	}
	var status interface{ HTTPStatusCode() int }
	if errors.As(err, &status) {
		switch status.HTTPStatusCode() {
		case 429, 500, 502, 503, 504:
			return true
		}
		return false
	}
	if api != nil {
		return false
	}
	var ne net.Error
	return errors.Is(err, errTruncated) || errors.Is(err, io.ErrUnexpectedEOF) || errors.As(err, &ne)
}
