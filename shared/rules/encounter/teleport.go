package encounter

import (
	"fmt"

	"chronicler/shared/dice"
	"chronicler/shared/srd"
)

// A Teleport takes the monster out of every reach at once, so it draws
// no opportunity attack. The policy teleports to withdraw, when a foe
// that could strike holds it in its reach and the monster is badly hurt
// (a quarter of its hit points or fewer) or held by more foes than its
// Multiattack makes attacks; as an action (a balor's, a marilith's, a
// nalfeshnee's) once a fight, since it costs the monster its attacks; as
// a legendary action (a solar's, a sphinx's) whenever it is worth it,
// and also to close on the foe it would strike (the weakest) when that
// foe is out of its reach and walking there would draw an opportunity
// attack. A blink dog's Teleport (recharge 4-6) is its action with one
// bite: beside a foe that holds it, it bites and teleports away; held
// from its target, it teleports beside the target and bites.

// teleportsNear reports whether a is a Teleport to a space the monster
// sees (not a unicorn's, a mile away, which leaves the fight).
func teleportsNear(a srd.Action) bool {
	return teleports(a) && !(a.Usage != nil && a.Usage.Type == "per_day")
}

// teleports reports whether a is a Teleport, an action or a legendary
// action with no attack roll.
func teleports(a srd.Action) bool { return a.ID == teleportID && a.AttackBonus == nil }

// threatenedBy counts the foes that hold monster ai in their reach and
// could strike it: those its walking away would draw an opportunity
// attack from.
func (e Encounter) threatenedBy(ai int) int {
	n := 0
	for j := range e.Participants {
		if e.threatens(j, ai) {
			n++
		}
	}
	return n
}

// withdraws reports whether monster ai would rather not stay where it
// is: held in a foe's reach while badly hurt (a quarter of its hit
// points or fewer), or held by more foes than its Multiattack makes
// attacks (one without).
func (e Encounter) withdraws(ai int) bool {
	p := e.Participants[ai]
	n := e.threatenedBy(ai)
	if n == 0 {
		return false
	}
	attacks := 1
	for _, a := range p.Actions {
		if a.Multiattack != nil {
			sum := 0
			for _, k := range fixedCounts(*a.Multiattack) {
				sum += k
			}
			attacks = max(attacks, sum)
		}
	}
	return 4*p.Combatant.HP <= p.Combatant.CurrentMaxHP() || n > attacks
}

// closes is the foe monster ai would teleport beside: the weakest, when
// it is out of ai's reach and a foe holds ai in its, so that walking
// there would draw an opportunity attack; -1 if none.
func (e Encounter) closes(ai int) int {
	ti := e.weakest()
	if ti < 0 || e.fallen(ti) || e.engaged(ai, ti) || e.threatenedBy(ai) == 0 {
		return -1
	}
	return ti
}

// teleportAway takes monster ai out of everyone's reach by magic: no
// opportunity attack.
func (e *Encounter) teleportAway(res *Result, ai int) {
	e.part(ai)
	res.Moved = true
	res.say(e.Participants[ai].Name + " teleports away, out of everyone's reach.")
}

// teleportTo brings monster ai beside participant ti by magic: no
// opportunity attack.
func (e *Encounter) teleportTo(res *Result, ai, ti int) {
	e.part(ai)
	e.engage(ai, ti)
	res.Moved = true
	res.say(fmt.Sprintf("%s teleports beside %s.", e.Participants[ai].Name, e.Participants[ti].Name))
}

// blinkBite is a blink dog's Teleport, its action, with its one bite:
// teleporting beside the target first when a foe holds it from the
// target, else biting and then teleporting away.
func (e *Encounter) blinkBite(res *Result, ai int, a srd.Action, src dice.Source, rs Reactions) error {
	e.markSpent(ai, a.ID)
	m := &e.Participants[ai]
	m.Turn.ActionUsed = true
	res.Kind = ActionAttack
	bite, ok := bestAttack(meleeOnly(m.Actions))
	if ti := e.closes(ai); ti >= 0 {
		e.teleportTo(res, ai, ti)
		if !ok {
			return nil
		}
		return e.strikeAt(res, ai, ti, bite, src, rs)
	}
	if ok {
		if err := e.monsterStrike(res, ai, bite, src, rs); err != nil {
			return err
		}
	}
	if e.Participants[ai].canAct() {
		e.teleportAway(res, ai)
	}
	return nil
}

// legendaryTeleport is a legendary Teleport (a solar's, a sphinx's) as
// the policy would take it now: to withdraw, or to close on its target.
func (e Encounter) legendaryTeleport(ai int, l Legendary) bool {
	return teleports(l.Attack) && (e.withdraws(ai) || e.closes(ai) >= 0)
}

// teleportLegendary plays a legendary Teleport: away when the monster
// withdraws, else beside its target.
func (e *Encounter) teleportLegendary(res *Result, ai int) {
	if e.withdraws(ai) {
		e.teleportAway(res, ai)
		return
	}
	if ti := e.closes(ai); ti >= 0 {
		e.teleportTo(res, ai, ti)
	}
}
