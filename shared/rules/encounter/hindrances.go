package encounter

import (
	"fmt"
	"slices"
	"strings"

	"chronicler/shared/dice"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
)

// A single target's limits (srd.Action.Upon, Drops, read by
// srdgen/hindrances.go): whom the action may pick, and a failed save that
// drops the target to 0 hit points.

// uponFits reports whether participant i is one monster ai's action a
// may pick: with no Upon anyone; "grappled", a creature it grapples (a
// chuul's Tentacles); "frightened", a frightened creature that can see
// it (a sea hag's Death Glare: "If the target can see the hag").
func (e Encounter) uponFits(ai, i int, a srd.Action) bool {
	t := e.Participants[i]
	switch a.Upon {
	case "grappled":
		return t.GrappledBy == e.Participants[ai].ID && t.Combatant.Conditions.Has(rules.Grappled)
	case "frightened":
		return t.Combatant.Conditions.Has(rules.Frightened) && !t.Combatant.Conditions.Has(rules.Blinded)
	}
	return true
}

// dropToZero drops participant ti, who failed its save sv against
// monster ai's action a, to 0 hit points: damage of all it has, temporary
// hit points too, of no type, so nothing resists it.
func (e *Encounter) dropToZero(res *Result, ai, ti int, a srd.Action, sv rules.SaveResult, src dice.Source) error {
	t := e.Participants[ti]
	hit := rules.Hit{Damage: []rules.Damage{{Amount: t.Combatant.HP + t.Combatant.TempHP}}}
	tell := fmt.Sprintf("%s's %s drops %s to 0 hit points (%s save %d against DC %d): ", e.Participants[ai].Name, a.Name, t.Name, sv.Ability.Name(), sv.Total, sv.DC)
	_, err := e.damage(res, ai, ti, t.Combatant, hit, tell, src)
	return err
}

// A boon that empowers (srd.Boon's AC, Advantage, Bonus, State: a clay
// golem's Haste, a unicorn's Shimmering Shield, a duergar's Enlarge) is
// an effect on its target for the boon's time: its armor class raised,
// its saves of an ability made with advantage, an attack as a bonus
// action, its attacks' rolls of that state (Damage.Instead).

// empoweredID is the effect of an empowering boon; its Spell is the
// monster's action (source), whose Boon says what it does.
const empoweredID = "empowered"

// empowers reports whether boon b is one the fights play as an effect.
func empowers(b srd.Boon) bool {
	return b.Heals == "" && b.Die == "" && (b.AC > 0 || b.State != "" || b.Bonus != "" || len(b.Advantage) > 0)
}

// empowerFor is whom monster ai's empowering boon a is for, by the
// policy: itself (Haste, Enlarge) when it is not under it and a foe
// stands; of itself and its allies (Shimmering Shield), the one in a
// foe's reach with the fewest hit points not under it yet.
func (e Encounter) empowerFor(ai int, a srd.Action) (int, bool) {
	if e.weakest() < 0 || e.empoweredBy(ai, a) {
		return -1, false
	}
	m := e.Participants[ai]
	if a.Boon.Target == "self" {
		return ai, true
	}
	best := -1
	for i, p := range e.Participants {
		if p.Kind != m.Kind || p.down() || e.elsewhere(p.ID) || e.empoweredOn(i, source(m, a)) || !e.threatened(i) {
			continue
		}
		if best < 0 || p.Combatant.HP < e.Participants[best].Combatant.HP {
			best = i
		}
	}
	return best, best >= 0
}

// empoweredBy reports whether monster ai's boon a is on anyone now: a
// shield or a haste is not raised again while it lasts.
func (e Encounter) empoweredBy(ai int, a srd.Action) bool {
	from, id := source(e.Participants[ai], a), e.Participants[ai].ID
	return slices.ContainsFunc(e.Effects, func(fx Effect) bool { return fx.ID == empoweredID && fx.Spell == from && fx.CasterID == id })
}

// empoweredOn reports whether participant i is under the boon from.
func (e Encounter) empoweredOn(i int, from string) bool {
	id := e.Participants[i].ID
	return slices.ContainsFunc(e.Effects, func(fx Effect) bool { return fx.ID == empoweredID && fx.Spell == from && fx.TargetID == id })
}

// empower puts monster ai's boon a on participant ti for the boon's
// time: to the end of the monster's next turn, or a minute.
func (e *Encounter) empower(res *Result, ai, ti int, a srd.Action) error {
	b, m, t := a.Boon, e.Participants[ai], e.Participants[ti]
	fx := Effect{Effect: spell.Effect{ID: empoweredID, Spell: source(m, a), CasterID: m.ID, TargetID: t.ID, AC: b.AC,
		Ends: "until the end of " + possessive(m.Name) + " next turn", Note: possessive(m.Name) + " " + strings.ToLower(costRE.ReplaceAllString(a.Name, ""))}}
	if len(b.Advantage) > 0 {
		fx.Ability, _ = rules.ParseAbility(b.Advantage[0])
	}
	switch b.Lasts {
	case "the source's next turn":
		fx.Until = Until{Round: e.nextTurnRound(m.ID), Turn: m.ID, End: true}
	default:
		fx.Ends = "for " + b.Lasts
		fx.Until = Until{Round: e.Round + roundsOf(b.Lasts), Turn: e.Current}
	}
	if err := e.add(res, fx, nil); err != nil {
		return err
	}
	var what []string
	if b.AC > 0 {
		what = append(what, fmt.Sprintf("+%d AC (%d)", b.AC, e.Participants[ti].Combatant.AC))
	}
	if fx.Ability != 0 {
		what = append(what, "advantage on "+fx.Ability.Name()+" saves")
	}
	if b.Bonus != "" {
		what = append(what, "its "+b.Bonus+" as a bonus action")
	}
	if b.State != "" {
		what = append(what, b.State+": its attacks' "+b.State+" damage")
	}
	res.say(fmt.Sprintf("%s gains %s, %s.", t.Name, strings.Join(what, ", "), fx.Ends))
	return nil
}

// empowering are the boons on participant i, each with its effect.
func (e Encounter) empowering(i int) []srd.Boon {
	id := e.Participants[i].ID
	var out []srd.Boon
	for _, fx := range e.Effects {
		if fx.ID != empoweredID || fx.TargetID != id {
			continue
		}
		if a, ok := e.sourceAction(fx); ok && a.Boon != nil {
			out = append(out, *a.Boon)
		}
	}
	return out
}

// legendaryActions are the actions of monster p's legendary actions.
func legendaryActions(p Participant) []srd.Action {
	var out []srd.Action
	for _, l := range p.Legendary {
		out = append(out, l.Attack)
	}
	return out
}

// empoweredSaves is the advantage a boon on participant i gives its
// saves of ability a (Haste's Dexterity, Enlarge's Strength).
func (e Encounter) empoweredSaves(i int, a rules.Ability) []string {
	id := e.Participants[i].ID
	var adv []string
	for _, fx := range e.Effects {
		if fx.ID == empoweredID && fx.TargetID == id && fx.Ability == a && a != 0 {
			adv = append(adv, fx.Note)
		}
	}
	return adv
}

// inState is monster ai's attack a as it makes it in the state a boon
// puts it in: each damage part's roll of that state (a duergar's war
// pick enlarged, 2d8 + 2) in place of its own.
func (e Encounter) inState(ai int, a srd.Action) srd.Action {
	for _, b := range e.empowering(ai) {
		if b.State == "" {
			continue
		}
		a.Damage = slices.Clone(a.Damage)
		for k, d := range a.Damage {
			if d.Instead != nil && d.Instead.When == b.State {
				a.Damage[k].Dice = d.Instead.Dice
			}
		}
	}
	return a
}

// boonAttack is the attack a boon lets monster ai make as a bonus action
// (Haste's slam), at the policy's target; false when it has none.
func (e *Encounter) boonAttack(res *Result, ai int, src dice.Source, rs Reactions) (bool, error) {
	p := e.Participants[ai]
	for _, b := range e.empowering(ai) {
		if b.Bonus == "" {
			continue
		}
		k := slices.IndexFunc(p.Actions, func(a srd.Action) bool { return strings.EqualFold(a.Name, b.Bonus) && a.AttackBonus != nil })
		if k < 0 || e.weakest() < 0 {
			return false, nil
		}
		e.Participants[ai].Turn.BonusActionUsed = true
		res.say(fmt.Sprintf("%s makes a %s attack as a bonus action.", p.Name, strings.ToLower(b.Bonus)))
		return true, e.monsterStrike(res, ai, p.Actions[k], src, rs)
	}
	return false, nil
}

// hinderedID is the effect of a monster's action that hinders a
// creature's turns (srd.Action.Hinders: a stone golem's Slow); its Spell
// is the action (source), whose Hinders says how.
const hinderedID = "hindered"

// sourceAction is the monster's action effect fx comes from: its
// caster's action (or legendary action) named by fx.Spell.
func (e Encounter) sourceAction(fx Effect) (srd.Action, bool) {
	c, ok := e.Participant(fx.CasterID)
	if !ok {
		return srd.Action{}, false
	}
	for _, a := range slices.Concat(c.Actions, legendaryActions(c)) {
		if source(c, a) == fx.Spell {
			return a, true
		}
	}
	return srd.Action{}, false
}

// hindered is all that the hindering effects on participant id hold it
// to.
func (e Encounter) hindered(id string) srd.Hinder {
	var h srd.Hinder
	for _, fx := range e.Effects {
		if fx.ID != hinderedID || fx.TargetID != id {
			continue
		}
		if a, ok := e.sourceAction(fx); ok && a.Hinders != nil {
			x := a.Hinders
			h.NoReactions, h.HalfSpeed = h.NoReactions || x.NoReactions, h.HalfSpeed || x.HalfSpeed
			h.OneAttack, h.ActionOrBonus = h.OneAttack || x.OneAttack, h.ActionOrBonus || x.ActionOrBonus
		}
	}
	return h
}

// hinder puts monster ai's action a's hindrance on participant ti, who
// failed its save: for its time, saved again at the end of each of its
// turns when the text says so; its speed halved and its reaction gone
// at once.
func (e *Encounter) hinder(res *Result, ai, ti int, a srd.Action) error {
	m, t, h := e.Participants[ai], e.Participants[ti], a.Hinders
	if slices.ContainsFunc(e.Effects, func(fx Effect) bool { return fx.ID == hinderedID && fx.Spell == source(m, a) && fx.TargetID == t.ID }) {
		res.say(fmt.Sprintf("%s is still under %s %s.", t.Name, possessive(m.Name), strings.ToLower(a.Name)))
		return nil
	}
	fx := Effect{Effect: spell.Effect{ID: hinderedID, Spell: source(m, a), CasterID: m.ID, TargetID: t.ID,
		Ends: "for " + h.Lasts, Note: possessive(m.Name) + " " + strings.ToLower(a.Name)},
		Until: Until{Round: e.Round + roundsOf(h.Lasts), Turn: e.Current}}
	if h.HalfSpeed {
		fx.Speed = -t.Combatant.Speed / 2
	}
	if h.Repeat && a.DC != nil {
		fx.RepeatSave, _ = rules.ParseAbility(a.DC.Ability)
		fx.DC = a.DC.Value
		fx.Ends += "; a save at the end of each of its turns ends it"
	}
	if err := e.add(res, fx, nil); err != nil {
		return err
	}
	if h.NoReactions {
		e.Participants[ti].ReactionUsed = true
	}
	var what []string
	if h.NoReactions {
		what = append(what, "no reactions")
	}
	if h.HalfSpeed {
		what = append(what, "half its speed")
	}
	if h.OneAttack {
		what = append(what, "one attack on its turn")
	}
	if h.ActionOrBonus {
		what = append(what, "an action or a bonus action, not both")
	}
	res.say(fmt.Sprintf("%s is slowed by %s: %s, %s.", t.Name, fx.Note, strings.Join(what, ", "), fx.Ends))
	return nil
}

// nearOnly narrows those an action catches to the creatures engaged with
// the monster when it reaches only those (srd.Action.Engaged: "within
// 10 ft. of it").
func (e Encounter) nearOnly(ai int, a srd.Action, caught []string) []string {
	if !a.Engaged {
		return caught
	}
	var out []string
	for _, id := range caught {
		if i := e.index(id); i >= 0 && e.engaged(ai, i) {
			out = append(out, id)
		}
	}
	return out
}

// nearAny reports whether monster ai's area action a would catch anyone
// it does not hold yet: always for one that reaches every foe, else a
// creature engaged with it not yet under it.
func (e Encounter) nearAny(ai int, a srd.Action) bool {
	if !a.Engaged {
		return true
	}
	from := source(e.Participants[ai], a)
	for i, p := range e.Participants {
		if e.standing(i) && e.engaged(ai, i) && !slices.ContainsFunc(e.Effects, func(fx Effect) bool { return fx.Spell == from && fx.TargetID == p.ID }) {
			return true
		}
	}
	return false
}

// saveChosen is the ability participant ti saves with against action a:
// of the action's and its Either (a bulette's Deadly Leap: "Strength or
// Dexterity saving throw (target's choice)"), the one with the better
// bonus, the action's on a tie.
func (e Encounter) saveChosen(ti int, a srd.Action, ability rules.Ability) rules.Ability {
	other, err := rules.ParseAbility(a.Either)
	if a.Either == "" || err != nil {
		return ability
	}
	c := e.Participants[ti].Combatant
	if c.SaveBonus(other) > c.SaveBonus(ability) {
		return other
	}
	return ability
}

// readyLeap is monster ai's leap onto the creatures engaged with it
// (a bulette's Deadly Leap: an action with no use limit that catches
// only those), which the policy takes when it would land among two or
// more; a single foe it bites. The fights keep no distances, so the 15
// feet of its jump are not counted.
func (e Encounter) readyLeap(ai int) (srd.Action, bool) {
	p := e.Participants[ai]
	for _, a := range p.Actions {
		if !a.Engaged || a.Usage != nil || !saveArea(a) {
			continue
		}
		n := 0
		for i := range e.Participants {
			if e.standing(i) && e.engaged(ai, i) {
				n++
			}
		}
		if n >= 2 {
			return a, true
		}
	}
	return srd.Action{}, false
}

// cloudID is the effect, on the monster, of the cloud its action leaves
// about it (srd.Hinder.Cloud: a dretch's Fetid Cloud) while it lasts.
const cloudID = "cloud"

// readyCloud is monster ai's action that leaves a cloud, with a use
// left, when none of its own lasts and a foe is engaged with it: the
// creatures that will start their turns in it.
func (e Encounter) readyCloud(ai int) (srd.Action, bool) {
	p := e.Participants[ai]
	for _, a := range p.Actions {
		if a.Hinders == nil || a.Hinders.Cloud == "" || !dailyLeft(p, a) || e.holds(p.ID, cloudID) {
			continue
		}
		for i := range e.Participants {
			if e.standing(i) && e.engaged(ai, i) {
				return a, true
			}
		}
	}
	return srd.Action{}, false
}

// cloud has monster ai use action a: its cloud lasts the action's time.
func (e *Encounter) cloud(res *Result, ai int, a srd.Action) error {
	m := e.Participants[ai]
	e.Participants[ai].Turn.ActionUsed = true
	e.spendDaily(ai, a)
	res.Kind = ActionArea
	fx := Effect{Effect: spell.Effect{ID: cloudID, Spell: source(m, a), CasterID: m.ID, TargetID: m.ID,
		Ends: "for " + a.Hinders.Cloud, Note: possessive(m.Name) + " " + strings.ToLower(a.Name)},
		Until: Until{Round: e.Round + roundsOf(a.Hinders.Cloud), Turn: e.Current}}
	if err := e.add(res, fx, nil); err != nil {
		return err
	}
	res.say(fmt.Sprintf("%s uses %s: a cloud about it %s; whoever starts a turn beside it makes a DC %d %s saving throw.", m.Name, a.Name, fx.Ends, a.DC.Value, strings.ToUpper(a.DC.Ability)))
	return nil
}

// cloudsStart has the creature whose turn starts beside a monster's
// cloud (engaged with it: "a 10-foot radius") make the action's save: a
// failure poisons it, and hinders it as the action says, until the
// start of its next turn.
func (e *Encounter) cloudsStart(res *Result, src dice.Source) error {
	ti := e.index(e.Current)
	if ti < 0 || e.Participants[ti].down() || e.elsewhere(e.Current) {
		return nil
	}
	for _, c := range slices.Clone(e.Effects) {
		ci := e.index(c.CasterID)
		if c.ID != cloudID || ci < 0 || e.Participants[ci].Kind == e.Participants[ti].Kind || !e.engaged(ci, ti) {
			continue
		}
		a, ok := e.sourceAction(c)
		if !ok || a.DC == nil || a.Hinders == nil {
			continue
		}
		ability, err := rules.ParseAbility(a.DC.Ability)
		if err != nil {
			return err
		}
		t := e.Participants[ti]
		sv, err := e.save(res, ti, saveCall{ability: ability, dc: a.DC.Value, reason: ability.Name() + " saving throw against " + c.Note}, src)
		if err != nil {
			return err
		}
		res.say(sv.Summary())
		if sv.Success {
			continue
		}
		until := Until{Round: e.Round + 1, Turn: t.ID}
		for _, hc := range a.Inflicts {
			cond, took, err := e.inflict(res, ti, hc.Condition)
			if err != nil {
				return err
			}
			if !took {
				continue
			}
			if err := e.add(res, Effect{Effect: spell.Effect{ID: cond.String(), Spell: c.Spell, CasterID: c.CasterID, TargetID: t.ID, Condition: cond,
				Ends: "until the start of its next turn", Note: c.Note}, Until: until}, src); err != nil {
				return err
			}
			if err := e.add(res, Effect{Effect: spell.Effect{ID: hinderedID, Spell: c.Spell, CasterID: c.CasterID, TargetID: t.ID,
				Ends: "until the start of its next turn", Note: c.Note}, Until: until}, src); err != nil {
				return err
			}
			if a.Hinders.NoReactions {
				e.Participants[ti].ReactionUsed = true
			}
			res.say(fmt.Sprintf("%s is %s by %s until the start of its next turn: an action or a bonus action, not both, and no reactions.", t.Name, becomes(hc.Condition), c.Note))
		}
	}
	return nil
}
