package encounter

import (
	"fmt"
	"slices"
	"strings"

	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
)

// A monster's boons (srd.Action.Boon, read by srdgen/boons.go): what
// its action, or legendary action, does for itself or its side. The
// policy takes one at the moment the text makes worth it: a healing
// touch on an ally at half its hit points or fewer, a Heal Self when the
// monster is there itself.

// playsBoon reports whether the fights play action a's boon
// (PlaysAction).
func playsBoon(a srd.Action) bool {
	b := a.Boon
	return b != nil && (b.Heals != "" || (b.Die != "" && b.Target == "allies") || empowers(*b))
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
	if a.Usage != nil && a.Usage.Type != "per_day" && a.Usage.Type != "at_will" {
		e.markSpent(ai, a.ID) // once a fight, or till it recharges
	}
	res.Kind = ActionArea
	return true, e.bestow(res, ai, ti, a, src)
}

// boonPick is the boon monster ai's policy uses as its action, and on
// whom: a healing touch with a use left on the ally at half its hit
// points or fewer with the fewest.
func (e Encounter) boonPick(ai int) (srd.Action, int, bool) {
	p := e.Participants[ai]
	for _, a := range p.Actions {
		if !playsBoon(a) || !boonLeft(p, a) {
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
	if b.Die != "" {
		return e.lead(res, ai, a)
	}
	if empowers(*b) {
		return e.empower(res, ai, ti, a) // hindrances.go
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
	if b.Die != "" {
		// A Leadership once, when another of its side stands with it.
		p := e.Participants[ai]
		if slices.Contains(p.Spent, a.ID) || len(e.led(ai)) == 0 {
			return -1, false
		}
		return ai, true
	}
	if empowers(*b) {
		return e.empowerFor(ai, a) // hindrances.go
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

// leadershipID is the effect of a knight's Leadership on a creature of
// its side: its Dice added to its attack rolls and saves, as Bless's
// (blesses).
const leadershipID = "leadership"

// led are the creatures of monster ai's side, but itself, that are up,
// where the fight is and not yet under its boon.
func (e Encounter) led(ai int) []int {
	m := e.Participants[ai]
	var out []int
	for i, p := range e.Participants {
		if i == ai || p.Kind != m.Kind || p.down() || e.elsewhere(p.ID) {
			continue
		}
		if !slices.ContainsFunc(e.Effects, func(fx Effect) bool { return fx.ID == leadershipID && fx.TargetID == p.ID }) {
			out = append(out, i)
		}
	}
	return out
}

// lead puts monster ai's Leadership a on each creature of its side: its
// die on their attack rolls and saves for its time, while the monster is
// not incapacitated (boonLapsed).
func (e *Encounter) lead(res *Result, ai int, a srd.Action) error {
	m := e.Participants[ai]
	for _, i := range e.led(ai) {
		fx := Effect{Effect: spell.Effect{ID: leadershipID, Spell: source(m, a), CasterID: m.ID, TargetID: e.Participants[i].ID,
			Dice: a.Boon.Die, Ends: a.Boon.Lasts, Note: possessive(m.Name) + " leadership"},
			Until: Until{Round: e.Round + roundsOf(a.Boon.Lasts), Turn: e.Current}}
		if err := e.add(res, fx, nil); err != nil {
			return err
		}
		res.say(fmt.Sprintf("%s adds %s to its attack rolls and saves for %s.", e.Participants[i].Name, a.Boon.Die, a.Boon.Lasts))
	}
	return nil
}

// boonLapsed is why effect fx of a monster's boon ends now: its source
// is incapacitated (a knight's Leadership); "" while it holds.
func (e Encounter) boonLapsed(fx Effect) string {
	if fx.ID != leadershipID {
		return ""
	}
	if c, ok := e.Participant(fx.CasterID); ok && !c.canAct() {
		return c.Name + " is incapacitated"
	}
	return ""
}

// boonLeft reports whether monster p may use boon a now: at will, with a
// use of its day left, or, once between rests, not yet this fight; one
// that recharges when it has come back.
func boonLeft(p Participant, a srd.Action) bool {
	if a.Usage == nil || a.Usage.Type == "per_day" {
		return dailyLeft(p, a)
	}
	return !slices.Contains(p.Spent, a.ID)
}

// sameAction reports whether legendary action la is action a under its
// cost: "Lightning Storm (Costs 2 Actions)" is the kraken's Lightning
// Storm.
func sameAction(a, la srd.Action) bool {
	return strings.EqualFold(a.Name, strings.TrimSpace(costRE.ReplaceAllString(la.Name, "")))
}

// boltsAt narrows those an action with bolts catches (a kraken's
// Lightning Storm: three) to so many, the policy's: the fewest hit
// points first, the earlier in the fight's order on a tie.
func (e Encounter) boltsAt(a srd.Action, caught []string) []string {
	if a.Bolts <= 0 || len(caught) <= a.Bolts {
		return caught
	}
	picked := slices.Clone(caught)
	slices.SortStableFunc(picked, func(x, y string) int {
		return e.Participants[e.index(x)].Combatant.HP - e.Participants[e.index(y)].Combatant.HP
	})
	return picked[:a.Bolts]
}
