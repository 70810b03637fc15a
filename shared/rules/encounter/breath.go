package encounter

import (
	"fmt"
	"slices"
	"strings"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/rules"
	"chronicler/shared/srd"
)

// A monster's area actions: a stat block action with no attack roll that
// deals damage behind a saving throw and comes back on a recharge roll
// (a dragon's breath, a behir's lightning, a gorgon's petrifying breath is
// not one: it deals no damage). The policy uses one whenever it has come
// back; positions are kept only as who is in melee with whom, not as
// distances, so it catches every character still on their feet. A spent one is recharged by a d6 at the start of each of
// the monster's turns (Recharge 5-6: a 5 or 6).

// areaAction reports whether a is such an action.
func areaAction(a srd.Action) bool {
	return a.Usage != nil && a.Usage.Type == "recharge" && saveArea(a)
}

// saveArea reports whether a deals damage behind a saving throw, with no
// attack roll, to every creature it catches: a breath, or a legendary
// action such as a lich's Disrupt Life or a dragon's Wing Attack.
func saveArea(a srd.Action) bool {
	if a.AttackBonus != nil || a.DC == nil || len(a.Damage) == 0 {
		return false
	}
	if _, err := rules.ParseAbility(a.DC.Ability); err != nil || a.DC.Value < 1 {
		return false
	}
	for _, d := range a.Damage {
		if _, ok := damageDice(d); !ok {
			return false
		}
	}
	return a.DC.Success == "half" || a.DC.Success == "none"
}

// readyArea is the first area action p has ready, in stat block order.
func (p Participant) readyArea() (srd.Action, bool) {
	for _, a := range p.Actions {
		if areaAction(a) && !slices.Contains(p.Spent, a.ID) {
			return a, true
		}
	}
	return srd.Action{}, false
}

// recharge rolls for each spent action of monster i that recharges, at the
// start of its turn, and readies those whose roll comes up.
func (e *Encounter) recharge(res *Result, i int, src dice.Source) {
	p := &e.Participants[i]
	if len(p.Spent) == 0 {
		return
	}
	d6, _ := dice.Parse("1d6")
	var still []string
	for _, id := range p.Spent {
		k := slices.IndexFunc(p.Actions, func(a srd.Action) bool { return a.ID == id })
		if k < 0 || p.Actions[k].Usage == nil || p.Actions[k].Usage.Type != "recharge" {
			still = append(still, id)
			continue
		}
		a := p.Actions[k]
		r := dice.Roll(d6, src)
		need := max(a.Usage.RechargeMin, 1)
		back := r.Total >= need
		roll := rules.Roll{Reason: "recharge " + strings.ToLower(a.Name), RollerID: p.ID, Result: r}
		if back {
			roll.Outcome = "recharged"
			res.say(fmt.Sprintf("%s's %s recharges (%d).", p.Name, a.Name, r.Total))
		} else {
			roll.Outcome = "not recharged"
			still = append(still, id)
		}
		res.Rolls = append(res.Rolls, roll)
	}
	p.Spent = still
}

// areaAttack has monster ai use area action a on every conscious
// character: one damage roll for all, a saving throw each, half or none
// on a success as the action says.
//
// A halfling who fails its save with a natural 1 may reroll it (Lucky):
// the save is an opening of the turn, and a Lucky taken to it (rs) rolls
// the new d20 from the reactions' dice.
func (e *Encounter) areaAttack(res *Result, ai int, a srd.Action, src dice.Source, rs Reactions) error {
	m := &e.Participants[ai]
	m.Spent = append(slices.Clone(m.Spent), a.ID)
	m.Turn.ActionUsed = true
	res.Kind = ActionArea
	return e.area(res, ai, a, src, rs)
}

// area is what an area action (saveArea) does to every character on its
// feet, whatever the monster spent on it: its action and the recharge
// (areaAttack), or legendary actions (LegendaryTurn).
func (e *Encounter) area(res *Result, ai int, a srd.Action, src dice.Source, rs Reactions) error {
	ability, _ := rules.ParseAbility(a.DC.Ability)
	m := &e.Participants[ai]
	res.say(fmt.Sprintf("%s uses %s: DC %d %s saving throw.", m.Name, a.Name, a.DC.Value, ability.Name()))
	dmg, rolls := rules.RollDamage(m.ID, damageParts(a), false, src)
	res.Rolls = append(res.Rolls, rolls...)
	// Everyone caught is chosen before anyone is hurt: the order of the
	// saves does not change who is in the area.
	var caught []string
	for _, id := range e.Order {
		if i := e.index(id); i >= 0 {
			if e.standing(i) {
				caught = append(caught, id)
			}
		}
	}
	against := []string{"seen"} // a breath is seen coming
	for _, d := range a.Damage {
		if d.Type != "" {
			against = append(against, d.Type)
		}
	}
	for _, id := range caught {
		ti := e.index(id)
		t := e.Participants[ti]
		req := rules.SaveRequest{Ability: ability, DC: a.DC.Value, Against: against,
			Reason: fmt.Sprintf("%s saving throw against %s", ability.Name(), strings.ToLower(a.Name))}
		// The halfling's Lucky on this save is the player's choice in the
		// window, not the dice's.
		saver := t.Combatant
		saver.Lucky = false
		bonus, extra, notes, spent := e.blessing(ti, "saving throw", src)
		req.Bonus += bonus
		more, adv, dis := e.saveMods(ti, ability)
		req.Bonus += more
		req.Advantage, req.Disadvantage = adv, dis
		sv, err := rules.Save(saver, req, src)
		if err != nil {
			return err
		}
		k, at := res.moment(), len(res.Rolls)
		res.Rolls = append(res.Rolls, sv.Rolls...)
		res.Rolls = append(res.Rolls, extra...)
		for _, n := range notes {
			res.say(n)
		}
		if luckyRoll(t, sv) {
			lucky := slices.IndexFunc(rs.at(k), func(r campaign.Reaction) bool { return r.Name == Lucky })
			switch {
			case lucky < 0:
				res.Openings = append(res.Openings, Opening{Attack: k, Roll: at, AttackerID: m.ID, TargetID: t.ID,
					Offers: []Offer{offerTo(t, Lucky, ChangesUnknown)}})
			case rs.at(k)[lucky].By != t.ID:
				return refuse(NotAllowed, "reaction", "Lucky rerolls only the halfling's own die")
			default:
				r := rs.at(k)[lucky]
				if n := len(res.Rolls); n > 0 {
					res.Rolls[n-1].Outcome = "rerolled (lucky)"
				}
				if sv, err = rules.Save(saver, req, rs.source(r)); err != nil {
					return err
				}
				res.Rolls = append(res.Rolls, sv.Rolls...)
				res.react(r, &e.Participants[ti], fmt.Sprintf("%s is lucky and rolls the 1 again.", t.Name))
			}
		}
		if !sv.Success {
			// A warlock's Dark One's Own Luck, its choice in the window.
			n, err := e.luckTaken(res, rs, k, ti)
			if err != nil {
				return err
			}
			if sv.Total += n; n > 0 {
				sv.Success = sv.Total >= sv.DC
			} else {
				e.luckOffered(res, k, at, ai, ti, sv)
			}
		}
		if err := e.useUp(res, spent); err != nil {
			return err
		}
		res.Saves = append(res.Saves, sv)
		res.say(sv.Summary())
		hit := dmg
		if sv.Success {
			if a.DC.Success == "none" {
				continue
			}
			hit = rules.Halved(dmg)
		}
		d, err := rules.TakeDamage(t.Combatant, rules.Hit{Damage: hit}, src)
		if err != nil {
			return err
		}
		if err := e.apply(d.Changes); err != nil {
			return err
		}
		res.Rolls = append(res.Rolls, d.Rolls...)
		res.Changes = append(res.Changes, sv.Changes...)
		res.Changes = append(res.Changes, d.Changes...)
		e.credit(ai, ti, d)
		res.say(d.Summary())
	}
	return nil
}

// luckyRoll reports a failed save a halfling character may reroll: its
// d20 came up 1.
func luckyRoll(t Participant, sv rules.SaveResult) bool {
	return t.Kind == KindCharacter && t.Combatant.Lucky && !sv.Success && sv.AutoFail == "" && sv.Natural == 1
}
