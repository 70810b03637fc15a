package spell

import (
	"strconv"

	"chronicler/shared/dice"
	"chronicler/shared/rules"
)

// The exact resolvers: spells whose rules the data cannot express.

// missiles is how many darts, beams or rays a casting makes: Magic
// Missile 3 plus 1 per slot above 1st, Scorching Ray 3 plus 1 per slot
// above 2nd, Eldritch Blast 1 beam, 2 from caster level 5, 3 from 11 and
// 4 from 17.
func (c *cast) missiles() int {
	switch c.spell.ID {
	case "magic-missile":
		return 3 + c.slot - 1
	case "scorching-ray":
		return 3 + c.slot - 2
	case "eldritch-blast":
		n := 1
		for _, at := range []int{5, 11, 17} {
			if c.level >= at {
				n++
			}
		}
		return n
	}
	return 0
}

// exactBounds is the fewest and most targets an exact spell takes.
func (c *cast) exactBounds() (lo, hi int) {
	if r, ok := resolvers[c.spell.ID]; ok {
		return r.targets(c)
	}
	switch c.spell.ID {
	case "magic-missile", "eldritch-blast", "scorching-ray":
		return 1, c.missiles()
	case "bless", "bane":
		return 1, min(3+c.slot-1, MaxTargets)
	case "shield", "false-life", "counterspell":
		return 0, 1
	case "feather-fall":
		return 1, 5
	case "power-word-kill", "power-word-stun", "acid-arrow", "shield-of-faith", "mage-armor", "barkskin":
		return 1, 1
	case "mass-heal":
		return 1, MaxTargets
	}
	return 0, MaxTargets // sleep, color-spray
}

// prepareExact checks an exact spell's choices and parses its dice.
func (c *cast) prepareExact() error {
	s := c.spell
	if r, ok := resolvers[s.ID]; ok {
		if r.check == nil {
			return nil
		}
		return r.check(c)
	}
	switch s.ID {
	case "magic-missile", "eldritch-blast", "scorching-ray":
		if _, err := c.split(); err != nil {
			return err
		}
		if s.ID != "magic-missile" {
			p, err := c.damageRolls()
			if err != nil {
				return err
			}
			c.parts = p
		}
	case "acid-arrow":
		p, err := c.damageRolls()
		if err != nil {
			return err
		}
		c.parts = p
	case "shield", "false-life":
		if len(c.ids) == 1 && c.ids[0] != c.casterID {
			return refuse(ReasonInvalidArgs, "%s targets only its caster", s.Name)
		}
		if s.ID == "false-life" {
			x, err := c.healing()
			if err != nil {
				return err
			}
			c.heal = x
		}
	case "counterspell":
		switch {
		case c.opts.CounteredSpell == "":
			return refuse(ReasonInvalidArgs, "Counterspell needs the spell it interrupts (Options.CounteredSpell)")
		case c.opts.CounteredLevel < 0 || c.opts.CounteredLevel > 9:
			return refuse(ReasonInvalidArgs, "the interrupted spell's level %d is not 0 to 9", c.opts.CounteredLevel)
		}
	}
	return nil
}

// split is how many missiles go to each target.
func (c *cast) split() ([]int, error) {
	total, n := c.missiles(), len(c.ids)
	what := map[string]string{"magic-missile": "darts", "eldritch-blast": "beams", "scorching-ray": "rays"}[c.spell.ID]
	p := c.opts.Projectiles
	if p == nil {
		out := make([]int, n)
		for i := range total {
			out[i%n]++
		}
		return out, nil
	}
	if len(p) != n {
		return nil, refuse(ReasonInvalidArgs, "%d %s counts for %d targets", len(p), what, n)
	}
	sum := 0
	for _, k := range p {
		if k < 1 {
			return nil, refuse(ReasonInvalidArgs, "each target needs at least one of the %s", what)
		}
		sum += k
	}
	if sum != total {
		return nil, refuse(ReasonInvalidArgs, "%s makes %d %s, not %d", c.spell.Name, total, what, sum)
	}
	return p, nil
}

func (c *cast) exact() error {
	if r, ok := resolvers[c.spell.ID]; ok {
		return r.run(c)
	}
	switch c.spell.ID {
	case "magic-missile":
		return c.magicMissile()
	case "eldritch-blast", "scorching-ray":
		return c.beams()
	case "sleep":
		return c.pool(rules.Unconscious, "hit point pool", 5, 2, 8,
			"1 minute, or until it takes damage or someone uses an action to wake it")
	case "color-spray":
		return c.pool(rules.Blinded, "hit point pool", 6, 2, 10, "the end of the caster's next turn")
	case "bless":
		return c.bless()
	case "bane":
		return c.bane()
	case "faerie-fire":
		return c.faerieFire()
	case "shield-of-faith":
		return c.ward(func(rules.Combatant) int { return 2 })
	case "mage-armor":
		// 13 + Dexterity for a target without armour; the engine does not
		// know what a target wears, so a target whose AC is already that
		// high gains nothing.
		return c.ward(func(t rules.Combatant) int { return max(0, 13+t.Modifier(rules.Dex)-t.AC) })
	case "barkskin":
		return c.ward(func(t rules.Combatant) int { return max(0, 16-t.AC) })
	case "shield":
		return c.shield()
	case "counterspell":
		return c.counterspell()
	case "feather-fall":
		for _, id := range c.ids {
			c.outcome(id).Affected = true
			c.effect(Effect{ID: "feather-fall", TargetID: id, Ends: "1 minute, or when it lands",
				Note: "it descends 60 feet a round and takes no falling damage"})
		}
		return nil
	case "false-life":
		return c.falseLife()
	case "power-word-kill":
		return c.powerWordKill()
	case "power-word-stun":
		return c.powerWordStun()
	case "mass-heal":
		return c.massHeal()
	case "acid-arrow":
		return c.acidArrow()
	}
	return internal(errUnknownExact(c.spell.ID))
}

type errUnknownExact string

func (e errUnknownExact) Error() string { return "no exact resolver for " + string(e) }

var dart = dice.MustParse("1d4+1")

// magicMissile: each dart hits, deals 1d4+1 force and is its own hit (its
// own concentration save), one after another.
func (c *cast) magicMissile() error {
	split, err := c.split()
	if err != nil {
		return err
	}
	typ := rules.Force
	if d := c.spell.Damage; d != nil && d.Type != "" {
		if t, err := rules.ParseDamageType(d.Type); err == nil {
			typ = t
		}
	}
	for i, id := range c.ids {
		out := c.outcome(id)
		for range split[i] {
			if c.state[id].Dead {
				out.Wasted++
				continue
			}
			x := dart
			if c.opts.MaxDamage {
				x = dice.MustParse(strconv.Itoa(dart.Max()))
			}
			if one, ok := c.withOne([]rules.DamageRoll{{Dice: x, Type: typ}}); ok {
				x, c.oneSpent = one[0].Dice, true
			}
			var opts []dice.Option
			if n := c.opts.RerollLow - c.rerolls; n > 0 {
				opts = append(opts, dice.RerollLow(n))
			}
			res := dice.Roll(x, c.src, opts...)
			c.r.Rolls = append(c.r.Rolls, rules.Roll{Reason: "damage", RollerID: c.casterID, Result: res})
			c.rerolls += rerolled(c.r.Rolls[len(c.r.Rolls)-1:])
			out.Affected = true
			if err := c.damage(id, out, []rules.Damage{{Amount: max(res.Total, 0), Type: typ}}); err != nil {
				return err
			}
		}
	}
	return nil
}

// beams: one spell attack per beam or ray, in target order.
func (c *cast) beams() error {
	split, err := c.split()
	if err != nil {
		return err
	}
	for i, id := range c.ids {
		out := c.outcome(id)
		for range split[i] {
			if c.state[id].Dead {
				out.Wasted++
				continue
			}
			res, err := c.attack(id, c.parts)
			if err != nil {
				return err
			}
			out.Attacks = append(out.Attacks, res)
			out.Affected = out.Affected || res.Hit
		}
	}
	return nil
}

// pool: Sleep and Color Spray roll a hit point pool (base dice plus more
// per slot above 1st) and spend it on the targets from the lowest current
// hit points up, each one whose hit points fit in what is left gaining
// cond. Ties keep the order given. Sleep passes over creatures immune to
// being charmed; leaving out undead, which it cannot affect either, is the
// caller's.
func (c *cast) pool(cond rules.Condition, reason string, base, per, sides int, ends string) error {
	x := dice.MustParse(strconv.Itoa(base+per*(c.slot-1)) + "d" + strconv.Itoa(sides))
	res := c.roll(reason, x)
	left := max(res.Total, 0)
	c.r.Pool = &Pool{Dice: x.String(), Total: left}
	order := append([]string(nil), c.ids...)
	// A stable insertion sort: few targets, and ties keep their order.
	for i := 1; i < len(order); i++ {
		for j := i; j > 0 && c.state[order[j]].HP < c.state[order[j-1]].HP; j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	for _, id := range order {
		out := c.outcome(id)
		t := c.state[id]
		out.HP = t.HP
		switch {
		case t.Conditions.Has(rules.Unconscious):
			out.Note = "already unconscious"
			continue
		case cond == rules.Blinded && t.Conditions.Has(rules.Blinded):
			out.Note = "can't see"
			continue
		case cond == rules.Unconscious && t.ConditionImmunities.Has(rules.Charmed):
			out.Note = "immune to being charmed"
			continue
		case t.ConditionImmunities.Has(cond):
			out.Note = "immune to being " + cond.String()
			continue
		case t.HP > left:
			out.Note = "more hit points than the " + strconv.Itoa(left) + " left"
			continue
		}
		left -= t.HP
		out.Affected = true
		cr, err := rules.AddCondition(*t, cond)
		if err != nil {
			return internal(err)
		}
		if err := c.take(cr.Log); err != nil {
			return err
		}
		out.Conditions = append(out.Conditions, cr)
		c.effect(Effect{ID: cond.String(), TargetID: id, Condition: cond, Ends: ends})
	}
	c.r.Pool.Left = left
	return nil
}

func (c *cast) bless() error {
	for _, id := range c.ids {
		c.outcome(id).Affected = true
		c.effect(Effect{ID: "blessed", TargetID: id, Dice: "1d4", Concentration: true,
			Note: "it adds 1d4 to each attack roll and saving throw it makes"})
	}
	return nil
}

func (c *cast) bane() error {
	return c.marks(Effect{ID: "baned", Dice: "1d4", Concentration: true,
		Note: "it subtracts 1d4 from each attack roll and saving throw it makes"})
}

// faerieFire outlines each target that fails its Dexterity save: attack
// rolls against it have advantage while the caster concentrates (the
// encounter gives it), and it cannot hide by being invisible.
func (c *cast) faerieFire() error {
	return c.marks(Effect{ID: "faerie-fire", Concentration: true,
		Note: "attack rolls against it have advantage, and it can't benefit from being invisible"})
}

// ward raises each target's armor class for the spell's duration by what
// raise says: Shield of Faith's +2, or up to Barkskin's 16 or Mage Armor's
// 13 + Dexterity. The encounter applies the bonus while the effect lasts.
func (c *cast) ward(raise func(rules.Combatant) int) error {
	for _, id := range c.ids {
		t := c.state[id]
		out := c.outcome(id)
		ac := raise(*t)
		if ac <= 0 {
			continue
		}
		out.Affected = true
		c.effect(Effect{ID: c.spell.ID, TargetID: id, AC: ac, Concentration: c.spell.Concentration,
			Note: "+" + strconv.Itoa(ac) + " AC"})
	}
	return nil
}

// shield raises the caster's AC by 5 until the start of its next turn.
// The attack that triggered it hit the old AC (or rolled a natural 20) and
// misses the new one unless it was a natural 20.
func (c *cast) shield() error {
	caster := c.caster()
	sh := &Shield{ACBefore: caster.AC, ACAfter: caster.AC + 5}
	if t := c.opts.IncomingAttackTotal; t > 0 {
		nat := c.opts.IncomingAttackNatural
		sh.AttackTotal = t
		sh.WasHit = nat == 20 || (nat != 1 && t >= sh.ACBefore)
		sh.NowMisses = sh.WasHit && nat != 20 && t < sh.ACAfter
	}
	c.r.Shield = sh
	c.effect(Effect{ID: "shield", TargetID: caster.ID, AC: 5, Ends: "the start of the caster's next turn",
		Note: "+5 AC, including against the triggering attack, and no damage from Magic Missile"})
	return nil
}

// counterspell interrupts a spell of a level no higher than the slot
// automatically, and any other on a spellcasting ability check against
// DC 10 + its level.
func (c *cast) counterspell() error {
	lvl := c.opts.CounteredLevel
	co := &Counter{SpellID: c.opts.CounteredSpell, Spell: c.opts.CounteredSpell, Level: lvl}
	if s, ok := c.lookup(co.SpellID); ok {
		co.Spell = s.Name
	}
	c.r.Counter = co
	if lvl <= c.slot {
		co.Automatic, co.Countered = true, true
	} else {
		chk, err := rules.Check(*c.caster(), rules.CheckRequest{Ability: c.opts.Ability, DC: 10 + lvl}, c.src)
		if err != nil {
			return refuseWrap(err)
		}
		if err := c.take(chk.Log); err != nil {
			return err
		}
		co.Check, co.Countered = &chk, chk.Success
	}
	for _, id := range c.ids {
		c.outcome(id).Affected = co.Countered
	}
	return nil
}

func (c *cast) falseLife() error {
	out := c.outcome(c.casterID)
	out.Affected = true
	tr, err := rules.GrantTempHP(*c.caster(), c.heal, c.src)
	if err != nil {
		return refuseWrap(err)
	}
	out.TempHP = &tr
	return c.take(tr.Log)
}

// powerWordKill kills a creature with 100 hit points or fewer.
func (c *cast) powerWordKill() error {
	id := c.ids[0]
	out := c.outcome(id)
	t := c.state[id]
	out.HP = t.HP
	if t.HP > 100 {
		out.Note = "more than 100 hit points"
		return nil
	}
	out.Affected = true
	return c.slay(id, out)
}

// slay kills a target outright, without damage: its hit points go to 0,
// its concentration ends, it is dead.
func (c *cast) slay(id string, out *Outcome) error {
	t := c.state[id]
	out.Killed = true
	var chs []rules.Change
	if t.HP != 0 {
		chs = append(chs, rules.Change{TargetID: id, Field: rules.FieldHP, From: t.HP, To: 0})
	}
	if t.Concentration != "" {
		chs = append(chs, rules.Change{TargetID: id, Field: rules.FieldConcentration, From: t.Concentration, To: ""})
	}
	chs = append(chs, rules.Change{TargetID: id, Field: rules.FieldDead, From: false, To: true})
	return c.take(rules.Log{Changes: chs})
}

// powerWordStun stuns a creature with 150 hit points or fewer.
func (c *cast) powerWordStun() error {
	id := c.ids[0]
	out := c.outcome(id)
	out.HP = c.state[id].HP
	if t := c.state[id]; t.HP > 150 {
		out.Note = "more than 150 hit points"
		return nil
	}
	out.Affected = true
	return c.impose(id, out)
}

// massHeal spends 700 hit points on the targets in the order given, each
// up to its hit point maximum, and cures blindness and deafness.
func (c *cast) massHeal() error {
	total := 700
	if text, _, ok := atLevel(c.spell.HealAtSlotLevel, c.slot); ok {
		if n, err := strconv.Atoi(text); err == nil && n > 0 {
			total = n
		}
	}
	left := total
	c.r.Pool = &Pool{Dice: strconv.Itoa(total), Total: total}
	// Disciple of Life's hit points come on top of the pool's: each
	// creature draws on the pool only for what that bonus leaves it
	// lacking, and 1 at least, for the spell to heal it at all.
	more := c.discipleBonus()
	for _, id := range c.ids {
		out := c.outcome(id)
		out.Affected = true
		t := c.state[id]
		lacks := max(t.CurrentMaxHP()-t.HP, 0)
		give := min(max(lacks-more, 1), lacks, left, dice.MaxModifier)
		if give > 0 {
			hr, err := rules.Heal(*t, dice.MustParse(strconv.Itoa(min(give+more, dice.MaxModifier))), c.src)
			if err != nil {
				return refuseWrap(err)
			}
			if err := c.take(hr.Log); err != nil {
				return err
			}
			out.Heal = &hr
			left -= give
		}
		if err := c.cure(id, out); err != nil {
			return err
		}
	}
	c.r.Pool.Left = left
	return c.blessHealer()
}

// acidArrow: on a hit the damage now and more at the end of the target's
// next turn; on a miss half the initial damage.
func (c *cast) acidArrow() error {
	id := c.ids[0]
	out := c.outcome(id)
	res, err := c.attack(id, c.parts)
	if err != nil {
		return err
	}
	out.Attacks = append(out.Attacks, res)
	out.Affected = true
	if res.Hit {
		if !c.state[id].Dead {
			c.effect(Effect{ID: "acid-arrow", TargetID: id, Dice: strconv.Itoa(2+c.slot-2) + "d4",
				Ends: "the end of its next turn", Note: "it takes the acid damage at the end of its next turn"})
		}
		return nil
	}
	return c.damage(id, out, halved(c.rollDamage(c.parts)))
}
