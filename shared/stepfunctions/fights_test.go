package stepfunctions_test

import (
	"context"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/sfn"

	"chronicler/infra/local/statemachine"
	"chronicler/shared/fault"
	"chronicler/shared/stepfunctions"
	"chronicler/shared/workflow"
)

const fightARN = "arn:aws:lambda:us-east-1:000000000000:function:chronicler-step"

// setupFights runs the table's flow in the local interpreter behind its
// HTTP endpoint; every step it invokes is handed to the test, decoded as
// the step function decodes it, and answers that no fight goes on.
func setupFights(t *testing.T) (*stepfunctions.Fights, <-chan workflow.FightRequest) {
	t.Helper()
	def, err := workflow.Substitute(workflow.FightDefinition(), map[string]string{workflow.FightFunctionArn: fightARN})
	if err != nil {
		t.Fatal(err)
	}
	m, err := statemachine.Load(def)
	if err != nil {
		t.Fatal(err)
	}
	steps := make(chan workflow.FightRequest, 10)
	invoke := func(_ context.Context, resource string, payload []byte) ([]byte, error) {
		req, err := workflow.DecodeFightRequest(payload)
		if err != nil || resource != fightARN {
			return nil, &statemachine.TaskError{Name: "Test.Unexpected", Cause: resource + " " + string(payload)}
		}
		steps <- req
		return []byte(`{"more":false}`), nil
	}
	svc := statemachine.New(statemachine.Options{Clock: statemachine.NewManualClock(time.Date(2026, 3, 14, 20, 0, 0, 0, time.UTC)), Invoker: invoke})
	t.Cleanup(svc.Close)
	arn, err := svc.Register("chronicler-fight", m)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(svc)
	t.Cleanup(srv.Close)
	api := sfn.New(sfn.Options{
		Region:       "us-east-1",
		Credentials:  credentials.NewStaticCredentialsProvider("local", "local", ""),
		BaseEndpoint: aws.String(srv.URL),
	})
	return stepfunctions.NewFights(api, arn), steps
}

func nextStep(t *testing.T, steps <-chan workflow.FightRequest) workflow.FightRequest {
	t.Helper()
	select {
	case r := <-steps:
		return r
	case <-time.After(guard):
		t.Fatal("no step was invoked")
		return workflow.FightRequest{}
	}
}

// A flow started to narrate a turn hands the step function that turn
// first; one started to play a fight on goes straight to its turns; a
// name started already is no error.
func TestFights(t *testing.T) {
	ctx := context.Background()
	t.Run("NarrateStartsWithTheTurnsNarration", func(t *testing.T) {
		f, steps := setupFights(t)
		if err := f.Narrate(ctx, "c1", "t1", "narrate-t1"); err != nil {
			t.Fatal(err)
		}
		if r := nextStep(t, steps); r.Action != workflow.ActionNarrate || r.CampaignID != "c1" || r.TurnID != "t1" {
			t.Errorf("first step %+v, want the narration of t1 in c1", r)
		}
		if err := f.Narrate(ctx, "c1", "t1", "narrate-t1"); err != nil {
			t.Errorf("the same flow started again: %v", err)
		}
	})
	t.Run("ContinuePlaysTheFightsTurns", func(t *testing.T) {
		f, steps := setupFights(t)
		if err := f.Continue(ctx, "c1", "fight-1"); err != nil {
			t.Fatal(err)
		}
		if r := nextStep(t, steps); r.Action != workflow.ActionFight || r.CampaignID != "c1" || r.TurnID != "" {
			t.Errorf("first step %+v, want a fight turn in c1", r)
		}
	})
	t.Run("RefusesAFlowWithoutItsIDs", func(t *testing.T) {
		f, _ := setupFights(t)
		for name, err := range map[string]error{
			"narrate without a turn":      f.Narrate(ctx, "c1", "", "n"),
			"narrate without a campaign":  f.Narrate(ctx, "", "t1", "n"),
			"continue without a campaign": f.Continue(ctx, "", "n"),
		} {
			if !fault.Is(err, fault.Invalid) {
				t.Errorf("%s: %v, want Invalid", name, err)
			}
		}
	})
}
