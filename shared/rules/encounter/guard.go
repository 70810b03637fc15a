package encounter

import (
	"fmt"
	"slices"

	"chronicler/shared/dice"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
)

// parryBonus is the AC each SRD stat block's Parry reaction adds against
// one melee attack that would hit it (the stat blocks' text; the data
// names the reaction only).
var parryBonus = map[string]int{
	"bandit-captain": 2, "erinyes": 4, "gladiator": 3, "knight": 2, "marilith": 5, "noble": 2,
}

// parryOf is the AC a stat block's Parry adds, 0 if it has none the
// engine knows the bonus of.
func parryOf(m srd.Monster) int {
	if !slices.ContainsFunc(m.Reactions, func(a srd.Action) bool { return a.ID == "parry" }) {
		return 0
	}
	if !slices.ContainsFunc(m.Actions, func(a srd.Action) bool { return a.AttackBonus != nil && a.AttackType != "ranged" }) {
		return 0 // it must be wielding a melee weapon
	}
	return parryBonus[m.ID]
}

// canParry reports whether target may parry a melee attack by attacker:
// it has Parry, its reaction is unused, it can act and see the attacker.
func canParry(attacker, target Participant, req rules.AttackRequest) bool {
	return target.Parry > 0 && canGuard(attacker, target) && (req.Kind == rules.MeleeWeapon || req.Kind == rules.MeleeSpell)
}

// canGuard reports whether monster target may answer an attack by
// attacker with a reaction: its reaction is unused, it can act and see
// the attacker.
func canGuard(attacker, target Participant) bool {
	c := target.Combatant
	return target.Kind == KindMonster && !target.ReactionUsed && target.canAct() &&
		!c.Conditions.Has(rules.Blinded) && !attacker.Combatant.Conditions.Has(rules.Invisible) && !attacker.Hidden
}

// guard is a monster's reaction that raises its AC against one attack
// that would hit it: Parry (its stat block's bonus, free) or the Shield
// spell (+5 until the start of its next turn, for a slot).
type guard struct {
	name  string
	bonus int
}

// guards are the reactions monster ti may raise its AC with against
// attacker ai's attack, cheapest first.
func (e Encounter) guards(ai, ti int, req rules.AttackRequest) []guard {
	a, t := e.Participants[ai], e.Participants[ti]
	if a.Kind != KindCharacter || !canGuard(a, t) {
		return nil
	}
	var out []guard
	if canParry(a, t, req) {
		out = append(out, guard{"parry", t.Parry})
	}
	if _, ok := t.castable(Shield); ok {
		out = append(out, guard{Shield, 5})
	}
	return out
}

// guarded makes an attack a monster may answer with a guard. The roll is
// first made against its AC raised by the best guard, with the dice
// taped; if it misses there but would have hit the real AC, the monster
// takes the cheapest guard that turns the hit into a miss, and the attack
// is that miss; otherwise the attack is made again against the real AC
// from the same dice, so no die is drawn that the record leaves out.
func (e *Encounter) guarded(res *Result, ai, ti int, req rules.AttackRequest, gs []guard, src dice.Source) (rules.AttackResult, error) {
	a, t := e.Participants[ai], e.Participants[ti]
	best := 0
	for _, g := range gs {
		best = max(best, g.bonus)
	}
	raised := e.concentrator(ti, t.Combatant)
	raised.AC += best
	tp := &tape{src: src}
	r, err := rules.Attack(a.Combatant, raised, req, tp)
	if err != nil {
		return r, err
	}
	if r.Hit || r.Natural == 1 || r.Total < t.Combatant.AC {
		return rules.Attack(a.Combatant, e.concentrator(ti, t.Combatant), req, &replay{faces: tp.faces, src: src})
	}
	i := slices.IndexFunc(gs, func(g guard) bool { return r.Total < t.Combatant.AC+g.bonus })
	g := gs[i]
	if g.name == Shield {
		if err := e.monsterShield(res, ti, src); err != nil {
			return r, err
		}
	} else {
		e.Participants[ti].ReactionUsed = true
		res.say(fmt.Sprintf("%s parries: AC %d against this attack.", t.Name, t.Combatant.AC+g.bonus))
	}
	raised = e.concentrator(ti, e.Participants[ti].Combatant)
	if g.name != Shield {
		raised.AC += g.bonus
	}
	return rules.Attack(a.Combatant, raised, req, &replay{faces: tp.faces, src: src})
}

// monsterShield has monster ti cast Shield: a slot (or an innate use)
// spent, +5 AC until the start of its next turn.
func (e *Encounter) monsterShield(res *Result, ti int, src dice.Source) error {
	t := e.Participants[ti]
	plan, _ := t.castable(Shield)
	if _, err := e.monsterCastsReaction(res, ti, plan, spell.Options{}, src); err != nil {
		return err
	}
	p := &e.Participants[ti]
	p.Combatant.AC += 5
	p.Shielded = true
	p.sync()
	res.say(fmt.Sprintf("%s casts Shield: AC %d until the start of its next turn.", p.Name, p.AC))
	return nil
}

// tape is a dice source that records the faces it draws.
type tape struct {
	src   dice.Source
	faces []int
}

func (t *tape) Intn(n int) int {
	v := t.src.Intn(n)
	t.faces = append(t.faces, v)
	return v
}

// replay serves recorded faces again, then draws from src.
type replay struct {
	faces []int
	i     int
	src   dice.Source
}

func (r *replay) Intn(n int) int {
	if r.i < len(r.faces) {
		r.i++
		return r.faces[r.i-1]
	}
	return r.src.Intn(n)
}
