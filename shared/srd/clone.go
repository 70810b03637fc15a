package srd

import (
	"maps"
	"slices"
)

// Deep copies. Any field added to a type with a slice, map or pointer in it
// needs a line here; TestLookupsReturnCopies catches the ones that don't.

func cloneAll[T any](in []T, clone func(T) T) []T {
	out := make([]T, len(in))
	for i, v := range in {
		out[i] = clone(v)
	}
	return out
}

func clonePtr[T any](p *T) *T {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}

func (s Spell) clone() Spell {
	s.Range.Feet = clonePtr(s.Range.Feet)
	s.Components = slices.Clone(s.Components)
	s.Classes = slices.Clone(s.Classes)
	s.Damage = s.Damage.clone()
	s.ExtraDamage = s.ExtraDamage.clone()
	s.HealAtSlotLevel = maps.Clone(s.HealAtSlotLevel)
	s.Save = clonePtr(s.Save)
	s.Area = clonePtr(s.Area)
	return s
}

func (d *SpellDamage) clone() *SpellDamage {
	if d == nil {
		return nil
	}
	c := *d
	c.BySlotLevel = maps.Clone(d.BySlotLevel)
	c.ByCharacterLevel = maps.Clone(d.ByCharacterLevel)
	return &c
}

func (m Monster) clone() Monster {
	m.Speed = maps.Clone(m.Speed)
	m.Saves = maps.Clone(m.Saves)
	m.Skills = maps.Clone(m.Skills)
	m.DamageVulnerabilities = slices.Clone(m.DamageVulnerabilities)
	m.DamageResistances = slices.Clone(m.DamageResistances)
	m.DamageImmunities = slices.Clone(m.DamageImmunities)
	m.ConditionImmunities = slices.Clone(m.ConditionImmunities)
	m.Senses.Notes = maps.Clone(m.Senses.Notes)
	m.SpecialAbilities = cloneActions(m.SpecialAbilities)
	m.Actions = cloneActions(m.Actions)
	m.Reactions = cloneActions(m.Reactions)
	m.LegendaryActions = cloneActions(m.LegendaryActions)
	m.Forms = slices.Clone(m.Forms)
	return m
}

func cloneActions(in []Action) []Action {
	if in == nil {
		return nil
	}
	return cloneAll(in, Action.clone)
}

func (a Action) clone() Action {
	a.AttackBonus = clonePtr(a.AttackBonus)
	a.Range = clonePtr(a.Range)
	a.Damage = cloneDamages(a.Damage)
	a.DC = clonePtr(a.DC)
	a.Usage = a.Usage.clone()
	if a.Multiattack != nil {
		m := *a.Multiattack
		m.Actions = maps.Clone(m.Actions)
		m.Variable = maps.Clone(m.Variable)
		if m.OneOf != nil {
			m.OneOf = cloneAll(m.OneOf, maps.Clone)
		}
		a.Multiattack = &m
	}
	a.Options = cloneActions(a.Options)
	a.Stages = cloneActions(a.Stages)
	a.StoppedBy = slices.Clone(a.StoppedBy)
	hold := func(c HitCondition) HitCondition {
		c.Save = clonePtr(c.Save)
		c.Except = slices.Clone(c.Except)
		c.Sleep = clonePtr(c.Sleep)
		return c
	}
	if a.OnHit != nil {
		a.OnHit = cloneAll(a.OnHit, hold)
	}
	if a.Inflicts != nil {
		a.Inflicts = cloneAll(a.Inflicts, hold)
	}
	if a.Drain != nil {
		d := *a.Drain
		d.Save = clonePtr(d.Save)
		a.Drain = &d
	}
	if a.Swallow != nil {
		w := *a.Swallow
		w.Save = clonePtr(w.Save)
		w.Digest = w.Digest.clone()
		a.Swallow = &w
	}
	if a.Ongoing != nil {
		o := *a.Ongoing
		o.Save = clonePtr(o.Save)
		o.Stanch = clonePtr(o.Stanch)
		o.Shake = clonePtr(o.Shake)
		o.Except = slices.Clone(o.Except)
		a.Ongoing = &o
	}
	a.Downs = clonePtr(a.Downs)
	a.Slays = clonePtr(a.Slays)
	a.Aura = clonePtr(a.Aura)
	a.Flinch = clonePtr(a.Flinch)
	if a.Affliction != nil {
		f := *a.Affliction
		f.Only = slices.Clone(f.Only)
		a.Affliction = &f
	}
	if a.Move != nil {
		v := *a.Move
		v.Save, v.Struck = clonePtr(v.Save), clonePtr(v.Struck)
		v.Damage = cloneAll(v.Damage, Damage.clone)
		a.Move = &v
	}
	if a.Call != nil {
		v := *a.Call
		v.Creatures = slices.Clone(v.Creatures)
		a.Call = &v
	}
	if a.Lure != nil {
		l := *a.Lure
		l.Only = slices.Clone(l.Only)
		a.Lure = &l
	}
	if a.Hinders != nil {
		h := *a.Hinders
		a.Hinders = &h
	}
	if a.Boon != nil {
		b := *a.Boon
		b.Cures, b.Advantage = slices.Clone(b.Cures), slices.Clone(b.Advantage)
		a.Boon = &b
	}
	if a.Spellcasting != nil {
		sc := *a.Spellcasting
		sc.Components = slices.Clone(sc.Components)
		sc.Slots = maps.Clone(sc.Slots)
		sc.Spells = cloneAll(sc.Spells, func(s MonsterSpell) MonsterSpell {
			s.Usage = s.Usage.clone()
			return s
		})
		a.Spellcasting = &sc
	}
	return a
}

func (u *Usage) clone() *Usage {
	if u == nil {
		return nil
	}
	c := *u
	c.Rest = slices.Clone(u.Rest)
	return &c
}

func cloneDamages(in []Damage) []Damage {
	if in == nil {
		return nil
	}
	return cloneAll(in, Damage.clone)
}

func (d Damage) clone() Damage {
	d.DC = clonePtr(d.DC)
	d.OneOf = cloneDamages(d.OneOf)
	d.Instead = clonePtr(d.Instead)
	return d
}

func (d *Damage) clonePtr() *Damage {
	if d == nil {
		return nil
	}
	c := d.clone()
	return &c
}

func (c Class) clone() Class {
	c.SavingThrows = slices.Clone(c.SavingThrows)
	c.ArmorProficiencies = slices.Clone(c.ArmorProficiencies)
	c.WeaponProficiencies = slices.Clone(c.WeaponProficiencies)
	c.ToolProficiencies = slices.Clone(c.ToolProficiencies)
	if c.SkillChoices != nil {
		sc := *c.SkillChoices
		sc.From = slices.Clone(sc.From)
		c.SkillChoices = &sc
	}
	c.Levels = cloneAll(c.Levels, func(l ClassLevel) ClassLevel {
		l.SpellSlots, l.Features = slices.Clone(l.SpellSlots), slices.Clone(l.Features)
		l.Counters = maps.Clone(l.Counters)
		return l
	})
	return c
}

func (r Race) clone() Race {
	r.AbilityBonuses = maps.Clone(r.AbilityBonuses)
	if r.AbilityBonusChoice != nil {
		ch := *r.AbilityBonusChoice
		ch.From = slices.Clone(ch.From)
		r.AbilityBonusChoice = &ch
	}
	r.Traits = slices.Clone(r.Traits)
	r.Languages = slices.Clone(r.Languages)
	if r.Subraces != nil {
		r.Subraces = cloneAll(r.Subraces, func(s Subrace) Subrace {
			s.AbilityBonuses = maps.Clone(s.AbilityBonuses)
			s.Traits = slices.Clone(s.Traits)
			return s
		})
	}
	return r
}

func (w Weapon) clone() Weapon {
	w.Damage = w.Damage.clonePtr()
	w.TwoHandedDamage = w.TwoHandedDamage.clonePtr()
	w.Properties = slices.Clone(w.Properties)
	w.Range = clonePtr(w.Range)
	w.ThrowRange = clonePtr(w.ThrowRange)
	return w
}

func (f Feature) clone() Feature {
	f.Races = slices.Clone(f.Races)
	if f.Choice != nil {
		c := *f.Choice
		c.From = slices.Clone(c.From)
		f.Choice = &c
	}
	f.Requires = clonePtr(f.Requires)
	return f
}
