package game

import (
	"context"
	"errors"
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
	for range 5 {
		l := snap.Lease
		if l == nil || l.Pending == nil || l.Pending.Window != nil || l.TurnID != msg.TurnID {
			return fault.E(fault.Conflict, op, "nothing is waiting for a roll on this turn")
		}
		if l.PlayerID != conn.PlayerID {
			return fault.E(fault.Forbidden, op, "it is not your roll")
		}
		p := l.Pending
		if p.Revealed >= len(p.Rolls) || p.Rolls[p.Revealed].RollID != msg.RollID {
			return fault.E(fault.Conflict, op, "that roll was already made or is not the one asked for")
		}
		err = s.reveal(ctx, snap, *l, 1, true)
		if !errors.Is(err, errStepTaken) {
			return err
		}
		if snap, err = s.Store.Snapshot(ctx, conn.CampaignID); err != nil {
			return fmt.Errorf("%s: %w", op, err)
		}
	}
	return fault.E(fault.Conflict, op, "the turn kept changing; roll again")
}

// errStepTaken is commitHeld's conflict: another write to the held turn
// got there first. Read the turn again and decide again.
var errStepTaken = fault.E(fault.Conflict, "held turn", "another answer got there first")

// reveal shows n more of the pending turn's rolls and, when none are left,
// resolves the turn. answer says the orchestration task of the phase it
// leaves is still waiting (the player rolled; not a timeout).
func (s *Service) reveal(ctx context.Context, snap Snapshot, l campaign.Lease, n int, answer bool) error {
	const op = "roll"
	now := s.now()
	p := *l.Pending
	from := p.Revealed
	p.Revealed = min(p.Revealed+n, len(p.Rolls))
	p.Token = ""
	p.Phase++ // even after the last roll, so a prompt task that starts late finds the turn moved on
	more := p.Revealed < len(p.Rolls)
	if more {
		p.Deadline = now.Add(time.Duration(snap.Campaign.Settings.RollTimeoutSeconds) * time.Second)
	}
	next := l
	next.Pending = &p
	next.ExpiresAt = now.Add(s.LeaseTTL)
	if more {
		next.ExpiresAt = p.Deadline.Add(s.LeaseTTL)
	}
	if err := s.commitHeld(ctx, snap.Campaign.ID, l, next, now); err != nil {
		if isConflict(err) {
			return errStepTaken
		}
		return fmt.Errorf("%s: %w", op, err)
	}
	msgs := rollMessages(l.TurnID, p.Rolls[from:p.Revealed])
	if more {
		msgs = append(msgs, rollRequest(next))
	}
	if err := s.publish(ctx, snap.Campaign.ID, "", msgs...); err != nil {
		return err
	}
	if answer {
		s.answer(ctx, l.Pending.Token, outcomeOf(Snapshot{Lease: &next}, l.TurnID))
	}
	if more {
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
	if err := s.resolve(ctx, snap, next, actor, d, p.Seed); err != nil {
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
