package encounter

import (
	"fmt"
	"slices"
	"strings"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/fault"
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

// areaAction reports whether a is such an action, or one that recharges
// and holds those it catches (holdArea: a dust mephit's Blinding Breath).
func areaAction(a srd.Action) bool {
	return a.Usage != nil && a.Usage.Type == "recharge" && (saveArea(a) || holdArea(a))
}

// breathOption is the breath of a metallic dragon's Breath Weapons (the
// monster uses one of its options) the policy uses: the first that deals
// damage behind a save, under the action's id and recharge.
func breathOption(a srd.Action) (srd.Action, bool) {
	if a.Usage == nil || a.Usage.Type != "recharge" {
		return srd.Action{}, false
	}
	for _, o := range a.Options {
		if saveArea(o) {
			o.ID, o.Usage = a.ID, a.Usage
			return o, true
		}
	}
	return srd.Action{}, false
}

// holdArea reports whether a puts a condition on every creature it
// catches that fails its saving throw, with no attack roll (a dragon's
// Frightful Presence, a ghost's Horrifying Visage): its Inflicts.
func holdArea(a srd.Action) bool {
	if a.AttackBonus != nil || a.DC == nil || (len(a.Inflicts) == 0 && !a.Drops && a.Hinders == nil) {
		return false
	}
	_, err := rules.ParseAbility(a.DC.Ability)
	return err == nil && a.DC.Value > 0
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
// A halfling who fails its save with a natural 1 may reroll it (Lucky),
// and a monk with Diamond Soul any failed save for 1 ki: the save is an
// opening of the turn, and a reroll taken to it (rs) rolls the new d20
// from the reactions' dice. Evasion spares a monk what a Dexterity save
// would halve (rules.Combatant.SavedDamage).
func (e *Encounter) areaAttack(res *Result, ai int, a srd.Action, src dice.Source, rs Reactions) error {
	m := &e.Participants[ai]
	e.markSpent(ai, a.ID)
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
	var dmg []rules.Damage
	if len(a.Damage) > 0 {
		var rolls []rules.Roll
		dmg, rolls = rules.RollDamage(m.ID, damageParts(a, 0), false, src)
		res.Rolls = append(res.Rolls, rolls...)
	}
	// Everyone caught is chosen before anyone is hurt: the order of the
	// saves does not change who is in the area. One immune to it (a
	// Frightful Presence it shook off) is not caught.
	var caught []string
	for _, id := range e.Order {
		if i := e.index(id); i >= 0 {
			if e.standing(i) && !e.immuneTo(ai, i, a) {
				caught = append(caught, id)
			}
		}
	}
	caught = e.singleOut(ai, a, caught) // a glare's one target
	caught = e.nearOnly(ai, a, caught)  // a stone golem's Slow (hindrances.go)
	caught = e.boltsAt(a, caught)       // a kraken's three bolts (boons.go)
	caught = e.hearOnly(a, caught)      // a roar (roars.go)
	against := []string{"seen"}         // a breath is seen coming
	for _, d := range a.Damage {
		if d.Type != "" {
			against = append(against, d.Type)
		}
	}
	for _, id := range caught {
		ti := e.index(id)
		t := e.Participants[ti]
		ability := e.saveChosen(ti, a, ability) // Strength or Dexterity (hindrances.go)
		// The halfling's Lucky on this save is the player's choice in the
		// window, not the dice's.
		saver := t.Combatant
		saver.Lucky = false
		sv, err := e.save(res, ti, saveCall{ability: ability, dc: a.DC.Value, against: against, saver: &saver,
			reason: fmt.Sprintf("%s saving throw against %s", ability.Name(), strings.ToLower(a.Name)),
			window: func(res *Result, saver rules.Combatant, req rules.SaveRequest, sv rules.SaveResult, k, at int) (rules.SaveResult, error) {
				return e.breathWindow(res, rs, ai, ti, saver, req, sv, k, at)
			}}, src)
		if err != nil {
			return err
		}
		res.say(sv.Summary())
		if len(dmg) > 0 {
			hit, why := t.Combatant.SavedDamage(dmg, ability, sv.Success, a.DC.Success == "half")
			switch {
			case why != "" && len(hit) == 0:
				res.say(fmt.Sprintf("%s takes no damage (%s).", t.Name, why))
			case why != "":
				res.say(fmt.Sprintf("%s takes half the damage (%s).", t.Name, why))
			}
			if len(hit) > 0 {
				res.Changes = append(res.Changes, sv.Changes...)
				if err := e.areaDamage(res, ai, ti, hit, src); err != nil {
					return err
				}
			}
		}
		if err := e.afterAreaSave(res, ai, ti, a, sv, src); err != nil {
			return err
		}
	}
	return nil
}

// breathWindow is what participant ti may answer its save sv against
// monster ai's area action with, at moment k whose roll is res.Rolls[at],
// and plays those taken (rs): Lucky on a 1, its features that roll a
// failed save again (Indomitable), a Ring of Evasion, a warlock's Dark
// One's Own Luck. It returns the save as it then stands.
func (e *Encounter) breathWindow(res *Result, rs Reactions, ai, ti int, saver rules.Combatant, req rules.SaveRequest, sv rules.SaveResult, k, at int) (rules.SaveResult, error) {
	t, m := e.Participants[ti], e.Participants[ai]
	if offers := e.previewed(rerolls(t, sv), Moment{Save: &sv}); len(offers) > 0 {
		again := slices.IndexFunc(rs.at(k), func(r campaign.Reaction) bool {
			return slices.ContainsFunc(offers, func(o Offer) bool { return o.Name == r.Name })
		})
		switch {
		case again < 0:
			res.Openings = append(res.Openings, Opening{Attack: k, Roll: at, AttackerID: m.ID, TargetID: t.ID, Offers: offers})
		case rs.at(k)[again].By != t.ID:
			return sv, refuse(NotAllowed, "reaction", "only %s may roll its own save again", t.Name)
		default:
			r := rs.at(k)[again]
			text, err := e.rollAgain(ti, r.Name)
			if err != nil {
				return sv, err
			}
			if n := len(res.Rolls); n > 0 {
				res.Rolls[n-1].Outcome = "rerolled (" + strings.ReplaceAll(r.Name, "-", " ") + ")"
			}
			if sv, err = rules.Save(saver, req, rs.source(r)); err != nil {
				return sv, err
			}
			res.Rolls = append(res.Rolls, sv.Rolls...)
			res.react(r, &e.Participants[ti], text)
		}
	}
	sv, err := e.rerollSave(res, rs, k, at, ai, ti, saver, req, sv)
	if err != nil {
		return sv, err
	}
	if sv, err = e.evade(res, rs, k, at, ai, ti, sv); err != nil { // a Ring of Evasion (items_evasion.go)
		return sv, err
	}
	if !sv.Success {
		// A warlock's Dark One's Own Luck, its choice in the window.
		n, err := e.luckTaken(res, rs, k, ti)
		if err != nil {
			return sv, err
		}
		if sv.Total += n; n > 0 {
			sv.Success = sv.Total >= sv.DC
		} else {
			e.luckOffered(res, k, at, ai, ti, sv)
		}
	}
	return sv, nil
}

// rerollSave offers participant ti's features that roll a failed save
// again (Indomitable) at the save sv, moment k of the turn, whose roll is
// at res.Rolls[at], and plays those taken to it (rs): each spends its
// resource and rolls the save again from the reaction's dice while it
// still fails. It returns the save as it stands.
func (e *Encounter) rerollSave(res *Result, rs Reactions, k, at, ai, ti int, saver rules.Combatant, req rules.SaveRequest, sv rules.SaveResult) (rules.SaveResult, error) {
	t := e.Participants[ti]
	var offers []Offer
	for _, id := range t.Combatant.Features {
		may := features[id].rerollSave
		if may == nil || t.Kind != KindCharacter || sv.Success || sv.AutoFail != "" || !may(t, sv) {
			continue
		}
		f, _ := srd.LookupFeature(id)
		if f.Resource != "" && t.left(f.Resource) < max(f.Cost, 1) {
			continue
		}
		i := slices.IndexFunc(rs.at(k), func(r campaign.Reaction) bool { return r.Name == id })
		if i < 0 {
			offers = append(offers, offerTo(t, id, ChangesUnknown))
			continue
		}
		r := rs.at(k)[i]
		if r.By != t.ID {
			return sv, refuse(NotAllowed, "reaction", "%s rerolls only its owner's save", f.Name)
		}
		if f.Resource != "" {
			if err := e.spendPool(ti, f, max(f.Cost, 1)); err != nil {
				return sv, err
			}
		}
		if n := len(res.Rolls); n > 0 {
			res.Rolls[n-1].Outcome = "rerolled (" + strings.ToLower(f.Name) + ")"
		}
		again, err := rules.Save(saver, req, rs.source(r))
		if err != nil {
			return sv, err
		}
		sv = again
		res.Rolls = append(res.Rolls, sv.Rolls...)
		res.react(r, &e.Participants[ti], fmt.Sprintf("%s uses %s and rolls the save again.", t.Name, f.Name))
	}
	offers = e.previewed(offers, Moment{Save: &sv})
	switch n := len(res.Openings); {
	case len(offers) == 0:
	case n > 0 && res.Openings[n-1].Attack == k: // Lucky's, at the same save
		res.Openings[n-1].Offers = append(res.Openings[n-1].Offers, offers...)
	default:
		res.Openings = append(res.Openings, Opening{Attack: k, Roll: at, AttackerID: e.Participants[ai].ID, TargetID: t.ID, Offers: offers})
	}
	return sv, nil
}

// rerolls are the ways participant t may roll its failed save sv again,
// offered at the save: Lucky on a 1, and its features with a reroll hook
// and the resource to pay (Diamond Soul).
func rerolls(t Participant, sv rules.SaveResult) []Offer {
	var out []Offer
	if luckyRoll(t, sv) {
		out = append(out, offerTo(t, Lucky, ChangesUnknown))
	}
	for _, id := range t.Combatant.Features {
		f, ok := srd.LookupFeature(id)
		if play := features[id].reroll; !ok || play == nil || t.Kind != KindCharacter || !play(t, sv) {
			continue
		}
		if f.Resource == "" || t.left(f.Resource) >= max(f.Cost, 1) {
			out = append(out, offerTo(t, id, ChangesUnknown))
		}
	}
	return out
}

// rollAgain pays for participant ti's reroll name (Lucky costs nothing; a
// feature its resource) and says it.
func (e *Encounter) rollAgain(ti int, name string) (string, error) {
	t := e.Participants[ti]
	if name == Lucky {
		return fmt.Sprintf("%s is lucky and rolls the 1 again.", t.Name), nil
	}
	f, _ := srd.LookupFeature(name)
	if f.Resource == "" {
		return fmt.Sprintf("%s rolls the save again (%s).", t.Name, f.Name), nil
	}
	n := max(f.Cost, 1)
	if err := e.spendPool(ti, f, n); err != nil {
		return "", err
	}
	r, _ := srd.LookupResource(f.Resource)
	return fmt.Sprintf("%s spends %d %s to roll the save again (%s).", t.Name, n, r.Name, f.Name), nil
}

// luckyRoll reports a failed save a halfling character may reroll: its
// d20 came up 1.
func luckyRoll(t Participant, sv rules.SaveResult) bool {
	return t.Kind == KindCharacter && t.Combatant.Lucky && !sv.Success && sv.AutoFail == "" && sv.Natural == 1
}

// areaDamage deals hit, what an area's save left of its damage, to
// participant ti from ai: applied, tallied and told, and answered by
// ti's features (Relentless Endurance, Wild Shape's return).
func (e *Encounter) areaDamage(res *Result, ai, ti int, hit []rules.Damage, src dice.Source) error {
	_, err := e.damage(res, ai, ti, e.Participants[ti].Combatant, rules.Hit{Damage: hit}, "", src)
	return err
}

// damage deals hit to participant ti, whose combatant meets it as c,
// from ai (-1 when nobody is credited): applied, kept in res, tallied,
// told after the words tell gives ("The acid burns Goblin 1: "), and
// answered by ti's features (Relentless Endurance, Wild Shape's return).
func (e *Encounter) damage(res *Result, ai, ti int, c rules.Combatant, hit rules.Hit, tell string, src dice.Source) (rules.DamageResult, error) {
	d, err := rules.TakeDamage(e.concentrator(ti, c), hit, src)
	if err != nil {
		return d, fault.Wrap(fault.Internal, actOp, err)
	}
	if err := e.apply(d.Changes); err != nil {
		return d, err
	}
	res.Rolls = append(res.Rolls, d.Rolls...)
	res.Changes = append(res.Changes, d.Changes...)
	e.credit(ai, ti, d)
	res.say(tell + d.Summary())
	return d, e.featuresDamaged(res, ti, d, src)
}
