package encounter

import (
	"fmt"
	"slices"
	"strconv"

	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
)

// The boons and wards in a fight (rules/spell's boons.go): Heroes'
// Feast's and Foresight's edge on saves, Foresight's and Dispel Evil and
// Good's on attack rolls, Pass without Trace's and Enthrall's on hiding,
// Fire Shield's answer to a melee hit, Branding Smite's hit, the globe
// that turns spells aside, the goodberries eaten, and the turns Time Stop
// gives. Heroes' Feast's and Mind Blank's immunities and the feast's hit
// points are the effects' own (effects.go's add).

// planar are the creature types Dispel Evil and Good wards against.
var planar = []string{"celestial", "elemental", "fey", "fiend", "undead"}

// boonsSaves are the sources of advantage participant i's boons give its
// save of ability a: Foresight on every save, Heroes' Feast on Wisdom.
func (e Encounter) boonsSaves(i int, a rules.Ability) []string {
	id := e.Participants[i].ID
	var adv []string
	if e.holds(id, spell.ForesightID) {
		adv = append(adv, "Foresight")
	}
	if a == rules.Wis && e.holds(id, spell.HeroesFeastID) {
		adv = append(adv, "Heroes' Feast")
	}
	return adv
}

// boonsEdge is what the boons on attacker ai and target ti do to an
// attack roll between them: Foresight's advantage for the one who has it
// and disadvantage against it, and Dispel Evil and Good's disadvantage
// on the attacks of the planar creatures it wards against.
func (e Encounter) boonsEdge(ai, ti int) (adv, dis []string) {
	a, t := e.Participants[ai], e.Participants[ti]
	if e.holds(a.ID, spell.ForesightID) {
		adv = append(adv, "Foresight")
	}
	if e.holds(t.ID, spell.ForesightID) {
		dis = append(dis, "Foresight")
	}
	if e.holds(t.ID, spell.DispelEvilID) && slices.Contains(planar, a.Type) {
		dis = append(dis, "Dispel Evil and Good")
	}
	return adv, dis
}

// boonsAttack adds boonsEdge to an attack of ai's on ti.
func (e Encounter) boonsAttack(ai, ti int, req *rules.AttackRequest) {
	adv, dis := e.boonsEdge(ai, ti)
	req.Advantage = append(slices.Clip(req.Advantage), adv...)
	req.Disadvantage = append(slices.Clip(req.Disadvantage), dis...)
}

// boonsTargeted tells a casting of s by participant ai on ids what the
// boons do to it: the edge on its spell attacks (boonsEdge), and
// Enthrall's advantage on the save of a creature the caster's side is
// fighting.
func (e Encounter) boonsTargeted(ai int, s srd.Spell, ids []string, opts *spell.Options) {
	for _, id := range ids {
		ti := e.index(id)
		if ti < 0 {
			continue
		}
		if s.AttackType != "" {
			adv, dis := e.boonsEdge(ai, ti)
			if len(adv)+len(dis) > 0 {
				opts.Situate(id, func(sit *spell.Situation) {
					sit.Advantage = append(slices.Clip(sit.Advantage), adv...)
					sit.Disadvantage = append(slices.Clip(sit.Disadvantage), dis...)
				})
			}
		}
		if s.ID == "enthrall" && e.Participants[ti].Kind != e.Participants[ai].Kind {
			opts.Situate(id, func(sit *spell.Situation) {
				sit.Advantage = append(slices.Clip(sit.Advantage), "fighting the caster's side")
			})
		}
	}
}

// boonsStealth is what participant i's boons do to its Dexterity
// (Stealth) check: Pass without Trace's +10, and Foresight's advantage.
func (e Encounter) boonsStealth(i int) (bonus int, adv []string) {
	for _, fx := range e.Effects {
		if fx.TargetID == e.Participants[i].ID && fx.ID == spell.PassWithoutTraceID {
			bonus = max(bonus, fx.Bonus)
		}
	}
	if e.holds(e.Participants[i].ID, spell.ForesightID) {
		adv = append(adv, "Foresight")
	}
	return bonus, adv
}

// boonsNotice is what participant o's boons take off its passive Wisdom
// (Perception) to notice participant i: Enthrall's disadvantage, -5 on a
// passive score, unless i is the one who enthralled it.
func (e Encounter) boonsNotice(o, i int) int {
	id := e.Participants[i].ID
	if slices.ContainsFunc(e.Effects, func(fx Effect) bool {
		return fx.TargetID == e.Participants[o].ID && fx.ID == spell.EnthrallID && fx.CasterID != id
	}) {
		return 5
	}
	return 0
}

// boonsStruck answers attack r of participant ai's on ti, made as req:
// on a weapon hit, Branding Smite spends its radiance and brands ti; on
// a melee hit from within 5 feet, ti's Fire Shield burns ai.
func (e *Encounter) boonsStruck(res *Result, ai, ti int, req rules.AttackRequest, r rules.AttackResult, src dice.Source) error {
	if !r.Hit || r.TargetID != e.Participants[ti].ID {
		return nil
	}
	if req.Kind == rules.MeleeWeapon || req.Kind == rules.RangedWeapon {
		if err := e.brand(res, ai, ti, src); err != nil {
			return err
		}
	}
	if req.Kind.Ranged() || req.Distance > 5 {
		return nil
	}
	return e.fireShield(res, ai, ti, src)
}

// brand spends participant ai's Branding Smite on ti, which its hit
// dealt the smite's radiant dice (weaponSpells): ti becomes visible and
// can't turn invisible while the smite's caster concentrates.
func (e *Encounter) brand(res *Result, ai, ti int, src dice.Source) error {
	a, t := e.Participants[ai], e.Participants[ti]
	k := slices.IndexFunc(e.Effects, func(fx Effect) bool { return fx.TargetID == a.ID && fx.ID == spell.BrandingSmiteID })
	if k < 0 {
		return nil
	}
	smite := e.Effects[k]
	if err := e.forget(res, func(fx Effect) bool { return fx.TargetID == a.ID && fx.ID == spell.BrandingSmiteID }); err != nil {
		return err
	}
	res.say(fmt.Sprintf("%s's weapon gleams with astral radiance: %s is branded.", a.Name, t.Name))
	if t.Defeated {
		return nil
	}
	if err := e.endWhere(res, func(fx Effect) string {
		if fx.TargetID == t.ID && fx.Condition == rules.Invisible {
			return "Branding Smite revealed it"
		}
		return ""
	}); err != nil {
		return err
	}
	if e.Participants[ti].Combatant.Conditions.Has(rules.Invisible) {
		if _, err := e.uncondition(res, ti, rules.Invisible); err != nil {
			return err
		}
	}
	fx := spell.Effect{ID: spell.BrandedID, Spell: smite.Spell, CasterID: smite.CasterID, TargetID: t.ID, Immune: rules.SetOf(rules.Invisible),
		Concentration: true, Ends: smite.Ends, Note: "branded: it sheds dim light and can't become invisible"}
	return e.add(res, Effect{Effect: fx, SlotLevel: smite.SlotLevel, Until: smite.Until}, src)
}

// fireShield burns participant ai, which hit ti in melee from within 5
// feet, with the flames of ti's Fire Shield.
func (e *Encounter) fireShield(res *Result, ai, ti int, src dice.Source) error {
	t := e.Participants[ti]
	k := slices.IndexFunc(e.Effects, func(fx Effect) bool { return fx.TargetID == t.ID && fx.ID == spell.FireShieldID })
	if k < 0 || e.Participants[ai].Defeated {
		return nil
	}
	fx := e.Effects[k]
	x, err := dice.Parse(fx.Dice)
	if err != nil {
		return fault.Wrap(fault.Internal, actOp, err)
	}
	roll := dice.Roll(x, src)
	res.Rolls = append(res.Rolls, rules.Roll{Reason: "fire shield damage", RollerID: t.ID, Result: roll})
	hit := rules.Hit{Damage: []rules.Damage{{Amount: max(roll.Total, 0), Type: fx.DamageType}}}
	_, err = e.damage(res, ti, ai, e.Participants[ai].Combatant, hit, possessive(t.Name)+" fire shield burns "+e.Participants[ai].Name+": ", src)
	return err
}

// inside reports whether participant id is within the globe participant
// h holds: h itself, or a creature engaged with it. The fight keeps no
// positions, so the creatures within reach of the globe's holder stand
// for those inside its 10-foot radius.
func (e Encounter) inside(h Participant, id string) bool {
	if id == h.ID || slices.Contains(h.Engaged, id) {
		return true
	}
	i := e.index(id)
	return i >= 0 && slices.Contains(e.Participants[i].Engaged, h.ID)
}

// globed are the targets ids of participant ai's spell s that no Globe
// of Invulnerability shelters from it: a spell of the globe's level or
// lower (Effect.Bonus), cast from outside, doesn't affect those inside.
// Each sheltered one is told in res.
func (e Encounter) globed(res *Result, ai int, s srd.Spell, ids []string) []string {
	caster := e.Participants[ai].ID
	var out []string
	for _, id := range ids {
		sheltered := ""
		for _, fx := range e.Effects {
			h, ok := e.Participant(fx.TargetID)
			if fx.ID != spell.GlobeID || s.Level > fx.Bonus || !ok || e.inside(h, caster) || !e.inside(h, id) {
				continue
			}
			sheltered = h.Name
			break
		}
		if sheltered == "" {
			out = append(out, id)
			continue
		}
		p := e.Participants[e.index(id)]
		res.say(fmt.Sprintf("%s is inside %s globe of invulnerability: %s does not reach it.", p.Name, possessive(sheltered), s.Name))
	}
	return out
}

// warded ends a casting of participant ai's whose every target a globe
// shelters: the slot is spent to no effect (a monster's was spent
// already, before the spell was resolved).
func (e *Encounter) warded(res *Result, ai int, s srd.Spell, slot int, opts spell.Options) (spell.Result, error) {
	p := e.Participants[ai]
	sr := spell.Result{CasterID: p.ID, Caster: p.Name, SpellID: s.ID, Spell: s.Name, Level: s.Level, SlotLevel: slot}
	if p.Kind == KindCharacter && s.Level > 0 && slot > 0 && !opts.Innate && !opts.Ongoing && !opts.Ritual {
		if err := e.spendSlot(res, ai, slot); err != nil {
			return sr, err
		}
		sr.SlotSpent = true
	}
	res.say(fmt.Sprintf("%s's %s has no effect.", p.Name, s.Name))
	return sr, nil
}

// eatBerry is ActionPotion with a goodberry: participant ai eats one of
// the berries it holds, or feeds it to the creature named, which
// regains 1 hit point; the last berry ends the spell's effect.
func (e *Encounter) eatBerry(res *Result, ai int, in Action, src dice.Source) error {
	p := e.Participants[ai]
	k := slices.IndexFunc(e.Effects, func(fx Effect) bool { return fx.TargetID == p.ID && fx.ID == spell.GoodberryID && fx.Left > 0 })
	switch {
	case k < 0:
		return refuse(NotAllowed, "action.item", "%s holds no goodberries", p.Name)
	case in.Bonus:
		return refuse(NotAllowed, "action.bonus", "eating a goodberry takes an action")
	case p.Turn.ActionUsed:
		return refuse(NotAllowed, "action.kind", "%s has already taken an action this turn", p.Name)
	}
	ti, err := e.handedTo(ai, in, func(t Participant) string {
		if t.Defeated || t.Combatant.Dead {
			return "%s is dead: a goodberry can't help"
		}
		return ""
	})
	if err != nil {
		return err
	}
	t := e.Participants[ti]
	h, err := e.heal(res, ti, flat(1), "", src)
	if err != nil {
		return err
	}
	e.Participants[ai].Turn.ActionUsed = true
	e.Effects = slices.Clone(e.Effects)
	e.Effects[k].Left--
	left := e.Effects[k].Left
	who := p.Name + " eats"
	if ti != ai {
		who = p.Name + " feeds " + t.Name
	}
	res.say(fmt.Sprintf("%s a goodberry (%s left). %s", who, strconv.Itoa(left), h.Summary()))
	if left > 0 {
		return nil
	}
	return e.forget(res, func(fx Effect) bool { return fx.TargetID == p.ID && fx.ID == spell.GoodberryID })
}

// timeResumes ends the actor's Time Stop once its action affected
// another creature: an attack, or a spell with a target other than
// itself.
func (e *Encounter) timeResumes(res *Result) error {
	id := res.ActorID
	if !e.holds(id, spell.TimeStopID) {
		return nil
	}
	touched := len(res.Attacks) > 0
	if res.Cast != nil {
		touched = touched || slices.ContainsFunc(res.Cast.Targets, func(o spell.Outcome) bool { return o.TargetID != id })
	}
	if !touched {
		return nil
	}
	return e.endWhere(res, func(fx Effect) string {
		if fx.TargetID == id && fx.ID == spell.TimeStopID {
			return "it affected another creature"
		}
		return ""
	})
}

// stopTime begins another turn of the current participant's while its
// Time Stop has turns left, in place of the next participant's: no time
// passes for anyone else. It reports whether it did.
func (e *Encounter) stopTime(res *Result) bool {
	i := e.index(e.Current)
	k := slices.IndexFunc(e.Effects, func(fx Effect) bool { return fx.TargetID == e.Current && fx.ID == spell.TimeStopID && fx.Left > 0 })
	if i < 0 || k < 0 || !e.Participants[i].canTakeTurn() {
		return false
	}
	e.Effects = slices.Clone(e.Effects)
	e.Effects[k].Left--
	left := e.Effects[k].Left
	if left == 0 {
		e.Effects = slices.Delete(e.Effects, k, k+1)
	}
	e.begin(i)
	res.say(fmt.Sprintf("Time stands still: %s takes another turn (%d more).", e.Participants[i].Name, left))
	return true
}
