package spell

import (
	"strconv"

	"chronicler/shared/dice"
	"chronicler/shared/rules"
)

// The data-driven resolvers, one per shape.

// attacks makes one spell attack against each target.
func (c *cast) attacks() error {
	for _, id := range c.ids {
		out := c.outcome(id)
		res, err := c.attack(id, c.parts)
		if err != nil {
			return err
		}
		out.Attacks = append(out.Attacks, res)
		if !res.Hit {
			continue
		}
		out.Affected = true
		if err := c.afterHit(id, out, res); err != nil {
			return err
		}
	}
	return nil
}

// attack makes one spell attack roll against a target with the given
// damage and takes its log.
func (c *cast) attack(id string, parts []rules.DamageRoll) (rules.AttackResult, error) {
	parts, one := c.withOne(parts)
	req := c.attackRequest(id, parts)
	req.RerollLow = c.opts.RerollLow - c.rerolls
	res, err := rules.Attack(*c.caster(), *c.state[id], req, c.src)
	if err != nil {
		return rules.AttackResult{}, refuseWrap(err)
	}
	if res.Damage != nil {
		c.oneSpent = c.oneSpent || one
		c.rerolls += rerolled(res.Rolls)
	}
	return res, c.take(res.Log)
}

// rerolled counts the damage dice rolled again among rolls.
func rerolled(rolls []rules.Roll) int {
	n := 0
	for _, r := range rolls {
		if r.Reason == "damage" {
			for _, t := range r.Terms {
				n += len(t.Rerolled)
			}
		}
	}
	return n
}

// defaultRangedDistance is where a ranged spell attack is made from when
// the caller gives no distance: beyond 5 feet, so the attacker is not
// adjacent, and within any spell's range.
const defaultRangedDistance = 10

func (c *cast) attackRequest(id string, parts []rules.DamageRoll) rules.AttackRequest {
	sit := c.opts.Situations[id]
	req := rules.AttackRequest{Kind: rules.RangedSpell, Weapon: c.spell.Name, Bonus: c.r.AttackBonus, Terms: c.r.AttackTerms,
		Damage: parts, Distance: sit.Distance, Cover: sit.Cover,
		Advantage: sit.Advantage, Disadvantage: sit.Disadvantage}
	if attackType(c.spell, c.sp) == "melee" {
		req.Kind = rules.MeleeSpell
		return req
	}
	if f := c.rangeFeet(); f > 0 {
		req.Range, req.LongRange = f, f
	}
	if req.Distance == 0 {
		req.Distance = defaultRangedDistance
	}
	return req
}

// afterHit applies what a hit does beyond its damage.
func (c *cast) afterHit(id string, out *Outcome, res rules.AttackResult) error {
	if err := c.impose(id, out); err != nil {
		return err
	}
	if c.sp.drain && res.Damage != nil {
		necrotic := 0
		for _, p := range res.Damage.Parts {
			if p.Type == rules.Necrotic {
				necrotic += p.Taken
			}
		}
		if h := necrotic / 2; h > 0 && !c.caster().Dead {
			hr, err := rules.Heal(*c.caster(), dice.MustParse(strconv.Itoa(min(h, dice.MaxModifier))), c.src)
			if err != nil {
				return internal(err)
			}
			if err := c.take(hr.Log); err != nil {
				return err
			}
			out.CasterHeal = &hr
		}
	}
	if c.spell.ID == "guiding-bolt" && !c.state[id].Dead {
		c.effect(Effect{ID: "guiding-bolt", TargetID: id, Ends: "the end of the caster's next turn",
			Note: "the next attack roll against it before then has advantage"})
		c.note("the next attack roll against {target} before the end of {caster}'s next turn has advantage", id)
	}
	c.rider(id)
	return nil
}

// saveDamage rolls the damage once, then has each target save: full
// damage and any condition on a failure, half or none on a success (less
// for a target with Evasion: rules.Combatant.SavedDamage).
func (c *cast) saveDamage() error {
	if len(c.ids) == 0 {
		return nil
	}
	dmg := c.rollDamage(c.parts)
	half := saveOf(c.spell, c.sp).OnSuccess == "half" || c.opts.HalfOnSave
	for _, id := range c.ids {
		out := c.outcome(id)
		sv, err := c.saveFor(id)
		if err != nil {
			return err
		}
		out.Save = &sv
		// A feature may spare the target more (Evasion: half on a
		// failure, none on a success).
		hit, _ := c.state[id].SavedDamage(dmg, c.save, sv.Success, half)
		switch {
		case sv.Success && c.opts.Situations[id].Unharmed:
			// Sculpted out of the spell: not even half.
		case !sv.Success:
			out.Affected = true
			if err := c.damage(id, out, hit); err != nil {
				return err
			}
			if err := c.impose(id, out); err != nil {
				return err
			}
			c.rider(id)
		case len(hit) > 0:
			out.Affected = true
			if err := c.damage(id, out, halved(dmg)); err != nil {
				return err
			}
		}
	}
	return nil
}

// autoDamage rolls the damage once and deals it to every target.
func (c *cast) autoDamage() error {
	if len(c.ids) == 0 {
		return nil
	}
	dmg := c.rollDamage(c.parts)
	for _, id := range c.ids {
		out := c.outcome(id)
		out.Affected = true
		if err := c.damage(id, out, dmg); err != nil {
			return err
		}
		c.rider(id)
	}
	return nil
}

// healTargets heals each target, rolling for each.
func (c *cast) healTargets() error {
	for _, id := range c.ids {
		out := c.outcome(id)
		out.Affected = true
		hr, err := rules.Heal(*c.state[id], c.healingFor(id), c.src)
		if err != nil {
			return refuseWrap(err)
		}
		if err := c.take(hr.Log); err != nil {
			return err
		}
		out.Heal = &hr
		if err := c.cure(id, out); err != nil {
			return err
		}
		c.rider(id)
	}
	return c.blessHealer()
}

// cure ends the conditions the spell cures.
func (c *cast) cure(id string, out *Outcome) error {
	for _, cond := range c.sp.cures {
		if !c.state[id].Conditions.Has(cond) {
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
	}
	return nil
}

// conditions has each target save or gain the spell's conditions.
func (c *cast) conditions() error {
	return c.onFailedSave(func(id string, out *Outcome) error {
		if err := c.impose(id, out); err != nil {
			return err
		}
		c.rider(id)
		return nil
	})
}

// onFailedSave has each target make the spell's save, and marks those who
// fail affected and hands them to fail.
func (c *cast) onFailedSave(fail func(id string, out *Outcome) error) error {
	for _, id := range c.ids {
		out := c.outcome(id)
		sv, err := c.saveFor(id)
		if err != nil {
			return err
		}
		out.Save = &sv
		if sv.Success {
			continue
		}
		out.Affected = true
		if err := fail(id, out); err != nil {
			return err
		}
	}
	return nil
}

// marks has each target save, and leaves fx on those who fail.
func (c *cast) marks(fx Effect) error {
	return c.onFailedSave(func(id string, _ *Outcome) error {
		fx.TargetID = id
		c.effect(fx)
		return nil
	})
}

// resave has each target repeat its save against the spell: a success
// ends the conditions the spell keeps up, a failure deals the spell's
// damage if it does that (Phantasmal Killer).
func (c *cast) resave() error {
	for _, id := range c.ids {
		out := c.outcome(id)
		sv, err := c.saveFor(id)
		if err != nil {
			return err
		}
		out.Save = &sv
		if !sv.Success {
			out.Affected = true
			if c.sp.resaveDamage && len(c.parts) > 0 {
				if err := c.damage(id, out, c.rollDamage(c.parts)); err != nil {
					return err
				}
			}
			continue
		}
		for _, cond := range c.sp.conds {
			if cond == rules.Prone || !c.state[id].Conditions.Has(cond) ||
				(c.opts.Condition != 0 && cond != c.opts.Condition) {
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
		}
	}
	return nil
}

// saveFor has a target make the spell's save against the caster's DC.
func (c *cast) saveFor(id string) (rules.SaveResult, error) {
	sit := c.opts.Situations[id]
	if sit.Spared {
		t := c.state[id]
		for i := len(c.r.Targets) - 1; i >= 0; i-- {
			if c.r.Targets[i].TargetID == id {
				c.r.Targets[i].Spared = true
				break
			}
		}
		return rules.SaveResult{RollerID: id, Roller: t.Name, Ability: c.save, DC: c.r.DC, Success: true}, nil
	}
	req := rules.SaveRequest{Ability: c.save, DC: c.r.DC, DCSource: c.r.DCSource, Cover: sit.Cover, Bonus: sit.SaveBonus, BonusTerms: sit.SaveTerms,
		Advantage: sit.Advantage, Disadvantage: sit.Disadvantage, Against: c.against(), Reserves: sit.Reserves}
	if c.sp.noCover {
		req.Cover = rules.NoCover
	}
	sv, err := rules.Save(*c.state[id], req, c.src)
	if err != nil {
		return rules.SaveResult{}, refuseWrap(err)
	}
	if !sv.Success && sv.AutoFail == "" && sit.Rescue > 0 {
		sv.Total += sit.Rescue
		sv.Success = sv.Total >= sv.DC
	}
	if !sv.Success && c.opts.Resist != nil && c.opts.Resist(id) {
		sv.Success = true
		if n := len(sv.Rolls); n > 0 {
			sv.Rolls[n-1].Outcome = "success (legendary resistance)"
		}
	}
	return sv, c.take(sv.Log)
}

// against is what a save against the spell is against, as features read
// it (rules.SaveRequest.Against): magic, seen, the conditions it imposes,
// the damage types it deals, and the spell itself.
func (c *cast) against() []string {
	out := []string{"magic", "seen", c.spell.ID}
	for _, cond := range c.sp.conds {
		out = append(out, cond.String())
	}
	for _, p := range c.parts {
		if p.Type != 0 {
			out = append(out, p.Type.String())
		}
	}
	return out
}

// rollDamage rolls damage once, as the caster's, and records the rolls.
func (c *cast) rollDamage(parts []rules.DamageRoll) []rules.Damage {
	parts, one := c.withOne(parts)
	c.oneSpent = c.oneSpent || one
	dmg, rolls, n := rules.RollDamageRerolling(c.casterID, parts, false, c.opts.RerollLow-c.rerolls, c.src)
	c.rerolls += n
	c.r.Rolls = append(c.r.Rolls, rolls...)
	return dmg
}

func halved(dmg []rules.Damage) []rules.Damage {
	out := make([]rules.Damage, len(dmg))
	for i, d := range dmg {
		out[i] = rules.Damage{Amount: d.Amount / 2, Type: d.Type}
	}
	return out
}

// damage deals one hit of damage to a target that is still alive; a
// target already dead (from an earlier dart) is passed over.
func (c *cast) damage(id string, out *Outcome, dmg []rules.Damage) error {
	t := c.state[id]
	if t.Dead {
		return nil
	}
	d, err := rules.TakeDamage(*t, rules.Hit{Damage: dmg}, c.src)
	if err != nil {
		return refuseWrap(err)
	}
	if err := c.take(d.Log); err != nil {
		return err
	}
	if c.sp.dust && d.Taken > 0 && d.HPAfter == 0 && !d.Died {
		out.Killed = true
		if err := c.take(rules.Log{Changes: []rules.Change{{TargetID: id, Field: rules.FieldDead, From: false, To: true}}}); err != nil {
			return err
		}
	}
	out.Damage = append(out.Damage, d)
	return nil
}

// impose gives a target that failed its save (or was hit) the spell's
// conditions, or the one the caster chose, and records each that lasts
// as an effect.
func (c *cast) impose(id string, out *Outcome) error {
	if c.diseaseImmune(id) {
		c.note("{target} is immune to disease, and "+c.spell.Name+" takes no hold", id)
		return nil
	}
	conds := c.sp.conds
	if c.sp.choose && len(conds) > 0 {
		pick := conds[0]
		if c.opts.Condition != 0 {
			pick = c.opts.Condition
		}
		conds = []rules.Condition{pick}
	}
	return c.give(id, out, conds, c.sp.ends)
}

// give gives a target conds, recording each that lasts as an effect that
// ends as ends says.
func (c *cast) give(id string, out *Outcome, conds []rules.Condition, ends string) error {
	for _, cond := range conds {
		t := c.state[id]
		if t.Dead {
			return nil
		}
		cr, err := rules.AddCondition(*t, cond)
		if err != nil {
			return internal(err)
		}
		if err := c.take(cr.Log); err != nil {
			return err
		}
		out.Conditions = append(out.Conditions, cr)
		if !cr.Changed || cond == rules.Prone {
			continue
		}
		e := Effect{ID: cond.String(), TargetID: id, Condition: cond, Concentration: c.spell.Concentration, Ends: ends}
		if c.sp.ongoing == TriggerSave {
			e.RepeatSave, e.DC = c.save, c.r.DC
		}
		c.effect(e)
	}
	return nil
}
