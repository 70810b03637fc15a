package workflow

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sfn"
	"github.com/aws/aws-sdk-go-v2/service/sfn/types"
	"github.com/aws/smithy-go"

	"chronicler/shared/fault"
)

// API is the part of the sfn client the workflow uses; *sfn.Client has it.
type API interface {
	StartExecution(ctx context.Context, in *sfn.StartExecutionInput, optFns ...func(*sfn.Options)) (*sfn.StartExecutionOutput, error)
	SendTaskSuccess(ctx context.Context, in *sfn.SendTaskSuccessInput, optFns ...func(*sfn.Options)) (*sfn.SendTaskSuccessOutput, error)
	SendTaskFailure(ctx context.Context, in *sfn.SendTaskFailureInput, optFns ...func(*sfn.Options)) (*sfn.SendTaskFailureOutput, error)
}

// Client starts reaction windows and answers their tasks.
type Client struct {
	api          API
	stateMachine string
}

// NewClient returns a Client for the state machine at stateMachineARN.
func NewClient(api API, stateMachineARN string) *Client {
	return &Client{api: api, stateMachine: stateMachineARN}
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

// wireInput is the execution input the definition reads.
type wireInput struct {
	Turn                 json.RawMessage `json:"turn"`
	RollTimeoutSeconds   int64           `json:"rollTimeoutSeconds"`
	WindowTimeoutSeconds int64           `json:"windowTimeoutSeconds"`
	Outcome              Outcome         `json:"outcome"`
}

// Start starts a reaction flow and returns its execution ARN. Errors:
// Invalid for a bad Input, Conflict when Name is taken (the execution has
// closed, or runs with another input), Unavailable when Step Functions cannot be reached.
func (c *Client) Start(ctx context.Context, in Input) (string, error) {
	const op = "start reaction window"
	for _, d := range []struct {
		field string
		v     time.Duration
	}{{"rollTimeout", in.RollTimeout}, {"windowTimeout", in.WindowTimeout}} {
		if d.v < time.Second || d.v%time.Second != 0 || d.v > 24*time.Hour {
			return "", fault.Field(op, d.field, "must be whole seconds from 1s to 24h")
		}
	}
	if len(in.Turn) == 0 || !json.Valid(in.Turn) {
		return "", fault.Field(op, "turn", "must be JSON")
	}
	start := in.Start
	if start.Next == "" {
		start.Next = NextRoll
	}
	if err := start.validate(op); err != nil {
		return "", err
	}
	if start.Next == NextDone {
		return "", fault.Field(op, "start", "a flow cannot start done")
	}
	body, err := json.Marshal(wireInput{
		Turn:                 in.Turn,
		RollTimeoutSeconds:   int64(in.RollTimeout / time.Second),
		WindowTimeoutSeconds: int64(in.WindowTimeout / time.Second),
		Outcome:              start,
	})
	if err != nil {
		return "", fault.Wrap(fault.Internal, op, err)
	}
	req := &sfn.StartExecutionInput{StateMachineArn: aws.String(c.stateMachine), Input: aws.String(string(body))}
	if in.Name != "" {
		req.Name = aws.String(in.Name)
	}
	out, err := c.api.StartExecution(ctx, req)
	if err != nil {
		return "", classify(op, err)
	}
	return aws.ToString(out.ExecutionArn), nil
}

// Answer completes the task waiting on token (a roll prompt or a reaction
// round) with out. Errors: Invalid for a malformed Outcome, Conflict
// "stale or repeated answer" when the task no longer waits (answered,
// timed out, or its execution ended), Unavailable when Step Functions
// cannot be reached.
func (c *Client) Answer(ctx context.Context, token string, out Outcome) error {
	const op = "answer reaction window"
	if err := out.validate(op); err != nil {
		return err
	}
	body, err := json.Marshal(out)
	if err != nil {
		return fault.Wrap(fault.Internal, op, err)
	}
	_, err = c.api.SendTaskSuccess(ctx, &sfn.SendTaskSuccessInput{TaskToken: aws.String(token), Output: aws.String(string(body))})
	return classify(op, err)
}

// Fail fails the task waiting on token; the machine then ends FAILED with
// errName and cause. errName must not start with "States.". Errors as for
// Answer.
func (c *Client) Fail(ctx context.Context, token, errName, cause string) error {
	const op = "fail reaction window"
	if errName == "" || len(errName) > 256 || strings.HasPrefix(errName, "States.") {
		return fault.Field(op, "error", "must be 1 to 256 characters and not start with States.")
	}
	if len(cause) > 32768 {
		return fault.Field(op, "cause", "must be at most 32768 characters")
	}
	_, err := c.api.SendTaskFailure(ctx, &sfn.SendTaskFailureInput{TaskToken: aws.String(token), Error: aws.String(errName), Cause: aws.String(cause)})
	return classify(op, err)
}

// classify gives an sfn error its fault kind.
func classify(op string, err error) error {
	if err == nil {
		return nil
	}
	var (
		timedOut *types.TaskTimedOut
		invalid  *types.InvalidToken
		gone     *types.TaskDoesNotExist
		exists   *types.ExecutionAlreadyExists
		apiErr   smithy.APIError
	)
	switch {
	case errors.As(err, &timedOut), errors.As(err, &invalid), errors.As(err, &gone):
		return &fault.Error{Kind: fault.Conflict, Op: op, Message: "stale or repeated answer", Err: err}
	case errors.As(err, &exists):
		return &fault.Error{Kind: fault.Conflict, Op: op, Message: "a reaction window with this name already exists (closed, or running with another input)", Err: err}
	case errors.As(err, &apiErr) && apiErr.ErrorFault() == smithy.FaultClient && !isThrottle(apiErr.ErrorCode()):
		// InvalidOutput, InvalidArn, StateMachineDoesNotExist...: our bug.
		return fault.Wrap(fault.Internal, op, err)
	}
	return fault.Wrap(fault.Unavailable, op, err)
}

func isThrottle(code string) bool {
	return strings.Contains(code, "Throttl") || code == "TooManyRequestsException" || code == "RequestLimitExceeded"
}
