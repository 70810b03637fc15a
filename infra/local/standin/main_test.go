package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"chronicler/shared/assemble"
	"chronicler/shared/campaign"
	"chronicler/shared/narrator"
	"chronicler/shared/narrator/standin"
)

// guard bounds every wait in these tests; it is a failure guard, not a
// measurement.
const guard = 10 * time.Second

// serve runs the command with args on a free port and returns its URL,
// the lines it printed after the first, and a stop that cancels it and
// waits for it to return.
func serve(t *testing.T, args ...string) (url string, hints []string, stop func() error) {
	t.Helper()
	ctx, cancel := context.WithCancel(t.Context())
	r, w := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, append([]string{"-addr", "127.0.0.1:0"}, args...), w)
		w.Close()
	}()
	lines := bufio.NewScanner(r)
	for lines.Scan() {
		line := lines.Text()
		if u, ok := strings.CutPrefix(line, "standin listening on "); ok && url == "" {
			url = u
		} else {
			hints = append(hints, line)
		}
		if len(hints) == 3 {
			break
		}
	}
	if !strings.HasPrefix(url, "http://127.0.0.1:") {
		cancel()
		t.Fatalf("first line gave %q, want \"standin listening on http://127.0.0.1:<port>\"", url)
	}
	go io.Copy(io.Discard, r)
	var stopped bool
	stop = func() error {
		if stopped {
			return nil
		}
		stopped = true
		cancel()
		select {
		case err := <-done:
			return err
		case <-time.After(guard):
			t.Fatal("the command did not stop")
			return nil
		}
	}
	t.Cleanup(func() { stop() })
	return url, hints, stop
}

// env is the environment the hints print, as assemble reads it.
func env(hint string) map[string]string {
	vars := map[string]string{}
	for _, f := range strings.Fields(hint)[1:] {
		if k, v, ok := strings.Cut(f, "="); ok {
			vars[k] = v
		}
	}
	return vars
}

func request() narrator.Request {
	mira := campaign.Character{Name: "Mira", Race: "elf", Class: "wizard", Level: 3, HP: 14, MaxHP: 20, AC: 12}
	return narrator.Request{CampaignName: "The Sunken Crypt", Characters: []campaign.Character{mira}, Actor: mira,
		Action: "I search the room", RulesResult: "Investigation 14 against DC 12: success.", TurnID: "t1", Tier: narrator.High}
}

// TestTheLocalServerNarratesThroughIt: the environment the command prints
// is all assemble needs to build either narrator against it, as `make run`
// does, and the faults given on the command line play.
func TestTheLocalServerNarratesThroughIt(t *testing.T) {
	url, hints, stop := serve(t, "-faults", "refuse=1", "-seed", "3", "-pace", "0")
	if len(hints) != 3 || !strings.HasPrefix(strings.TrimSpace(hints[0]), "openai:") || !strings.HasPrefix(strings.TrimSpace(hints[1]), "bedrock:") ||
		!strings.Contains(hints[2], `"refuse=1", seed 3`) {
		t.Fatalf("hints %q", hints)
	}
	// The SDK reads AWS settings from the process's environment; none of
	// this machine's may leak in.
	dir := t.TempDir()
	t.Setenv("AWS_CONFIG_FILE", filepath.Join(dir, "config"))
	t.Setenv("AWS_SHARED_CREDENTIALS_FILE", filepath.Join(dir, "credentials"))
	t.Setenv("AWS_EC2_METADATA_DISABLED", "true")
	t.Setenv("AWS_PROFILE", "")
	for _, hint := range hints[:2] {
		vars := env(hint)
		for k, v := range vars {
			if strings.HasPrefix(k, "AWS_") {
				t.Setenv(k, v)
			}
		}
		n, err := assemble.Narrator(t.Context(), func(k string) string { return vars[k] }, 0)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(t.Context(), guard)
		got, err := n.Narrate(ctx, request(), func(string) error { return nil })
		cancel()
		if err != nil || got.Text != "I can't help with that." {
			t.Fatalf("%s narrated %q, %v; want the refusal the command was started with", n.Name(), got.Text, err)
		}
	}

	res, err := http.Get(url + "/standin/requests")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var log []standin.Request
	if err := json.NewDecoder(res.Body).Decode(&log); err != nil {
		t.Fatal(err)
	}
	if len(log) != 2 || log[0].API != "openai" || log[1].API != "bedrock" || log[1].Model != "global.anthropic.claude-sonnet-4-5-20250929-v1:0" ||
		log[0].Fault != standin.Refuse || !strings.Contains(log[1].Messages[0].Text, "I search the room") {
		t.Fatalf("log %+v", log)
	}
	if err := stop(); err != nil {
		t.Fatalf("run returned %v after cancel", err)
	}
}

// TestStopsUnderAStall: a stalled call does not hold the command up.
func TestStopsUnderAStall(t *testing.T) {
	url, _, stop := serve(t, "-faults", "stall", "-stall", "1h")
	go func() {
		res, err := http.Post(url+"/v1/chat/completions", "application/json",
			strings.NewReader(`{"messages":[{"role":"user","content":"Hello"}],"stream":true}`))
		if err == nil {
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
		}
	}()
	for deadline := time.Now().Add(guard); ; time.Sleep(5 * time.Millisecond) {
		res, err := http.Get(url + "/standin/requests")
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if strings.Contains(string(b), `"fault":"stall"`) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the call never arrived")
		}
	}
	// The stall lasts an hour: stopping must not wait for it. The guard
	// is far below the stall and far above any machine's slowness.
	stopped := make(chan error, 1)
	go func() { stopped <- stop() }()
	select {
	case err := <-stopped:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(2 * time.Minute):
		t.Fatal("stopping waits for the stall")
	}
}

func TestFlags(t *testing.T) {
	o, err := parse([]string{"-faults", "invent=0.3,stall=0.1", "-seed", "7", "-error-after", "0", "-stall", "2s"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if standin.FormatFaults(o.cfg.Faults) != "invent=0.3,stall=0.1" || o.cfg.Seed != 7 || o.cfg.ErrorAfter != -1 || o.cfg.Stall != 2*time.Second {
		t.Fatalf("options %+v", o)
	}
	for _, args := range [][]string{{"-faults", "lies=1"}, {"-faults", "invent=0.8,echo=0.8"}, {"extra"}, {"-seed", "x"}} {
		if _, err := parse(args, io.Discard); err == nil {
			t.Errorf("parse(%q) accepted", args)
		}
	}
}
