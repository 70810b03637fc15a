// Package standin is a model stand-in for tests and for playing on one
// machine without a model: an HTTP server that speaks the OpenAI
// chat-completions API (streamed and whole, JSON mode included) and the
// Bedrock Runtime API as the aws-sdk-go-v2 client calls it (ConverseStream
// in the event-stream framing, Converse with a prefilled answer). By
// default it narrates plausible prose from the prompt, answers a prompt
// that asks for a record_fold, read_intent or define_terms object with
// one built from the request (going on from a prefill as a model does), and
// reports usage, cache included; on demand it misbehaves (Fault) at a rate,
// repeatably from a seed, and it keeps every request it was sent, so a test
// can assert what the narrator was told and how the adapters met each
// fault. It imports only the standard library and the event-stream
// encoder, so any test can start one.
package standin
