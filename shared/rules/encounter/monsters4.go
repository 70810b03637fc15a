package encounter

import (
	"fmt"
	"slices"

	"chronicler/shared/dice"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
	"chronicler/shared/world"
)

// What a monster's magic does to where it stands and what strikes it,
// played as the fights keep positions (reach.go):
//
// A Teleport takes the monster out of every reach at once, so it draws
// no opportunity attack. The policy teleports to withdraw, when a foe
// that could strike holds it in its reach and the monster is badly hurt
// (a quarter of its hit points or fewer) or held by more foes than its
// Multiattack makes attacks; as an action (a balor's, a marilith's, a
// nalfeshnee's) once a fight, since it costs the monster its attacks; as
// a legendary action (a solar's, a sphinx's) whenever it is worth it,
// and also to close on the foe it would strike (the weakest) when that
// foe is out of its reach and walking there would draw an opportunity
// attack. A blink dog's Teleport (recharge 4-6) is its action with one
// bite: beside a foe that holds it, it bites and teleports away; held
// from its target, it teleports beside the target and bites.
//
// An androsphinx's Roar is louder each time it roars: the policy counts
// the roars spent (Spent, one a use) and takes the next stage as its
// action while one of those who can hear it (not deafened) is not held
// by a roar yet, and otherwise strikes (the paralysed first, as ever).
//
// A cloaker's Phantasms (once between rests) makes three duplicates, not
// in bright light: the policy makes them on its first turn where it can.
// An attack at the cloaker while one lasts rolls a die of one face more
// than there are duplicates: on a 1 it goes to the cloaker, else to a
// duplicate, with the cloaker's AC, which a hit destroys. An attacker
// blind, or seeing by blindsight or truesight, is not fooled, and bright
// light ends them.

// Ids of the actions played here.
const (
	teleportID  = "teleport"
	phantasmsID = "phantasms"
)

// playsMonsters4 reports whether the fights play action a (PlaysAction):
// a Teleport that keeps the monster in the fight, a Roar in stages, a
// cloaker's Phantasms.
func playsMonsters4(a srd.Action) bool {
	return teleportsNear(a) || roars(a) || a.ID == phantasmsID
}

// teleportsNear reports whether a is a Teleport to a space the monster
// sees (not a unicorn's, a mile away, which leaves the fight).
func teleportsNear(a srd.Action) bool {
	return a.ID == teleportID && a.AttackBonus == nil && !(a.Usage != nil && a.Usage.Type == "per_day")
}

// monsters4Turn is monster ai's action when it is one played here: its
// phantasms, its next roar, a blink dog's teleport and bite, a
// withdrawal by teleport. It reports whether it took the action.
func (e *Encounter) monsters4Turn(res *Result, ai int, src dice.Source, rs Reactions) (bool, error) {
	if err := e.phantasmsFade(res, ai); err != nil {
		return false, err
	}
	p := e.Participants[ai]
	for _, a := range p.Actions {
		switch {
		case a.ID == phantasmsID && e.readyPhantasms(ai, a):
			return true, e.phantasms(res, ai, a, src)
		case roars(a):
			if stage, ok := e.readyRoar(ai, a); ok {
				return true, e.roar(res, ai, a, stage, src, rs)
			}
		case teleportsNear(a) && a.Usage != nil && a.Usage.Type == "recharge":
			if !slices.Contains(p.Spent, a.ID) {
				return true, e.blinkBite(res, ai, a, src, rs)
			}
		case teleportsNear(a) && !slices.Contains(p.Spent, a.ID) && e.withdraws(ai):
			e.Participants[ai].Spent = append(slices.Clone(p.Spent), a.ID) // once a fight
			e.Participants[ai].Turn.ActionUsed = true
			res.Kind = ActionMove
			e.teleportAway(res, ai)
			return true, nil
		}
	}
	return false, nil
}

// threatenedBy counts the foes that hold monster ai in their reach and
// could strike it: those its walking away would draw an opportunity
// attack from.
func (e Encounter) threatenedBy(ai int) int {
	n := 0
	for j := range e.Participants {
		if e.threatens(j, ai) {
			n++
		}
	}
	return n
}

// withdraws reports whether monster ai would rather not stay where it
// is: held in a foe's reach while badly hurt (a quarter of its hit
// points or fewer), or held by more foes than its Multiattack makes
// attacks (one without).
func (e Encounter) withdraws(ai int) bool {
	p := e.Participants[ai]
	n := e.threatenedBy(ai)
	if n == 0 {
		return false
	}
	attacks := 1
	for _, a := range p.Actions {
		if a.Multiattack != nil {
			sum := 0
			for _, k := range fixedCounts(*a.Multiattack) {
				sum += k
			}
			attacks = max(attacks, sum)
		}
	}
	return 4*p.Combatant.HP <= p.Combatant.CurrentMaxHP() || n > attacks
}

// closes is the foe monster ai would teleport beside: the weakest, when
// it is out of ai's reach and a foe holds ai in its, so that walking
// there would draw an opportunity attack; -1 if none.
func (e Encounter) closes(ai int) int {
	ti := e.weakest()
	if ti < 0 || e.fallen(ti) || e.engaged(ai, ti) || e.threatenedBy(ai) == 0 {
		return -1
	}
	return ti
}

// teleportAway takes monster ai out of everyone's reach by magic: no
// opportunity attack.
func (e *Encounter) teleportAway(res *Result, ai int) {
	e.part(ai)
	res.Moved = true
	res.say(e.Participants[ai].Name + " teleports away, out of everyone's reach.")
}

// teleportTo brings monster ai beside participant ti by magic: no
// opportunity attack.
func (e *Encounter) teleportTo(res *Result, ai, ti int) {
	e.part(ai)
	e.engage(ai, ti)
	res.Moved = true
	res.say(fmt.Sprintf("%s teleports beside %s.", e.Participants[ai].Name, e.Participants[ti].Name))
}

// blinkBite is a blink dog's Teleport, its action, with its one bite:
// teleporting beside the target first when a foe holds it from the
// target, else biting and then teleporting away.
func (e *Encounter) blinkBite(res *Result, ai int, a srd.Action, src dice.Source, rs Reactions) error {
	m := &e.Participants[ai]
	m.Spent = append(slices.Clone(m.Spent), a.ID)
	m.Turn.ActionUsed = true
	res.Kind = ActionAttack
	bite, ok := bestAttack(meleeOnly(m.Actions))
	if ti := e.closes(ai); ti >= 0 {
		e.teleportTo(res, ai, ti)
		if !ok {
			return nil
		}
		return e.strikeAt(res, ai, ti, bite, src, rs)
	}
	if ok {
		if err := e.monsterStrike(res, ai, bite, src, rs); err != nil {
			return err
		}
	}
	if e.Participants[ai].canAct() {
		e.teleportAway(res, ai)
	}
	return nil
}

// legendaryTeleport is a legendary Teleport (a solar's, a sphinx's) as
// the policy would take it now: to withdraw, or to close on its target.
func (e Encounter) legendaryTeleport(ai int, l Legendary) bool {
	return l.Attack.ID == teleportID && l.Attack.AttackBonus == nil && (e.withdraws(ai) || e.closes(ai) >= 0)
}

// teleportLegendary plays a legendary Teleport: away when the monster
// withdraws, else beside its target.
func (e *Encounter) teleportLegendary(res *Result, ai int) {
	if e.withdraws(ai) {
		e.teleportAway(res, ai)
		return
	}
	if ti := e.closes(ai); ti >= 0 {
		e.teleportTo(res, ai, ti)
	}
}

// roars reports whether a is a roar in stages, each use the next (an
// androsphinx's).
func roars(a srd.Action) bool {
	return a.AttackBonus == nil && len(a.Stages) > 0 && a.Usage != nil && a.Usage.Type == "per_day" &&
		!slices.ContainsFunc(a.Stages, func(s srd.Action) bool { return !holdArea(s) && !saveArea(s) })
}

// roarsUsed counts the roars monster p has spent.
func roarsUsed(p Participant, a srd.Action) int {
	n := 0
	for _, id := range p.Spent {
		if id == a.ID {
			n++
		}
	}
	return n
}

// readyRoar is monster ai's next roar's stage, when it has one left and
// a foe on its feet that hears it is held by none of its roars.
func (e Encounter) readyRoar(ai int, a srd.Action) (srd.Action, bool) {
	p := e.Participants[ai]
	used := roarsUsed(p, a)
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
	m := &e.Participants[ai]
	m.Spent = append(slices.Clone(m.Spent), a.ID)
	m.Turn.ActionUsed = true
	res.Kind = ActionArea
	return e.area(res, ai, stage, src, rs)
}

// readyPhantasms reports whether the policy makes monster ai's phantasms
// now: not yet made this fight, and not in bright light.
func (e Encounter) readyPhantasms(ai int, a srd.Action) bool {
	return !slices.Contains(e.Participants[ai].Spent, a.ID) && !e.bright()
}

// bright reports whether the fight is in bright light (sunlight too).
func (e Encounter) bright() bool {
	l := e.light()
	return l != world.LightDim && l != world.LightDark
}

// phantasmDuplicates is how many duplicates Phantasms makes.
const phantasmDuplicates = 3

// phantasms is monster ai's action spent making its duplicates.
func (e *Encounter) phantasms(res *Result, ai int, a srd.Action, src dice.Source) error {
	m := &e.Participants[ai]
	m.Spent = append(slices.Clone(m.Spent), a.ID)
	m.Turn.ActionUsed = true
	res.Kind = ActionArea
	fx := Effect{Effect: spell.Effect{ID: phantasmsID, Spell: source(*m, a), CasterID: m.ID, TargetID: m.ID, Left: phantasmDuplicates,
		Ends: "when the last duplicate is hit, or in bright light", Note: possessive(m.Name) + " phantasms"}}
	if err := e.add(res, fx, src); err != nil {
		return err
	}
	res.say(fmt.Sprintf("%s makes %d illusory duplicates of itself (its Phantasms).", m.Name, phantasmDuplicates))
	return nil
}

// phantasmsFade ends monster ai's duplicates when it is in bright light.
func (e *Encounter) phantasmsFade(res *Result, ai int) error {
	id := e.Participants[ai].ID
	if !e.bright() || !slices.ContainsFunc(e.Effects, func(fx Effect) bool { return fx.TargetID == id && fx.ID == phantasmsID }) {
		return nil
	}
	res.say("In the bright light, " + possessive(e.Participants[ai].Name) + " duplicates vanish.")
	return e.forget(res, func(fx Effect) bool { return fx.TargetID == id && fx.ID == phantasmsID })
}

// phantasm rolls, for an attack by participant ai on ti while ti's
// phantasms last, whether it goes to a duplicate: a die of one face more
// than the duplicates left, a 1 the real one. It returns the duplicate
// struck (nil: the real one) and the roll; ok is false when no phantasm
// fools the attacker (none left, bright light, an attacker blind or
// seeing by blindsight or truesight).
func (e *Encounter) phantasm(ai, ti int, src dice.Source) (image *rules.Combatant, roll *rules.Roll, ok bool) {
	a, t := e.Participants[ai], e.Participants[ti]
	k := slices.IndexFunc(e.Effects, func(fx Effect) bool { return fx.TargetID == t.ID && fx.ID == phantasmsID && fx.Left > 0 })
	if k < 0 || e.bright() || a.Combatant.Conditions.Has(rules.Blinded) || slices.Contains(a.Senses, "blindsight") || slices.Contains(a.Senses, "truesight") {
		return nil, nil, false
	}
	left := e.Effects[k].Left
	die, err := dice.Parse(fmt.Sprintf("1d%d", left+1))
	if err != nil {
		return nil, nil, false
	}
	r := rules.Roll{Reason: "phantasms", RollerID: t.ID, Result: dice.Roll(die, src)}
	if r.Total == 1 {
		r.Outcome = "the real one"
		return nil, &r, true
	}
	r.Outcome = "a duplicate"
	return &rules.Combatant{ID: t.ID + "-image", Name: "one of " + possessive(t.Name) + " duplicates", Monster: true,
		AC: t.Combatant.AC, HP: 1, MaxHP: 1}, &r, true
}

// shatterPhantasm destroys one of participant ti's duplicates, hit in
// its place; the last ends them. It reports whether ti had any.
func (e *Encounter) shatterPhantasm(res *Result, ti int) (bool, error) {
	id := e.Participants[ti].ID
	k := slices.IndexFunc(e.Effects, func(fx Effect) bool { return fx.TargetID == id && fx.ID == phantasmsID })
	if k < 0 {
		return false, nil
	}
	e.Effects[k].Left--
	if left := e.Effects[k].Left; left > 0 {
		res.say(fmt.Sprintf("The duplicate vanishes; %s has %d left.", e.Participants[ti].Name, left))
		return true, nil
	}
	res.say("The last of " + possessive(e.Participants[ti].Name) + " duplicates vanishes.")
	return true, e.forget(res, func(fx Effect) bool { return fx.TargetID == id && fx.ID == phantasmsID })
}
