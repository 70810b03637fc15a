package encounter

import (
	"fmt"
	"strings"

	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/srd"
)

// A Charge, a Pounce or a Trampling Charge (a special ability whose
// srd.Action names the attack it Follows): a monster that runs at a target
// and hits it with that attack on the same turn deals the trait's Dice
// more damage of the attack's type, and the target saves or falls prone
// (the trait's OnHit); at a target left prone a Pounce's or a Trampling
// Charge's monster makes its Then attack as a bonus action.
//
// The fights keep who is in reach of whom, not distances: a monster that
// closes on its target this turn (Turn.Charged, set by closeIn) made the
// run, whatever feet the text asks (a table that places its creatures
// closer says so by starting them in reach). Once a turn: the first hit
// with the attack after the run carries it.

// chargeTraits are the special abilities played as a run and a hit.
var chargeTraits = []string{"charge", "pounce", "trampling-charge"}

// chargeOf is the run-and-hit trait of participant p, if it has one.
func chargeOf(p Participant) (srd.Action, bool) {
	for _, id := range chargeTraits {
		if tr, ok := p.trait(id); ok && tr.Follows != "" {
			return tr, true
		}
	}
	return srd.Action{}, false
}

// charging reports whether monster ai's attack req at ti is the one its
// Charge follows, after a run at ti this turn and before a hit has
// carried it.
func (e *Encounter) charging(ai, ti int, req rules.AttackRequest) (srd.Action, bool) {
	a := e.Participants[ai]
	tr, ok := chargeOf(a)
	if !ok || a.Turn.Charged == "" || a.Turn.Charged != e.Participants[ti].ID || !weaponKind(req.Kind) {
		return srd.Action{}, false
	}
	return tr, slug(strings.TrimPrefix(req.Weapon, "its ")) == tr.Follows
}

// chargeDamage is the attack hook of a Charge: the run's extra dice, of
// the attack's first damage type, ride on the hit (a critical hit doubles
// them with the rest).
func chargeDamage(e *Encounter, ai, ti int, req *rules.AttackRequest) {
	tr, ok := e.charging(ai, ti, *req)
	if !ok || tr.Dice == "" || len(req.Damage) == 0 {
		return
	}
	if x, err := dice.Parse(tr.Dice); err == nil {
		req.Damage = append(req.Damage, rules.DamageRoll{Dice: x, Type: req.Damage[0].Type})
	}
}

// charged plays what a Charge's hit r with stat block attack a does after
// its damage: the run is spent, the target saves or falls prone, and a
// target left prone takes the bonus attack the trait names.
func (e *Encounter) charged(res *Result, rs Reactions, ai, ti int, a srd.Action, r rules.AttackResult, src dice.Source) error {
	m := e.Participants[ai]
	tr, ok := chargeOf(m)
	if !ok || !r.Hit || tr.Follows != a.ID || m.Turn.Charged != e.Participants[ti].ID {
		return nil
	}
	e.Participants[ai].Turn.Charged = "" // once a turn
	res.say(fmt.Sprintf("%s's %s lands at the end of its run (%s).", m.Name, strings.ToLower(a.Name), tr.Name))
	if len(tr.OnHit) > 0 {
		if err := e.hitConditions(res, rs, ai, ti, srd.Action{ID: tr.ID, Name: tr.Name, OnHit: tr.OnHit}, src); err != nil {
			return err
		}
	}
	t := e.Participants[ti]
	if tr.Then == "" || t.down() || !t.Combatant.Conditions.Has(rules.Prone) || e.Participants[ai].Turn.BonusActionUsed || !e.Participants[ai].canAct() {
		return nil
	}
	then, ok := e.monsterAction(ai, tr.Then)
	if !ok {
		return nil
	}
	req, err := monsterRequest(then, 0, e.Participants[ai].hurt())
	if err != nil {
		return fault.Wrap(fault.Internal, actOp, err)
	}
	e.Participants[ai].Turn.BonusActionUsed = true
	res.say(fmt.Sprintf("%s follows up with its %s as a bonus action.", m.Name, strings.ToLower(then.Name)))
	e.packTactics(ai, ti, &req)
	if err := e.strike(res, ai, ti, req, src); err != nil {
		return err
	}
	return e.afterHit(res, rs, ai, ti, then, res.Attacks[len(res.Attacks)-1], src)
}

// runAt has monster ai close on ti: a run (Turn.Charged) when it was not
// already in reach of it.
func (e *Encounter) runAt(ai, ti int) {
	if !e.engaged(ai, ti) {
		e.Participants[ai].Turn.Charged = e.Participants[ti].ID
	}
	e.engage(ai, ti)
}

// monsterAction is monster ai's stat block action id.
func (e *Encounter) monsterAction(ai int, id string) (srd.Action, bool) {
	for _, a := range e.Participants[ai].Actions {
		if a.ID == id {
			return a, true
		}
	}
	return srd.Action{}, false
}
