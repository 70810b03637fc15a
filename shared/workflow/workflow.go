package workflow

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"time"

	"chronicler/shared/fault"
)

//go:embed reaction.asl.json
var definition string

// Definition is the reaction window's ASL (JSONPath), with ${Name}
// placeholders for DefinitionSubstitutions.
func Definition() string { return definition }

// The placeholders of Definition: the ARNs of the two Lambda functions.
const (
	// RollFunctionArn prompts a roll (action "prompt", with a token) and
	// rolls for a player who did not (action "auto").
	RollFunctionArn = "RollFunctionArn"
	// WindowFunctionArn opens a reaction round (action "open", with a
	// token) and closes a window nobody answered (action "close").
	WindowFunctionArn = "WindowFunctionArn"
)

var placeholderRE = regexp.MustCompile(`\$\{([A-Za-z0-9_]+)\}`)

// Placeholders lists the placeholder names def uses, sorted.
func Placeholders(def string) []string {
	var names []string
	for _, m := range placeholderRE.FindAllStringSubmatch(def, -1) {
		names = append(names, m[1])
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// Substitute replaces every ${Name} in def with subs[Name], as
// CloudFormation does with DefinitionSubstitutions, for the local
// interpreter. It is an Invalid error if a placeholder has no value, a value
// is not used (a misspelt name), a value would break the JSON string it
// lands in, or the result is not JSON.
func Substitute(def string, subs map[string]string) (string, error) {
	const op = "substitute workflow definition"
	used := Placeholders(def)
	for _, name := range used {
		v, ok := subs[name]
		if !ok {
			return "", fault.E(fault.Invalid, op, "placeholder ${%s} has no value", name)
		}
		if v == "" || strings.ContainsAny(v, "\"\\") || strings.ContainsFunc(v, func(r rune) bool { return r < 0x20 }) {
			return "", fault.E(fault.Invalid, op, "the value of %s must be non-empty, without quotes, backslashes or control characters", name)
		}
	}
	for name := range subs {
		if !slices.Contains(used, name) {
			return "", fault.E(fault.Invalid, op, "%s is not a placeholder of the definition", name)
		}
	}
	out := placeholderRE.ReplaceAllStringFunc(def, func(m string) string {
		return subs[m[2:len(m)-1]]
	})
	if !json.Valid([]byte(out)) {
		return "", fault.E(fault.Invalid, op, "the substituted definition is not JSON")
	}
	return out, nil
}

// Input starts one reaction flow.
type Input struct {
	// Name is the execution name, e.g. the turn id (1 to 80 of A-Z a-z 0-9
	// - _). Starting the same name with the same input again is a no-op
	// that returns the same execution, so a retried Lambda starts one flow.
	Name          string
	Turn          json.RawMessage // handed to every function untouched
	RollTimeout   time.Duration   // how long the player has to roll before AutoRoll; whole seconds
	WindowTimeout time.Duration   // how long each reaction round stays open; whole seconds
	// Start is where the flow begins: a roll prompt ({Next: NextRoll}, the
	// zero value's meaning) or a window on a roll already made
	// ({Next: NextWindow}).
	Start Outcome
}

// executionInput is the execution input the definition reads.
type executionInput struct {
	Turn                 json.RawMessage `json:"turn"`
	RollTimeoutSeconds   int64           `json:"rollTimeoutSeconds"`
	WindowTimeoutSeconds int64           `json:"windowTimeoutSeconds"`
	Outcome              Outcome         `json:"outcome"`
}

// Encode checks in and returns the execution input the definition reads
// (everything but Name, which names the execution). op names the
// operation in the error. Errors: Invalid for a bad Input.
func (in Input) Encode(op string) ([]byte, error) {
	for _, d := range []struct {
		field string
		v     time.Duration
	}{{"rollTimeout", in.RollTimeout}, {"windowTimeout", in.WindowTimeout}} {
		if d.v < time.Second || d.v%time.Second != 0 || d.v > 24*time.Hour {
			return nil, fault.Field(op, d.field, "must be whole seconds from 1s to 24h")
		}
	}
	if len(in.Turn) == 0 || !json.Valid(in.Turn) {
		return nil, fault.Field(op, "turn", "must be JSON")
	}
	start := in.Start
	if start.Next == "" {
		start.Next = NextRoll
	}
	if err := start.Validate(op); err != nil {
		return nil, err
	}
	if start.Next == NextDone {
		return nil, fault.Field(op, "start", "a flow cannot start done")
	}
	body, err := json.Marshal(executionInput{
		Turn:                 in.Turn,
		RollTimeoutSeconds:   int64(in.RollTimeout / time.Second),
		WindowTimeoutSeconds: int64(in.WindowTimeout / time.Second),
		Outcome:              start,
	})
	if err != nil {
		return nil, fault.Wrap(fault.Internal, op, err)
	}
	return body, nil
}

// Next is where the machine goes after a step.
type Next string

// The routes an Outcome may take.
const (
	NextRoll   Next = "roll"   // prompt another roll
	NextWindow Next = "window" // open a reaction round (after CloseWindow: not allowed)
	NextDone   Next = "done"   // the turn's mechanics are settled
)

// MaxRounds is how many reaction rounds one roll may open; at Round ==
// MaxRounds a "window" outcome closes the window instead.
const MaxRounds = 5

// Outcome is what every step answers. The machine reads Next and Round;
// Detail is the Lambdas' own record (the roll, who reacted), carried from
// step to step untouched and returned as the execution's output.
type Outcome struct {
	Next   Next            `json:"next"`
	Round  int             `json:"round"` // reaction rounds held since the last roll
	Detail json.RawMessage `json:"detail,omitempty"`
}

// Validate checks o as the machine routes it: a known Next, Round from 0
// to MaxRounds, Detail as JSON. op names the operation in the error.
// Errors: Invalid.
func (o Outcome) Validate(op string) error {
	switch o.Next {
	case NextRoll, NextWindow, NextDone:
	default:
		return fault.Field(op, "next", "must be roll, window or done, not %q", o.Next)
	}
	if o.Round < 0 || o.Round > MaxRounds {
		return fault.Field(op, "round", "must be from 0 to %d", MaxRounds)
	}
	if len(o.Detail) > 0 && !json.Valid(o.Detail) {
		return fault.Field(op, "detail", "must be JSON")
	}
	return nil
}

// Action says why a Lambda is invoked.
type Action string

// The actions.
const (
	ActionPrompt Action = "prompt" // roll function: push the roll prompt, store Token
	ActionAuto   Action = "auto"   // roll function: the prompt timed out, roll for the player and answer the Outcome
	ActionOpen   Action = "open"   // window function: offer the reactions, store Token
	ActionClose  Action = "close"  // window function: the window timed out or hit MaxRounds; resolve it and answer the Outcome (roll or done)
)

// Request is the payload the machine sends to both functions.
type Request struct {
	Action    Action          `json:"action"`
	Token     string          `json:"token,omitempty"` // prompt and open: the waiting task's token, which its answer names
	Execution string          `json:"execution"`       // the execution ARN
	Turn      json.RawMessage `json:"turn"`            // Input.Turn, untouched
	Outcome   Outcome         `json:"outcome"`         // the previous step's outcome ({"next":"roll","round":0} at first)
}

// DecodeRequest reads the payload the machine sends a step function, and
// validates it: a known action, a token exactly for prompt and open, the
// turn as JSON, a well-formed outcome. Anything else is a fault.Invalid.
func DecodeRequest(b []byte) (Request, error) {
	const op = "decode workflow request"
	var r Request
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return Request{}, fault.Wrap(fault.Invalid, op, err)
	}
	if dec.More() {
		return Request{}, fault.E(fault.Invalid, op, "trailing data after the request")
	}
	switch r.Action {
	case ActionPrompt, ActionOpen:
		if r.Token == "" || len(r.Token) > 2048 {
			return Request{}, fault.Field(op, "token", "must be 1 to 2048 characters for %s", r.Action)
		}
	case ActionAuto, ActionClose:
		if r.Token != "" {
			return Request{}, fault.Field(op, "token", "must be empty for %s", r.Action)
		}
	default:
		return Request{}, fault.Field(op, "action", "must be prompt, open, auto or close, not %q", r.Action)
	}
	if len(r.Turn) == 0 || !json.Valid(r.Turn) {
		return Request{}, fault.Field(op, "turn", "must be JSON")
	}
	if err := r.Outcome.Validate(op); err != nil {
		return Request{}, err
	}
	return r, nil
}
