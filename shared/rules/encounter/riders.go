package encounter

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
)

// A monster's hit may leave more than its damage and a condition, as its
// stat block says:
//
//   - harm that recurs (srd.Action.Ongoing): a bearded devil's infernal
//     wound takes 1d10 hit points at the start of each of the target's
//     turns, 1d10 more for each further hit, until a creature's action
//     and a DC 12 Wisdom (Medicine) check stanch it or magical healing
//     closes it; a fire elemental's fire burns 1d10 until a creature's
//     action douses it;
//   - a poison that paralyses the creature it drops (srd.Action.Downs):
//     stable at 0 hit points, poisoned for an hour and paralysed while
//     poisoned, even once healed;
//   - a poison's sleep (srd.HitCondition.Sleep): unconscious while
//     poisoned on a save failed badly, until damage or another creature's
//     action wakes it, as the stat block allows;
//   - a petrification in two stages (srd.HitCondition.Worsens): a
//     cockatrice's bite restrains, and the save repeated at the end of the
//     target's next turn ends it or turns the target to stone;
//   - a death (srd.Action.Slays): a solar's arrow kills a creature it
//     leaves with 190 hit points or fewer that fails its save.
//
// A character ends a wound, a fire or a sleep with its action
// (ActionFirstAid on a creature that is not dying: tend). Each is an
// effect of the monster's action on its target (Effect.Spell names it,
// "bearded-devil/glaive"), so it ends with the fight as a hit's
// condition does.

// The ids of the effects the riders leave.
const (
	// ongoingHarm is a wound or a fire; Dice is what it deals at each
	// turn, DamageType its type (none: hit points lost), Note its name.
	ongoingHarm = "ongoing-harm"
	// asleep is a poison's sleep, holding the unconscious condition.
	asleep = "asleep"
	// turningToStone is the first stage of a petrification: restrained,
	// with a save (Ability, DC) at the end of the target's next turn.
	turningToStone = "turning-to-stone"
)

// riders plays what stat block attack a's hit r does beyond its damage,
// conditions and drain to participant ti: the creature it dropped to 0
// hit points, the harm it leaves, the death it deals.
func (e *Encounter) riders(res *Result, rs Reactions, ai, ti int, a srd.Action, r rules.AttackResult, src dice.Source) error {
	if err := e.downs(res, ai, ti, a, r); err != nil {
		return err
	}
	if err := e.wound(res, rs, ai, ti, a, src); err != nil {
		return err
	}
	return e.slay(res, rs, ai, ti, a, src)
}

// from names monster ai's action a as what holds a creature: "Giant
// Spider 1's bite".
func (e Encounter) from(ai int, a srd.Action) string {
	return possessive(e.Participants[ai].Name) + " " + strings.ToLower(costRE.ReplaceAllString(a.Name, ""))
}

// riderOf is the stat block action whose hit left effect fx, looked up
// on the monster that made it.
func (e Encounter) riderOf(fx Effect) (srd.Action, bool) {
	ci := e.index(fx.CasterID)
	if ci < 0 {
		return srd.Action{}, false
	}
	if a, ok := e.itemRider(fx); ok { // a Sword of Wounding's (items_wounding.go)
		return a, true
	}
	m := e.Participants[ci]
	for _, a := range m.Actions {
		if source(m, a) == fx.Spell {
			return a, true
		}
	}
	return srd.Action{}, false
}

// downs plays a's Downs on participant ti, if hit r's damage of its type
// dropped it to 0 hit points and it lives: it is stable, and the
// conditions hold it for their time, healed or not.
func (e *Encounter) downs(res *Result, ai, ti int, a srd.Action, r rules.AttackResult) error {
	d, t := a.Downs, e.Participants[ti]
	if d == nil || r.Damage == nil || !r.Damage.Dropped || t.Defeated || t.Combatant.Dead || t.Left {
		return nil
	}
	if d.Type != "" {
		typed := 0
		for _, part := range r.Damage.Parts {
			if part.Type.String() == d.Type {
				typed += part.Taken
			}
		}
		// The rest of the hit alone would have dropped it: the poison
		// did not.
		if typed == 0 || r.Damage.Taken-typed >= r.Damage.HPBefore+r.Damage.TempHPAbsorbed {
			return nil
		}
	}
	if c := t.Combatant; !c.Stable {
		ch := []rules.Change{{TargetID: c.ID, Field: rules.FieldStable, From: false, To: true}}
		if err := e.apply(ch); err != nil {
			return err
		}
		res.Changes = append(res.Changes, ch...)
	}
	res.say(t.Name + " is stable.")
	for _, cond := range []string{d.Condition, d.While} {
		if cond == "" {
			continue
		}
		if err := e.hold(res, ai, ti, a, srd.HitCondition{Condition: cond, Duration: d.Duration}, nil, nil); err != nil {
			return err
		}
	}
	return nil
}

// wound plays a's Ongoing on participant ti: on a failed save, the harm
// it leaves, dealt at each of its turns; a further hit with the attack
// deepens a harm that stacks, with no save.
func (e *Encounter) wound(res *Result, rs Reactions, ai, ti int, a srd.Action, src dice.Source) error {
	o, t, m := a.Ongoing, e.Participants[ti], e.Participants[ai]
	if o == nil || t.Defeated || t.Left || !hitWorksOn(t, srd.HitCondition{Except: o.Except}) {
		return nil
	}
	if cond, bound := boundTo(*o); bound && !t.Combatant.Conditions.Has(cond) {
		return nil // the grapple or the poison did not take: nor does its harm
	}
	from := e.from(ai, a)
	k := slices.IndexFunc(e.Effects, func(fx Effect) bool {
		return fx.ID == ongoingHarm && fx.Spell == source(m, a) && fx.CasterID == m.ID && fx.TargetID == t.ID
	})
	if k >= 0 {
		if !o.Stacks {
			res.say(fmt.Sprintf("%s's %s still burns.", t.Name, o.Name))
			return nil
		}
		more, err := addDice(e.Effects[k].Dice, o.Dice)
		if err != nil {
			return err
		}
		e.Effects[k].Dice = more
		res.say(fmt.Sprintf("%s deepens %s's %s: %s at each of its turns.", from, t.Name, o.Name, more))
		return nil
	}
	if o.Save != nil {
		sv, err := e.hitSave(res, rs, ai, ti, a, srd.HitCondition{Save: o.Save}, src)
		if err != nil {
			return err
		}
		if sv.Success {
			res.say(fmt.Sprintf("%s resists the %s (%s save %d against DC %d).", t.Name, o.Name, sv.Ability.Name(), sv.Total, sv.DC))
			return nil
		}
	}
	fx := Effect{Effect: spell.Effect{ID: ongoingHarm, Spell: source(m, a), CasterID: m.ID, TargetID: t.ID, Dice: o.Dice,
		Ends: ongoingEnds(*o), Note: o.Name}}
	if o.Type != "" {
		typ, err := rules.ParseDamageType(o.Type)
		if err != nil {
			return fault.Wrap(fault.Internal, actOp, err)
		}
		fx.DamageType = typ
	}
	if err := e.add(res, fx, nil); err != nil {
		return err
	}
	res.say(fmt.Sprintf("%s leaves %s with %s %s: %s.", from, t.Name, article(o.Name), o.Name, fx.Ends))
	return nil
}

// article is "an" before a vowel, else "a".
func article(s string) string {
	if s != "" && strings.ContainsRune("aeiou", rune(s[0])) {
		return "an"
	}
	return "a"
}

// boundTo is the condition ongoing harm o lasts as long as (srd.Ongoing.
// While); bound false when an action, not a condition, ends it.
func boundTo(o srd.Ongoing) (rules.Condition, bool) {
	if o.While == "" {
		return 0, false
	}
	c, err := rules.ParseCondition(o.While)
	return c, err == nil
}

// boundOf is the condition ongoing harm fx lasts as long as (boundTo).
func (e Encounter) boundOf(fx Effect) (rules.Condition, bool) {
	if a, ok := e.riderOf(fx); ok && a.Ongoing != nil {
		return boundTo(*a.Ongoing)
	}
	return 0, false
}

// ongoingEnds says what an ongoing harm does and what ends it.
func ongoingEnds(o srd.Ongoing) string {
	what := "hit points lost"
	if o.Type != "" {
		what = o.Type + " damage"
	}
	when := "start"
	if o.AtEnd {
		when = "end"
	}
	if o.While != "" {
		return fmt.Sprintf("%s %s at the %s of each of its turns, as long as it is %s", o.Dice, what, when, o.While)
	}
	s := fmt.Sprintf("%s %s at the %s of each of its turns, until a creature's action", o.Dice, what, when)
	if c := o.Stanch; c != nil {
		s += fmt.Sprintf(" with a DC %d %s check", c.DC, checkName(*c))
	}
	s += " ends it"
	if o.Healing {
		s += ", or magical healing"
	}
	if sh := o.Shake; sh != nil {
		s += fmt.Sprintf(", or a DC %d %s save after each", sh.Value, abilityName(sh.Ability))
	}
	return s
}

// checkName is "Wisdom (Medicine)".
func checkName(c srd.Check) string {
	name := c.Ability
	if a, err := rules.ParseAbility(c.Ability); err == nil {
		name = a.Name()
	}
	if sk, err := rules.ParseSkill(c.Skill); err == nil && c.Skill != "" {
		name += " (" + sk.Name() + ")"
	}
	return name
}

// addDice adds dice of one die to more of it: "1d10" and "1d10" make
// "2d10".
func addDice(have, more string) (string, error) {
	n1, d1, ok1 := strings.Cut(have, "d")
	n2, d2, ok2 := strings.Cut(more, "d")
	a, err1 := strconv.Atoi(n1)
	b, err2 := strconv.Atoi(n2)
	if !ok1 || !ok2 || d1 != d2 || err1 != nil || err2 != nil {
		return have, fault.E(fault.Internal, actOp, "cannot add %q to %q", more, have)
	}
	return strconv.Itoa(min(a+b, 999)) + "d" + d1, nil
}

// slay plays a's Slays on participant ti: left with few enough hit
// points, it saves or dies.
func (e *Encounter) slay(res *Result, rs Reactions, ai, ti int, a srd.Action, src dice.Source) error {
	sl, t := a.Slays, e.Participants[ti]
	if sl == nil || t.Defeated || t.Combatant.Dead || t.Left || t.Combatant.HP > sl.HP {
		return nil
	}
	save := sl.Save
	sv, err := e.hitSave(res, rs, ai, ti, a, srd.HitCondition{Save: &save}, src)
	if err != nil {
		return err
	}
	from := e.from(ai, a)
	if sv.Success {
		res.say(fmt.Sprintf("%s survives %s (%s save %d against DC %d).", t.Name, from, sv.Ability.Name(), sv.Total, sv.DC))
		return nil
	}
	res.say(fmt.Sprintf("%s slays %s (%s save %d against DC %d).", from, t.Name, sv.Ability.Name(), sv.Total, sv.DC))
	return e.destroy(res, ai, ti)
}

// sleep puts participant ti, just poisoned by monster ai's action a
// (hit condition hc, save sv failed), to sleep when the save went badly
// enough, for as long as the poison holds it.
func (e *Encounter) sleep(res *Result, ai, ti int, a srd.Action, hc srd.HitCondition, sv rules.SaveResult, src dice.Source) error {
	s := hc.Sleep
	switch {
	case s.FailBy > 0 && sv.DC-sv.Total < s.FailBy:
		return nil
	case s.FailBy == 0 && s.AtMost > 0 && sv.Total > s.AtMost:
		return nil
	}
	m, t := e.Participants[ai], e.Participants[ti]
	cond, err := rules.ParseCondition(hc.Condition)
	if err != nil {
		return fault.Wrap(fault.Internal, actOp, err)
	}
	holding := func(fx Effect) bool {
		return fx.TargetID == t.ID && fx.Spell == source(m, a) && fx.CasterID == m.ID
	}
	k := slices.IndexFunc(e.Effects, func(fx Effect) bool { return holding(fx) && fx.Condition == cond })
	if k < 0 || slices.ContainsFunc(e.Effects, func(fx Effect) bool { return holding(fx) && fx.ID == asleep }) {
		return nil // immune to the poison, or asleep already
	}
	instead := ""
	if s.Duration != "" {
		// Instead of the poison's own time: "5 (1d10) minutes".
		n, err := e.rollFor(res, strings.Fields(s.Duration)[0], m.ID, "minutes of "+strings.ToLower(a.Name)+" poison", src)
		if err != nil {
			return err
		}
		e.Effects[k].Until = Until{Round: e.Round + n*roundsPer["minute"], Turn: e.Current}
		e.Effects[k].Ends = fmt.Sprintf("for %d minutes", n)
		instead = fmt.Sprintf(", poisoned for %d minutes instead", n)
	}
	cr, err := e.condition(res, ti, rules.Unconscious)
	if err != nil {
		return err
	}
	if cr.Immune {
		res.say(cr.Summary())
		return nil
	}
	fx := Effect{Effect: spell.Effect{ID: asleep, Spell: source(m, a), CasterID: m.ID, TargetID: t.ID, Condition: rules.Unconscious,
		Ends: sleepEnds(*s), Note: e.from(ai, a)}, Until: e.Effects[k].Until}
	if err := e.add(res, fx, nil); err != nil {
		return err
	}
	res.say(fmt.Sprintf("%s falls unconscious from %s%s: %s.", t.Name, fx.Note, instead, fx.Ends))
	return nil
}

// rollFor rolls dice x (a number when it has none) for roller, with the
// roll kept in res, and returns its total, at least 1.
func (e *Encounter) rollFor(res *Result, x, roller, reason string, src dice.Source) (int, error) {
	expr, err := dice.Parse(x)
	if err != nil {
		return 0, fault.Wrap(fault.Internal, actOp, err)
	}
	r := dice.Roll(expr, src)
	if expr.Min() != expr.Max() {
		res.Rolls = append(res.Rolls, rules.Roll{Reason: reason, RollerID: roller, Result: r})
	}
	return max(r.Total, 1), nil
}

// sleepEnds says what ends a poison's sleep.
func sleepEnds(s srd.Sleep) string {
	ends := []string{"while the poison lasts"}
	if s.DamageWakes {
		ends = append(ends, "damage wakes it")
	}
	if s.ShakeWakes {
		ends = append(ends, "another creature's action shakes it awake")
	}
	return strings.Join(ends, "; ")
}

// turnToStone begins hit condition hc's petrification of participant
// ti, who failed its save sv: restrained, with the save again at the
// end of its next turn (ridersTurnEnds).
func (e *Encounter) turnToStone(res *Result, ai, ti int, a srd.Action, hc srd.HitCondition, sv *rules.SaveResult) error {
	m, t := e.Participants[ai], e.Participants[ti]
	if slices.ContainsFunc(e.Effects, func(fx Effect) bool {
		return fx.ID == turningToStone && fx.TargetID == t.ID && fx.Spell == source(m, a) && fx.CasterID == m.ID
	}) {
		res.say(t.Name + " is still turning to stone.")
		return nil
	}
	ability, err := rules.ParseAbility(hc.Save.Ability)
	if err != nil {
		return fault.Wrap(fault.Internal, actOp, err)
	}
	cond, took, err := e.inflict(res, ti, hc.Condition)
	if err != nil || !took {
		return err
	}
	fx := Effect{Effect: spell.Effect{ID: turningToStone, Spell: source(m, a), CasterID: m.ID, TargetID: t.ID, Condition: cond,
		Ability: ability, DC: hc.Save.Value, Note: e.from(ai, a),
		Ends: fmt.Sprintf("a %s save at the end of its next turn ends it, or leaves it %s for %s", ability.Name(), hc.Worsens, hc.WorsensFor)},
		Until: Until{Round: e.nextTurnRound(t.ID), Turn: t.ID, End: true}}
	if err := e.add(res, fx, nil); err != nil {
		return err
	}
	res.say(fmt.Sprintf("%s begins to turn to stone and is %s by %s%s: %s.", t.Name, hc.Condition, fx.Note, savedBy(sv), fx.Ends))
	return nil
}

// ridersTurnStarts deals the ongoing harms dealt as the current
// participant's turn starts.
func (e *Encounter) ridersTurnStarts(res *Result, src dice.Source) error {
	return e.burn(res, false, src)
}

// ridersTurnEnds deals the ongoing harms dealt as the current
// participant's turn ends, and makes its second save against turning to
// stone: a success ends it, a failure petrifies it.
func (e *Encounter) ridersTurnEnds(res *Result, src dice.Source) error {
	if err := e.burn(res, true, src); err != nil {
		return err
	}
	now := e.moment(e.Round, e.Current, true)
	for _, fx := range slices.Clone(e.Effects) {
		if fx.ID != turningToStone || fx.TargetID != e.Current || !e.due(fx.Until, now) {
			continue
		}
		if err := e.stone(res, fx, src); err != nil {
			return err
		}
	}
	return nil
}

// stone is the save at the end of the turn after a petrification began
// (fx): a success ends it; a failure turns the creature to stone.
func (e *Encounter) stone(res *Result, fx Effect, src dice.Source) error {
	ti := e.index(fx.TargetID)
	if ti < 0 || e.Participants[ti].Defeated {
		return nil
	}
	t := e.Participants[ti]
	sv, err := e.save(res, ti, saveCall{ability: fx.Ability, dc: fx.DC, reason: fx.Ability.Name() + " saving throw against turning to stone"}, src)
	if err != nil {
		return err
	}
	same := func(x Effect) bool {
		return x.ID == fx.ID && x.TargetID == fx.TargetID && x.Spell == fx.Spell && x.CasterID == fx.CasterID
	}
	if sv.Success {
		return e.relieve(res, same, fmt.Sprintf("%s stops turning to stone (%s save %d against DC %d).", t.Name, sv.Ability.Name(), sv.Total, sv.DC))
	}
	if err := e.relieve(res, same, ""); err != nil {
		return err
	}
	worse, lasts := rules.Petrified, "24 hours"
	if a, ok := e.riderOf(fx); ok {
		for _, hc := range slices.Concat(a.OnHit, a.Inflicts) { // a bite's, a breath's
			if hc.Worsens != "" {
				if c, err := rules.ParseCondition(hc.Worsens); err == nil {
					worse, lasts = c, hc.WorsensFor
				}
			}
		}
	}
	if l, ok := e.gazeLasts(fx); ok { // a medusa's gaze (auras.go)
		lasts = l
	}
	cr, err := e.condition(res, ti, worse)
	if err != nil {
		return err
	}
	if cr.Immune {
		res.say(cr.Summary())
		return nil
	}
	stone := Effect{Effect: spell.Effect{ID: worse.String(), Spell: fx.Spell, CasterID: fx.CasterID, TargetID: fx.TargetID, Condition: worse,
		Ends: "for " + lasts, Note: fx.Note}}
	if lasts == "" {
		stone.Ends = "until magic frees it" // a gorgon's: Greater Restoration
	}
	if rounds := roundsOf(lasts); rounds > 0 {
		stone.Until = Until{Round: e.Round + rounds, Turn: e.Current}
	}
	if err := e.add(res, stone, nil); err != nil {
		return err
	}
	res.say(fmt.Sprintf("%s is %s by %s (%s save %d against DC %d): %s.", t.Name, worse, fx.Note, sv.Ability.Name(), sv.Total, sv.DC, stone.Ends))
	return nil
}

// burn deals the ongoing harms on the current participant that come at
// the end of its turn (atEnd) or at its start.
func (e *Encounter) burn(res *Result, atEnd bool, src dice.Source) error {
	for _, fx := range slices.Clone(e.Effects) {
		if fx.ID != ongoingHarm || fx.TargetID != e.Current || strings.Contains(fx.Ends, "at the end of each") != atEnd {
			continue
		}
		ti := e.index(fx.TargetID)
		if ti < 0 || e.Participants[ti].Defeated || e.Participants[ti].Combatant.Dead {
			continue
		}
		if cond, bound := e.boundOf(fx); bound && !e.Participants[ti].Combatant.Conditions.Has(cond) {
			// The grapple or the poison is over, and the harm with it.
			if err := e.forget(res, func(x Effect) bool {
				return x.ID == fx.ID && x.TargetID == fx.TargetID && x.Spell == fx.Spell && x.CasterID == fx.CasterID
			}); err != nil {
				return err
			}
			continue
		}
		n, err := e.rollFor(res, fx.Dice, fx.CasterID, fx.Note, src)
		if err != nil {
			return err
		}
		hit := rules.Hit{Damage: []rules.Damage{{Amount: n, Type: fx.DamageType}}}
		tell := fmt.Sprintf("The %s hurts %s: ", fx.Note, e.Participants[ti].Name)
		if _, err := e.damage(res, e.index(fx.CasterID), ti, e.Participants[ti].Combatant, hit, tell, src); err != nil {
			return err
		}
		if o, ok := e.ongoingOf(fx); ok && o.Shake != nil {
			if err := e.shake(res, ti, fx, o, src); err != nil { // a Sword of Wounding's wound
				return err
			}
		}
	}
	return nil
}

// relieve ends the effects match picks with the conditions they alone
// held, saying why in its own words (nothing when said is "").
func (e *Encounter) relieve(res *Result, match func(Effect) bool, said string) error {
	gone := slices.DeleteFunc(slices.Clone(e.Effects), func(fx Effect) bool { return !match(fx) })
	if err := e.forget(res, match); err != nil {
		return err
	}
	if said != "" {
		res.say(said)
	}
	for _, fx := range gone {
		s, err := e.unset(fx)
		if err != nil {
			return err
		}
		if s != nil {
			res.Changes = append(res.Changes, s.Changes...)
		}
	}
	return nil
}

// ridersDamaged wakes participant ti, damaged (d), from a sleep that
// damage ends.
func (e *Encounter) ridersDamaged(res *Result, ti int, d rules.DamageResult) error {
	if d.Taken <= 0 {
		return nil
	}
	id := e.Participants[ti].ID
	return e.relieve(res, func(fx Effect) bool {
		if fx.ID != asleep || fx.TargetID != id {
			return false
		}
		a, ok := e.riderOf(fx)
		return ok && slices.ContainsFunc(a.OnHit, func(hc srd.HitCondition) bool { return hc.Sleep != nil && hc.Sleep.DamageWakes })
	}, "")
}

// ridersLapse ends, after an action, what it undid: the wounds magical
// healing closed (a spell cast, a potion drunk), and a sleep or a
// paralysis held while a poison lasts, once the poison has gone.
func (e *Encounter) ridersLapse(res *Result) error {
	magical := res.Cast != nil || res.Kind == ActionPotion
	healed := func(id string) bool {
		for _, ch := range res.Changes {
			from, ok1 := ch.From.(int)
			to, ok2 := ch.To.(int)
			if ch.TargetID == id && ch.Field == rules.FieldHP && ok1 && ok2 && to > from {
				return true
			}
		}
		return false
	}
	var closed []string
	err := e.relieve(res, func(fx Effect) bool {
		if fx.ID != ongoingHarm || !magical || !healed(fx.TargetID) {
			return false
		}
		a, ok := e.riderOf(fx)
		if ok && a.Ongoing != nil && a.Ongoing.Healing {
			closed = append(closed, fmt.Sprintf("The magical healing closes %s's %s.", e.nameOf(fx.TargetID), fx.Note))
			return true
		}
		return false
	}, "")
	if err != nil {
		return err
	}
	for _, s := range closed {
		res.say(s)
	}
	return e.relieve(res, func(fx Effect) bool {
		if fx.ID != asleep && fx.ID != rules.Paralyzed.String() {
			return false
		}
		a, ok := e.riderOf(fx)
		if !ok || (fx.ID == rules.Paralyzed.String() && (a.Downs == nil || a.Downs.While != fx.ID)) {
			return false
		}
		return !slices.ContainsFunc(e.Effects, func(o Effect) bool {
			return o.TargetID == fx.TargetID && o.Spell == fx.Spell && o.CasterID == fx.CasterID && o.Condition == rules.Poisoned
		})
	}, "")
}

// nameOf is participant id's name, or the id.
func (e Encounter) nameOf(id string) string {
	if p, ok := e.Participant(id); ok {
		return p.Name
	}
	return id
}

// The ways a character's action helps a creature a rider holds.
const (
	TendWake   = "wake"
	TendDouse  = "douse"
	TendStanch = "stanch"
)

// Tends are what a creature's action could do for participant id, as
// riders hold it: shake it awake, douse its fire, stanch its wound; none
// for a creature nothing holds so.
func (e Encounter) Tends(id string) []string {
	var out []string
	for _, fx := range e.Effects {
		if fx.TargetID != id {
			continue
		}
		var t string
		_, bound := e.boundOf(fx)
		switch {
		case fx.ID == ongoingHarm && bound: // it ends with its grapple or poison, not by a hand
		case fx.ID == asleep && e.shakeable(fx):
			t = TendWake
		case fx.ID == ongoingHarm && e.stanchOf(fx) == nil:
			t = TendDouse
		case fx.ID == ongoingHarm:
			t = TendStanch
		}
		if t != "" && !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	slices.SortFunc(out, func(a, b string) int { return slices.Index(tendOrder, a) - slices.Index(tendOrder, b) })
	return out
}

// tendOrder is the order a helper who names none tends in: a sleeper
// first, who can then help itself, a fire, then a wound.
var tendOrder = []string{TendWake, TendDouse, TendStanch}

// shakeable reports whether another creature's action wakes a sleep.
func (e Encounter) shakeable(fx Effect) bool {
	a, ok := e.riderOf(fx)
	return ok && slices.ContainsFunc(a.OnHit, func(hc srd.HitCondition) bool { return hc.Sleep != nil && hc.Sleep.ShakeWakes })
}

// stanchOf is the check that ends ongoing harm fx; nil when an action
// alone does (a fire).
func (e Encounter) stanchOf(fx Effect) *srd.Check {
	if a, ok := e.riderOf(fx); ok && a.Ongoing != nil {
		return a.Ongoing.Stanch
	}
	return nil
}

// tend is participant ai's action on participant ti (ActionFirstAid on a
// creature that is not dying): what choice names of Tends, or the first
// of them. A sleeper is shaken awake; a fire is doused; a wound is
// stanched if the helper's check succeeds.
func (e *Encounter) tend(res *Result, ai, ti int, choice string, src dice.Source) error {
	p, t := e.Participants[ai], e.Participants[ti]
	tends := e.Tends(t.ID)
	if choice == "" && len(tends) > 0 {
		choice = tends[0]
	}
	switch {
	case len(tends) == 0:
		return refuse(NotAllowed, "action.target_id", "%s is not dying, asleep, burning or bleeding: first aid can't help", t.Name)
	case !slices.Contains(tends, choice):
		return refuse(InvalidArgs, "action.choice", "%s can be helped to %s", t.Name, strings.Join(tends, " or "))
	case choice == TendWake && ai == ti:
		return refuse(NotAllowed, "action.target_id", "a sleeper can't shake itself awake")
	}
	e.Participants[ai].Turn.ActionUsed = true
	switch choice {
	case TendWake:
		return e.relieve(res, func(fx Effect) bool { return fx.ID == asleep && fx.TargetID == t.ID && e.shakeable(fx) },
			fmt.Sprintf("%s shakes %s awake.", p.Name, t.Name))
	case TendDouse:
		return e.relieve(res, func(fx Effect) bool {
			_, bound := e.boundOf(fx)
			return fx.ID == ongoingHarm && fx.TargetID == t.ID && e.stanchOf(fx) == nil && !bound
		},
			fmt.Sprintf("%s douses the fire on %s.", p.Name, t.Name))
	}
	k := slices.IndexFunc(e.Effects, func(fx Effect) bool {
		_, bound := e.boundOf(fx)
		return fx.ID == ongoingHarm && fx.TargetID == t.ID && e.stanchOf(fx) != nil && !bound
	})
	fx := e.Effects[k]
	sc := e.stanchOf(fx)
	req := rules.CheckRequest{DC: sc.DC}
	var err error
	if req.Ability, err = rules.ParseAbility(sc.Ability); err != nil {
		return fault.Wrap(fault.Internal, actOp, err)
	}
	if sc.Skill != "" {
		if req.Skill, err = rules.ParseSkill(sc.Skill); err != nil {
			return fault.Wrap(fault.Internal, actOp, err)
		}
	}
	c, err := rules.Check(p.Combatant, req, src)
	if err != nil {
		return fault.Wrap(fault.Internal, actOp, err)
	}
	res.Rolls = append(res.Rolls, c.Rolls...)
	res.say(fmt.Sprintf("%s tries to stanch %s's %s. %s", p.Name, t.Name, fx.Note, c.Summary()))
	if !c.Success {
		return nil
	}
	return e.relieve(res, func(x Effect) bool {
		return x.ID == ongoingHarm && x.TargetID == t.ID && x.Spell == fx.Spell && x.CasterID == fx.CasterID
	}, fmt.Sprintf("The %s is stanched.", fx.Note))
}

// shake is the save ongoing harm fx asks of participant ti after it
// hurt it (srd.Ongoing.Shake), a success ending it.
func (e *Encounter) shake(res *Result, ti int, fx Effect, o srd.Ongoing, src dice.Source) error {
	t := e.Participants[ti]
	if o.Shake == nil || t.Defeated || t.Combatant.Dead || t.Combatant.HP <= 0 {
		return nil
	}
	ability, err := rules.ParseAbility(o.Shake.Ability)
	if err != nil {
		return fault.Wrap(fault.Internal, actOp, err)
	}
	sv, err := e.save(res, ti, saveCall{ability: ability, dc: o.Shake.Value, reason: ability.Name() + " saving throw against " + rules.Article(o.Name)}, src)
	if err != nil {
		return err
	}
	if !sv.Success {
		res.say(fmt.Sprintf("%s's %s still bleeds (%s save %d against DC %d).", t.Name, o.Name, ability.Name(), sv.Total, sv.DC))
		return nil
	}
	return e.relieve(res, func(x Effect) bool {
		return x.ID == ongoingHarm && x.TargetID == t.ID && x.Spell == fx.Spell && x.CasterID == fx.CasterID
	}, fmt.Sprintf("%s shakes off the %s (%s save %d against DC %d).", t.Name, o.Name, ability.Name(), sv.Total, sv.DC))
}

// ongoingOf is the ongoing harm effect fx deals, as the attack that
// left it says.
func (e Encounter) ongoingOf(fx Effect) (srd.Ongoing, bool) {
	if a, ok := e.riderOf(fx); ok && a.Ongoing != nil {
		return *a.Ongoing, true
	}
	return srd.Ongoing{}, false
}
