package turn

import (
	"slices"
	"strconv"

	"chronicler/shared/campaign"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
)

// Detect Magic, Nondetection and Dream's nightmare out of a fight
// (spell/safeguards.go): what the party carries is known here, on their sheets.

// divining gives a casting of sp out of a fight what its sheets hold for
// it: for Detect Magic, the auras of every character in the caster's
// area (the spell's 30 feet, as the map keeps no distance within an
// area); for a divination, the Nondetection on any of its targets.
func divining(r request, sp srd.Spell, targets []string, opts *spell.Options) {
	if sp.ID == "detect-magic" {
		for _, ch := range r.v.Characters {
			if ch.ID == r.actor.ID || (r.here(ch) && !ch.IsDead()) {
				opts.Auras = append(opts.Auras, spell.AuraOf(ch))
			}
		}
	}
	if !spell.Divination(sp) {
		return
	}
	for _, id := range targets {
		ch := r.v.character(id)
		if ch == nil {
			continue
		}
		for _, ce := range ch.Effects {
			if ce.ID == spell.NondetectionID {
				opts.Lasting = append(opts.Lasting, spell.Lasting{Effect: spell.Effect{ID: ce.ID, Spell: ce.Spell, CasterID: ce.CasterID, TargetID: ch.ID}})
			}
		}
		// An Amulet of Proof against Detection and Location hides its
		// wearer as a Nondetection would (spell/divination.go).
		if spell.HiddenFromDivination(*ch) && !slices.ContainsFunc(opts.Lasting, func(l spell.Lasting) bool { return l.ID == spell.NondetectionID && l.TargetID == ch.ID }) {
			opts.Lasting = append(opts.Lasting, spell.Lasting{Effect: spell.Effect{ID: spell.NondetectionID, TargetID: ch.ID}})
		}
	}
}

// nightmareRest plays a Dream's nightmare on a long rest: the sleeper
// makes its Wisdom save against the Dream's DC; on a success it rests
// as ever, on a failure the rest gives nothing and it wakes to the
// psychic damage. Either way the nightmare is spent. done is false when
// there is no nightmare to play (or the rest is short), for the rest to
// go on as ever.
func nightmareRest(r request, d Decision) (Decision, bool, error) {
	if r.in.Rest == "short" {
		return d, false, nil
	}
	k := slices.IndexFunc(r.actor.Effects, func(fx campaign.Effect) bool { return fx.ID == spell.NightmareID })
	if k < 0 {
		return d, false, nil
	}
	ce := r.actor.Effects[k]
	fx := spell.Effect{ID: ce.ID, Spell: ce.Spell, CasterID: ce.CasterID, TargetID: r.actor.ID, DC: ce.DC, Dice: ce.Dice}
	rested, log, err := spell.Nightmare(r.sheet, fx, r.src)
	if err != nil {
		return d, true, err
	}
	actor, _ := r.actor.WithoutEffects(func(fx campaign.Effect) bool { return fx.ID == spell.NightmareID })
	if rested {
		r.actor = actor
		out, err := rest(r, d)
		if err != nil {
			return d, true, err
		}
		out.Rolls = append(Rolls(log.Rolls), out.Rolls...)
		out.Summary = r.actor.Name + " shrugs off a monstrous dream (Wisdom save succeeds). " + out.Summary
		return out, true, nil
	}
	after, err := r.sheet.Apply(log.Changes)
	if err != nil {
		return d, true, err
	}
	woke := rules.ToSheet(actor, after)
	hurt := r.sheet.HP - after.HP
	d.Rolls = Rolls(log.Rolls)
	d.Summary = r.actor.Name + " is haunted by a monstrous dream all night (Wisdom save fails): the rest gives nothing, and " +
		r.actor.Name + " wakes to " + strconv.Itoa(hurt) + " psychic damage."
	// The night passed all the same: its dawn recharges the items and
	// takes a curse's or disease's day.
	var dawn []rules.Roll
	var said string
	if woke.Inventory, dawn, said = rules.RegainCharges(woke, r.src); said != "" {
		d.Rolls = append(d.Rolls, Rolls(dawn)...)
		d.Summary += " " + said
	}
	if woke, dawn, said = rules.AfflictionsDawn(woke, r.src); said != "" {
		d.Rolls = append(d.Rolls, Rolls(dawn)...)
		d.Summary += " " + said
	}
	d.Changed = []campaign.Character{woke}
	return d, true, nil
}
