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
	"chronicler/shared/world"
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

// The keen senses' advantage on Perception checks that rely on a sense
// is, on a passive Perception, +5 (PHB: passive checks). The fight
// compares Perception with Stealth only when a creature hides
// (bonus.go: hide), against its foes' passive Perception: a hidden
// creature is one unseen, and it is still heard and smelled, so keen
// hearing or smell always counts; keen sight counts only where the
// fight's light is dim, where a hider is in sight but half hidden.
var keenSenses = map[string][]string{
	"keen-hearing": {"hearing"}, "keen-smell": {"smell"}, "keen-sight": {"sight"},
	"keen-hearing-and-smell": {"hearing", "smell"}, "keen-hearing-and-sight": {"hearing", "sight"},
	"keen-sight-and-smell": {"sight", "smell"}, "keen-senses": {"sight", "hearing", "smell"},
}

// keenNotice is what participant oi's keen senses add to its passive
// Perception against a creature hiding: 5, or 0.
func (e Encounter) keenNotice(oi int) int {
	for _, id := range e.Participants[oi].Traits {
		for _, sense := range keenSenses[id] {
			if sense != "sight" || e.light() == world.LightDim {
				return 5
			}
		}
	}
	return 0
}

// transferDamage is Damage Transfer: while a rug of smothering grapples
// a creature (a cloaker is attached to one), it takes only half the
// damage dealt to it, rounded down, and that creature takes the other
// half, of the same types. The damage has already been taken: the
// monster gets back the half it gives away (rising again if the whole
// had killed it), and the creature takes it.
func transferDamage(e *Encounter, res *Result, ti int, d rules.DamageResult, src dice.Source) error {
	m := e.Participants[ti]
	hi := e.heldBy(ti)
	if hi < 0 || d.Taken <= 0 || d.InstantDeath {
		return nil
	}
	var given []rules.Damage
	giveN := 0
	for _, p := range d.Parts {
		if p.Taken <= 0 || p.Absorbed {
			continue
		}
		g := p.Taken - p.Taken/2
		given = append(given, rules.Damage{Amount: g, Type: p.Type})
		giveN += g
	}
	if giveN == 0 {
		return nil
	}
	lost := max(d.Taken-d.TempHPAbsorbed-giveN, 0)
	hp := min(max(d.HPBefore-lost, 0), d.MaxHP)
	held := e.Participants[hi]
	text := fmt.Sprintf("%s passes half the blow to %s (Damage Transfer): it keeps %d hit points.", m.Name, held.Name, hp)
	switch {
	case d.Died && hp > 0:
		if err := e.rise(res, ti, hp, text); err != nil {
			return err
		}
	case hp > d.HPAfter:
		ch := []rules.Change{{TargetID: m.ID, Field: rules.FieldHP, From: d.HPAfter, To: hp}}
		if err := e.apply(ch); err != nil {
			return err
		}
		res.Changes = append(res.Changes, ch...)
		res.say(text)
	}
	_, err := e.damage(res, -1, hi, held.Combatant, rules.Hit{Damage: given}, held.Name+" takes the other half: ", src)
	return err
}

// heldBy is the index of the creature monster ti grapples, or is
// attached to (a cloaker's hold that blinds); -1 if none.
func (e Encounter) heldBy(ti int) int {
	id := e.Participants[ti].ID
	for i, p := range e.Participants {
		if p.GrappledBy == id && !p.Defeated {
			return i
		}
	}
	for _, fx := range e.Effects {
		if fx.CasterID == id && e.attached(fx) {
			if i := e.index(fx.TargetID); i >= 0 && !e.Participants[i].Defeated {
				return i
			}
		}
	}
	return -1
}

// looseFromGrapple is Freedom of Movement as the monster's turn starts:
// it spends 5 feet of its movement to escape a grapple, which is never
// magical in the fights (a hit's or a character's).
func looseFromGrapple(e *Encounter, res *Result, i int, _ dice.Source) error {
	p := e.Participants[i]
	if p.GrappledBy == "" || !p.canAct() {
		return nil
	}
	res.say(p.Name + " slips the grapple with 5 feet of its movement (Freedom of Movement).")
	return e.release(res, i)
}

// unrestrainable is Freedom of Movement against a spell: magic can't
// cause the monster to be restrained.
func unrestrainable(_ Encounter, owner, _, ti int, _ srd.Spell, target *rules.Combatant, _ *spell.Options) {
	if owner == ti {
		target.ConditionImmunities = target.ConditionImmunities.With(rules.Restrained)
	}
}

// mistyEscape is Misty Escape: a vampire dropped to 0 hit points turns to
// mist instead and leaves the fight for its resting place, unless it is in
// sunlight, where it is destroyed. The fight keeps no resting place: the
// fight is never in it. At 0 hit points and gone, it counts as fallen
// for the fight's end.
func mistyEscape(e *Encounter, res *Result, ti int, d rules.DamageResult, _ dice.Source) error {
	t := e.Participants[ti]
	if !d.Died || !t.Defeated || t.Left {
		return nil
	}
	if e.sunlit() {
		res.say(t.Name + " cannot turn to mist in the sunlight, and is destroyed.")
		return nil
	}
	if err := e.rise(res, ti, 0, t.Name+" turns to mist and drifts away toward its resting place (Misty Escape)."); err != nil {
		return err
	}
	e.part(ti)
	e.Participants[ti].Left = true
	return nil
}
