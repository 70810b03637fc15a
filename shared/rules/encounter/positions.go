package encounter

import (
	"fmt"
	"slices"
	"strings"

	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
)

// Where an action puts a creature (srd.Action.Move, Lure), played as the
// fights keep positions: who is in whose reach (reach.go). A pull (a
// balor's whip, behind its Strength save; a roper's Reel, on each
// creature it grapples) brings the creature into the monster's reach,
// out of the others'; the whip lashes from where the balor stands, so
// the balor does not close in to make it. A fling (an air elemental's
// Whirlwind, on those engaged with it, behind its Strength save and
// with its damage; a kraken's Fling, of a creature it grapples) takes
// the creature out of everyone's reach, knocked prone, and its fall
// deals the text's die for every 10 feet. The direction is random and
// the fights keep no map: a die picks, among the other creatures where
// the fight is and the ground (one face more), what the thrown one
// strikes; a creature struck makes the text's Dexterity save or takes
// the same damage and falls prone.
//
// A harpy's Luring Song charms as an area action does (breath.go), the
// humanoids and giants only; while charmed a creature is incapacitated,
// walks to the harpy as its turn starts (engaged with it, drawing the
// opportunity attacks of those whose reach it leaves), makes the save
// again when another source damages it, and is free when the harpy
// can't act. A cloaker or darkmantle that hits with advantage attaches
// to the head: the target is blinded until a Strength check against the
// text's DC detaches it or the monster falls. A rug of smothering's
// grapple blinds while it lasts.

// Effect ids of the holds played here.
const (
	blindedHeld = "blinded-held" // a smothering grapple's blindness
	luredHeld   = "lured"        // the incapacitation of a lured creature
)

// isMove reports whether a is an action without an attack roll that
// moves creatures (a whirlwind, a fling, a reel).
func isMove(a srd.Action) bool { return a.AttackBonus == nil && a.Move != nil }

// playsPosition reports whether the fights play action a of stat block
// m for where it puts creatures (PlaysAction): a move, or a legendary
// action that makes an attack or a move ("Tentacle Attack or Fling").
func playsPosition(m srd.Monster, a srd.Action) bool {
	if isMove(a) {
		return true
	}
	_, fling, ok := eitherOr(m.Actions, a)
	return ok && isMove(fling)
}

// eitherOr reads a legendary action that makes one attack or uses a
// move, "Tentacle Attack or Fling": the attack and the move among
// actions.
func eitherOr(actions []srd.Action, la srd.Action) (attack, move srd.Action, ok bool) {
	first, second, found := strings.Cut(costRE.ReplaceAllString(la.Name, ""), " or ")
	if !found {
		return attack, move, false
	}
	first = strings.TrimSuffix(strings.TrimSpace(first), " Attack")
	i := slices.IndexFunc(actions, func(x srd.Action) bool { return strings.EqualFold(x.Name, first) && x.AttackBonus != nil })
	j := slices.IndexFunc(actions, func(x srd.Action) bool { return strings.EqualFold(x.Name, strings.TrimSpace(second)) && isMove(x) })
	if i < 0 || j < 0 {
		return attack, move, false
	}
	return actions[i], actions[j], true
}

// lashes reports whether stat block attack a pulls its target to the
// monster on a hit (a balor's whip): the monster strikes from where it
// stands.
func lashes(a srd.Action) bool {
	return a.AttackBonus != nil && a.Move != nil && a.Move.Kind == "pull"
}

// grappledBy are the indexes, in initiative order, of the creatures
// monster ai grapples.
func (e Encounter) grappledBy(ai int) []int {
	var out []int
	for _, id := range e.Order {
		if i := e.index(id); i >= 0 && e.Participants[i].GrappledBy == e.Participants[ai].ID && !e.Participants[i].Defeated {
			out = append(out, i)
		}
	}
	return out
}

// readyMove is a move of monster ai's the policy takes as its action: a
// whirlwind ready (not spent to its recharge), with a foe on its feet in
// its reach to catch.
func (e Encounter) readyMove(ai int) (srd.Action, bool) {
	p := e.Participants[ai]
	for _, a := range p.Actions {
		if !isMove(a) || a.Move.Grappled || a.Move.Kind != "fling" || slices.Contains(p.Spent, a.ID) {
			continue
		}
		if slices.ContainsFunc(p.Engaged, func(id string) bool { return e.standing(e.index(id)) }) {
			return a, true
		}
	}
	return srd.Action{}, false
}

// moveTurn is monster ai's action spent on move a (a whirlwind), to its
// recharge when it has one.
func (e *Encounter) moveTurn(res *Result, ai int, a srd.Action, src dice.Source, rs Reactions) error {
	m := &e.Participants[ai]
	if a.Usage != nil && a.Usage.Type == "recharge" {
		e.markSpent(ai, a.ID)
	}
	m.Turn.ActionUsed = true
	res.Kind = ActionArea
	return e.moveCreatures(res, ai, a, src, rs)
}

// moveCreatures plays move a of monster ai on those it catches: each creature it
// grapples (a reel), one of them (a fling), or those engaged with it (a
// whirlwind in its space).
func (e *Encounter) moveCreatures(res *Result, ai int, a srd.Action, src dice.Source, rs Reactions) error {
	v := *a.Move
	var caught []int
	if v.Grappled {
		caught = e.grappledBy(ai)
	} else {
		for _, id := range e.Order {
			if i := e.index(id); i >= 0 && e.engaged(ai, i) && !e.Participants[i].down() {
				caught = append(caught, i)
			}
		}
	}
	if v.One && len(caught) > 1 {
		caught = caught[:1]
	}
	m := e.Participants[ai]
	res.say(fmt.Sprintf("%s uses %s.", m.Name, a.Name))
	var dmg []rules.Damage
	if len(v.Damage) > 0 {
		var rolls []rules.Roll
		dmg, rolls = rules.RollDamage(m.ID, damageParts(srd.Action{Damage: v.Damage}, 0), false, src)
		res.Rolls = append(res.Rolls, rolls...)
	}
	for _, ti := range caught {
		if e.Participants[ti].down() {
			continue
		}
		moved := true
		if v.Save != nil {
			sv, err := e.hitSave(res, rs, ai, ti, a, srd.HitCondition{Condition: "prone", Save: v.Save}, src)
			if err != nil {
				return err
			}
			res.say(sv.Summary())
			moved = !sv.Success
			if len(dmg) > 0 {
				hit, _ := e.Participants[ti].Combatant.SavedDamage(dmg, sv.Ability, sv.Success, v.Save.Success == "half")
				if len(hit) > 0 {
					if err := e.areaDamage(res, ai, ti, hit, src); err != nil {
						return err
					}
				}
			}
		}
		if !moved || e.Participants[ti].Defeated {
			continue
		}
		var err error
		if v.Kind == "pull" {
			err = e.pull(res, ai, ti, v)
		} else {
			err = e.fling(res, ai, ti, a, src, rs)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// pull brings participant ti into monster ai's reach, out of the
// others'.
func (e *Encounter) pull(res *Result, ai, ti int, v srd.Move) error {
	e.part(ti)
	e.engage(ai, ti)
	res.say(fmt.Sprintf("%s is pulled %d feet toward %s, into its reach.", e.Participants[ti].Name, v.Feet, e.Participants[ai].Name))
	return nil
}

// fling throws participant ti away from monster ai with move a: free of
// the monster's grapple, out of everyone's reach, prone, hurt by its
// fall; a die picks the creature it strikes, or the ground.
func (e *Encounter) fling(res *Result, ai, ti int, a srd.Action, src dice.Source, rs Reactions) error {
	v := *a.Move
	t := e.Participants[ti]
	if t.GrappledBy == e.Participants[ai].ID {
		if err := e.release(res, ti); err != nil {
			return err
		}
	}
	e.part(ti)
	res.say(fmt.Sprintf("%s is flung %d feet, out of everyone's reach.", t.Name, v.Feet))
	if err := e.knockDown(res, ti); err != nil {
		return err
	}
	if v.Fall == "" {
		return nil
	}
	fall := srd.Damage{Dice: fmt.Sprintf("%d%s", max(v.Feet/10, 1)*diceCount(v.Fall), v.Fall[strings.Index(v.Fall, "d"):]), Type: "bludgeoning"}
	dmg, rolls := rules.RollDamage(e.Participants[ai].ID, damageParts(srd.Action{Damage: []srd.Damage{fall}}, 0), false, src)
	res.Rolls = append(res.Rolls, rolls...)
	var others []int
	for _, id := range e.Order {
		if i := e.index(id); i >= 0 && i != ai && i != ti && !e.Participants[i].down() && !e.elsewhere(id) {
			others = append(others, i)
		}
	}
	struck := -1
	if len(others) > 0 && v.Struck != nil {
		x, err := dice.Parse(fmt.Sprintf("1d%d", len(others)+1))
		if err != nil {
			return fault.Wrap(fault.Internal, actOp, err)
		}
		r := dice.Roll(x, src)
		res.Rolls = append(res.Rolls, rules.Roll{Reason: "where " + t.Name + " is flung", RollerID: e.Participants[ai].ID, Result: r})
		if r.Total <= len(others) {
			struck = others[r.Total-1]
		}
	}
	if err := e.areaDamage(res, ai, ti, dmg, src); err != nil {
		return err
	}
	if struck < 0 {
		return nil
	}
	s := e.Participants[struck]
	res.say(fmt.Sprintf("%s is thrown at %s.", t.Name, s.Name))
	sv, err := e.hitSave(res, rs, ai, struck, a, srd.HitCondition{Condition: "prone", Save: v.Struck}, src)
	if err != nil {
		return err
	}
	res.say(sv.Summary())
	if sv.Success {
		return nil
	}
	if err := e.areaDamage(res, ai, struck, dmg, src); err != nil {
		return err
	}
	return e.knockDown(res, struck)
}

// diceCount is the number of dice of a roll such as "1d6".
func diceCount(d string) int {
	n := 0
	for _, c := range d[:strings.Index(d, "d")] {
		n = n*10 + int(c-'0')
	}
	return max(n, 1)
}

// knockDown knocks participant i prone, if it still stands in the fight.
func (e *Encounter) knockDown(res *Result, i int) error {
	if e.Participants[i].Defeated || e.Participants[i].Combatant.Conditions.Has(rules.Prone) {
		return nil
	}
	cr, err := e.condition(res, i, rules.Prone)
	if err != nil {
		return err
	}
	if cr.Immune {
		res.say(cr.Summary())
		return nil
	}
	res.say(e.Participants[i].Name + " is knocked prone.")
	return nil
}

// lashed plays the pull of stat block attack a's hit on participant ti:
// the text's save, or pulled into monster ai's reach.
func (e *Encounter) lashed(res *Result, rs Reactions, ai, ti int, a srd.Action, src dice.Source) error {
	if !lashes(a) || e.Participants[ti].down() || e.elsewhere(e.Participants[ti].ID) {
		return nil
	}
	if v := a.Move; v.Save != nil {
		sv, err := e.hitSave(res, rs, ai, ti, a, srd.HitCondition{Condition: "grappled", Save: v.Save}, src)
		if err != nil {
			return err
		}
		if sv.Success {
			res.say(fmt.Sprintf("%s resists the pull (%s save %d against DC %d).", e.Participants[ti].Name, sv.Ability.Name(), sv.Total, sv.DC))
			return nil
		}
	}
	return e.pull(res, ai, ti, *a.Move)
}

// withEdge is stat block attack a as its hit r plays it: the conditions
// that need advantage (a cloaker attaching to the head) only when the
// attack had it.
func withEdge(a srd.Action, r rules.AttackResult) srd.Action {
	if len(r.Edge.Advantage) > 0 && len(r.Edge.Disadvantage) == 0 {
		return a
	}
	if !slices.ContainsFunc(a.OnHit, func(hc srd.HitCondition) bool { return hc.Advantage }) {
		return a
	}
	a.OnHit = slices.DeleteFunc(slices.Clone(a.OnHit), func(hc srd.HitCondition) bool { return hc.Advantage })
	return a
}

// blindWhileHeld blinds participant ti for as long as monster ai's
// grapple with action a holds it (a rug of smothering's).
func (e *Encounter) blindWhileHeld(res *Result, ai, ti int, a srd.Action) error {
	cr, err := e.condition(res, ti, rules.Blinded)
	if err != nil || cr.Immune {
		return err
	}
	m := e.Participants[ai]
	from := possessive(m.Name) + " " + strings.ToLower(a.Name)
	res.say(fmt.Sprintf("%s is blinded while %s holds it.", e.Participants[ti].Name, from))
	return e.add(res, Effect{Effect: spell.Effect{ID: blindedHeld, Spell: source(m, a), CasterID: m.ID, TargetID: e.Participants[ti].ID,
		Condition: rules.Blinded, Ends: "when the grapple ends", Note: from}}, nil)
}

// letGoOf tells why effect fx, a hold of this file, ends: the grapple it
// comes with ended, the attached monster fell, the singer can't sing; ""
// while it holds (lapse).
func (e Encounter) letGoOf(fx Effect) string {
	m, ok := e.Participant(fx.CasterID)
	switch {
	case fx.ID == blindedHeld:
		if t, _ := e.Participant(fx.TargetID); !ok || t.GrappledBy != m.ID {
			return "the grapple ended"
		}
	case e.attached(fx):
		if !ok || m.down() {
			return "it let go"
		}
	case e.lureOf(fx) != nil:
		if !ok || !m.canAct() {
			return "the song ended"
		}
	}
	return ""
}

// actionOf is the stat block action an effect's source names
// ("cloaker/bite"), of its caster.
func (e Encounter) actionOf(fx Effect) (srd.Action, bool) {
	m, ok := e.Participant(fx.CasterID)
	if !ok || m.SRDID == "" {
		return srd.Action{}, false
	}
	for _, a := range m.Actions {
		if source(m, a) == fx.Spell {
			return a, true
		}
	}
	return srd.Action{}, false
}

// attached reports whether effect fx is the blindness of a monster
// attached to its target's head.
func (e Encounter) attached(fx Effect) bool {
	a, ok := e.actionOf(fx)
	return ok && slices.ContainsFunc(a.OnHit, func(hc srd.HitCondition) bool { return hc.Advantage && hc.Condition == fx.Condition.String() })
}

// lureOf is the lure of the action effect fx comes from, nil if none.
func (e Encounter) lureOf(fx Effect) *srd.Lure {
	if fx.ID == immuneAs {
		return nil
	}
	if a, ok := e.actionOf(fx); ok {
		return a.Lure
	}
	return nil
}

// lureWorksOn reports whether action a's lure, if any, works on
// participant ti: of the creature types it names.
func (e Encounter) lureWorksOn(ti int, a srd.Action) bool {
	return a.Lure == nil || len(a.Lure.Only) == 0 || slices.Contains(a.Lure.Only, e.Participants[ti].Type)
}

// lured incapacitates participant ti, charmed by monster ai's song a,
// for as long as the charm holds (afterAreaSave).
func (e *Encounter) lured(res *Result, ai, ti int, a srd.Action) error {
	if a.Lure == nil || !a.Lure.Incapacitated || e.Participants[ti].Defeated {
		return nil
	}
	m, t := e.Participants[ai], e.Participants[ti]
	if !slices.ContainsFunc(e.Effects, func(fx Effect) bool {
		return fx.TargetID == t.ID && fx.Spell == source(m, a) && fx.Condition == rules.Charmed
	}) {
		return nil // it resisted, or is immune to charm
	}
	if slices.ContainsFunc(e.Effects, func(fx Effect) bool { return fx.TargetID == t.ID && fx.ID == luredHeld && fx.Spell == source(m, a) }) {
		return nil
	}
	if _, err := e.condition(res, ti, rules.Incapacitated); err != nil {
		return err
	}
	from := possessive(m.Name) + " " + strings.ToLower(a.Name)
	return e.add(res, Effect{Effect: spell.Effect{ID: luredHeld, Spell: source(m, a), CasterID: m.ID, TargetID: t.ID,
		Condition: rules.Incapacitated, Ends: "while the charm holds", Note: from}}, nil)
}

// lureWalks walks the participant whose turn starts, lured by a song, to
// its singer: it leaves the reach of those engaged with it (a
// character draws the monsters' opportunity attacks) and engages the
// singer.
func (e *Encounter) lureWalks(res *Result, src dice.Source) error {
	ti := e.index(e.Current)
	if ti < 0 {
		return nil
	}
	id := e.Participants[ti].ID
	k := slices.IndexFunc(e.Effects, func(fx Effect) bool {
		l := e.lureOf(fx)
		return fx.TargetID == id && fx.ID == luredHeld && l != nil && l.Walks
	})
	if k < 0 {
		return nil
	}
	hi := e.index(e.Effects[k].CasterID)
	if hi < 0 || e.engaged(hi, ti) || e.Participants[ti].down() {
		return nil
	}
	if e.Participants[ti].Kind == KindCharacter {
		if err := e.monstersStrike(res, ti, src); err != nil {
			return err
		}
	}
	if e.Participants[ti].down() {
		return nil
	}
	e.part(ti)
	e.engage(hi, ti)
	res.say(fmt.Sprintf("%s walks toward %s, lured by its song.", e.Participants[ti].Name, e.Participants[hi].Name))
	return nil
}

// lureShaken gives participant ti, lured by a song and damaged by
// another than the singer, the save again (featuresDamaged).
func (e *Encounter) lureShaken(res *Result, ti int, d rules.DamageResult, src dice.Source) error {
	if d.Taken <= 0 {
		return nil
	}
	id := e.Participants[ti].ID
	k := slices.IndexFunc(e.Effects, func(fx Effect) bool {
		l := e.lureOf(fx)
		return fx.TargetID == id && fx.Condition == rules.Charmed && fx.RepeatSave != 0 && l != nil && l.DamageSaves && fx.CasterID != res.ActorID
	})
	if k < 0 {
		return nil
	}
	return e.repeatHitSave(res, e.Effects[k], ti, src)
}

// flingInstead is the move monster ai makes with legendary action l
// ("Tentacle Attack or Fling") in place of its attack: the move, when it
// grapples two creatures or more (one it keeps to swallow).
func (e Encounter) flingInstead(ai int, l Legendary) (srd.Action, bool) {
	p := e.Participants[ai]
	_, move, ok := eitherOr(p.Actions, srd.Action{Name: l.Name})
	if !ok || len(e.grappledBy(ai)) < 2 {
		return srd.Action{}, false
	}
	return move, true
}

// withMoves puts in a Multiattack's plan the move it names without an
// attack roll (a roper's Reel), after its last grappling attack.
func withMoves(p Participant, plan []srd.Action) []srd.Action {
	k := slices.IndexFunc(p.Actions, func(a srd.Action) bool { return a.Multiattack != nil })
	if k < 0 || len(plan) == 0 {
		return plan
	}
	counts := fixedCounts(*p.Actions[k].Multiattack)
	for _, a := range p.Actions {
		if !isMove(a) || counts[strings.ToLower(a.Name)] == 0 {
			continue
		}
		at := len(plan)
		for i, x := range plan {
			if slices.ContainsFunc(x.OnHit, func(hc srd.HitCondition) bool { return hc.Condition == "grappled" }) {
				at = i + 1
			}
		}
		plan = slices.Insert(slices.Clone(plan), at, a)
	}
	return plan
}
