package game

import (
	"context"
	"fmt"
	"strings"
	"time"

	"chronicler/events"
	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/fault"
)

// rollsByHand reports whether a turn's rolls wait for the player: every
// roll in interactive mode, and in hybrid mode attack rolls and saving
// throws (the rolls a player feels); automatic mode rolls at once.
func rollsByHand(mode string, rolls []campaign.Roll) bool {
	switch mode {
	case campaign.DiceInteractive:
		return len(rolls) > 0
	case campaign.DiceHybrid:
		for _, r := range rolls {
			if strings.Contains(r.Reason, "attack") || strings.Contains(r.Reason, "save") {
				return true
			}
		}
	}
	return false
}

// rollRequest asks for the lease's next unrevealed roll.
func rollRequest(l campaign.Lease) message {
	r := l.Pending.Rolls[l.Pending.Revealed]
	return message{events.TypeRollRequested, events.RollRequested{TurnID: l.TurnID, RollID: r.RollID, CharacterID: l.ActorID,
		Dice: r.Dice, Reason: r.Reason, Deadline: l.Pending.Deadline}}
}

// Roll reveals the next roll of the player's pending turn: the number was
// made (from the turn's seed) and stored before anyone saw it, so a retry,
// a reconnect or a crash never rolls again. When the last is revealed the
// turn is narrated and committed. A stale or repeated roll is refused with
// a conflict and changes nothing.
func (s *Service) Roll(ctx context.Context, connectionID string, msg events.ClientMessage) error {
	const op = "roll"
	conn, snap, err := s.connection(ctx, connectionID, op)
	if err != nil {
		return err
	}
	l := snap.Lease
	if l == nil || l.Pending == nil || l.TurnID != msg.TurnID {
		return fault.E(fault.Conflict, op, "nothing is waiting for a roll on this turn")
	}
	if l.PlayerID != conn.PlayerID {
		return fault.E(fault.Forbidden, op, "it is not your roll")
	}
	p := l.Pending
	if p.Revealed >= len(p.Rolls) || p.Rolls[p.Revealed].RollID != msg.RollID {
		return fault.E(fault.Conflict, op, "that roll was already made or is not the one asked for")
	}
	return s.reveal(ctx, snap, *l, 1)
}

// reveal shows n more of the pending turn's rolls and, when none are left,
// resolves the turn. The reveal is recorded under a request id per roll, so
// two answers to the same prompt have one effect.
func (s *Service) reveal(ctx context.Context, snap Snapshot, l campaign.Lease, n int) error {
	const op = "roll"
	now := s.now()
	p := *l.Pending
	from := p.Revealed
	p.Revealed = min(p.Revealed+n, len(p.Rolls))
	p.Deadline = now.Add(time.Duration(snap.Campaign.Settings.RollTimeoutSeconds) * time.Second)
	next := l
	next.Pending = &p
	next.ExpiresAt = p.Deadline.Add(s.LeaseTTL)
	rid := fmt.Sprintf("roll:%s:%s", l.TurnID, p.Rolls[from].RollID)
	err := s.Store.Commit(ctx, Tx{CampaignID: snap.Campaign.ID, AcquireLease: &next, LeaseNow: now,
		Request: &campaign.Request{RequestID: rid, TurnID: l.TurnID, CreatedAt: now}})
	if isConflict(err) {
		return fault.E(fault.Conflict, op, "that roll was already made")
	}
	if err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	msgs := rollMessages(l.TurnID, p.Rolls[from:p.Revealed])
	if p.Revealed < len(p.Rolls) {
		msgs = append(msgs, rollRequest(next))
	}
	if err := s.publish(ctx, snap.Campaign.ID, "", msgs...); err != nil {
		return err
	}
	if p.Revealed < len(p.Rolls) {
		return nil
	}
	// Every roll is out: decide again from the same seed (the lease kept
	// the table still, so the engine makes the same rolls) and finish.
	actor := characterOf(snap, l.ActorID)
	if actor == nil {
		s.release(ctx, snap.Campaign.ID, l.TurnID)
		return fault.E(fault.Conflict, op, "the character is gone; the turn was not saved")
	}
	d, err := s.decide(snap, *actor, l, dice.NewSeeded(p.Seed))
	if err != nil || !sameRolls(d.Rolls, p.Rolls) {
		s.release(ctx, snap.Campaign.ID, l.TurnID)
		return fault.E(fault.Conflict, op, "the table changed while the dice were out; the turn was not saved, try again")
	}
	if err := s.resolve(ctx, snap, l, actor, d, p.Seed); err != nil {
		s.release(ctx, snap.Campaign.ID, l.TurnID)
		return err
	}
	if d.Encounter != nil {
		s.monsterTurns(ctx, snap.Campaign.ID)
	}
	return nil
}

func sameRolls(a, b []campaign.Roll) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Dice != b[i].Dice || a[i].Total != b[i].Total || fmt.Sprint(a[i].Rolls) != fmt.Sprint(b[i].Rolls) {
			return false
		}
	}
	return true
}

// rollOverdue reveals every roll of a turn whose prompt went unanswered
// past its deadline, and finishes the turn. It reports whether it did.
func (s *Service) rollOverdue(ctx context.Context, snap Snapshot) (bool, error) {
	l := snap.Lease
	if l == nil || l.Pending == nil || s.now().Before(l.Pending.Deadline) {
		return false, nil
	}
	return true, s.reveal(ctx, snap, *l, len(l.Pending.Rolls))
}
