package spell

import (
	"strconv"
	"strings"

	"chronicler/shared/rules"
	"chronicler/shared/srd"
)

// The spells whose whole effect lasts on a creature: each target gets an
// Effect saying what it changes (armor class, speed, resistances, a die
// to add, the hit point maximum) and the caller applies it while it lasts.
// Cast changes nothing on the target itself beyond a condition gained or
// ended.

// aid raises each target's hit point maximum and hit points by 5 per
// slot level above 1st, as the data's amounts say.
func (c *cast) aid() error {
	n := 5 * (c.slot - 1)
	if text, _, ok := atLevel(c.spell.HealAtSlotLevel, c.slot); ok {
		if v, err := strconv.Atoi(text); err == nil && v > 0 {
			n = v
		}
	}
	for _, id := range c.ids {
		c.bestow(id, Effect{ID: c.spell.ID, MaxHP: n,
			Note: "+" + strconv.Itoa(n) + " to its hit point maximum and hit points"},
			"gains "+strconv.Itoa(n)+" to its hit point maximum and hit points for 8 hours")
	}
	return nil
}

// haste gives the target +2 AC, twice its speed and advantage on
// Dexterity saving throws while the caster concentrates. Its extra action
// and the lethargy when it ends are the narrator's.
func (c *cast) haste() error {
	id := c.ids[0]
	c.bestow(id, Effect{ID: c.spell.ID, AC: 2, Speed: c.state[id].Speed, Concentration: true,
		Note: "+2 AC, double speed, advantage on Dexterity saving throws"},
		"is hasted: +2 AC, double speed and advantage on Dexterity saving throws")
	c.rider(id)
	return nil
}

// slow has each target make a Wisdom save; one that fails takes -2 to AC
// and Dexterity saves and half its speed until it succeeds on the save at
// the end of one of its turns or the caster's concentration ends.
func (c *cast) slow() error {
	return c.onFailedSave(func(id string, out *Outcome) error {
		t := c.state[id]
		c.effect(Effect{ID: c.spell.ID, TargetID: id, AC: -2, Speed: -(t.Speed - t.Speed/2), Concentration: true,
			RepeatSave: c.save, DC: c.r.DC, Ends: c.sp.ends, Note: "-2 AC and Dexterity saving throws, half speed"})
		out.Told = "is slowed: -2 AC and Dexterity saving throws, half speed"
		c.rider(id)
		return nil
	})
}

// blur: attack rolls against the caster have disadvantage, unless the
// attacker does not rely on sight (the caller judges).
func (c *cast) blur() error {
	c.bestow(c.casterID, Effect{ID: c.spell.ID, Concentration: true,
		Note: "attack rolls against it have disadvantage, unless the attacker has blindsight or truesight"},
		"is blurred: attack rolls against it have disadvantage")
	return nil
}

// protectionFromEvil: aberrations, celestials, elementals, fey, fiends
// and undead have disadvantage on attack rolls against the target (the
// caller knows the attackers' types).
func (c *cast) protectionFromEvil() error {
	id := c.ids[0]
	c.bestow(id, Effect{ID: c.spell.ID, Concentration: true,
		Note: "aberrations, celestials, elementals, fey, fiends and undead have disadvantage on attack rolls against it"},
		"is warded: aberrations, celestials, elementals, fey, fiends and undead have disadvantage on attack rolls against it")
	c.rider(id)
	return nil
}

// invisibility makes each target invisible while the caster
// concentrates; the caller ends Invisibility (not Greater Invisibility)
// on a target that attacks or casts a spell, as Ends says.
func (c *cast) invisibility() error {
	for _, id := range c.ids {
		out := c.outcome(id)
		out.Affected = true
		if err := c.impose(id, out); err != nil {
			return err
		}
	}
	return nil
}

// trueStrike: the caster's first attack roll against the target on its
// next turn has advantage.
func (c *cast) trueStrike() error {
	who := c.caster().Name
	c.bestow(c.ids[0], Effect{ID: c.spell.ID, Concentration: true, Ends: "the end of the caster's next turn",
		Note: "the caster's first attack roll against it on the caster's next turn has advantage"},
		"is studied: "+who+" has advantage on the first attack roll against it on "+possessive(who)+" next turn")
	return nil
}

// stoneskin: resistance to bludgeoning, piercing and slashing damage from
// nonmagical attacks.
func (c *cast) stoneskin() error {
	c.bestow(c.ids[0], Effect{ID: c.spell.ID, Concentration: true, Nonmagical: true,
		Resist: rules.SetOf(rules.Bludgeoning, rules.Piercing, rules.Slashing),
		Note:   "resistance to nonmagical bludgeoning, piercing and slashing damage"},
		"resists nonmagical bludgeoning, piercing and slashing damage")
	return nil
}

// energies are the types Protection from Energy may ward against, the
// first being the default.
var energies = []rules.DamageType{rules.Acid, rules.Cold, rules.Fire, rules.Lightning, rules.Thunder}

func checkEnergy(c *cast) error {
	if t := c.opts.DamageType; t != 0 && !containsType(energies, t) {
		return refuse(ReasonInvalidArgs, "%s wards against acid, cold, fire, lightning or thunder, not %s", c.spell.Name, t)
	}
	return nil
}

func containsType(ts []rules.DamageType, x rules.DamageType) bool {
	for _, t := range ts {
		if t == x {
			return true
		}
	}
	return false
}

// protectionFromEnergy: resistance to the damage type the caster picks.
func (c *cast) protectionFromEnergy() error {
	typ := c.opts.DamageType
	if typ == 0 {
		typ = energies[0]
	}
	id := c.ids[0]
	c.bestow(id, Effect{ID: c.spell.ID, Concentration: true, Resist: rules.SetOf(typ),
		Note: "resistance to " + typ.String() + " damage"}, "resists "+typ.String()+" damage")
	return nil
}

// divineFavor: the caster's weapon hits deal 1d4 more radiant damage.
func (c *cast) divineFavor() error {
	dmg, typ := "1d4", rules.Radiant
	if d := c.spell.Damage; d != nil {
		if text, _, ok := atLevel(d.BySlotLevel, c.slot); ok {
			dmg = text
		}
		if t, err := rules.ParseDamageType(d.Type); err == nil {
			typ = t
		}
	}
	c.bestow(c.casterID, Effect{ID: c.spell.ID, Dice: dmg, DamageType: typ, Concentration: true,
		Note: "its weapon hits deal " + dmg + " more " + typ.String() + " damage"},
		"deals "+dmg+" more "+typ.String()+" damage with each weapon hit")
	return nil
}

// huntersMark: the caster's weapon hits on the target deal 1d6 more
// damage, of the weapon's type. A higher slot lets concentration last
// longer: 8 hours from 3rd level, 24 from 5th.
func (c *cast) huntersMark() error {
	id := c.ids[0]
	out := c.outcome(id)
	out.Affected = true
	ends := ""
	switch {
	case c.slot >= 5:
		ends = "Up to 24 hours"
	case c.slot >= 3:
		ends = "Up to 8 hours"
	}
	c.effect(Effect{ID: c.spell.ID, TargetID: id, Dice: "1d6", Concentration: true, Ends: ends,
		Note: "the caster's weapon hits on it deal 1d6 more damage"})
	out.Told = "is marked: " + possessive(c.caster().Name) + " weapon hits on it deal 1d6 more damage"
	c.rider(id)
	return nil
}

// magicWeapon makes the target's weapon (Options.Weapon, or whichever it
// attacks with) magic: +1 to attack and damage rolls, +2 from a 4th-level
// slot, +3 from 6th.
func (c *cast) magicWeapon() error {
	bonus := 1
	switch {
	case c.slot >= 6:
		bonus = 3
	case c.slot >= 4:
		bonus = 2
	}
	id := c.ids[0]
	out := c.outcome(id)
	out.Affected = true
	what := "weapon"
	if w, ok := srd.LookupWeapon(c.opts.Weapon); ok {
		what = strings.ToLower(w.Name)
	}
	plus := "+" + strconv.Itoa(bonus)
	c.effect(Effect{ID: c.spell.ID, TargetID: id, Weapon: c.opts.Weapon, Bonus: bonus, Concentration: true,
		Note: "its " + what + " is magic, " + plus + " to attack and damage rolls"})
	out.Told = "wields a magic " + what + ": " + plus + " to attack and damage rolls"
	return nil
}

func checkWeapon(c *cast) error {
	if w := c.opts.Weapon; w != "" {
		if _, ok := srd.LookupWeapon(w); !ok {
			return refuse(ReasonInvalidArgs, "%q is not an SRD weapon", w)
		}
	}
	return nil
}

// guidance and resistance: the target adds 1d4 to one ability check
// (saving throw), and the spell ends. Which roll is the caller's: the
// encounter spends it on the first it makes.
func (c *cast) guidance() error { return c.oneRoll("ability check") }

func (c *cast) resistance() error { return c.oneRoll("saving throw") }

func (c *cast) oneRoll(what string) error {
	id := c.ids[0]
	c.bestow(id, Effect{ID: c.spell.ID, Dice: "1d4", Concentration: true,
		Note: "it adds 1d4 to one " + what + ", and the spell ends"}, "may add 1d4 to one "+what)
	return nil
}

// heroism: each target is immune to being frightened (a fear on it ends)
// and gains temporary hit points equal to the caster's spellcasting
// modifier at the start of each of its turns, which the caller grants.
func (c *cast) heroism() error {
	n := max(c.mod, 0)
	for _, id := range c.ids {
		out := c.outcome(id)
		out.Affected = true
		if c.state[id].Conditions.Has(rules.Frightened) {
			cr, err := rules.RemoveCondition(*c.state[id], rules.Frightened)
			if err != nil {
				return internal(err)
			}
			if err := c.take(cr.Log); err != nil {
				return err
			}
			out.Conditions = append(out.Conditions, cr)
		}
		fx := Effect{ID: c.spell.ID, TargetID: id, Immune: rules.SetOf(rules.Frightened), Concentration: true,
			Note: "immune to being frightened; " + strconv.Itoa(n) + " temporary hit points at the start of each of its turns"}
		if n > 0 {
			fx.Dice = strconv.Itoa(n)
		}
		c.effect(fx)
		out.Told = "is heroic: immune to being frightened, with " + strconv.Itoa(n) + " temporary hit points at the start of each of its turns"
	}
	return nil
}

// freedomOfMovement: the target can't be paralyzed or restrained by
// magic, which in the engine is all paralysis and restraint, for the
// hour; one it already suffers is left alone.
func (c *cast) freedomOfMovement() error {
	id := c.ids[0]
	c.bestow(id, Effect{ID: c.spell.ID, Immune: rules.SetOf(rules.Paralyzed, rules.Restrained),
		Note: "magic can't paralyze or restrain it"}, "moves freely: magic can't paralyze or restrain it for the hour")
	c.rider(id)
	return nil
}

// mirrorImage surrounds the caster with three duplicates; the caller
// turns attacks aside onto them (a d20 of 6, 8 or 11 or higher with
// three, two or one left), and a hit on one destroys it.
func (c *cast) mirrorImage() error {
	c.bestow(c.casterID, Effect{ID: c.spell.ID, Left: 3,
		Note: "attacks may strike one of three duplicates instead (AC 10 + its Dexterity modifier), destroying it on a hit"},
		"is surrounded by three illusory duplicates")
	return nil
}

// sanctuary wards the target: a creature that would attack it, or aim a
// harmful spell at it, first makes a Wisdom save against the caster's DC
// and on a failure picks another target or loses the attack or spell
// (the caller plays it). It ends when the target attacks or casts a spell
// on an enemy.
func (c *cast) sanctuary() error {
	id := c.ids[0]
	c.bestow(id, Effect{ID: c.spell.ID, DC: c.r.DC,
		Ends: "1 minute, or until it attacks or casts a spell that affects an enemy",
		Note: "a creature that would attack it or aim a harmful spell at it must first succeed on a Wisdom save"},
		"is warded: a creature must succeed on a DC "+strconv.Itoa(c.r.DC)+" Wisdom save to attack it or aim a harmful spell at it")
	return nil
}

// beaconOfHope: each target has advantage on Wisdom saves and death
// saves, and regains the most hit points any healing can give, while the
// caster concentrates (the caller applies all three).
func (c *cast) beaconOfHope() error {
	for _, id := range c.ids {
		c.bestow(id, Effect{ID: c.spell.ID, Concentration: true,
			Note: "advantage on Wisdom saves and death saves; healing gives it its most"},
			"is hopeful: advantage on Wisdom saves and death saves, and the most from any healing")
	}
	return nil
}

// holyAura: each target has advantage on every saving throw, attack
// rolls against it have disadvantage, and a fiend or undead that hits it
// with a melee attack must make a Constitution save against the caster's
// DC or be blinded until the spell ends (the caller plays all three).
func (c *cast) holyAura() error {
	for _, id := range c.ids {
		c.bestow(id, Effect{ID: c.spell.ID, DC: c.r.DC, Concentration: true,
			Note: "advantage on saving throws; disadvantage on attack rolls against it; a fiend or undead hitting it in melee saves or is blinded"},
			"is in the holy aura: advantage on saving throws, and attack rolls against it have disadvantage")
	}
	return nil
}

// blink: at the end of each of the caster's turns for the minute, a d20
// of 11 or more sends it to the Ethereal Plane until the start of its
// next turn, out of every other creature's reach (the caller rolls it).
func (c *cast) blink() error {
	c.bestow(c.casterID, Effect{ID: c.spell.ID,
		Note: "at the end of each of its turns, on a d20 of 11 or more, it vanishes to the Ethereal Plane until the start of its next turn"},
		"flickers: at the end of each of its turns, on a d20 of 11 or more, it vanishes to the Ethereal Plane until its next turn")
	c.rider(c.casterID)
	return nil
}

// longstrider: each target's speed rises by 10 feet for the hour.
func (c *cast) longstrider() error {
	for _, id := range c.ids {
		c.bestow(id, Effect{ID: c.spell.ID, Speed: 10, Note: "+10 feet of speed"},
			"gains 10 feet of speed for the hour")
	}
	return nil
}

// bestow marks target id affected, leaves fx on it and tells it (told,
// after the target's name).
func (c *cast) bestow(id string, fx Effect, told string) {
	out := c.outcome(id)
	out.Affected = true
	fx.TargetID = id
	c.effect(fx)
	out.Told = told
}
