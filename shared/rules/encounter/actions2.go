package encounter

import (
	"fmt"
	"slices"
	"strings"

	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/srd"
)

// A monster's boons (srd.Action.Boon, read by srdgen/actions2.go): what
// its action, or legendary action, does for itself or its side. The
// policy takes one at the moment the text makes worth it: a healing
// touch on an ally at half its hit points or fewer, a Heal Self when the
// monster is there itself.

// playsBoon reports whether the fights play action a's boon
// (PlaysAction).
func playsBoon(a srd.Action) bool {
	b := a.Boon
	return b != nil && (b.Heals != "")
}

// monsterBoon takes monster ai's action for a boon when the policy
// would (boonPick), and reports whether it did.
func (e *Encounter) monsterBoon(res *Result, ai int, src dice.Source) (bool, error) {
	a, ti, ok := e.boonPick(ai)
	if !ok {
		return false, nil
	}
	e.Participants[ai].Turn.ActionUsed = true
	e.spendDaily(ai, a)
	res.Kind = ActionArea
	return true, e.bestow(res, ai, ti, a, src)
}

// boonPick is the boon monster ai's policy uses as its action, and on
// whom: a healing touch with a use left on the ally at half its hit
// points or fewer with the fewest.
func (e Encounter) boonPick(ai int) (srd.Action, int, bool) {
	p := e.Participants[ai]
	for _, a := range p.Actions {
		if !playsBoon(a) || !dailyLeft(p, a) || limited(a) && a.Usage.Type != "per_day" {
			continue
		}
		if ti, ok := e.boonFor(ai, a); ok {
			return a, ti, true
		}
	}
	return srd.Action{}, -1, false
}

// hurtAlly is the creature of monster ai's side (itself too, when self)
// at half its hit points or fewer, alive, up and where the fight is,
// with the fewest; -1 if none.
func (e Encounter) hurtAlly(ai int, self bool) int {
	best := -1
	for i, p := range e.Participants {
		if (i == ai && !self) || p.Kind != e.Participants[ai].Kind || p.down() || e.elsewhere(p.ID) || !p.hurt() {
			continue
		}
		if best < 0 || p.Combatant.HP < e.Participants[best].Combatant.HP {
			best = i
		}
	}
	return best
}

// bestow gives participant ti monster ai's boon a: the hit points it
// regains and the conditions it ends.
func (e *Encounter) bestow(res *Result, ai, ti int, a srd.Action, src dice.Source) error {
	b, m, t := a.Boon, e.Participants[ai], e.Participants[ti]
	name := costRE.ReplaceAllString(a.Name, "")
	if ti == ai {
		res.say(fmt.Sprintf("%s uses %s.", m.Name, name))
	} else {
		res.say(fmt.Sprintf("%s uses %s on %s.", m.Name, name, t.Name))
	}
	if b.Heals != "" {
		x, err := dice.Parse(b.Heals)
		if err != nil {
			return fault.Wrap(fault.Internal, actOp, err)
		}
		h, err := e.heal(res, ti, x, strings.ToLower(name), src)
		if err != nil {
			return err
		}
		res.say(fmt.Sprintf("%s regains %d HP (%d/%d).", t.Name, h.Regained, h.HPAfter, h.MaxHP))
	}
	return e.cureAll(res, ti, b.Cures, possessive(m.Name)+" "+strings.ToLower(name))
}

// cureAll ends conditions on participant ti: the effects holding them
// and any nothing holds.
func (e *Encounter) cureAll(res *Result, ti int, conds []string, by string) error {
	t := e.Participants[ti]
	var ends []rules.Condition
	for _, s := range conds {
		if c, err := rules.ParseCondition(s); err == nil && t.Combatant.Conditions.Has(c) {
			ends = append(ends, c)
		}
	}
	if len(ends) == 0 {
		return nil
	}
	if err := e.endWhere(res, func(fx Effect) string {
		if fx.TargetID == t.ID && slices.Contains(ends, fx.Condition) {
			return by
		}
		return ""
	}); err != nil {
		return err
	}
	for _, c := range ends {
		if e.Participants[ti].Combatant.Conditions.Has(c) {
			if _, err := e.uncondition(res, ti, c); err != nil {
				return err
			}
		}
	}
	return nil
}

// boonFor is whom monster ai's boon a is for now, by the policy: the
// hurt ally (or itself) a healing is for; false when none.
func (e Encounter) boonFor(ai int, a srd.Action) (int, bool) {
	b := a.Boon
	if b == nil || !playsBoon(a) {
		return -1, false
	}
	if b.Heals != "" {
		ti := e.hurtAlly(ai, b.Target != "another")
		if b.Target == "self" && ti != ai {
			ti = -1
			if e.Participants[ai].hurt() {
				ti = ai
			}
		}
		return ti, ti >= 0
	}
	return -1, false
}

// legendaryBoon is monster ai's legendary action a, a boon, on whom the
// policy gives it (boonFor).
func (e *Encounter) legendaryBoon(res *Result, ai int, a srd.Action, src dice.Source) error {
	ti, ok := e.boonFor(ai, a)
	if !ok {
		return nil
	}
	return e.bestow(res, ai, ti, a, src)
}
