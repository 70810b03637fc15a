package encounter

import (
	"slices"
	"strings"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
)

// Area wards in a fight (spell/wards.go). A ward lies on its caster's sheet
// (spell.WardID, naming the area); the caster need not be in the fight,
// for the foes come to the place, not to it. As a fight starts in the
// warded area, the ward resolves on the monsters of the kinds it names,
// with its caster's DC: a glyph's or a symbol's damage or condition, once,
// after which it is spent and gone from the sheet; Antipathy's fright
// and Hallow's bound effect, or Forbiddance's damage, which also comes
// back as each such foe's turn starts there. Hallow's courage or energy
// protection is on the characters, its darkness or daylight on the
// fight's light. What a ward holds on a creature ends with the fight.

// wardedFX is an effect a ward holds on a participant: the fight's
// alone, never carried out onto a sheet.
const wardedFX = "warded"

// discordFX is Symbol's discord on a foe: disadvantage on its attack
// rolls.
const discordFX = "symbol-discord"

// Wards sets off, as the fight starts, the wards any of chars (every
// character of the campaign, in the fight or not) keeps on the fight's
// area, with the dice from src. It returns the casters' sheets that a
// spent ward is gone from, for the caller to keep. A fight with no area
// has none.
func (e *Encounter) Wards(chars []campaign.Character, src dice.Source) ([]campaign.Character, error) {
	if e.AreaID == "" {
		return nil, nil
	}
	var spent []campaign.Character
	for _, ch := range chars {
		went := false
		for _, ce := range ch.Effects {
			if ce.ID != spell.WardID || ce.Area != e.AreaID || (ce.Until > 0 && ce.Until <= e.Clock) {
				continue
			}
			w, err := spell.WardOf(ce.Spell, ce.Pick, ce.SlotLevel)
			if err != nil {
				continue // a pick the rules no longer read: the narrator's
			}
			res := &Result{}
			if err := e.setWard(res, ch, ce, w, src); err != nil {
				return nil, err
			}
			e.log(e.Round, ch.ID, res.Text)
			went = went || w.Spent
		}
		if !went {
			continue
		}
		gone := func(fx campaign.Effect) bool {
			if fx.ID != spell.WardID || fx.Area != e.AreaID {
				return false
			}
			w, err := spell.WardOf(fx.Spell, fx.Pick, fx.SlotLevel)
			return err == nil && w.Spent
		}
		ch, _ = ch.WithoutEffects(gone)
		spent = append(spent, ch)
		// A caster in the fight carried it in: it goes out no more.
		e.Effects = slices.DeleteFunc(e.Effects, func(fx Effect) bool {
			return fx.CasterID == ch.ID && gone(campaign.Effect{ID: fx.ID, Spell: fx.Spell, Pick: fx.Pick, Area: fx.Area, SlotLevel: fx.SlotLevel})
		})
	}
	return spent, nil
}

// setWard resolves caster ch's ward ce, which does w, as the fight starts.
func (e *Encounter) setWard(res *Result, ch campaign.Character, ce campaign.Effect, w spell.Ward, src dice.Source) error {
	name := ce.Spell
	if s, ok := srd.LookupSpell(ce.Spell); ok {
		name = s.Name
	}
	res.say(possessive(ch.Name) + " " + name + " goes off:")
	if w.Light != "" {
		e.Light = w.Light
		res.say("the hallowed ground is " + w.Light + ".")
	}
	for i := range e.Participants {
		p := e.Participants[i]
		if p.Kind != KindCharacter || p.Defeated || (!w.Courage && w.Resist == 0) {
			continue
		}
		fx := spell.Effect{ID: wardedFX, Spell: ce.Spell, CasterID: ch.ID, TargetID: p.ID, Ends: "while it is in the hallowed area", Note: name}
		if w.Courage {
			fx.Immune = fx.Immune.With(rules.Frightened)
		}
		if w.Resist != 0 {
			fx.Resist = fx.Resist.With(w.Resist)
		}
		if err := e.add(res, Effect{Effect: fx, SlotLevel: ce.SlotLevel}, src); err != nil {
			return err
		}
		res.say(p.Name + " is held by it.")
	}
	var rolled int
	if w.Dice != "" && w.Save != 0 {
		// One eruption: its damage is rolled once for every foe.
		x, err := dice.Parse(w.Dice)
		if err != nil {
			return fault.Wrap(fault.Internal, actOp, err)
		}
		r := dice.Roll(x, src)
		res.Rolls = append(res.Rolls, rules.Roll{Reason: name + " damage", RollerID: ch.ID, Result: r})
		rolled = r.Total
	}
	for i := range e.Participants {
		if !e.wardFalls(i, w) {
			continue
		}
		if err := e.wardOn(res, i, ch, ce, w, name, rolled, src); err != nil {
			return err
		}
	}
	if w.Told != "" {
		res.say(w.Told)
	}
	return nil
}

// wardFalls reports whether ward w falls on participant i: a monster
// standing, of a kind it names (its type, or a word of its name).
func (e Encounter) wardFalls(i int, w spell.Ward) bool {
	p := e.Participants[i]
	if p.Kind != KindMonster || p.Summoned || p.down() || e.elsewhere(p.ID) {
		return false
	}
	if len(w.Kinds) == 0 {
		return true
	}
	words := strings.FieldsFunc(strings.ToLower(p.SRDID+" "+p.Name), func(r rune) bool { return r == '-' || r == ' ' })
	return slices.ContainsFunc(w.Kinds, func(k string) bool { return k == p.Type || slices.Contains(words, k) })
}

// wardOn resolves ward w of caster ch on participant i: its save against
// the ward's DC, then its damage (rolled, or each its own without a
// save), condition, discord or vulnerability.
func (e *Encounter) wardOn(res *Result, i int, ch campaign.Character, ce campaign.Effect, w spell.Ward, name string, rolled int, src dice.Source) error {
	p := e.Participants[i]
	failed := true
	if w.Save != 0 {
		against := []string{"magic"}
		if w.Condition != 0 {
			against = append(against, w.Condition.String())
		}
		if w.Type != 0 {
			against = append(against, w.Type.String())
		}
		sv, err := e.save(res, i, saveCall{ability: w.Save, dc: ce.DC, against: against, reason: w.Save.Name() + " saving throw against " + name}, src)
		if err != nil {
			return err
		}
		res.say(sv.Summary())
		failed = !sv.Success
	}
	if w.Dice != "" {
		amount := rolled
		if w.Save == 0 {
			x, err := dice.Parse(w.Dice)
			if err != nil {
				return fault.Wrap(fault.Internal, actOp, err)
			}
			r := dice.Roll(x, src)
			res.Rolls = append(res.Rolls, rules.Roll{Reason: name + " damage", RollerID: ch.ID, Result: r})
			amount = r.Total
		}
		if !failed && w.Half {
			amount /= 2
		}
		if failed || w.Half {
			if err := e.wardDamage(res, i, amount, w.Type, src); err != nil {
				return err
			}
		}
		if w.EachTurn {
			return e.add(res, Effect{Effect: spell.Effect{ID: wardedFX, Spell: ce.Spell, CasterID: ch.ID, TargetID: p.ID,
				Dice: w.Dice, DamageType: w.Type, Ends: "while it is in the warded area", Note: name}, SlotLevel: ce.SlotLevel}, src)
		}
		return nil
	}
	if !failed {
		return nil
	}
	s, _ := srd.LookupSpell(ce.Spell)
	switch {
	case w.Condition != 0:
		cr, err := e.condition(res, i, w.Condition)
		if err != nil {
			return err
		}
		if cr.Immune {
			res.say(cr.Summary())
			return nil
		}
		fx := spell.Effect{ID: w.Condition.String(), Spell: ce.Spell, CasterID: ch.ID, TargetID: p.ID, Condition: w.Condition, Ends: w.Ends, Note: name}
		res.say(p.Name + " is " + w.Condition.String() + " (" + w.Ends + ").")
		return e.add(res, Effect{Effect: fx, SlotLevel: ce.SlotLevel, Until: e.until(fx, s)}, src)
	case w.Discord:
		fx := spell.Effect{ID: discordFX, Spell: ce.Spell, CasterID: ch.ID, TargetID: p.ID, Ends: w.Ends, Note: name}
		res.say(p.Name + " bickers and argues: its attack rolls have disadvantage (" + w.Ends + ").")
		return e.add(res, Effect{Effect: fx, SlotLevel: ce.SlotLevel, Until: e.until(fx, s)}, src)
	case w.Vulnerable != 0:
		e.Participants[i].Combatant.Vulnerabilities = e.Participants[i].Combatant.Vulnerabilities.With(w.Vulnerable)
		e.Participants[i].sync()
		res.say(p.Name + " is vulnerable to " + w.Vulnerable.String() + " damage while it is there.")
	}
	return nil
}

// wardDamage deals a ward's amount of type t to participant i.
func (e *Encounter) wardDamage(res *Result, i, amount int, t rules.DamageType, src dice.Source) error {
	// As any damage: the monster's own answers to it (Relentless, Undead
	// Fortitude) and the rolls it makes come with it.
	_, err := e.damage(res, -1, i, e.Participants[i].Combatant, rules.Hit{Damage: []rules.Damage{{Amount: amount, Type: t}}}, "", src)
	return err
}

// wardsTurnStarts deals Forbiddance's damage again to the foe whose turn
// starts in the warded area.
func (e *Encounter) wardsTurnStarts(res *Result, src dice.Source) error {
	i := e.index(e.Current)
	if i < 0 {
		return nil
	}
	for _, fx := range slices.Clone(e.Effects) {
		if fx.ID != wardedFX || fx.TargetID != e.Current || fx.Dice == "" || e.Participants[i].down() || e.elsewhere(e.Current) {
			continue
		}
		x, err := dice.Parse(fx.Dice)
		if err != nil {
			return fault.Wrap(fault.Internal, actOp, err)
		}
		r := dice.Roll(x, src)
		res.Rolls = append(res.Rolls, rules.Roll{Reason: fx.Note + " damage", RollerID: fx.CasterID, Result: r})
		res.say(fx.Note + " burns " + e.Participants[i].Name + " as its turn starts there:")
		if err := e.wardDamage(res, i, r.Total, fx.DamageType, src); err != nil {
			return err
		}
	}
	return nil
}

// wardsAttack gives an attacker in Symbol's discord disadvantage.
func (e Encounter) wardsAttack(ai int, req *rules.AttackRequest) {
	if e.holds(e.Participants[ai].ID, discordFX) {
		req.Disadvantage = append(slices.Clip(req.Disadvantage), "Symbol (discord)")
	}
}
