package openai

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

// FuzzRead feeds the stream decoder arbitrary bodies: it must return an
// error or a narration whose text is exactly what it emitted, never panic.
func FuzzRead(f *testing.F) {
	f.Add("data: {\"choices\":[{\"delta\":{\"content\":\"Hi\"}}]}\n\ndata: [DONE]\n\n", "text/event-stream")
	f.Add(": ping\n\nevent: x\ndata: {\"choices\":[{\"delta\":{\"content\":\"a\"},\"finish_reason\":\"stop\"}]}\n\n", "text/event-stream")
	f.Add("data: {\"choices\":[{\"delta\":{\"content\":\"a\nb\"}}]}\ndata: more\n\n", "text/event-stream")
	f.Add("data: {\"error\":{\"message\":\"x\"}}\n\n", "text/event-stream")
	f.Add("data: {\"choices\":[],\"usage\":{\"prompt_tokens\":5,\"prompt_tokens_details\":{\"cached_tokens\":9}}}\n\n", "text/event-stream")
	f.Add(`{"choices":[{"message":{"content":"Whole."},"finish_reason":"stop"}]}`, "application/json")
	f.Fuzz(func(t *testing.T, body, contentType string) {
		res := &http.Response{Header: http.Header{"Content-Type": {contentType}}, Body: io.NopCloser(strings.NewReader(body))}
		var emitted strings.Builder
		out, _, err := read(res, func(s string) error { emitted.WriteString(s); return nil })
		if err == nil && out.Text != emitted.String() {
			t.Fatalf("text %q, emitted %q", out.Text, emitted.String())
		}
	})
}

// FuzzReadTool feeds the function-call decoder arbitrary answers: it must
// return an error, no call (nil), or the arguments as JSON text, never
// panic.
func FuzzReadTool(f *testing.F) {
	f.Add(`{"choices":[{"message":{"tool_calls":[{"function":{"name":"record_fold","arguments":"{\"summary\":\"x\"}"}}]}}],"usage":{"prompt_tokens":5}}`)
	f.Add(`{"choices":[{"message":{"tool_calls":[{"function":{"name":"record_fold","arguments":{"summary":"x"}}}]}}]}`)
	f.Add(`{"choices":[{"message":{"tool_calls":[{"function":{"name":"record_fold","arguments":"\"}}]}}]}`)
	f.Add(`{"choices":[{"message":{"content":"no tool"}}]}`)
	f.Add(`{"error":{"message":"x","type":"y"}}`)
	f.Fuzz(func(t *testing.T, body string) {
		args, _, _, err := readTool(strings.NewReader(body), "record_fold")
		if err != nil && args != nil {
			t.Fatalf("error %v with arguments %q", err, args)
		}
	})
}
