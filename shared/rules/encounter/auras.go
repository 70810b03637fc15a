package encounter

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
)

// A monster's aura (srd.Aura, read from its special ability's text by
// srdgen/auras.go) acts on the creatures around it: as each starts its
// turn near the monster (a pit fiend's Fear Aura, a gibbering mouther's
// Gibbering and Aberrant Ground, a sea hag's Horrific Appearance, a
// medusa's or a basilisk's Petrifying Gaze: auraAt), as the monster's
// own turn starts (a balor's Fire Aura, a barbed devil's hide on its
// grappler: around), or when a creature strikes it in melee (the
// balor's fire, a fire elemental's Fire Form, a black pudding's
// Corrosive Form: struckBack). A Flinch is what a damage type does to
// the monster itself until the end of its next turn (a flesh golem's
// Aversion of Fire, a water elemental's Freeze: flinch).
//
// The fights keep no distances: an aura of 10 feet or less reaches the
// creatures engaged with the monster (reach.go); a farther one (20, 30
// feet) every foe in the fight, where the fight is, that sees the
// monster (not blinded) when the text asks sight, that hears it (not
// deafened) when it asks hearing. An aura reaches only the monster's
// foes, and none while the monster is elsewhere. Averting one's eyes
// from a gaze or a hag is not offered: a creature that would is one
// that does not look, which the fights do not keep.

// nearFeet is the farthest an aura reaches that the fights read as the
// creatures engaged with the monster.
const nearFeet = 10

// stoneFor is how long a gaze's petrification lasts, as both gazes'
// texts say.
const stoneFor = "as long as no Greater Restoration or other magic frees it"

// auraReaches reports whether monster o's aura w reaches participant i.
func (e Encounter) auraReaches(o, i int, w srd.Aura) bool {
	m, t := e.Participants[o], e.Participants[i]
	switch {
	case o == i || t.Kind == m.Kind || t.Defeated || m.down() || e.elsewhere(t.ID) || e.elsewhere(m.ID):
		return false
	case w.Sight && t.Combatant.Conditions.Has(rules.Blinded):
		return false
	case w.Hearing && t.Combatant.Conditions.Has(rules.Deafened):
		return false
	case w.Only != "" && creatureType(t) != w.Only:
		return false
	case w.Grappling:
		return m.GrappledBy == t.ID
	case w.Feet <= nearFeet:
		return e.engaged(o, i)
	}
	return true
}

// creatureType is participant p's creature type: a character's race is
// a humanoid's; a monster's or a summoned creature's is its stat
// block's.
func creatureType(p Participant) string {
	if p.Kind == KindCharacter && !p.Summoned && p.Form == nil {
		return "humanoid"
	}
	return p.Type
}

// auraOf is monster o's trait id with the aura that acts at moment
// starts ("" for one struck), if it has it.
func (e Encounter) auraOf(o int, id, starts string) (srd.Action, bool) {
	tr, ok := e.Participants[o].trait(id)
	if !ok || tr.Aura == nil || tr.Aura.Starts != starts {
		return srd.Action{}, false
	}
	return tr, true
}

// auraLapse ends, as a participant's turn starts, what monster o's
// trait id holds it in until then (a fear aura's fright, a mouther's
// ground): its speed, held at 0, comes back for the turn.
func auraLapse(id string) func(e *Encounter, res *Result, o int, src dice.Source) error {
	return func(e *Encounter, res *Result, o int, _ dice.Source) error {
		i := e.index(e.Current)
		tr, ok := e.auraOf(o, id, srd.AuraTheirTurn)
		if i < 0 || !ok {
			return nil
		}
		from, caster, now := source(e.Participants[o], tr), e.Participants[o].ID, e.moment(e.Round, e.Current, false)
		freed := false
		err := e.endWhere(res, func(fx Effect) string {
			if fx.Spell == from && fx.CasterID == caster && fx.TargetID == e.Current && e.due(fx.Until, now) {
				freed = freed || fx.Speed < 0
				return endTime
			}
			return ""
		})
		if freed {
			e.Participants[i].Turn.Movement = e.Participants[i].Combatant.CurrentSpeed()
		}
		return err
	}
}

// auraAt is trait id's aura on a creature (participant i) that starts
// its turn near monster o: its save, and on a failure what the aura
// does (Aura.Does). One immune to it (it saved against it before) or
// still held by it makes no save.
func auraAt(id string) func(e *Encounter, res *Result, o, i int, src dice.Source) error {
	return func(e *Encounter, res *Result, o, i int, src dice.Source) error {
		tr, ok := e.auraOf(o, id, srd.AuraTheirTurn)
		if !ok || tr.DC == nil || !e.Participants[o].canAct() || !e.auraReaches(o, i, *tr.Aura) || e.Participants[i].down() ||
			e.immuneTo(o, i, tr) || e.auraHolds(o, i, tr) {
			return nil
		}
		w, m, t := *tr.Aura, e.Participants[o], e.Participants[i]
		ability, err := rules.ParseAbility(tr.DC.Ability)
		if err != nil {
			return fault.Wrap(fault.Internal, actOp, err)
		}
		var against []string
		if w.Condition != "" {
			against = append(against, w.Condition)
		}
		sv, err := e.save(res, i, saveCall{ability: ability, dc: tr.DC.Value, against: against,
			reason: ability.Name() + " saving throw against " + e.from(o, tr)}, src)
		if err != nil {
			return err
		}
		if sv.Success {
			res.say(fmt.Sprintf("%s withstands %s (%s save %d against DC %d).", t.Name, e.from(o, tr), ability.Name(), sv.Total, sv.DC))
			if w.ImmuneAfter {
				return e.makeImmune(res, o, i, source(m, tr), src)
			}
			return nil
		}
		switch w.Does {
		case srd.AuraHalt:
			return e.halt(res, o, i, tr, sv)
		case srd.AuraMadness:
			return e.babble(res, o, i, sv, src)
		case srd.AuraCondition:
			return e.auraCondition(res, o, i, tr, sv)
		}
		return nil
	}
}

// auraHolds reports whether monster o's trait tr holds participant i
// already: a condition of it (a minute's fright, a petrification
// begun), or i petrified by anything.
func (e Encounter) auraHolds(o, i int, tr srd.Action) bool {
	from, caster, t := source(e.Participants[o], tr), e.Participants[o].ID, e.Participants[i]
	if tr.Aura.Worsens != "" && t.Combatant.Conditions.Has(rules.Petrified) {
		return true
	}
	return slices.ContainsFunc(e.Effects, func(fx Effect) bool {
		return fx.Spell == from && fx.CasterID == caster && fx.TargetID == t.ID && fx.ID != immuneAs
	})
}

// auraCondition puts the aura's condition on participant i, who failed
// its save sv: a fright until the start of its next turn or for a
// minute (repeated, hold), or a gaze's petrification, begun as a
// cockatrice's is (riders.go: turnToStone), or at once on a save failed
// by the text's margin.
func (e *Encounter) auraCondition(res *Result, o, i int, tr srd.Action, sv rules.SaveResult) error {
	w, m, t := *tr.Aura, e.Participants[o], e.Participants[i]
	save := *tr.DC
	save.Success = "none"
	switch {
	case w.Worsens != "" && w.FailBy > 0 && sv.Total <= sv.DC-w.FailBy:
		return e.auraPetrify(res, o, i, tr, sv)
	case w.Worsens != "":
		return e.turnToStone(res, o, i, tr, srd.HitCondition{Condition: w.Condition, Save: &save, Worsens: w.Worsens, WorsensFor: stoneFor}, &sv)
	case w.Duration != srd.AuraNextTurnStart:
		return e.hold(res, o, i, tr, srd.HitCondition{Condition: w.Condition, Save: &save, Duration: w.Duration, Repeat: w.Repeat}, &save, &sv)
	}
	cond, took, err := e.inflict(res, i, w.Condition)
	if err != nil || !took {
		return err
	}
	fx := Effect{Effect: spell.Effect{ID: cond.String(), Spell: source(m, tr), CasterID: m.ID, TargetID: t.ID, Condition: cond,
		Ends: "until the start of its next turn", Note: e.from(o, tr)}, Until: Until{Round: e.nextTurnRound(t.ID), Turn: t.ID}}
	if err := e.add(res, fx, nil); err != nil {
		return err
	}
	res.say(fmt.Sprintf("%s is %s by %s%s until the start of its next turn.", t.Name, becomes(w.Condition), fx.Note, savedBy(&sv)))
	return nil
}

// auraPetrify turns participant i to stone at once: a medusa's gaze on
// a save failed by 5 or more.
func (e *Encounter) auraPetrify(res *Result, o, i int, tr srd.Action, sv rules.SaveResult) error {
	m, t := e.Participants[o], e.Participants[i]
	cond, took, err := e.inflict(res, i, tr.Aura.Worsens)
	if err != nil || !took {
		return err
	}
	fx := Effect{Effect: spell.Effect{ID: cond.String(), Spell: source(m, tr), CasterID: m.ID, TargetID: t.ID, Condition: cond,
		Ends: "for " + stoneFor, Note: e.from(o, tr)}}
	if err := e.add(res, fx, nil); err != nil {
		return err
	}
	res.say(fmt.Sprintf("%s is instantly %s by %s (%s save %d against DC %d, failed by %d or more): %s.",
		t.Name, cond, fx.Note, sv.Ability.Name(), sv.Total, sv.DC, tr.Aura.FailBy, fx.Ends))
	return nil
}

// gazeLasts is how long the petrification a gaze began (fx, turning to
// stone) lasts once the second save fails (riders.go: stone).
func (e Encounter) gazeLasts(fx Effect) (string, bool) {
	ci := e.index(fx.CasterID)
	if ci < 0 {
		return "", false
	}
	m := e.Participants[ci]
	for _, id := range m.Traits {
		if tr, ok := m.trait(id); ok && tr.Aura != nil && tr.Aura.Worsens != "" && source(m, tr) == fx.Spell {
			return stoneFor, true
		}
	}
	return "", false
}

// halt holds participant i's speed at 0 until the start of its next
// turn (a mouther's Aberrant Ground): what movement it has left this
// turn is gone.
func (e *Encounter) halt(res *Result, o, i int, tr srd.Action, sv rules.SaveResult) error {
	m, t := e.Participants[o], e.Participants[i]
	fx := Effect{Effect: spell.Effect{ID: "halted", Spell: source(m, tr), CasterID: m.ID, TargetID: t.ID, Speed: -t.Combatant.Speed,
		Ends: "speed 0 until the start of its next turn", Note: e.from(o, tr)}, Until: Until{Round: e.nextTurnRound(t.ID), Turn: t.ID}}
	if err := e.add(res, fx, nil); err != nil {
		return err
	}
	e.Participants[i].Turn.Movement = 0
	res.say(fmt.Sprintf("%s is stuck fast in %s%s: its speed is 0 until the start of its next turn.", t.Name, fx.Note, savedBy(&sv)))
	return nil
}

// The gibbering's d8: what a creature that failed its save does this
// turn.
const (
	babbleIdle   = 4 // 1-4: it does nothing
	babbleWander = 6 // 5-6: no action or bonus action, all its movement in a random direction
	// 7-8: a melee attack against a random creature within its reach,
	// or nothing if it can make none
)

var d8 = dice.MustParse("1d8")

// babble plays a gibbering mouther's Gibbering on participant i, who
// failed its save: no reactions until the start of its next turn, and
// its turn by the d8 (coarsely, with no map: a wanderer leaves everyone's
// reach; a lashing creature strikes at once, with its best melee
// attack, at a creature engaged with it picked at random). Its turn is
// spent either way.
func (e *Encounter) babble(res *Result, o, i int, sv rules.SaveResult, src dice.Source) error {
	p := &e.Participants[i]
	p.ReactionUsed = true
	roll := dice.Roll(d8, src)
	r := rules.Roll{Reason: "gibbering", RollerID: p.ID, Result: roll}
	name, n := p.Name, roll.Total
	defer func() {
		q := &e.Participants[i]
		q.Turn.ActionUsed, q.Turn.BonusActionUsed, q.Turn.Movement = true, true, 0
	}()
	lead := fmt.Sprintf("%s, maddened by %s%s, rolls %d on the d8", name, e.from(o, srd.Action{Name: "gibbering"}), savedBy(&sv), n)
	switch {
	case n <= babbleIdle:
		r.Outcome = "does nothing"
		res.Rolls = append(res.Rolls, r)
		res.say(lead + ": it does nothing this turn, and takes no reactions until its next.")
		return nil
	case n <= babbleWander:
		r.Outcome = "wanders"
		res.Rolls = append(res.Rolls, r)
		e.part(i)
		res.say(lead + ": it takes no action and stumbles off in a random direction, out of everyone's reach.")
		return nil
	}
	r.Outcome = "lashes out"
	res.Rolls = append(res.Rolls, r)
	return e.lashAtRandom(res, i, lead, src)
}

// lashAtRandom is participant i's melee attack at a creature within its
// reach picked at random (its best melee attack: a stat block's, or a
// character's best melee weapon); with none in reach, nothing.
func (e *Encounter) lashAtRandom(res *Result, i int, lead string, src dice.Source) error {
	p := e.Participants[i]
	var near []int
	for j, o := range e.Participants {
		if j != i && !o.Defeated && !e.elsewhere(o.ID) && e.engaged(i, j) {
			near = append(near, j)
		}
	}
	var req rules.AttackRequest
	var err error
	armed := true
	if len(p.Actions) > 0 {
		a, ok := bestAttack(meleeOnly(p.Actions))
		armed = ok
		if ok {
			req, err = monsterRequest(a, 0, p.hurt())
		}
	} else {
		req, err = bestMelee(p)
	}
	if err != nil {
		return fault.Wrap(fault.Internal, actOp, err)
	}
	if len(near) == 0 || !armed {
		res.say(lead + ": it would strike at a creature within its reach, and there is none, so it does nothing.")
		return nil
	}
	ti := near[0]
	if len(near) > 1 {
		pick := dice.Roll(dice.MustParse("1d"+strconv.Itoa(len(near))), src)
		res.Rolls = append(res.Rolls, rules.Roll{Reason: "gibbering target", RollerID: p.ID, Result: pick})
		ti = near[pick.Total-1]
	}
	res.say(fmt.Sprintf("%s: it lashes out at %s.", lead, e.Participants[ti].Name))
	return e.strike(res, i, ti, req, src)
}

// around is trait id's aura as its monster's (o) turn starts: its
// damage, one roll, to each creature it reaches (a balor's Fire Aura on
// those engaged with it, a barbed devil's hide on its grappler).
func around(id string) func(e *Encounter, res *Result, o int, src dice.Source) error {
	return func(e *Encounter, res *Result, o int, src dice.Source) error {
		tr, ok := e.auraOf(o, id, srd.AuraItsTurn)
		if !ok || len(tr.Damage) == 0 {
			return nil
		}
		var hit []int
		for i := range e.Participants {
			if e.auraReaches(o, i, *tr.Aura) {
				hit = append(hit, i)
			}
		}
		if len(hit) == 0 {
			return nil
		}
		m := e.Participants[o]
		dmg, rolls := rules.RollDamage(m.ID, damageParts(tr, 0), false, src)
		res.Rolls = append(res.Rolls, rolls...)
		for _, i := range hit {
			if e.Participants[i].Defeated {
				continue
			}
			tell := strings.ToUpper(e.from(o, tr)[:1]) + e.from(o, tr)[1:] + " hurts " + e.Participants[i].Name + ": "
			if _, err := e.damage(res, o, i, e.Participants[i].Combatant, rules.Hit{Damage: dmg}, tell, src); err != nil {
				return err
			}
		}
		return nil
	}
}

// struckBack is trait id's damage to a creature (ai) whose melee attack
// hit its monster (ti): a balor's fire, a fire elemental's, a black
// pudding's acid, whose corrosion of a nonmagical weapon is told.
func struckBack(id string) func(e *Encounter, res *Result, ai, ti int, src dice.Source) error {
	return func(e *Encounter, res *Result, ai, ti int, src dice.Source) error {
		m := e.Participants[ti]
		tr, ok := m.trait(id)
		if !ok || tr.Aura == nil || !tr.Aura.Struck || len(tr.Damage) == 0 || e.Participants[ai].Defeated {
			return nil
		}
		dmg, rolls := rules.RollDamage(m.ID, damageParts(tr, 0), false, src)
		res.Rolls = append(res.Rolls, rolls...)
		tell := strings.ToUpper(e.from(ti, tr)[:1]) + e.from(ti, tr)[1:] + " hurts " + e.Participants[ai].Name + ": "
		if _, err := e.damage(res, ti, ai, e.Participants[ai].Combatant, rules.Hit{Damage: dmg}, tell, src); err != nil {
			return err
		}
		if id == "corrosive-form" && e.Participants[ai].Kind == KindCharacter && len(e.Participants[ai].Actions) == 0 {
			res.say("A nonmagical weapon of metal or wood that hits it corrodes: a lasting -1 to its damage rolls for each hit, destroyed at -5 " +
				"(the narrator keeps the weapon's wear; the sheet does not).")
		}
		return nil
	}
}

// flinching is the effect of a Flinch on its monster, until the end of
// its next turn.
const flinching = "flinching"

// flinch is trait id's Flinch as damage d reaches its monster (ti):
// damage of its type slows it (its speed down by the text's feet) or
// hampers it (disadvantage on its attack rolls: hampered) until the end
// of its next turn; more of it starts that time again.
func flinch(id string) func(e *Encounter, res *Result, ti int, d rules.DamageResult, src dice.Source) error {
	return func(e *Encounter, res *Result, ti int, d rules.DamageResult, src dice.Source) error {
		m := e.Participants[ti]
		tr, ok := m.trait(id)
		if !ok || tr.Flinch == nil || m.down() || !slices.ContainsFunc(d.Parts, func(p rules.DamageTaken) bool {
			return p.Taken > 0 && p.Type.String() == tr.Flinch.Type
		}) {
			return nil
		}
		from := source(m, tr)
		same := func(fx Effect) bool { return fx.ID == flinching && fx.Spell == from && fx.TargetID == m.ID }
		if err := e.relieve(res, same, ""); err != nil {
			return err
		}
		f := *tr.Flinch
		fx := Effect{Effect: spell.Effect{ID: flinching, Spell: from, CasterID: m.ID, TargetID: m.ID,
			Speed: -min(f.Slowed, e.Participants[ti].Combatant.Speed), Note: e.from(ti, tr)},
			Until: Until{Round: e.nextTurnRound(m.ID), Turn: m.ID, End: true}}
		if f.Disadvantage {
			fx.Ends = "disadvantage on its attack rolls and ability checks until the end of its next turn"
		} else {
			fx.Ends = fmt.Sprintf("its speed %d feet less until the end of its next turn", f.Slowed)
		}
		if err := e.add(res, fx, src); err != nil {
			return err
		}
		res.say(fmt.Sprintf("%s recoils from the %s (%s): %s.", m.Name, f.Type, tr.Name, fx.Ends))
		return nil
	}
}

// hampered gives a monster flinching from its Flinch's damage type
// disadvantage on its attack rolls (Aversion of Fire).
func hampered(e *Encounter, ai, _ int, req *rules.AttackRequest) {
	id := e.Participants[ai].ID
	if slices.ContainsFunc(e.Effects, func(fx Effect) bool {
		return fx.ID == flinching && fx.TargetID == id && strings.HasPrefix(fx.Ends, "disadvantage")
	}) {
		req.Disadvantage = append(req.Disadvantage, "aversion")
	}
}

// glare is the disadvantage on participant ti's repeated save against
// the condition fx holds it in, when fx is an aura that gives it while
// the monster is in sight (a sea hag's Horrific Appearance): the hag in
// the fight, and ti not blinded.
func (e Encounter) glare(fx Effect, ti int) []string {
	ci := e.index(fx.CasterID)
	if ci < 0 || e.Participants[ci].Defeated || e.elsewhere(fx.CasterID) || e.Participants[ti].Combatant.Conditions.Has(rules.Blinded) {
		return nil
	}
	m := e.Participants[ci]
	for _, id := range m.Traits {
		if tr, ok := m.trait(id); ok && tr.Aura != nil && tr.Aura.Glare && source(m, tr) == fx.Spell {
			return []string{"in sight of " + m.Name}
		}
	}
	return nil
}

// immuneAfter reports whether shaking off the condition of monster ci's
// action or trait named from (Effect.Spell) makes the creature immune
// to it for the day: a Frightful Presence, a hag's Horrific Appearance.
func (e Encounter) immuneAfter(ci int, from string) bool {
	m := e.Participants[ci]
	for _, a := range m.Actions {
		if source(m, a) == from && a.ImmuneAfter {
			return true
		}
	}
	for _, id := range m.Traits {
		if tr, ok := m.trait(id); ok && tr.Aura != nil && tr.Aura.ImmuneAfter && source(m, tr) == from {
			return true
		}
	}
	return false
}
