// Package cloud wires Chronicler's adapters from a Lambda's environment:
// the DynamoDB store, the connection pusher and the token signer, built once
// at init and shared by every invocation. Each functions/<name>/main.go
// calls it and hands the service to its handler.
package cloud
