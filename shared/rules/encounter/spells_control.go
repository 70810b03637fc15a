package encounter

import (
	"fmt"
	"slices"
	"strconv"

	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
)

// The control spells in a fight (rules/spell's control.go): a dancer's
// rolls and its action spent on the save to stop; a confused creature's
// d10 each turn; Eyebite's sickness and Flesh to Stone's hardening,
// saved against after each turn; Feeblemind's state; the sphere, the
// cage and the maze, which take a creature out of every reach.

// shut reports whether an effect takes its target out of reach: inside a
// sphere or cage of force, or lost in a maze.
func shut(fx Effect) bool {
	return fx.ID == spell.EnclosedID || fx.ID == spell.CagedID || fx.ID == spell.MazeID
}

// shutIn tells why participant i is out of reach behind force or in a
// maze; "" if it is not.
func (e Encounter) shutIn(i int) string {
	p := e.Participants[i]
	for _, fx := range e.Effects {
		if fx.TargetID != p.ID {
			continue
		}
		switch fx.ID {
		case spell.EnclosedID:
			return p.Name + " is enclosed in a sphere of force: nothing passes in or out"
		case spell.CagedID:
			return p.Name + " is trapped in a forcecage: nothing reaches in or out"
		case spell.MazeID:
			return p.Name + " is lost in a maze on another plane and can't be reached"
		}
		if why := realmShut(p.Name, fx); why != "" {
			return why
		}
	}
	return ""
}

// controlAdd makes on participant i what a control spell's effect
// changes as it begins: a confused creature takes no reactions, a
// feebleminded one carries the state the rules read, and one shut away
// leaves every reach.
func (e *Encounter) controlAdd(i int, fx *Effect) {
	switch {
	case fx.ID == spell.ConfusedID:
		e.Participants[i].ReactionUsed = true
	case fx.ID == spell.FeeblemindID:
		fx.State = rules.Feebleminded
	case shut(*fx):
		e.part(i)
	}
}

// controlAttack gives a dancer disadvantage on its attack rolls and
// those made against it advantage.
func (e Encounter) controlAttack(ai, ti int, req *rules.AttackRequest) {
	if e.holds(e.Participants[ai].ID, spell.DancingID) {
		req.Disadvantage = append(slices.Clip(req.Disadvantage), "Irresistible Dance")
	}
	if e.holds(e.Participants[ti].ID, spell.DancingID) {
		req.Advantage = append(slices.Clip(req.Advantage), "Irresistible Dance")
	}
}

// controlSaves gives a dancer disadvantage on its Dexterity saves.
func (e Encounter) controlSaves(i int, a rules.Ability) []string {
	if a == rules.Dex && e.holds(e.Participants[i].ID, spell.DancingID) {
		return []string{"Irresistible Dance"}
	}
	return nil
}

// minotaurs are the creatures that never lose their way in a maze.
var minotaurs = []string{"minotaur", "goristro"}

// controlTurnStarts plays the control spells on the participant whose
// turn starts: the maze's escape, the dance, confusion's d10, a
// compulsion told, and a monster shut in force, which has no one in
// reach.
func (e *Encounter) controlTurnStarts(res *Result, src dice.Source) error {
	i := e.index(e.Current)
	if i < 0 || e.Participants[i].down() {
		return nil
	}
	if err := e.escapeMaze(res, i, src); err != nil {
		return err
	}
	if err := e.dance(res, i, src); err != nil {
		return err
	}
	if err := e.confused(res, i, src); err != nil {
		return err
	}
	p := &e.Participants[i]
	if e.holds(p.ID, spell.CompelledID) && p.canAct() {
		res.say(p.Name + " is compelled: after any action, it must use as much of its movement as it can in the direction its compeller designates.")
	}
	if p.Kind == KindMonster && (e.holds(p.ID, spell.EnclosedID) || e.holds(p.ID, spell.CagedID)) && p.canAct() {
		p.Turn.ActionUsed = true
		res.say(p.Name + " strains against the walls of force, with no one in reach.")
	}
	return nil
}

// escapeMaze has participant i, lost in a maze, spend its action on a DC
// 20 Intelligence check to find the way out; a minotaur or a goristro
// needs no roll. Out, it is back in the fight, its action spent.
func (e *Encounter) escapeMaze(res *Result, i int, src dice.Source) error {
	p := e.Participants[i]
	if !e.holds(p.ID, spell.MazeID) {
		return nil
	}
	e.Participants[i].Turn.ActionUsed = true
	if !slices.Contains(minotaurs, p.SRDID) {
		ck, err := rules.Check(p.Combatant, rules.CheckRequest{Ability: rules.Int, DC: 20}, src)
		if err != nil {
			return fault.Wrap(fault.Internal, actOp, err)
		}
		res.Rolls = append(res.Rolls, ck.Rolls...)
		if !ck.Success {
			res.say(fmt.Sprintf("%s searches the maze for a way out and finds none (Intelligence %d against DC 20).", p.Name, ck.Total))
			return nil
		}
		res.say(fmt.Sprintf("%s finds the way out of the maze (Intelligence %d against DC 20).", p.Name, ck.Total))
	} else {
		res.say(p.Name + " walks straight out of the maze.")
	}
	return e.endWhere(res, func(fx Effect) string {
		if fx.TargetID == p.ID && fx.ID == spell.MazeID {
			return "it escaped"
		}
		return ""
	})
}

// dance holds a dancer in place and spends its action on the Wisdom save
// to regain control of itself (the engine takes that action for it: it
// is the one way out of the dance).
func (e *Encounter) dance(res *Result, i int, src dice.Source) error {
	p := &e.Participants[i]
	k := slices.IndexFunc(e.Effects, func(fx Effect) bool { return fx.TargetID == p.ID && fx.ID == spell.DancingID })
	if k < 0 {
		return nil
	}
	p.Turn.Movement = 0
	if !p.canAct() {
		return nil
	}
	p.Turn.ActionUsed = true
	res.say(p.Name + " dances in place, and struggles with its action to regain control of itself.")
	return e.resaveNow(res, e.Effects[k], i, src)
}

// resaveNow has participant ti repeat its save against the spell of fx
// now, through the spell's own repeated save; a success ends the
// spell on it.
func (e *Encounter) resaveNow(res *Result, fx Effect, ti int, src dice.Source) error {
	ci := e.index(fx.CasterID)
	s, ok := srd.LookupSpell(fx.Spell)
	if ci < 0 || !ok {
		return nil
	}
	caster := e.Participants[ci]
	ability, err := spellAbility(caster)
	if err != nil {
		ability = rules.Int // a monster caster: its DC is the effect's
	}
	opts := spell.Options{Ongoing: true, Ability: ability, CasterLevel: caster.Combatant.Level, DC: fx.DC}
	var sv saved
	e.saveSituation(ti, s, &opts, &sv, src)
	sr, err := spell.Cast(caster.Combatant, fx.Spell, fx.SlotLevel, []rules.Combatant{e.Participants[ti].Combatant}, opts, src, srd.LookupSpell)
	res.Rolls = append(res.Rolls, sv.rolls...)
	if err != nil {
		if fault.ReasonOf(err) == "" {
			return err
		}
		return nil // the caster holds the spell no longer; lapse ends it
	}
	if err := e.take(res, ci, sr, src); err != nil {
		return err
	}
	res.say(sr.Summary())
	for _, n := range sv.notes {
		res.say(n)
	}
	if err := e.useUp(res, sv.spent); err != nil {
		return err
	}
	id := e.Participants[ti].ID
	if len(sr.Targets) == 1 && sr.Targets[0].Save != nil && sr.Targets[0].Save.Success {
		// The spell ends on it, and with its last target, the caster's
		// concentration.
		return e.used(res, func(x Effect) bool { return x.TargetID == id && x.Spell == fx.Spell && x.CasterID == fx.CasterID })
	}
	return nil
}

// Confusion's table, by the d10: what the confused creature does.
const (
	confusedWanders = 1 // 1: moves in a random direction, no action
	confusedIdle    = 6 // 2-6: neither moves nor acts
	confusedLashes  = 8 // 7-8: attacks a random creature within reach
)

// confused rolls a confused creature's d10 as its turn starts and holds
// it to the table: wandering off, standing idle, lashing out (a monster
// does it in its turn: lashOut; a character is told), or acting normally.
// It takes no reactions either way.
func (e *Encounter) confused(res *Result, i int, src dice.Source) error {
	p := &e.Participants[i]
	k := slices.IndexFunc(e.Effects, func(fx Effect) bool { return fx.TargetID == p.ID && fx.ID == spell.ConfusedID })
	if k < 0 {
		return nil
	}
	p.ReactionUsed = true
	e.Effects[k].Mark = 0
	if !p.canAct() {
		return nil
	}
	roll := dice.Roll(d10, src)
	e.Effects[k].Mark = roll.Total
	r := rules.Roll{Reason: "confusion", RollerID: p.ID, Result: roll}
	switch n := roll.Total; {
	case n <= confusedWanders:
		r.Outcome = "wanders"
		p.Turn.ActionUsed, p.Turn.BonusActionUsed = true, true
		e.part(i)
		res.say(fmt.Sprintf("%s, confused (%d), wanders off in a random direction and takes no action.", p.Name, n))
	case n <= confusedIdle:
		r.Outcome = "idle"
		p.Turn.ActionUsed, p.Turn.BonusActionUsed, p.Turn.Movement = true, true, 0
		res.say(fmt.Sprintf("%s, confused (%d), neither moves nor acts this turn.", p.Name, n))
	case n <= confusedLashes:
		r.Outcome = "lashes out"
		if p.Kind == KindCharacter {
			res.say(fmt.Sprintf("%s, confused (%d), must use its action to make a melee attack against a random creature within its reach, "+
				"or do nothing if none is.", p.Name, n))
		}
	default:
		r.Outcome = "acts normally"
		res.say(fmt.Sprintf("%s, confused (%d), acts normally this turn.", p.Name, n))
	}
	res.Rolls = append(res.Rolls, r)
	return nil
}

// lashing reports whether monster ai's confusion has it lash out this
// turn.
func (e Encounter) lashing(ai int) bool {
	id := e.Participants[ai].ID
	return slices.ContainsFunc(e.Effects, func(fx Effect) bool {
		return fx.TargetID == id && fx.ID == spell.ConfusedID && fx.Mark > confusedIdle && fx.Mark <= confusedLashes
	})
}

// lashOut is a confused monster's turn on a 7 or 8: its best melee
// attack on a creature within its reach picked at random, friend or foe;
// with none in reach, it does nothing.
func (e *Encounter) lashOut(res *Result, ai int, src dice.Source) error {
	p := e.Participants[ai]
	e.Participants[ai].Turn.ActionUsed = true
	var near []int
	for j, o := range e.Participants {
		if j != ai && !o.Defeated && !e.elsewhere(o.ID) && e.engaged(ai, j) {
			near = append(near, j)
		}
	}
	melee := slices.DeleteFunc(slices.Clone(p.Actions), func(a srd.Action) bool { return a.AttackType == "ranged" })
	a, ok := bestAttack(melee)
	if len(near) == 0 || !ok {
		res.say(p.Name + " lashes about in confusion, with no one in reach.")
		return nil
	}
	ti := near[0]
	if len(near) > 1 {
		pick := dice.Roll(dice.MustParse("1d"+strconv.Itoa(len(near))), src)
		res.Rolls = append(res.Rolls, rules.Roll{Reason: "confusion target", RollerID: p.ID, Result: pick})
		ti = near[pick.Total-1]
	}
	res.say(fmt.Sprintf("%s lashes out in confusion at %s.", p.Name, e.Participants[ti].Name))
	req, err := monsterRequest(a, 0, p.hurt())
	if err != nil {
		return fault.Wrap(fault.Internal, "monster turn", err)
	}
	res.Kind = ActionAttack
	return e.strike(res, ai, ti, req, src)
}

// controlTurnEnds has the participant whose turn ends save against
// Eyebite's sickness and Flesh to Stone's hardening.
func (e *Encounter) controlTurnEnds(res *Result, src dice.Source) error {
	i := e.index(e.Current)
	if i < 0 || e.Participants[i].down() {
		return nil
	}
	id := e.Participants[i].ID
	for _, fx := range slices.Clone(e.Effects) {
		if fx.TargetID != id || (fx.ID != spell.SickenedID && fx.ID != spell.StoneID) {
			continue
		}
		sv, err := e.effectSave(res, i, fx, src)
		if err != nil {
			return err
		}
		if fx.ID == spell.SickenedID {
			if sv.Success {
				if err := e.endWhere(res, func(x Effect) string {
					if x.TargetID == id && x.ID == spell.SickenedID && x.CasterID == fx.CasterID {
						return endSave
					}
					return ""
				}); err != nil {
					return err
				}
			}
			continue
		}
		if err := e.harden(res, i, fx, sv.Success, src); err != nil {
			return err
		}
	}
	return nil
}

// effectSave has participant i make fx's repeated save against its DC,
// with what the fight's effects do to its saves.
func (e *Encounter) effectSave(res *Result, i int, fx Effect, src dice.Source) (rules.SaveResult, error) {
	sv, err := e.save(res, i, saveCall{ability: fx.RepeatSave, dc: fx.DC, against: []string{"magic", fx.Spell},
		reason: fx.RepeatSave.String() + " saving throw against " + spellName(fx.Spell)}, src)
	if err != nil {
		return sv, err
	}
	res.say(sv.Summary())
	return sv, nil
}

// harden counts a save against Flesh to Stone: the third success frees
// the target, the third failure turns it to stone, petrified while the
// caster concentrates.
func (e *Encounter) harden(res *Result, i int, fx Effect, success bool, src dice.Source) error {
	p := e.Participants[i]
	k := slices.IndexFunc(e.Effects, func(x Effect) bool { return x.TargetID == p.ID && x.ID == spell.StoneID && x.CasterID == fx.CasterID })
	if k < 0 {
		return nil
	}
	mine := func(x Effect) string {
		if x.TargetID == p.ID && x.ID == spell.StoneID && x.CasterID == fx.CasterID {
			return endSave
		}
		return ""
	}
	if success {
		e.Effects[k].Left--
		if e.Effects[k].Left > 0 {
			res.say(fmt.Sprintf("%s resists the stone (%d more saves to break free).", p.Name, e.Effects[k].Left))
			return nil
		}
		res.say(p.Name + " shakes off the stone.")
		return e.endWhere(res, mine)
	}
	e.Effects[k].Mark++
	if e.Effects[k].Mark < 3 {
		res.say(fmt.Sprintf("%s stiffens (%d of 3 failures).", p.Name, e.Effects[k].Mark))
		return nil
	}
	stone := e.Effects[k]
	if err := e.endWhere(res, mine); err != nil {
		return err
	}
	cr, err := e.condition(res, i, rules.Petrified)
	if err != nil {
		return err
	}
	res.say(p.Name + " turns to stone.")
	if !cr.Changed {
		return nil
	}
	// Prismatic Spray's indigo ray, held by no concentration, petrifies
	// for good.
	ends := "until the spell ends; if the caster concentrates the full minute, until the effect is removed"
	if !stone.Concentration {
		ends = "until freed by greater restoration or similar magic"
	}
	pet := spell.Effect{ID: rules.Petrified.String(), Spell: stone.Spell, CasterID: stone.CasterID, TargetID: p.ID, Condition: rules.Petrified,
		Concentration: stone.Concentration, Ends: ends}
	return e.add(res, Effect{Effect: pet, SlotLevel: stone.SlotLevel, Until: stone.Until}, src)
}

// walledIn reports whether participant id is inside a sphere or cage of
// force or lost in a maze: it reaches nobody else.
func (e Encounter) walledIn(id string) bool {
	i := e.index(id)
	return i >= 0 && e.shutIn(i) != ""
}

// withinOwnWalls reports whether participant id, walled in or inside a
// swallower, is the one acting: what it does to itself stays inside with
// it (a potion, a spell on itself).
func (e Encounter) withinOwnWalls(id string) bool {
	return id == e.Current && (e.walledIn(id) || e.swallowed(id))
}
