// Package openai is the narrator on any OpenAI-compatible chat-completions
// endpoint (llama.cpp's server, Ollama, vLLM, hosted services): it
// implements narrator.Narrator over plain HTTP, streaming narration as
// server-sent events, asking for summaries without streaming, and for a
// turn's facts and term definitions through function calling. It is the
// narrator for one machine without AWS credentials.
package openai
