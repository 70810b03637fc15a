package encounter

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/srd"
)

// LegendaryPerRound is how many legendary actions a legendary monster has:
// it regains them at the start of its turn.
const LegendaryPerRound = 3

// Legendary is a legendary action the engine plays, at its cost in
// legendary actions: an attack with one of the stat block's actions, or
// (Area) the legendary action itself, damage behind a saving throw to
// every character it catches (a lich's Disrupt Life, a dragon's Wing
// Attack).
type Legendary struct {
	Name   string     `json:"name"` // as the stat block names it: "Tail Attack"
	Cost   int        `json:"cost"`
	Attack srd.Action `json:"attack"`
	Area   bool       `json:"area,omitempty"`
}

var costRE = regexp.MustCompile(`(?i)\s*\(costs (\d) actions?\)`)

// legendaryAttacks are the legendary actions of a stat block the engine
// models: those that make an attack, "Tail Attack" (the Tail action),
// "Claw Attack", "Unarmed Strike", "Attack" (the monster's best attack);
// and those that deal damage behind a saving throw to all they catch
// (saveArea: Disrupt Life, Wing Attack's damage, Searing Burst); a
// Teleport (teleport.go). Those that do anything else (Detect, a gaze,
// spells) are left to the narrator.
func legendaryAttacks(m srd.Monster, attacks []srd.Action) []Legendary {
	var out []Legendary
	for _, la := range m.LegendaryActions {
		cost := 1
		if c := costRE.FindStringSubmatch(la.Name); c != nil {
			cost, _ = strconv.Atoi(c[1])
		}
		if saveArea(la) || holdArea(la) {
			if cost >= 1 && cost <= LegendaryPerRound {
				a := la
				a.Name, a.Cost = costRE.ReplaceAllString(la.Name, ""), 0
				out = append(out, Legendary{Name: a.Name, Cost: cost, Attack: a, Area: true})
			}
			continue
		}
		if i := slices.IndexFunc(m.Actions, func(x srd.Action) bool { return sameAction(x, la) && saveArea(x) }); i >= 0 && la.DC == nil {
			a := m.Actions[i] // the action's own, by name (boons.go)
			out = append(out, Legendary{Name: costRE.ReplaceAllString(la.Name, ""), Cost: cost, Attack: a, Area: true})
			continue
		}
		if teleports(la) && cost <= LegendaryPerRound { // teleport.go
			out = append(out, Legendary{Name: costRE.ReplaceAllString(la.Name, ""), Cost: cost, Attack: la})
			continue
		}
		if playsBoon(la) { // boons.go
			a := la
			a.Name = costRE.ReplaceAllString(la.Name, "")
			out = append(out, Legendary{Name: a.Name, Cost: cost, Attack: a})
			continue
		}
		if a, _, ok := eitherOr(attacks, la); ok && cost <= LegendaryPerRound { // positions.go
			out = append(out, Legendary{Name: costRE.ReplaceAllString(la.Name, ""), Cost: cost, Attack: a})
			continue
		}
		name := strings.ToLower(strings.TrimSpace(costRE.ReplaceAllString(la.Name, "")))
		var a srd.Action
		found := false
		if name == "attack" {
			a, found = bestAttack(attacks)
		} else {
			name = strings.TrimSuffix(legendaryAlias(name), " attack")
			i := slices.IndexFunc(attacks, func(x srd.Action) bool { return strings.EqualFold(x.Name, name) && x.AttackBonus != nil })
			if i >= 0 {
				a, found = attacks[i], true
			}
		}
		if found && cost >= 1 && cost <= LegendaryPerRound {
			out = append(out, Legendary{Name: costRE.ReplaceAllString(la.Name, ""), Cost: cost, Attack: a})
		}
	}
	return out
}

// oweLegendary queues, at the end of a creature's turn, a legendary
// action for every other legendary monster that can still take one.
func (e *Encounter) oweLegendary(ended string) {
	for _, p := range e.Participants {
		if p.ID == ended || len(p.Legendary) == 0 || !p.canAct() || slices.Contains(e.LegendaryDue, p.ID) {
			continue
		}
		if slices.ContainsFunc(p.Legendary, func(l Legendary) bool { return l.Cost <= p.LegendaryLeft }) {
			e.LegendaryDue = append(e.LegendaryDue, p.ID)
		}
	}
}

// LegendaryTurn plays the first legendary action owed (Encounter.
// LegendaryDue), by the package's policy (legendaryPick): an area action
// it can afford when it would catch two characters or more (or when it
// has no attack to afford), else the cheapest attack it can afford, at
// the conscious character with the fewest hit points, with the
// characters' reactions as in MonsterTurnWith. It is nobody's turn: the
// current participant stays, unless the action decides the fight, which
// ends it (conclude). Nothing owed is a fault.Invalid refusal.
func LegendaryTurn(e Encounter, src dice.Source, rs Reactions) (Encounter, Result, error) {
	if e.Status != Active || len(e.LegendaryDue) == 0 {
		return e, Result{}, refuse(NotAllowed, "encounter", "no legendary action is owed")
	}
	out := e.clone()
	out.LegendaryDue = slices.Clone(out.LegendaryDue[1:])
	ai := out.index(e.LegendaryDue[0])
	if ai < 0 {
		return e, Result{}, fault.E(fault.Internal, "legendary action", "no participant %q", e.LegendaryDue[0])
	}
	p := out.Participants[ai]
	res := Result{ActorID: p.ID, Actor: p.Name, Kind: ActionLegendary, Round: out.Round}
	before := out.Decided()
	pick := out.legendaryPick(ai)
	switch {
	case pick == nil || !p.canAct():
		res.say(p.Name + " holds back.")
	case out.weakest() < 0:
		res.say(p.Name + " has no one to strike.")
	default:
		out.Participants[ai].LegendaryLeft -= pick.Cost
		res.say(p.Name + " uses a legendary action: " + pick.Name + ".")
		var err error
		if teleports(pick.Attack) { // teleport.go
			out.teleportLegendary(&res, ai)
		} else if mv, ok := out.flingInstead(ai, *pick); ok { // positions.go
			err = out.moveCreatures(&res, ai, mv, src, rs)
		} else if pick.Attack.Boon != nil {
			err = out.legendaryBoon(&res, ai, pick.Attack, src) // boons.go
		} else if pick.Area {
			err = out.area(&res, ai, pick.Attack, src, rs)
		} else {
			err = out.monsterStrike(&res, ai, pick.Attack, src, rs)
		}
		if err != nil {
			return e, Result{}, err
		}
	}
	res.Decided = out.Decided()
	out.tellDecided(&res, before)
	if res.Decided != "" {
		if err := out.conclude(&res, res.Decided, src); err != nil {
			return e, Result{}, err
		}
	}
	res.NextID = out.Current
	out.log(res.Round, res.ActorID, res.Text)
	return out, res, nil
}

// legendaryPick is the legendary action monster ai takes, by the policy:
// of those it can afford, the area action with the most damage when it
// would catch two characters on their feet or more, or when it affords
// no attack (and someone stands to catch); else the cheapest attack (the
// earlier in the stat block on a tie); nil when it affords nothing to
// play. Finishing the fallen, it takes an attack only.
func (e Encounter) legendaryPick(ai int) *Legendary {
	p := e.Participants[ai]
	standing := 0
	for i := range e.Participants {
		if e.standing(i) {
			standing++
		}
	}
	var area, attack *Legendary
	for i, l := range p.Legendary {
		switch {
		case l.Cost > p.LegendaryLeft:
		case teleports(l.Attack):
			if e.legendaryTeleport(ai, l) { // teleport.go
				return &p.Legendary[i]
			}
		case l.Attack.Boon != nil:
			if _, ok := e.boonFor(ai, l.Attack); ok {
				return &p.Legendary[i] // boons.go: a boon when it is worth it
			}
		case l.Area && l.Attack.Single && e.glareTarget(ai, l.Attack) < 0: // nobody left to glare at
		case l.Area:
			if area == nil || damageScore(l.Attack.Damage) > damageScore(area.Attack.Damage) {
				area = &p.Legendary[i]
			}
		case attack == nil || l.Cost < attack.Cost:
			attack = &p.Legendary[i]
		}
	}
	if area != nil && (standing >= 2 || (attack == nil && standing >= 1)) {
		return area
	}
	return attack
}
