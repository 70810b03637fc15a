package standin_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"chronicler/shared/fault"
	"chronicler/shared/narrator"
	"chronicler/shared/narrator/standin"
)

// outcome is what an adapter made of a fault: how many requests it sent
// (more than one: it retried), whether it failed (always Unavailable),
// and what reached emit: nothing, the first piece only, or everything.
type outcome struct {
	requests int
	failed   bool
	emitted  string // "", "first" or "all"
}

// TestFaultsThroughAdapters plays every fault on every narration, with
// the mid-stream ones after the first piece (the default) or before any
// (ErrorAfter -1), and records what each real adapter does with it today:
// whether it retries, and what text reaches the caller. The adapters are
// not the stand-in's to fix: a row that changes here is a change of the
// adapters' behaviour, to be read as such.
func TestFaultsThroughAdapters(t *testing.T) {
	const timeout = 300 * time.Millisecond
	failedFirst := outcome{1, true, "first"}
	cases := []struct {
		fault      standin.Fault
		errorAfter int
		openai     outcome
		bedrock    outcome
		// check looks at the narration a fault let through.
		check func(t *testing.T, text string)
	}{
		{fault: standin.Invent, openai: outcome{1, false, "all"}, bedrock: outcome{1, false, "all"}, check: func(t *testing.T, text string) {
			if vs := narrator.Guard(text, grounds(fight())); !slices.Contains(vs, narrator.InventedNumber) {
				t.Errorf("the guard finds %v in %q, want an invented number", vs, text)
			}
		}},
		{fault: standin.Echo, openai: outcome{1, false, "all"}, bedrock: outcome{1, false, "all"}, check: func(t *testing.T, text string) {
			if !strings.Contains(text, secret) {
				t.Errorf("the echo %q does not carry the world's secret", text)
			}
		}},
		{fault: standin.Stall, openai: outcome{1, true, ""}, bedrock: outcome{1, true, ""}},
		{fault: standin.StallMid, openai: failedFirst, bedrock: failedFirst},
		{fault: standin.Cut, openai: failedFirst, bedrock: failedFirst},
		{fault: standin.Cut, errorAfter: -1, openai: outcome{3, true, ""}, bedrock: outcome{3, true, ""}},
		{fault: standin.StreamError, openai: failedFirst, bedrock: failedFirst},
		// Both adapters retry a stream error before any text, as Bedrock
		// documents for modelStreamErrorException and OpenAI for a
		// server error.
		{fault: standin.StreamError, errorAfter: -1, openai: outcome{3, true, ""}, bedrock: outcome{3, true, ""}},
		{fault: standin.StreamThrottle, openai: failedFirst, bedrock: failedFirst},
		// And a rate limit in the stream before any text: Bedrock's
		// throttlingException, OpenAI's rate_limit_error event.
		{fault: standin.StreamThrottle, errorAfter: -1, openai: outcome{3, true, ""}, bedrock: outcome{3, true, ""}},
		{fault: standin.Throttle, openai: outcome{3, true, ""}, bedrock: outcome{3, true, ""}},
		{fault: standin.Unavailable, openai: outcome{3, true, ""}, bedrock: outcome{3, true, ""}},
		{fault: standin.Internal, openai: outcome{3, true, ""}, bedrock: outcome{3, true, ""}},
		{fault: standin.Denied, openai: outcome{1, true, ""}, bedrock: outcome{1, true, ""}},
		{fault: standin.Missing, openai: outcome{1, true, ""}, bedrock: outcome{1, true, ""}},
		{fault: standin.Malformed, openai: failedFirst, bedrock: failedFirst},
		{fault: standin.Malformed, errorAfter: -1, openai: outcome{1, true, ""}, bedrock: outcome{1, true, ""}},
		{fault: standin.Markup, openai: outcome{1, false, "all"}, bedrock: outcome{1, false, "all"}, check: func(t *testing.T, text string) {
			if vs := narrator.Guard(text, grounds(fight())); !slices.Contains(vs, narrator.Markup) {
				t.Errorf("the guard finds %v in %q, want markup", vs, text)
			}
		}},
		{fault: standin.Refuse, openai: outcome{1, false, "all"}, bedrock: outcome{1, false, "all"}, check: func(t *testing.T, text string) {
			if text != "I can't help with that." {
				t.Errorf("text %q, want the refusal", text)
			}
		}},
	}
	for _, a := range adapters {
		// The narration as the stand-in tells it without a fault, to
		// compare what a fault let through with.
		clean, _, err := narrate(t, a.connect(start(t, standin.Config{Seed: 1}), settings{}), fight())
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cases {
			name := a.name + "/" + string(c.fault)
			if c.errorAfter < 0 {
				name += "BeforeAnyText"
			}
			t.Run(name, func(t *testing.T) {
				want := c.openai
				if a.name == "bedrock" {
					want = c.bedrock
				}
				sv := start(t, standin.Config{Seed: 1, Faults: []standin.Rule{{Fault: c.fault, Rate: 1}}, Stall: time.Hour, ErrorAfter: c.errorAfter})
				began := time.Now()
				got, emitted, err := narrate(t, a.connect(sv, settings{timeout: timeout}), fight())
				took := time.Since(began)

				reqs := sv.Requests()
				if len(reqs) != want.requests {
					t.Errorf("%d requests, want %d", len(reqs), want.requests)
				}
				for _, r := range reqs {
					if r.Fault != c.fault {
						t.Errorf("request %d played %q, want %q", r.Seq, r.Fault, c.fault)
					}
				}
				if want.failed {
					if !fault.Is(err, fault.Unavailable) || errors.Is(err, context.DeadlineExceeded) {
						t.Errorf("err = %v, want unavailable", err)
					}
				} else if err != nil {
					t.Fatalf("err = %v, want a narration", err)
				}
				if (c.fault == standin.Stall || c.fault == standin.StallMid) && took < timeout {
					t.Errorf("gave up after %v, before the adapter's timeout of %v", took, timeout)
				}
				switch first := standin.Pieces(clean.Text)[0]; want.emitted {
				case "":
					if emitted.Text() != "" {
						t.Errorf("emitted %q, want nothing", emitted.Got())
					}
				case "first":
					if emitted.Text() != first {
						t.Errorf("emitted %q, want only the first piece %q", emitted.Got(), first)
					}
				case "all":
					if len(emitted.Got()) < 2 || emitted.Text() != got.Text {
						t.Errorf("emitted %q, text %q: want the narration streamed", emitted.Got(), got.Text)
					}
					if c.check != nil {
						c.check(t, got.Text)
					}
				}
			})
		}
	}
}

// TestStructuredFaultsThroughAdapters plays faults on a record_fold
// call: the adapters refuse every answer a fault broke (a fact not in the
// turns, the prompt or a refusal in prose, an object cut off) as
// Invalid, still reporting what the call cost; an object wrapped in a
// code fence and sentences is taken; a failed call is Unavailable.
func TestStructuredFaultsThroughAdapters(t *testing.T) {
	cases := []struct {
		fault             standin.Fault
		openai, bedrock   fault.Kind // "" for an answer taken
		openaiR, bedrockR int        // requests sent
	}{
		{standin.Invent, fault.Invalid, fault.Invalid, 1, 1},
		{standin.Echo, fault.Invalid, fault.Invalid, 1, 1},
		{standin.Markup, "", "", 1, 1},
		{standin.Refuse, fault.Invalid, fault.Invalid, 1, 1},
		{standin.Malformed, fault.Invalid, fault.Invalid, 1, 1},
		// A body cut short: the OpenAI adapter retries (unexpected EOF);
		// the Bedrock adapter does not, since the SDK's error carries the
		// answer's status, 200, which its retryable reads first.
		{standin.Cut, fault.Unavailable, fault.Unavailable, 3, 1},
		// An error object in a 200 answer: the OpenAI adapter retries a
		// server error, as it does a summary's.
		{standin.StreamError, fault.Unavailable, fault.Unavailable, 3, 1},
		{standin.Throttle, fault.Unavailable, fault.Unavailable, 3, 3},
	}
	for _, a := range adapters {
		for _, c := range cases {
			t.Run(a.name+"/"+string(c.fault), func(t *testing.T) {
				want, requests := c.openai, c.openaiR
				if a.name == "bedrock" {
					want, requests = c.bedrock, c.bedrockR
				}
				sv := start(t, standin.Config{Seed: 1, Faults: []standin.Rule{{Fault: c.fault, Rate: 1}}})
				got, err := a.connect(sv, settings{}).Fold(context.Background(), foldReq())
				if want == "" {
					if err != nil || got.Summary == "" || len(got.Turns) != 1 || !strings.Contains(sv.Requests()[0].Text, "That is everything") {
						t.Fatalf("fold %+v, err %v, answered %q; want the wrapped object taken", got.Fold, err, sv.Requests()[0].Text)
					}
					return
				}
				if !fault.Is(err, want) || got.Summary != "" || len(got.Turns) != 0 {
					t.Fatalf("fold %+v, err %v; want nothing and %s", got.Fold, err, want)
				}
				if n := len(sv.Requests()); n != requests {
					t.Fatalf("%d requests, want %d", n, requests)
				}
				if want == fault.Invalid && (got.Usage.Input == 0 || got.Usage != usageOf(sv.Requests()[0].Usage)) {
					t.Fatalf("usage %+v, want what the stand-in reported, %+v", got.Usage, sv.Requests()[0].Usage)
				}
			})
		}
	}
}

func usageOf(u standin.Usage) narrator.Usage {
	return narrator.Usage{Input: u.Input, Output: u.Output, CacheRead: u.CacheRead, CacheWrite: u.CacheWrite, CacheWriteHour: u.CacheWriteHour}
}
