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
	if !out.advance(slices.Index(out.Order, out.Current)) {
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
	// One full pass, plus the rest of the round from goes in, reaches
	// everyone at least once outside round 1.
	for k := 1; k <= 2*n+1; k++ {
		pos := from + k
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
		e.Current = p.ID
		p.Turn = Turn{Movement: p.Combatant.CurrentSpeed()}
		// Slow and Open Hand Technique allow no reactions.
		p.ReactionUsed = e.holds(p.ID, "slow") || e.holds(p.ID, handShaken)
		p.Combatant.Dodging = false
		p.unshield()
		if len(p.Legendary) > 0 {
			p.LegendaryLeft = LegendaryPerRound
		}
		return true
	}
	return false
}

func (e *Encounter) newRound() {
	e.Round++
	if e.Round == 2 {
		for i := range e.Participants {
			e.Participants[i].Surprised = false
		}
	}
}
