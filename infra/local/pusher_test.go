package main

import (
	"context"
	"testing"

	"chronicler/infra/local/gateway"
	"chronicler/shared/fault"
)

// The in-process pusher answers with the kinds the game acts on, as the
// cloud's does: gone is NotFound (the player left), too much is TooLarge,
// and before the gateway exists every connection is gone.
func TestGatewayPusherKinds(t *testing.T) {
	ctx := context.Background()
	p := &gatewayPusher{}
	if err := p.Send(ctx, "c1", []byte("x")); !fault.Is(err, fault.NotFound) {
		t.Errorf("before the gateway: %v, want not_found", err)
	}
	if alive, err := p.Alive(ctx, "c1"); alive || err != nil {
		t.Errorf("Alive before the gateway = %v, %v", alive, err)
	}
	p.gw.Store(gateway.New(gateway.Config{}))
	if err := p.Send(ctx, "", []byte("x")); !fault.Is(err, fault.Invalid) {
		t.Errorf("no connection id: %v, want invalid", err)
	}
	if err := p.Send(ctx, "c1", []byte("x")); !fault.Is(err, fault.NotFound) {
		t.Errorf("an unknown connection: %v, want not_found", err)
	}
	if err := p.Send(ctx, "c1", make([]byte, 1<<20)); !fault.Is(err, fault.TooLarge) {
		t.Errorf("1 MB: %v, want too_large", err)
	}
}
