// Package push delivers server messages to WebSocket clients through API
// Gateway's @connections management API. It adapts the real
// apigatewaymanagementapi client, so the same code posts to API Gateway in the
// cloud and to the local gateway emulation (infra/local/gateway) on one
// machine; only the client's endpoint differs.
package push
