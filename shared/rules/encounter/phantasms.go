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

// A cloaker's Phantasms (once between rests) makes three duplicates, not
// in bright light: the policy makes them on its first turn where it can.
// An attack at the cloaker while one lasts rolls a die of one face more
// than there are duplicates: on a 1 it goes to the cloaker, else to a
// duplicate, with the cloaker's AC, which a hit destroys. An attacker
// blind, or seeing by blindsight or truesight, is not fooled, and bright
// light ends them.

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
	e.markSpent(ai, a.ID)
	m := &e.Participants[ai]
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
	on := phantasmsOn(e.Participants[ai].ID)
	if !e.bright() || !slices.ContainsFunc(e.Effects, on) {
		return nil
	}
	res.say("In the bright light, " + possessive(e.Participants[ai].Name) + " duplicates vanish.")
	return e.forget(res, on)
}

// phantasmsOn matches the phantasms of participant id.
func phantasmsOn(id string) func(Effect) bool {
	return func(fx Effect) bool { return fx.TargetID == id && fx.ID == phantasmsID }
}

// phantasm rolls, for an attack by participant ai on ti while ti's
// phantasms last, whether it goes to a duplicate: a die of one face more
// than the duplicates left, a 1 the real one. It returns the duplicate
// struck (nil: the real one) and the roll; ok is false when no phantasm
// fools the attacker (none left, bright light, an attacker blind or
// seeing by blindsight or truesight).
func (e *Encounter) phantasm(ai, ti int, src dice.Source) (image *rules.Combatant, roll *rules.Roll, ok bool) {
	a, t := e.Participants[ai], e.Participants[ti]
	on := phantasmsOn(t.ID)
	k := slices.IndexFunc(e.Effects, func(fx Effect) bool { return on(fx) && fx.Left > 0 })
	if k < 0 || e.bright() || a.unfooled() {
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
	return duplicateOf(t, t.Combatant.AC), &r, true
}

// shatterPhantasm destroys one of participant ti's duplicates, hit in
// its place; the last ends them. It reports whether ti had any.
func (e *Encounter) shatterPhantasm(res *Result, ti int) (bool, error) {
	on := phantasmsOn(e.Participants[ti].ID)
	k := slices.IndexFunc(e.Effects, on)
	if k < 0 {
		return false, nil
	}
	e.Effects[k].Left--
	if left := e.Effects[k].Left; left > 0 {
		res.say(fmt.Sprintf("The duplicate vanishes; %s has %d left.", e.Participants[ti].Name, left))
		return true, nil
	}
	res.say("The last of " + possessive(e.Participants[ti].Name) + " duplicates vanishes.")
	return true, e.forget(res, on)
}
