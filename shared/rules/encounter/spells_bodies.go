package encounter

import (
	"fmt"
	"slices"
	"strings"

	"chronicler/shared/dice"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
	"chronicler/shared/world"
)

// The spells that change a body, its senses or the fight's light, as the
// fight plays them (spell/bodies.go leaves their effects): Shillelagh's
// and Alter Self's weapons, Enlarge/Reduce's damage, edge and size,
// Expeditious Retreat's Dash, Gaseous Form's mist, Darkvision, the
// lights and the fog. The fight keeps no positions, so a light or a fog
// covers all of it, as Darkness does.

// bodyChoice reads the caster's weapon for Shillelagh: the club or
// quarterstaff it names or carries. A monster's is its stat block's.
func (e Encounter) bodyChoice(ai int, in Action, s srd.Spell, opts *spell.Options) error {
	p := e.Participants[ai]
	if s.ID != "shillelagh" || p.Kind != KindCharacter {
		return nil
	}
	if in.Weapon != "" {
		w, ok := lookupWeapon(in.Weapon)
		switch {
		case !ok:
			return refuse(InvalidArgs, "action.weapon", "unknown weapon %q", truncate(in.Weapon, 60))
		case w.ID != "club" && w.ID != "quarterstaff":
			return refuse(InvalidArgs, "action.weapon", "Shillelagh imbues a club or a quarterstaff, not %s", aWeapon(w))
		case !slices.Contains(p.Weapons, w.ID):
			return refuse(NotAllowed, "action.weapon", "%s does not carry %s", p.Name, aWeapon(w))
		}
		opts.Weapon = w.ID
		return nil
	}
	for _, id := range []string{"quarterstaff", "club"} {
		if slices.Contains(p.Weapons, id) {
			opts.Weapon = id
			return nil
		}
	}
	return refuse(NotAllowed, "action.spell", "%s holds no club or quarterstaff for Shillelagh", p.Name)
}

// bodiesTargeted adds to a casting by participant ai on ti what this
// file's spells make of it: a foe is unwilling (it saves against
// Enlarge/Reduce, and against Light on what it holds), and in the fog a
// spell attack is made by and at creatures that can't see each other.
func (e Encounter) bodiesTargeted(ai, ti int, s srd.Spell, opts *spell.Options) {
	a, t := e.Participants[ai], e.Participants[ti]
	if a.Kind != t.Kind {
		opts.Situate(t.ID, func(sit *spell.Situation) { sit.Unwilling = true })
	}
	if s.AttackType == "" || !e.fogged() {
		return
	}
	var req rules.AttackRequest
	e.obscured(ai, ti, &req)
	opts.Situate(t.ID, func(sit *spell.Situation) {
		sit.Advantage = append(slices.Clip(sit.Advantage), req.Advantage...)
		sit.Disadvantage = append(slices.Clip(sit.Disadvantage), req.Disadvantage...)
	})
}

// bodiesKept plays what a spell does as its effects are kept: Shillelagh
// and Light end their caster's earlier casting; Darkness dispels the
// lights of spells of 2nd level or lower, and Daylight the darkness of
// spells of 3rd level or lower; Expeditious Retreat dashes at once.
func (e *Encounter) bodiesKept(res *Result, sr spell.Result) error {
	id := sr.SpellID
	var why func(Effect) string
	switch id {
	case "shillelagh", "light":
		why = func(fx Effect) string {
			if fx.Spell == id && fx.CasterID == sr.CasterID {
				return "cast again"
			}
			return ""
		}
	case "darkness":
		why = func(fx Effect) string {
			if (fx.ID == spell.BrightLightID || fx.ID == spell.DimLightID) && fx.SlotLevel <= 2 {
				return "dispelled by Darkness"
			}
			return ""
		}
	case "daylight":
		why = func(fx Effect) string {
			if fx.ID == spell.DarknessID && fx.SlotLevel <= 3 {
				return "dispelled by Daylight"
			}
			return ""
		}
	}
	if why != nil {
		if err := e.endWhere(res, why); err != nil {
			return err
		}
	}
	if id == "expeditious-retreat" && e.Current == sr.CasterID && !sr.Ongoing {
		if i := e.index(sr.CasterID); i >= 0 {
			me := &e.Participants[i]
			me.Turn.Dashed = true
			me.Turn.Movement += me.Combatant.CurrentSpeed()
			res.say(fmt.Sprintf("%s dashes (%d ft of movement this turn).", me.Name, me.Turn.Movement))
		}
	}
	return nil
}

// light is the light the fight is in: the area's (Encounter.Light), made
// brighter by the lights spells shed on it.
func (e Encounter) light() string {
	l := e.Light
	if l == "" {
		l = world.LightBright
	}
	for _, fx := range e.Effects {
		switch {
		case fx.ID == spell.BrightLightID:
			return world.LightBright
		case fx.ID == spell.DimLightID && l == world.LightDark:
			l = world.LightDim
		}
	}
	return l
}

// fogged reports whether a Fog Cloud lies on the fight.
func (e Encounter) fogged() bool {
	return slices.ContainsFunc(e.Effects, func(fx Effect) bool { return fx.ID == spell.FogID })
}

// obscured changes an attack of ai on ti in the fog: each fights as if
// blinded to the other, unless it has blindsight. Between two that
// can't see, the advantage and disadvantage cancel out.
func (e Encounter) obscured(ai, ti int, req *rules.AttackRequest) {
	if !e.fogged() {
		return
	}
	blind := func(i int) bool { return !slices.Contains(e.Participants[i].Senses, "blindsight") }
	if blind(ai) {
		req.Disadvantage = append(slices.Clip(req.Disadvantage), "fog: the target is unseen")
	}
	if blind(ti) {
		req.Advantage = append(slices.Clip(req.Advantage), "fog: the attacker is unseen")
	}
}

// bodyWeapons changes a weapon attack by participant ai for the spells on
// it, and reports whether the attack is made magical: Shillelagh's club
// or quarterstaff (its die a d8, its ability the caster's spellcasting
// one), Alter Self's natural weapons (an unarmed strike of 1d6, +1),
// Enlarge's extra 1d4 and Reduce's 1d4 less (no less than 1).
func (e Encounter) bodyWeapons(ai int, req *rules.AttackRequest) bool {
	a := e.Participants[ai]
	magic := false
	for _, fx := range e.Effects {
		if fx.TargetID != a.ID || len(req.Damage) == 0 {
			continue
		}
		switch fx.ID {
		case spell.ShillelaghID:
			if req.Kind != rules.MeleeWeapon || (req.WeaponID != "club" && req.WeaponID != "quarterstaff") ||
				(fx.Weapon != "" && fx.Weapon != req.WeaponID) || magic {
				continue
			}
			old, mod := 0, a.Combatant.Modifier(fx.Ability)
			if req.Ability != 0 {
				old = a.Combatant.Modifier(req.Ability)
			}
			req.Bonus += mod - old
			req.Ability = fx.Ability
			redie(req, fx.Dice, mod-old)
			magic = true
		case spell.NaturalWeaponsID:
			if req.Weapon != unarmed {
				continue
			}
			req.Bonus += fx.Bonus
			redie(req, fx.Dice, fx.Bonus)
			req.Damage[0].Type = fx.DamageType
			magic = true
		case spell.EnlargedID, spell.ReducedID:
			if req.Kind != rules.MeleeWeapon && req.Kind != rules.RangedWeapon {
				continue
			}
			x, err := dice.Parse(fx.Dice)
			if err != nil {
				continue
			}
			if fx.ID == spell.EnlargedID {
				req.Damage = append(slices.Clip(req.Damage), rules.DamageRoll{Dice: x, Type: req.Damage[0].Type})
				continue
			}
			if y, err := dice.Parse(req.Damage[0].Dice.String() + "-" + fx.Dice); err == nil {
				req.Damage = slices.Clone(req.Damage)
				req.Damage[0].Dice, req.Damage[0].Least = y, 1
			}
		}
	}
	return magic
}

// redie gives a weapon attack's first damage part the die given in
// place of its own, if that is larger, keeping its flat part moved by
// shift: "1d6+1" with "1d8" and 2 is "1d8+3". The part is one die and a
// modifier, as weaponAttack makes it, or a flat amount (an unarmed
// strike's 1 + Strength, whose 1 the die replaces).
func redie(req *rules.AttackRequest, die string, shift int) {
	d, err := dice.Parse(die)
	if err != nil {
		return
	}
	own := req.Damage[0].Dice
	if own.Max()-own.Min() >= d.Max()-d.Min() {
		die = "1d" + fmt.Sprint(own.Max()-own.Min()+1) // the larger die stays
	}
	flatPart := own.Min() - 1
	x, err := dice.Parse(withModifier(die, flatPart+shift))
	if err != nil {
		return
	}
	req.Damage = slices.Clone(req.Damage)
	req.Damage[0].Dice = x
}

// bodySaves is what this file's spells do to participant i's saving
// throw of ability a: Enlarge's advantage and Reduce's disadvantage on
// Strength saves, Gaseous Form's advantage on Strength, Dexterity and
// Constitution saves.
func (e Encounter) bodySaves(i int, a rules.Ability) (adv, dis []string) {
	id := e.Participants[i].ID
	switch {
	case a == rules.Str && e.holds(id, spell.EnlargedID):
		adv = append(adv, "Enlarge")
	case a == rules.Str && e.holds(id, spell.ReducedID):
		dis = append(dis, "Reduce")
	}
	if (a == rules.Str || a == rules.Dex || a == rules.Con) && e.holds(id, spell.GaseousID) {
		adv = append(adv, "Gaseous Form")
	}
	return adv, dis
}

// strength adds to participant i's ability check what Enlarge and Reduce
// do to a Strength check (Athletics is one).
func (e Encounter) strength(i int, req rules.CheckRequest) rules.CheckRequest {
	if req.Ability != rules.Str && req.Skill != rules.Athletics {
		return req
	}
	id := e.Participants[i].ID
	if e.holds(id, spell.EnlargedID) {
		req.Advantage = append(slices.Clip(req.Advantage), "Enlarge")
	}
	if e.holds(id, spell.ReducedID) {
		req.Disadvantage = append(slices.Clip(req.Disadvantage), "Reduce")
	}
	return req
}

// size is participant i's size's rank (sizeOf), a size larger enlarged
// and a size smaller reduced.
func (e Encounter) size(i int) int {
	n := sizeOf(e.Participants[i])
	id := e.Participants[i].ID
	if e.holds(id, spell.EnlargedID) {
		n++
	}
	if e.holds(id, spell.ReducedID) {
		n--
	}
	return n
}

// misty refuses what a creature in Gaseous Form can't do: attack (a
// grapple and a shove are attacks) or cast a spell.
func (e Encounter) misty(ai int, kind string) error {
	p := e.Participants[ai]
	if !e.holds(p.ID, spell.GaseousID) {
		return nil
	}
	switch kind {
	case ActionAttack, ActionGrapple, ActionShove:
		return refuse(NotAllowed, "action.kind", "%s is a misty cloud (Gaseous Form) and can't attack", p.Name)
	case ActionCast:
		return refuse(NotAllowed, "action.kind", "%s is a misty cloud (Gaseous Form) and can't cast spells", p.Name)
	}
	return nil
}

// retreats reports whether participant p may Dash as a bonus action by
// Expeditious Retreat.
func (e Encounter) retreats(p Participant) bool { return e.holds(p.ID, spell.RetreatID) }

// droppedTo0 reports whether fx ends when its target drops to 0 hit
// points (Gaseous Form) and it has.
func (e Encounter) droppedTo0(fx Effect) bool {
	if !strings.Contains(fx.Ends, "drops to 0 hit points") {
		return false
	}
	t, ok := e.Participant(fx.TargetID)
	return ok && t.Combatant.HP <= 0
}
