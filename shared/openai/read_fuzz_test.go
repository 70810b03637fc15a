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

// FuzzReadText feeds the whole-answer decoder of structured calls
// arbitrary bodies: it must return an error and no text, or the
// message's text, never panic.
func FuzzReadText(f *testing.F) {
	f.Add(`{"choices":[{"message":{"content":"{\"summary\":\"x\"}"}}],"usage":{"prompt_tokens":5}}`)
	f.Add(`{"choices":[{"message":{"content":null}}]}`)
	f.Add(`{"choices":[]}`)
	f.Add(`{"choices":[{"message":{"content":"{\"summary\":"}}]`)
	f.Add(`{"error":{"message":"x","type":"server_error"}}`)
	f.Fuzz(func(t *testing.T, body string) {
		text, _, _, err := readText(strings.NewReader(body))
		if err != nil && text != nil {
			t.Fatalf("error %v with text %q", err, text)
		}
	})
}
