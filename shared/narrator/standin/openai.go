package standin

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"
)

// openAIRequest is the part of a chat-completions request the stand-in
// reads.
type openAIRequest struct {
	Model    string `json:"model"`
	Messages []struct {
		Role    string          `json:"role"`
		Content json.RawMessage `json:"content"`
	} `json:"messages"`
	MaxTokens           int  `json:"max_tokens"`
	MaxCompletionTokens int  `json:"max_completion_tokens"`
	Stream              bool `json:"stream"`
	StreamOptions       *struct {
		IncludeUsage bool `json:"include_usage"`
	} `json:"stream_options"`
	Tools []struct {
		Type     string `json:"type"`
		Function struct {
			Name        string          `json:"name"`
			Description string          `json:"description"`
			Parameters  json.RawMessage `json:"parameters"`
		} `json:"function"`
	} `json:"tools"`
	ToolChoice     json.RawMessage `json:"tool_choice"`
	ResponseFormat *struct {
		Type string `json:"type"`
	} `json:"response_format"`
}

// content reads a message's content: a string, or an array of parts of
// which the text ones count.
func content(raw json.RawMessage) (string, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return "", nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		return s, nil
	}
	var parts []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	if err := json.Unmarshal(raw, &parts); err != nil {
		return "", fmt.Errorf("content is neither a string nor parts: %w", err)
	}
	var b strings.Builder
	for _, p := range parts {
		if p.Type == "text" {
			b.WriteString(p.Text)
		}
	}
	return b.String(), nil
}

func parseOpenAI(body []byte) (prompt, error) {
	var req openAIRequest
	if err := json.Unmarshal(body, &req); err != nil {
		return prompt{}, fmt.Errorf("malformed request: %w", err)
	}
	if len(req.Messages) == 0 {
		return prompt{}, fmt.Errorf("messages is empty")
	}
	p := prompt{api: "openai", model: req.Model, stream: req.Stream, maxTokens: max(req.MaxTokens, req.MaxCompletionTokens),
		streamUse: req.StreamOptions != nil && req.StreamOptions.IncludeUsage,
		jsonMode:  req.ResponseFormat != nil && req.ResponseFormat.Type == "json_object"}
	for _, m := range req.Messages {
		text, err := content(m.Content)
		if err != nil {
			return prompt{}, err
		}
		if m.Role == "system" || m.Role == "developer" {
			p.system = append(p.system, text)
			continue
		}
		p.messages = append(p.messages, Message{Role: m.Role, Text: text})
	}
	for _, t := range req.Tools {
		p.tools = append(p.tools, Tool{Name: t.Function.Name, Description: t.Function.Description, Schema: t.Function.Parameters})
	}
	var choice struct {
		Function struct {
			Name string `json:"name"`
		} `json:"function"`
	}
	if json.Unmarshal(req.ToolChoice, &choice) == nil {
		p.toolChoice = choice.Function.Name
	}
	return p, nil
}

// openAIStatus are the answers of the faults that refuse a call, as
// OpenAI-compatible servers give them.
var openAIStatus = map[Fault]struct {
	status    int
	typ, code string
	message   string
}{
	Throttle:    {http.StatusTooManyRequests, "rate_limit_error", "rate_limit_exceeded", "Rate limit reached; try again later."},
	Unavailable: {http.StatusServiceUnavailable, "server_error", "service_unavailable", "The server is overloaded or loading the model."},
	Internal:    {http.StatusInternalServerError, "server_error", "internal_error", "The server had an error while processing your request."},
	Denied:      {http.StatusForbidden, "permission_error", "permission_denied", "You are not allowed to use this model."},
	Missing:     {http.StatusNotFound, "invalid_request_error", "model_not_found", "The model does not exist or you do not have access to it."},
}

func openAIError(typ, code, message string) []byte {
	b, _ := json.Marshal(map[string]any{"error": map[string]string{"message": message, "type": typ, "code": code}})
	return b
}

func (s *Server) models(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{"object": "list",
		"data": []any{map[string]any{"id": "standin", "object": "model", "owned_by": "chronicler"}}})
}

func (s *Server) openAI(w http.ResponseWriter, r *http.Request) {
	body, err := readBody(r)
	if err != nil {
		writeRaw(w, http.StatusBadRequest, openAIError("invalid_request_error", "", err.Error()))
		return
	}
	p, err := parseOpenAI(body)
	if err != nil {
		writeRaw(w, http.StatusBadRequest, openAIError("invalid_request_error", "", err.Error()))
		return
	}
	seq, fault, seed := s.begin(r, body, p)
	if e, ok := openAIStatus[fault]; ok {
		s.failed(seq, e.status)
		writeRaw(w, e.status, openAIError(e.typ, e.code, e.message))
		return
	}
	model := p.model
	if model == "" {
		model = "standin"
	}
	rep := answer(p, fault, seed, s.cfg.Words)
	u := s.usage(p, rep.text)
	id := fmt.Sprintf("chatcmpl-standin-%d", seq)
	if p.stream {
		s.openAIStream(w, r, seq, id, model, p, fault, rep, u)
		return
	}

	if (fault == Stall || fault == StallMid) && !s.wait(r.Context(), s.cfg.Stall) {
		return // the caller gave up
	}
	switch fault {
	case StreamError:
		s.failed(seq, http.StatusOK)
		writeRaw(w, http.StatusOK, openAIError("server_error", "model_error", "The model failed to produce an answer."))
		return
	case StreamThrottle:
		e := openAIStatus[Throttle]
		s.failed(seq, e.status)
		writeRaw(w, e.status, openAIError(e.typ, e.code, e.message))
		return
	}
	msg := map[string]any{"role": "assistant", "content": rep.text}
	b, _ := json.Marshal(map[string]any{"id": id, "object": "chat.completion", "created": time.Now().Unix(), "model": model,
		"choices": []any{map[string]any{"index": 0, "message": msg, "finish_reason": "stop"}},
		"usage":   openAIUsage(u)})
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

// openAIStream answers with server-sent events: a role chunk, the text in
// pieces, a finish chunk, the usage when the request
// asked for it, and [DONE], playing the fault on the way.
func (s *Server) openAIStream(w http.ResponseWriter, r *http.Request, seq int, id, model string, p prompt, fault Fault, rep reply, u Usage) {
	ctx := r.Context()
	w.Header().Set("Content-Type", "text/event-stream; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	// The log keeps what went out: the pieces sent, and the usage only
	// once reported.
	l := &streamLog{s: s, seq: seq}
	defer l.write()
	send := func(data []byte) {
		fmt.Fprintf(w, "data: %s\n\n", data)
		flush(w)
	}
	chunk := func(delta map[string]any, finish any) []byte {
		b, _ := json.Marshal(map[string]any{"id": id, "object": "chat.completion.chunk", "created": time.Now().Unix(), "model": model,
			"choices": []any{map[string]any{"index": 0, "delta": delta, "finish_reason": finish}}})
		return b
	}
	send(chunk(map[string]any{"role": "assistant", "content": ""}, nil))
	if fault == Stall && !s.wait(ctx, s.cfg.Stall) {
		return
	}
	ok := s.streamText(ctx, w, fault, Pieces(rep.text), streamFrames{
		streamError: func() { send(openAIError("server_error", "model_error", "The model stopped while generating.")) },
		throttle: func() {
			send(openAIError("rate_limit_error", "rate_limit_exceeded", "Rate limit reached while generating."))
		},
		malformed: func() {
			send([]byte(`{"id":"` + id + `","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"Ra`))
		},
	}, func(p string) bool {
		send(chunk(map[string]any{"content": p}, nil))
		l.sent.WriteString(p)
		return true
	})
	if !ok {
		return
	}
	// The log is written before the stream ends: a caller that has read
	// [DONE] finds its call logged whole.
	if p.streamUse {
		l.usage = u
	}
	l.write()
	send(chunk(map[string]any{}, "stop"))
	if p.streamUse {
		b, _ := json.Marshal(map[string]any{"id": id, "object": "chat.completion.chunk", "created": time.Now().Unix(), "model": model,
			"choices": []any{}, "usage": openAIUsage(u)})
		send(b)
	}
	send([]byte("[DONE]"))
}

func openAIUsage(u Usage) map[string]any {
	return map[string]any{"prompt_tokens": u.Input + u.CacheRead, "completion_tokens": u.Output,
		"total_tokens": u.Input + u.CacheRead + u.Output, "prompt_tokens_details": map[string]int{"cached_tokens": u.CacheRead}}
}

func writeRaw(w http.ResponseWriter, status int, b []byte) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(bytes.TrimSpace(b))
}
