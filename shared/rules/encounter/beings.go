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

// A monster's action may call creatures to its side (srd.Action.Call: a
// vampire's Children of the Night, a treant's Animate Trees, a wraith's
// Create Specter). They come in as a character's conjured creatures do
// (summons.go): of the caller's kind, each with its initiative, held by
// an effect of the action (summonedFX), and the monsters' policy plays
// their turns. Those the text sends away when their caller dies (the
// vampire's beasts, the treant's trees) vanish then (callerFell).
//
// The fights keep no map and no clock finer than the round, so the
// choices are coarse: what comes outdoors is never called (the fight does
// not know it is outdoors; sunlight says only that the sun is up, which
// forbids the vampire's call altogether); a corpse a wraith raises is a
// Humanoid's that died in this fight (a fight is about a minute, and
// whoever dies in one dies violently), wherever it lies in the fight.

// callingFX is the effect on a caller whose creatures are on their way
// (an Arrive roll): Summon names the stat block, Left how many, and they
// come as its Until comes, at the start of the caller's turn.
const callingFX = "calling"

// readyCall is monster ai's action that calls creatures, when the policy
// takes it: it has a use left, the sun isn't up where the text asks, no
// call of it is on the way, and for a raising, a corpse lies there and
// the caller holds fewer than its most.
func (e Encounter) readyCall(ai int) (srd.Action, srd.Called, bool) {
	p := e.Participants[ai]
	for _, a := range p.Actions {
		c := a.Call
		if c == nil || !dailyLeft(p, a) || (c.SunDown && e.sunlit()) {
			continue
		}
		from := source(p, a)
		if slices.ContainsFunc(e.Effects, func(fx Effect) bool { return fx.ID == callingFX && fx.Spell == from }) {
			continue
		}
		if c.Corpse && (e.corpse() < 0 || (c.Max > 0 && e.called(p.ID, from) >= c.Max)) {
			continue
		}
		for _, k := range c.Creatures {
			if !k.Outdoors {
				return a, k, true
			}
		}
	}
	return srd.Action{}, srd.Called{}, false
}

// called counts the creatures of participant caller's action from on
// their feet in the fight.
func (e Encounter) called(caller, from string) int {
	n := 0
	for _, fx := range e.Effects {
		if fx.ID == summonedFX && fx.CasterID == caller && fx.Spell == from {
			n++
		}
	}
	return n
}

// corpse is the index of a Humanoid that died in the fight and has not
// risen: a character's, or a humanoid monster's; -1 if none.
func (e Encounter) corpse() int {
	for _, id := range e.Order {
		i := e.index(id)
		if i < 0 {
			continue
		}
		p := e.Participants[i]
		humanoid := (p.Kind == KindCharacter && !p.Summoned && p.Form == nil) || p.Type == "humanoid"
		if p.Defeated && humanoid && !e.risen(p.ID) {
			return i
		}
	}
	return -1
}

// risen reports whether the spirit of the creature id already rose from
// its corpse (a specter's id names it: risenFrom).
func (e Encounter) risen(id string) bool {
	return slices.ContainsFunc(e.Participants, func(p Participant) bool { return strings.HasSuffix(p.ID, risenFrom+id) })
}

// risenFrom joins a raised creature's id to its corpse's.
const risenFrom = "-from-"

// callTurn is the policy's action spent on call a: the count rolled, the
// creatures come at once or, with an Arrive roll, after that many rounds
// (callingFX).
func (e *Encounter) callTurn(res *Result, ai int, a srd.Action, k srd.Called, src dice.Source) error {
	p := e.Participants[ai]
	e.Participants[ai].Turn.ActionUsed = true
	e.spendDaily(ai, a)
	res.Kind = ActionArea
	n, err := e.rollCount(res, p, k.Count, "called creatures", src)
	if err != nil {
		return err
	}
	m, ok := e.calledBlock(p, k)
	if !ok {
		return fault.E(fault.Internal, actOp, "no stat block %q to call", k.Monster)
	}
	if a.Call.Arrive == "" {
		return e.bring(res, ai, a, k, n, src)
	}
	r, err := e.rollCount(res, p, a.Call.Arrive, "rounds until the called arrive", src)
	if err != nil {
		return err
	}
	res.say(fmt.Sprintf("%s uses %s: %d %s will come in %d round%s.", p.Name, a.Name, n, m.Name, r, plural(r, "", "s")))
	fx := Effect{Effect: spell.Effect{ID: callingFX, Spell: source(p, a), CasterID: p.ID, TargetID: p.ID, Summon: k.Monster, Left: n,
		Ends: "as the called arrive"}, Until: Until{Round: e.Round + r, Turn: p.ID}}
	return e.add(res, fx, src)
}

// rollCount rolls a call's count or rounds, dice or a number, for p.
func (e *Encounter) rollCount(res *Result, p Participant, count, reason string, src dice.Source) (int, error) {
	if n, err := strconv.Atoi(count); err == nil {
		return n, nil
	}
	x, err := dice.Parse(count)
	if err != nil {
		return 0, fault.Wrap(fault.Internal, actOp, err)
	}
	r := dice.Roll(x, src)
	res.Rolls = append(res.Rolls, rules.Roll{Reason: reason, RollerID: p.ID, Result: r})
	return r.Total, nil
}

// calledBlock is the stat block call k brings: the named one, or the
// caller's own (a treant's tree) keeping only the action k.Only, with
// the mind of a tree (Intelligence and Charisma 1).
func (e Encounter) calledBlock(caller Participant, k srd.Called) (srd.Monster, bool) {
	id := k.Monster
	if id == "" {
		id = caller.SRDID
	}
	m, ok := srd.LookupMonster(id)
	if !ok || k.Only == "" {
		return m, ok
	}
	m.Actions = slices.DeleteFunc(m.Actions, func(a srd.Action) bool { return !strings.EqualFold(a.Name, k.Only) })
	m.LegendaryActions, m.Reactions = nil, nil
	m.Abilities.Int, m.Abilities.Cha = 1, 1
	return m, true
}

// bring brings n creatures of caller ai's call a (choice k) into the
// fight, each with its initiative, held by an effect of the action; a
// raising takes each from a corpse.
func (e *Encounter) bring(res *Result, ai int, a srd.Action, k srd.Called, n int, src dice.Source) error {
	caller := e.Participants[ai]
	m, ok := e.calledBlock(caller, k)
	if !ok {
		return fault.E(fault.Internal, actOp, "no stat block %q to call", k.Monster)
	}
	from := source(caller, a)
	var names []string
	for j := range n {
		if len(e.Participants) >= MaxParticipants {
			res.say(fmt.Sprintf("The fight holds no more than %d; the rest of the %s do not come.", MaxParticipants, m.Name))
			break
		}
		id := fmt.Sprintf("%s-%s-%d", caller.ID, m.ID, e.nextSummon(caller.ID, m.ID))
		name := fmt.Sprintf("%s %d (%s)", m.Name, j+1, caller.Name)
		if a.Call.Corpse {
			ci := e.corpse()
			if ci < 0 || (a.Call.Max > 0 && e.called(caller.ID, from) >= a.Call.Max) {
				break
			}
			dead := e.Participants[ci]
			id = caller.ID + "-" + m.ID + risenFrom + dead.ID
			name = fmt.Sprintf("%s of %s (%s)", m.Name, dead.Name, caller.Name)
		}
		p := monsterParticipant(m, id, name)
		p.Kind, p.Summoned, p.SummonedBy, p.XP = caller.Kind, true, caller.ID, 0
		rolls, err := rollInitiativeOf(&p, src)
		if err != nil {
			return fault.Wrap(fault.Internal, actOp, err)
		}
		res.Rolls = append(res.Rolls, rolls...)
		e.takePlace(p)
		ends := "1 hour"
		if a.Call.WhileAlive {
			ends = "1 hour, or until " + caller.Name + " dies"
		}
		e.Effects = append(e.Effects, Effect{Effect: spell.Effect{ID: summonedFX, Spell: from, CasterID: caller.ID, TargetID: id, Ends: ends}})
		names = append(names, p.Name)
	}
	if len(names) > 0 {
		res.say(fmt.Sprintf("%s's %s brings %s to its side.", caller.Name, a.Name, rules.JoinAnd(names)))
	}
	return nil
}

// arrivals brings in, as the current participant's turn starts, the
// creatures its call sent for that are due (callingFX); a caller that
// died meanwhile called nobody (the effect lapsed with it).
func (e *Encounter) arrivals(res *Result, src dice.Source) error {
	now := e.moment(e.Round, e.Current, false)
	var due []Effect
	for _, fx := range e.Effects {
		if fx.ID == callingFX && fx.CasterID == e.Current && e.due(fx.Until, now) {
			due = append(due, fx)
		}
	}
	if len(due) == 0 {
		return nil
	}
	if err := e.forget(res, func(fx Effect) bool {
		return slices.ContainsFunc(due, func(d Effect) bool { return d.Spell == fx.Spell && d.ID == fx.ID && fx.CasterID == d.CasterID })
	}); err != nil {
		return err
	}
	ai := e.index(e.Current)
	for _, fx := range due {
		k := slices.IndexFunc(e.Participants[ai].Actions, func(a srd.Action) bool { return a.Call != nil && source(e.Participants[ai], a) == fx.Spell })
		if k < 0 {
			continue
		}
		a := e.Participants[ai].Actions[k]
		c := slices.IndexFunc(a.Call.Creatures, func(c srd.Called) bool { return c.Monster == fx.Summon })
		if c < 0 {
			continue
		}
		if err := e.bring(res, ai, a, a.Call.Creatures[c], fx.Left, src); err != nil {
			return err
		}
	}
	return nil
}

// callerFell is why effect fx ends when it holds a called creature whose
// caller's text sends it away at the caller's death, and the caller is
// dead; "" otherwise.
func (e Encounter) callerFell(fx Effect) string {
	if fx.ID != summonedFX {
		return ""
	}
	c, ok := e.Participant(fx.CasterID)
	if !ok || !c.Defeated {
		return ""
	}
	if slices.ContainsFunc(c.Actions, func(a srd.Action) bool { return a.Call != nil && a.Call.WhileAlive && source(c, a) == fx.Spell }) {
		return "its caller died"
	}
	return ""
}

// calls reports whether stat block action a calls creatures, which the
// policy plays (readyCall).
func calls(a srd.Action) bool { return a.Call != nil }
