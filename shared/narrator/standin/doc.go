// Package standin is a model stand-in for tests and for playing on one
// machine without a model: an HTTP server that speaks the OpenAI
// chat-completions API (streamed and whole, with tool calls) and the
// Bedrock Runtime API as the aws-sdk-go-v2 client calls it (ConverseStream
// in the event-stream framing, Converse with tool use). By default it
// narrates plausible prose from the prompt, answers record_fold,
// read_intent and define_terms with arguments built from the request, and
// reports usage, cache included; on demand it misbehaves (Fault) at a rate,
// repeatably from a seed, and it keeps every request it was sent, so a test
// can assert what the narrator was told and how the adapters met each
// fault. It imports only the standard library and the event-stream
// encoder, so any test can start one.
package standin
