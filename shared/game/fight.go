package game

import (
	"context"
	"time"

	"chronicler/shared/fault"
)

// Fights runs the turns of a fight that no player takes (the monsters',
// a dying character's death save, an absent player's Dodge) one by one,
// each in an invocation of its own, so that no invocation does unbounded
// work: in the cloud a state machine that calls the step function once
// per turn (FightTurn) while it answers "more"; on one machine the same
// definition, run by the local interpreter.
type Fights interface {
	// Continue starts a flow playing the campaign's next turns that no
	// player takes. name names it: starting the same name again starts
	// nothing new.
	Continue(ctx context.Context, campaignID, name string) error
}

// continueFight has the turns no player takes that follow played: by a
// flow of their own when there is one (the caller's invocation ends at
// once), else here and now. after names what they follow (a turn id, an
// encounter), for the flow's name.
func (s *Service) continueFight(ctx context.Context, campaignID, after string) {
	if s.Fights == nil {
		s.monsterTurns(ctx, campaignID)
		return
	}
	if err := s.Fights.Continue(ctx, campaignID, "fight-"+campaignID+"-"+after); err != nil {
		// The sweep plays the fight on when it finds it waiting.
		s.Log.WarnContext(ctx, "start the fight's flow", "campaign", campaignID, "after", after, "err", err)
	}
}

// FightTurn is one step of a fight's flow: it plays the next turn that no
// player takes, if one is up, and reports whether another may follow.
// flow is the flow's execution: a turn a failed try of it left half done
// is taken over at once, under its own id.
//
// It starts no turn it has no time to finish: with less than TurnBudget
// left before ctx's deadline it fails Unavailable, and the flow tries
// again in a fresh invocation.
func (s *Service) FightTurn(ctx context.Context, campaignID, flow string) (more bool, err error) {
	const op = "fight turn"
	if campaignID == "" {
		return false, fault.Field(op, "campaign_id", "is required")
	}
	if dl, ok := ctx.Deadline(); ok && s.TurnBudget > 0 {
		if left := time.Until(dl); left < s.TurnBudget {
			return false, fault.E(fault.Unavailable, op, "%v left of this invocation, a turn needs %v", left.Round(time.Millisecond), s.TurnBudget)
		}
	}
	return s.autoTurn(ctx, campaignID, flow), nil
}
