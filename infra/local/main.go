// Command local runs Chronicler on one machine: the same handlers as the
// cloud's Lambdas behind an emulated API Gateway (WebSocket routes, the
// @connections management API and the HTTP API), an embedded SQLite store
// (or any DynamoDB-compatible endpoint), the offline narrator and the web
// client, all in one process.
//
//	go run ./infra/local -addr 127.0.0.1:8080 -data ./data
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout, os.Getenv); err != nil && !errors.Is(err, context.Canceled) {
		fmt.Fprintln(os.Stderr, "chronicler:", err)
		os.Exit(1)
	}
}

// run parses flags, starts the server and blocks until ctx ends.
func run(ctx context.Context, args []string, stdout io.Writer, getenv func(string) string) error {
	cfg, err := parseConfig(args, getenv)
	if err != nil {
		return err
	}
	srv, err := newServer(ctx, cfg)
	if err != nil {
		return err
	}
	return srv.serve(ctx, stdout)
}
