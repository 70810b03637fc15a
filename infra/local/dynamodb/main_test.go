package main

import (
	"bufio"
	"context"
	"flag"
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"chronicler/shared/campaign"
	"chronicler/shared/dynamo"
	"chronicler/shared/dynamo/dynamotest"
	"chronicler/shared/fault"
	"chronicler/shared/game"
)

// TestMain runs main itself when the test binary is started as the
// command (see TestProcessStopsOnSIGTERM).
func TestMain(m *testing.M) {
	if os.Getenv("CHRONICLER_DYNAMODB_MAIN") == "1" {
		os.Args = append(os.Args[:1], strings.Fields(os.Getenv("CHRONICLER_DYNAMODB_ARGS"))...)
		flag.CommandLine = flag.NewFlagSet(os.Args[0], flag.ExitOnError)
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// firstLine reads the URL from the "listening" line.
func firstLine(t *testing.T, r io.Reader) string {
	t.Helper()
	line, err := bufio.NewReader(r).ReadString('\n')
	if err != nil {
		t.Fatalf("read the first line: %v", err)
	}
	url, ok := strings.CutPrefix(strings.TrimSpace(line), "dynamodb listening on ")
	if !ok || !strings.HasPrefix(url, "http://127.0.0.1:") {
		t.Fatalf("first line %q, want \"dynamodb listening on http://127.0.0.1:<port>\"", line)
	}
	return url
}

func TestServesTheStoreUntilCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	r, w := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- run(ctx, "127.0.0.1:0", w) }()
	url := firstLine(t, r)

	db := dynamotest.Client(url)
	if err := dynamo.EnsureTable(t.Context(), db, "chronicler"); err != nil {
		t.Fatalf("ensure table: %v", err)
	}
	s := dynamo.New(db, "chronicler")
	c := campaign.Campaign{ID: "camp-a", Name: "A", Status: campaign.Active, OwnerID: "p1"}
	if err := s.Commit(t.Context(), game.Tx{CampaignID: c.ID, Campaign: &c}); err != nil {
		t.Fatalf("commit: %v", err)
	}
	if got, err := s.Campaign(t.Context(), c.ID); err != nil || got.Name != "A" || got.Version != 1 {
		t.Fatalf("campaign: %+v, %v", got, err)
	}
	if _, err := s.Campaign(t.Context(), "camp-b"); !fault.Is(err, fault.NotFound) {
		t.Fatalf("unknown campaign: %v, want NotFound", err)
	}

	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("run: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("run did not return after cancel")
	}
}

func TestProcessStopsOnSIGTERM(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "CHRONICLER_DYNAMODB_MAIN=1", "CHRONICLER_DYNAMODB_ARGS=-addr 127.0.0.1:0")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	url := firstLine(t, out)
	if err := dynamo.EnsureTable(t.Context(), dynamotest.Client(url), "chronicler"); err != nil {
		t.Errorf("ensure table: %v", err)
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	select {
	case err := <-exited:
		if err != nil {
			t.Fatalf("exit after SIGTERM: %v", err)
		}
	case <-time.After(10 * time.Second):
		_ = cmd.Process.Kill()
		t.Fatal("still running 10 s after SIGTERM")
	}
}
