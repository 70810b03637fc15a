package statemachine

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/sfn"
	"github.com/aws/aws-sdk-go-v2/service/sfn/types"
)

// newClient is the real AWS SDK client pointed at the service.
func newClient(t *testing.T, svc *Service) *sfn.Client {
	t.Helper()
	srv := httptest.NewServer(svc)
	t.Cleanup(srv.Close)
	return sfn.New(sfn.Options{
		Region:       "us-east-1",
		Credentials:  credentials.NewStaticCredentialsProvider("local", "local", ""),
		BaseEndpoint: aws.String(srv.URL),
	})
}

// The real sfn client drives an execution end to end and gets AWS's typed
// errors back.
func TestHTTPWithRealClient(t *testing.T) {
	h := newHarness(t, waitDef(`,"Catch":[{"ErrorEquals":["Player.Left"],"ResultPath":"$.err","Next":"Done"}]`), nil)
	client := newClient(t, h.svc)
	ctx, cancel := context.WithTimeout(context.Background(), guard)
	defer cancel()

	start, err := client.StartExecution(ctx, &sfn.StartExecutionInput{
		StateMachineArn: aws.String(h.arn), Name: aws.String("turn-7"), Input: aws.String(`{"who":"ana"}`),
	})
	if err != nil {
		t.Fatalf("StartExecution: %v", err)
	}
	if !strings.HasSuffix(aws.ToString(start.ExecutionArn), ":execution:test:turn-7") || !start.StartDate.Equal(epoch0) {
		t.Fatalf("start %s %v", aws.ToString(start.ExecutionArn), start.StartDate)
	}
	tok := tokenOf(t, h.nextCall())

	running, err := client.DescribeExecution(ctx, &sfn.DescribeExecutionInput{ExecutionArn: start.ExecutionArn})
	if err != nil {
		t.Fatal(err)
	}
	if running.Status != types.ExecutionStatusRunning || aws.ToString(running.Input) != `{"who":"ana"}` || running.StopDate != nil {
		t.Fatalf("running: %+v", running)
	}
	if _, err := client.SendTaskHeartbeat(ctx, &sfn.SendTaskHeartbeatInput{TaskToken: aws.String(tok)}); err != nil {
		t.Fatalf("SendTaskHeartbeat: %v", err)
	}
	if _, err := client.SendTaskSuccess(ctx, &sfn.SendTaskSuccessInput{TaskToken: aws.String(tok), Output: aws.String(`{"roll":17}`)}); err != nil {
		t.Fatalf("SendTaskSuccess: %v", err)
	}
	h.wait(aws.ToString(start.ExecutionArn))
	h.clock.Advance(time.Second)
	done, err := client.DescribeExecution(ctx, &sfn.DescribeExecutionInput{ExecutionArn: start.ExecutionArn})
	if err != nil {
		t.Fatal(err)
	}
	if done.Status != types.ExecutionStatusSucceeded || done.StopDate == nil {
		t.Fatalf("done: %+v", done)
	}
	jsonEqual(t, aws.ToString(done.Output), `{"who":"ana","answer":{"roll":17}}`)

	// Each refusal arrives as the SDK's typed error.
	var timedOut *types.TaskTimedOut
	_, err = client.SendTaskSuccess(ctx, &sfn.SendTaskSuccessInput{TaskToken: aws.String(tok), Output: aws.String(`{}`)})
	if !errors.As(err, &timedOut) {
		t.Errorf("repeated SendTaskSuccess: %v, want *types.TaskTimedOut", err)
	}
	_, err = client.SendTaskFailure(ctx, &sfn.SendTaskFailureInput{TaskToken: aws.String(tok), Error: aws.String("E")})
	if !errors.As(err, &timedOut) {
		t.Errorf("SendTaskFailure after success: %v, want *types.TaskTimedOut", err)
	}
	var invalid *types.InvalidToken
	_, err = client.SendTaskSuccess(ctx, &sfn.SendTaskSuccessInput{TaskToken: aws.String("forged"), Output: aws.String(`{}`)})
	if !errors.As(err, &invalid) {
		t.Errorf("forged token: %v, want *types.InvalidToken", err)
	}
	var gone *types.TaskDoesNotExist
	_, err = client.SendTaskHeartbeat(ctx, &sfn.SendTaskHeartbeatInput{TaskToken: aws.String(newToken("arn:aws:states:us-east-1:000000000000:execution:test:before-restart"))})
	if !errors.As(err, &gone) {
		t.Errorf("token of an unknown execution: %v, want *types.TaskDoesNotExist", err)
	}
	var noExec *types.ExecutionDoesNotExist
	_, err = client.DescribeExecution(ctx, &sfn.DescribeExecutionInput{ExecutionArn: aws.String("arn:aws:states:us-east-1:000000000000:execution:test:nope")})
	if !errors.As(err, &noExec) {
		t.Errorf("DescribeExecution of nothing: %v, want *types.ExecutionDoesNotExist", err)
	}
	var exists *types.ExecutionAlreadyExists
	_, err = client.StartExecution(ctx, &sfn.StartExecutionInput{StateMachineArn: aws.String(h.arn), Name: aws.String("turn-7"), Input: aws.String(`{}`)})
	if !errors.As(err, &exists) {
		t.Errorf("reused name: %v, want *types.ExecutionAlreadyExists", err)
	}
	var noMachine *types.StateMachineDoesNotExist
	_, err = client.StartExecution(ctx, &sfn.StartExecutionInput{StateMachineArn: aws.String(h.arn + "-nope")})
	if !errors.As(err, &noMachine) {
		t.Errorf("unknown machine: %v, want *types.StateMachineDoesNotExist", err)
	}
	var badInput *types.InvalidExecutionInput
	_, err = client.StartExecution(ctx, &sfn.StartExecutionInput{StateMachineArn: aws.String(h.arn), Input: aws.String(`{`)})
	if !errors.As(err, &badInput) {
		t.Errorf("bad input: %v, want *types.InvalidExecutionInput", err)
	}

	// SendTaskFailure and StopExecution on a second execution.
	second, err := client.StartExecution(ctx, &sfn.StartExecutionInput{StateMachineArn: aws.String(h.arn), Input: aws.String(`{"who":"bo"}`)})
	if err != nil {
		t.Fatal(err)
	}
	tok2 := tokenOf(t, h.nextCall())
	var badOutput *types.InvalidOutput
	_, err = client.SendTaskSuccess(ctx, &sfn.SendTaskSuccessInput{TaskToken: aws.String(tok2), Output: aws.String(`not json`)})
	if !errors.As(err, &badOutput) {
		t.Errorf("bad output: %v, want *types.InvalidOutput", err)
	}
	if _, err := client.SendTaskFailure(ctx, &sfn.SendTaskFailureInput{TaskToken: aws.String(tok2), Error: aws.String("Player.Left"), Cause: aws.String("closed the tab")}); err != nil {
		t.Fatal(err)
	}
	jsonEqual(t, h.wait(aws.ToString(second.ExecutionArn)).Output, `{"who":"bo","err":{"Error":"Player.Left","Cause":"closed the tab"}}`)

	third, err := client.StartExecution(ctx, &sfn.StartExecutionInput{StateMachineArn: aws.String(h.arn), Input: aws.String(`{"who":"cy"}`)})
	if err != nil {
		t.Fatal(err)
	}
	h.nextCall()
	stop, err := client.StopExecution(ctx, &sfn.StopExecutionInput{ExecutionArn: third.ExecutionArn, Error: aws.String("Turn.Cancelled"), Cause: aws.String("GM skipped")})
	if err != nil || stop.StopDate == nil {
		t.Fatalf("StopExecution: %v", err)
	}
	stopped, err := client.DescribeExecution(ctx, &sfn.DescribeExecutionInput{ExecutionArn: third.ExecutionArn})
	if err != nil {
		t.Fatal(err)
	}
	if stopped.Status != types.ExecutionStatusAborted || aws.ToString(stopped.Error) != "Turn.Cancelled" || aws.ToString(stopped.Cause) != "GM skipped" || stopped.Output != nil {
		t.Fatalf("stopped: %+v", stopped)
	}
}

func TestHTTPRefusesOtherRequests(t *testing.T) {
	svc := New(Options{})
	defer svc.Close()
	srv := httptest.NewServer(svc)
	defer srv.Close()
	tests := []struct {
		name, method, target, body string
		status                     int
		errType                    string
	}{
		{"UnsupportedOperation", "POST", "AWSStepFunctions.CreateStateMachine", `{}`, 400, "UnknownOperationException"},
		{"NoTarget", "POST", "", `{}`, 400, "UnknownOperationException"},
		{"GET", "GET", "AWSStepFunctions.DescribeExecution", ``, 405, "UnknownOperationException"},
		{"BadJSON", "POST", "AWSStepFunctions.DescribeExecution", `{`, 400, "SerializationException"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			req, _ := http.NewRequest(tc.method, srv.URL, strings.NewReader(tc.body))
			req.Header.Set("X-Amz-Target", tc.target)
			req.Header.Set("Content-Type", contentType)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != tc.status || resp.Header.Get("X-Amzn-Errortype") != tc.errType {
				t.Fatalf("got %d %q", resp.StatusCode, resp.Header.Get("X-Amzn-Errortype"))
			}
		})
	}
}
