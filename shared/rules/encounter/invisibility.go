package encounter

import (
	"fmt"
	"slices"

	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
)

// A monster's own Invisibility action (an imp's, a quasit's, a
// duergar's, a sprite's, a will-o'-wisp's) "magically turns invisible
// until it attacks or casts a spell, or until its concentration ends":
// the rules play it as the spell Invisibility cast on itself, with its
// concentration, which the spell's own effect ends at its next attack
// or spell. The policy spends a turn on it once a fight, while no foe is
// in its reach: its next attack then has advantage, as an unseen
// attacker's does.

// vanishes reports whether a is a monster's own Invisibility action.
func vanishes(a srd.Action) bool {
	return a.ID == "invisibility" && a.AttackBonus == nil && a.Multiattack == nil
}

// readyVanish is monster ai's Invisibility when the policy would take it
// now: not yet taken this fight, the monster seen, and no foe beside it.
func (e *Encounter) readyVanish(ai int) (srd.Action, bool) {
	p := e.Participants[ai]
	k := slices.IndexFunc(p.Actions, vanishes)
	if k < 0 || slices.Contains(p.Spent, p.Actions[k].ID) || p.Combatant.Conditions.Has(rules.Invisible) || len(p.Engaged) > 0 {
		return srd.Action{}, false
	}
	return p.Actions[k], true
}

// turnInvisible is monster ai's action spent turning invisible (readyVanish).
func (e *Encounter) turnInvisible(res *Result, ai int, a srd.Action, src dice.Source) error {
	s, ok := srd.LookupSpell("invisibility")
	if !ok {
		return fault.E(fault.Internal, actOp, "no spell invisibility")
	}
	p := e.Participants[ai]
	sr, err := spell.Cast(p.Combatant, s.ID, s.Level, []rules.Combatant{p.Combatant}, spell.Options{Innate: true, Ability: rules.Cha}, src, srd.LookupSpell)
	if err != nil {
		return fault.Wrap(fault.Internal, actOp, err)
	}
	if err := e.take(res, ai, sr, src); err != nil {
		return err
	}
	for _, fx := range sr.Effects {
		if err := e.add(res, Effect{Effect: fx, SlotLevel: s.Level, Until: e.until(fx, s)}, src); err != nil {
			return err
		}
	}
	e.markSpent(ai, a.ID)
	e.Participants[ai].Turn.ActionUsed = true
	res.Kind = ActionCast
	res.say(fmt.Sprintf("%s turns invisible (its Invisibility), until it attacks or its concentration ends.", p.Name))
	return nil
}
