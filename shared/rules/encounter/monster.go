package encounter

import (
	"slices"
	"strings"

	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/srd"
)

// maxAttacksPerAction bounds one Multiattack entry's count, whatever a
// homebrew stat block says.
const maxAttacksPerAction = 10

// MonsterTurn plays the current participant, a monster, by the package's
// policy: it first rolls to recharge its spent area actions; it uses an
// area action that is ready (breath.go) on every character on their feet;
// otherwise it attacks the conscious character with the lowest hit points
// (ties to the earlier in initiative order) with its Multiattack, or else
// its best attack, retargeting by the same rule if its target falls, then
// ends its turn. Fighting to the death, with nobody conscious left, it
// attacks the fallen (weakest). A monster that cannot act, or has no one
// to attack, just ends its turn; one whose turn decides the fight ends
// the encounter (conclude).
//
// An ended encounter or a current participant that is not a monster is a
// fault.Invalid refusal (NotAllowed); anything else is fault.Internal.
func MonsterTurn(e Encounter, src dice.Source) (Encounter, Result, error) {
	return MonsterTurnWith(e, src, Reactions{})
}

// MonsterTurnWith is MonsterTurn with the characters' reactions: it plays
// the turn with the reactions rs.Taken (each answering one of its attacks,
// applied in order) and lists in Result.Openings every attack a character
// could still react to. Played again with the same src and more reactions,
// every roll up to the first attack reacted to is the same, so a caller
// can show the dice, wait for reactions, and play the turn again. A
// reaction its taker cannot take is a fault.Invalid refusal.
func MonsterTurnWith(e Encounter, src dice.Source, rs Reactions) (Encounter, Result, error) {
	if e.Status != Active {
		return e, Result{}, refuse(NotAllowed, "encounter", "the encounter has ended")
	}
	ai := e.index(e.Current)
	if ai < 0 {
		return e, Result{}, refuse(NotAllowed, "current", "it is nobody's turn")
	}
	p := e.Participants[ai]
	if p.Kind != KindMonster && !p.Summoned {
		return e, Result{}, refuse(NotAllowed, "current", "it is %s's turn, and characters act for themselves", p.Name)
	}
	out := e.clone()
	res := Result{ActorID: p.ID, Actor: p.Name, Kind: ActionEndTurn, Round: out.Round}
	before := out.Decided()
	c := p.Combatant
	if !p.Defeated && c.HP > 0 {
		out.recharge(&res, ai, src)
	}
	switch {
	case !p.canAct():
		res.say(p.Name + " can't act.")
	case p.Turn.ActionUsed:
		res.say(p.Name + " ends its turn.")
	case out.berserk(ai): // tactics.go
		if err := out.berserkTurn(&res, ai, src, rs); err != nil {
			return e, Result{}, err
		}
	case out.lashing(ai):
		if err := out.lashOut(&res, ai, src); err != nil {
			return e, Result{}, err
		}
	default:
		if err := out.monsterAttack(&res, ai, src, rs); err != nil {
			return e, Result{}, err
		}
	}
	if err := out.monsterBonus(&res, ai, src, rs); err != nil { // tactics.go
		return e, Result{}, err
	}
	if err := out.finish(&res, before, true, src); err != nil {
		return e, Result{}, err
	}
	return out, res, nil
}

// monsterAttack is the policy's attack action. Finishing the fallen
// (fighting to the death), it strikes with its weapons: no breath or
// spell is spent on a creature that cannot fight back.
func (e *Encounter) monsterAttack(res *Result, ai int, src dice.Source, rs Reactions) error {
	p := e.Participants[ai]
	if p.Summoned && p.Kind == KindCharacter {
		return e.summonedAttack(res, ai, src)
	}
	ti := e.weakest()
	if ti < 0 {
		res.say(p.Name + " has no one to attack.")
		return nil
	}
	if !e.fallen(ti) {
		// A dragon's Frightful Presence comes with its Multiattack, free.
		if a, ok := e.presence(ai); ok {
			if err := e.area(res, ai, a, src, rs); err != nil {
				return err
			}
			if !e.Participants[ai].canAct() || e.weakest() < 0 {
				return nil
			}
		}
		if took, err := e.magicTurn(res, ai, src, rs); took || err != nil { // a roar, a teleport, phantasms (monstermagic.go)
			return err
		}
		if a, k, ok := e.readyCall(ai); ok { // beings.go
			return e.callTurn(res, ai, a, k, src)
		}
		if ok, err := e.monsterBoon(res, ai, src); ok || err != nil { // boons.go
			return err
		}
		if a, ok := p.readyArea(); ok && e.nearAny(ai, a) { // hindrances.go
			return e.areaAttack(res, ai, a, src, rs)
		}
		if a, ok := e.readyCloud(ai); ok { // a dretch's Fetid Cloud (hindrances.go)
			return e.cloud(res, ai, a)
		}
		if a, ok := e.readyLeap(ai); ok { // a bulette's Deadly Leap (hindrances.go)
			e.Participants[ai].Turn.ActionUsed = true
			res.Kind = ActionArea
			return e.area(res, ai, a, src, rs)
		}
		if a, ok := e.readyHoldArea(ai); ok {
			e.Participants[ai].Turn.ActionUsed = true
			e.spendDaily(ai, a)
			res.Kind = ActionArea
			return e.area(res, ai, a, src, rs)
		}
		if a, ok := e.readyMove(ai); ok { // a whirlwind (positions.go)
			return e.moveTurn(res, ai, a, src, rs)
		}
		if cast, err := e.monsterCast(res, ai, src, rs); cast || err != nil {
			return err
		}
		if a, ok := e.readyVanish(ai); ok { // before its first blow (invisibility.go)
			return e.turnInvisible(res, ai, a, src)
		}
	}
	// A swallower swallows the creature it grapples; an engulfer
	// engulfs while it has room (swallow.go).
	if first, rest, si, ok := e.swallowPlan(ai, &res.Log, src); ok {
		return e.swallowTurn(res, ai, si, first, rest, src, rs)
	}
	if a, ei, ok := e.engulfs(ai); ok {
		return e.engulf(res, ai, ei, a, src, rs)
	}
	plan, err := monsterPlan(p, "", &res.Log, src)
	if err != nil {
		return err
	}
	if a, ok := e.readyHold(ai, ti); ok {
		plan = []srd.Action{a}
	}
	e.spendRecharge(ai, plan)
	if len(plan) == 0 {
		res.say(p.Name + " has no attack it can make.")
		return nil
	}
	res.Kind = ActionAttack
	e.Participants[ai].Turn.ActionUsed = true
	plan = oneIfSlowed(e, res, ai, plan)
	plan = withMoves(p, plan)                         // a roper's Reel (positions.go)
	if err := e.eminence(res, ai, plan); err != nil { // tactics.go
		return err
	}
	from := len(res.Attacks)
	for _, a := range plan {
		if e.weakest() < 0 || !e.Participants[ai].canAct() {
			break // nobody left to attack, or a reaction felled the attacker
		}
		if isMove(a) {
			if err := e.moveCreatures(res, ai, a, src, rs); err != nil {
				return err
			}
			continue
		}
		if err := e.monsterStrike(res, ai, a, src, rs); err != nil {
			return err
		}
	}
	return e.engulfAfter(res, ai, from) // a shambling mound's two slams
}

// swallowTurn is the policy's attack action of a monster swallowing
// participant ti, which it grapples: the swallowing attack first, at
// it, then the rest of its Multiattack as ever.
func (e *Encounter) swallowTurn(res *Result, ai, ti int, first srd.Action, rest []srd.Action, src dice.Source, rs Reactions) error {
	res.Kind = ActionAttack
	e.Participants[ai].Turn.ActionUsed = true
	if err := e.strikeAt(res, ai, ti, first, src, rs); err != nil {
		return err
	}
	for _, a := range rest {
		if e.weakest() < 0 || !e.Participants[ai].canAct() {
			break
		}
		if err := e.monsterStrike(res, ai, a, src, rs); err != nil {
			return err
		}
	}
	return nil
}

// weakest is the index of the conscious character with the fewest hit
// points, the earlier in initiative order on a tie; -1 if none. Fighting
// to the death (Encounter.OnDefeat), with nobody conscious left to
// attack, it is the fallen character nearest death (finishing).
func (e Encounter) weakest() int { return e.weakestBut(nil) }

// weakestBut is weakest among the characters whose indexes are not in
// but.
func (e Encounter) weakestBut(but []int) int {
	best := -1
	for _, id := range e.Order {
		i := e.index(id)
		if i < 0 || slices.Contains(but, i) {
			continue
		}
		if !e.standing(i) {
			continue
		}
		if best < 0 || e.Participants[i].Combatant.HP < e.Participants[best].Combatant.HP {
			best = i
		}
	}
	if best < 0 && e.toTheDeath() {
		return e.finishing(but)
	}
	return best
}

// finishing is the fallen character the monsters finish, fighting to the
// death: alive, where the fight is, at 0 HP or unconscious; the one at
// the fewest hit points, then with the most failed death saves, then the
// earlier in initiative order; -1 if none. Each hit on one at 0 HP is a
// failed death save, two from a critical hit (and a hit from within 5
// feet on an unconscious creature is one).
func (e Encounter) finishing(but []int) int {
	best := -1
	for _, id := range e.Order {
		i := e.index(id)
		if i < 0 || slices.Contains(but, i) || !e.fallen(i) {
			continue
		}
		if best < 0 {
			best = i
			continue
		}
		c, b := e.Participants[i].Combatant, e.Participants[best].Combatant
		if c.HP < b.HP || (c.HP == b.HP && c.DeathSaves.Failures > b.DeathSaves.Failures) {
			best = i
		}
	}
	return best
}

// monsterPlan is the stat block actions one attack action makes: the
// named one (Multiattack expanded), or with no name the policy's choice.
func monsterPlan(p Participant, name string, log *rules.Log, src dice.Source) ([]srd.Action, error) {
	if name == "" {
		for _, a := range p.Actions {
			if a.Multiattack != nil {
				if plan := expand(p, *a.Multiattack, log, src); len(plan) > 0 {
					return plan, nil
				}
			}
		}
		if a, ok := bestAttack(p.Actions); ok {
			return []srd.Action{a}, nil
		}
		return nil, nil
	}
	i := slices.IndexFunc(p.Actions, func(a srd.Action) bool {
		return strings.EqualFold(a.Name, name) || a.ID == slug(name)
	})
	if i < 0 {
		return nil, refuse(InvalidArgs, "action.weapon", "%s has no attack %q", p.Name, truncate(name, 60))
	}
	a := p.Actions[i]
	switch {
	case a.Multiattack != nil:
		plan := expand(p, *a.Multiattack, log, src)
		if len(plan) == 0 {
			return nil, refuse(NotAllowed, "action.weapon", "%s's %s makes no attack the engine models", p.Name, a.Name)
		}
		return plan, nil
	case recharging(a) && slices.Contains(p.Spent, a.ID):
		return nil, refuse(NotAllowed, "action.weapon", "%s's %s has not recharged", p.Name, a.Name)
	case limited(a) && !recharging(a):
		return nil, refuse(NotAllowed, "action.weapon", "%s's %s has limited uses, which are not modelled", p.Name, a.Name)
	}
	return []srd.Action{a}, nil
}

// recharging reports whether stat block attack a comes back on a recharge
// roll once used (a giant spider's Web, Recharge 5-6).
func recharging(a srd.Action) bool {
	return a.AttackBonus != nil && a.Usage != nil && a.Usage.Type == "recharge"
}

// spendRecharge marks the attacks of plan that recharge as spent by monster ai,
// until a recharge roll at the start of its turn brings them back.
func (e *Encounter) spendRecharge(ai int, plan []srd.Action) {
	p := &e.Participants[ai]
	for _, a := range plan {
		if recharging(a) && !slices.Contains(p.Spent, a.ID) {
			e.markSpent(ai, a.ID)
		}
	}
}

// presence is monster ai's Frightful Presence, when a character it would
// catch is neither held by it nor immune to it: a dragon (a tarrasque)
// uses it as part of its Multiattack.
func (e Encounter) presence(ai int) (srd.Action, bool) {
	p := e.Participants[ai]
	i := slices.IndexFunc(p.Actions, func(a srd.Action) bool {
		return (a.ID == "frightful-presence" || withMultiattack(p, a)) && holdArea(a)
	})
	if i < 0 || !e.someUnheld(ai, p.Actions[i]) || (p.Actions[i].Single && e.glareTarget(ai, p.Actions[i]) < 0) {
		return srd.Action{}, false
	}
	return p.Actions[i], true
}

// readyHoldArea is an action of monster ai's that holds those it catches
// and may be used at will (a ghost's Horrifying Visage), when no character
// is held by it yet and one is not immune: the policy takes it as its
// action.
func (e Encounter) readyHoldArea(ai int) (srd.Action, bool) {
	p := e.Participants[ai]
	for _, a := range p.Actions {
		if a.ID == "frightful-presence" || withMultiattack(p, a) || !holdArea(a) || !dailyLeft(p, a) || len(a.Damage) > 0 ||
			(a.Single && e.glareTarget(ai, a) < 0) || (a.Hinders != nil && a.Hinders.Cloud != "") { // a cloud (hindrances.go)
			continue
		}
		from := source(p, a)
		held := slices.ContainsFunc(e.Effects, func(fx Effect) bool { return fx.Spell == from && fx.ID != immuneAs })
		if !held && e.someUnheld(ai, a) {
			return a, true
		}
	}
	return srd.Action{}, false
}

// someUnheld reports whether a character on its feet is neither immune to
// monster ai's action a nor held by it.
func (e Encounter) someUnheld(ai int, a srd.Action) bool {
	from := source(e.Participants[ai], a)
	for i, p := range e.Participants {
		if !e.standing(i) || e.immuneTo(ai, i, a) {
			continue
		}
		if !slices.ContainsFunc(e.Effects, func(fx Effect) bool { return fx.Spell == from && fx.TargetID == p.ID }) {
			return true
		}
	}
	return false
}

// readyHold is the attack a monster's policy opens with against
// participant ti: one that recharges and puts a condition on a hit (a
// web), ready and not yet holding the target.
func (e Encounter) readyHold(ai, ti int) (srd.Action, bool) {
	p, t := e.Participants[ai], e.Participants[ti]
	for _, a := range p.Actions {
		if !recharging(a) || len(a.OnHit) == 0 || slices.Contains(p.Spent, a.ID) {
			continue
		}
		if slices.ContainsFunc(a.OnHit, func(hc srd.HitCondition) bool { return !slices.Contains(t.Conditions, hc.Condition) }) {
			return a, true
		}
	}
	return srd.Action{}, false
}

// expand lists the attacks a Multiattack makes, in stat block order: its
// fixed counts (or its first choice), plus variable counts rolled when
// they are dice ("1d4", recorded as "multiattack count") and one when
// they are text ("Number of Heads"). Entries without an attack roll are
// left out.
func expand(p Participant, m srd.Multiattack, log *rules.Log, src dice.Source) []srd.Action {
	n := fixedCounts(m)
	names := make([]string, 0, len(m.Variable))
	for name := range m.Variable {
		names = append(names, name)
	}
	slices.Sort(names) // the rolls' order must not depend on map order
	for _, name := range names {
		k := 1
		if x, err := dice.Parse(m.Variable[name]); err == nil {
			r := dice.Roll(x, src)
			log.Rolls = append(log.Rolls, rules.Roll{Reason: "multiattack count", RollerID: p.ID, Result: r})
			k = r.Total
		}
		n[strings.ToLower(name)] += k
	}
	var plan []srd.Action
	for _, a := range p.Actions {
		if a.AttackBonus == nil || limited(a) {
			continue
		}
		for range min(max(n[strings.ToLower(a.Name)], 0), maxAttacksPerAction) {
			plan = append(plan, a)
		}
	}
	return plan
}

// fixedCounts are a Multiattack's fixed counts (or its first choice's), by
// lower-case action name.
func fixedCounts(m srd.Multiattack) map[string]int {
	counts := m.Actions
	if len(counts) == 0 && len(m.OneOf) > 0 {
		counts = m.OneOf[0]
	}
	n := make(map[string]int, len(counts)+len(m.Variable))
	for name, k := range counts {
		n[strings.ToLower(name)] += k
	}
	return n
}

// limited reports an action with uses the engine does not track.
func limited(a srd.Action) bool { return a.Usage != nil && a.Usage.Type != "at_will" }

// bestAttack is the policy's single attack: melee before ranged (nothing
// models distance, so the monster is taken to be engaged), then the
// highest average damage, then the higher bonus, then stat block order.
func bestAttack(actions []srd.Action) (srd.Action, bool) {
	best, bestKey := -1, [4]int{}
	for i, a := range actions {
		if a.AttackBonus == nil || limited(a) {
			continue
		}
		melee := 0
		if a.AttackType != "ranged" {
			melee = 1
		}
		holds := 0 // a hit that paralyses, knocks prone or grapples first
		if len(a.OnHit) > 0 {
			holds = 1
		}
		key := [4]int{melee, holds, damageScore(a.Damage), *a.AttackBonus}
		if best < 0 || slices.Compare(key[:], bestKey[:]) > 0 {
			best, bestKey = i, key
		}
	}
	if best < 0 {
		return srd.Action{}, false
	}
	return actions[best], true
}

// damageScore is twice the average damage of the parts an attack deals.
func damageScore(parts []srd.Damage) int {
	s := 0
	for _, d := range parts {
		if x, ok := damageDice(d); ok {
			s += x.Min() + x.Max()
		}
	}
	return s
}

// damageDice is the dice of one damage part as the engine deals it: the
// first option of a choice; none for a part behind a saving throw (a
// hit's rider, riders).
func damageDice(d srd.Damage) (dice.Expr, bool) {
	if d.DC != nil {
		return dice.Expr{}, false
	}
	if len(d.OneOf) > 0 {
		d = d.OneOf[0]
	}
	if d.Dice == "" {
		return dice.Expr{}, false
	}
	x, err := dice.Parse(d.Dice)
	return x, err == nil
}

// A part's other roll, as its text gives it: thrown rather than swung,
// struck by a swarm at half its hit points or fewer.
const (
	rangedRoll = 1 << iota
	halfHPRoll
)

// dealt is damage part d as an attack made how deals it (rangedRoll,
// halfHPRoll): its Ranged or HalfHP roll in place of its Dice.
func dealt(d srd.Damage, how int) srd.Damage {
	switch {
	case how&halfHPRoll != 0 && d.HalfHP != "":
		d.Dice = d.HalfHP
	case how&rangedRoll != 0 && d.Ranged != "":
		d.Dice = d.Ranged
	}
	return d
}

// hurt reports whether the participant has half its hit points or fewer
// (a swarm's bites weaken).
func (p Participant) hurt() bool { return 2*p.Combatant.HP <= p.Combatant.CurrentMaxHP() }

// damageParts are the damage rolls of a stat block action as the engine
// deals them (damageDice), made how (rangedRoll, halfHPRoll): the parts
// it can roll, each with its type.
func damageParts(a srd.Action, how int) []rules.DamageRoll {
	var parts []rules.DamageRoll
	for _, d := range a.Damage {
		x, ok := damageDice(dealt(d, how))
		if !ok {
			continue
		}
		if len(d.OneOf) > 0 {
			d = d.OneOf[0]
		}
		typ, _ := rules.ParseDamageType(d.Type)
		parts = append(parts, rules.DamageRoll{Dice: x, Type: typ})
	}
	return parts
}

// riders are the parts of a stat block attack's damage behind a saving
// throw the target makes on a hit ("the target must make a DC 15
// Constitution saving throw, taking 24 (7d6) poison damage on a failed
// save, or half as much damage on a successful one"), each with its save.
func riders(a srd.Action) []rules.Rider {
	var out []rules.Rider
	for _, d := range a.Damage {
		if d.DC == nil || len(d.OneOf) > 0 {
			continue
		}
		ability, err := rules.ParseAbility(d.DC.Ability)
		x, xerr := dice.Parse(d.Dice)
		if err != nil || xerr != nil || d.DC.Value < 1 {
			continue
		}
		typ, _ := rules.ParseDamageType(d.Type)
		out = append(out, rules.Rider{
			Save:   rules.SaveRequest{Ability: ability, DC: d.DC.Value},
			Damage: []rules.DamageRoll{{Dice: x, Type: typ}},
			Half:   d.DC.Success == "half",
		})
	}
	return out
}

// monsterRequest is one stat block attack at distance (0: where it works
// best).
func monsterRequest(a srd.Action, distance int, hurt bool) (rules.AttackRequest, error) {
	if a.AttackBonus == nil {
		return rules.AttackRequest{}, refuse(NotAllowed, "action.weapon", "%s makes no attack roll", a.Name)
	}
	how := 0
	if hurt {
		how |= halfHPRoll
	}
	name, _, _ := strings.Cut(a.Name, " (")
	req := rules.AttackRequest{Weapon: "its " + strings.ToLower(name), Bonus: *a.AttackBonus, Damage: damageParts(a, how), Riders: riders(a)}
	reach := max(a.Reach, 5)
	melee, ranged := rules.MeleeWeapon, rules.RangedWeapon
	if a.SpellAttack {
		melee, ranged = rules.MeleeSpell, rules.RangedSpell
	}
	canMelee := a.AttackType != "ranged"
	canRange := a.AttackType == "ranged" || a.AttackType == "melee_or_ranged"
	switch {
	case canMelee && distance <= reach:
		req.Kind, req.Reach, req.Distance = melee, reach, distance
	case canRange:
		req.Kind = ranged
		req.Damage = damageParts(a, how|rangedRoll)
		atRange(&req, a.Range, distance)
	default:
		return rules.AttackRequest{}, refuse(OutOfRange, "action.distance", "%s reaches %d ft; the target is %d ft away", req.Weapon, reach, distance)
	}
	return req, inRange(req)
}

// packTactics gives a monster with Pack Tactics advantage on its attack
// at participant ti when an ally of it, able to act, is engaged with the
// target.
func (e Encounter) packTactics(ai, ti int, req *rules.AttackRequest) {
	if slices.Contains(e.Participants[ai].Traits, "pack-tactics") && e.besides(ai, ti) {
		req.Advantage = append(req.Advantage, "pack tactics")
	}
}

// monsterStrike is one attack of a monster's, at the conscious character
// with the fewest hit points, with the characters' reactions: those taken
// to it (rs) applied, and the openings it leaves recorded.
func (e *Encounter) monsterStrike(res *Result, ai int, a srd.Action, src dice.Source, rs Reactions) error {
	// The weakest it can bring itself to attack: Sanctuary turns it to
	// the next, or costs it the attack.
	ti := -1
	var spurned []int
	for ti < 0 {
		c := e.weakestBut(spurned)
		if c < 0 {
			return nil
		}
		if e.barred(ai, c, a.AttackType != "ranged") != "" {
			spurned = append(spurned, c) // out of its reach (spells_realms.go)
			continue
		}
		spared, err := e.spared(res, ai, c, src)
		if err != nil {
			return err
		}
		if spared {
			spurned = append(spurned, c)
			continue
		}
		ti = c
	}
	return e.strikeAt(res, ai, ti, a, src, rs)
}

// strikeAt is one attack of a monster's at participant ti, with the
// characters' reactions.
func (e *Encounter) strikeAt(res *Result, ai, ti int, a srd.Action, src dice.Source, rs Reactions) error {
	a = e.inState(ai, a) // a duergar enlarged (hindrances.go)
	req, err := monsterRequest(a, 0, e.Participants[ai].hurt())
	if err != nil {
		return fault.Wrap(fault.Internal, "monster turn", err)
	}
	if !req.Kind.Ranged() && !lashes(a) { // a whip pulls instead (positions.go)
		runs := !e.engaged(ai, ti)
		if ok, err := e.closeIn(res, ai, ti, rs); err != nil || !ok {
			return err
		}
		if err := e.trampled(res, ai, ti, runs, src); err != nil || !e.Participants[ai].canAct() {
			return err // Spike Growth (spells_journeys.go)
		}
	}
	e.packTactics(ai, ti, &req)
	k, n := res.moment(), len(res.Attacks)
	taken := rs.at(k)
	asked := req // the attack as the monster makes it, before any reaction
	extra, err := e.before(res, rs, taken, ti, &req)
	if err != nil {
		return err
	}
	at := len(res.Rolls) // the attack roll comes after any roll of a reaction made before it
	// Who may react is who could when the attack roll was made: a hit
	// that drops the wizard still lets her Shield against it.
	pre := e.clone()
	if err := e.strike(res, ai, ti, req, src); err != nil {
		return err
	}
	res.Rolls = slices.Insert(res.Rolls, at+1, extra...)
	r := res.Attacks[n]
	if err := e.after(res, rs, taken, ai, ti, r); err != nil {
		return err
	}
	if err := e.answered(res, rs, taken, ai, ti, asked, r); err != nil {
		return err
	}
	if err := e.afterHit(res, rs, ai, ti, a, res.Attacks[n], src); err != nil {
		return err
	}
	if offers := pre.offers(k, r, taken); len(offers) > 0 {
		offers = pre.previewed(offers, Moment{Attack: &r})
		res.Openings = append(res.Openings, Opening{Attack: k, Roll: at, AttackerID: e.Participants[ai].ID, TargetID: e.Participants[ti].ID, Offers: offers})
	}
	return nil
}
