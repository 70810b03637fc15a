package workflow

import (
	"bytes"
	_ "embed"
	"encoding/json"

	"chronicler/shared/fault"
)

//go:embed fight.asl.json
var fightDefinition string

// FightDefinition is the table's flow's ASL (JSONPath), with the
// ${FightFunctionArn} placeholder: the narration of a decided turn, when
// the flow starts with one, then a loop over the turns no player takes,
// one step function invocation each.
func FightDefinition() string { return fightDefinition }

// FightFunctionArn is FightDefinition's placeholder: the step function.
const FightFunctionArn = "FightFunctionArn"

// ActionFight asks the step function for one turn of a fight's flow.
const ActionFight Action = "fight"

// ActionNarrate asks the step function to narrate and commit the decided
// turn a flow started with: the turn's route answered as soon as the
// turn was decided and announced, and its narration runs here, in an
// invocation of its own.
const ActionNarrate Action = "narrate"

// FightInput starts a flow: with TurnID, one that narrates that turn
// first, then plays the fight on if the turn was part of one.
type FightInput struct {
	CampaignID string `json:"campaign_id"`
	TurnID     string `json:"turn_id,omitempty"`
}

// FightRequest is what the flow sends the step function.
type FightRequest struct {
	Action     Action `json:"action"`
	Execution  string `json:"execution"` // the execution ARN: a retry's is its failed try's
	CampaignID string `json:"campaign_id"`
	TurnID     string `json:"turn_id,omitempty"` // action narrate only
}

// FightOutcome is what a flow's step answers: whether the flow goes on
// to the turns no player takes.
type FightOutcome struct {
	More bool `json:"more"`
}

// IsFight reports whether a step function's payload is a step of the
// table's flow (action "fight" or "narrate"), without validating the
// rest of it.
func IsFight(b []byte) bool {
	var probe struct {
		Action Action `json:"action"`
	}
	return json.Unmarshal(b, &probe) == nil && (probe.Action == ActionFight || probe.Action == ActionNarrate)
}

// DecodeFightRequest reads and validates a flow step's payload: action
// fight or narrate, an execution and a campaign id of sane lengths, a
// turn id for narrate (and none for fight), nothing else.
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
	if r.Action != ActionFight && r.Action != ActionNarrate {
		return FightRequest{}, fault.Field(op, "action", "must be fight or narrate, not %q", r.Action)
	}
	if r.Execution == "" || len(r.Execution) > 2048 {
		return FightRequest{}, fault.Field(op, "execution", "must be 1 to 2048 characters")
	}
	if r.CampaignID == "" || len(r.CampaignID) > 128 {
		return FightRequest{}, fault.Field(op, "campaign_id", "must be 1 to 128 characters")
	}
	switch {
	case r.Action == ActionNarrate && (r.TurnID == "" || len(r.TurnID) > 128):
		return FightRequest{}, fault.Field(op, "turn_id", "must be 1 to 128 characters")
	case r.Action == ActionFight && r.TurnID != "":
		return FightRequest{}, fault.Field(op, "turn_id", "is for narrate only")
	}
	return r, nil
}
