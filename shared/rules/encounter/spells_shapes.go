package encounter

import (
	"fmt"
	"slices"

	"chronicler/shared/dice"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
)

// The shape changes in a fight (Polymorph, True Polymorph, Shapechange,
// Animal Shapes): a creature the spell reshapes (an Effect with a Form)
// takes the stat block's shape as a druid takes a beast's (druid.go:
// shapeInto), and more of it: Polymorph's new form brings its mind
// (Intelligence, Wisdom, Charisma) and its proficiency, saves,
// resistances and attacks; a monster puts away its own attacks, traits,
// spellcasting and legendary actions for the form's. At 0 hit points it
// drops back to its own form with the damage beyond carried over, and
// the spell's hold on it ends; when the spell ends (concentration, the
// fight) it takes its own form back at the hit points it had.

// reshapedState is the state a spell's shape puts on its creature: it
// ends with the fight, where the spell's other effects on a character
// may go on (lasts), since a sheet keeps no shape.
const reshapedState = "reshaped"

// Own is what a spell's shape replaced of a creature beyond the numbers
// Wild Shape replaces, put back with its own form (Form.Own).
type Own struct {
	// Int, Wis and Cha are its own, replaced by Polymorph's form and
	// kept by Shapechange.
	Int int `json:"int"`
	Wis int `json:"wis"`
	Cha int `json:"cha"`
	// The rules' numbers of its stat block or sheet.
	ProficiencyBonus    int                         `json:"proficiency_bonus"`
	SaveProficiencies   rules.Set[rules.Ability]    `json:"save_proficiencies,omitempty"`
	SkillProficiencies  rules.Set[rules.Skill]      `json:"skill_proficiencies,omitempty"`
	Resistances         rules.Set[rules.DamageType] `json:"resistances,omitempty"`
	Vulnerabilities     rules.Set[rules.DamageType] `json:"vulnerabilities,omitempty"`
	Immunities          rules.Set[rules.DamageType] `json:"immunities,omitempty"`
	ConditionImmunities rules.Set[rules.Condition]  `json:"condition_immunities,omitempty"`
	MundaneResist       rules.Set[rules.DamageType] `json:"mundane_resist,omitempty"`
	MundaneImmune       rules.Set[rules.DamageType] `json:"mundane_immune,omitempty"`
	// A monster's own attacks, traits, spellcasting and legendary
	// actions, as the participant kept them.
	Actions             []srd.Action `json:"actions,omitempty"`
	Traits              []string     `json:"traits,omitempty"`
	Specials            []srd.Action `json:"specials,omitempty"`
	Spellcasting        []Casting    `json:"spellcasting,omitempty"`
	Legendary           []Legendary  `json:"legendary,omitempty"`
	LegendaryLeft       int          `json:"legendary_left,omitempty"`
	LegendaryResistance int          `json:"legendary_resistance,omitempty"`
	Parry               int          `json:"parry,omitempty"`
	Spent               []string     `json:"spent,omitempty"`
}

// ownOf is what a spell's shape will replace of p.
func ownOf(p Participant) *Own {
	c := p.Combatant
	return &Own{Int: c.Abilities.Int, Wis: c.Abilities.Wis, Cha: c.Abilities.Cha,
		ProficiencyBonus: c.ProficiencyBonus, SaveProficiencies: c.SaveProficiencies, SkillProficiencies: c.SkillProficiencies,
		Resistances: c.Resistances, Vulnerabilities: c.Vulnerabilities, Immunities: c.Immunities, ConditionImmunities: c.ConditionImmunities,
		MundaneResist: p.MundaneResist, MundaneImmune: p.MundaneImmune,
		Actions: p.Actions, Traits: p.Traits, Specials: p.Specials, Spellcasting: p.Spellcasting,
		Legendary: p.Legendary, LegendaryLeft: p.LegendaryLeft, LegendaryResistance: p.LegendaryResistance,
		Parry: p.Parry, Spent: p.Spent}
}

// restore puts o back on p, whose shape has ended (unshape).
func (o Own) restore(p *Participant) {
	o.onto(&p.Combatant)
	p.MundaneResist, p.MundaneImmune = o.MundaneResist, o.MundaneImmune
	p.Actions, p.Traits, p.Specials, p.Spellcasting = o.Actions, o.Traits, o.Specials, o.Spellcasting
	p.Legendary, p.LegendaryLeft, p.LegendaryResistance = o.Legendary, o.LegendaryLeft, o.LegendaryResistance
	p.Parry, p.Spent = o.Parry, o.Spent
}

// onto puts o's rules numbers back on c: the creature as its own form
// (what a sheet keeps).
func (o Own) onto(c *rules.Combatant) {
	c.Abilities.Int, c.Abilities.Wis, c.Abilities.Cha = o.Int, o.Wis, o.Cha
	c.ProficiencyBonus, c.SaveProficiencies, c.SkillProficiencies = o.ProficiencyBonus, o.SaveProficiencies, o.SkillProficiencies
	c.Resistances, c.Vulnerabilities, c.Immunities, c.ConditionImmunities = o.Resistances, o.Vulnerabilities, o.Immunities, o.ConditionImmunities
}

// shapesChosen readies a casting of a shape change on the participants
// ids by ai: each target's challenge rating (a character's level stands
// for it), whether it is a shapechanger, and that a foe is unwilling; a
// creature already in another shape is refused.
func (e Encounter) shapesChosen(ai int, s srd.Spell, ids []string, opts *spell.Options) error {
	if !spell.Reshapes(s.ID) {
		return nil
	}
	a := e.Participants[ai]
	if len(ids) == 0 {
		ids = []string{a.ID}
	}
	for _, id := range ids {
		t := e.Participants[e.index(id)]
		if f := t.Form; f != nil && !(f.Spell == s.ID && f.CasterID == a.ID) {
			return refuse(NotAllowed, "action.target_ids", "%s is already in the shape of %s", t.Name, rules.Article(f.Beast))
		}
		var cr float64
		if m, ok := srd.LookupMonster(t.SRDID); ok && t.Kind == KindMonster {
			cr = m.CR
		}
		changer := slices.Contains(t.Traits, "shapechanger")
		opts.Situate(id, func(sit *spell.Situation) {
			sit.CR, sit.Shapechanger = cr, changer
			sit.Unwilling = sit.Unwilling || t.Kind != a.Kind
		})
	}
	return nil
}

// shapesAdd puts participant i, whom effect fx reshapes, in its form. A
// new form of the same spell (Shapechange used again) keeps the own form
// the first one put away, and the hit points it has if the new form has
// more.
func (e *Encounter) shapesAdd(res *Result, i int, fx *Effect) {
	m, ok := srd.LookupMonster(fx.Form)
	if fx.Form == "" || !ok {
		return
	}
	fx.State = reshapedState
	p := &e.Participants[i]
	if f := p.Form; f != nil && f.Spell == fx.Spell {
		// The old form's effect goes without giving back the own form.
		e.Effects = slices.DeleteFunc(slices.Clone(e.Effects), func(o Effect) bool { return o.TargetID == p.ID && o.Spell == fx.Spell && o.Form != "" })
		hp, own := p.Combatant.HP, *f
		p.Form = nil
		e.reshape(i, m, fx.Effect, own)
		p = &e.Participants[i]
		p.Combatant.HP = min(p.Combatant.HP, hp)
		p.sync()
		res.say(fmt.Sprintf("%s takes the shape of %s (%d HP, AC %d).", p.Name, rules.Article(m.Name), p.Combatant.HP, p.Combatant.AC))
		return
	}
	e.reshape(i, m, fx.Effect, Form{})
}

// reshape puts participant i in m's shape for spell effect fx; was, when
// it has a Beast, is the own form an earlier shape of the spell put away.
func (e *Encounter) reshape(i int, m srd.Monster, fx spell.Effect, was Form) {
	own := ownOf(e.Participants[i])
	e.shapeInto(i, m, 1<<30) // the spell's effect ends the shape, not the form's clock
	p := &e.Participants[i]
	if was.Beast != "" {
		keep := *p.Form
		*p.Form = was
		p.Form.Beast = keep.Beast
		own = was.Own
	}
	p.Form.Spell, p.Form.CasterID, p.Form.Own = fx.Spell, fx.CasterID, own
	c := &p.Combatant
	mind := spell.KeepsMind(fx.Spell)
	if !mind {
		c.Abilities.Int, c.Abilities.Wis, c.Abilities.Cha = m.Abilities.Int, m.Abilities.Wis, m.Abilities.Cha
	}
	c.ProficiencyBonus = m.ProficiencyBonus
	if c.ProficiencyBonus == 0 {
		c.ProficiencyBonus = rules.ProficiencyByCR(m.CR)
	}
	// Shapechange keeps the caster's proficiencies and adds the form's;
	// the others take the form's alone.
	saves := rules.Set[rules.Ability](0)
	if fx.Spell == "shapechange" {
		saves = own.SaveProficiencies
		c.ProficiencyBonus = max(c.ProficiencyBonus, own.ProficiencyBonus)
	} else {
		c.SkillProficiencies = 0
	}
	for a, bonus := range m.Saves {
		if ab, err := rules.ParseAbility(a); err == nil && bonus > c.Modifier(ab) {
			saves = saves.With(ab)
		}
	}
	c.SaveProficiencies = saves
	c.Resistances, p.MundaneResist = damageTypes(m.DamageResistances)
	c.Vulnerabilities, _ = damageTypes(m.DamageVulnerabilities)
	c.Immunities, p.MundaneImmune = damageTypes(m.DamageImmunities)
	c.ConditionImmunities = 0
	for _, name := range m.ConditionImmunities {
		if cond, err := rules.ParseCondition(name); err == nil {
			c.ConditionImmunities = c.ConditionImmunities.With(cond)
		}
	}
	// Its attacks and breath are the form's; spells, legendary actions
	// and their resistance are none of the form's.
	p.Actions = nil
	for _, a := range m.Actions {
		if o, ok := breathOption(a); ok {
			p.Actions = append(p.Actions, o)
			continue
		}
		if a.AttackBonus != nil || a.Multiattack != nil || areaAction(a) || holdArea(a) {
			p.Actions = append(p.Actions, a)
		}
	}
	p.Spellcasting, p.Legendary, p.LegendaryLeft, p.LegendaryResistance = nil, nil, 0, 0
	p.Parry, p.Spent = parryOf(m), nil
	p.sync()
}

// shapesDamaged drops participant ti, whose spell shape the damage d
// dropped to 0 hit points, back to its own form with the damage beyond
// carried over (as Wild Shape's), and ends the spell's hold on it: the
// caster's concentration too once the spell holds no one else.
func (e *Encounter) shapesDamaged(res *Result, ti int, d rules.DamageResult, src dice.Source) error {
	p := e.Participants[ti]
	if p.Form == nil || p.Form.Spell == "" || !d.Dropped {
		return nil
	}
	id, by := p.Form.Spell, p.Form.CasterID
	if err := wildShapeDropped(e, res, ti, d, src); err != nil {
		return err
	}
	return e.used(res, func(fx Effect) bool {
		return fx.TargetID == p.ID && fx.Spell == id && fx.CasterID == by && fx.Form != ""
	})
}

// shapesRevoke gives participant i its own form back as the spell
// effect fx that reshaped it ends.
func (e *Encounter) shapesRevoke(res *Result, i int, fx Effect) {
	p := e.Participants[i]
	if fx.Form == "" || p.Form == nil || p.Form.Spell != fx.Spell {
		return
	}
	beast := p.Form.Beast
	e.unshape(i)
	p = e.Participants[i]
	res.say(fmt.Sprintf("%s is no longer %s: back in its own form (%d/%d HP).", p.Name, rules.Article(beast), p.Combatant.HP, p.Combatant.CurrentMaxHP()))
}
