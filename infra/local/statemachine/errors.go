package statemachine

import (
	"fmt"
	"strings"
)

// APIError is an error of the Step Functions API, named as AWS names it.
// The HTTP handler sends Type as the error type, so the AWS SDK returns the
// matching typed error (*types.TaskTimedOut, *types.InvalidToken, ...).
type APIError struct {
	Type    string
	Message string
}

func (e *APIError) Error() string { return e.Type + ": " + e.Message }

// The API error types this service returns.
const (
	ErrExecutionAlreadyExists   = "ExecutionAlreadyExists"
	ErrExecutionDoesNotExist    = "ExecutionDoesNotExist"
	ErrInvalidArn               = "InvalidArn"
	ErrInvalidExecutionInput    = "InvalidExecutionInput"
	ErrInvalidName              = "InvalidName"
	ErrInvalidOutput            = "InvalidOutput"
	ErrInvalidToken             = "InvalidToken"
	ErrStateMachineDoesNotExist = "StateMachineDoesNotExist"
	ErrTaskDoesNotExist         = "TaskDoesNotExist"
	ErrTaskTimedOut             = "TaskTimedOut"
	ErrValidation               = "ValidationException"
	ErrServiceClosed            = "ServiceUnavailable"
)

func apiErr(typ, format string, args ...any) *APIError {
	return &APIError{Type: typ, Message: fmt.Sprintf(format, args...)}
}

// LoadError is a definition Load refuses: a state or field the interpreter
// does not support, or one that breaks the Amazon States Language.
type LoadError struct {
	State   string // "" for a top-level field
	Field   string // "" when the whole state is at fault
	Message string
}

func (e *LoadError) Error() string {
	var b strings.Builder
	b.WriteString("state machine definition: ")
	if e.State != "" {
		fmt.Fprintf(&b, "state %q: ", e.State)
	}
	if e.Field != "" {
		fmt.Fprintf(&b, "field %q: ", e.Field)
	}
	b.WriteString(e.Message)
	return b.String()
}

// TaskError is what an Invoker returns to fail a task with a chosen error
// name, as a Lambda function's errorType names its failure. Any other error
// from an Invoker fails the task with the name "Lambda.Unknown".
type TaskError struct {
	Name  string
	Cause string
}

func (e *TaskError) Error() string { return e.Name + ": " + e.Cause }

// Predefined error names of the Amazon States Language.
const (
	errAll                 = "States.ALL"
	errTaskFailed          = "States.TaskFailed"
	errTimeout             = "States.Timeout"
	errHeartbeatTimeout    = "States.HeartbeatTimeout"
	errRuntime             = "States.Runtime"
	errNoChoiceMatched     = "States.NoChoiceMatched"
	errParameterPath       = "States.ParameterPathFailure"
	errResultPathMatch     = "States.ResultPathMatchFailure"
	errLambdaUnknown       = "Lambda.Unknown"
	errExecutionAborted    = "States.Aborted" // internal marker, never caught
	causeTaskNoLongerWaits = "Provided task does not exist anymore"
)

// stateError is an error raised inside an execution, as ASL sees it: a name
// that Retry and Catch match, and a cause.
type stateError struct {
	name  string
	cause string
}

func (e *stateError) Error() string { return e.name + ": " + e.cause }

func runtimeErr(format string, args ...any) *stateError {
	return &stateError{name: errRuntime, cause: fmt.Sprintf(format, args...)}
}
