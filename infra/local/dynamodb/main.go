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
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"syscall"

	"chronicler/infra/local/internal/httpserve"
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
	fmt.Fprintf(stdout, "dynamodb listening on http://%s\n", ln.Addr())
	return httpserve.UntilDone(ctx, ln, dynamotest.New(), nil)
}
