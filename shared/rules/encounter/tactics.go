package encounter

import (
	"fmt"
	"slices"
	"strconv"

	"chronicler/shared/dice"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
	"chronicler/shared/world"
)

// The monster traits that change what a monster does on its turn (its
// bonus action: a goblin's Nimble Escape, a gnoll's Rampage, a
// will-o'-wisp's Consume Life, a priest's Divine Eminence; a golem gone
// berserk) or how the rules apply to it (Steadfast, Sunlight
// Sensitivity, Limited Magic Immunity, Reflective Carapace, Antimagic
// Susceptibility). Each plays as its stat block's text says, within what
// the fight keeps: who is in whose reach, not where.

// berserkID marks a golem gone berserk (Participant.Spent), until it is
// destroyed or has all its hit points back.
const berserkID = "berserk"

// The bonus actions a monster's traits give it, by trait: Disengage and
// Hide (Nimble Escape), Dash, Disengage and Hide (Cunning Action), Hide in
// dim light or darkness (Shadow Stealth).
var slips = map[string][]string{
	"nimble-escape":  {ActionDisengage, ActionHide},
	"cunning-action": {ActionDash, ActionDisengage, ActionHide},
	"shadow-stealth": {ActionHide},
}

// bonusBy is the trait of monster ai's that lets it take kind as a bonus
// action now; "" if none.
func (e Encounter) bonusBy(ai int, kind string) string {
	p := e.Participants[ai]
	for _, id := range p.Traits {
		if !slices.Contains(slips[id], kind) {
			continue
		}
		if id == "shadow-stealth" && e.bright() {
			continue // only in dim light or darkness
		}
		if tr, ok := srd.LookupTrait(id); ok {
			return tr.Name
		}
		return id
	}
	return ""
}

// slipAway is the policy's Disengage as a bonus action (Nimble Escape,
// Cunning Action): monster ai, about to leave the reach of foes that
// could strike at it (closeIn), disengages first, and draws no
// opportunity attack.
func (e *Encounter) slipAway(res *Result, ai int) {
	p := e.Participants[ai]
	if p.Turn.BonusActionUsed || p.Turn.Disengaged || len(e.opportunists(ai)) == 0 {
		return
	}
	by := e.bonusBy(ai, ActionDisengage)
	if by == "" {
		return
	}
	e.Participants[ai].Turn.Disengaged, e.Participants[ai].Turn.BonusActionUsed = true, true
	res.say(fmt.Sprintf("%s disengages as a bonus action (%s).", p.Name, by))
}

// shadowed is the +2 Shadow Stealth gives a shadow's Stealth in dim
// light or darkness: its bonus "improved to +6" from the stat block's +4.
func (e Encounter) shadowed(ai int) int {
	if slices.Contains(e.Participants[ai].Traits, "shadow-stealth") && e.bonusBy(ai, ActionHide) != "" {
		return 2
	}
	return 0
}

// monsterBonus is the policy's bonus action, once its action is done: a
// Rampage's bite after a melee hit dropped a creature, a Consume Life on
// a creature dying beside it, or else a Hide where it can hide (Nimble
// Escape, Cunning Action, Shadow Stealth: in dim light or darkness, the
// fight's light, where there is something to hide in).
func (e *Encounter) monsterBonus(res *Result, ai int, src dice.Source, rs Reactions) error {
	p := e.Participants[ai]
	if p.Kind != KindMonster || p.Summoned || p.Turn.BonusActionUsed || !p.canAct() {
		return nil
	}
	if done, err := e.rampage(res, ai, src, rs); done || err != nil {
		return err
	}
	if done, err := e.consumeLife(res, ai, src, rs); done || err != nil {
		return err
	}
	if done, err := e.boonAttack(res, ai, src, rs); done || err != nil { // hindrances.go
		return err
	}
	if by := e.bonusBy(ai, ActionHide); by != "" && !p.Hidden && e.light() != world.LightBright && e.light() != world.LightSunlight {
		e.Participants[ai].Turn.BonusActionUsed = true
		return e.hide(res, ai, " as a bonus action ("+by+")", src)
	}
	return nil
}

// rampage is Rampage: when monster ai has dropped a creature to 0 hit
// points with a melee attack this turn, it moves up to half its speed (to
// the next creature it would attack: its reach, coarsely) and bites, as
// a bonus action.
func (e *Encounter) rampage(res *Result, ai int, src dice.Source, rs Reactions) (bool, error) {
	p := e.Participants[ai]
	if !slices.Contains(p.Traits, "rampage") || !slices.ContainsFunc(res.Attacks, func(r rules.AttackResult) bool {
		return r.AttackerID == p.ID && !r.Kind.Ranged() && r.Hit && r.Damage != nil && r.Damage.Dropped
	}) {
		return false, nil
	}
	k := slices.IndexFunc(p.Actions, func(a srd.Action) bool { return a.ID == "bite" && a.AttackBonus != nil })
	if k < 0 || e.weakest() < 0 {
		return false, nil
	}
	e.Participants[ai].Turn.BonusActionUsed = true
	res.say(p.Name + " rampages on to bite again (Rampage).")
	return true, e.monsterStrike(res, ai, p.Actions[k], src, rs)
}

// consumeLife is Consume Life: monster ai, as a bonus action, draws the
// life from a creature within 5 feet of it (one it is engaged with) at 0
// hit points and alive, which makes the stat block's Constitution save or
// dies; if it dies, the monster regains the stat block's dice of hit
// points.
func (e *Encounter) consumeLife(res *Result, ai int, src dice.Source, rs Reactions) (bool, error) {
	p := e.Participants[ai]
	tr, ok := p.trait("consume-life")
	if !ok || tr.DC == nil {
		return false, nil
	}
	ti := -1
	for _, id := range p.Engaged {
		i := e.index(id)
		if i >= 0 && e.Participants[i].Kind != p.Kind && !e.Participants[i].Defeated && e.Participants[i].Combatant.HP == 0 && !e.Participants[i].Combatant.Dead {
			ti = i
			break
		}
	}
	if ti < 0 {
		return false, nil
	}
	e.Participants[ai].Turn.BonusActionUsed = true
	t := e.Participants[ti]
	sv, err := e.hitSave(res, rs, ai, ti, tr, srd.HitCondition{Save: tr.DC}, src)
	if err != nil {
		return true, err
	}
	if sv.Success {
		res.say(fmt.Sprintf("%s clings to life against %s (Consume Life: %s save %d against DC %d).", t.Name, p.Name, sv.Ability.Name(), sv.Total, sv.DC))
		return true, nil
	}
	if err := e.destroy(res, ai, ti); err != nil {
		return true, err
	}
	res.say(fmt.Sprintf("%s consumes %s life, and %s dies (Consume Life: %s save %d against DC %d).", p.Name, possessive(t.Name), t.Name, sv.Ability.Name(), sv.Total, sv.DC))
	x, err := dice.Parse(tr.Dice)
	if err != nil {
		return true, nil // a homebrew Consume Life that gives no hit points back
	}
	h, err := e.heal(res, ai, x, "consume life", src)
	if err != nil {
		return true, err
	}
	res.say(fmt.Sprintf("%s regains %d hit points (%d/%d).", p.Name, h.Regained, h.HPAfter, h.MaxHP))
	return true, nil
}

// eminence is Divine Eminence, taken by the policy as a bonus action
// before an attack action with a melee weapon attack in its plan: the
// monster spends its lowest spell slot left, and its melee weapon hits
// deal the stat block's radiant dice more this turn, 1d6 more for each
// slot level above 1st (eminent).
func (e *Encounter) eminence(res *Result, ai int, plan []srd.Action) error {
	p := e.Participants[ai]
	tr, ok := p.trait("divine-eminence")
	if !ok || p.Turn.BonusActionUsed || !slices.ContainsFunc(plan, func(a srd.Action) bool { return a.AttackType != "ranged" && !a.SpellAttack }) {
		return nil
	}
	slot := slotFrom(p.Combatant, 1)
	more := tr.Dice
	if slot > 1 {
		more += "+" + strconv.Itoa(slot-1) + "d6"
	}
	x, err := dice.Parse(more)
	if err != nil || slot == 0 {
		return nil
	}
	if err := e.spendSlot(res, ai, slot); err != nil {
		return err
	}
	me := &e.Participants[ai]
	me.Turn.BonusActionUsed, me.Turn.Eminence = true, x.String()
	res.say(fmt.Sprintf("%s spends a %s-level spell slot: its melee weapon hits deal %s radiant damage more this turn (Divine Eminence).", p.Name, rules.Ordinal(slot), x))
	return nil
}

// eminent adds Divine Eminence's radiant dice, bought this turn, to
// monster ai's melee weapon attack.
func eminent(e *Encounter, ai, _ int, req *rules.AttackRequest) {
	p := e.Participants[ai]
	if p.Turn.Eminence == "" || e.Current != p.ID || req.Kind != rules.MeleeWeapon {
		return
	}
	if x, err := dice.Parse(p.Turn.Eminence); err == nil {
		req.Damage = append(slices.Clip(req.Damage), rules.DamageRoll{Dice: x, Type: rules.Radiant})
	}
}

// goBerserk is Berserk as the golem's turn starts: at the stat block's
// hit points or fewer it rolls a d6, and on a 6 goes berserk until it is
// destroyed or has all its hit points back.
func goBerserk(e *Encounter, res *Result, i int, src dice.Source) error {
	p := e.Participants[i]
	tr, ok := p.trait("berserk")
	if !ok || p.down() {
		return nil
	}
	c := p.Combatant
	if k := slices.Index(p.Spent, berserkID); k >= 0 {
		if c.HP >= c.CurrentMaxHP() {
			e.Participants[i].Spent = slices.Delete(slices.Clone(p.Spent), k, k+1)
			res.say(p.Name + " is whole again, and calm.")
		}
		return nil
	}
	if tr.Amount <= 0 || c.HP > tr.Amount {
		return nil
	}
	r := dice.Roll(d(6), src)
	res.Rolls = append(res.Rolls, rules.Roll{Reason: "berserk", RollerID: p.ID, Result: r})
	if r.Total < 6 {
		return nil
	}
	e.markSpent(i, berserkID)
	res.say(fmt.Sprintf("%s goes berserk (Berserk: a 6 at %d hit points or fewer).", p.Name, tr.Amount))
	return nil
}

// berserk reports whether monster ai has gone berserk.
func (e Encounter) berserk(ai int) bool {
	p := e.Participants[ai]
	return slices.Contains(p.Traits, "berserk") && slices.Contains(p.Spent, berserkID)
}

// berserkTurn is a berserk golem's attack action: it attacks the nearest
// creature, friend or foe. Coarsely: one picked at random (a die) among
// those in its reach and its allies beside them; with none in reach,
// among every creature in the fight on its feet but itself. Each attack
// of its Multiattack goes at that creature, and at another picked the
// same way once it falls.
func (e *Encounter) berserkTurn(res *Result, ai int, src dice.Source, rs Reactions) error {
	p := e.Participants[ai]
	plan, err := monsterPlan(p, "", &res.Log, src)
	if err != nil || len(plan) == 0 {
		return err
	}
	res.Kind = ActionAttack
	e.Participants[ai].Turn.ActionUsed = true
	ti := -1
	for _, a := range plan {
		if !e.Participants[ai].canAct() {
			break
		}
		if ti < 0 || e.Participants[ti].down() {
			if ti = e.nearest(res, ai, src); ti < 0 {
				break
			}
			res.say(fmt.Sprintf("%s, berserk, turns on %s.", p.Name, e.Participants[ti].Name))
		}
		if err := e.strikeAt(res, ai, ti, a, src, rs); err != nil {
			return err
		}
	}
	return nil
}

// nearest is the creature a berserk monster ai attacks (berserkTurn),
// picked with a die when there are several; -1 if none.
func (e *Encounter) nearest(res *Result, ai int, src dice.Source) int {
	p := e.Participants[ai]
	var near, all []int
	for i, o := range e.Participants {
		if i == ai || o.down() || e.elsewhere(o.ID) || o.Left {
			continue
		}
		all = append(all, i)
		if e.engaged(ai, i) || slices.ContainsFunc(p.Engaged, func(id string) bool { j := e.index(id); return j >= 0 && e.engaged(i, j) }) {
			near = append(near, i)
		}
	}
	if len(near) == 0 {
		near = all
	}
	switch len(near) {
	case 0:
		return -1
	case 1:
		return near[0]
	}
	r := dice.Roll(d(len(near)), src)
	res.Rolls = append(res.Rolls, rules.Roll{Reason: "berserk target", RollerID: p.ID, Result: r})
	return near[r.Total-1]
}

// steadfast is Steadfast: the monster can't be frightened while an ally
// it can see, one on its feet, is in the fight (within 30 feet,
// coarsely: the fight keeps no distances).
func (e Encounter) steadfast(i int) bool {
	p := e.Participants[i]
	if !slices.Contains(p.Traits, "steadfast") {
		return false
	}
	for j, o := range e.Participants {
		if j != i && o.Kind == p.Kind && !o.down() && !o.Left && !e.elsewhere(o.ID) {
			return true
		}
	}
	return false
}

// traitImmunities gives participant i's combatant c the conditions its
// traits keep off it now: Steadfast's frightened.
func (e Encounter) traitImmunities(i int, c *rules.Combatant) {
	if e.steadfast(i) {
		c.ConditionImmunities = c.ConditionImmunities.With(rules.Frightened)
	}
}

// steadfastTargeted holds Steadfast against a spell's fear: the monster
// is immune to the frightened condition while its ally stands.
func steadfastTargeted(e Encounter, owner, _, ti int, _ srd.Spell, target *rules.Combatant, _ *spell.Options) {
	if owner == ti {
		e.traitImmunities(ti, target)
	}
}

// sunlit reports whether the fight is in sunlight (its area's light,
// world.LightSunlight).
func (e Encounter) sunlit() bool { return e.Light == world.LightSunlight }

// inSunlight is Sunlight Sensitivity and Sunlight Weakness on an attack:
// disadvantage in sunlight.
func inSunlight(e *Encounter, _, _ int, req *rules.AttackRequest) {
	if e.sunlit() {
		req.Disadvantage = append(slices.Clip(req.Disadvantage), "sunlight")
	}
}

// sunWeakSaves is Sunlight Weakness on participant i's saving throws:
// disadvantage in sunlight.
func (e Encounter) sunWeakSaves(i int) []string {
	if e.sunlit() && slices.Contains(e.Participants[i].Traits, "sunlight-weakness") {
		return []string{"sunlight weakness"}
	}
	return nil
}

// spellLevel is the level spell s is cast at with slot.
func spellLevel(s srd.Spell, slot int) int { return max(s.Level, slot) }

// unaffected are the targets ids of participant ai's spell s (cast with
// slot) that its traits leave untouched: a rakshasa by a spell of 6th
// level or lower not of its own side's (Limited Magic Immunity; it
// wishes to be affected by its friends'), and a tarrasque by Magic
// Missile, a line or a ranged spell attack but on a 6 of a d6
// (Reflective Carapace), when the spell turns back on its caster. It
// also plays Dispel Magic on a creature with Antimagic Susceptibility.
func (e *Encounter) unaffected(res *Result, ai int, s srd.Spell, slot int, ids []string, opts spell.Options, src dice.Source) ([]string, error) {
	c := e.Participants[ai]
	var out []string
	for _, id := range ids {
		ti := e.index(id)
		if ti < 0 || ti == ai {
			out = append(out, id)
			continue
		}
		t := e.Participants[ti]
		switch {
		case slices.Contains(t.Traits, "limited-magic-immunity") && t.Kind != c.Kind && spellLevel(s, slot) <= 6:
			res.say(fmt.Sprintf("%s is not touched by %s (Limited Magic Immunity: a spell of 6th level or lower).", t.Name, s.Name))
			continue
		case slices.Contains(t.Traits, "reflective-carapace") && reflectable(s):
			r := dice.Roll(d(6), src)
			res.Rolls = append(res.Rolls, rules.Roll{Reason: "reflective carapace", RollerID: t.ID, Result: r})
			if r.Total < 6 {
				res.say(fmt.Sprintf("%s glances off %s carapace (Reflective Carapace: %d).", s.Name, possessive(t.Name), r.Total))
				continue
			}
			res.say(fmt.Sprintf("%s carapace turns %s back on %s (Reflective Carapace: 6).", possessive(t.Name), s.Name, c.Name))
			if !slices.Contains(out, c.ID) && !slices.Contains(ids, c.ID) {
				out = append(out, c.ID)
			}
			continue
		case s.ID == "dispel-magic" && slices.Contains(t.Traits, "antimagic-susceptibility"):
			if err := e.dispelObject(res, ai, ti, opts, src); err != nil {
				return nil, err
			}
		}
		out = append(out, id)
	}
	return out, nil
}

// reflectable reports whether Reflective Carapace answers spell s: Magic
// Missile, a line, or a ranged spell attack.
func reflectable(s srd.Spell) bool {
	return s.ID == "magic-missile" || s.AttackType == "ranged" || (s.Area != nil && s.Area.Type == "line")
}

// dispelObject is Dispel Magic on an animated object with Antimagic
// Susceptibility (ti): it makes a Constitution save against the caster's
// (ai) spell save DC or falls unconscious for 1 minute.
func (e *Encounter) dispelObject(res *Result, ai, ti int, opts spell.Options, src dice.Source) error {
	c, t := e.Participants[ai].Combatant, e.Participants[ti]
	dc := opts.DC
	if dc == 0 {
		dc = 8 + c.ProficiencyBonus + c.Modifier(opts.Ability)
	}
	sv, err := e.save(res, ti, saveCall{ability: rules.Con, dc: dc, against: []string{"unconscious"}, reason: "Constitution saving throw against dispel magic"}, src)
	if err != nil {
		return err
	}
	if sv.Success {
		res.say(fmt.Sprintf("%s shudders, and keeps moving (Antimagic Susceptibility: Constitution save %d against DC %d).", t.Name, sv.Total, sv.DC))
		return nil
	}
	cr, err := e.condition(res, ti, rules.Unconscious)
	if err != nil || cr.Immune {
		return err
	}
	res.say(fmt.Sprintf("%s falls still for 1 minute (Antimagic Susceptibility: Constitution save %d against DC %d).", t.Name, sv.Total, sv.DC))
	fx := Effect{Effect: effectOf(rules.Unconscious.String(), t.SRDID+"/antimagic-susceptibility", e.Participants[ai].ID, t.ID, rules.Unconscious, "unconscious for 1 minute"),
		Until: Until{Round: e.Round + 10, Turn: e.Current}}
	return e.add(res, fx, src)
}

// numbed reports whether monster ai stands in an antimagic field and has
// Antimagic Susceptibility: it is incapacitated there.
func (e Encounter) numbed(ai int) bool {
	return slices.Contains(e.Participants[ai].Traits, "antimagic-susceptibility") && e.inField(ai)
}

// antimagicNumbs is Antimagic Susceptibility on the monster's own turn:
// in an antimagic field, it does nothing.
func antimagicNumbs(e *Encounter, res *Result, i int, _ dice.Source) error {
	if e.numbed(i) {
		e.Participants[i].Turn.ActionUsed, e.Participants[i].Turn.BonusActionUsed = true, true
		res.say(e.Participants[i].Name + " hangs lifeless in the antimagic field (Antimagic Susceptibility).")
	}
	return nil
}

// d is one die of sides faces.
func d(sides int) dice.Expr {
	x, _ := dice.Parse("1d" + strconv.Itoa(sides))
	return x
}

// limitedTargeted is Limited Magic Immunity's other half: advantage on
// saves against the spells above 6th level that do reach the monster.
func limitedTargeted(e Encounter, owner, _, ti int, s srd.Spell, _ *rules.Combatant, opts *spell.Options) {
	if owner == ti && s.Level > 6 && s.Save != nil {
		opts.Situate(e.Participants[ti].ID, func(sit *spell.Situation) {
			sit.Advantage = append(sit.Advantage, "limited magic immunity")
		})
	}
}
