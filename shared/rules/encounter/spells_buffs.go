package encounter

import (
	"fmt"
	"slices"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
)

// What the buffs, curses and wards do in a fight (rules/spell's
// buffs.go): the states they put on their targets (Enhance Ability's
// advantage, Bestow Curse's disadvantage, the sight of See Invisibility
// and True Seeing, which rules reads), their hold on attack rolls (Bestow
// Curse, Ray of Enfeeblement, True Seeing in magical darkness), on saves
// (Warding Bond) and on damage taken (Death Ward, Warding Bond), and the
// spells that end others (Dispel Magic, Remove Curse).

// spellState is the state a spell's effect puts on its target while it
// lasts, as rules reads it from Combatant.Features; "" for none.
func spellState(fx spell.Effect) string {
	switch fx.ID {
	case "enhance-ability":
		return rules.Enhanced(fx.Ability)
	case spell.CursedAbility:
		return rules.Cursed(fx.Ability)
	case "see-invisibility":
		return rules.SeeingInvisible
	case "true-seeing":
		return rules.TrueSeeing
	case spell.GlibID:
		return rules.Glib
	}
	return ""
}

// buffSaves is what Warding Bond adds to participant i's saving throws.
func (e Encounter) buffSaves(i int) []campaign.Term {
	if e.holds(e.Participants[i].ID, "warding-bond") {
		return []campaign.Term{{Value: 1, Source: "Warding Bond", Kind: campaign.TermSpell}}
	}
	return nil
}

// buffsAttack changes an attack of ai on ti for the spells on them:
// Bestow Curse's disadvantage on the cursed attacking its curser and the
// curser's 1d8 necrotic on a weapon hit, Ray of Enfeeblement's halving of
// an enfeebled attacker's Strength weapon attacks, and True Seeing's
// sight through magical darkness.
func (e *Encounter) buffsAttack(ai, ti int, req *rules.AttackRequest) {
	a, t := e.Participants[ai], e.Participants[ti]
	cursed, necrotic := false, false
	for _, fx := range e.Effects {
		switch {
		case fx.ID == spell.CursedAttacks && fx.TargetID == a.ID && fx.CasterID == t.ID && !cursed:
			cursed = true
			req.Disadvantage = append(slices.Clip(req.Disadvantage), "Bestow Curse")
		case fx.ID == spell.CursedNecrotic && fx.TargetID == t.ID && fx.CasterID == a.ID && !necrotic && len(req.Damage) > 0:
			if x, err := dice.Parse(fx.Dice); err == nil {
				necrotic = true
				req.Damage = append(slices.Clip(req.Damage), rules.DamageRoll{Dice: x, Type: rules.Necrotic})
			}
		case fx.ID == "ray-of-enfeeblement" && fx.TargetID == a.ID && usesStrength(a, *req):
			req.HalveDamage = true
		}
	}
	if !e.dark() {
		return
	}
	if truly(a) && !seesInDarkness(t) {
		req.Advantage = append(slices.Clip(req.Advantage), "unseen in the darkness")
	}
	if truly(t) && !seesInDarkness(a) {
		req.Disadvantage = append(slices.Clip(req.Disadvantage), "blind in the darkness")
	}
}

// truly reports whether True Seeing lets p see.
func truly(p Participant) bool { return slices.Contains(p.Combatant.Features, rules.TrueSeeing) }

// usesStrength reports whether weapon attack req of a's uses Strength:
// as it says, or, when it does not (a stat block's), a melee weapon
// attack of a creature no better with Dexterity.
func usesStrength(a Participant, req rules.AttackRequest) bool {
	switch {
	case req.Kind != rules.MeleeWeapon && req.Kind != rules.RangedWeapon:
		return false
	case req.Ability != 0:
		return req.Ability == rules.Str
	}
	return req.Kind == rules.MeleeWeapon && a.Combatant.Modifier(rules.Str) >= a.Combatant.Modifier(rules.Dex)
}

// buffsDamaged answers damage d that reached participant ti, before its
// features do: Death Ward holds it at 1 hit point the first time it
// would drop to 0, and Warding Bond's caster takes as much damage as it
// took.
func (e *Encounter) buffsDamaged(res *Result, ti int, d rules.DamageResult, src dice.Source) error {
	if err := e.deathWard(res, ti, d); err != nil {
		return err
	}
	return e.bond(res, ti, d, src)
}

// deathWard keeps participant ti, dropped to 0 hit points, at 1 instead
// (even from damage that would kill it outright), and ends the ward.
func (e *Encounter) deathWard(res *Result, ti int, d rules.DamageResult) error {
	p := e.Participants[ti]
	c := p.Combatant
	if !d.Dropped || c.HP != 0 || !e.holds(p.ID, "death-ward") {
		return nil
	}
	var ch []rules.Change
	if c.Dead {
		ch = append(ch, rules.Change{TargetID: p.ID, Field: rules.FieldDead, From: true, To: false})
	}
	ch = append(ch, rules.Change{TargetID: p.ID, Field: rules.FieldHP, From: 0, To: 1})
	for _, cond := range []rules.Condition{rules.Unconscious, rules.Prone} {
		if c.Conditions.Has(cond) && slices.ContainsFunc(d.Changes, func(x rules.Change) bool {
			return x.Field == rules.FieldCondition && x.To == cond
		}) {
			ch = append(ch, rules.Change{TargetID: p.ID, Field: rules.FieldCondition, From: cond, To: rules.Condition(0)})
		}
	}
	if err := e.apply(ch); err != nil {
		return err
	}
	res.Changes = append(res.Changes, ch...)
	res.say(p.Name + " is held at 1 hit point by Death Ward, and the ward ends.")
	return e.forget(res, func(fx Effect) bool { return fx.TargetID == p.ID && fx.ID == "death-ward" })
}

// bond deals the caster of each Warding Bond on participant ti the
// damage ti took; a caster dropped to 0 hit points ends its bond.
func (e *Encounter) bond(res *Result, ti int, d rules.DamageResult, src dice.Source) error {
	if d.Taken <= 0 {
		return nil
	}
	t := e.Participants[ti]
	for _, fx := range slices.Clone(e.Effects) {
		if fx.ID != "warding-bond" || fx.TargetID != t.ID {
			continue
		}
		ci := e.index(fx.CasterID)
		if ci < 0 || e.Participants[ci].down() {
			continue
		}
		// The same amount, whatever its type: the caster's own
		// resistances have no say in it.
		hit := rules.Hit{Damage: []rules.Damage{{Amount: d.Taken}}}
		cd, err := e.damage(res, -1, ci, e.Participants[ci].Combatant, hit, "Warding Bond: ", src)
		if err != nil {
			return err
		}
		if cd.HPAfter > 0 {
			continue
		}
		if err := e.endWhere(res, func(o Effect) string {
			if o.ID == "warding-bond" && o.CasterID == fx.CasterID {
				return e.Participants[ci].Name + " dropped to 0 hit points"
			}
			return ""
		}); err != nil {
			return err
		}
	}
	return nil
}

// buffsTargeted tells a casting of s by participant ai on ids what it
// needs of the fight: the spell effects on its targets for a spell that
// ends them (Dispel Magic, Remove Curse), and the allies glad to fail
// their save against Calm Emotions.
func (e Encounter) buffsTargeted(ai int, s srd.Spell, ids []string, opts *spell.Options) {
	switch s.ID {
	case "dispel-magic", "remove-curse":
		for _, fx := range e.Effects {
			if _, ok := srd.LookupSpell(fx.Spell); ok && fx.ID != ongoingID && slices.Contains(ids, fx.TargetID) {
				opts.Lasting = append(opts.Lasting, spell.Lasting{Effect: fx.Effect, Level: fx.SlotLevel})
			}
		}
	case "calm-emotions":
		for _, id := range ids {
			if i := e.index(id); i >= 0 && e.Participants[i].Kind == e.Participants[ai].Kind {
				opts.Situate(id, func(sit *spell.Situation) { sit.Willing = true })
			}
		}
	}
}

// dispelled ends the effects a spell ended (Result.Dispelled): gone, with
// the conditions they held, and their casters' concentration on spells
// with nothing left.
func (e *Encounter) dispelled(res *Result, sr spell.Result) error {
	if len(sr.Dispelled) == 0 {
		return nil
	}
	match := func(fx Effect) bool {
		return slices.ContainsFunc(sr.Dispelled, func(d spell.Effect) bool {
			return d.ID == fx.ID && d.Spell == fx.Spell && d.CasterID == fx.CasterID && d.TargetID == fx.TargetID
		})
	}
	var gone []Effect
	for _, fx := range e.Effects {
		if match(fx) {
			gone = append(gone, fx)
		}
	}
	if err := e.endWhere(res, func(fx Effect) string {
		if match(fx) {
			return "dispelled by " + sr.Spell
		}
		return ""
	}); err != nil {
		return err
	}
	for _, fx := range gone {
		if err := e.over(res, fx); err != nil {
			return fault.Wrap(fault.Internal, actOp, fmt.Errorf("end %s: %w", fx.Spell, err))
		}
	}
	return nil
}
