// Package assemble is Chronicler's one composition root: it builds the
// use cases (game.Service) and what they need (token signer, narrator,
// prices, identity provider) from one Config, for the cloud's Lambdas
// (FromEnv: DynamoDB, API Gateway's @connections, Step Functions) and for
// the local server, which passes its own store, pusher and state machine.
// Step and Sweep are the two handlers that are no WebSocket or HTTP route.
package assemble
