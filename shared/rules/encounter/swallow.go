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

// A swallower takes a creature inside it as its stat block says
// (srd.Action.Swallow): a purple worm's bite on a failed Dexterity save,
// a kraken's bite on a creature its tentacle grapples, the Swallow of a
// behir or a tarrasque (a bite at the creature it grapples, the grapple
// ending), a gelatinous cube's Engulf on a failed save, a shambling
// mound's when both its slams hit. Inside, the creature is restrained
// (and blinded, but in a cube), out of every reach but its swallower's
// (elsewhere; it can still attack its swallower, and cast on itself),
// and takes the digestion at the start of each of the swallower's turns.
//
// The state is two effects of the swallowing action on the creature: one
// (swallowedID) keeps it inside, blinded when the text says so; the
// other (insideID) restrains it, and holds the escape DC of an engulfer
// that can be broken out of (escape, breakFree). The damage the
// creature deals its swallower in one turn is tallied on the first
// (Effect.Mark); at the end of that turn, as much as the text's
// threshold makes the swallower save or regurgitate every creature
// inside, prone. A dead swallower restrains no one; the creature crawls
// out of the corpse with the text's movement, prone.

// The effects of a creature inside a swallower.
const (
	swallowedID = "swallowed"
	insideID    = "held-inside"
)

// swallows reports whether a swallows or engulfs (srd.Action.Swallow).
func swallows(a srd.Action) bool { return a.Swallow != nil }

// swallowerOf is the index of the participant that has participant id
// inside it; -1 if none.
func (e Encounter) swallowerOf(id string) int {
	k := slices.IndexFunc(e.Effects, func(fx Effect) bool { return fx.ID == swallowedID && fx.TargetID == id })
	if k < 0 {
		return -1
	}
	return e.index(e.Effects[k].CasterID)
}

// swallowed reports whether participant id is inside a swallower.
func (e Encounter) swallowed(id string) bool {
	return slices.ContainsFunc(e.Effects, func(fx Effect) bool { return fx.ID == swallowedID && fx.TargetID == id })
}

// swallowOf is the swallowing of monster m whose effect fx is.
func swallowOf(m Participant, fx Effect) (srd.Swallow, bool) {
	for _, a := range m.Actions {
		if a.Swallow != nil && source(m, a) == fx.Spell {
			return *a.Swallow, true
		}
	}
	return srd.Swallow{}, false
}

// units is how much of a swallower's room participant t takes: a Large
// creature fills a cube that holds four Medium ones.
func units(t Participant, w srd.Swallow) int {
	if sizeOf(t) >= slices.Index(sizes, "large") {
		return max(min(4, w.Limit), 1)
	}
	return 1
}

// room reports whether monster ai has room inside it for participant ti
// by its swallowing w.
func (e Encounter) room(ai, ti int, w srd.Swallow) bool {
	if w.Limit == 0 {
		return true
	}
	used := 0
	for _, fx := range e.Effects {
		if fx.ID == swallowedID && fx.CasterID == e.Participants[ai].ID {
			if i := e.index(fx.TargetID); i >= 0 {
				used += units(e.Participants[i], w)
			}
		}
	}
	return used+units(e.Participants[ti], w) <= w.Limit
}

// swallowable reports whether monster ai's swallowing w can take
// participant ti: in the fight and not inside anything yet, no larger
// than it swallows, grappled by it when it must be, and with room.
func (e Encounter) swallowable(ai, ti int, w srd.Swallow) bool {
	t := e.Participants[ti]
	if t.Defeated || t.Left || ai == ti || e.elsewhere(t.ID) || sizeOf(t) > slices.Index(sizes, w.MaxSize) {
		return false
	}
	if w.Grappled && t.GrappledBy != e.Participants[ai].ID {
		return false
	}
	return e.room(ai, ti, w)
}

// swallow plays the swallowing of stat block action a of monster ai,
// whose attack hit participant ti (or whose engulfing it failed to
// avoid): behind its save, if it has one, the creature goes inside.
func (e *Encounter) swallow(res *Result, rs Reactions, ai, ti int, a srd.Action, src dice.Source) error {
	w := a.Swallow
	if w == nil || w.Hits > 1 || !e.swallowable(ai, ti, *w) {
		return nil
	}
	if w.Save != nil {
		sv, err := e.hitSave(res, rs, ai, ti, a, srd.HitCondition{Condition: swallowedID, Save: w.Save}, src)
		if err != nil {
			return err
		}
		if sv.Success {
			res.say(fmt.Sprintf("%s avoids being %s (%s save %d against DC %d).", e.Participants[ti].Name, swallowVerb(*w), sv.Ability.Name(), sv.Total, sv.DC))
			return nil
		}
	}
	return e.takeInside(res, ai, ti, a)
}

// swallowVerb is how a swallowing is told: "swallowed", "engulfed".
func swallowVerb(w srd.Swallow) string {
	if w.Engulf {
		return "engulfed"
	}
	return "swallowed"
}

// takeInside puts participant ti inside monster ai by its action a: the
// grapple that held it ends, it leaves every other creature's reach, and
// it is restrained (and blinded) while inside.
func (e *Encounter) takeInside(res *Result, ai, ti int, a srd.Action) error {
	w := *a.Swallow
	m, t := e.Participants[ai], e.Participants[ti]
	if t.GrappledBy != "" {
		if err := e.release(res, ti); err != nil {
			return err
		}
	}
	e.part(ti)
	e.engage(ti, ai)
	ends := "until it is regurgitated, or crawls out of the corpse"
	if w.Escape > 0 {
		ends = fmt.Sprintf("until it escapes (its action and a DC %d Strength check)", w.Escape)
	}
	note := "inside " + m.Name
	from := source(m, a)
	marker := Effect{Effect: spell.Effect{ID: swallowedID, Spell: from, CasterID: m.ID, TargetID: t.ID, Ends: ends, Note: note}}
	held := Effect{Effect: spell.Effect{ID: insideID, Spell: from, CasterID: m.ID, TargetID: t.ID, Condition: rules.Restrained, Ends: ends, Note: note}, Escape: w.Escape}
	if w.Blinded {
		marker.Condition = rules.Blinded
	}
	for _, fx := range []Effect{marker, held} {
		if fx.Condition != 0 {
			if _, err := e.condition(res, ti, fx.Condition); err != nil {
				return err
			}
		}
		if err := e.add(res, fx, nil); err != nil {
			return err
		}
	}
	what := "restrained"
	if w.Blinded {
		what = "blinded and restrained"
	}
	res.say(fmt.Sprintf("%s is %s by %s: %s, with total cover against everything outside it.", t.Name, swallowVerb(w), m.Name, what))
	return nil
}

// engulfAfter plays a Multiattack's engulfing (a shambling mound's):
// when w.Hits of the attacks since res.Attacks[from] hit one creature,
// the monster's action a takes it inside.
func (e *Encounter) engulfAfter(res *Result, ai, from int) error {
	m := e.Participants[ai]
	i := slices.IndexFunc(m.Actions, func(a srd.Action) bool { return a.Swallow != nil && a.Swallow.Hits > 1 })
	if i < 0 || !m.canAct() {
		return nil
	}
	a := m.Actions[i]
	hits := map[string]int{}
	for _, r := range res.Attacks[from:] {
		if r.Hit {
			hits[r.TargetID]++
		}
	}
	for _, id := range e.Order {
		ti := e.index(id)
		if ti < 0 || hits[id] < a.Swallow.Hits || !e.swallowable(ai, ti, *a.Swallow) {
			continue
		}
		return e.takeInside(res, ai, ti, a)
	}
	return nil
}

// swallowerDead tells why the restraint fx holds a creature in ends: its
// swallower died; "" while it lives.
func (e Encounter) swallowerDead(fx Effect) string {
	if fx.ID != insideID {
		return ""
	}
	if m, ok := e.Participant(fx.CasterID); !ok || (m.down() && !m.rising()) {
		return "its swallower is dead"
	}
	return ""
}

// fromInside tallies the damage n that participant ai, inside ti, dealt
// it this turn, for its regurgitation.
func (e *Encounter) fromInside(ai, ti, n int) {
	if ai < 0 || n <= 0 {
		return
	}
	a, t := e.Participants[ai].ID, e.Participants[ti].ID
	for k, fx := range e.Effects {
		if fx.ID == swallowedID && fx.TargetID == a && fx.CasterID == t {
			e.Effects[k].Mark += n
		}
	}
}

// digest deals the damage of each swallowing of the participant whose
// turn starts to every creature inside it: a worm's acid, a mound's
// crushing behind a save.
func (e *Encounter) digest(res *Result, src dice.Source) error {
	ai := e.index(e.Current)
	if ai < 0 || e.Participants[ai].down() {
		return nil
	}
	for _, fx := range slices.Clone(e.Effects) {
		if fx.ID != swallowedID || fx.CasterID != e.Current {
			continue
		}
		ti := e.index(fx.TargetID)
		w, ok := swallowOf(e.Participants[ai], fx)
		if ti < 0 || !ok || e.Participants[ti].Defeated || !e.swallowed(fx.TargetID) {
			continue
		}
		if err := e.digestOne(res, ai, ti, w, src); err != nil {
			return err
		}
	}
	return nil
}

// digestOne deals monster ai's digestion w to participant ti inside it.
func (e *Encounter) digestOne(res *Result, ai, ti int, w srd.Swallow, src dice.Source) error {
	m, t := e.Participants[ai], e.Participants[ti]
	if d := w.Digest.DC; d != nil {
		ability, err := rules.ParseAbility(d.Ability)
		if err != nil {
			return fault.Wrap(fault.Internal, actOp, err)
		}
		sv, err := e.save(res, ti, saveCall{ability: ability, dc: d.Value, reason: ability.Name() + " saving throw inside " + m.Name}, src)
		if err != nil {
			return err
		}
		if sv.Success {
			res.say(fmt.Sprintf("%s holds out inside %s (%s save %d against DC %d).", t.Name, m.Name, ability.Name(), sv.Total, sv.DC))
			return nil
		}
	}
	x, err := dice.Parse(w.Digest.Dice)
	if err != nil {
		return fault.Wrap(fault.Internal, actOp, err)
	}
	typ, err := rules.ParseDamageType(w.Digest.Type)
	if err != nil {
		return fault.Wrap(fault.Internal, actOp, err)
	}
	roll := dice.Roll(x, src)
	res.Rolls = append(res.Rolls, rules.Roll{Reason: "digestion damage", RollerID: m.ID, Result: roll})
	hit := rules.Hit{Damage: []rules.Damage{{Amount: max(roll.Total, 0), Type: typ}}}
	tell := fmt.Sprintf("Inside %s, %s: ", m.Name, t.Name)
	_, err = e.damage(res, ai, ti, t.Combatant, hit, tell, src)
	return err
}

// regurgitation ends the turn for the swallowers that took, from one
// creature inside them, as much damage as their text says in it: each
// makes its Constitution save, or brings up every creature inside it,
// prone. Every tally starts again with the next turn.
func (e *Encounter) regurgitation(res *Result, src dice.Source) error {
	var due []int
	for _, fx := range e.Effects {
		ai := e.index(fx.CasterID)
		if fx.ID != swallowedID || fx.Mark <= 0 || ai < 0 || slices.Contains(due, ai) || e.Participants[ai].down() {
			continue
		}
		if w, ok := swallowOf(e.Participants[ai], fx); ok && w.Regurgitate > 0 && fx.Mark >= w.Regurgitate {
			due = append(due, ai)
		}
	}
	for k := range e.Effects {
		e.Effects[k].Mark = markOf(e.Effects[k])
	}
	for _, ai := range due {
		if err := e.regurgitate(res, ai, src); err != nil {
			return err
		}
	}
	return nil
}

// markOf is what an effect's Mark keeps into the next turn: a
// swallowing's tally of damage starts again.
func markOf(fx Effect) int {
	if fx.ID == swallowedID {
		return 0
	}
	return fx.Mark
}

// regurgitate is monster ai's Constitution save against bringing up
// every creature inside it, which fall prone beside it on a failure.
func (e *Encounter) regurgitate(res *Result, ai int, src dice.Source) error {
	m := e.Participants[ai]
	k := slices.IndexFunc(e.Effects, func(fx Effect) bool { return fx.ID == swallowedID && fx.CasterID == m.ID })
	if k < 0 {
		return nil
	}
	w, _ := swallowOf(m, e.Effects[k])
	sv, err := e.save(res, ai, saveCall{ability: rules.Con, dc: w.RegurgitateDC, reason: "Constitution saving throw against regurgitating"}, src)
	if err != nil {
		return err
	}
	if sv.Success {
		res.say(fmt.Sprintf("%s keeps down what it swallowed (Constitution save %d against DC %d).", m.Name, sv.Total, sv.DC))
		return nil
	}
	res.say(fmt.Sprintf("%s regurgitates what it swallowed (Constitution save %d against DC %d).", m.Name, sv.Total, sv.DC))
	var out []int
	for _, fx := range e.Effects {
		if fx.ID == swallowedID && fx.CasterID == m.ID {
			if ti := e.index(fx.TargetID); ti >= 0 {
				out = append(out, ti)
			}
		}
	}
	if err := e.endWhere(res, func(fx Effect) string {
		if (fx.ID == swallowedID || fx.ID == insideID) && fx.CasterID == m.ID {
			return "regurgitated"
		}
		return ""
	}); err != nil {
		return err
	}
	for _, ti := range out {
		if e.Participants[ti].Defeated {
			continue
		}
		if _, err := e.condition(res, ti, rules.Prone); err != nil {
			return err
		}
		res.say(e.Participants[ti].Name + " falls prone beside " + m.Name + ".")
	}
	return nil
}

// crawlOut has the participant whose turn it is, inside a dead
// swallower, crawl out of the corpse with the movement its text asks,
// exiting prone: as its turn starts (with all it has, if that is less),
// or in the turn its swallower died, if it still has that much.
func (e *Encounter) crawlOut(res *Result, starts bool) error {
	i := e.index(e.Current)
	if i < 0 || !e.swallowed(e.Current) || !e.Participants[i].canAct() {
		return nil
	}
	k := slices.IndexFunc(e.Effects, func(fx Effect) bool { return fx.ID == swallowedID && fx.TargetID == e.Current })
	fx := e.Effects[k]
	mi := e.index(fx.CasterID)
	if mi >= 0 && (!e.Participants[mi].down() || e.Participants[mi].rising()) {
		return nil // alive: only regurgitation or an escape lets it out
	}
	feet := 0
	name := fx.CasterID
	if mi >= 0 {
		w, _ := swallowOf(e.Participants[mi], fx)
		feet, name = w.ExitFeet, e.Participants[mi].Name
	}
	p := &e.Participants[i]
	if !starts && p.Turn.Movement < feet {
		return nil // restrained as its turn began: it crawls out at its next
	}
	p.Turn.Movement -= min(feet, p.Turn.Movement)
	if err := e.endWhere(res, func(o Effect) string {
		if (o.ID == swallowedID || o.ID == insideID) && o.TargetID == fx.TargetID {
			return "crawled out of the corpse"
		}
		return ""
	}); err != nil {
		return err
	}
	if feet == 0 {
		res.say(fmt.Sprintf("%s climbs out of %s's remains.", p.Name, name))
		return nil
	}
	if _, err := e.condition(res, i, rules.Prone); err != nil {
		return err
	}
	res.say(fmt.Sprintf("%s crawls out of %s's corpse (%d ft of movement) and lies prone.", e.Participants[i].Name, name, feet))
	return nil
}

// swallowBarred tells why participant ai can't reach ti for being
// inside a swallower: nothing outside reaches the creature inside, and
// it reaches nothing but its swallower (and itself); "" when neither is
// inside, or one is inside the other.
func (e Encounter) swallowBarred(ai, ti int) string {
	a, t := e.Participants[ai], e.Participants[ti]
	if si := e.swallowerOf(t.ID); si >= 0 && si != ai {
		return t.Name + " is inside " + e.Participants[si].Name + ", with total cover against everything outside it"
	}
	if si := e.swallowerOf(a.ID); si >= 0 && si != ti {
		return a.Name + " is inside " + e.Participants[si].Name + ": it can reach nothing but " + e.Participants[si].Name
	}
	if e.swallowerOf(t.ID) == ai {
		return t.Name + " is inside " + a.Name + " already"
	}
	return ""
}

// swallowPlan is the policy's swallowing for monster ai, when it
// grapples a creature it can swallow: the attack that swallows (a
// kraken's bite, a behir's or a tarrasque's Swallow, made with its
// bite) aimed at that creature, and the rest of the Multiattack that
// goes with it (the tarrasque's claws, horns and tail); ok false when it
// has none to make.
func (e Encounter) swallowPlan(ai int, log *rules.Log, src dice.Source) (first srd.Action, rest []srd.Action, ti int, ok bool) {
	p := e.Participants[ai]
	for _, a := range p.Actions {
		w := a.Swallow
		if w == nil || w.Hits > 1 || !w.Grappled || (a.AttackBonus == nil && w.Attack == "") {
			continue
		}
		ti = -1
		for i := range e.Participants {
			if !e.Participants[i].down() && e.swallowable(ai, i, *w) {
				ti = i
				break
			}
		}
		if ti < 0 {
			continue
		}
		first = a
		if w.Attack != "" {
			k := slices.IndexFunc(p.Actions, func(b srd.Action) bool { return strings.EqualFold(b.Name, w.Attack) && b.AttackBonus != nil })
			if k < 0 {
				continue
			}
			// The bite, as the swallowing's: its hit swallows, and its own
			// grapple is the one that ends.
			first = p.Actions[k]
			first.ID, first.OnHit, first.Swallow = a.ID, nil, w
		}
		for _, m := range p.Actions {
			if m.Multiattack == nil {
				continue
			}
			for _, set := range m.Multiattack.OneOf {
				if _, in := set[a.Name]; in {
					rest = expand(p, srd.Multiattack{Actions: set}, log, src)
					if k := slices.IndexFunc(rest, func(b srd.Action) bool { return strings.EqualFold(b.Name, w.Attack) }); k >= 0 {
						rest = slices.Delete(rest, k, k+1)
					}
				}
			}
		}
		return first, rest, ti, true
	}
	return srd.Action{}, nil, -1, false
}

// engulfs is monster ai's engulfing made with no attack (a gelatinous
// cube's Engulf), and the creature the policy engulfs with it: the
// weakest on its feet it has room for; ok false when there is none.
func (e Encounter) engulfs(ai int) (srd.Action, int, bool) {
	p := e.Participants[ai]
	for _, a := range p.Actions {
		if a.Swallow == nil || a.AttackBonus != nil || a.Swallow.Attack != "" || a.Swallow.Save == nil {
			continue
		}
		var but []int
		for {
			ti := e.weakestBut(but)
			if ti < 0 || e.fallen(ti) {
				break
			}
			if e.swallowable(ai, ti, *a.Swallow) {
				return a, ti, true
			}
			but = append(but, ti)
		}
	}
	return srd.Action{}, -1, false
}

// engulf is monster ai's Engulf on participant ti: behind the action's
// save, its damage (a cube's 3d6 acid), and the creature inside.
func (e *Encounter) engulf(res *Result, ai, ti int, a srd.Action, src dice.Source, rs Reactions) error {
	e.Participants[ai].Turn.ActionUsed = true
	res.Kind = ActionAttack
	if ok, err := e.closeIn(res, ai, ti, rs); err != nil || !ok {
		return err
	}
	sv, err := e.hitSave(res, rs, ai, ti, a, srd.HitCondition{Condition: swallowedID, Save: a.Swallow.Save}, src)
	if err != nil {
		return err
	}
	m, t := e.Participants[ai], e.Participants[ti]
	if sv.Success {
		res.say(fmt.Sprintf("%s moves into %s, who steps aside (%s save %d against DC %d).", m.Name, t.Name, sv.Ability.Name(), sv.Total, sv.DC))
		return nil
	}
	var hit rules.Hit
	for _, part := range damageParts(a, 0) {
		roll := dice.Roll(part.Dice, src)
		res.Rolls = append(res.Rolls, rules.Roll{Reason: strings.ToLower(a.Name) + " damage", RollerID: m.ID, Result: roll})
		hit.Damage = append(hit.Damage, rules.Damage{Amount: max(roll.Total, 0), Type: part.Type})
	}
	if len(hit.Damage) > 0 {
		if _, err := e.damage(res, ai, ti, t.Combatant, hit, fmt.Sprintf("%s moves over %s (%s save %d against DC %d): ", m.Name, t.Name, sv.Ability.Name(), sv.Total, sv.DC), src); err != nil {
			return err
		}
	}
	if e.Participants[ti].Defeated {
		return nil
	}
	return e.takeInside(res, ai, ti, a)
}
