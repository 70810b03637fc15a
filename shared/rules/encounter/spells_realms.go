package encounter

import (
	"fmt"
	"slices"
	"strconv"

	"chronicler/shared/dice"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
)

// The realm spells in a fight (rules/spell's realms.go). The fights keep
// no map, only who is in whose reach, so each is played as reach: a
// creature sent to another plane or imprisoned is out of the fight for
// good (it no longer counts among the monsters fighting on); one on the
// Ethereal Plane or melded into stone is out of every reach but its own
// until it returns; Levitate and Reverse Gravity lift a creature out of
// melee reach of those below; Antilife Shell keeps all but undead and
// constructs out of its caster's; a wall keeps its far side from the
// rest; Telekinesis moves its target out of reach. Antimagic Field is a
// zone about its caster holding those engaged with it: no spell is cast
// by or on them.

// goneForGood reports whether an effect has taken its target out of
// the fight for good: to another plane, or into a prison beyond reach.
func goneForGood(fx Effect) bool {
	return fx.ID == spell.ShiftedID || fx.ID == spell.ImprisonedID
}

// away reports whether fx takes its target out of the fight's reach
// (elsewhere): gone for good, or withdrawn into stone (the Ethereal
// Plane is the encounter's ethereal).
func away(fx Effect) bool { return goneForGood(fx) || fx.ID == spell.MeldedID }

// gone reports whether participant id is out of the fight for good.
func (e Encounter) gone(id string) bool {
	return slices.ContainsFunc(e.Effects, func(fx Effect) bool { return fx.TargetID == id && goneForGood(fx) })
}

// realmShut tells why p, under fx, is out of reach and reaches nobody
// but itself; "" if fx does not shut it away.
func realmShut(name string, fx Effect) string {
	switch {
	case fx.ID == spell.ShiftedID:
		return name + " has been sent to another plane"
	case fx.ID == spell.ImprisonedID:
		return name + " is imprisoned beyond reach"
	case fx.ID == spell.MeldedID:
		return name + " is melded into stone: nothing reaches it, and it reaches nothing but itself"
	case fx.ID == ethereal && fx.Spell == "etherealness":
		return name + " is on the Ethereal Plane: it affects and is affected by nobody it left"
	}
	return ""
}

// hedged reports whether a creature of participant i's type is hedged
// out by Antilife Shell: all but undead and constructs.
func (e Encounter) hedged(i int) bool {
	t := e.Participants[i].Type
	return t != "undead" && t != "construct"
}

// realmsAdd makes on participant i what a realm spell's effect changes
// as it begins: out of every reach (another plane, the Ethereal, stone,
// the grip), out of the reach of all but undead and constructs (the
// shell), up in the air with no ground to walk on, or beyond a wall.
func (e *Encounter) realmsAdd(res *Result, i int, fx *Effect) error {
	p := &e.Participants[i]
	switch fx.ID {
	case spell.ShiftedID, spell.ImprisonedID, spell.MeldedID:
		e.part(i)
	case ethereal:
		if fx.Spell == "etherealness" {
			e.part(i)
		}
	case spell.GripID:
		e.part(i)
		// Switching targets frees the last.
		return e.endWhere(res, func(o Effect) string {
			if o.ID == spell.GripID && o.CasterID == fx.CasterID && o.TargetID != fx.TargetID {
				return "the grip moved on"
			}
			return ""
		})
	case spell.AloftID:
		e.part(i)
		fx.Speed = -p.Combatant.Speed // it moves only by pushing off, told
	case spell.ShellID:
		for _, id := range slices.Clone(p.Engaged) {
			if j := e.index(id); j >= 0 && e.hedged(j) {
				e.unengage(i, j)
				res.say(e.Participants[j].Name + " is pushed back by the antilife shell.")
			}
		}
	case spell.FarSideID:
		far := func(id string) bool {
			return slices.ContainsFunc(e.Effects, func(o Effect) bool {
				return o.ID == spell.FarSideID && o.TargetID == id && o.Spell == fx.Spell && o.CasterID == fx.CasterID
			}) || (res.Cast != nil && slices.ContainsFunc(res.Cast.Effects, func(o spell.Effect) bool { return o.ID == spell.FarSideID && o.TargetID == id }))
		}
		for _, id := range slices.Clone(p.Engaged) {
			if j := e.index(id); j >= 0 && !far(id) {
				e.unengage(i, j)
			}
		}
	}
	return nil
}

// barred tells why participant ai can't reach ti with an attack (a
// melee one if melee) or a spell: a wall between them, or, in melee,
// the antilife shell or one of them aloft; "" when nothing bars it.
func (e Encounter) barred(ai, ti int, melee bool) string {
	if ai == ti || ai < 0 || ti < 0 {
		return ""
	}
	if why := e.swallowBarred(ai, ti); why != "" {
		return why
	}
	a, t := e.Participants[ai], e.Participants[ti]
	for _, fx := range e.Effects {
		if fx.ID != spell.FarSideID {
			continue
		}
		held := func(id string) bool {
			return slices.ContainsFunc(e.Effects, func(o Effect) bool {
				return o.ID == spell.FarSideID && o.TargetID == id && o.Spell == fx.Spell && o.CasterID == fx.CasterID
			})
		}
		if held(a.ID) != held(t.ID) {
			return fmt.Sprintf("%s stands beyond the %s from %s: nothing reaches across", t.Name, spellName(fx.Spell), a.Name)
		}
	}
	if !melee {
		return ""
	}
	switch {
	case e.holds(t.ID, spell.ShellID) && e.hedged(ai):
		return t.Name + "'s antilife shell keeps " + a.Name + " out of reach"
	case e.holds(a.ID, spell.ShellID) && e.hedged(ti):
		return a.Name + "'s antilife shell keeps " + t.Name + " out of its reach"
	case e.holds(t.ID, spell.AloftID) != e.holds(a.ID, spell.AloftID):
		up := t
		if e.holds(a.ID, spell.AloftID) {
			up = a
		}
		return up.Name + " is up in the air, out of melee reach"
	}
	return ""
}

// inField reports whether participant i stands in an antimagic field:
// its caster, or engaged with it.
func (e Encounter) inField(i int) bool {
	for _, fx := range e.Effects {
		if fx.ID != spell.FieldID {
			continue
		}
		if c := e.index(fx.TargetID); c >= 0 && (c == i || e.engaged(c, i)) {
			return true
		}
	}
	return false
}

// unmagical tells why no spell can be cast by participant ai on the
// participants ids: the caster or a target in an antimagic field, or a
// wall between them; "" if none.
func (e Encounter) unmagical(ai int, ids []string) string {
	if ai >= 0 && e.inField(ai) {
		return e.Participants[ai].Name + " stands in an antimagic field: no spell can be cast there"
	}
	for _, id := range ids {
		ti := e.index(id)
		if ti < 0 || ti == ai {
			continue
		}
		if e.inField(ti) {
			return e.Participants[ti].Name + " stands in an antimagic field: no spell reaches it"
		}
		if why := e.barred(ai, ti, false); why != "" {
			return why
		}
	}
	return ""
}

// realmsAttack gives a creature of a type a magic circle wards against
// disadvantage on its attack rolls against a creature in the circle.
func (e Encounter) realmsAttack(ai, ti int, req *rules.AttackRequest) {
	ty := e.Participants[ai].Type
	if ty == "" {
		return
	}
	for _, fx := range e.Effects {
		if against, ok := spell.CircleAgainst(fx.ID); ok && against == ty && fx.TargetID == e.Participants[ti].ID {
			req.Disadvantage = append(slices.Clip(req.Disadvantage), "Magic Circle")
			return
		}
	}
}

// falling is a fall Reverse Gravity's end has let loose, dealt as the
// turn under way ends or the next starts (Dice: its damage).
const falling = "falling"

// realmsRevoke lets those Reverse Gravity held aloft fall back down as
// it ends: the damage rolled as they rose, dealt when the fight next has
// dice to hand (realmsFall).
func (e *Encounter) realmsRevoke(fx Effect) {
	if fx.ID != spell.AloftID || fx.Dice == "" || e.index(fx.TargetID) < 0 {
		return
	}
	e.Effects = append(e.Effects, Effect{Effect: spell.Effect{ID: falling, Spell: fx.Spell, CasterID: fx.CasterID, TargetID: fx.TargetID,
		Dice: fx.Dice, DamageType: fx.DamageType, Ends: "as it lands", Note: "falling back down"}})
}

// realmsFall deals the falls under way: the bludgeoning damage, and a
// creature still standing lands prone.
func (e *Encounter) realmsFall(res *Result, src dice.Source) error {
	var falls []Effect
	e.Effects = slices.DeleteFunc(e.Effects, func(fx Effect) bool {
		if fx.ID == falling {
			falls = append(falls, fx)
			return true
		}
		return false
	})
	for _, fx := range falls {
		ti := e.index(fx.TargetID)
		n, err := strconv.Atoi(fx.Dice)
		if ti < 0 || err != nil || e.Participants[ti].Defeated {
			continue
		}
		t := e.Participants[ti]
		hit := rules.Hit{Damage: []rules.Damage{{Amount: max(n, 0), Type: rules.Bludgeoning}}}
		if _, err := e.damage(res, e.index(fx.CasterID), ti, t.Combatant, hit, t.Name+" falls back down: ", src); err != nil {
			return err
		}
		if !e.Participants[ti].Defeated {
			if _, err := e.condition(res, ti, rules.Prone); err != nil {
				return err
			}
		}
	}
	return nil
}

// realmsTurnStarts deals the falls let loose since the last turn ended.
func (e *Encounter) realmsTurnStarts(res *Result, src dice.Source) error {
	return e.realmsFall(res, src)
}

// realmsTurnEnds shakes Earthquake's ground as its caster's turn ends:
// each creature in the area not out of reach makes a Dexterity save or
// falls prone; then the falls let loose are dealt.
func (e *Encounter) realmsTurnEnds(res *Result, src dice.Source) error {
	cur := e.Current
	if ci := e.index(cur); ci >= 0 && e.Participants[ci].Combatant.Concentration == "earthquake" {
		for _, fx := range slices.Clone(e.Effects) {
			if fx.ID != spell.QuakingID || fx.CasterID != cur {
				continue
			}
			ti := e.index(fx.TargetID)
			if ti < 0 || e.Participants[ti].down() || e.elsewhere(fx.TargetID) || e.holds(fx.TargetID, spell.AloftID) {
				continue
			}
			sv, err := e.effectSave(res, ti, fx, src)
			if err != nil {
				return err
			}
			if !sv.Success {
				if _, err := e.condition(res, ti, rules.Prone); err != nil {
					return err
				}
				res.say(e.Participants[ti].Name + " is thrown to the quaking ground.")
			}
		}
	}
	return e.realmsFall(res, src)
}

// realmsTargeted gives a creature the caster is fighting advantage on
// its save against Modify Memory.
func (e Encounter) realmsTargeted(ai int, s srd.Spell, ids []string, opts *spell.Options) {
	if s.ID != "modify-memory" {
		return
	}
	for _, id := range ids {
		if ti := e.index(id); ti >= 0 && e.Participants[ti].Kind != e.Participants[ai].Kind {
			opts.Situate(id, func(sit *spell.Situation) { sit.Advantage = append(slices.Clip(sit.Advantage), "fighting the caster") })
		}
	}
}
