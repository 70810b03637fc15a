package narrator

import (
	"context"
	"errors"
	"strings"
	"time"
)

// Table is where a told narration goes: every player of the turn's table.
type Table interface {
	// Show pushes narration that passed the guard. An error ends the
	// telling and is returned as it is.
	Show(text string) error
	// Slow says the narrator is slow (SlowFirstText, SlowStall): the call
	// went quiet and is being replaced. An error ends the telling.
	Slow(reason string) error
}

// The reasons the narrator is slow.
const (
	// SlowFirstText: no text came within Teller.FirstText.
	SlowFirstText = "first_text"
	// SlowStall: the stream stopped for Teller.Stall, or showed nothing
	// new for Teller.Quiet.
	SlowStall = "stall"
)

// Teller tells a turn so that nothing unchecked reaches the table: each
// sentence of the stream is held until it is whole, checked by the guard
// and shown only if it passes. A sentence that breaks the contract stops
// the call; the turn is asked again, told why, and goes on from what was
// shown; on that retry a breaking sentence is cut and the rest goes on. A
// call that fails or goes quiet (no text within FirstText, none for
// Stall, nothing shown for Quiet) is given up, the table is told the
// narrator is slow, and one more call goes on from what was shown; after
// that the offline narrator finishes the turn after the shown sentences.
// Zero durations take the defaults; with them no table waits more than
// about 10 s between its turn and a visible outcome.
type Teller struct {
	FirstText time.Duration // default 5 s
	Stall     time.Duration // default 4 s
	Quiet     time.Duration // default 8 s
	// Calls bounds the model calls of a turn; default 3.
	Calls int
	// Finish tells what the model could not: default Offline{}.
	Finish Narrator
}

func (t Teller) withDefaults() Teller {
	if t.FirstText <= 0 {
		t.FirstText = 5 * time.Second
	}
	if t.Stall <= 0 {
		t.Stall = 4 * time.Second
	}
	if t.Quiet <= 0 {
		t.Quiet = 8 * time.Second
	}
	if t.Calls <= 0 {
		t.Calls = 3
	}
	if t.Finish == nil {
		t.Finish = Offline{}
	}
	return t
}

// Told is a told narration: Text is exactly what the table was shown,
// Degraded that the offline narrator told some or all of it.
type Told struct {
	Narration
	// Violations are the breaches the guard found, in order; those of a
	// retry read "retry: <violation>".
	Violations []string
	// Correction is what the retry was told.
	Correction string
	// Calls counts the model calls; Slow says the table was told the
	// narrator was slow; Failures are the calls' errors, for the log.
	Calls    int
	Slow     bool
	Failures []error
}

// attempt is how one call ended.
type attempt struct {
	narr    Narration
	err     error
	quiet   string // SlowFirstText or SlowStall: given up for silence
	call    *call
	stopped bool // stopped at a breach
}

// Tell tells req's turn with n through the gate (see Teller). The error is
// the table's, or the caller's cancellation; every failure of the
// narrator is met by a fallback.
func (t Teller) Tell(ctx context.Context, n Narrator, req Request, grounds Grounds, table Table) (Told, error) {
	t = t.withDefaults()
	g := newGate(grounds.Checker(), table)
	var out Told
	retried, finished := false, false
	calls := t.Calls
	for out.Calls < calls {
		r := req
		r.Told = strings.TrimSpace(g.text())
		if retried {
			r.Correction = out.Correction
		}
		a := t.attempt(ctx, n, r, g, retried)
		out.Calls++
		out.Usage = out.Usage.Add(a.narr.Usage)
		if a.narr.Usage == (Usage{}) && a.call.received > 0 {
			// A call given up or stopped reports no usage, yet the model
			// read the prompt and wrote what came: count them as estimated.
			out.Usage = out.Usage.Add(Usage{Input: promptTokens(r), Output: a.call.received})
		}
		if a.narr.Model != "" {
			out.Model = a.narr.Model
		}
		if len(a.narr.Suggestions) > 0 {
			out.Suggestions = a.narr.Suggestions
		}
		for _, v := range a.call.violations {
			if retried {
				out.Violations = append(out.Violations, "retry: "+string(v))
			} else {
				out.Violations = append(out.Violations, string(v))
			}
		}
		if a.call.err != nil {
			return out, a.call.err
		}
		if ctx.Err() != nil {
			return out, ctx.Err()
		}
		switch {
		case a.err == nil:
			finished = true
		case a.stopped && !retried:
			retried = true
			out.Correction = Correction(a.call.violations)
			continue
		case a.quiet != "":
			if !out.Slow {
				out.Slow = true
				if err := g.slow(a.quiet); err != nil {
					return out, err
				}
			}
			out.Failures = append(out.Failures, errors.New("narrator quiet: "+a.quiet))
			calls = min(calls, out.Calls+1) // one more call at most, then the fallback
			continue
		default:
			out.Failures = append(out.Failures, a.err)
			if Permanent(a.err) {
				calls = out.Calls
			}
			continue
		}
		break
	}
	if strings.TrimSpace(g.text()) == "" {
		finished = false // nothing passed the guard: the offline narrator tells it
	}
	if !finished {
		// The offline narrator finishes the turn after what was shown.
		r := req
		r.Told = strings.TrimSpace(g.text())
		c := g.call(true)
		fin, err := t.Finish.Narrate(ctx, r, c.add)
		if err != nil && c.err == nil && ctx.Err() == nil {
			out.Failures = append(out.Failures, err)
		}
		if len(out.Suggestions) == 0 {
			out.Suggestions = fin.Suggestions
		}
		if c.err == nil {
			c.end()
		}
		if c.err != nil {
			return out, c.err
		}
		if ctx.Err() != nil {
			return out, ctx.Err()
		}
		out.Degraded = true
	}
	// Nothing passed: the rules result, in the engine's own words, or,
	// when it is empty or names a line, a plain line.
	for _, plain := range []string{strings.TrimSpace(req.RulesResult), "The moment passes."} {
		if strings.TrimSpace(g.text()) != "" {
			break
		}
		if plain == "" {
			continue
		}
		c := g.call(true)
		c.add(plain)
		c.end()
		if c.err != nil {
			return out, c.err
		}
		out.Degraded = true
	}
	out.Text = strings.TrimSpace(g.text())
	return out, nil
}

// attempt runs one call through the gate, giving it up when it goes
// quiet.
func (t Teller) attempt(ctx context.Context, n Narrator, req Request, g *gate, cut bool) attempt {
	actx, cancel := context.WithCancel(ctx)
	defer cancel()
	c := g.call(cut)
	pieces := make(chan struct{}, 1)
	done := make(chan attempt, 1)
	go func() {
		narr, err := n.Narrate(actx, req, func(p string) error {
			select {
			case pieces <- struct{}{}:
			default:
			}
			return c.add(p)
		})
		done <- attempt{narr: narr, err: err}
	}()
	// Drain a notice of an earlier call's sentence.
	select {
	case <-g.notify:
	default:
	}
	silence := time.NewTimer(t.FirstText)
	defer silence.Stop()
	quiet := time.NewTimer(t.Quiet)
	defer quiet.Stop()
	reason := SlowFirstText
	for {
		select {
		case a := <-done:
			a.call = c
			if a.err == nil {
				a.err = c.end()
			} else {
				c.close() // an unfinished sentence is never shown
			}
			if errors.Is(a.err, errBreach) || c.broken {
				a.stopped, a.err = true, errBreach
			}
			return a
		case <-pieces:
			silence.Reset(t.Stall)
			reason = SlowStall
		case <-g.notify:
			quiet.Reset(t.Quiet)
		case <-silence.C:
			c.close()
			return attempt{err: errClosed, quiet: reason, call: c}
		case <-quiet.C:
			c.close()
			return attempt{err: errClosed, quiet: SlowStall, call: c}
		case <-ctx.Done():
			c.close()
			return attempt{err: ctx.Err(), call: c}
		}
	}
}

// promptTokens estimates the tokens of req's prompt.
func promptTokens(req Request) int {
	n := 0
	for _, b := range Blocks(req) {
		n += EstimateTokens(b.Text)
	}
	return n
}
