package encounter

import (
	"fmt"
	"slices"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/srd"
)

// Where creatures stand is kept as who is within whose reach: a
// participant's Engaged are the creatures of the other side it is in melee
// with, and each of them has it among theirs. A fight opens with nobody
// engaged. A melee attack brings the attacker to its target: it leaves
// the creatures it was engaged with (unless the target is one of them)
// and engages the target. ActionMove takes a character out of everyone's
// reach. Leaving a creature's reach without the Disengage action draws its
// opportunity attack, if it stands, can act and has its reaction: a
// monster makes its own at once, by rule; a character is offered it in a
// reaction window (MonsterTurnWith). A ranged attack has disadvantage
// while a hostile creature that can act is engaged with the attacker, and
// Sneak Attack and Pack Tactics need an ally engaged with the target.

// ActionMove is a character moving away: it spends a move's worth of its
// movement (its speed) and leaves the reach of everyone engaged with it.
const ActionMove = "move"

// engaged reports whether participants i and j are in each other's reach.
func (e Encounter) engaged(i, j int) bool {
	return slices.Contains(e.Participants[i].Engaged, e.Participants[j].ID)
}

// engage puts participants i and j in each other's reach.
func (e *Encounter) engage(i, j int) {
	if i == j || e.engaged(i, j) {
		return
	}
	a, b := &e.Participants[i], &e.Participants[j]
	a.Engaged = append(slices.Clip(a.Engaged), b.ID)
	b.Engaged = append(slices.Clip(b.Engaged), a.ID)
}

// part takes participant i out of everyone's reach.
func (e *Encounter) part(i int) {
	id := e.Participants[i].ID
	for j := range e.Participants {
		if p := &e.Participants[j]; slices.Contains(p.Engaged, id) {
			p.Engaged = slices.DeleteFunc(slices.Clone(p.Engaged), func(x string) bool { return x == id })
		}
	}
	e.Participants[i].Engaged = nil
}

// threatens reports whether participant j holds i in its reach as a foe
// that could strike: of the other side, engaged with i, on its feet and
// able to act.
func (e Encounter) threatens(j, i int) bool {
	p := e.Participants[j]
	return p.Kind != e.Participants[i].Kind && e.engaged(i, j) && p.canAct()
}

// threatened reports whether a foe that could strike holds participant i
// in its reach, which gives i's ranged attacks disadvantage.
func (e Encounter) threatened(i int) bool {
	for j := range e.Participants {
		if e.threatens(j, i) {
			return true
		}
	}
	return false
}

// besides reports whether a creature of ai's side other than ai, on its
// feet and able to act, is engaged with participant ti: the ally Sneak
// Attack and Pack Tactics need.
func (e Encounter) besides(ai, ti int) bool {
	for j, p := range e.Participants {
		if j != ai && p.Kind == e.Participants[ai].Kind && e.engaged(j, ti) && p.canAct() {
			return true
		}
	}
	return false
}

// opportunists are the participants, in initiative order, that may make
// an opportunity attack at participant i as it leaves their reach: those
// that threaten it with their reaction unused, unless i took the
// Disengage action this turn.
func (e Encounter) opportunists(i int) []int {
	if e.Participants[i].Turn.Disengaged {
		return nil
	}
	var out []int
	for _, id := range e.Order {
		j := e.index(id)
		if j >= 0 && e.threatens(j, i) && !e.Participants[j].ReactionUsed && !e.Participants[j].Surprised {
			out = append(out, j)
		}
	}
	return out
}

// approachedBy brings a character, participant ai, to the target ti of
// its melee attack: the monsters whose reach it leaves make their
// opportunity attacks, by rule, and it engages the target if it is still
// on its feet, which it reports.
func (e *Encounter) approachedBy(res *Result, ai, ti int, src dice.Source) (bool, error) {
	if e.engaged(ai, ti) {
		return true, nil
	}
	if err := e.monstersStrike(res, ai, src); err != nil {
		return false, err
	}
	if e.Participants[ai].down() {
		return false, nil
	}
	if err := e.trample(res, ai, ti, src); err != nil || e.Participants[ai].down() {
		return false, err // Spike Growth (spells_journeys.go)
	}
	e.part(ai)
	e.runAt(ai, ti)
	return true, nil
}

// monstersStrike has each monster whose reach character ai leaves make
// its opportunity attack, with its best melee attack, until the character
// drops.
func (e *Encounter) monstersStrike(res *Result, ai int, src dice.Source) error {
	for _, j := range e.opportunists(ai) {
		if e.Participants[ai].down() {
			break
		}
		m := e.Participants[j]
		a, ok := bestAttack(meleeOnly(m.Actions))
		if !ok {
			continue
		}
		req, err := monsterRequest(e.inState(j, a), 0, m.hurt()) // hindrances.go
		if err != nil {
			return fault.Wrap(fault.Internal, actOp, err)
		}
		req.Opportunity = true
		e.Participants[j].ReactionUsed = true
		res.say(fmt.Sprintf("%s makes an opportunity attack as %s leaves its reach.", m.Name, e.Participants[ai].Name))
		if spared, err := e.spared(res, j, ai, src); err != nil || spared {
			if err != nil {
				return err
			}
			continue
		}
		if err := e.strike(res, j, ai, req, src); err != nil {
			return err
		}
	}
	return nil
}

// meleeOnly are the actions that can make a melee attack.
func meleeOnly(actions []srd.Action) []srd.Action {
	var out []srd.Action
	for _, a := range actions {
		if a.AttackBonus != nil && a.AttackType != "ranged" {
			a.AttackType = "melee"
			out = append(out, a)
		}
	}
	return out
}

// move is ActionMove: the character spends a move's worth of movement
// (its speed, or what it has left; Dash gives a second), the monsters
// whose reach it leaves
// strike at it, and, if it is still on its feet, it is out of everyone's
// reach (Result.Moved). Where it goes is the caller's, an area of the map
// (to): out of the encounter's area, it has left the fight (Left: the
// monsters do not follow, and the party that has all left has fled);
// into it, it is back.
func (e *Encounter) move(res *Result, ai int, to string, src dice.Source) error {
	p := e.Participants[ai]
	speed := p.Combatant.CurrentSpeed()
	switch {
	case p.Kind != KindCharacter:
		return refuse(NotAllowed, "action.kind", "%s moves by the monsters' policy", p.Name)
	case speed <= 0:
		return refuse(ActorStateRestricted, "action.kind", "%s can't move: its speed is 0", p.Name)
	case p.Turn.Movement <= 0:
		return refuse(NotAllowed, "action.kind", "%s has no move left this turn (Dash gives another)", p.Name)
	}
	// A move spends a speed's worth, or what is left: a speed changed
	// during the turn (Longstrider, Slow) never strands the one move.
	e.Participants[ai].Turn.Movement = max(p.Turn.Movement-speed, 0)
	e.mark(ai, moved) // a move's worth is a whole speed: more than half of it
	if err := e.monstersStrike(res, ai, src); err != nil {
		return err
	}
	if err := e.trample(res, ai, -1, src); err != nil || e.Participants[ai].down() {
		return err // Spike Growth (spells_journeys.go)
	}
	switch left := e.AreaID != "" && to != "" && to != e.AreaID; {
	case left && p.Left:
		res.say(p.Name + " moves on, away from the fight.")
	case left:
		res.say(p.Name + " leaves the fight.")
	case p.Left:
		res.say(p.Name + " comes back to the fight.")
	case len(p.Engaged) > 0:
		res.say(p.Name + " moves away from the fight.")
	default:
		res.say(p.Name + " moves.")
	}
	e.part(ai)
	if e.AreaID != "" && to != "" {
		e.Participants[ai].Left = to != e.AreaID
	}
	res.Moved = true
	return nil
}

// closeIn brings monster ai to the target ti of its melee attack during
// its turn (rs are the reactions taken to it): the characters whose reach
// it leaves may make opportunity attacks, a moment of the turn offered to
// them before the monster goes; then, if it still stands and can act, it
// engages the target, which it reports.
func (e *Encounter) closeIn(res *Result, ai, ti int, rs Reactions) (bool, error) {
	if e.engaged(ai, ti) {
		return true, nil
	}
	e.slipAway(res, ai) // Nimble Escape (tactics.go)
	ops := e.opportunists(ai)
	if len(ops) > 0 {
		k, at := res.moment(), len(res.Rolls)
		pre := e.clone()
		taken := rs.at(k)
		for _, t := range taken {
			if err := e.opportunityAttack(res, rs, t, ai, ops); err != nil {
				return false, err
			}
		}
		var offers []Offer
		for _, j := range ops {
			p := pre.Participants[j]
			if len(taken) >= MaxReactionsPerAttack || slices.ContainsFunc(taken, func(t campaign.Reaction) bool { return t.By == p.ID }) {
				continue
			}
			if slices.Contains(p.canReact(), OpportunityAttack) {
				offers = append(offers, offerTo(p, OpportunityAttack, ChangesUnknown))
			}
		}
		if len(offers) > 0 {
			m := pre.Participants[ai]
			offers = pre.previewed(offers, Moment{Leaving: m.ID})
			res.Openings = append(res.Openings, Opening{Attack: k, Roll: at, Before: true, AttackerID: m.ID, TargetID: pre.Participants[ti].ID,
				Trigger: fmt.Sprintf("%s leaves %s's reach to go for %s.", m.Name, names(pre, ops), pre.Participants[ti].Name), Offers: offers})
		}
	}
	if !e.Participants[ai].canAct() {
		return false, nil
	}
	e.part(ai)
	e.engage(ai, ti)
	return true, nil
}

// opportunityAttack applies a character's opportunity attack t at monster
// ai, whose leaving the reach of ops drew it. One at a creature that has
// already fallen is let go unmade.
func (e *Encounter) opportunityAttack(res *Result, rs Reactions, t campaign.Reaction, ai int, ops []int) error {
	i := e.index(t.By)
	switch {
	case t.Name != OpportunityAttack:
		return refuse(NotAllowed, "reaction", "%s does not answer a creature leaving reach", truncate(t.Name, 40))
	case i < 0 || !slices.Contains(ops, i) || !slices.Contains(e.Participants[i].canReact(), OpportunityAttack):
		return refuse(NotAllowed, "reaction", "%s cannot make an opportunity attack now", t.By)
	case e.Participants[ai].down():
		return nil
	}
	p := e.Participants[i]
	req, err := bestMelee(p)
	if err != nil {
		return err
	}
	req.Opportunity = true
	e.Participants[i].ReactionUsed = true
	res.say(fmt.Sprintf("%s makes an opportunity attack as %s goes.", p.Name, e.Participants[ai].Name))
	n := len(res.Attacks)
	if err := e.strike(res, i, ai, req, rs.source(t)); err != nil {
		return err
	}
	res.Applied = append(res.Applied, applied(t, p, fmt.Sprintf("%s makes an opportunity attack: %s", p.Name, res.Attacks[n].Summary())))
	if e.Participants[ai].Defeated {
		res.say(e.Participants[ai].Name + " falls before it gets there.")
	}
	return nil
}

// bestMelee is the melee attack a character makes on the spot (an
// opportunity attack): with its best melee weapon, or an unarmed strike.
func bestMelee(p Participant) (rules.AttackRequest, error) {
	return weaponAttack(p, bestWeapon(p, false, true), 0, "")
}

// bestWeapon is the id of the weapon a character attacks with when it
// names none: of those it carries that deal damage, a ranged (or thrown)
// one when ranged is set, else a melee one, dealing the most on average;
// failing that, any other unless meleeOnly; "" for an unarmed strike.
//
// A weapon the character wields that fits comes first: the best of those.
//
// Only weapons it can attack with now count (wieldable: no two-handed
// one with a shield on its arm, no bow without arrows), but a ranged
// attack with none of them is named with the best that fits, so its
// refusal says what is missing rather than the reach of a sword.
func bestWeapon(p Participant, ranged, meleeOnly bool) string {
	able := func(ids []string) []string {
		return slices.DeleteFunc(slices.Clone(ids), func(id string) bool {
			w, ok := srd.LookupWeapon(id)
			return !ok || wieldable(p, w, "") != nil
		})
	}
	if best, _ := pickWeapon(able(p.Wielded), ranged, meleeOnly); best != "" {
		return best
	}
	best, other := pickWeapon(able(p.Weapons), ranged, meleeOnly)
	if best != "" {
		return best
	}
	if fits, _ := pickWeapon(p.Weapons, ranged, meleeOnly); ranged && fits != "" {
		return fits
	}
	return other
}

// pickWeapon is, among the weapon ids, the best that fits (bestWeapon)
// and the best of the others.
func pickWeapon(ids []string, ranged, meleeOnly bool) (best, other string) {
	bestScore, otherScore := -1, -1
	for _, id := range ids {
		w, ok := srd.LookupWeapon(id)
		if !ok || w.Damage == nil {
			continue
		}
		x, err := dice.Parse(w.Damage.Dice)
		if err != nil {
			continue
		}
		score := x.Min() + x.Max()
		fits := w.RangeType != "ranged"
		if ranged {
			fits = w.RangeType == "ranged" || w.ThrowRange != nil
		}
		switch {
		case fits && score > bestScore:
			best, bestScore = id, score
		case !fits && score > otherScore && !(meleeOnly && w.RangeType == "ranged"):
			other, otherScore = id, score
		}
	}
	return best, other
}

// names lists the participants at idx: "Mira", "Mira and Tobin".
func names(e Encounter, idx []int) string {
	n := make([]string, len(idx))
	for k, i := range idx {
		n[k] = e.Participants[i].Name
	}
	return rules.JoinAnd(n)
}
