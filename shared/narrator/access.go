package narrator

import "errors"

// AccessError is a provider's refusal that no retry mends: the account may
// not call the model (access not granted, the provider's first-time-use
// form not sent, the Marketplace subscription refused) or the model does
// not exist where it is called. The turn is told by the offline narrator,
// marked degraded; Reason says why and what to do, in words an operator
// (or a campaign's owner) can act on.
type AccessError struct {
	Code   string // the provider's error code (AccessDeniedException, ...)
	Reason string
	Err    error
}

func (e *AccessError) Error() string { return e.Reason + " (" + e.Code + ")" }
func (e *AccessError) Unwrap() error { return e.Err }

// ReasonOf is the reason of the AccessError in err's chain, or "" when the
// failure was of another kind (a timeout, a throttle, a server error).
func ReasonOf(err error) string {
	var a *AccessError
	if errors.As(err, &a) {
		return a.Reason
	}
	return ""
}
