// Command standin serves the model stand-in (shared/narrator/standin) on
// one address until SIGINT or SIGTERM: an OpenAI-compatible and
// Bedrock-compatible model that narrates without a model, with faults on
// demand, for playing and testing the narrator on one machine. Its first
// line on stdout is its URL, the lines after it how to point the local
// server at it:
//
//	standin listening on http://127.0.0.1:9090
//
// For example, a session where 30% of narrations invent a number and 10%
// stall:
//
//	go run ./infra/local/standin -faults invent=0.3,stall=0.1 -seed 1
//
// The faults change while it runs (PUT /standin/faults with a fault list
// as the body), and GET /standin/requests shows every request it was sent.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"chronicler/infra/local/internal/httpserve"
	"chronicler/shared/narrator/standin"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			os.Exit(2)
		}
		fmt.Fprintln(os.Stderr, "standin:", err)
		os.Exit(1)
	}
}

// options are the command's flags.
type options struct {
	addr string
	cfg  standin.Config
}

func parse(args []string, stderr io.Writer) (options, error) {
	fs := flag.NewFlagSet("standin", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o options
	var faults string
	fs.StringVar(&o.addr, "addr", "127.0.0.1:9090", "address to listen on (port 0 picks a free one)")
	fs.StringVar(&faults, "faults", "", "faults and the share of calls each plays on, e.g. invent=0.3,stall=0.1, or invent@stream=0.3 for narrations only (@text: summaries, @json: structured answers); known: "+known())
	fs.Uint64Var(&o.cfg.Seed, "seed", 1, "seed of the faults' draws and of the wording: the same seed replays the same session")
	fs.DurationVar(&o.cfg.Stall, "stall", 90*time.Second, "how long stall and stall_mid wait before going on")
	fs.DurationVar(&o.cfg.Pace, "pace", 50*time.Millisecond, "pause before each piece of a stream")
	fs.IntVar(&o.cfg.ErrorAfter, "error-after", 1, "pieces a mid-stream fault lets through first (0: none)")
	fs.IntVar(&o.cfg.MinCacheTokens, "min-cache", 0, "shortest prefix the prompt cache keeps, in tokens (0: the model's minimum, -1: any)")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	rules, err := standin.ParseFaults(faults)
	if err != nil {
		return o, fmt.Errorf("-faults: %w", err)
	}
	o.cfg.Faults = rules
	// The flag counts pieces as people do; Config takes 0 for its
	// default and a negative value for none.
	if o.cfg.ErrorAfter <= 0 {
		o.cfg.ErrorAfter = -1
	}
	return o, nil
}

func known() string {
	var names []string
	for _, f := range standin.Faults() {
		names = append(names, string(f))
	}
	return strings.Join(names, ", ")
}

// run serves until ctx is done, then ends every stall and shuts down.
func run(ctx context.Context, args []string, stdout io.Writer) error {
	o, err := parse(args, os.Stderr)
	if err != nil {
		return err
	}
	model, err := standin.New(o.cfg)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", o.addr)
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	url := "http://" + ln.Addr().String()
	fmt.Fprintf(stdout, "standin listening on %s\n", url)
	fmt.Fprintf(stdout, "  openai:  CHRONICLER_NARRATOR=openai OPENAI_BASE_URL=%s/v1\n", url)
	fmt.Fprintf(stdout, "  bedrock: CHRONICLER_NARRATOR=bedrock BEDROCK_ENDPOINT=%s AWS_REGION=us-east-1 AWS_ACCESS_KEY_ID=standin AWS_SECRET_ACCESS_KEY=standin\n", url)
	fmt.Fprintf(stdout, "  faults:  %q, seed %d; PUT %s/standin/faults to change them, GET %s/standin/requests for the log\n",
		standin.FormatFaults(o.cfg.Faults), o.cfg.Seed, url, url)

	// Stalls end before shutdown, so it need not wait for them.
	return httpserve.UntilDone(ctx, ln, model, model.Close)
}
