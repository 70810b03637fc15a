package spell

import (
	"slices"
	"strconv"

	"chronicler/shared/dice"
	"chronicler/shared/rules"
)

// The class features of a caster or a target that change what a spell
// does, read from the combatants' Features (the ids the sheet gives
// them, rules.FromSheet), so a spell plays them in a fight and out of
// one alike: the Life domain's healing (Disciple of Life, Blessed
// Healer, Supreme Healing) and a paladin's immunity to disease (Divine
// Health).

// The features this file plays, by id.
const (
	discipleOfLife = "disciple-of-life"
	blessedHealer  = "blessed-healer"
	supremeHealing = "supreme-healing"
)

// casterHas reports whether the caster has feature id.
func (c *cast) casterHas(id string) bool { return slices.Contains(c.caster().Features, id) }

// healingFor is the healing the spell gives target id: its dice, at
// their most under Beacon of Hope or the caster's Supreme Healing, and
// Disciple of Life's 2 + the spell's level more from a spell of 1st
// level or higher.
func (c *cast) healingFor(id string) dice.Expr {
	x := c.heal
	if c.opts.Situations[id].MaxHealing || c.casterHas(supremeHealing) {
		x = dice.MustParse(strconv.Itoa(min(x.Max(), dice.MaxModifier)))
	}
	if n := c.discipleBonus(); n > 0 {
		if more, err := dice.Parse(x.String() + "+" + strconv.Itoa(n)); err == nil {
			x = more
		}
	}
	return x
}

// discipleBonus is what the caster's Disciple of Life adds to each
// creature a healing spell of 1st level or higher heals: 2 + the level
// it is cast at; 0 without it.
func (c *cast) discipleBonus() int {
	if c.spell.Level < 1 || !c.casterHas(discipleOfLife) {
		return 0
	}
	return 2 + c.slot
}

// blessHealer heals the caster 2 + the spell's level when its healing
// spell of 1st level or higher restored hit points to another creature
// and it has Blessed Healer, and tells it on the first such target's
// outcome (CasterHeal).
func (c *cast) blessHealer() error {
	if c.spell.Level < 1 || !c.casterHas(blessedHealer) || c.caster().Dead {
		return nil
	}
	k := slices.IndexFunc(c.r.Targets, func(o Outcome) bool {
		return o.TargetID != c.casterID && o.Heal != nil && o.Heal.Regained > 0
	})
	if k < 0 {
		return nil
	}
	hr, err := rules.Heal(*c.caster(), dice.MustParse(strconv.Itoa(2+c.slot)), c.src)
	if err != nil {
		return internal(err)
	}
	if err := c.take(hr.Log); err != nil {
		return err
	}
	c.r.Targets[k].CasterHeal = &hr
	return nil
}

// diseaseImmune reports whether the spell is a disease (Contagion, the
// one the engine keeps) and target id is immune to it (Divine Health, a
// Periapt of Health: rules.DiseaseImmune).
func (c *cast) diseaseImmune(id string) bool {
	return c.spell.ID == "contagion" && rules.DiseaseImmune(c.state[id].Features)
}
