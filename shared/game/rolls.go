package game

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"chronicler/events"
	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/rules/encounter"
)

// byHand reports whether a roll of the acting character's turn waits for
// its player: in interactive mode every roll the character makes, in
// hybrid mode its attack rolls and saving throws (the rolls a player
// feels); automatic mode rolls at once. Rolls others make during the turn
// (a monster's opportunity attack, a save the character's spell forces)
// are never the player's to make.
func byHand(mode string, r campaign.Roll, actorID string) bool {
	if r.RollerID != "" && r.RollerID != actorID {
		return false
	}
	switch mode {
	case campaign.DiceInteractive:
		return true
	case campaign.DiceHybrid:
		return strings.Contains(r.Reason, "attack") || strings.Contains(r.Reason, "save") || strings.Contains(r.Reason, "saving throw")
	}
	return false
}

// rollsByHand reports whether any of a turn's rolls waits for the player.
func rollsByHand(mode string, rolls []campaign.Roll, actorID string) bool {
	return slices.ContainsFunc(rolls, func(r campaign.Roll) bool { return byHand(mode, r, actorID) })
}

// nextByHand is the index of the first roll at or after from that waits
// for the player, len(rolls) if none does: the rolls before it are shown
// as they are made.
func nextByHand(mode string, rolls []campaign.Roll, actorID string, from int) int {
	for i := from; i < len(rolls); i++ {
		if byHand(mode, rolls[i], actorID) {
			return i
		}
	}
	return len(rolls)
}

// stop is where a held turn of actorID's waits next, at or after the
// first at of its rolls: the window of a hit its player may choose what
// to do with (of the attacks from settled on), when it comes before the
// next roll the player makes by hand, or that roll. It is the window and
// how many rolls the table sees before it, or nil and the index of the
// roll by hand, len(rolls) when the turn waits for nothing more.
func stop(snap Snapshot, actorID string, rolls []campaign.Roll, fight *encounter.Result, settled, at int) (*campaign.Window, int) {
	next := nextByHand(snap.Campaign.Settings.DiceMode, rolls, actorID, at)
	if fight != nil {
		if w, shown := window(snap, *fight, settled); w != nil && shown >= at && shown <= next {
			return w, shown
		}
	}
	return nil, next
}

// heldMessage is what a held turn waits for: its open window, or the
// roll it asks its player for.
func heldMessage(l campaign.Lease) message {
	if l.Pending.Window != nil {
		return windowMessage(l)
	}
	return rollRequest(l)
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
	if err := whilePaused(snap, op); err != nil {
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
		err = s.reveal(ctx, snap, *l, false, true)
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

// reveal shows the roll the player was asked for, and the rolls made
// after it up to where the turn waits next (stop): the next roll the
// player makes, or a hit the player chooses what to do with. With all
// set it shows every roll and opens no window (nobody is there to roll
// or choose). When nothing is left to wait for, it resolves the turn.
// answer says the orchestration task of the phase it leaves is still
// waiting (the player rolled; not a timeout).
func (s *Service) reveal(ctx context.Context, snap Snapshot, l campaign.Lease, all, answer bool) error {
	const op = "roll"
	now := s.now()
	p := *l.Pending
	// Decide again from the same seed, with the choices made at earlier
	// hits: the lease kept the table still, so the engine makes the same
	// rolls, and the decision says where the turn stops next.
	actor := characterOf(snap, l.ActorID)
	if actor == nil {
		s.release(ctx, snap.Campaign.ID, l)
		return fault.E(fault.Conflict, op, "the character is gone; the turn was not saved")
	}
	choices := encounter.Reactions{Taken: p.Reactions, Seed: s.reactionSeed(snap.Campaign.ID, l.TurnID)}
	d, err := s.decideWith(snap, *actor, l, dice.NewSeeded(p.Seed), choices)
	if err != nil || !sameRolls(d.Rolls, p.Rolls) {
		s.release(ctx, snap.Campaign.ID, l)
		return fault.E(fault.Conflict, op, "the table changed while the dice were out; the turn was not saved, try again")
	}
	from := p.Revealed
	p.Window, p.Revealed = nil, len(p.Rolls)
	if !all {
		p.Window, p.Revealed = stop(snap, l.ActorID, p.Rolls, d.Fight, p.Settled, min(from+1, len(p.Rolls)))
	}
	p.Token = ""
	p.Phase++ // even after the last roll, so a prompt task that starts late finds the turn moved on
	held := p.Window != nil || p.Revealed < len(p.Rolls)
	next := l
	next.Pending = &p
	next.ExpiresAt = now.Add(s.LeaseTTL)
	if held {
		wait := snap.Campaign.Settings.RollTimeoutSeconds
		if p.Window != nil {
			wait = snap.Campaign.Settings.ReactionWindowSeconds
		}
		p.Deadline = now.Add(time.Duration(wait) * time.Second)
		next.ExpiresAt = p.Deadline.Add(s.LeaseTTL)
	}
	msgs := rollMessages(l.TurnID, p.Rolls[from:p.Revealed])
	if held {
		msgs = append(msgs, heldMessage(next))
	}
	if err := s.commitHeld(ctx, snap.Campaign.ID, l, next, now, msgs...); err != nil {
		if isConflict(err) {
			return errStepTaken
		}
		return fmt.Errorf("%s: %w", op, err)
	}
	if answer {
		s.answer(ctx, l.Pending.Token, outcomeOf(Snapshot{Lease: &next}, l.TurnID))
	}
	if held || s.handOff(ctx, snap.Campaign.ID, next) {
		return nil
	}
	return s.narrateHere(ctx, snap, next, actor, d, p.Seed, nil, true)
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
