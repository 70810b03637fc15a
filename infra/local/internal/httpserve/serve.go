// Package httpserve runs the local stand-ins' HTTP servers (infra/local/standin,
// infra/local/dynamodb) until their context is done.
package httpserve

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"
)

// UntilDone serves h on ln until ctx is done or serving fails, then shuts
// down gracefully, waiting up to 5 seconds for requests in flight. stop,
// when not nil, runs first, once ctx is done: for a handler to end what
// would otherwise hold shutdown up.
func UntilDone(ctx context.Context, ln net.Listener, h http.Handler, stop func()) error {
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case err := <-served:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	if stop != nil {
		stop()
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	if err := <-served; !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve: %w", err)
	}
	return nil
}
