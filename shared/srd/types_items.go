package srd

import "slices"

// ItemEffects is what a magic item does beyond a bonus, AC, saves and
// charges, read from its text (srdgen/items.go): the scores it sets,
// the damage it resists or is immune to, the speed it gives, what a
// weapon adds to its hits. A potion's are its drinker's for the fight.
type ItemEffects struct {
	// Scores are the ability scores it sets ("Your Strength score is 19
	// while you wear these gauntlets"): the score becomes Score unless
	// it is higher.
	Scores []ItemScore `json:"scores,omitempty"`
	// Resists and Immune are damage types; ConditionImmune conditions
	// ("You are immune to the poisoned condition").
	Resists         []string `json:"resists,omitempty"`
	Immune          []string `json:"immune,omitempty"`
	ConditionImmune []string `json:"condition_immune,omitempty"`
	// Speed is the walking speed it gives, unless the wearer's is higher
	// (Boots of Striding and Springing's 30); SpeedTimes multiplies it
	// (Boots of Speed's 2).
	Speed      int `json:"speed,omitempty"`
	SpeedTimes int `json:"speed_times,omitempty"`
	// Damage is what a weapon's hits deal beyond its own (a Flame
	// Tongue's 2d6 fire).
	Damage []ItemDamage `json:"damage,omitempty"`
	// Fits are the mundane weapons or armours a named magic weapon or
	// armour is made of (a Flame Tongue: any sword); empty for a variant
	// that fits its whole kind (Enchants) and for any other item.
	Fits []string `json:"fits,omitempty"`
	// Variants are the items of a family ("Ring of Resistance": one a
	// damage type), each read on its own.
	Variants []string `json:"variants,omitempty"`
}

// ItemScore is an ability score ("str") an item sets.
type ItemScore struct {
	Ability string `json:"ability"`
	Score   int    `json:"score"`
}

// ItemDamage is damage a magic weapon's hit deals beyond the weapon's:
// Dice of Type ("" the weapon's own), against creatures of the Against
// types only where the text names them (a Dragon Slayer's dragons), on
// a critical hit only when Critical (a Vicious Weapon's 20).
type ItemDamage struct {
	Dice     string   `json:"dice"`
	Type     string   `json:"type,omitempty"`
	Against  []string `json:"against,omitempty"`
	Critical bool     `json:"critical,omitempty"`
}

func (e ItemEffects) clone() ItemEffects {
	e.Scores = slices.Clone(e.Scores)
	e.Resists = slices.Clone(e.Resists)
	e.Immune = slices.Clone(e.Immune)
	e.ConditionImmune = slices.Clone(e.ConditionImmune)
	e.Fits = slices.Clone(e.Fits)
	e.Variants = slices.Clone(e.Variants)
	e.Damage = slices.Clone(e.Damage)
	for i := range e.Damage {
		e.Damage[i].Against = slices.Clone(e.Damage[i].Against)
	}
	return e
}
