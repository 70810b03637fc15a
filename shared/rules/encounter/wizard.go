package encounter

import (
	"slices"
	"strconv"

	"chronicler/shared/dice"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
)

// The wizard's features in a fight. Arcane Recovery is a short rest's
// (rules/turn).
var wizardFeatures = map[string]classFeature{
	// School of Evocation.
	"sculpt-spells":       {cast: sculpt},
	"potent-cantrip":      {cast: potent},
	"empowered-evocation": {cast: empoweredEvocation},
	"overchannel":         {cast: overchannel},
}

// evocation reports whether s is a wizard spell of the School of
// Evocation.
func evocation(s srd.Spell) bool {
	return s.School == "evocation" && slices.Contains(s.Classes, "wizard")
}

// sculpt spares up to 1 + the spell's level of the other creatures an
// evocation spell reaches (the cast's Spare): they succeed on its save,
// and take no damage where a success would halve it.
func sculpt(e *Encounter, ai int, in Action, c *casting) error {
	if len(in.Spare) == 0 || !evocation(c.spell) {
		return nil
	}
	p := e.Participants[ai]
	if n := 1 + c.spell.Level; len(in.Spare) > n {
		return refuse(NotAllowed, "action.spare", "Sculpt Spells spares up to %d creatures from %s", n, c.spell.Name)
	}
	for _, id := range in.Spare {
		switch {
		case id == p.ID:
			return refuse(NotAllowed, "action.spare", "Sculpt Spells spares others from the spell, not its caster")
		case !slices.Contains(c.ids, id):
			return refuse(InvalidArgs, "action.spare", "%q is not among the spell's targets", truncate(id, 40))
		}
		c.spare(id, true)
	}
	c.spared = true
	c.by = append(c.by, "sculpt-spells")
	return nil
}

// potent: a creature that succeeds on its save against the wizard's
// cantrip takes half its damage all the same.
func potent(_ *Encounter, _ int, _ Action, c *casting) error {
	if c.spell.Level == 0 && forcesSave(c.spell) && deals(c.spell, 0) {
		c.opts.HalfOnSave = true
	}
	return nil
}

// empoweredEvocation adds the wizard's Intelligence modifier to one damage
// roll of its evocation spells.
func empoweredEvocation(e *Encounter, ai int, _ Action, c *casting) error {
	if n := e.Participants[ai].Combatant.Modifier(rules.Int); evocation(c.spell) && deals(c.spell, 0) && n > 0 {
		c.opts.OneDamageBonus += n
	}
	return nil
}

// overchannel deals a damaging wizard spell of 1st to 5th level's most
// damage. The first use since a long rest is free; each later one costs
// the wizard 1d12 more necrotic damage per spell level than the one
// before (2d12 the second time), which no resistance or immunity stops.
// The overchannel pool counts the uses.
func overchannel(e *Encounter, ai int, _ Action, c *casting) error {
	const id = "overchannel"
	if !c.uses(id) {
		return nil
	}
	s := c.spell
	if !slices.Contains(s.Classes, "wizard") || s.Level < 1 || c.slot > 5 || !deals(s, 0) {
		return refuse(NotAllowed, "action.with", "Overchannel needs a wizard spell of 1st to 5th level that deals damage")
	}
	c.opts.MaxDamage = true
	before := e.Participants[ai].Pools[id].Used
	c.pay(id, 1, id)
	if before == 0 {
		return nil
	}
	n := (before + 1) * c.slot
	c.then(func(e *Encounter, res *Result, ai int, _ spell.Result, src dice.Source) error {
		return e.backlash(res, ai, min(n, dice.MaxDice), src)
	})
	return nil
}

// backlash is Overchannel's price: n d12 necrotic damage to the wizard,
// whatever it resists.
func (e *Encounter) backlash(res *Result, ai, n int, src dice.Source) error {
	p := e.Participants[ai]
	if p.down() {
		return nil
	}
	x, err := dice.Parse(strconv.Itoa(n) + "d12")
	if err != nil {
		return err
	}
	dmg, rolls := rules.RollDamage(p.ID, []rules.DamageRoll{{Dice: x, Type: rules.Necrotic}}, false, src)
	res.Rolls = append(res.Rolls, rolls...)
	c := p.Combatant
	c.Resistances, c.Immunities = 0, 0
	_, err = e.damage(res, -1, ai, c, rules.Hit{Damage: dmg}, "Overchannel's price: ", src)
	return err
}
