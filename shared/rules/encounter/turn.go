package encounter

import "slices"

// Next ends the current turn and starts the next participant's: the next
// in initiative order who can take a turn (not dead, not stable at 0 HP,
// not surprised in round 1), a new round each time the order wraps. The
// new participant's action economy and reaction are reset and any Dodge
// ends. An ended encounter, or one where nobody can take a turn, is
// returned as it was.
func Next(e Encounter) Encounter {
	if e.Status != Active {
		return e
	}
	out := e.clone()
	if !out.advance(out.place()) {
		return e
	}
	return out
}

// advance moves Current to the first participant after position from in
// Order (-1 for the top of round 1) who can take a turn. It reports false,
// with e possibly half-changed, when nobody can; callers work on a clone.
func (e *Encounter) advance(from int) bool {
	n := len(e.Order)
	if n == 0 {
		return false
	}
	e.Effects = slices.DeleteFunc(e.Effects, func(fx Effect) bool { return fx.ID == extraTurnNow })
	// One full pass, plus the rest of the round from goes in, reaches
	// everyone at least once outside round 1.
	for k := 1; k <= 2*n+1; k++ {
		pos := from + k
		if i, ok := e.outOfOrder(pos); ok {
			e.begin(i)
			return true
		}
		if pos > 0 && pos%n == 0 {
			e.newRound()
		}
		i := e.index(e.Order[pos%n])
		if i < 0 {
			continue
		}
		p := &e.Participants[i]
		if !p.canTakeTurn() {
			continue
		}
		if e.Round == 1 && p.Surprised {
			// Its turn passes unplayed; from now on it may react.
			p.ReactionUsed = false
			continue
		}
		e.begin(i)
		return true
	}
	return false
}

// begin makes it participant i's turn: its action economy, reaction and
// legendary actions come back, its marks go, and its Dodge and Shield
// end.
func (e *Encounter) begin(i int) {
	p := &e.Participants[i]
	e.Current = p.ID
	p.Turn, p.Marks = Turn{Movement: p.Combatant.CurrentSpeed()}, nil
	// Slow and Open Hand Technique allow no reactions.
	p.ReactionUsed = e.holds(p.ID, "slow") || e.holds(p.ID, handShaken) || e.hindered(p.ID).NoReactions
	p.Combatant.Dodging = false
	p.unshield()
	if len(p.Legendary) > 0 {
		p.LegendaryLeft = LegendaryPerRound
	}
}

// A turn out of order is a second turn in the first round (Thief's
// Reflexes): an effect extraTurn on the participant, whose Mark is the
// initiative count it comes at, until it is taken; while it is played,
// an effect extraTurnNow whose Mark is the place in Order it came
// between, which the next turn follows (place).
const (
	extraTurn    = "extra-turn"
	extraTurnNow = "extra-turn-now"
)

// outOfOrder is the participant whose turn out of order comes before the
// turn at place pos of round 1 (pos at the end of Order: at the round's
// end), once its own first turn has passed; the pending turn becomes the
// one under way. One whose participant can take no turn (dead, stable at
// 0 HP) when the round ends is dropped.
func (e *Encounter) outOfOrder(pos int) (int, bool) {
	n := len(e.Order)
	if e.Round != 1 || pos > n {
		return -1, false
	}
	for k, fx := range e.Effects {
		if fx.ID != extraTurn {
			continue
		}
		i := e.index(fx.TargetID)
		due := pos == n
		if !due {
			if o := e.index(e.Order[pos]); o >= 0 {
				due = e.Participants[o].Initiative < fx.Mark
			}
		}
		switch {
		case i < 0 || !e.Participants[i].canTakeTurn():
			if pos == n {
				e.Effects = slices.Delete(slices.Clone(e.Effects), k, k+1)
				return e.outOfOrder(pos)
			}
		case due && slices.Index(e.Order, fx.TargetID) < pos:
			e.Effects = slices.Clone(e.Effects)
			e.Effects[k].ID, e.Effects[k].Mark = extraTurnNow, pos-1
			return i, true
		}
	}
	return -1, false
}

// place is the place in Order of the turn under way: the current
// participant's, or, for a turn out of order, the place it came after.
func (e Encounter) place() int {
	for _, fx := range e.Effects {
		if fx.ID == extraTurnNow && fx.TargetID == e.Current {
			return fx.Mark
		}
	}
	return slices.Index(e.Order, e.Current)
}

func (e *Encounter) newRound() {
	e.Round++
	if e.Round == 2 {
		for i := range e.Participants {
			e.Participants[i].Surprised = false
		}
	}
}
