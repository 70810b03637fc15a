package spell

import (
	"strconv"
	"strings"

	"chronicler/shared/rules"
	"chronicler/shared/srd"
)

// The spells that change a body, its senses or the light around it: each
// leaves an Effect the encounter plays while it lasts (a weapon's die and
// ability, a speed, resistances, advantage on saves, the fight's light)
// and tells what a fight does not keep (flight, climbing, breathing
// water). Out of a fight they are told, as every lasting effect is.

// The ids of the effects these spells leave that the encounter reads.
const (
	// ShillelaghID: the target's melee attacks with a club or quarterstaff
	// (Effect.Weapon, "" for either) use Effect.Ability, deal Effect.Dice
	// as their die, and are magical.
	ShillelaghID = "shillelagh"
	// EnlargedID and ReducedID: the target's weapon attacks deal Dice
	// more (less, to no less than 1), and it has advantage (disadvantage)
	// on Strength checks and saves, a size larger (smaller).
	EnlargedID = "enlarged"
	ReducedID  = "reduced"
	// RetreatID: the target may Dash as a bonus action on its turns.
	RetreatID = "expeditious-retreat"
	// GaseousID: the target can't attack or cast spells, resists
	// nonmagical damage and has advantage on Strength, Dexterity and
	// Constitution saves; its movement is a flying speed of 10 feet.
	GaseousID = "gaseous-form"
	// NaturalWeaponsID: the target's unarmed strikes deal Dice of
	// DamageType, are magical and add Bonus to attack and damage rolls.
	NaturalWeaponsID = "natural-weapons"
	// DarkvisionID: the target sees in darkness as in dim light.
	DarkvisionID = "darkvision"
	// BrightLightID and DimLightID: the spell lights the fight brightly
	// (Light, Daylight, Continual Flame) or dimly (Dancing Lights); the
	// engine keeps no positions, so the light reaches the whole fight.
	BrightLightID = "bright-light"
	DimLightID    = "dim-light"
	// FogID: the fight is heavily obscured while the caster concentrates:
	// every creature fights as if blinded to the others unless it has
	// blindsight.
	FogID = "fog-cloud"
)

// The forms the spells with a choice offer, the first the default.
var (
	enlargeForms   = []string{"enlarge", "reduce"}
	alterSelfForms = []string{"natural-weapons", "aquatic-adaptation", "change-appearance"}
	naturalTypes   = []rules.DamageType{rules.Bludgeoning, rules.Piercing, rules.Slashing}
)

// form is the caster's pick among forms (Options.Form), the first when it
// names none.
func (c *cast) form(forms []string) string {
	if f := strings.ToLower(strings.TrimSpace(c.opts.Form)); f != "" {
		return f
	}
	return forms[0]
}

func checkForm(forms []string) func(c *cast) error {
	return func(c *cast) error {
		f := c.form(forms)
		for _, x := range forms {
			if f == x {
				return nil
			}
		}
		return refuse(ReasonInvalidArgs, "%s takes the form %s, not %q", c.spell.Name, strings.Join(forms, " or "), f)
	}
}

// checkShillelagh takes a club or a quarterstaff, the caster's own.
func checkShillelagh(c *cast) error {
	if err := selfOnly(c); err != nil {
		return err
	}
	if w := c.opts.Weapon; w != "" && w != "club" && w != "quarterstaff" {
		return refuse(ReasonInvalidArgs, "%s imbues a club or a quarterstaff, not %q", c.spell.Name, w)
	}
	return nil
}

// shillelagh: for the minute, the caster's melee attacks with the club or
// quarterstaff use its spellcasting ability for attack and damage, with a
// d8 for the weapon's die, and are magical. Casting it again ends the
// last (the encounter keeps one).
func (c *cast) shillelagh() error {
	what := "club or quarterstaff"
	if w, ok := srd.LookupWeapon(c.opts.Weapon); ok {
		what = strings.ToLower(w.Name)
	}
	c.bestow(c.casterID, Effect{ID: ShillelaghID, Weapon: c.opts.Weapon, Ability: c.opts.Ability, Dice: "1d8",
		Note: "its " + what + " is magical, with a d8 for its damage die and " + c.opts.Ability.Name() + " for its attack and damage rolls"},
		"imbues its "+what+": magical, a d8 for its damage die and "+c.opts.Ability.Name()+" for its attack and damage rolls")
	return nil
}

// willing reports whether target id accepts the spell without the save
// an unwilling creature makes.
func (c *cast) willing(id string) bool {
	return id == c.casterID || !c.opts.Situations[id].Unwilling
}

// enlargeReduce: the target, if unwilling, makes a Constitution save and
// is unaffected on a success. Enlarged, its weapon attacks deal 1d4 more
// damage and it has advantage on Strength checks and saves; reduced, 1d4
// less (to no less than 1) and disadvantage.
func (c *cast) enlargeReduce() error {
	id := c.ids[0]
	out := c.outcome(id)
	if !c.willing(id) {
		sv, err := c.saveFor(id)
		if err != nil {
			return err
		}
		out.Save = &sv
		if sv.Success {
			return nil
		}
	}
	out.Affected = true
	fx := Effect{ID: EnlargedID, Dice: "1d4", Concentration: true,
		Note: "one size larger: its weapon attacks deal 1d4 more damage; advantage on Strength checks and saving throws"}
	out.Told = "is enlarged: its weapon attacks deal 1d4 more damage, and it has advantage on Strength checks and saving throws"
	if c.form(enlargeForms) == "reduce" {
		fx.ID = ReducedID
		fx.Note = "one size smaller: its weapon attacks deal 1d4 less damage (no less than 1); disadvantage on Strength checks and saving throws"
		out.Told = "is reduced: its weapon attacks deal 1d4 less damage, and it has disadvantage on Strength checks and saving throws"
	}
	fx.TargetID = id
	c.effect(fx)
	return nil
}

// expeditiousRetreat: the caster may Dash as a bonus action on each of its
// turns while it concentrates, this one included (the encounter gives
// the Dash of the casting's bonus action at once).
func (c *cast) expeditiousRetreat() error {
	c.bestow(c.casterID, Effect{ID: RetreatID, Concentration: true, Note: "it may take the Dash action as a bonus action on each of its turns"},
		"moves at an incredible pace: the Dash action now, and as a bonus action on each of its turns")
	return nil
}

// told leaves on each target an effect the fight has no number for, and
// says it.
func told(note, told string) func(*cast) error {
	return func(c *cast) error {
		for _, id := range c.ids {
			c.bestow(id, Effect{ID: c.spell.ID, Concentration: c.spell.Concentration, Note: note}, told)
		}
		return nil
	}
}

// fly: each target gains a flying speed of 60 feet. The fight keeps no
// heights, so it plays the flight as 60 feet of movement a turn when that
// is more than the target walks, and tells the rest.
func (c *cast) fly() error {
	for _, id := range c.ids {
		gain := max(0, 60-c.state[id].Speed)
		c.bestow(id, Effect{ID: c.spell.ID, Speed: gain, Concentration: true,
			Note: "a flying speed of 60 feet; it falls when the spell ends if still aloft"},
			"flies: a flying speed of 60 feet")
	}
	return nil
}

// gaseousForm turns a willing creature to mist: it resists nonmagical
// damage, has advantage on Strength, Dexterity and Constitution saves,
// can't attack or cast spells, and moves only by flying 10 feet a turn.
// The spell ends if it drops to 0 hit points.
func (c *cast) gaseousForm() error {
	id := c.ids[0]
	all := rules.Set[rules.DamageType](0)
	for t := rules.Acid; t <= rules.Thunder; t++ {
		all = all.With(t)
	}
	c.bestow(id, Effect{ID: GaseousID, Speed: 10 - c.state[id].Speed, Resist: all, Nonmagical: true, Concentration: true,
		Ends: "Up to 1 hour, or until it drops to 0 hit points",
		Note: "a misty cloud: resistance to nonmagical damage, advantage on Strength, Dexterity and Constitution saves, " +
			"a flying speed of 10 feet its only movement; it can't attack, cast spells, talk or handle objects"},
		"turns to mist: resistance to nonmagical damage, advantage on Strength, Dexterity and Constitution saving throws, "+
			"a flying speed of 10 feet, and no attacks or spells")
	c.note("{target} can pass through cracks and the spaces of other creatures, can't fall, and treats liquids as solid ground", id)
	return nil
}

// alterSelf: the caster takes the form it picks. Natural weapons make its
// unarmed strikes deal 1d6 of the type picked (bludgeoning unless
// Options.DamageType says piercing or slashing), magical, with +1 to
// attack and damage; the other forms are told.
func (c *cast) alterSelf() error {
	switch c.form(alterSelfForms) {
	case "aquatic-adaptation":
		c.bestow(c.casterID, Effect{ID: c.spell.ID, Concentration: true,
			Note: "it breathes underwater and swims as fast as it walks"},
			"adapts to water: it breathes underwater, with a swimming speed of "+strconv.Itoa(c.caster().Speed)+" feet")
	case "change-appearance":
		c.bestow(c.casterID, Effect{ID: c.spell.ID, Concentration: true,
			Note: "it looks as it chose, of its size and shape; none of its statistics change"},
			"changes its appearance")
	default:
		typ := c.opts.DamageType
		if typ == 0 {
			typ = naturalTypes[0]
		}
		c.bestow(c.casterID, Effect{ID: NaturalWeaponsID, Dice: "1d6", DamageType: typ, Bonus: 1, Concentration: true,
			Note: "its unarmed strikes deal 1d6 " + typ.String() + ", are magical and +1 to attack and damage"},
			"grows natural weapons: its unarmed strikes deal 1d6 "+typ.String()+" damage, magical, +1 to attack and damage rolls")
	}
	return nil
}

func checkAlterSelf(c *cast) error {
	if err := selfOnly(c); err != nil {
		return err
	}
	if err := checkForm(alterSelfForms)(c); err != nil {
		return err
	}
	if t := c.opts.DamageType; t != 0 && !containsType(naturalTypes, t) {
		return refuse(ReasonInvalidArgs, "%s's natural weapons deal bludgeoning, piercing or slashing damage, not %s", c.spell.Name, t)
	}
	return nil
}

// darkvision: the target sees in darkness as in dim light, 60 feet, for
// 8 hours.
func (c *cast) darkvision() error {
	c.bestow(c.ids[0], Effect{ID: DarkvisionID, Note: "darkvision out to 60 feet"}, "gains darkvision out to 60 feet")
	return nil
}

// lights casts a light: bright or dim (id) over the fight. Light and
// Continual Flame touch an object; one a foe holds (Situation.Unwilling)
// lights only if its holder fails a Dexterity save. Daylight's dispelling
// of magical darkness is the encounter's, which sees the darkness.
func lights(id, told string) func(*cast) error {
	return func(c *cast) error {
		holder := c.casterID
		if len(c.ids) == 1 {
			holder = c.ids[0]
		}
		out := c.outcome(holder)
		if !c.willing(holder) && c.spell.Save != nil {
			sv, err := c.saveFor(holder)
			if err != nil {
				return err
			}
			out.Save = &sv
			if sv.Success {
				return nil
			}
		}
		c.bestow(holder, Effect{ID: id, Concentration: c.spell.Concentration, Note: told},
			told)
		return nil
	}
}

// fogCloud fills the fight with fog while the caster concentrates: every
// creature in it is heavily obscured from the others. The creatures named
// are those it covers, told, as Darkness does.
func (c *cast) fogCloud() error {
	c.effect(Effect{ID: FogID, TargetID: c.casterID, Concentration: true,
		Note: "a heavily obscured fog: creatures fight as if blinded to one another unless they have blindsight"})
	for _, id := range c.ids {
		c.outcome(id).Told = "is in the fog"
	}
	return nil
}

// object is a spell on an object the caster touches or holds: no
// creature, or the one holding it.
func object(*cast) (int, int) { return 0, 1 }
