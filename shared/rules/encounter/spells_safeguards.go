package encounter

import (
	"slices"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
)

// Contingency and Nondetection in a fight (spell/safeguards.go). A Contingency
// cast before the fight comes in on its caster's sheet; it goes off once,
// when its circumstance comes: as the fight starts, or when its caster
// drops to 0 hit points (after a Death Ward had its say). The held spell
// is cast on its caster alone, at its own level, with no slot and no
// action, even on a caster that has just fallen unconscious; then the
// Contingency is gone. A creature under Nondetection is named to every
// divination cast at it, which finds nothing there.

// contingent casts the spell the Contingency fx on participant i holds,
// on i, and ends the Contingency. res.Cast is left as the action had it:
// the held spell is not the action's.
func (e *Encounter) contingent(res *Result, i int, fx Effect, src dice.Source) error {
	p := e.Participants[i]
	if err := e.forget(res, func(o Effect) bool {
		return o.ID == spell.ContingencyID && o.TargetID == p.ID
	}); err != nil {
		return err
	}
	s, ok := spell.Contingent(fx.Effect)
	if !ok || p.Combatant.Dead {
		return nil
	}
	ability, err := p.castAbility(s)
	if err != nil {
		ability = 0 // a spell that needs none still goes off
	}
	// A held concentration spell takes its caster's concentration, and
	// what the old one held ends first, as a casting in the fight would.
	if old := p.Combatant.Concentration; s.Concentration && old != "" {
		if err := e.endWhere(res, func(o Effect) string {
			if o.CasterID == p.ID && o.Spell == old {
				return endConcentration
			}
			return ""
		}); err != nil {
			return err
		}
	}
	res.say("Contingency goes off: " + s.Name + " takes effect on " + p.Name + ".")
	opts := spell.Options{Ability: ability, CasterLevel: p.Combatant.Level, Contingent: true}
	was := res.Cast
	sr, err := e.resolve(res, i, s, max(s.Level, 0), []string{p.ID}, 0, opts, src)
	res.Cast = was
	if err != nil {
		return err
	}
	return e.keep(res, sr, s, src)
}

// contingencyDropped sets off participant ti's Contingency held for
// when it drops to 0 hit points, as damage d dropped it there.
func (e *Encounter) contingencyDropped(res *Result, ti int, d rules.DamageResult, src dice.Source) error {
	p := e.Participants[ti]
	if !d.Dropped || p.Combatant.HP != 0 || p.Combatant.Dead || p.Form != nil {
		return nil // a beast's shape dropping is not its druid at 0 (shapesDamaged)
	}
	k := slices.IndexFunc(e.Effects, func(fx Effect) bool {
		return fx.ID == spell.ContingencyID && fx.TargetID == p.ID && fx.Ends == spell.ContingencyDropped
	})
	if k < 0 {
		return nil
	}
	return e.contingent(res, ti, e.Effects[k], src)
}

// contingenciesStart sets off, as the fight starts, every Contingency
// held for a fight's start, in participant order, and logs what they did
// in the fight's first round. Its rolls and changes join the start's log.
func (e *Encounter) contingenciesStart(src dice.Source) (rules.Log, error) {
	var res Result
	for i := range e.Participants {
		id := e.Participants[i].ID
		k := slices.IndexFunc(e.Effects, func(fx Effect) bool {
			return fx.ID == spell.ContingencyID && fx.TargetID == id && fx.Ends == spell.ContingencyFight
		})
		if k < 0 {
			continue
		}
		if err := e.contingent(&res, i, e.Effects[k], src); err != nil {
			return rules.Log{}, err
		}
	}
	if res.Text != "" {
		e.log(e.Round, "", res.Text)
	}
	return res.Log, nil
}

// divined names to a divination spell s the targets among ids hidden
// from it by Nondetection (spell.Options.Lasting), so it finds nothing
// there.
func (e Encounter) divined(s srd.Spell, ids []string, opts *spell.Options) {
	if !spell.Divination(s) {
		return
	}
	for _, fx := range e.Effects {
		if fx.ID == spell.NondetectionID && slices.Contains(ids, fx.TargetID) {
			opts.Lasting = append(opts.Lasting, spell.Lasting{Effect: fx.Effect, Level: fx.SlotLevel})
		}
	}
}

// wakesInClone is character ch, dead in the fight, as its clone wakes
// (spell.Cloned): the clone its sheet had before the fight (was) takes
// its soul, and the fight's effects on the dead body are gone with it.
// One with no clone stays dead.
func wakesInClone(ch, was campaign.Character) campaign.Character {
	k := slices.IndexFunc(was.Effects, func(fx campaign.Effect) bool { return fx.ID == spell.CloneID })
	if k < 0 {
		return ch
	}
	woke, ok := spell.Cloned(ch.WithEffect(was.Effects[k])) // the fight took every effect off the dead
	if !ok {
		return ch
	}
	return woke
}
