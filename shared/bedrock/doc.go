// Package bedrock is the narrator on Amazon Bedrock: it implements
// narrator.Narrator with the Converse API, streaming narration through
// ConverseStream with a one-hour prompt-cache point after the stable part
// of the prompt, and asking the low tier, with Converse, for rolling
// summaries and, as one JSON object in text (its answer started with "{"),
// for the action a player's words take, a fold's chapter and facts, and
// the definitions of coined terms. It adapts the real bedrockruntime client, so the same
// code talks to AWS and, in tests, to a local server speaking Bedrock's
// wire format.
package bedrock
