package encounter

import (
	"fmt"
	"maps"
	"slices"
	"sort"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/rules"
	"chronicler/shared/srd"
)

// Class features and racial traits in a fight. The data says what a
// character has and how it is used (srd.Features: the action, bonus
// action or reaction it takes, the resource it spends); each class's file
// here (barbarian.go, bard.go, ...) plays its features through the hooks
// of a classFeature, by id, and the fight calls each hook at its moment
// for every participant that has the feature (Combatant.Features). The
// features the core rules read on every roll (advantage on a kind of
// save, a bonus to checks) are rules/features.go's.

// ActionFeature uses a class feature or racial trait (Action.Feature): the
// action, bonus action or nothing its data's Use says, and the resource it
// spends (Participant.Pools).
const ActionFeature = "feature"

// classFeature is how the fight plays one feature. A nil hook does
// nothing.
type classFeature struct {
	// use plays the feature used on the owner's turn (ActionFeature),
	// after the fight has checked and spent what the data says it costs:
	// its action, bonus action and resource.
	use func(e *Encounter, res *Result, ai int, in Action, src dice.Source) error
	// attack changes an attack the owner (ai) makes on ti before it is
	// rolled: a bonus, advantage, more damage.
	attack func(e *Encounter, ai, ti int, req *rules.AttackRequest)
	// attacked changes an attack made on the owner (ti) by ai.
	attacked func(e *Encounter, ai, ti int, req *rules.AttackRequest)
	// turnStarts and turnEnds run as the owner's (i) turn starts and
	// ends.
	turnStarts, turnEnds func(e *Encounter, res *Result, i int, src dice.Source) error
}

// features are the class features and racial traits the fight plays, by
// id: each class's table, merged.
var features = merged(barbarianFeatures)

func merged(tables ...map[string]classFeature) map[string]classFeature {
	out := map[string]classFeature{}
	for _, t := range tables {
		for id, f := range t {
			if _, dup := out[id]; dup {
				panic("encounter: feature " + id + " is played twice")
			}
			out[id] = f
		}
	}
	return out
}

// PlayedFeatures are the ids of the features the fight plays (the
// coverage test's): through hooks, and in its own code.
func PlayedFeatures() []string {
	out := slices.Collect(maps.Keys(features))
	for id := range playedElsewhere {
		out = append(out, id)
	}
	sort.Strings(out)
	return slices.Compact(out)
}

// hooks calls each of participant i's features' hook that get returns.
func (p Participant) featureHooks() []classFeature {
	var out []classFeature
	for _, id := range p.Combatant.Features {
		if f, ok := features[id]; ok {
			out = append(out, f)
		}
	}
	return out
}

// featuresAttack lets the attacker's and the target's features change an
// attack before it is rolled.
func (e *Encounter) featuresAttack(ai, ti int, req *rules.AttackRequest) {
	for _, f := range e.Participants[ai].featureHooks() {
		if f.attack != nil {
			f.attack(e, ai, ti, req)
		}
	}
	for _, f := range e.Participants[ti].featureHooks() {
		if f.attacked != nil {
			f.attacked(e, ai, ti, req)
		}
	}
}

// featuresTurnStarts and featuresTurnEnds run the features of the
// participant whose turn it is.
func (e *Encounter) featuresTurnStarts(res *Result, src dice.Source) error {
	i := e.index(e.Current)
	if i < 0 {
		return nil
	}
	for _, f := range e.Participants[i].featureHooks() {
		if f.turnStarts != nil {
			if err := f.turnStarts(e, res, i, src); err != nil {
				return err
			}
		}
	}
	return nil
}

func (e *Encounter) featuresTurnEnds(res *Result, src dice.Source) error {
	i := e.index(e.Current)
	if i < 0 {
		return nil
	}
	for _, f := range e.Participants[i].featureHooks() {
		if f.turnEnds != nil {
			if err := f.turnEnds(e, res, i, src); err != nil {
				return err
			}
		}
	}
	return nil
}

// useFeature plays ActionFeature: the participant must have the feature,
// the fight must play it, and its action, bonus action and resource must
// be there to spend; they are spent, then the feature's use plays.
func (e *Encounter) useFeature(res *Result, ai int, in Action, src dice.Source) error {
	p := e.Participants[ai]
	f, known := srd.LookupFeature(in.Feature)
	switch {
	case !known:
		return refuse(InvalidArgs, "action.feature", "no feature %q", truncate(in.Feature, 60))
	case !slices.Contains(p.Combatant.Features, f.ID):
		return refuse(NotAllowed, "action.feature", "%s does not have %s", p.Name, f.Name)
	}
	play, ok := features[f.ID]
	switch {
	case !ok || play.use == nil:
		return refuse(NotAllowed, "action.feature", "%s is not used on a turn: %s", f.Name, howUsed(f))
	case f.Use == srd.UseAction && p.Turn.ActionUsed:
		return refuse(NotAllowed, "action.feature", "%s takes an action, and %s has already taken one this turn", f.Name, p.Name)
	case f.Use == srd.UseBonus && p.Turn.BonusActionUsed:
		return refuse(NotAllowed, "action.feature", "%s takes a bonus action, and %s has already taken one this turn", f.Name, p.Name)
	}
	if f.Resource != "" {
		if err := e.spendPool(ai, f, max(f.Cost, 1)); err != nil {
			return err
		}
	}
	me := &e.Participants[ai]
	switch f.Use {
	case srd.UseAction:
		me.Turn.ActionUsed = true
	case srd.UseBonus:
		me.Turn.BonusActionUsed = true
	}
	return play.use(e, res, ai, in, src)
}

// howUsed says how a feature that is not used on a turn comes into play.
func howUsed(f srd.Feature) string {
	switch f.Use {
	case srd.UseReact:
		return "it is a reaction, offered when its moment comes"
	case srd.UseOnHit:
		return "it is offered when an attack hits"
	case srd.UseRest:
		return "it is used during a short rest"
	case srd.UsePassive:
		return "it is always on"
	}
	return "the rules do not play it yet"
}

// spendPool takes n of the resource feature f spends from participant ai's
// pools, or refuses when fewer are left.
func (e *Encounter) spendPool(ai int, f srd.Feature, n int) error {
	p := &e.Participants[ai]
	pool, ok := p.Pools[f.Resource]
	if left := pool.Max - pool.Used; !ok || left < n {
		r, _ := srd.LookupResource(f.Resource)
		return refuse(NotAllowed, "action.feature", "%s needs %d %s and %s has %d left; %s", f.Name, n, r.Name, p.Name, max(pool.Max-pool.Used, 0), rechargeText(r))
	}
	pool.Used += n
	p.Pools = maps.Clone(p.Pools)
	p.Pools[f.Resource] = pool
	return nil
}

// left is what participant p has left of resource id.
func (p Participant) left(id string) int {
	pool := p.Pools[id]
	return max(pool.Max-pool.Used, 0)
}

// rechargeText says when a resource comes back.
func rechargeText(r srd.Resource) string {
	switch r.Recharge {
	case "short":
		return "a short or long rest brings it back"
	case "short_from":
		return fmt.Sprintf("a long rest brings it back, or a short one from level %d", r.ShortFrom)
	}
	return "a long rest brings it back"
}

// poolsOf are the resources a character comes into the fight with, with
// what its sheet says is used.
func poolsOf(ch campaign.Character) map[string]campaign.Pool {
	rs := campaign.ResourcesOf(ch)
	if len(rs) == 0 {
		return nil
	}
	return rs
}

// stopConcentrating ends participant i's concentration and what it held
// (a rage allows none).
func (e *Encounter) stopConcentrating(res *Result, i int) error {
	p := e.Participants[i]
	old := p.Combatant.Concentration
	if old == "" {
		return nil
	}
	if err := e.endWhere(res, func(fx Effect) string {
		if fx.CasterID == p.ID && fx.Spell == old {
			return endConcentration
		}
		return ""
	}); err != nil {
		return err
	}
	if e.Participants[i].Combatant.Concentration == "" {
		return nil
	}
	ch := []rules.Change{{TargetID: p.ID, Field: rules.FieldConcentration, From: old, To: ""}}
	res.Changes = append(res.Changes, ch...)
	return e.apply(ch)
}

// addDamage adds n to the first damage roll of an attack, as one more term
// of it ("1d12+3+2"), so the table reads one roll with its parts.
func addDamage(req *rules.AttackRequest, n int) {
	if len(req.Damage) == 0 || n == 0 {
		return
	}
	x, err := dice.Parse(withModifier(req.Damage[0].Dice.String(), n))
	if err != nil {
		return
	}
	req.Damage = slices.Clone(req.Damage)
	req.Damage[0].Dice = x
}

// playedElsewhere are the features the fight plays in its own code rather
// than through a hook, and where (the coverage test counts them).
var playedElsewhere = map[string]string{
	"barbarian-extra-attack": "weapon.go: attacksPerAction",
	"monk-extra-attack":      "weapon.go: attacksPerAction",
	"paladin-extra-attack":   "weapon.go: attacksPerAction",
	"ranger-extra-attack":    "weapon.go: attacksPerAction",
	"extra-attack-1":         "weapon.go: attacksPerAction",
	"extra-attack-2":         "weapon.go: attacksPerAction",
	"extra-attack-3":         "weapon.go: attacksPerAction",
	"sneak-attack":           "weapon.go: sneakDice",
	"cunning-action":         "bonus.go: bonusAction",
	"second-wind":            "bonus.go: secondWind",
	"uncanny-dodge":          "reaction.go: UncannyDodge",
	"cutting-words":          "reaction.go: CuttingWords",
	"lucky":                  "rules: Combatant.Lucky; breath.go: a failed save's reroll",
}
