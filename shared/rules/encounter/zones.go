package encounter

import (
	"fmt"
	"slices"

	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
)

// An area spell that creatures set off by being in it (spell.TriggerZone:
// Moonbeam, Cloudkill, Web, Sleet Storm, Black Tentacles, Blade Barrier,
// Guardian of Faith, Faithful Hound, Flaming Sphere) holds the creatures
// its caster names as it is cast: those in the area. Spirit Guardians'
// area goes with its caster and holds the foes in the caster's reach. The fights keep no
// map, only who is in reach of whom, so the area is the creatures it
// holds, each by an effect of the spell (zoneFX), and it sets off on each
// of them as its turn starts: the spell resolves again on that creature
// alone (its save, its damage, its condition). A creature leaves it by
// leaving the fight's area; the area ends with the caster's concentration
// or its time.

// zoneFX holds a creature in a spell's area.
const zoneFX = "zone"

// inZone keeps the creatures ids in spell s's area, cast by participant
// ai at slot.
func (e *Encounter) inZone(res *Result, ai int, s srd.Spell, slot int, ids []string, src dice.Source) error {
	caster := e.Participants[ai]
	if spell.AroundCaster(s.ID) {
		ids = []string{caster.ID} // the area goes with its caster
	}
	for _, id := range ids {
		ti := e.index(id)
		if ti < 0 {
			continue
		}
		if s.ID == "web" && slices.Contains(e.Participants[ti].Traits, "web-walker") {
			res.say(fmt.Sprintf("%s walks the webs unhindered (Web Walker).", e.Participants[ti].Name))
			continue
		}
		fx := spell.Effect{ID: zoneFX, Spell: s.ID, CasterID: caster.ID, TargetID: id, Concentration: s.Concentration,
			Ends: s.Duration, Note: "in the area of " + s.Name}
		if s.ID == silence {
			// Deafened while in it; it ends with the area.
			if _, err := e.condition(res, ti, rules.Deafened); err != nil {
				return err
			}
			fx.Condition = rules.Deafened
		}
		e.onGround(ti, &fx) // hard going: a half or a quarter of its speed (spells_journeys.go)
		if err := e.add(res, Effect{Effect: fx, SlotLevel: slot, Until: e.until(fx, s)}, src); err != nil {
			return err
		}
	}
	return nil
}

// silence is the spell whose area no sound crosses: those in it are
// deafened and cast no spell with a verbal component.
const silence = "silence"

// silenced reports whether participant i stands in a Silence.
func (e Encounter) silenced(i int) bool {
	id := e.Participants[i].ID
	return slices.ContainsFunc(e.Effects, func(fx Effect) bool { return fx.ID == zoneFX && fx.Spell == silence && fx.TargetID == id })
}

// zonesStart sets off each area that holds the participant whose turn
// starts, once each.
func (e *Encounter) zonesStart(res *Result, src dice.Source) error {
	i := e.index(e.Current)
	if i < 0 {
		return nil
	}
	var zones []Effect
	for _, fx := range e.Effects {
		if fx.ID != zoneFX || slices.ContainsFunc(zones, func(z Effect) bool { return z.Spell == fx.Spell && z.CasterID == fx.CasterID }) {
			continue
		}
		if _, ground := spell.GroundOf(fx.Spell); ground {
			continue // hard going hurts a mover, not a turn's start (spells_journeys.go)
		}
		if spell.AroundCaster(fx.Spell) {
			// Spirit Guardians: a foe in its caster's reach is in it.
			if ci := e.index(fx.CasterID); ci >= 0 && ci != i && e.Participants[ci].Kind != e.Participants[i].Kind && e.engaged(ci, i) {
				zones = append(zones, fx)
			}
			continue
		}
		if fx.TargetID == e.Current {
			zones = append(zones, fx)
		}
	}
	for _, fx := range zones {
		if e.Participants[i].Defeated || e.elsewhere(e.Current) {
			return nil
		}
		if err := e.setOff(res, i, fx, src); err != nil {
			return err
		}
	}
	return nil
}

// setOff resolves the area fx holds participant ti in on it alone, from
// its caster's casting.
func (e *Encounter) setOff(res *Result, ti int, fx Effect, src dice.Source) error {
	ci := e.index(fx.CasterID)
	s, ok := srd.LookupSpell(fx.Spell)
	if ci < 0 || !ok {
		return nil
	}
	caster := e.Participants[ci]
	opts := spell.Options{Ongoing: true, CasterLevel: caster.Combatant.Level}
	if ability, err := spellAbility(caster); err == nil {
		opts.Ability = ability
	} else if len(caster.Spellcasting) > 0 {
		// A monster's: its stat block's ability, DC and bonus.
		cs := caster.Spellcasting[0]
		opts.Ability, _ = rules.ParseAbility(cs.Ability)
		opts.DC, opts.AttackBonus, opts.CasterLevel = cs.DC, cs.AttackBonus, max(cs.Level, 1)
	}
	var sv saved
	e.saveSituation(ti, s, &opts, &sv, src)
	sr, err := spell.Cast(caster.Combatant, s.ID, fx.SlotLevel, []rules.Combatant{e.Participants[ti].Combatant}, opts, src, srd.LookupSpell)
	res.Rolls = append(res.Rolls, sv.rolls...)
	if err != nil {
		if fault.ReasonOf(err) == "" {
			return fault.Wrap(fault.Internal, actOp, err)
		}
		return nil // the caster no longer holds it
	}
	if err := e.take(res, ci, sr, src); err != nil {
		return err
	}
	for _, o := range sr.Targets {
		switch {
		case o.TargetID != e.Participants[ti].ID:
		case o.Told == spell.Retching:
			e.Participants[ti].Turn.ActionUsed = true // Stinking Cloud
		case o.Told == spell.Pushed:
			e.part(ti) // Gust of Wind: out of everyone's reach
		}
	}
	res.say(sr.Summary())
	for _, n := range sv.notes {
		res.say(n)
	}
	if err := e.useUp(res, sv.spent); err != nil {
		return err
	}
	for _, kept := range sr.Effects {
		if err := e.add(res, Effect{Effect: kept, SlotLevel: fx.SlotLevel, Until: e.until(kept, s)}, src); err != nil {
			return err
		}
	}
	return nil
}
