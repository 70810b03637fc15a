package encounter

import (
	"fmt"

	"chronicler/shared/campaign"
	"chronicler/shared/srd"
	"slices"
	"strconv"

	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
)

// The bonus actions the engine decides (Action.Bonus, or the kind
// second_wind, which is one by nature):
//
//   - Cunning Action: a rogue of 2nd level or higher may dash, disengage
//     or hide as a bonus action.
//   - Second Wind: a fighter regains 1d10 + its level in hit points, once
//     until a rest; the fight keeps the use on the participant.
//   - Two-weapon fighting: after the Attack action with a light melee
//     weapon, an attack with a different light melee weapon it carries
//     (or the same kind, if it carries two), adding no ability modifier to
//     the damage unless it is negative.
//   - A bonus-action spell (cast.go).

// bonusAction resolves a bonus action other than a spell.
func (e *Encounter) bonusAction(res *Result, ai int, in Action, src dice.Source) error {
	p := e.Participants[ai]
	if p.Turn.BonusActionUsed {
		return refuse(NotAllowed, "action.bonus", "%s has already taken a bonus action this turn", p.Name)
	}
	by, ok := p.bonusKind(in.Kind)
	if !ok && in.Kind == ActionDash && e.retreats(p) {
		by, ok = "Expeditious Retreat", true
	}
	switch in.Kind {
	case ActionDash, ActionDisengage, ActionHide, ActionPotion:
		if !ok {
			return refuse(NotAllowed, "action.bonus", "%s has no feature that lets it %s as a bonus action (a rogue's Cunning Action, a thief's Fast Hands, a ranger's Vanish)", p.Name, in.Kind)
		}
	case ActionSecondWind, ActionAttack:
	default:
		return refuse(NotAllowed, "action.bonus", "%s can't be taken as a bonus action", in.Kind)
	}
	var err error
	me := &e.Participants[ai]
	switch in.Kind {
	case ActionDash:
		me.Turn.Dashed = true
		me.Turn.Movement += me.Combatant.CurrentSpeed()
		res.say(fmt.Sprintf("%s dashes as a bonus action with %s (%d ft of movement this turn).", p.Name, by, me.Turn.Movement))
	case ActionDisengage:
		me.Turn.Disengaged = true
		res.say(p.Name + " disengages as a bonus action with " + by + ".")
	case ActionHide:
		err = e.hide(res, ai, " as a bonus action with "+by, src)
	case ActionPotion:
		err = e.potion(res, ai, in, src)
	case ActionSecondWind:
		err = e.secondWind(res, ai, src)
	case ActionAttack:
		err = e.offHand(res, ai, in, src)
	}
	if err != nil {
		return err
	}
	e.Participants[ai].Turn.BonusActionUsed = true
	return nil
}

// hide is a Dexterity (Stealth) check against the best passive Perception
// among the conscious creatures of the other side (10 when none is left);
// on a success the participant is hidden until it attacks or casts a
// spell. how is said after "hides".
func (e *Encounter) hide(res *Result, ai int, how string, src dice.Source) error {
	p := e.Participants[ai]
	dc, seeker := 10, ""
	for _, o := range e.Participants {
		if o.Kind == p.Kind || !o.canAct() {
			continue
		}
		if pp := o.Combatant.PassivePerception() - e.boonsNotice(e.index(o.ID), ai) + e.keenNotice(e.index(o.ID)); seeker == "" || pp > dc {
			dc, seeker = pp, o.Name
		}
	}
	bonus, extra, notes, spent := e.blessing(ai, "ability check", src)
	veil, adv := e.boonsStealth(ai) // Pass without Trace, Foresight
	veil += e.shadowed(ai)          // Shadow Stealth (tactics.go)
	why := "10, with nobody to notice"
	if seeker != "" {
		why = rules.Possessive(seeker) + " passive Perception"
	}
	r, err := rules.Check(p.Combatant, rules.CheckRequest{Ability: rules.Dex, Skill: rules.Stealth, DC: dc, DCSource: &campaign.DCSource{Value: dc, Source: why}, Bonus: bonus + veil, BonusTerms: blessTerms(extra), Advantage: adv, Disadvantage: p.Hinders,
		Moved: e.marked(ai, moved), Reserves: e.checkReserves(ai)}, src)
	if err != nil {
		return fault.Wrap(fault.Internal, actOp, err)
	}
	if err := e.spendReserved(res, ai, r.Reserved); err != nil {
		return err
	}
	res.Rolls = append(res.Rolls, r.Rolls...)
	res.Rolls = append(res.Rolls, extra...)
	for _, n := range notes {
		res.say(n)
	}
	if err := e.useUp(res, spent); err != nil {
		return err
	}
	e.Participants[ai].Hidden = r.Success
	against := "DC " + strconv.Itoa(dc)
	if seeker != "" {
		against = possessive(seeker) + " passive Perception " + strconv.Itoa(dc)
	}
	if r.Success {
		res.say(fmt.Sprintf("%s hides%s (Stealth %d against %s) and is hidden.", p.Name, how, r.Total, against))
	} else {
		res.say(fmt.Sprintf("%s tries to hide%s (Stealth %d against %s) but is noticed.", p.Name, how, r.Total, against))
	}
	return nil
}

// secondWind is the fighter's Second Wind.
func (e *Encounter) secondWind(res *Result, ai int, src dice.Source) error {
	p := e.Participants[ai]
	switch {
	case p.Kind != KindCharacter || p.Class != "fighter":
		return refuse(NotAllowed, "action.kind", "only a fighter has Second Wind")
	case p.left(campaign.ResourceSecondWind) < 1:
		return refuse(NotAllowed, "action.kind", "%s has already used Second Wind and needs a short or long rest", p.Name)
	}
	heal := "1d10+" + strconv.Itoa(max(p.Combatant.Level, 1))
	if e.holds(p.ID, "beacon-of-hope") {
		heal = strconv.Itoa(10 + max(p.Combatant.Level, 1)) // the most it can give
	}
	x, err := dice.Parse(heal)
	if err != nil {
		return fault.Wrap(fault.Internal, actOp, err)
	}
	h, err := e.heal(res, ai, x, "second wind", src)
	if err != nil {
		return err
	}
	if f, ok := srd.LookupFeature("second-wind"); ok {
		if err := e.spendPool(ai, f, 1); err != nil {
			return err
		}
	}
	res.say(fmt.Sprintf("%s uses Second Wind and regains %d HP (%d/%d).", p.Name, h.Regained, h.HPAfter, h.MaxHP))
	return nil
}

// offHand is two-weapon fighting's bonus attack.
func (e *Encounter) offHand(res *Result, ai int, in Action, src dice.Source) error {
	p := e.Participants[ai]
	if p.Kind != KindCharacter {
		return refuse(NotAllowed, "action.bonus", "%s has no off-hand attack the engine models", p.Name)
	}
	main := p.Turn.LightWeapon
	if main == "" {
		return refuse(NotAllowed, "action.bonus", "an off-hand attack follows the Attack action taken with a light melee weapon this turn")
	}
	w, ok := lookupWeapon(in.Weapon)
	switch {
	case !ok:
		return refuse(InvalidArgs, "action.weapon", "name the light melee weapon in the other hand")
	case !lightMelee(w.RangeType, w.Properties):
		return refuse(NotAllowed, "action.weapon", "%s is not a light melee weapon", rules.Article(w.Name))
	case w.ID == main && !slices.Contains(p.Pairs, w.ID):
		return refuse(NotAllowed, "action.weapon", "%s carries one %s, already in the hand that attacked", p.Name, w.Name)
	}
	ti, err := e.target(ai, in)
	if err != nil {
		return err
	}
	req, err := weaponAttack(p, in.Weapon, in.Distance, OneHanded)
	if err != nil {
		return err
	}
	// No ability modifier to the off hand's damage, unless it is negative.
	c := p.Combatant
	mod := c.Modifier(rules.Str)
	if slices.Contains(w.Properties, "finesse") {
		mod = max(mod, c.Modifier(rules.Dex))
	}
	x, err := dice.Parse(withModifier(w.Damage.Dice, min(mod, 0)))
	if err != nil {
		return fault.Wrap(fault.Internal, actOp, err)
	}
	req.Damage = []rules.DamageRoll{{Dice: x, Type: req.Damage[0].Type}}
	req.Weapon += offHandText
	req.OffHand = true
	if dice, ok := sneakDice(p, in.Weapon, req); ok {
		req.Sneak = &rules.SneakAttack{Dice: dice, AllyAdjacent: e.besides(ai, ti)}
	}
	if !req.Kind.Ranged() {
		if ok, err := e.approachedBy(res, ai, ti, src); err != nil || !ok {
			return err
		}
	}
	if err := e.strike(res, ai, ti, req, src); err != nil {
		return err
	}
	if res.Attacks[len(res.Attacks)-1].Sneak {
		e.Participants[ai].Turn.SneakUsed = true
	}
	return nil
}

// offHandText ends the weapon an off-hand attack names ("a dagger in the off
// hand"), which the Two-Weapon Fighting style reads.
const offHandText = " in the off hand"

// target is the index of a living participant other than the actor that
// in names.
func (e *Encounter) target(ai int, in Action) (int, error) {
	if in.TargetID == "" {
		return 0, refuse(InvalidArgs, "action.target_id", "name the target")
	}
	ti := e.index(in.TargetID)
	switch {
	case ti < 0:
		return 0, refuse(InvalidArgs, "action.target_id", "no participant %q", truncate(in.TargetID, 60))
	case ti == ai:
		return 0, refuse(InvalidArgs, "action.target_id", "%s can't attack itself", e.Participants[ai].Name)
	case e.Participants[ti].Defeated:
		return 0, refuse(NotAllowed, "action.target_id", "%s is already dead", e.Participants[ti].Name)
	case in.Distance < 0 || in.Distance > MaxDistance:
		return 0, refuse(InvalidArgs, "action.distance", "must be between 0 and %d feet", MaxDistance)
	}
	return ti, nil
}

// attacked notes a character's Attack action: attacking gives away a
// hidden attacker, a light melee weapon opens two-weapon fighting, and
// what it attacked with opens a monk's bonus strikes (monk.go).
func (e *Encounter) attacked(ai int, in Action) {
	p := &e.Participants[ai]
	p.Hidden = false
	if p.Kind != KindCharacter {
		return
	}
	p.Turn.AttackedWith = unarmedID
	w, ok := lookupWeapon(in.Weapon)
	if ok {
		p.Turn.AttackedWith = w.ID
	}
	if ok && lightMelee(w.RangeType, w.Properties) {
		p.Turn.LightWeapon = w.ID
	}
}

func lightMelee(rangeType string, props []string) bool {
	return rangeType == "melee" && slices.Contains(props, "light")
}
