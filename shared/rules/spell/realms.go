package spell

import (
	"slices"
	"strconv"
	"strings"

	"chronicler/shared/dice"
	"chronicler/shared/rules"
)

// The ids of the effects the realm spells leave, which the encounter
// plays while they last (rules/encounter's spells_realms.go).
const (
	// ShiftedID: sent to another plane by Plane Shift, out of the fight
	// for good.
	ShiftedID = "plane-shifted"
	// ImprisonedID: bound by Imprisonment beyond reach (buried, hedged
	// in a demiplane or shrunk into a gem), out of the fight for good.
	ImprisonedID = "imprisoned"
	// EtherealID: on the Border Ethereal, out of every reach but its
	// own, until it returns (Blink's vanishing and Etherealness alike).
	EtherealID = "ethereal"
	// MeldedID: merged into stone, out of every reach but its own, until
	// it steps out.
	MeldedID = "meld-into-stone"
	// ShellID: Antilife Shell on its caster: no creature but undead and
	// constructs reaches it in melee.
	ShellID = "antilife-shell"
	// AloftID: risen into the air (Levitate) or fallen up to the top of
	// Reverse Gravity: out of melee reach of those on the ground.
	AloftID = "aloft"
	// GripID: held restrained in Telekinesis' grip, moved out of reach.
	GripID = "telekinesis"
	// FarSideID: beyond a wall (of force or stone) from everyone it does
	// not hold: nothing reaches across.
	FarSideID = "far-side"
	// QuakingID: in Earthquake's area: each creature in it saves again
	// against falling prone at the end of each of the caster's turns.
	QuakingID = "earthquake"
	// FieldID: Antimagic Field on its caster: no spell is cast by or on
	// those it holds, and their spells' effects are suppressed.
	FieldID = "antimagic-field"
)

// circlePrefix begins a Magic Circle's effect on a creature in it; the
// creature type it wards against follows ("magic-circle-fiend").
const circlePrefix = "magic-circle-"

// CircleAgainst is the creature type a Magic Circle effect id wards
// against, and whether the id is one.
func CircleAgainst(fxID string) (string, bool) {
	t, ok := strings.CutPrefix(fxID, circlePrefix)
	return t, ok && t != ""
}

// circleTypes are the creature types a Magic Circle may ward against,
// the first its default.
var circleTypes = []string{"celestial", "elemental", "fey", "fiend", "undead"}

// circleTypesOf reads Options.Choice as the types a Magic Circle wards
// against: one or more of circleTypes, singular or plural, separated by
// commas or "and".
func circleTypesOf(choice string) ([]string, bool) {
	if strings.TrimSpace(choice) == "" {
		return circleTypes[:1], true
	}
	var out []string
	for _, f := range strings.FieldsFunc(strings.ReplaceAll(strings.ToLower(choice), " and ", ","), func(r rune) bool { return r == ',' || r == ';' }) {
		t := strings.TrimSpace(f)
		if t != "undead" {
			t = strings.TrimSuffix(t, "s")
		}
		if !slices.Contains(circleTypes, t) {
			return nil, false
		}
		if !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out, len(out) > 0
}

func checkCircle(c *cast) error {
	if _, ok := circleTypesOf(c.opts.Choice); !ok {
		return refuse(ReasonInvalidArgs, "Magic Circle wards against celestials, elementals, fey, fiends or undead, not %q", clip(c.opts.Choice))
	}
	return nil
}

// prisons are Imprisonment's five forms, the first its default.
var prisons = []string{"burial", "chaining", "hedged-prison", "minimus-containment", "slumber"}

func prisonOf(choice string) (string, bool) {
	if choice == "" {
		return prisons[0], true
	}
	k := choiceKey(choice)
	for _, p := range prisons {
		if k == p || strings.HasPrefix(p, k) {
			return p, true
		}
	}
	return "", false
}

func checkPrison(c *cast) error {
	if _, ok := prisonOf(c.opts.Choice); !ok {
		return refuse(ReasonInvalidArgs, "Imprisonment's forms are burial, chaining, hedged-prison, minimus-containment and slumber, not %q", clip(c.opts.Choice))
	}
	return nil
}

// realmsResolvers are the realm spells' entries of the resolvers table.
func realmsResolvers() map[string]resolver {
	return map[string]resolver{
		"plane-shift":     {targets: one, ability: true, run: (*cast).planeShift},
		"etherealness":    {targets: self, check: selfOnly, run: withdraw(EtherealID)},
		"imprisonment":    {targets: one, ability: true, check: checkPrison, run: (*cast).imprisonment},
		"meld-into-stone": {targets: self, check: selfOnly, run: withdraw(MeldedID)},
		"mislead":         {targets: self, check: selfOnly, run: (*cast).mislead},
		"magic-circle":    {targets: anyIn, check: checkCircle, run: (*cast).magicCircle},
		"antilife-shell":  {targets: self, check: selfOnly, run: onCaster(ShellID, "is hedged in a shimmering shell: no creature but undead and constructs can reach it", "hedges out every creature but undead and constructs")},
		"antimagic-field": {targets: self, check: selfOnly, run: onCaster(FieldID, "is at the heart of an antimagic field", "no spell can be cast by or on those within 10 feet; their spells' effects are suppressed there")},
		"levitate":        {targets: one, ability: true, run: (*cast).levitate},
		"telekinesis":     {targets: one, ability: true, run: (*cast).telekinesis},
		"reverse-gravity": {targets: anyIn, ability: true, run: (*cast).reverseGravity},
		"wall-of-force":   {targets: anyIn, run: (*cast).wall},
		"wall-of-stone":   {targets: anyIn, run: (*cast).wall},
		"prismatic-wall":  {targets: anyIn, ability: true, run: (*cast).prismaticWall},
		"earthquake":      {targets: anyIn, ability: true, run: (*cast).earthquake},
	}
}

// planeShift: the caster and willing creatures travel (told); an
// unwilling target takes a melee spell attack and, hit, a Charisma save,
// and on a failure is gone to another plane, out of the fight for good.
func (c *cast) planeShift() error {
	id := c.ids[0]
	out := c.outcome(id)
	if id == c.casterID || c.opts.Situations[id].Willing {
		out.Affected = true
		out.Told = "links hands with " + c.caster().Name + " and is carried to another plane of existence"
		c.note("{caster} and up to eight willing creatures linking hands arrive in or near the destination {caster} names, "+
			"or at a teleportation circle whose sigils {caster} knows", id)
		return nil
	}
	hit, err := c.attack(id, nil)
	if err != nil {
		return err
	}
	out.Attacks = append(out.Attacks, hit)
	if !hit.Hit {
		return nil
	}
	sv, err := c.saveFor(id)
	if err != nil {
		return err
	}
	out.Save = &sv
	if sv.Success {
		return nil
	}
	out.Affected = true
	if err := c.banish(id, out, Effect{ID: ShiftedID, Ends: "until it finds its own way back",
		Note: "sent to another plane: out of the fight for good"}); err != nil {
		return err
	}
	out.Told = "is sent to another plane"
	c.rider(id)
	return nil
}

// banish takes target id out of the fight with fx: incapacitated
// here, and out of every reach (the encounter).
func (c *cast) banish(id string, out *Outcome, fx Effect) error {
	cr, err := rules.AddCondition(*c.state[id], rules.Incapacitated)
	if err != nil {
		return internal(err)
	}
	if err := c.take(cr.Log); err != nil {
		return err
	}
	out.Conditions = append(out.Conditions, cr)
	if cr.Changed {
		fx.Condition = rules.Incapacitated
	}
	fx.TargetID = id
	c.effect(fx)
	return nil
}

// imprisonment: the target saves or is bound in the form the caster
// chose (Options.Choice): chained (restrained), asleep past waking
// (unconscious), or else buried, hedged in a demiplane or shrunk into
// a gem, out of the fight for good. No save frees it.
func (c *cast) imprisonment() error {
	form, _ := prisonOf(c.opts.Choice)
	return c.onFailedSave(func(id string, out *Outcome) error {
		switch form {
		case "chaining":
			out.Told = "is bound in heavy chains rooted in the ground: restrained, and it can't move or be moved"
			return c.give(id, out, []rules.Condition{rules.Restrained}, "until dispelled")
		case "slumber":
			out.Told = "falls into a slumber no one can wake it from"
			return c.give(id, out, []rules.Condition{rules.Unconscious}, "until dispelled")
		}
		told := map[string]string{
			"burial":              "is entombed in a sphere of force far beneath the earth",
			"hedged-prison":       "is swept into a tiny demiplane warded against teleportation and planar travel",
			"minimus-containment": "shrinks to an inch tall inside a gemstone",
		}[form]
		out.Told = told
		c.rider(id)
		return c.banish(id, out, Effect{ID: ImprisonedID, Ends: "until dispelled", Note: told + ": out of the fight for good"})
	})
}

// withdraw: the caster steps out of every reach but its own, to the
// Ethereal Plane or into stone, until it returns with its action
// (Options.Ongoing), or the spell's time runs out.
func withdraw(fxID string) func(*cast) error {
	told, note := "steps into the Border Ethereal, unseen and untouchable by those it left", "on the Ethereal Plane: it affects and is affected by nobody it left"
	if fxID == MeldedID {
		told, note = "melds into the stone, with all it carries", "merged with stone: nothing reaches it, and it reaches nothing but itself"
	}
	return func(c *cast) error {
		out := c.outcome(c.casterID)
		out.Affected = true
		if c.opts.Ongoing {
			c.r.Dispelled = append(c.r.Dispelled, Effect{ID: fxID, Spell: c.spell.ID, CasterID: c.casterID, TargetID: c.casterID})
			out.Told = "returns"
			if fxID == MeldedID {
				out.Told = "steps out of the stone where it entered"
			}
			return nil
		}
		c.effect(Effect{ID: fxID, TargetID: c.casterID, Note: note})
		out.Told = told
		c.rider(c.casterID)
		return nil
	}
}

// mislead: the caster turns invisible until it attacks or casts a
// spell; its double is told.
func (c *cast) mislead() error {
	out := c.outcome(c.casterID)
	out.Affected = true
	if err := c.impose(c.casterID, out); err != nil {
		return err
	}
	out.Told = "turns invisible as an illusory double of it appears"
	c.rider(c.casterID)
	return nil
}

// onCaster leaves effect fxID on the caster while it concentrates.
func onCaster(fxID, told, note string) func(*cast) error {
	return func(c *cast) error {
		c.bestow(c.casterID, Effect{ID: fxID, Concentration: true, Note: note}, told)
		c.rider(c.casterID)
		return nil
	}
}

// magicCircle: each creature named stands in the circle, warded against
// the types the caster chose (Options.Choice): a creature of one of them
// has disadvantage on attack rolls against it and can't charm or
// frighten it (the encounter plays both).
func (c *cast) magicCircle() error {
	types, _ := circleTypesOf(c.opts.Choice)
	for _, id := range c.ids {
		out := c.outcome(id)
		out.Affected = true
		for _, t := range types {
			c.effect(Effect{ID: circlePrefix + t, TargetID: id,
				Note: "in a magic circle: a " + t + " has disadvantage on attack rolls against it and can't charm, frighten or possess it"})
		}
		out.Told = "stands in the magic circle, warded against " + strings.Join(types, " and ")
		c.rider(id)
	}
	if len(c.ids) == 0 {
		c.note("the circle stands empty, warding against "+strings.Join(types, " and "), c.casterID)
	}
	return nil
}

// levitate: the target rises up to 20 feet, out of melee reach of those
// on the ground, and can't walk; an unwilling one (not the caster, not
// Situation.Willing) resists with a Constitution save.
func (c *cast) levitate() error {
	id := c.ids[0]
	out := c.outcome(id)
	if id != c.casterID && !c.opts.Situations[id].Willing {
		sv, err := c.saveFor(id)
		if err != nil {
			return err
		}
		out.Save = &sv
		if sv.Success {
			return nil
		}
	}
	c.bestow(id, Effect{ID: AloftID, Concentration: true, Ends: "10 minutes, while the caster concentrates",
		Note: "levitating: out of melee reach of those on the ground, and it can't walk"},
		"rises into the air, out of reach of those on the ground")
	c.rider(id)
	return nil
}

// telekinesis: the caster's spellcasting ability check against the
// target's Strength check; on a win the target is moved 30 feet, out of
// reach, and restrained in the grip until the end of the caster's next
// turn. The caster repeats it with its action (Options.Ongoing).
func (c *cast) telekinesis() error {
	id := c.ids[0]
	out := c.outcome(id)
	if id == c.casterID {
		return refuse(ReasonInvalidArgs, "Telekinesis moves another creature or an object, not its caster")
	}
	ct, err := rules.Contest(*c.caster(), rules.CheckRequest{Ability: c.opts.Ability}, *c.state[id], rules.CheckRequest{Ability: rules.Str}, c.src)
	if err != nil {
		return refuseWrap(err)
	}
	if err := c.take(ct.Log); err != nil {
		return err
	}
	if !ct.InitiatorWon() {
		out.Note = "breaks free of the grip (" + ct.Summary() + ")"
		return nil
	}
	out.Affected = true
	if err := c.give(id, out, []rules.Condition{rules.Restrained}, "until the end of the caster's next turn"); err != nil {
		return err
	}
	for i := range c.r.Effects {
		if fx := &c.r.Effects[i]; fx.TargetID == id && fx.Condition == rules.Restrained {
			fx.ID, fx.Note = GripID, "in a telekinetic grip: moved out of reach and restrained"
		}
	}
	out.Told = "is moved up to 30 feet and held restrained in the telekinetic grip (" + ct.Summary() + ")"
	c.rider(id)
	return nil
}

// reverseGravity: each creature named makes a Dexterity save to grab
// hold; one that fails falls up to the top of the area, out of melee
// reach of those below, and falls back down for 10d6 bludgeoning damage
// when the spell ends (rolled now, in Effect.Dice; the encounter deals
// it).
func (c *cast) reverseGravity() error {
	return c.onFailedSave(func(id string, out *Outcome) error {
		fall := c.roll("fall", fallDice)
		c.effect(Effect{ID: AloftID, TargetID: id, Concentration: true, Dice: strconv.Itoa(fall.Total), DamageType: rules.Bludgeoning,
			Ends: "1 minute, while the caster concentrates",
			Note: "fallen up to the top of the reversed gravity: out of melee reach of those below; it falls back down when the spell ends"})
		out.Told = "falls upward to the top of the area, and will fall " + strconv.Itoa(fall.Total) + " bludgeoning damage's worth back down when the spell ends"
		c.rider(id)
		return nil
	})
}

// fallDice is a fall of 100 feet, Reverse Gravity's height: 1d6 a 10
// feet.
var fallDice = dice.MustParse("10d6")

// wall: the creatures named stand on the wall's far side (a creature
// caught where it rises is pushed to the side the caster picks, named
// or not): nothing reaches across it while it stands.
func (c *cast) wall() error {
	for _, id := range c.ids {
		c.bestow(id, Effect{ID: FarSideID, Concentration: true, Note: "beyond " + c.spell.Name + ": nothing reaches across"},
			"is on the far side of the wall")
	}
	c.note(c.spell.Name+": nothing reaches across between those named on its far side and the rest", c.casterID)
	c.rider(c.casterID)
	return nil
}

// prismaticWall: each creature named within 20 feet of the wall as it
// appears (those the caster designates left out) saves or is blinded for
// a minute.
func (c *cast) prismaticWall() error {
	err := c.onFailedSave(func(id string, out *Outcome) error {
		out.Told = "is blinded by the wall's light"
		return c.impose(id, out)
	})
	c.rider(c.casterID)
	return err
}

// earthquake: each creature named stands on the quaking ground: one that
// is concentrating makes a DC 10 Constitution save or loses its
// concentration; each makes a Dexterity save or is knocked prone, again
// at the end of each of the caster's turns (the encounter).
func (c *cast) earthquake() error {
	for _, id := range c.ids {
		out := c.outcome(id)
		t := c.state[id]
		if id != c.casterID && t.Concentration != "" {
			sv, err := rules.Save(*t, rules.SaveRequest{Ability: rules.Con, DC: 10, Against: []string{"magic", c.spell.ID},
				Reason: "Constitution saving throw to keep concentration in the earthquake"}, c.src)
			if err != nil {
				return refuseWrap(err)
			}
			if err := c.take(sv.Log); err != nil {
				return err
			}
			if !sv.Success {
				ch := rules.Change{TargetID: id, Field: rules.FieldConcentration, From: t.Concentration, To: ""}
				if err := c.take(rules.Log{Changes: []rules.Change{ch}}); err != nil {
					return err
				}
				c.note("the quake breaks {target}'s concentration", id)
			}
		}
		sv, err := c.saveFor(id)
		if err != nil {
			return err
		}
		out.Save = &sv
		c.effect(Effect{ID: QuakingID, TargetID: id, Concentration: true, RepeatSave: c.save, DC: c.r.DC,
			Ends: "1 minute, while the caster concentrates", Note: "on quaking ground: a Dexterity save at the end of each of the caster's turns or prone"})
		if sv.Success {
			continue
		}
		out.Affected = true
		if err := c.give(id, out, []rules.Condition{rules.Prone}, ""); err != nil {
			return err
		}
		out.Told = "is knocked prone"
	}
	c.rider(c.casterID)
	return nil
}
