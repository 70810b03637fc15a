package stepfunctions

import (
	"context"
	"encoding/json"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sfn"

	"chronicler/shared/fault"
	"chronicler/shared/workflow"
)

// Fights starts fight flows (game.Fights) on the fight state machine.
type Fights struct {
	api          API
	stateMachine string
}

// NewFights returns Fights for the state machine at stateMachineARN.
func NewFights(api API, stateMachineARN string) *Fights {
	return &Fights{api: api, stateMachine: stateMachineARN}
}

// Continue starts the flow name for the campaign. A name already started
// (a retried invocation) is not an error: that flow plays the turns.
// Errors: Invalid for an empty id or a name Step Functions refuses,
// Unavailable when Step Functions cannot be reached.
func (f *Fights) Continue(ctx context.Context, campaignID, name string) error {
	return f.start(ctx, "start fight flow", name, workflow.FightInput{CampaignID: campaignID})
}

// Narrate starts the flow name that narrates and commits the campaign's
// decided turn turnID, then plays the fight on after it. A name already
// started is not an error. Errors: as Continue's, Invalid for an empty
// turn id too.
func (f *Fights) Narrate(ctx context.Context, campaignID, turnID, name string) error {
	const op = "start narration flow"
	if turnID == "" {
		return fault.Field(op, "turn_id", "is required")
	}
	return f.start(ctx, op, name, workflow.FightInput{CampaignID: campaignID, TurnID: turnID})
}

func (f *Fights) start(ctx context.Context, op, name string, in workflow.FightInput) error {
	if in.CampaignID == "" {
		return fault.Field(op, "campaign_id", "is required")
	}
	body, err := json.Marshal(in)
	if err != nil {
		return fault.Wrap(fault.Internal, op, err)
	}
	_, err = f.api.StartExecution(ctx, &sfn.StartExecutionInput{
		StateMachineArn: aws.String(f.stateMachine), Name: aws.String(name), Input: aws.String(string(body)),
	})
	if err = classify(op, err); fault.Is(err, fault.Conflict) {
		return nil // started already
	}
	return err
}
