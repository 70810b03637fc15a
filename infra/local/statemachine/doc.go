// Package statemachine runs Amazon States Language definitions on one
// machine and answers the Step Functions API for them, so the same
// definition the cloud runs (shared/workflow) drives the local server and
// the Lambdas keep using the real sfn client with only BaseEndpoint changed.
//
// Load accepts the JSONPath subset Chronicler uses: Task (Lambda function
// ARNs, lambda:invoke and lambda:invoke.waitForTaskToken, TimeoutSeconds,
// HeartbeatSeconds and their *Path forms, Retry, Catch, ResultSelector),
// Pass, Choice (every comparison operator, its *Path form, And, Or, Not),
// Wait, Succeed and Fail, with InputPath, Parameters, ResultPath and
// OutputPath. Anything else (Parallel, Map, JSONata, Assign, intrinsic
// functions, other service integrations, jittered retries) is refused at
// load time with an error naming the state and the field, never ignored.
//
// A Service runs each execution in its own goroutine, calls Lambda handlers
// in process through an Invoker, and waits on an injected Clock, so tests
// pass a reaction window in microseconds with a ManualClock. Executions and
// task tokens live in memory only: a restart loses every running execution,
// and their tokens then answer TaskDoesNotExist. Recovering a turn whose
// execution was lost is the caller's job.
package statemachine
