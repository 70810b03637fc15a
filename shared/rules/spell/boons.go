package spell

import (
	"strconv"
	"strings"

	"chronicler/shared/dice"
	"chronicler/shared/rules"
)

// The boons and wards: effects that last on a creature and change its
// later rolls or what reaches it (the encounter plays them:
// rules/encounter's spells_boons.go), and the blasts and the stopped
// clock that go with them in the book.

// The ids of the effects these spells leave that the encounter reads.
const (
	// HeroesFeastID: a higher hit point maximum (MaxHP), immunity to
	// poison and to being frightened or poisoned, and advantage on
	// Wisdom saves.
	HeroesFeastID = "heroes-feast"
	// GoodberryID: the berries the target carries (Left); eating one
	// takes an action and restores 1 hit point.
	GoodberryID = "goodberry"
	// ForesightID: advantage on attack rolls, ability checks and saves;
	// attack rolls against the target have disadvantage.
	ForesightID = "foresight"
	// MindBlankID: immunity to psychic damage and to being charmed.
	MindBlankID = "mind-blank"
	// PassWithoutTraceID: Bonus (10) on Dexterity (Stealth) checks.
	PassWithoutTraceID = "pass-without-trace"
	// EnthrallID: disadvantage on Wisdom (Perception) checks to notice
	// anyone but the effect's caster.
	EnthrallID = "enthrall"
	// DispelEvilID: celestials, elementals, fey, fiends and undead have
	// disadvantage on attack rolls against the target.
	DispelEvilID = "dispel-evil-and-good"
	// FireShieldID: resistance (Resist), and Dice of DamageType to a
	// creature that hits the target with a melee attack from within 5
	// feet.
	FireShieldID = "fire-shield"
	// BrandingSmiteID: the target's next weapon hit deals Dice more
	// radiant damage and brands the creature hit (BrandedID).
	BrandingSmiteID = "branding-smite"
	// BrandedID: the target can't become invisible (Immune) while the
	// caster concentrates.
	BrandedID = "branded"
	// GlobeID: spells of Bonus level or lower cast from outside the globe
	// don't affect the target, nor the creatures beside it.
	GlobeID = "globe-of-invulnerability"
	// TimeStopID: the target takes Left more turns in a row, until it
	// affects another creature.
	TimeStopID = "time-stop"
)

// heroesFeast: each diner is cured of poison and fear, its hit point
// maximum rises by 2d10 (rolled for each) with as many hit points, and
// for 24 hours it is immune to poison and to being frightened and has
// advantage on Wisdom saves. The feast is eaten over an hour, out of any
// fight.
func (c *cast) heroesFeast() error {
	for _, id := range c.ids {
		out := c.outcome(id)
		out.Affected = true
		if err := c.cure(id, out); err != nil {
			return err
		}
		n := c.roll("heroes' feast hit points", dice.MustParse("2d10")).Total
		c.effect(Effect{ID: HeroesFeastID, TargetID: id, MaxHP: n, Ends: "24 hours",
			Immune: rules.SetOf(rules.Poisoned, rules.Frightened), ImmuneDamage: rules.SetOf(rules.Poison),
			Note: "+" + strconv.Itoa(n) + " to its hit point maximum and hit points; immune to poison and to being frightened; advantage on Wisdom saving throws"})
		out.Told = "feasts: " + strconv.Itoa(n) + " more hit points and hit point maximum, immunity to poison and fear, and advantage on Wisdom saving throws for 24 hours"
		c.rider(id)
	}
	return nil
}

// goodberry puts ten berries in the caster's hand, kept as an effect
// whose Left counts them: the engine keeps no item that spoils, and the
// effect ends by the clock when the berries lose their potency, in a
// fight or out of one. Eating one is an action (the encounter's, or the
// turn's use of "goodberry") that restores 1 hit point.
func (c *cast) goodberry() error {
	c.bestow(c.casterID, Effect{ID: GoodberryID, Left: 10, Ends: "24 hours",
		Note: "carries goodberries: eating one takes an action and restores 1 hit point"},
		"holds ten goodberries: eating one takes an action and restores 1 hit point")
	c.rider(c.casterID)
	return nil
}

// foresight: for 8 hours the target has advantage on attack rolls,
// ability checks and saving throws, and attack rolls against it have
// disadvantage (the caller plays all three).
func (c *cast) foresight() error {
	id := c.ids[0]
	c.bestow(id, Effect{ID: ForesightID,
		Note: "advantage on attack rolls, ability checks and saving throws; attack rolls against it have disadvantage"},
		"sees what is coming: advantage on attack rolls, ability checks and saving throws, and attacks against it have disadvantage")
	c.rider(id)
	return nil
}

// mindBlank: for 24 hours the target is immune to psychic damage and to
// being charmed (a charm on it ends); its shield against divination is
// told.
func (c *cast) mindBlank() error {
	id := c.ids[0]
	out := c.outcome(id)
	out.Affected = true
	if err := c.cure(id, out); err != nil {
		return err
	}
	fx := Effect{ID: MindBlankID, TargetID: id, Immune: rules.SetOf(rules.Charmed), ImmuneDamage: rules.SetOf(rules.Psychic),
		Note: "immune to psychic damage and to being charmed"}
	c.effect(fx)
	out.Told = "has a blank mind: immune to psychic damage and to being charmed"
	c.rider(id)
	return nil
}

// passWithoutTrace: each creature the caster names, or the caster alone
// when it names none, has +10 on Dexterity (Stealth) checks while the
// caster concentrates.
func (c *cast) passWithoutTrace() error {
	ids := c.ids
	if len(ids) == 0 {
		ids = []string{c.casterID}
	}
	for _, id := range ids {
		c.bestow(id, Effect{ID: PassWithoutTraceID, Bonus: 10, Concentration: true,
			Note: "+10 to Dexterity (Stealth) checks"}, "is veiled in shadow and silence: +10 to Dexterity (Stealth) checks")
		c.rider(id)
	}
	return nil
}

// enthrall: each target that can be charmed makes a Wisdom save (with
// advantage if the caster's side is fighting it: the caller's to say);
// on a failure it has disadvantage on Wisdom (Perception) checks to
// notice anyone but the caster for the minute.
func (c *cast) enthrall() error {
	for _, id := range c.ids {
		out := c.outcome(id)
		if c.uncharmable(id, out) {
			continue
		}
		sv, err := c.saveFor(id)
		if err != nil {
			return err
		}
		out.Save = &sv
		if sv.Success {
			continue
		}
		c.bestow(id, Effect{ID: EnthrallID,
			Note: "disadvantage on Wisdom (Perception) checks to notice anyone but " + c.caster().Name},
			"is enthralled: disadvantage on Wisdom (Perception) checks to notice anyone but "+c.caster().Name)
		c.rider(id)
	}
	return nil
}

// The ways Dispel Evil and Good ends itself, used again (Options.Choice;
// "" is the first).
const (
	breakEnchantment = "break-enchantment"
	dismissal        = "dismissal"
)

// dispelTargets: the caster alone when cast; one creature touched when
// its end is used.
func dispelTargets(c *cast) (int, int) {
	if c.opts.Ongoing {
		return 1, 1
	}
	return self(c)
}

func checkDispel(c *cast) error {
	if !c.opts.Ongoing {
		return selfOnly(c)
	}
	switch choiceKey(c.opts.Choice) {
	case "", breakEnchantment, dismissal:
	default:
		return refuse(ReasonInvalidArgs, "%s ends with break-enchantment or dismissal, not %q", c.spell.Name, clip(c.opts.Choice))
	}
	if x := c.opts.Condition; x != 0 && x != rules.Charmed && x != rules.Frightened {
		return refuse(ReasonInvalidArgs, "%s breaks a charm or a fright, not %s", c.spell.Name, x)
	}
	return nil
}

// dispelEvil wards the caster: celestials, elementals, fey, fiends and
// undead have disadvantage on attack rolls against it while it
// concentrates (the caller judges the attacker's type). Used again with
// the caster's action (Options.Ongoing), it ends: breaking a charm or a
// fright on the creature touched (Options.Condition, or the first it
// has; who put it there is the caller's to judge), or dismissing the
// creature touched to its home plane on a failed Charisma save, told.
func (c *cast) dispelEvil() error {
	if !c.opts.Ongoing {
		c.bestow(c.casterID, Effect{ID: DispelEvilID, Concentration: true,
			Note: "celestials, elementals, fey, fiends and undead have disadvantage on attack rolls against it"},
			"shimmers with warding light: celestials, elementals, fey, fiends and undead have disadvantage on attack rolls against it")
		c.rider(c.casterID)
		return nil
	}
	id := c.ids[0]
	out := c.outcome(id)
	if choiceKey(c.opts.Choice) == dismissal {
		sv, err := c.saveFor(id)
		if err != nil {
			return err
		}
		out.Save = &sv
		if !sv.Success {
			out.Affected = true
			out.Told = "is dismissed to its home plane, if it is a celestial, an elemental, a fey, a fiend or undead"
		}
	} else {
		for _, cond := range []rules.Condition{rules.Charmed, rules.Frightened} {
			if !c.state[id].Conditions.Has(cond) || (c.opts.Condition != 0 && c.opts.Condition != cond) {
				continue
			}
			cr, err := rules.RemoveCondition(*c.state[id], cond)
			if err != nil {
				return internal(err)
			}
			if err := c.take(cr.Log); err != nil {
				return err
			}
			out.Conditions = append(out.Conditions, cr)
			out.Affected = true
			out.Told = "is freed of the enchantment: no longer " + cond.String()
			break
		}
		if !out.Affected {
			out.Note = "neither charmed nor frightened"
		}
	}
	// Either way the spell is spent.
	return c.take(rules.Log{Changes: []rules.Change{{TargetID: c.casterID, Field: rules.FieldConcentration, From: c.spell.ID, To: ""}}})
}

// fireShield's forms: warm flames (resisting cold, burning with fire)
// and chill ones (resisting fire, burning with cold).
var fireShieldForms = []string{"warm", "chill"}

// shieldForm is the form the caster picked, by its name or by the damage
// type it deals (fire for warm, cold for chill).
func (c *cast) shieldForm() string {
	switch c.opts.DamageType {
	case rules.Fire:
		return "warm"
	case rules.Cold:
		return "chill"
	}
	switch f := c.form(fireShieldForms); f {
	case "fire":
		return "warm"
	case "cold":
		return "chill"
	default:
		return f
	}
}

func checkFireShield(c *cast) error {
	if err := selfOnly(c); err != nil {
		return err
	}
	if t := c.opts.DamageType; t != 0 && t != rules.Fire && t != rules.Cold {
		return refuse(ReasonInvalidArgs, "%s burns with fire or cold, not %s", c.spell.Name, t)
	}
	if f := c.shieldForm(); f != "warm" && f != "chill" {
		return refuse(ReasonInvalidArgs, "%s is a warm or a chill shield, not %q", c.spell.Name, clip(f))
	}
	return nil
}

// fireShield wreathes the caster for 10 minutes: warm flames resist cold
// and burn a creature that hits it with a melee attack from within 5
// feet for 2d8 fire, chill ones resist fire and burn with cold (the
// caller deals it).
func (c *cast) fireShield() error {
	resist, burn := rules.Cold, rules.Fire
	if c.shieldForm() == "chill" {
		resist, burn = rules.Fire, rules.Cold
	}
	c.bestow(c.casterID, Effect{ID: FireShieldID, Resist: rules.SetOf(resist), Dice: "2d8", DamageType: burn,
		Note: "resistance to " + resist.String() + "; a creature that hits it in melee within 5 feet takes 2d8 " + burn.String() + " damage"},
		"is wreathed in "+c.shieldForm()+" flames: resistance to "+resist.String()+", and 2d8 "+burn.String()+" damage to a creature that hits it in melee")
	return nil
}

// checkSmite takes the caster alone and reads the smite's dice.
func checkSmite(c *cast) error {
	if err := selfOnly(c); err != nil {
		return err
	}
	return c.prepareDamage()
}

// brandingSmite: the caster's next weapon hit while it concentrates
// deals the spell's radiant dice more (2d6, and 1d6 more for each slot
// level above 2nd), and the creature hit becomes visible and can't turn
// invisible until the spell ends (the caller plays the hit).
func (c *cast) brandingSmite() error {
	p := c.parts[0]
	dmg := p.Dice.String()
	c.bestow(c.casterID, Effect{ID: BrandingSmiteID, Dice: dmg, DamageType: p.Type, Concentration: true,
		Note: "its next weapon hit deals " + dmg + " more radiant damage and brands the creature hit: visible, it can't turn invisible"},
		"readies a smite: its next weapon hit deals "+dmg+" more radiant damage and reveals the creature hit")
	return nil
}

// delayedBlast: the bead bursts as the casting ends, a Dexterity save for
// the spell's fire (12d6, 1d6 more for each slot level above 7th), half
// on a success. Holding it, growing 1d6 each turn, is told: the engine
// lets it go at once, and the concentration it would need with it.
func (c *cast) delayedBlast() error {
	if err := c.saveDamage(); err != nil {
		return err
	}
	c.note("{caster} lets the bead burst at once; held, it would have grown by 1d6 at the end of each of {caster}'s turns for up to a minute", c.casterID)
	if !c.r.Concentration {
		return nil
	}
	c.r.Concentration = false
	return c.take(rules.Log{Changes: []rules.Change{{TargetID: c.casterID, Field: rules.FieldConcentration, From: c.spell.ID, To: ""}}})
}

// ray is one of Prismatic Spray's seven colours: the damage it deals
// (none for indigo and violet).
type ray struct {
	colour string
	typ    rules.DamageType
}

var rays = [...]ray{{"red", rules.Fire}, {"orange", rules.Acid}, {"yellow", rules.Lightning}, {"green", rules.Poison},
	{"blue", rules.Cold}, {"indigo", 0}, {"violet", 0}}

// prismaticSpray: each target makes one Dexterity save and a d8 says its
// ray; an 8 is two rays, rolled again with any 8 rolled once more. Red
// to blue deal 10d6 of their type, half on a success. Indigo restrains a
// creature that fails, which then saves with Constitution after each of
// its turns: three successes free it, three failures petrify it for good
// (the encounter counts them as for Flesh to Stone). Violet blinds a
// creature that fails until the start of the caster's next turn, when
// its Wisdom save, told, says whether it goes to another plane.
func (c *cast) prismaticSpray() error {
	d8 := dice.MustParse("1d8")
	for _, id := range c.ids {
		out := c.outcome(id)
		n := c.roll("prismatic spray ray", d8).Total
		picks := []int{n}
		if n == 8 {
			picks = picks[:0]
			for len(picks) < 2 {
				if n := c.roll("prismatic spray ray", d8).Total; n != 8 {
					picks = append(picks, n)
				}
			}
		}
		sv, err := c.saveFor(id)
		if err != nil {
			return err
		}
		out.Save = &sv
		var told []string
		for _, k := range picks {
			r := rays[k-1]
			t, err := c.ray(id, out, r, sv.Success)
			if err != nil {
				return err
			}
			told = append(told, t)
		}
		out.Told = strings.Join(told, "; ")
	}
	return nil
}

// ray strikes target id with one ray, saved against or not, and tells
// what it did.
func (c *cast) ray(id string, out *Outcome, r ray, saved bool) (string, error) {
	told := "the " + r.colour + " ray"
	if r.typ != 0 {
		dmg := c.rollDamage([]rules.DamageRoll{{Dice: dice.MustParse("10d6"), Type: r.typ}})
		hit, _ := c.state[id].SavedDamage(dmg, c.save, saved, true)
		if len(hit) > 0 {
			out.Affected = true
			if err := c.damage(id, out, hit); err != nil {
				return "", err
			}
		}
		return told + " burns it with " + r.typ.String(), nil
	}
	if saved || c.state[id].Dead {
		return told + " passes it by", nil
	}
	out.Affected = true
	cond := rules.Restrained
	if r.colour == "violet" {
		cond = rules.Blinded
	}
	cr, err := rules.AddCondition(*c.state[id], cond)
	if err != nil {
		return "", internal(err)
	}
	if err := c.take(cr.Log); err != nil {
		return "", err
	}
	out.Conditions = append(out.Conditions, cr)
	if !cr.Changed {
		return told + " finds it " + cond.String() + " already", nil
	}
	if r.colour == "violet" {
		c.effect(Effect{ID: cond.String(), TargetID: id, Condition: cond, Ends: "until the start of the caster's next turn"})
		c.note("at the start of {caster}'s next turn {target} makes a Wisdom save: a success ends its blindness, "+
			"a failure sends it to another plane of the DM's choosing, no longer blinded", id)
		return told + " blinds it", nil
	}
	c.effect(Effect{ID: StoneID, TargetID: id, Condition: cond, RepeatSave: rules.Con, DC: c.r.DC, Left: 3,
		Ends: "until three Constitution saves after its turns free it, or three failures turn it to stone for good",
		Note: "it is turning to stone: three failed Constitution saves petrify it, three successes free it"})
	return told + " begins to turn it to stone", nil
}

// globe: while the caster concentrates, a spell of 5th level or lower
// (one higher for each slot level above 6th) cast from outside the
// barrier doesn't affect the creatures inside. The fight keeps no
// positions: the caller takes the caster, and the creatures engaged with
// it, as inside.
func (c *cast) globe() error {
	most := 5 + c.slot - 6
	c.bestow(c.casterID, Effect{ID: GlobeID, Bonus: most, Concentration: true,
		Note: "spells of " + rules.Ordinal(most) + " level or lower cast from outside its globe don't affect it or those beside it"},
		"stands in a shimmering globe: spells of "+rules.Ordinal(most)+" level or lower cast from outside can't reach within")
	c.rider(c.casterID)
	return nil
}

// timeStop: the caster takes 1d4 + 1 turns in a row after this one, no
// time passing for anyone else; it ends early when the caster affects
// another creature or something it wears or carries (the caller plays
// the turns and the end).
func (c *cast) timeStop() error {
	n := c.roll("time stop turns", dice.MustParse("1d4+1")).Total
	c.bestow(c.casterID, Effect{ID: TimeStopID, Left: n, Ends: "after its last turn, or when it affects another creature",
		Note: "it takes " + strconv.Itoa(n) + " turns in a row while time stands still for everyone else"},
		"stops time: it takes "+strconv.Itoa(n)+" turns in a row")
	c.rider(c.casterID)
	return nil
}
