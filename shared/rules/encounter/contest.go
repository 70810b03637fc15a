package encounter

import (
	"slices"

	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
)

// Grapples and shoves are the SRD's special melee attacks: each takes the
// Attack action (one attack of it, here the whole action) against a
// creature within reach no more than one size larger, and is a contest
// of the attacker's Strength (Athletics) against the target's Strength
// (Athletics) or Dexterity (Acrobatics), whichever the target is better
// at (the target chooses). A grapple won leaves the target grappled (its
// speed 0) by the attacker, until it escapes with its action (the same
// contest the other way round) or the grappler can no longer hold it (at
// 0 HP, incapacitated, or gone from the fight). A shove won knocks the
// target prone (Action.Choice "prone", the default) or pushes it 5 feet
// away ("push"): out of the shover's reach.
const (
	ActionGrapple = "grapple"
	ActionShove   = "shove"
	ActionEscape  = "escape"
)

// ShoveChoices are what a shove may do to its target.
var ShoveChoices = []string{"prone", "push"}

// sizes are the creature sizes, smallest first.
var sizes = []string{"tiny", "small", "medium", "large", "huge", "gargantuan"}

// sizeOf is the participant's size's rank; Medium when unknown.
func sizeOf(p Participant) int {
	if i := slices.Index(sizes, p.Size); i >= 0 {
		return i
	}
	return 2
}

// defence is the skill a creature resists a grapple or shove with: the
// better of Athletics and Acrobatics.
func defence(c rules.Combatant) rules.CheckRequest {
	if c.CheckBonus(rules.Dex, rules.Acrobatics) > c.CheckBonus(rules.Str, rules.Athletics) {
		return rules.CheckRequest{Skill: rules.Acrobatics}
	}
	return rules.CheckRequest{Skill: rules.Athletics}
}

// grab is ActionGrapple and ActionShove: participant ai's contest
// against its target.
func (e *Encounter) grab(res *Result, ai int, in Action, src dice.Source) error {
	p := e.Participants[ai]
	what := map[string]string{ActionGrapple: "grapple", ActionShove: "shove"}[in.Kind]
	ti := e.index(in.TargetID)
	switch {
	case p.Kind != KindCharacter:
		return refuse(NotAllowed, "action.kind", "%s's grapples are its stat block's", p.Name)
	case p.Turn.ActionUsed:
		return refuse(NotAllowed, "action.kind", "%s has already taken an action this turn", p.Name)
	case in.TargetID == "":
		return refuse(InvalidArgs, "action.target_id", "name the creature to %s", what)
	case ti < 0:
		return refuse(InvalidArgs, "action.target_id", "no participant %q", truncate(in.TargetID, 60))
	case ti == ai:
		return refuse(InvalidArgs, "action.target_id", "%s can't %s itself", p.Name, what)
	case in.Kind == ActionShove && in.Choice != "" && !slices.Contains(ShoveChoices, in.Choice):
		return refuse(InvalidArgs, "action.choice", "a shove knocks prone or pushes away: prone or push")
	}
	t := e.Participants[ti]
	switch {
	case t.Defeated:
		return refuse(NotAllowed, "action.target_id", "%s is already dead", t.Name)
	case e.elsewhere(t.ID) || p.Left:
		return refuse(NotAllowed, "action.target_id", "%s", e.unreachable(ti))
	case e.size(ti) > e.size(ai)+1:
		return refuse(NotAllowed, "action.target_id", "%s is too large to %s: no more than one size larger than %s", t.Name, what, p.Name)
	case in.Kind == ActionGrapple && t.GrappledBy == p.ID:
		return refuse(NotAllowed, "action.target_id", "%s already holds %s", p.Name, t.Name)
	}
	e.Participants[ai].Turn.ActionUsed = true
	if ok, err := e.approachedBy(res, ai, ti, src); err != nil || !ok {
		return err
	}
	c, err := rules.Contest(e.Participants[ai].Combatant, e.strength(ai, rules.CheckRequest{Skill: rules.Athletics}),
		e.Participants[ti].Combatant, e.strength(ti, defence(e.Participants[ti].Combatant)), src)
	if err != nil {
		return fault.Wrap(fault.Internal, actOp, err)
	}
	res.Rolls = append(res.Rolls, c.Rolls...)
	res.say(p.Name + " tries to " + what + " " + t.Name + ". " + c.Summary())
	if !c.InitiatorWon() {
		return nil
	}
	switch {
	case in.Kind == ActionGrapple:
		cr, err := e.condition(res, ti, rules.Grappled)
		if err != nil {
			return err
		}
		if cr.Immune {
			res.say(cr.Summary())
			return nil
		}
		e.Participants[ti].GrappledBy = p.ID
		res.say(t.Name + " is grappled by " + p.Name + ": its speed is 0.")
	case in.Choice == "push":
		e.unengage(ai, ti)
		res.say(p.Name + " pushes " + t.Name + " 5 feet away, out of reach.")
	default:
		cr, err := e.condition(res, ti, rules.Prone)
		if err != nil {
			return err
		}
		res.say(cr.Summary())
	}
	return nil
}

// escape is ActionEscape: participant ai, grappled, tries to break free
// with its action. A grappler that can no longer hold it lets go without
// a contest.
func (e *Encounter) escape(res *Result, ai int, src dice.Source) error {
	p := e.Participants[ai]
	switch {
	case p.Turn.ActionUsed:
		return refuse(NotAllowed, "action.kind", "%s has already taken an action this turn", p.Name)
	case p.GrappledBy == "" && !p.Combatant.Conditions.Has(rules.Grappled):
		if k := slices.IndexFunc(e.Effects, func(fx Effect) bool { return fx.TargetID == p.ID && fx.Escape > 0 }); k >= 0 {
			return e.breakFree(res, ai, e.Effects[k], src)
		}
		return refuse(NotAllowed, "action.kind", "%s is not grappled", p.Name)
	}
	e.Participants[ai].Turn.ActionUsed = true
	gi := e.index(p.GrappledBy)
	if gi >= 0 && e.canHold(gi) && p.EscapeDC > 0 {
		// A stat block's grapple: its escape DC, with Athletics or
		// Acrobatics, whichever the creature is better at.
		g := e.Participants[gi]
		req := e.strength(ai, defence(p.Combatant))
		req.DC = p.EscapeDC
		c, err := rules.Check(p.Combatant, req, src)
		if err != nil {
			return fault.Wrap(fault.Internal, actOp, err)
		}
		res.Rolls = append(res.Rolls, c.Rolls...)
		res.say(p.Name + " tries to escape " + g.Name + "'s grapple. " + c.Summary())
		if !c.Success {
			return nil
		}
	} else if gi >= 0 && e.canHold(gi) {
		g := e.Participants[gi]
		c, err := rules.Contest(p.Combatant, e.strength(ai, defence(p.Combatant)), g.Combatant, e.strength(gi, rules.CheckRequest{Skill: rules.Athletics}), src)
		if err != nil {
			return fault.Wrap(fault.Internal, actOp, err)
		}
		res.Rolls = append(res.Rolls, c.Rolls...)
		res.say(p.Name + " tries to escape " + g.Name + "'s grapple. " + c.Summary())
		if !c.InitiatorWon() {
			return nil
		}
	}
	return e.release(res, ai)
}

// canHold reports whether participant gi can still hold a creature it
// grapples: on its feet, able to act and in the fight.
func (e Encounter) canHold(gi int) bool {
	g := e.Participants[gi]
	return !g.down() && !g.Combatant.Incapacitated() && !g.Left
}

// letGo frees the participant whose turn starts from a grapple its
// grappler can no longer hold it in (down, incapacitated, gone from the
// fight), so that it need not spend its action to escape.
func (e *Encounter) letGo(res *Result) error {
	i := e.index(e.Current)
	if i < 0 || e.Participants[i].GrappledBy == "" {
		return nil
	}
	if gi := e.index(e.Participants[i].GrappledBy); gi >= 0 && e.canHold(gi) {
		return nil
	}
	return e.release(res, i)
}

// release ends participant i's grapple, and the restraint that came
// with it.
func (e *Encounter) release(res *Result, i int) error {
	p := &e.Participants[i]
	held := p.HeldRestrained && !slices.ContainsFunc(e.Effects, func(fx Effect) bool { return fx.TargetID == p.ID && fx.Condition == rules.Restrained })
	p.GrappledBy, p.EscapeDC, p.HeldRestrained = "", 0, false
	for _, c := range []rules.Condition{rules.Grappled, rules.Restrained} {
		if c == rules.Restrained && !held {
			continue
		}
		if _, err := e.uncondition(res, i, c); err != nil {
			return err
		}
	}
	res.say(e.Participants[i].Name + " is free of the grapple.")
	return nil
}

// unengage takes participants i and j out of each other's reach.
func (e *Encounter) unengage(i, j int) {
	a, b := &e.Participants[i], &e.Participants[j]
	a.Engaged = slices.DeleteFunc(slices.Clone(a.Engaged), func(x string) bool { return x == b.ID })
	b.Engaged = slices.DeleteFunc(slices.Clone(b.Engaged), func(x string) bool { return x == a.ID })
}
