// Package stack is Chronicler's cloud infrastructure as one CDK stack: the
// single DynamoDB table (defined once in shared/dynamo), one Go Lambda per
// folder in functions/, the WebSocket API (routed by events.Routes) and the
// HTTP API in front of them and the scheduled sweep. It lives outside
// package main so its tests, and anything else that needs the stack, can
// build it without running the app.
package stack
