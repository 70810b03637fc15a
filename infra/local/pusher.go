package main

import (
	"context"
	"errors"
	"sync/atomic"

	"chronicler/infra/local/gateway"
	"chronicler/shared/fault"
)

// gatewayPusher is the game's pusher on one machine: it hands messages to
// the gateway in this process, as API Gateway's @connections API would
// take them, with the same answers (a closed connection is NotFound, too
// much data TooLarge). The cloud's pusher (shared/push) signs and posts
// each message over HTTP; here that round trip to the server's own
// endpoint cost about a third of a turn's CPU, for nothing the gateway
// does not do the same in process. The endpoint stays served, for
// clients and tests that post to it.
//
// The gateway is built after the service (its routes call the service),
// so it is set once both exist; until then every connection is gone, as
// none can be open.
type gatewayPusher struct {
	gw atomic.Pointer[gateway.Gateway]
}

func (p *gatewayPusher) Send(_ context.Context, connectionID string, data []byte) error {
	if connectionID == "" {
		return fault.Field("push", "connection_id", "is empty")
	}
	gw := p.gw.Load()
	if gw == nil {
		return fault.E(fault.NotFound, "push", "connection gone")
	}
	switch err := gw.Post(connectionID, data); {
	case err == nil:
		return nil
	case errors.Is(err, gateway.ErrTooLarge):
		return fault.E(fault.TooLarge, "push", "message too large")
	default:
		return fault.E(fault.NotFound, "push", "connection gone")
	}
}

// Alive makes the pusher the sweep's prober, as the cloud's is.
func (p *gatewayPusher) Alive(_ context.Context, connectionID string) (bool, error) {
	gw := p.gw.Load()
	return gw != nil && gw.Alive(connectionID), nil
}
