package narrator

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"chronicler/shared/fault"
)

// EmitError carries an error of the caller's emit through a provider's
// retry loop, so it is returned as it is and never retried.
type EmitError struct{ Err error }

func (e *EmitError) Error() string { return e.Err.Error() }
func (e *EmitError) Unwrap() error { return e.Err }

// Retry is a provider adapter's retry policy: up to Retries more attempts
// with exponential, jittered backoff from Backoff, while Retryable says the
// failure may pass and the call's deadline leaves time to wait. Wait, when
// set, can lengthen a wait (a server's Retry-After).
type Retry struct {
	Retries   int
	Backoff   time.Duration
	Retryable func(error) bool
	Wait      func(err error, backoff time.Duration) time.Duration
}

// Do runs call until it succeeds, fails for good, has emitted narration
// (a retry would repeat it to the table), or runs out of retries or time.
// ctx bounds the call; parent is the caller's context, to tell their
// cancellation from the adapter's own timeout. Failures are Unavailable.
func (r Retry) Do(ctx, parent context.Context, op string, call func() (emitted bool, err error)) error {
	for attempt := 0; ; attempt++ {
		emitted, err := call()
		if err == nil {
			return nil
		}
		var ee *EmitError
		if errors.As(err, &ee) {
			return ee.Err
		}
		if !r.Retryable(err) {
			return Unavailable(op, parent, permanentError{err})
		}
		if emitted || attempt >= r.Retries {
			return Unavailable(op, parent, err)
		}
		wait := r.Backoff << attempt
		wait += rand.N(wait/2 + 1)
		if r.Wait != nil {
			wait = r.Wait(err, wait)
		}
		if dl, ok := ctx.Deadline(); ok && time.Until(dl) < wait {
			return Unavailable(op, parent, err)
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return Unavailable(op, parent, err)
		case <-t.C:
		}
	}
}

// Unavailable is a provider failure as the turn sees it: the caller falls
// back to the offline narrator. Only the caller's own cancellation keeps
// context.Canceled or DeadlineExceeded in the chain; the adapter's timeout
// does not, so it is not mistaken for the caller giving up.
func Unavailable(op string, parent context.Context, err error) error {
	if perr := parent.Err(); perr != nil {
		return &fault.Error{Kind: fault.Unavailable, Op: op, Message: "cancelled", Err: fmt.Errorf("%w: %v", perr, err)}
	}
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		err = fmt.Errorf("timed out: %s", err.Error())
	}
	return &fault.Error{Kind: fault.Unavailable, Op: op, Message: "the narrator is unavailable", Err: err}
}

// permanentError marks a failure another call would meet again.
type permanentError struct{ error }

func (e permanentError) Unwrap() error { return e.error }

// Permanent reports a narrator failure that another call would meet
// again (access refused, no such model, a request the provider rejects):
// the caller falls back at once rather than ask again.
func Permanent(err error) bool {
	var p permanentError
	return errors.As(err, &p)
}
