package encounter

import (
	"slices"
	"strings"

	"chronicler/shared/rules"
	"chronicler/shared/srd"
)

// legendaryAliases are the legendary actions that make one of the stat
// block's attacks under another name: "Tail Swipe. The aboleth makes one
// tail attack."; "Chomp (Costs 2 Actions). The tarrasque makes one bite
// attack or uses its Swallow." (the bite, whose hit swallows as ever).
var legendaryAliases = map[string]string{"tail swipe": "tail", "chomp": "bite"}

// legendaryAlias is the attack a legendary action named name (lower
// case, its cost left out) makes: its alias, or the name itself.
func legendaryAlias(name string) string {
	if a, ok := legendaryAliases[name]; ok {
		return a
	}
	return name
}

// glareTarget is the one creature monster ai's single-target action a
// (srd.Action.Single: a mummy's Dreadful Glare) catches: the policy's,
// the character on their feet with the fewest hit points that is neither
// immune to it, nor held by it, nor already under all it inflicts; -1
// if none.
func (e Encounter) glareTarget(ai int, a srd.Action) int {
	from := source(e.Participants[ai], a)
	best := -1
	for _, id := range e.Order {
		i := e.index(id)
		if i < 0 || !e.standing(i) || e.immuneTo(ai, i, a) || !e.uponFits(ai, i, a) { // hindrances.go
			continue
		}
		t := e.Participants[i]
		if slices.ContainsFunc(e.Effects, func(fx Effect) bool { return fx.Spell == from && fx.TargetID == t.ID }) {
			continue
		}
		if len(a.Inflicts) > 0 && !slices.ContainsFunc(a.Inflicts, func(hc srd.HitCondition) bool { return !slices.Contains(t.Conditions, hc.Condition) }) {
			continue
		}
		if best < 0 || t.Combatant.HP < e.Participants[best].Combatant.HP {
			best = i
		}
	}
	return best
}

// singleOut narrows those an action catches to its one target when it
// has one (glareTarget).
func (e Encounter) singleOut(ai int, a srd.Action, caught []string) []string {
	if !a.Single {
		return caught
	}
	if ti := e.glareTarget(ai, a); ti >= 0 && slices.Contains(caught, e.Participants[ti].ID) {
		return []string{e.Participants[ti].ID}
	}
	return nil
}

// withMultiattack reports whether monster p's Multiattack names action
// a, which then comes with it (a mummy's Dreadful Glare and Rotting
// Fist), as a dragon's Frightful Presence does.
func withMultiattack(p Participant, a srd.Action) bool {
	for _, m := range p.Actions {
		if m.Multiattack == nil {
			continue
		}
		for name := range fixedCounts(*m.Multiattack) {
			if strings.EqualFold(name, a.Name) {
				return true
			}
		}
	}
	return false
}

// inflicted reports whether a save sv brings condition hc: a failure,
// by hc.FailBy or more when that is set (a Dreadful Glare's paralysis).
func inflicted(hc srd.HitCondition, sv rules.SaveResult) bool {
	return !sv.Success && (hc.FailBy == 0 || sv.DC-sv.Total >= hc.FailBy)
}

// dailyLeft reports whether monster p may use action a now: at will, or
// with a use of its day left (srd.Usage "per_day": a quasit's Scare,
// once), each use kept in Spent (spendDaily), which no recharge frees.
func dailyLeft(p Participant, a srd.Action) bool {
	if a.Usage == nil {
		return true
	}
	return a.Usage.Type == "per_day" && uses(p, a.ID) < a.Usage.Times
}

// uses counts the uses of participant p's action (or trait) id kept in
// its Spent.
func uses(p Participant, id string) int {
	n := 0
	for _, s := range p.Spent {
		if s == id {
			n++
		}
	}
	return n
}

// markSpent keeps a use of participant ai's action (or trait) id in its
// Spent: a recharge's, a day's, a fight's. Spent is cloned first, as
// encounters copied by value share it.
func (e *Encounter) markSpent(ai int, id string) {
	p := &e.Participants[ai]
	p.Spent = append(slices.Clone(p.Spent), id)
}

// spendDaily keeps a use of monster ai's per-day action a.
func (e *Encounter) spendDaily(ai int, a srd.Action) {
	if a.Usage != nil && a.Usage.Type == "per_day" {
		e.markSpent(ai, a.ID)
	}
}
