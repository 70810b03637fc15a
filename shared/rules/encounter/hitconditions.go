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

// A monster's hit may put a condition on its target, as its stat block
// says (srd.Action.OnHit): a ghoul's claws paralyse for a minute behind a
// Constitution save the target repeats at the end of each of its turns; a
// wolf's bite knocks prone behind a Strength save; a constrictor snake
// grapples (escape DC 14) and restrains until the grapple ends; a giant
// spider's web restrains until a Strength check against its DC breaks it.
// Each works on the creatures it names (Large or smaller, not elves or
// undead), after the hit's damage, on a target still in the fight.
//
// A prone creature stands up at the start of its turn, with half its
// movement (standUp); a grappled one escapes with its action (escape):
// against the stat block's escape DC with Athletics or Acrobatics,
// whichever it is better at; a webbed one with a Strength check.

// afterHit plays what stat block attack a's hit r does beyond its
// damage to participant ti: the conditions it puts on it, the hit point
// maximum it drains, what a Charge adds to it (charge.go), its
// swallowing (swallow.go), then its riders (riders.go).
func (e *Encounter) afterHit(res *Result, rs Reactions, ai, ti int, a srd.Action, r rules.AttackResult, src dice.Source) error {
	if !r.Hit {
		return nil
	}
	a = withEdge(a, r) // an attachment needs advantage (positions.go)
	if err := e.hitConditions(res, rs, ai, ti, a, src); err != nil {
		return err
	}
	if err := e.lashed(res, rs, ai, ti, a, src); err != nil {
		return err
	}
	if err := e.drain(res, rs, ai, ti, a, r, src); err != nil {
		return err
	}
	if err := e.afflict(res, rs, ai, ti, a, r, src); err != nil {
		return err
	}
	if err := e.charged(res, rs, ai, ti, a, r, src); err != nil {
		return err
	}
	if err := e.swallow(res, rs, ai, ti, a, src); err != nil {
		return err
	}
	return e.riders(res, rs, ai, ti, a, r, src)
}

// hitConditions puts the conditions of stat block attack a, which hit,
// on participant ti. Its saves may be rolled again by the target's
// features (Indomitable), a moment of their own in the turn (rs).
func (e *Encounter) hitConditions(res *Result, rs Reactions, ai, ti int, a srd.Action, src dice.Source) error {
	for _, hc := range a.OnHit {
		t := e.Participants[ti]
		if t.Defeated || t.Left || !hitWorksOn(t, hc) {
			continue
		}
		cond, err := rules.ParseCondition(hc.Condition)
		if err != nil {
			return fault.Wrap(fault.Internal, actOp, err)
		}
		if cond == rules.Grappled && t.GrappledBy != "" {
			continue // already held
		}
		var sv *rules.SaveResult
		if hc.Save != nil {
			r, err := e.hitSave(res, rs, ai, ti, a, hc, src)
			if err != nil {
				return err
			}
			if r.Success {
				res.say(fmt.Sprintf("%s resists being %s (%s save %d against DC %d).", t.Name, becomes(hc.Condition), r.Ability.Name(), r.Total, r.DC))
				continue
			}
			sv = &r
		}
		if hc.Worsens != "" {
			if err := e.turnToStone(res, ai, ti, a, hc, sv); err != nil {
				return err
			}
			continue
		}
		if err := e.hold(res, ai, ti, a, hc, hc.Save, sv); err != nil {
			return err
		}
		if hc.Sleep != nil && sv != nil {
			if err := e.sleep(res, ai, ti, a, hc, *sv, src); err != nil {
				return err
			}
		}
	}
	return nil
}

// source names a monster's action as the source of what it holds a
// creature in (Effect.Spell): "ghoul/claws".
func source(m Participant, a srd.Action) string { return m.SRDID + "/" + a.ID }

// inflict puts the condition a stat block names (name) on participant
// ti; took is false when ti is immune to it, which the result says.
func (e *Encounter) inflict(res *Result, ti int, name string) (cond rules.Condition, took bool, err error) {
	cond, err = rules.ParseCondition(name)
	if err != nil {
		return cond, false, fault.Wrap(fault.Internal, actOp, err)
	}
	cr, err := e.condition(res, ti, cond)
	if err != nil {
		return cond, false, err
	}
	if cr.Immune {
		res.say(cr.Summary())
		return cond, false, nil
	}
	return cond, true, nil
}

// hold puts hit condition hc of monster ai's action a on participant ti,
// who failed its save sv (nil: none was asked), with the effect that ends
// it: its duration, a save against dc repeated at the end of each of the
// creature's turns, an escape.
func (e *Encounter) hold(res *Result, ai, ti int, a srd.Action, hc srd.HitCondition, dc *srd.DC, sv *rules.SaveResult) error {
	t := e.Participants[ti]
	cond, took, err := e.inflict(res, ti, hc.Condition)
	if err != nil || !took {
		return err
	}
	m := e.Participants[ai]
	from := possessive(m.Name) + " " + strings.ToLower(costRE.ReplaceAllString(a.Name, ""))
	switch {
	case cond == rules.Grappled:
		p := &e.Participants[ti]
		p.GrappledBy, p.EscapeDC = m.ID, hc.Escape
		text := fmt.Sprintf("%s is grappled by %s (escape DC %d)", t.Name, from, hc.Escape)
		if hc.Restrained {
			if _, err := e.condition(res, ti, rules.Restrained); err != nil {
				return err
			}
			e.Participants[ti].HeldRestrained = true
			text += " and restrained until the grapple ends"
		}
		res.say(text + ".")
		if hc.Blinded {
			return e.blindWhileHeld(res, ai, ti, a) // positions.go
		}
		return nil
	case hc.Duration == "" && !hc.Repeat && hc.Escape == 0:
		res.say(fmt.Sprintf("%s is %s by %s%s.", t.Name, becomes(hc.Condition), from, savedBy(sv)))
		return nil
	case slices.ContainsFunc(e.Effects, func(x Effect) bool {
		return x.TargetID == t.ID && x.Spell == source(m, a) && x.CasterID == m.ID && x.Condition == cond
	}):
		res.say(fmt.Sprintf("%s is still %s%s.", t.Name, hc.Condition, savedBy(sv)))
		return nil
	}
	fx := Effect{Effect: spell.Effect{ID: cond.String(), Spell: source(m, a), CasterID: m.ID, TargetID: t.ID, Condition: cond,
		Ends: hitEnds(hc), Note: from}, Escape: hc.Escape}
	if hc.Repeat && dc != nil {
		fx.RepeatSave, _ = rules.ParseAbility(dc.Ability)
		fx.DC = dc.Value
	}
	switch hc.Duration {
	case "its next turn":
		fx.Until = Until{Round: e.nextTurnRound(t.ID), Turn: t.ID, End: true}
	case "the source's next turn":
		fx.Until = Until{Round: e.nextTurnRound(m.ID), Turn: m.ID, End: true}
	default:
		if rounds := roundsOf(hc.Duration); rounds > 0 {
			fx.Until = Until{Round: e.Round + rounds, Turn: e.Current}
		}
	}
	if err := e.add(res, fx, nil); err != nil {
		return err
	}
	res.say(fmt.Sprintf("%s is %s by %s%s: %s.", t.Name, becomes(hc.Condition), from, savedBy(sv), fx.Ends))
	return nil
}

// nextTurnRound is the round of participant id's next turn: this round's
// if its turn is still to come, else the next.
func (e Encounter) nextTurnRound(id string) int {
	if slices.Index(e.Order, id) > slices.Index(e.Order, e.Current) {
		return e.Round
	}
	return e.Round + 1
}

// afterAreaSave is what monster ai's area action a does to participant
// ti after its save sv: the conditions it inflicts on a failure; on a
// success, for an action one shakes off for the day (Frightful Presence),
// immunity to it for the rest of the fight.
func (e *Encounter) afterAreaSave(res *Result, ai, ti int, a srd.Action, sv rules.SaveResult, src dice.Source) error {
	if sv.Success {
		if a.ImmuneAfter {
			return e.makeImmune(res, ai, ti, source(e.Participants[ai], a), src)
		}
		return nil
	}
	if a.Drops { // a sea hag's Death Glare (hindrances.go)
		return e.dropToZero(res, ai, ti, a, sv, src)
	}
	if a.Hinders != nil { // a stone golem's Slow (hindrances.go)
		return e.hinder(res, ai, ti, a)
	}
	for _, hc := range a.Inflicts {
		if e.Participants[ti].Defeated || !hitWorksOn(e.Participants[ti], hc) || !inflicted(hc, sv) || !e.lureWorksOn(ti, a) {
			continue
		}
		if hc.Worsens != "" { // a gorgon's breath turns to stone as a cockatrice's bite
			hc.Save = a.DC
			if err := e.turnToStone(res, ai, ti, a, hc, &sv); err != nil {
				return err
			}
			continue
		}
		if err := e.hold(res, ai, ti, a, hc, a.DC, &sv); err != nil {
			return err
		}
	}
	return e.lured(res, ai, ti, a) // positions.go
}

// immuneAs is the id of the effect that keeps a creature immune to a
// monster's action for the day.
const immuneAs = "immune"

// makeImmune makes participant ti immune to the monster's action named
// by src (its Effect.Spell) for the rest of the fight.
func (e *Encounter) makeImmune(res *Result, ai, ti int, from string, src dice.Source) error {
	return e.add(res, Effect{Effect: spell.Effect{ID: immuneAs, Spell: from, CasterID: e.Participants[ai].ID, TargetID: e.Participants[ti].ID,
		Ends: "for 24 hours", Note: "immune to it for the day"}}, src)
}

// immuneTo reports whether participant i is immune to monster ai's
// action a (makeImmune).
func (e Encounter) immuneTo(ai, i int, a srd.Action) bool {
	from, t := source(e.Participants[ai], a), e.Participants[i].ID
	return slices.ContainsFunc(e.Effects, func(fx Effect) bool { return fx.ID == immuneAs && fx.Spell == from && fx.TargetID == t })
}

// hitWorksOn reports whether a hit's condition works on participant t:
// no larger than it allows, and not of a kind it spares ("elf",
// "undead").
func hitWorksOn(t Participant, hc srd.HitCondition) bool {
	if hc.MaxSize != "" && sizeOf(t) > slices.Index(sizes, hc.MaxSize) {
		return false
	}
	for _, x := range hc.Except {
		if t.Type == x || t.Race == x || (strings.HasSuffix(t.Race, "-"+x) && !strings.HasPrefix(t.Race, "half-")) {
			return false
		}
	}
	return true
}

// hitSave is participant ti's save against a hit's condition, with what
// its lasting effects and features add, offered to its features that roll
// a failed save again.
func (e *Encounter) hitSave(res *Result, rs Reactions, ai, ti int, a srd.Action, hc srd.HitCondition, src dice.Source) (rules.SaveResult, error) {
	ability, err := rules.ParseAbility(hc.Save.Ability)
	if err != nil {
		return rules.SaveResult{}, fault.Wrap(fault.Internal, actOp, err)
	}
	c := saveCall{ability: ability, dc: hc.Save.Value, reason: fmt.Sprintf("%s saving throw against %s", ability.Name(), strings.ToLower(a.Name))}
	if hc.Condition == "poisoned" {
		c.against = []string{"poison"}
	}
	if hc.Condition == "paralyzed" {
		c.against = []string{"paralyzed"}
	}
	c.window = func(res *Result, saver rules.Combatant, req rules.SaveRequest, sv rules.SaveResult, k, at int) (rules.SaveResult, error) {
		sv, err := e.rerollSave(res, rs, k, at, ai, ti, saver, req, sv)
		if err != nil {
			return sv, err
		}
		return e.evade(res, rs, k, at, ai, ti, sv) // a Ring of Evasion (items_evasion.go)
	}
	return e.save(res, ti, c, src)
}

// becomes is how a condition put on a creature is told: "knocked prone",
// "paralyzed".
func becomes(c string) string {
	if c == "prone" {
		return "knocked prone"
	}
	return c
}

// savedBy is how a failed save is told after the condition: " (Strength
// save 7 against DC 11)".
func savedBy(sv *rules.SaveResult) string {
	if sv == nil {
		return ""
	}
	return fmt.Sprintf(" (%s save %d against DC %d)", sv.Ability.Name(), sv.Total, sv.DC)
}

// hitEnds says when a hit's condition ends.
func hitEnds(hc srd.HitCondition) string {
	var parts []string
	if hc.Duration != "" {
		parts = append(parts, "for "+hc.Duration)
	}
	if hc.Repeat {
		parts = append(parts, "a save at the end of each of its turns ends it")
	}
	if hc.Escape > 0 {
		parts = append(parts, fmt.Sprintf("its action and a DC %d Strength check end it", hc.Escape))
	}
	if hc.Duration == "" && !hc.Repeat && hc.Escape == 0 {
		parts = append(parts, "until it is cured")
	}
	return strings.Join(parts, "; ")
}

// roundsOf is a duration in rounds of six seconds: a minute is 10; 0 for
// none, or one of an hour or more, which outlasts any fight (the fight's
// end ends it).
func roundsOf(d string) int {
	if d == "1 minute" {
		return 10
	}
	return 0
}

// repeatHitSave is participant ti's save at the end of its turn against
// the hit's condition fx holds it in; a success ends it.
func (e *Encounter) repeatHitSave(res *Result, fx Effect, ti int, src dice.Source) error {
	t := e.Participants[ti]
	held := "being " + fx.Condition.String()
	if fx.Condition == 0 {
		held = "under " + fx.Note // a stone golem's Slow (hindrances.go)
	}
	sv, err := e.save(res, ti, saveCall{ability: fx.RepeatSave, dc: fx.DC, reason: fx.RepeatSave.Name() + " saving throw against " + strings.TrimPrefix(held, "under "),
		dis: e.glare(fx, ti)}, src) // a hag in sight (auras.go)
	if err != nil {
		return err
	}
	if !sv.Success {
		res.say(fmt.Sprintf("%s is still %s (%s save %d against DC %d).", t.Name, strings.TrimPrefix(held, "being "), fx.RepeatSave.Name(), sv.Total, sv.DC))
		return nil
	}
	res.say(fmt.Sprintf("%s shakes off %s (%s save %d against DC %d).", t.Name, strings.TrimPrefix(held, "under "), fx.RepeatSave.Name(), sv.Total, sv.DC))
	if err := e.endWhere(res, sameHold(fx, endSave)); err != nil {
		return err
	}
	// One that shakes off a Frightful Presence, or a hag's Horrific
	// Appearance, is immune to it for the day.
	if ci := e.index(fx.CasterID); ci >= 0 && e.immuneAfter(ci, fx.Spell) {
		return e.makeImmune(res, ci, ti, fx.Spell, src)
	}
	return nil
}

// breakFree is participant ai's action to end the effect fx that holds
// it (a web): a Strength check against the effect's escape DC.
func (e *Encounter) breakFree(res *Result, ai int, fx Effect, src dice.Source) error {
	e.Participants[ai].Turn.ActionUsed = true
	p := e.Participants[ai]
	c, err := rules.Check(p.Combatant, rules.CheckRequest{Ability: rules.Str, DC: fx.Escape}, src)
	if err != nil {
		return fault.Wrap(fault.Internal, actOp, err)
	}
	res.Rolls = append(res.Rolls, c.Rolls...)
	res.say(fmt.Sprintf("%s strains against %s. %s", p.Name, fx.Note, c.Summary()))
	if !c.Success {
		return nil
	}
	return e.endWhere(res, sameHold(fx, "broken free"))
}

// sameHold picks, for endWhere, the effects of the same source as fx on
// its target, with the reason why.
func sameHold(fx Effect, why string) func(Effect) string {
	return func(x Effect) string {
		if x.TargetID == fx.TargetID && x.Spell == fx.Spell && x.CasterID == fx.CasterID {
			return why
		}
		return ""
	}
}

// standUp has the participant whose turn starts, prone, stand up with
// half its movement, when it can: conscious, able to act, and with that
// much movement left (a grapple or a Command to grovel leaves none).
func (e *Encounter) standUp(res *Result) error {
	i := e.index(e.Current)
	if i < 0 {
		return nil
	}
	p := &e.Participants[i]
	c := p.Combatant
	half := c.CurrentSpeed() / 2
	if !c.Conditions.Has(rules.Prone) || !p.canAct() || half <= 0 || p.Turn.Movement < half {
		return nil
	}
	if _, err := e.uncondition(res, i, rules.Prone); err != nil {
		return err
	}
	e.Participants[i].Turn.Movement -= half
	res.say(fmt.Sprintf("%s stands up (%d ft of movement).", p.Name, half))
	return nil
}
