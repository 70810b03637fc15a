package encounter

import (
	"slices"

	"chronicler/shared/dice"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
)

// The journeys (Teleport, Word of Recall, Transport via Plants, Tree
// Stride: spell.Departure) take their travellers out of the fight as a
// character who moves out of its area does (Participant.Left): beyond
// every attack and spell of it, and a party that has all gone has fled.
// A journey to the fight's own area (Action.ToAreaID) only takes them out
// of everyone's reach, as Misty Step does.
//
// The hard ground (Spike Growth, Plant Growth: spell.GroundOf) is an area
// held as the others are (zones.go), whose creatures keep a half or a
// quarter of their speed while it holds them. It sets nothing off as a
// turn starts: Spike Growth's 2d4 piercing is dealt to a creature that
// moves while in it (a move, or closing in on a foe), and to one that
// closes in on a creature in it, which enters it. The fights keep no
// distances, so a move through the spikes deals them once.

// depart takes the travellers of journey sr out of the fight, to area
// to.
func (e *Encounter) depart(res *Result, sr spell.Result, to string) {
	if _, ok := spell.Departure(sr.SpellID); !ok || (to != "" && to == e.AreaID) {
		return
	}
	for _, id := range sr.Teleported {
		i := e.index(id)
		if i < 0 || e.Participants[i].Left {
			continue
		}
		e.part(i)
		e.Participants[i].Left = true
		res.say(e.Participants[i].Name + " leaves the fight.")
	}
}

// onGround slows the creature zone fx holds, participant i, as its
// ground says.
func (e Encounter) onGround(i int, fx *spell.Effect) {
	g, ok := spell.GroundOf(fx.Spell)
	if !ok || g.Slowed <= 1 {
		return
	}
	speed := e.Participants[i].Combatant.Speed
	fx.Speed = -(speed - speed/g.Slowed)
}

// trample sets off the spikes on participant ai as it moves: in them
// already, or closing in on ti (-1 for none) in them, which takes it in.
func (e *Encounter) trample(res *Result, ai, ti int, src dice.Source) error {
	id := e.Participants[ai].ID
	var zones []Effect
	for _, fx := range e.Effects {
		if fx.ID != zoneFX || slices.ContainsFunc(zones, func(z Effect) bool { return z.Spell == fx.Spell && z.CasterID == fx.CasterID }) {
			continue
		}
		if _, ok := spell.GroundOf(fx.Spell); !ok {
			continue
		}
		if fx.TargetID == id || (ti >= 0 && fx.TargetID == e.Participants[ti].ID) {
			zones = append(zones, fx)
		}
	}
	for _, fx := range zones {
		if e.Participants[ai].down() {
			return nil
		}
		if !e.inArea(id, fx) {
			// It enters the area its foe stands in.
			in := fx
			in.TargetID, in.Speed = id, 0
			e.onGround(ai, &in.Effect)
			if err := e.add(res, Effect{Effect: in.Effect, SlotLevel: in.SlotLevel, Until: in.Until}, src); err != nil {
				return err
			}
			s, _ := srd.LookupSpell(fx.Spell)
			res.say(e.Participants[ai].Name + " comes into the area of " + s.Name + ".")
		}
		if g, _ := spell.GroundOf(fx.Spell); !g.Hurts {
			continue
		}
		if err := e.setOff(res, ai, fx, src); err != nil {
			return err
		}
	}
	return nil
}

// trampled is trample for a monster that closed in on ti, if it ran to
// it (runs).
func (e *Encounter) trampled(res *Result, ai, ti int, runs bool, src dice.Source) error {
	if !runs {
		return nil
	}
	return e.trample(res, ai, ti, src)
}

// grounded reports whether fx holds a creature on hard ground, which
// stays where the fight was when it ends.
func grounded(fx Effect) bool {
	_, ok := spell.GroundOf(fx.Spell)
	return ok && fx.ID == zoneFX
}

// inArea reports whether the area zone names holds participant id.
func (e Encounter) inArea(id string, zone Effect) bool {
	return slices.ContainsFunc(e.Effects, func(fx Effect) bool {
		return fx.ID == zoneFX && fx.Spell == zone.Spell && fx.CasterID == zone.CasterID && fx.TargetID == id
	})
}
