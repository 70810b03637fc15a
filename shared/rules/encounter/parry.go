package encounter

import (
	"fmt"
	"slices"

	"chronicler/shared/dice"
	"chronicler/shared/rules"
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
	c := target.Combatant
	return target.Parry > 0 && !target.ReactionUsed && !target.down() && !c.Incapacitated() &&
		!c.Conditions.Has(rules.Blinded) && !attacker.Combatant.Conditions.Has(rules.Invisible) && !attacker.Hidden &&
		(req.Kind == rules.MeleeWeapon || req.Kind == rules.MeleeSpell)
}

// parried makes an attack a monster with Parry may answer. The roll is
// first made against the parried AC with the dice taped; if it misses
// there but would have hit the real AC, the monster parries and that is
// the attack; otherwise the attack is made again against the real AC
// from the same dice, so no die is drawn that the record leaves out.
func (e *Encounter) parried(res *Result, ai, ti int, req rules.AttackRequest, src dice.Source) (rules.AttackResult, error) {
	a, t := e.Participants[ai], e.Participants[ti]
	raised := t.Combatant
	raised.AC += t.Parry
	tp := &tape{src: src}
	r, err := rules.Attack(a.Combatant, raised, req, tp)
	if err != nil {
		return r, err
	}
	if !r.Hit && r.Natural != 1 && r.Total >= r.AC-t.Parry {
		e.Participants[ti].ReactionUsed = true
		res.say(fmt.Sprintf("%s parries: AC %d against this attack.", t.Name, r.AC))
		return r, nil
	}
	return rules.Attack(a.Combatant, t.Combatant, req, &replay{faces: tp.faces, src: src})
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
