// Command dynamodb serves a DynamoDB-compatible API from memory (minidyn,
// through shared/dynamo/dynamotest) on one address until SIGINT or SIGTERM:
// the DynamoDB in a separate process that the local server's
// `-store dynamodb` mode and the end-to-end tests talk to through the real
// SDK. Its first line on stdout is the URL to use as DYNAMODB_ENDPOINT:
//
//	dynamodb listening on http://127.0.0.1:8000
//
// With -addr 127.0.0.1:0 it picks a free port and prints it. Data lives in
// memory only and every transaction copies the whole table, so it is for
// tests and short sessions, not for keeping campaigns (see
// docs/dependencies.md).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"chronicler/shared/dynamo/dynamotest"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8000", "address to listen on (port 0 picks a free one)")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, *addr, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "dynamodb:", err)
		os.Exit(1)
	}
}

// run serves on addr until ctx is done, then shuts down gracefully.
func run(ctx context.Context, addr string, stdout io.Writer) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	srv := &http.Server{Handler: dynamotest.New(), ReadHeaderTimeout: 10 * time.Second}
	fmt.Fprintf(stdout, "dynamodb listening on http://%s\n", ln.Addr())

	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case err := <-served:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
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
