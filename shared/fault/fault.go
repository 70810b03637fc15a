package fault

import (
	"errors"
	"fmt"
	"net/http"
)

// Kind is the stable class of a failure. Its string is the wire code.
type Kind string

// The kinds. Their strings are part of the wire contract (protocol.md).
const (
	Invalid      Kind = "invalid"
	Unauthorized Kind = "unauthorized"
	Forbidden    Kind = "forbidden"
	NotFound     Kind = "not_found"
	Conflict     Kind = "conflict"
	ReadOnly     Kind = "read_only"
	TooLarge     Kind = "too_large"
	RateLimited  Kind = "rate_limited"
	Unavailable  Kind = "unavailable"
	Internal     Kind = "internal"
)

// Error is a failure with a kind, the operation that failed, a message safe
// to show to a player and, optionally, the error underneath (never shown).
type Error struct {
	Kind  Kind
	Op    string // e.g. "join campaign"
	Field string // the input field at fault, for Invalid
	// Reason is why the rules refused an intent, for Invalid; "" for any
	// other failure.
	Reason  Reason
	Message string // safe for players
	Err     error  // the cause; for logs only
}

// text is the message as players read it: the field at fault and the
// refusal's reason before it, when there are.
func (e *Error) text() string {
	msg := e.Message
	if e.Reason != "" {
		msg = string(e.Reason) + ": " + msg
	}
	if e.Field != "" {
		msg = e.Field + ": " + msg
	}
	return msg
}

func (e *Error) Error() string {
	msg := e.text()
	switch {
	case e.Op != "" && e.Err != nil:
		return fmt.Sprintf("%s: %s: %v", e.Op, msg, e.Err)
	case e.Op != "":
		return e.Op + ": " + msg
	case e.Err != nil:
		return fmt.Sprintf("%s: %v", msg, e.Err)
	}
	return msg
}

func (e *Error) Unwrap() error { return e.Err }

// E builds an error of kind k for operation op with a player-safe message.
func E(k Kind, op, format string, args ...any) *Error {
	return &Error{Kind: k, Op: op, Message: fmt.Sprintf(format, args...)}
}

// Field builds an Invalid error naming the input field at fault.
func Field(op, field, format string, args ...any) *Error {
	return &Error{Kind: Invalid, Op: op, Field: field, Message: fmt.Sprintf(format, args...)}
}

// Wrap gives err a kind and an operation while keeping it as the cause.
// A *Error already inside err keeps its kind and message.
func Wrap(k Kind, op string, err error) error {
	if err == nil {
		return nil
	}
	var fe *Error
	if errors.As(err, &fe) {
		return &Error{Kind: fe.Kind, Op: op, Field: fe.Field, Reason: fe.Reason, Message: fe.Message, Err: err}
	}
	return &Error{Kind: k, Op: op, Message: string(k), Err: err}
}

// KindOf reports the kind of err: the outermost *Error's kind, Internal for
// any other non-nil error, "" for nil.
func KindOf(err error) Kind {
	if err == nil {
		return ""
	}
	var fe *Error
	if errors.As(err, &fe) {
		return fe.Kind
	}
	return Internal
}

// Is reports whether err is of kind k.
func Is(err error, k Kind) bool { return err != nil && KindOf(err) == k }

// Public returns the code and message a player may see: internal failures
// (and anything that is not a *Error) become "internal error" with no detail.
func Public(err error) (code Kind, message string) {
	var fe *Error
	if !errors.As(err, &fe) || fe.Kind == Internal {
		return Internal, "internal error"
	}
	if fe.Kind == Unavailable {
		return Unavailable, "service unavailable, try again"
	}
	return fe.Kind, fe.text()
}

// Status is the one table from kinds to HTTP statuses.
func Status(k Kind) int {
	switch k {
	case Invalid:
		return http.StatusBadRequest
	case Unauthorized:
		return http.StatusUnauthorized
	case Forbidden:
		return http.StatusForbidden
	case NotFound:
		return http.StatusNotFound
	case Conflict, ReadOnly:
		return http.StatusConflict
	case TooLarge:
		return http.StatusRequestEntityTooLarge
	case RateLimited:
		return http.StatusTooManyRequests
	case Unavailable:
		return http.StatusServiceUnavailable
	}
	return http.StatusInternalServerError
}

// Reason is why the rules refused an intent: the rules' vocabulary, which
// the wire carries as an error's reason.
type Reason string

// The rules' refusal reasons.
const (
	// InvalidArgs: the request itself is wrong (an unknown spell, skill or
	// weapon; a slot level the spell can't use).
	InvalidArgs Reason = "invalid_args"
	// NotYourTurn: someone else's turn in the encounter.
	NotYourTurn Reason = "not_your_turn"
	// ActorStateRestricted: the actor's state forbids it (down, stunned,
	// overloaded).
	ActorStateRestricted Reason = "actor_state_restricted"
	// OutOfRange: the target or place is out of reach.
	OutOfRange Reason = "out_of_range"
	// NoSlot: no spell slot of the level asked for is left.
	NoSlot Reason = "no_slot"
	// NotAllowed: well formed, but the situation forbids it.
	NotAllowed Reason = "not_allowed"
)

// Refuse builds the rules' refusal: an Invalid error naming the input
// field at fault (or none) and the reason.
func Refuse(op, field string, r Reason, format string, args ...any) *Error {
	return &Error{Kind: Invalid, Op: op, Field: field, Reason: r, Message: fmt.Sprintf(format, args...)}
}

// ReasonOf is the rules' refusal reason err carries, or "" when err is not
// a refusal.
func ReasonOf(err error) Reason {
	var fe *Error
	if !errors.As(err, &fe) || fe.Kind != Invalid {
		return ""
	}
	return fe.Reason
}

// Wire is an error as the HTTP API and the WebSocket carry it: protocol.md's
// code and message, and the refusal reason when the rules refused.
type Wire struct {
	Code    Kind   `json:"code"`
	Message string `json:"message"`
	Reason  string `json:"reason,omitempty"`
}

// ToWire is err as a player may see it (Public), with its Reason.
func ToWire(err error) Wire {
	code, msg := Public(err)
	w := Wire{Code: code, Message: msg}
	if code == Invalid {
		w.Reason = string(ReasonOf(err))
	}
	return w
}
