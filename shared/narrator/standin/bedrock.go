package standin

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws/protocol/eventstream"
)

// Event is a frame of a ConverseStream answer: eventType is messageStart,
// contentBlockStart, contentBlockDelta, contentBlockStop, messageStop or
// metadata, and payload its JSON, sent as it is.
func Event(eventType, payload string) eventstream.Message {
	return eventstream.Message{Headers: eventstream.Headers{
		{Name: ":message-type", Value: eventstream.StringValue("event")},
		{Name: ":event-type", Value: eventstream.StringValue(eventType)},
		{Name: ":content-type", Value: eventstream.StringValue("application/json")},
	}, Payload: []byte(payload)}
}

// Exception is a frame that fails a ConverseStream answer under way:
// exceptionType is modelStreamErrorException, throttlingException,
// internalServerException, serviceUnavailableException or
// validationException.
func Exception(exceptionType, message string) eventstream.Message {
	b, _ := json.Marshal(map[string]string{"message": message})
	return eventstream.Message{Headers: eventstream.Headers{
		{Name: ":message-type", Value: eventstream.StringValue("exception")},
		{Name: ":exception-type", Value: eventstream.StringValue(exceptionType)},
		{Name: ":content-type", Value: eventstream.StringValue("application/json")},
	}, Payload: b}
}

// StartEventStream writes the headers of a ConverseStream answer and
// flushes them: the client's ConverseStream call returns, and its events
// follow as WriteFrame sends them.
func StartEventStream(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "application/vnd.amazon.eventstream")
	w.WriteHeader(http.StatusOK)
	flush(w)
}

// WriteFrame encodes one frame to w in the event-stream framing and
// flushes it. Errors are the connection's.
func WriteFrame(w http.ResponseWriter, m eventstream.Message) error {
	if err := eventstream.NewEncoder().Encode(w, m); err != nil {
		return err
	}
	flush(w)
	return nil
}

// bedrockRequest is the part of a Converse or ConverseStream request the
// stand-in reads.
type bedrockRequest struct {
	System []struct {
		Text       *string `json:"text"`
		CachePoint *struct {
			Type string `json:"type"`
			TTL  string `json:"ttl"`
		} `json:"cachePoint"`
	} `json:"system"`
	Messages []struct {
		Role    string `json:"role"`
		Content []struct {
			Text *string `json:"text"`
		} `json:"content"`
	} `json:"messages"`
	InferenceConfig *struct {
		MaxTokens int `json:"maxTokens"`
	} `json:"inferenceConfig"`
	ToolConfig *struct {
		Tools []struct {
			ToolSpec *struct {
				Name        string `json:"name"`
				Description string `json:"description"`
				InputSchema struct {
					JSON json.RawMessage `json:"json"`
				} `json:"inputSchema"`
			} `json:"toolSpec"`
		} `json:"tools"`
		ToolChoice *struct {
			Tool *struct {
				Name string `json:"name"`
			} `json:"tool"`
		} `json:"toolChoice"`
	} `json:"toolConfig"`
}

func parseBedrock(model string, stream bool, body []byte) (prompt, error) {
	var req bedrockRequest
	if err := json.Unmarshal(body, &req); err != nil {
		return prompt{}, fmt.Errorf("malformed request: %w", err)
	}
	if len(req.Messages) == 0 {
		return prompt{}, fmt.Errorf("messages is empty")
	}
	p := prompt{api: "bedrock", model: model, stream: stream}
	for _, b := range req.System {
		switch {
		case b.Text != nil:
			p.system = append(p.system, *b.Text)
		case b.CachePoint != nil:
			p.points = append(p.points, cachePoint{after: len(p.system), ttl: b.CachePoint.TTL})
		}
	}
	for _, m := range req.Messages {
		var parts []string
		for _, c := range m.Content {
			if c.Text != nil {
				parts = append(parts, *c.Text)
			}
		}
		p.messages = append(p.messages, Message{Role: m.Role, Text: strings.Join(parts, "\n\n")})
	}
	if req.InferenceConfig != nil {
		p.maxTokens = req.InferenceConfig.MaxTokens
	}
	if tc := req.ToolConfig; tc != nil {
		for _, t := range tc.Tools {
			if t.ToolSpec != nil {
				p.tools = append(p.tools, Tool{Name: t.ToolSpec.Name, Description: t.ToolSpec.Description, Schema: t.ToolSpec.InputSchema.JSON})
			}
		}
		if tc.ToolChoice != nil && tc.ToolChoice.Tool != nil {
			p.toolChoice = tc.ToolChoice.Tool.Name
		}
	}
	return p, nil
}

// bedrockStatus are the answers of the faults that refuse a call, as
// Bedrock Runtime gives them.
var bedrockStatus = map[Fault]struct {
	status  int
	typ     string
	message string
}{
	Throttle:    {http.StatusTooManyRequests, "ThrottlingException", "Too many requests, please wait before trying again."},
	Unavailable: {http.StatusServiceUnavailable, "ServiceUnavailableException", "The service is unavailable. Try again later."},
	Internal:    {http.StatusInternalServerError, "InternalServerException", "The server encountered an internal error."},
	Denied:      {http.StatusForbidden, "AccessDeniedException", "You don't have access to the model with the specified model ID."},
	Missing:     {http.StatusNotFound, "ResourceNotFoundException", "The specified model was not found."},
	// Converse's answers to the stream faults, which need a stream.
	StreamError:    {424, "ModelErrorException", "The model returned an error."},
	StreamThrottle: {http.StatusTooManyRequests, "ThrottlingException", "Too many requests, please wait before trying again."},
}

func bedrockError(w http.ResponseWriter, status int, typ, message string) {
	b, _ := json.Marshal(map[string]string{"message": message})
	w.Header().Set("X-Amzn-Errortype", typ)
	writeRaw(w, status, b)
}

func (s *Server) bedrock(w http.ResponseWriter, r *http.Request) {
	stream := strings.HasSuffix(r.URL.Path, "/converse-stream")
	body, err := readBody(r)
	if err != nil {
		bedrockError(w, http.StatusBadRequest, "ValidationException", err.Error())
		return
	}
	p, err := parseBedrock(r.PathValue("model"), stream, body)
	if err != nil {
		bedrockError(w, http.StatusBadRequest, "ValidationException", err.Error())
		return
	}
	seq, fault, seed := s.begin(r, body, p)
	if e, ok := bedrockStatus[fault]; ok && (!stream || (fault != StreamError && fault != StreamThrottle)) {
		s.failed(seq, e.status)
		bedrockError(w, e.status, e.typ, e.message)
		return
	}
	rep := answer(p, fault, seed, s.cfg.Words)
	u := s.usage(p, rep.text)
	if stream {
		s.bedrockStream(w, r, seq, fault, rep, u)
		return
	}

	if (fault == Stall || fault == StallMid) && !s.wait(r.Context(), s.cfg.Stall) {
		return // the caller gave up
	}
	b, _ := json.Marshal(map[string]any{
		"output":     map[string]any{"message": map[string]any{"role": "assistant", "content": []any{map[string]string{"text": rep.text}}}},
		"stopReason": "end_turn", "usage": bedrockUsage(u), "metrics": map[string]int{"latencyMs": 1},
	})
	switch {
	case fault == Cut:
		s.cut(w, seq, b)
	case fault == Malformed && !rep.json: // a structured answer's own text is broken
		s.failed(seq, http.StatusOK)
		b = b[:len(b)/2]
	default:
		s.answered(seq, http.StatusOK, rep, u)
	}
	writeRaw(w, http.StatusOK, b)
}

// bedrockStream answers in the event-stream framing: messageStart, the
// text in contentBlockDelta pieces, contentBlockStop,
// messageStop and metadata with the usage, playing the fault on the way.
func (s *Server) bedrockStream(w http.ResponseWriter, r *http.Request, seq int, fault Fault, rep reply, u Usage) {
	ctx := r.Context()
	StartEventStream(w)
	l := &streamLog{s: s, seq: seq}
	defer l.write()
	send := func(m eventstream.Message) bool { return WriteFrame(w, m) == nil }
	event := func(typ string, payload any) bool {
		b, _ := json.Marshal(payload)
		return send(Event(typ, string(b)))
	}
	if !event("messageStart", map[string]string{"role": "assistant"}) {
		return
	}
	if fault == Stall && !s.wait(ctx, s.cfg.Stall) {
		return
	}
	ok := s.streamText(ctx, w, fault, Pieces(rep.text), streamFrames{
		streamError: func() { send(Exception("modelStreamErrorException", "The model stopped while generating.")) },
		throttle:    func() { send(Exception("throttlingException", "Too many requests, please wait before trying again.")) },
		malformed:   func() { send(Event("contentBlockDelta", `{"contentBlockIndex":0,"delta":{"text":"Ra`)) },
	}, func(p string) bool {
		if !event("contentBlockDelta", map[string]any{"contentBlockIndex": 0, "delta": map[string]string{"text": p}}) {
			return false
		}
		l.sent.WriteString(p)
		return true
	})
	if !ok {
		return
	}
	// The log is written before the stream ends: a caller that has read
	// the last event finds its call logged whole.
	l.usage = u
	l.write()
	event("contentBlockStop", map[string]int{"contentBlockIndex": 0})
	event("messageStop", map[string]string{"stopReason": "end_turn"})
	event("metadata", map[string]any{"usage": bedrockUsage(u), "metrics": map[string]int{"latencyMs": 1}})
}

// bedrockUsage is Converse's usage, with the cache writes broken down by
// TTL (cacheDetails, one hour before five minutes) when there were any.
func bedrockUsage(u Usage) map[string]any {
	out := map[string]any{"inputTokens": u.Input, "outputTokens": u.Output, "totalTokens": u.Input + u.Output + u.CacheRead + u.CacheWrite,
		"cacheReadInputTokens": u.CacheRead, "cacheWriteInputTokens": u.CacheWrite}
	var details []map[string]any
	if u.CacheWriteHour > 0 {
		details = append(details, map[string]any{"ttl": "1h", "inputTokens": u.CacheWriteHour})
	}
	if short := u.CacheWrite - u.CacheWriteHour; short > 0 {
		details = append(details, map[string]any{"ttl": "5m", "inputTokens": short})
	}
	if details != nil {
		out["cacheDetails"] = details
	}
	return out
}
