package encounter

import (
	"slices"

	"chronicler/shared/dice"
	"chronicler/shared/rules"
	"chronicler/shared/srd"
)

// An androsphinx's Roar is louder each time it roars: the policy counts
// the roars spent (Spent, one a use) and takes the next stage as its
// action while one of those who can hear it (not deafened) is not held
// by a roar yet, and otherwise strikes (the paralysed first, as ever).

// roars reports whether a is a roar in stages, each use the next (an
// androsphinx's).
func roars(a srd.Action) bool {
	return a.AttackBonus == nil && len(a.Stages) > 0 && a.Usage != nil && a.Usage.Type == "per_day" &&
		!slices.ContainsFunc(a.Stages, func(s srd.Action) bool { return !holdArea(s) && !saveArea(s) })
}

// readyRoar is monster ai's next roar's stage, when it has one left and
// a foe on its feet that hears it is held by none of its roars.
func (e Encounter) readyRoar(ai int, a srd.Action) (srd.Action, bool) {
	p := e.Participants[ai]
	used := uses(p, a.ID)
	if used >= len(a.Stages) || used >= a.Usage.Times {
		return srd.Action{}, false
	}
	var from []string
	for _, s := range a.Stages {
		from = append(from, source(p, s))
	}
	for i, t := range e.Participants {
		if !e.standing(i) || !e.hears(i) {
			continue
		}
		if !slices.ContainsFunc(e.Effects, func(fx Effect) bool {
			return fx.TargetID == t.ID && fx.CasterID == p.ID && slices.Contains(from, fx.Spell) && fx.ID != immuneAs
		}) {
			return a.Stages[used], true
		}
	}
	return srd.Action{}, false
}

// hears reports whether participant i can hear: not deafened.
func (e Encounter) hears(i int) bool {
	return !e.Participants[i].Combatant.Conditions.Has(rules.Deafened)
}

// hearOnly keeps, of those an action would catch, the ones that hear it
// when it reaches only those (srd.Action.Heard: a roar).
func (e Encounter) hearOnly(a srd.Action, caught []string) []string {
	if !a.Heard {
		return caught
	}
	return slices.DeleteFunc(slices.Clone(caught), func(id string) bool { return !e.hears(e.index(id)) })
}

// roar is monster ai's action spent on the next stage of its roar a.
func (e *Encounter) roar(res *Result, ai int, a, stage srd.Action, src dice.Source, rs Reactions) error {
	e.markSpent(ai, a.ID)
	e.Participants[ai].Turn.ActionUsed = true
	res.Kind = ActionArea
	return e.area(res, ai, stage, src, rs)
}
