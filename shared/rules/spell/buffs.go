package spell

import (
	"slices"
	"strconv"
	"strings"

	"chronicler/shared/dice"
	"chronicler/shared/rules"
)

// The buffs, curses and wards whose effect lasts on a creature and
// changes its later rolls (the fight plays them: rules/encounter's
// spells_buffs.go), and the spells that end such effects.

// Lasting is a spell's effect already on a creature, with the level its
// spell was cast at, as a spell that ends effects is told of it
// (Options.Lasting).
type Lasting struct {
	Effect
	// Level is the level the spell was cast at; 0 is the spell's own.
	Level int `json:"level,omitempty"`
}

// The effects Bestow Curse leaves, one for each curse that changes
// numbers.
const (
	// CursedAbility: disadvantage on ability checks and saving throws of
	// Effect.Ability.
	CursedAbility = "bestow-curse-ability"
	// CursedAttacks: disadvantage on attack rolls against the caster.
	CursedAttacks = "bestow-curse-attacks"
	// CursedNecrotic: the caster's attacks and spells deal 1d8 more
	// necrotic damage to the target.
	CursedNecrotic = "bestow-curse-necrotic"
)

// enhancement is one of Enhance Ability's six, the first the default.
type enhancement struct {
	id, name string
	ability  rules.Ability
}

var enhancements = []enhancement{
	{"bears-endurance", "Bear's Endurance", rules.Con},
	{"bulls-strength", "Bull's Strength", rules.Str},
	{"cats-grace", "Cat's Grace", rules.Dex},
	{"eagles-splendor", "Eagle's Splendor", rules.Cha},
	{"foxs-cunning", "Fox's Cunning", rules.Int},
	{"owls-wisdom", "Owl's Wisdom", rules.Wis},
}

// choiceKey is a choice as the tables name it: "Bear's Endurance" is
// "bears-endurance".
func choiceKey(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	s = strings.NewReplacer("'", "", "’", "", " ", "-", "_", "-").Replace(s)
	return s
}

// enhancementOf is the enhancement choice names: its id or name, or its
// ability; "" is Bear's Endurance.
func enhancementOf(choice string) (enhancement, bool) {
	if choice == "" {
		return enhancements[0], true
	}
	k := choiceKey(choice)
	a, _ := rules.ParseAbility(choice)
	for _, e := range enhancements {
		if k == e.id || (a != 0 && a == e.ability) {
			return e, true
		}
	}
	return enhancement{}, false
}

func checkEnhancement(c *cast) error {
	if _, ok := enhancementOf(c.opts.Choice); !ok {
		return refuse(ReasonInvalidArgs, "Enhance Ability offers bears-endurance, bulls-strength, cats-grace, eagles-splendor, foxs-cunning or owls-wisdom (or their ability), not %q", c.opts.Choice)
	}
	return nil
}

// enhanceAbility gives each target advantage on checks of the chosen
// enhancement's ability while the caster concentrates; Bear's Endurance
// also gives 2d6 temporary hit points, rolled for each target, which go
// when the spell ends (Effect.Dice holds them for the caller).
func (c *cast) enhanceAbility() error {
	en, _ := enhancementOf(c.opts.Choice)
	for _, id := range c.ids {
		out := c.outcome(id)
		out.Affected = true
		fx := Effect{ID: c.spell.ID, TargetID: id, Ability: en.ability, Concentration: true,
			Note: en.name + ": advantage on " + en.ability.Name() + " checks"}
		out.Told = "gains " + en.name + ": advantage on " + en.ability.Name() + " checks"
		switch en.ability {
		case rules.Con:
			tr, err := rules.GrantTempHP(*c.state[id], dice.MustParse("2d6"), c.src)
			if err != nil {
				return refuseWrap(err)
			}
			if err := c.take(tr.Log); err != nil {
				return err
			}
			out.TempHP = &tr
			fx.Dice = strconv.Itoa(tr.Rolled)
			fx.Note += ", and " + fx.Dice + " temporary hit points lost when the spell ends"
			out.Told += ", and " + fx.Dice + " temporary hit points"
		case rules.Str:
			c.note("{target}'s carrying capacity doubles", id)
		case rules.Dex:
			c.note("{target} takes no damage from a fall of 20 feet or less while not incapacitated", id)
		}
		c.effect(fx)
	}
	return nil
}

// curse is the Bestow Curse a choice names: an ability (its checks and
// saves), "attacks" or "necrotic"; "" is "attacks".
func curseOf(choice string) (id string, a rules.Ability, ok bool) {
	switch choiceKey(choice) {
	case "", "attacks", "attack":
		return CursedAttacks, 0, true
	case "necrotic", "damage":
		return CursedNecrotic, 0, true
	}
	if a, err := rules.ParseAbility(choice); err == nil {
		return CursedAbility, a, true
	}
	return "", 0, false
}

func checkCurse(c *cast) error {
	if _, _, ok := curseOf(c.opts.Choice); !ok {
		return refuse(ReasonInvalidArgs, "Bestow Curse curses an ability (str, dex, con, int, wis or cha), attacks or necrotic, not %q", c.opts.Choice)
	}
	return nil
}

// curseSpan is how long Bestow Curse lasts by its slot, and whether it
// needs concentration: a minute at 3rd, ten at 4th, then 8 hours, 24
// hours from 7th and until dispelled at 9th, free of concentration from
// 5th.
func curseSpan(slot int) (ends string, concentration bool) {
	switch {
	case slot >= 9:
		return "until dispelled", false
	case slot >= 7:
		return "24 hours", false
	case slot >= 5:
		return "8 hours", false
	case slot == 4:
		return "Up to 10 minutes", true
	}
	return "", true
}

// bestowCurse: a target that fails its Wisdom save is cursed as the
// caster chose (Options.Choice).
func (c *cast) bestowCurse() error {
	id, a, _ := curseOf(c.opts.Choice)
	ends, conc := curseSpan(c.slot)
	who := c.caster().Name
	note, told := "", ""
	switch id {
	case CursedAbility:
		note = "disadvantage on " + a.Name() + " checks and saving throws"
		told = "is cursed: disadvantage on " + a.Name() + " checks and saving throws"
	case CursedAttacks:
		note = "disadvantage on attack rolls against " + who
		told = "is cursed: disadvantage on attack rolls against " + who
	case CursedNecrotic:
		note = who + "'s attacks and spells deal 1d8 more necrotic damage to it"
		told = "is cursed: " + possessive(who) + " attacks and spells deal it 1d8 more necrotic damage"
	}
	return c.onFailedSave(func(tid string, out *Outcome) error {
		fx := Effect{ID: id, TargetID: tid, Ability: a, Concentration: conc, Ends: ends, Note: note}
		if id == CursedNecrotic {
			fx.Dice, fx.DamageType = "1d8", rules.Necrotic
		}
		c.effect(fx)
		out.Told = told
		c.rider(tid)
		return nil
	})
}

// rayOfEnfeeblement: a ranged spell attack; on a hit the target's
// weapon attacks that use Strength deal half damage until it succeeds on
// a Constitution save at the end of one of its turns (Options.Ongoing).
func (c *cast) rayOfEnfeeblement() error {
	id := c.ids[0]
	out := c.outcome(id)
	res, err := c.attack(id, nil)
	if err != nil {
		return err
	}
	out.Attacks = append(out.Attacks, res)
	if !res.Hit {
		return nil
	}
	c.bestow(id, Effect{ID: c.spell.ID, Concentration: true, RepeatSave: c.save, DC: c.r.DC, Ends: c.sp.ends,
		Note: "its weapon attacks that use Strength deal half damage"},
		"is enfeebled: its weapon attacks that use Strength deal half damage")
	return nil
}

// deathWard: the first time the target would drop to 0 hit points from
// damage it drops to 1 instead, and the ward ends (the caller plays it).
func (c *cast) deathWard() error {
	id := c.ids[0]
	c.bestow(id, Effect{ID: c.spell.ID, Note: "the first time it would drop to 0 hit points it drops to 1 instead"},
		"is warded against death: the first time it would drop to 0 hit points it drops to 1 instead")
	c.rider(id)
	return nil
}

// everyDamage is every damage type: Warding Bond resists them all.
var everyDamage = rules.SetOf(rules.Acid, rules.Bludgeoning, rules.Cold, rules.Fire, rules.Force, rules.Lightning,
	rules.Necrotic, rules.Piercing, rules.Poison, rules.Psychic, rules.Radiant, rules.Slashing, rules.Thunder)

// notSelf refuses the caster as the spell's target: Warding Bond binds
// two creatures.
func notSelf(c *cast) error {
	if slices.Contains(c.ids, c.casterID) {
		return refuse(ReasonInvalidArgs, "%s binds its caster to another creature, not to itself", c.spell.Name)
	}
	return nil
}

// wardingBond: the target has +1 AC and +1 on saving throws, and
// resistance to all damage; each time it takes damage the caster takes
// as much (the caller plays the saves and the shared damage).
func (c *cast) wardingBond() error {
	id := c.ids[0]
	c.bestow(id, Effect{ID: c.spell.ID, AC: 1, Resist: everyDamage,
		Note: "+1 AC and saving throws, resistance to all damage; its caster takes the damage it takes"},
		"is bound to "+c.caster().Name+": +1 AC and saving throws and resistance to all damage, "+c.caster().Name+" taking as much damage as it takes")
	c.rider(id)
	return nil
}

// calmEmotions: each target makes a Charisma save, or fails it by
// choice (Situation.Willing); on a failure its charm and fear are
// suppressed: the conditions end, and it can't be charmed or frightened
// while the caster concentrates. Making a hostile creature indifferent,
// the spell's other choice, is the narrator's.
func (c *cast) calmEmotions() error {
	for _, id := range c.ids {
		out := c.outcome(id)
		if c.opts.Situations[id].Willing {
			out.Told = "lets the calm in"
		} else {
			sv, err := c.saveFor(id)
			if err != nil {
				return err
			}
			out.Save = &sv
			if sv.Success {
				continue
			}
		}
		out.Affected = true
		if err := c.cure(id, out); err != nil {
			return err
		}
		c.effect(Effect{ID: c.spell.ID, TargetID: id, Immune: rules.SetOf(rules.Charmed, rules.Frightened), Concentration: true,
			Note: "its charm and fear are suppressed"})
		out.Told = "is calmed: no charm or fear holds it while the spell lasts"
		c.rider(id)
	}
	return nil
}

// removeCurse ends every Bestow Curse on the target among
// Options.Lasting.
func (c *cast) removeCurse() error {
	id := c.ids[0]
	out := c.outcome(id)
	out.Affected = true
	n := 0
	for _, l := range c.opts.Lasting {
		if l.TargetID == id && l.Spell == "bestow-curse" {
			c.r.Dispelled = append(c.r.Dispelled, l.Effect)
			n++
		}
	}
	out.Told = "is freed of every curse on it"
	if n > 0 {
		out.Told = "is freed of Bestow Curse"
	}
	if _, err := c.endAffliction(id, out, true, "curse"); err != nil {
		return err
	}
	c.rider(id)
	return nil
}

// dispelMagic ends each spell among Options.Lasting on the target: at
// once one cast at 3rd level or lower, or no higher than the slot; a
// higher one on the caster's spellcasting ability check against DC 10 +
// its level. One check a spell, whatever effects it left.
func (c *cast) dispelMagic() error {
	id := c.ids[0]
	out := c.outcome(id)
	type key struct{ spell, caster string }
	var tried []key
	var ended, kept []string
	for _, l := range c.opts.Lasting {
		k := key{l.Spell, l.CasterID}
		if l.TargetID != id || slices.Contains(tried, k) {
			continue
		}
		s, ok := c.lookup(l.Spell)
		if !ok {
			continue // not a spell (a class feature's effect)
		}
		tried = append(tried, k)
		lvl := l.Level
		if lvl == 0 {
			lvl = s.Level
		}
		if lvl > max(3, c.slot) {
			chk, err := rules.Check(*c.caster(), rules.CheckRequest{Ability: c.opts.Ability, DC: 10 + lvl}, c.src)
			if err != nil {
				return refuseWrap(err)
			}
			if err := c.take(chk.Log); err != nil {
				return err
			}
			if !chk.Success {
				kept = append(kept, s.Name+" (check "+strconv.Itoa(chk.Total)+" against DC "+strconv.Itoa(10+lvl)+")")
				continue
			}
		}
		ended = append(ended, s.Name)
		for _, o := range c.opts.Lasting {
			if o.TargetID == id && o.Spell == l.Spell && o.CasterID == l.CasterID {
				c.r.Dispelled = append(c.r.Dispelled, o.Effect)
			}
		}
	}
	out.Affected = len(ended) > 0
	switch {
	case len(ended) > 0:
		out.Told = "is rid of " + strings.Join(ended, ", ")
		if len(kept) > 0 {
			out.Told += "; " + strings.Join(kept, ", ") + " holds"
		}
	case len(kept) > 0:
		out.Told = "keeps " + strings.Join(kept, ", ")
	case c.opts.Lasting == nil:
		out.Told = "loses the spells on it of " + rules.Ordinal(max(3, c.slot)) + " level or lower; a higher one ends on a DC 10 + its level check"
	default:
		out.Told = "has no spell on it to end"
	}
	return nil
}

// seeInvisibility: the caster sees invisible creatures for the hour:
// attacks between it and an invisible creature lose the advantage and
// disadvantage invisibility gives (the caller plays it).
func (c *cast) seeInvisibility() error {
	c.bestow(c.casterID, Effect{ID: c.spell.ID, Note: "it sees invisible creatures"}, "sees invisible creatures")
	c.rider(c.casterID)
	return nil
}

// trueSeeing: the target sees invisible creatures and through magical
// darkness for the hour (the caller plays both); the rest of truesight is
// told.
func (c *cast) trueSeeing() error {
	id := c.ids[0]
	c.bestow(id, Effect{ID: c.spell.ID, Note: "truesight: it sees invisible creatures and through magical darkness"},
		"has truesight: it sees invisible creatures and through magical darkness")
	c.rider(id)
	return nil
}
