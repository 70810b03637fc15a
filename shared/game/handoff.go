package game

import (
	"context"
	"fmt"
	"time"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/rules/encounter"
)

// A turn's narration is the slow part of it: a model may stream for half
// a minute or more, while API Gateway answers a route's invocation with
// an integration error after 29 s. So a route that decides a turn (a
// player's turn, the last roll by hand, the answer that closes a reaction
// window, a disconnect that passes one) commits the decision with the
// lease and the events that announce it, and hands the rest to a flow: an
// execution of the table's state machine whose first task narrates and
// commits the turn in an invocation of its own (NarrateTurn), then plays
// the fight on. The route answers at once; the player has turn.accepted
// and the rolls, and the narration streams in from the flow.
//
// The decision is not carried to the flow: the lease holds all it was
// made of (the words and what was read from them, the seed, a held turn's
// reactions and choices), and the lease keeps every other turn off the
// table until the commit, so the flow decides it again, the same. A try
// of the flow that died is tried again within seconds and does the same
// under the same turn id; a turn whose every try failed keeps its lease
// until it runs out, and is then narrated by the sweep (unnarrated) or
// taken over by its player's resend.

// Narrations starts the flow that narrates a decided turn: the table's
// state machine in the cloud, the local interpreter on one machine.
// *stepfunctions.Fights has it.
type Narrations interface {
	// Narrate starts the flow name that narrates and commits the
	// campaign's decided turn turnID. Starting the same name again
	// starts nothing new.
	Narrate(ctx context.Context, campaignID, turnID, name string) error
}

// handOff narrates and commits the turn l holds, decided (its dice
// all revealed, no window open) and announced: in a flow of its own when
// there is one, else here and now. It reports whether it handed the turn
// off; when it did not, finish does the rest in place.
func (s *Service) handOff(ctx context.Context, campaignID string, l campaign.Lease) bool {
	if s.Narrations == nil {
		return false
	}
	// The lease's expiry changes with every write of it, so a turn taken
	// over (its flow failed, its lease ran out, its player resent it)
	// starts a flow of its own rather than finding its old one's name.
	name := fmt.Sprintf("turn-%s-%d", l.TurnID, l.ExpiresAt.UnixMilli())
	if err := s.Narrations.Narrate(context.WithoutCancel(ctx), campaignID, l.TurnID, name); err != nil {
		s.Log.WarnContext(ctx, "start the turn's narration flow; narrating it here", "campaign", campaignID, "turn", l.TurnID, "err", err)
		return false
	}
	return true
}

// NarrateTurn is the first step of a flow that narrates a decided turn
// (handOff): it decides the turn the campaign's lease holds again, from
// its dice, narrates it and commits it, and reports whether a fight goes
// on after it (the flow then plays its turns no player takes). A turn
// already committed or dropped (an earlier try got that far), or held
// again (its dice out), is left as it is.
//
// It starts no turn it has no time to finish: with less than TurnBudget
// left before ctx's deadline it fails Unavailable, and the flow tries
// again in a fresh invocation.
func (s *Service) NarrateTurn(ctx context.Context, campaignID, turnID string) (more bool, err error) {
	const op = "narrate turn"
	if campaignID == "" || turnID == "" {
		return false, fault.E(fault.Invalid, op, "a campaign id and a turn id are required")
	}
	if dl, ok := ctx.Deadline(); ok && s.TurnBudget > 0 {
		if left := time.Until(dl); left < s.TurnBudget {
			return false, fault.E(fault.Unavailable, op, "%v left of this invocation, a turn needs %v", left.Round(time.Millisecond), s.TurnBudget)
		}
	}
	snap, err := s.Store.Snapshot(ctx, campaignID)
	if err != nil {
		return false, fmt.Errorf("%s: %w", op, err)
	}
	l := snap.Lease
	switch {
	case l == nil || l.TurnID != turnID:
		return activeRecord(snap) != nil, nil // committed (or dropped) by an earlier try
	case l.Pending != nil && !settled(*l.Pending):
		return false, nil // held: its orchestration hands it off again when settled
	}
	return s.finish(ctx, snap, *l)
}

// finish decides again, from its dice, the turn l holds on snap (decided
// and announced: its dice all revealed, no window open), narrates it and
// commits it, and reports whether the turn was part of a fight. An
// X-card's lease has its turn told again instead (Retell). A turn
// the rules no longer allow is dropped (its lease released); any other
// failure leaves the lease for a retry.
func (s *Service) finish(ctx context.Context, snap Snapshot, l campaign.Lease) (fight bool, err error) {
	const op = "narrate turn"
	campaignID := snap.Campaign.ID
	if l.Retell != "" {
		return false, s.Retell(ctx, snap, l) // an X-card's: the turn told again
	}
	p := l.Pending
	if p != nil && !p.Own {
		// A monster's turn whose reaction window closed.
		play, err := s.replay(snap, l, *p)
		if err != nil {
			s.release(ctx, campaignID, l)
			return false, err
		}
		return true, s.finishMonsterTurn(ctx, snap, l, p.Seed, play)
	}
	actor := characterOf(snap, l.ActorID)
	if actor == nil {
		s.release(ctx, campaignID, l)
		return false, fault.E(fault.Conflict, op, "the acting character is gone")
	}
	// A player's turn, decided at once or held and settled: from the same
	// seed, with the choices made at its hits, the engine makes the same
	// rolls the table saw.
	seed, choices := s.turnSeed(campaignID, l.TurnID), encounter.Reactions{}
	if p != nil {
		seed, choices = p.Seed, encounter.Reactions{Taken: p.Reactions, Seed: s.reactionSeed(campaignID, l.TurnID)}
	}
	d, err := s.decideWith(snap, *actor, l, dice.NewSeeded(seed), choices)
	if err == nil && p != nil && !sameRolls(d.Rolls, p.Rolls) {
		err = fault.E(fault.Conflict, op, "the dice came out differently; the table changed while they were out")
	}
	if err != nil {
		s.release(ctx, campaignID, l)
		return false, err
	}
	if err := s.resolve(ctx, snap, l, actor, d, seed, nil); err != nil {
		return false, s.dropUnlessTransient(ctx, campaignID, l, err)
	}
	return d.Encounter != nil, nil
}

// dropUnlessTransient answers a turn that failed to resolve in its flow:
// one the store or the provider could not serve now keeps its lease, and
// the flow's next try takes it over; any other failure will not pass on a
// retry, and the turn is dropped at once, as in place (playTurn).
func (s *Service) dropUnlessTransient(ctx context.Context, campaignID string, l campaign.Lease, err error) error {
	if !fault.Is(err, fault.Unavailable) {
		s.Log.WarnContext(ctx, "a turn that failed to resolve was dropped", "campaign", campaignID, "turn", l.TurnID, "request", l.RequestID, "err", err)
		s.release(ctx, campaignID, l)
	}
	return err
}
