package stepfunctions

import (
	"context"
	"encoding/json"
	"errors"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sfn"
	"github.com/aws/aws-sdk-go-v2/service/sfn/types"
	"github.com/aws/smithy-go"

	"chronicler/shared/fault"
	"chronicler/shared/workflow"
)

// API is the part of the sfn client the Client uses; *sfn.Client has it.
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

// Start starts a reaction flow and returns its execution ARN. Errors:
// Invalid for a bad Input, Conflict when Name is taken (the execution has
// closed, or runs with another input), Unavailable when Step Functions cannot be reached.
func (c *Client) Start(ctx context.Context, in workflow.Input) (string, error) {
	const op = "start reaction window"
	body, err := in.Encode(op)
	if err != nil {
		return "", err
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
func (c *Client) Answer(ctx context.Context, token string, out workflow.Outcome) error {
	const op = "answer reaction window"
	if err := out.Validate(op); err != nil {
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
