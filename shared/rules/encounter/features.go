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
	// onHit is a feature its owner may use when one of its attacks hits
	// (srd.UseOnHit): offered at that moment, and taken, the attack is
	// made again with it (ActWith).
	onHit *onHit
	// where says where the fight plays a feature that has no hook: in its
	// own code ("weapon.go: attacksPerAction").
	where string
	// pays lets the owner cast spell c.spell at c.slot another way than
	// its class's list and slots allow (an invocation's at-will spell, a
	// signature spell), by setting what c spends: it reports whether it
	// took the casting. The first feature that takes it pays
	// (casting.go); PlanCast asks the same out of a fight.
	pays func(p Participant, c *casting) bool
	// cast shapes a spell its owner (ai) casts before anything is
	// checked or rolled: its options, its action, what it spends and
	// what follows it (casting.go). An error refuses the cast.
	cast func(e *Encounter, ai int, in Action, c *casting) error
	// downs plays what follows the owner (ai) dropping a hostile
	// creature, participant ti, to 0 hit points.
	downs func(e *Encounter, res *Result, ai, ti int, src dice.Source) error
	// enters changes the owner as it comes into a fight from its sheet
	// (a resistance its choices give).
	enters func(p *Participant)
	// attacks is how many attacks the owner's Attack action makes with
	// the weapon req is made with, when the feature gives more than the
	// class does (Thirsting Blade); 0 leaves the class's.
	attacks func(e Encounter, ai int, req rules.AttackRequest) int
	// aura runs as another participant's (i) turn starts, for the owner
	// (ai): the save an aura of the owner's forces (Draconic Presence).
	aura func(e *Encounter, res *Result, ai, i int, src dice.Source) error
}

// onHit is a feature used on a hit. offer says whether the owner (ai) may
// use it on the hit r on ti now; before changes the attack, made again
// with it, before it is rolled (Divine Smite's radiant dice); after plays
// what follows the hit (Stunning Strike's save). The resource the data
// names is spent by the fight before before runs.
type onHit struct {
	offer  func(e Encounter, ai, ti int, r rules.AttackResult) bool
	before func(e *Encounter, res *Result, ai, ti int, req *rules.AttackRequest) error
	after  func(e *Encounter, res *Result, ai, ti int, r rules.AttackResult, src dice.Source) error
}

// features are the class features and racial traits the fight plays, by
// id: each class's table, merged. It is filled in init, as the hooks may
// reach back to it (a foe dropped plays the dropper's features).
var features map[string]classFeature

func init() {
	features = merged(barbarianFeatures, bardFeatures, clericFeatures, druidFeatures, fighterFeatures,
		monkFeatures, paladinFeatures, rangerFeatures, rogueFeatures, sorcererFeatures, warlockFeatures,
		wizardFeatures, raceFeatures)
}

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
	sort.Strings(out)
	return out
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
	for j := range e.Participants {
		if j == i {
			continue
		}
		for _, f := range e.Participants[j].featureHooks() {
			if f.aura != nil {
				if err := f.aura(e, res, j, i, src); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// featuresDown plays what participant ai's features do when it drops
// participant ti, hostile to it, to 0 hit points.
func (e *Encounter) featuresDown(res *Result, ai, ti int, src dice.Source) error {
	if ai < 0 || ti < 0 || ai == ti || e.Participants[ai].Kind == e.Participants[ti].Kind {
		return nil
	}
	for _, f := range e.Participants[ai].featureHooks() {
		if f.downs != nil {
			if err := f.downs(e, res, ai, ti, src); err != nil {
				return err
			}
		}
	}
	return nil
}

// featuresEnter lets a character's features change it as it comes into
// a fight.
func (p *Participant) featuresEnter() {
	for _, f := range p.featureHooks() {
		if f.enters != nil {
			f.enters(p)
		}
	}
}

// featureAttacks is the most attacks participant ai's features give its
// Attack action with req's weapon; 0 when none gives any.
func (e Encounter) featureAttacks(ai int, req rules.AttackRequest) int {
	n := 0
	for _, f := range e.Participants[ai].featureHooks() {
		if f.attacks != nil {
			n = max(n, f.attacks(e, ai, req))
		}
	}
	return n
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

// strikeWith makes a character's attack with the choices taken to it
// (ActWith): each taken on-hit feature changes the attack before it is
// rolled, its resource spent, and plays what follows the hit; the hit
// offers those it could still take as an Opening.
func (e *Encounter) strikeWith(res *Result, ai, ti int, req rules.AttackRequest, src dice.Source, rs Reactions) error {
	k, n := res.moment(), len(res.Attacks)
	taken := rs.at(k)
	var plays []*onHit
	for _, t := range taken {
		f, ok := srd.LookupFeature(t.Name)
		play := features[t.Name].onHit
		switch {
		case t.By != e.Participants[ai].ID:
			return refuse(NotAllowed, "reaction", "only the attacker chooses what its hit does")
		case !ok || play == nil || !slices.Contains(e.Participants[ai].Combatant.Features, f.ID):
			return refuse(NotAllowed, "reaction", "%s cannot use %s on this hit", e.Participants[ai].Name, truncate(t.Name, 40))
		}
		if f.Resource != "" {
			if err := e.spendPool(ai, f, max(f.Cost, 1)); err != nil {
				return err
			}
		}
		if play.before != nil {
			if err := play.before(e, res, ai, ti, &req); err != nil {
				return err
			}
		}
		plays = append(plays, play)
	}
	pre := e.clone()
	at := len(res.Rolls)
	if err := e.strike(res, ai, ti, req, src); err != nil {
		return err
	}
	r := res.Attacks[n]
	for i, play := range plays {
		if play.after != nil && r.Hit {
			if err := play.after(e, res, ai, ti, r, rs.source(taken[i])); err != nil {
				return err
			}
		}
		f, _ := srd.LookupFeature(taken[i].Name)
		res.Applied = append(res.Applied, applied(taken[i], e.Participants[ai], e.Participants[ai].Name+" uses "+f.Name+"."))
	}
	if !r.Hit {
		return nil
	}
	var offers []Offer
	p := pre.Participants[ai]
	for _, id := range p.Combatant.Features {
		play := features[id].onHit
		if play == nil || slices.ContainsFunc(taken, func(t campaign.Reaction) bool { return t.Name == id }) {
			continue
		}
		f, _ := srd.LookupFeature(id)
		if f.Resource != "" && p.left(f.Resource) < max(f.Cost, 1) {
			continue
		}
		if play.offer == nil || play.offer(pre, ai, ti, r) {
			offers = append(offers, offerTo(p, id, ChangesYes))
		}
	}
	if len(offers) > 0 {
		res.Openings = append(res.Openings, Opening{Attack: k, Roll: at, AttackerID: p.ID, TargetID: e.Participants[ti].ID, Offers: offers})
	}
	return nil
}
