package workflow

import (
	"bytes"
	_ "embed"
	"encoding/json"

	"chronicler/shared/fault"
)

//go:embed fight.asl.json
var fightDefinition string

// FightDefinition is the fight flow's ASL (JSONPath), with the
// ${FightFunctionArn} placeholder: a loop over the turns no player takes,
// one step function invocation each.
func FightDefinition() string { return fightDefinition }

// FightFunctionArn is FightDefinition's placeholder: the step function.
const FightFunctionArn = "FightFunctionArn"

// ActionFight asks the step function for one turn of a fight's flow.
const ActionFight Action = "fight"

// FightInput starts a fight's flow.
type FightInput struct {
	CampaignID string `json:"campaign_id"`
}

// FightRequest is what the fight flow sends the step function.
type FightRequest struct {
	Action     Action `json:"action"`
	Execution  string `json:"execution"` // the execution ARN: a retry's is its failed try's
	CampaignID string `json:"campaign_id"`
}

// FightOutcome is what a fight step answers: whether the flow goes on.
type FightOutcome struct {
	More bool `json:"more"`
}

// IsFight reports whether a step function's payload is a fight step
// (action "fight"), without validating the rest of it.
func IsFight(b []byte) bool {
	var probe struct {
		Action Action `json:"action"`
	}
	return json.Unmarshal(b, &probe) == nil && probe.Action == ActionFight
}

// DecodeFightRequest reads and validates a fight step's payload: action
// fight, an execution and a campaign id of sane lengths, nothing else.
// Errors: Invalid.
func DecodeFightRequest(b []byte) (FightRequest, error) {
	const op = "decode fight request"
	var r FightRequest
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return FightRequest{}, fault.Wrap(fault.Invalid, op, err)
	}
	if dec.More() {
		return FightRequest{}, fault.E(fault.Invalid, op, "trailing data after the request")
	}
	if r.Action != ActionFight {
		return FightRequest{}, fault.Field(op, "action", "must be fight, not %q", r.Action)
	}
	if r.Execution == "" || len(r.Execution) > 2048 {
		return FightRequest{}, fault.Field(op, "execution", "must be 1 to 2048 characters")
	}
	if r.CampaignID == "" || len(r.CampaignID) > 128 {
		return FightRequest{}, fault.Field(op, "campaign_id", "must be 1 to 128 characters")
	}
	return r, nil
}
