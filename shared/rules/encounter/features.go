package encounter

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
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
	// damaged runs after damage d reached the owner (ti) and was applied
	// (credit): the moment a drop to 0 hit points can be answered
	// (Relentless Endurance, Wild Shape's return to the druid's form).
	damaged func(e *Encounter, res *Result, ti int, d rules.DamageResult, src dice.Source) error
	// revert ends what the feature holds on its owner, as a bonus action
	// that spends nothing (Wild Shape's return): the feature used with
	// Choice "end".
	revert func(e *Encounter, res *Result, ai int) error
	// dropped runs for its owner (i) at 0 hit points and alive once a
	// blow is struck, and again after each later one while it stays
	// there (Relentless Rage's save, a rage's end): it acts on what it
	// has not acted on already.
	dropped func(e *Encounter, res *Result, i int, src dice.Source) error
	// ends runs as a lasting effect of the feature ends (Effect.Spell
	// names the feature), once its target has lost what it gave: a
	// frenzy's exhaustion.
	ends func(e *Encounter, res *Result, fx Effect) error
	// initiative changes the owner's initiative roll before it is made
	// (Feral Instinct's advantage), at Start and Join.
	initiative func(p *Participant, req *rules.CheckRequest)
	// reaction is a reaction the feature gives its owner at an attack
	// made in a monster's turn (reaction.go): Protection, Retaliation.
	reaction *featureReaction
	// rerollSave says whether its owner (p) may roll again a saving throw
	// sv it failed in a monster's turn (Indomitable): offered there as a
	// choice that takes no reaction, the feature's resource spent when
	// taken (breath.go).
	rerollSave func(p Participant, sv rules.SaveResult) bool
	// anyTurnStarts runs for the owner as any participant's turn starts
	// (e.Current's, the owner's own included, after its turnStarts): what
	// the owner's feature does to whoever's turn begins (a turned undead
	// losing its turn, Holy Nimbus burning a foe).
	anyTurnStarts func(e *Encounter, res *Result, owner int, src dice.Source) error
	// saves changes a saving throw of ability a that participant i makes,
	// for the owner's feature (an aura reaching i): bonuses, each named as
	// the save's working shows it, and sources of advantage.
	saves func(e Encounter, owner, i int, a rules.Ability) (bonus []campaign.Term, adv []string)
	// targeted changes how spell s, cast by participant ai, reaches
	// participant ti, for the owner's feature: the target as the spell
	// sees it (an aura's immunity to being frightened) and its situation
	// in opts (advantage on the save).
	targeted func(e Encounter, owner, ai, ti int, s srd.Spell, target *rules.Combatant, opts *spell.Options)
	// magical says the owner's (ai) weapon attack req is magical, which
	// gets it through resistances and immunities to nonmagical attacks
	// (a weapon Sacred Weapon blesses).
	magical func(e Encounter, ai int, req rules.AttackRequest) bool
	// useWith is use for a feature whose own attacks may draw choices on
	// a hit (Flurry of Blows), played with the choices taken (ActWith's
	// rs); a feature has one or the other.
	useWith func(e *Encounter, res *Result, ai int, in Action, src dice.Source, rs Reactions) error
	// wield changes a character's attack with weapon w (the zero Weapon
	// for an unarmed strike) as weaponAttack makes it (Martial Arts'
	// Dexterity and die).
	wield func(p Participant, w srd.Weapon, req *rules.AttackRequest)
	// magic reports whether the owner's attack counts as magical, which
	// gets through resistance and immunity to nonmagical attacks
	// (Ki-Empowered Strikes).
	magic func(p Participant, req rules.AttackRequest) bool
	// rolledInitiative runs once the owner has rolled initiative (Perfect
	// Self).
	rolledInitiative func(p *Participant)
	// reroll says whether the owner may roll the failed save sv again,
	// spending the feature's resource: offered at the save like Lucky
	// (breath.go), it is the new roll that counts (Diamond Soul).
	reroll func(p Participant, sv rules.SaveResult) bool
	// bonus are the action kinds the feature lets its owner take as a
	// bonus action (Cunning Action: dash, disengage, hide).
	bonus []string
	// struck runs once a melee attack of ai's hit the owner (ti): what
	// striking it costs (a salamander's Heated Body).
	struck func(e *Encounter, res *Result, ai, ti int, src dice.Source) error
	// attackDone runs once an attack the owner (ai) made on ti is
	// resolved, attackedDone once one made on the owner (ti) by ai is: r
	// is how it went.
	attackDone, attackedDone func(e *Encounter, res *Result, ai, ti int, r rules.AttackResult)
	// answer is a reaction the owner may take to an attack roll made in
	// a monster's turn (Giant Killer): offered at the attack's opening,
	// and played once the attack is resolved.
	answer *answer
	// afterInitiative runs once the owner (i) has rolled initiative, as
	// the fight starts or it joins it (Superior Inspiration).
	afterInitiative func(e *Encounter, i int)
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

// featureReaction is a reaction a feature gives (srd.UseReact), offered
// in a monster's turn at an attack. offer says whether the owner (pi)
// may take it to attack r as it stands, and whether that would change
// the outcome (ChangesYes, ...); before changes the attack, made again
// with it taken, before it is rolled (Protection's disadvantage); after
// answers it once made (Retaliation's strike), from the reaction's own
// dice, and says what it did in a sentence ("" for "X uses Y."). Either
// may refuse a reaction its owner cannot take there. Taking it spends
// the owner's reaction.
type featureReaction struct {
	offer  func(e Encounter, pi int, r rules.AttackResult) (string, bool)
	before func(e *Encounter, res *Result, pi, ti int, req *rules.AttackRequest) error
	after  func(e *Encounter, res *Result, pi, ai, ti int, r rules.AttackResult, src dice.Source) (string, error)
}

// ChoiceEnd is the Action.Choice that ends a feature's hold (revert).
const ChoiceEnd = "end"

// answer is a reaction to an attack. offer says whether the owner,
// participant i, may take it to attack r that ai made on ti, and whether
// it would change the attack's outcome (ChangesYes, ChangesNo); after
// plays it once the attack, made with req, is resolved. The fight checks
// the owner's reaction and the resource the data names.
type answer struct {
	offer func(e Encounter, i, ai, ti int, r rules.AttackResult) (string, bool)
	after func(e *Encounter, res *Result, i, ai, ti int, req rules.AttackRequest, r rules.AttackResult, src dice.Source) error
}

// onHit is a feature used on a hit (or, with miss set, on a miss: Stroke
// of Luck). offer says whether the owner (ai) may
// use it on the hit r on ti now; before changes the attack, made again
// with it, before it is rolled (Divine Smite's radiant dice); after plays
// what follows the hit (Stunning Strike's save). The resource the data
// names is spent by the fight before before runs.
type onHit struct {
	offer  func(e Encounter, ai, ti int, r rules.AttackResult) bool
	before func(e *Encounter, res *Result, ai, ti int, req *rules.AttackRequest) error
	after  func(e *Encounter, res *Result, ai, ti int, r rules.AttackResult, src dice.Source) error
	// choices are the ways the owner may use the feature on the hit, each
	// offered under its own name, the feature's id and the choice
	// ("divine-smite:2": a 2nd-level slot); nil offers the feature once,
	// by its id. pick plays the choice taken (the part after the colon,
	// "" for the bare id) in place of before.
	choices func(e Encounter, ai, ti int, r rules.AttackResult) []string
	pick    func(e *Encounter, res *Result, ai, ti int, choice string, req *rules.AttackRequest) error
	// options are the ways a use may go, each offered apart as
	// "id:option" and played by its own after in place of the feature's
	// (Open Hand Technique: prone, push, no reactions).
	options []hitOption
	// miss offers the feature when the attack misses rather than hits.
	miss bool
}

// onHitName splits a name a hit's choice is taken under into the
// feature's id and the choice ("divine-smite:2": "divine-smite", "2").
func onHitName(name string) (id, choice string) {
	id, choice, _ = strings.Cut(name, ":")
	return id, choice
}

// hitOption is one way an on-hit feature may go.
type hitOption struct {
	name  string
	after func(e *Encounter, res *Result, ai, ti int, r rules.AttackResult, src dice.Source) error
}

// option is the way name goes of an on-hit feature's options ("id:option"
// names one); ok is false for a name that is not one of them.
func (h *onHit) option(name string) (hitOption, bool) {
	_, opt, found := strings.Cut(name, ":")
	if !found {
		return hitOption{}, len(h.options) == 0
	}
	for _, o := range h.options {
		if o.name == opt {
			return o, true
		}
	}
	return hitOption{}, false
}

// features are the class features and racial traits the fight plays, by
// id: each class's table, merged. It is filled in init, since a hook may
// play the fight's moments that call hooks again (a breath's damage).
var features map[string]classFeature

func init() {
	features = merged(barbarianFeatures, bardFeatures, clericFeatures, druidFeatures, fighterFeatures,
		monkFeatures, paladinFeatures, rangerFeatures, rogueFeatures, sorcererFeatures, warlockFeatures,
		wizardFeatures, raceFeatures)
	monsterTraits = monsterTraitTable
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
		} else if f, ok := itemFeatures[id]; ok { // a worn magic item's (items_worn.go)
			out = append(out, f)
		}
	}
	for _, id := range p.Traits {
		if f, ok := monsterTraits[id]; ok {
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

// featuresDamaged runs the damaged hooks of participant ti's features,
// after d reached it.
func (e *Encounter) featuresDamaged(res *Result, ti int, d rules.DamageResult, src dice.Source) error {
	// A spell's ward answers first: Death Ward holds before Relentless
	// Endurance is asked.
	if err := e.buffsDamaged(res, ti, d, src); err != nil {
		return err
	}
	if err := e.contingencyDropped(res, ti, d, src); err != nil { // spells_safeguards.go
		return err
	}
	if err := e.shapesDamaged(res, ti, d, src); err != nil {
		return err
	}
	if err := e.ridersDamaged(res, ti, d); err != nil { // a poison's sleep
		return err
	}
	if err := e.lureShaken(res, ti, d, src); err != nil { // positions.go
		return err
	}
	for _, f := range e.Participants[ti].featureHooks() {
		if f.damaged != nil {
			if err := f.damaged(e, res, ti, d, src); err != nil {
				return err
			}
		}
	}
	return nil
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
	for o := range e.Participants {
		for _, f := range e.Participants[o].featureHooks() {
			if f.anyTurnStarts != nil {
				if err := f.anyTurnStarts(e, res, o, src); err != nil {
					return err
				}
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

// featuresSaves is what every participant's features give participant
// i's saving throw of ability a: bonuses, each named, and sources of
// advantage.
func (e Encounter) featuresSaves(i int, a rules.Ability) (bonus []campaign.Term, adv []string) {
	for o, p := range e.Participants {
		for _, f := range p.featureHooks() {
			if f.saves != nil {
				b, more := f.saves(e, o, i, a)
				bonus, adv = append(bonus, b...), append(adv, more...)
			}
		}
	}
	return bonus, adv
}

// featuresTargeted lets every participant's features change how spell s,
// cast by participant ai, reaches participant ti (target, its view).
func (e Encounter) featuresTargeted(ai, ti int, s srd.Spell, target *rules.Combatant, opts *spell.Options) {
	for o, p := range e.Participants {
		for _, f := range p.featureHooks() {
			if f.targeted != nil {
				f.targeted(e, o, ai, ti, s, target, opts)
			}
		}
	}
}

// featuresMagical reports whether participant ai's features make its
// weapon attack req magical.
func (e Encounter) featuresMagical(ai int, req rules.AttackRequest) bool {
	for _, f := range e.Participants[ai].featureHooks() {
		if f.magical != nil && f.magical(e, ai, req) {
			return true
		}
	}
	return false
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

// featuresDropped runs the dropped hooks of every participant at 0 hit
// points and alive.
func (e *Encounter) featuresDropped(res *Result, src dice.Source) error {
	for i := range e.Participants {
		p := e.Participants[i]
		if p.Defeated || p.Combatant.HP > 0 {
			continue
		}
		for _, f := range p.featureHooks() {
			if f.dropped != nil {
				if err := f.dropped(e, res, i, src); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// featureEnds runs the ends hook of the feature whose lasting effect fx
// has ended.
func (e *Encounter) featureEnds(res *Result, fx Effect) error {
	if f := features[fx.Spell].ends; f != nil && e.index(fx.TargetID) >= 0 {
		return f(e, res, fx)
	}
	return nil
}

// initiativeRequest is participant p's initiative roll, a Dexterity
// check, as its features make it.
func initiativeRequest(p *Participant) rules.CheckRequest {
	req := rules.CheckRequest{Ability: rules.Dex}
	for _, f := range p.featureHooks() {
		if f.initiative != nil {
			f.initiative(p, &req)
		}
	}
	return req
}

// useFeature plays ActionFeature: the participant must have the feature,
// the fight must play it, and its action, bonus action and resource must
// be there to spend; they are spent, then the feature's use plays. An
// on-hit feature's resource is spent on the hit; what its use on a turn
// takes (Quivering Palm's action) is the use's.
func (e *Encounter) useFeature(res *Result, ai int, in Action, src dice.Source, rs Reactions) error {
	p := e.Participants[ai]
	f, known := srd.LookupFeature(in.Feature)
	switch {
	case !known:
		return refuse(InvalidArgs, "action.feature", "no feature %q", truncate(in.Feature, 60))
	case !slices.Contains(p.Combatant.Features, f.ID):
		return refuse(NotAllowed, "action.feature", "%s does not have %s", p.Name, f.Name)
	}
	if kind, ok := featureKinds[f.ID]; ok {
		// A feature the fight plays as an action kind of its own (Second
		// Wind; Cunning Action's dash, disengage or hide, its choice).
		act := Action{Kind: kind, Bonus: true, TargetID: in.TargetID, EndTurn: in.EndTurn}
		if kind == "" {
			if !slices.Contains(features[f.ID].bonus, in.Choice) {
				return refuse(NotAllowed, "action.feature", "%s lets %s take one of %s as a bonus action; say which", f.Name, p.Name, strings.Join(features[f.ID].bonus, ", "))
			}
			act.Kind = in.Choice
		}
		return e.bonusAction(res, ai, act, src)
	}
	play, ok := features[f.ID]
	if in.Choice == ChoiceEnd && play.revert != nil {
		if p.Turn.BonusActionUsed {
			return refuse(NotAllowed, "action.feature", "ending %s takes a bonus action, and %s has already taken one this turn", f.Name, p.Name)
		}
		e.Participants[ai].Turn.BonusActionUsed = true
		return play.revert(e, res, ai)
	}
	switch {
	case !ok || (play.use == nil && play.useWith == nil):
		return refuse(NotAllowed, "action.feature", "%s is not used on a turn: %s", f.Name, howUsed(f))
	case f.Use == srd.UseAction && p.Turn.ActionUsed:
		return refuse(NotAllowed, "action.feature", "%s takes an action, and %s has already taken one this turn", f.Name, p.Name)
	case f.Use == srd.UseBonus && p.Turn.BonusActionUsed:
		return refuse(NotAllowed, "action.feature", "%s takes a bonus action, and %s has already taken one this turn", f.Name, p.Name)
	}
	if f.Resource != "" && f.Use != srd.UseOnHit {
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
	if play.useWith != nil {
		return play.useWith(e, res, ai, in, src, rs)
	}
	return play.use(e, res, ai, in, src)
}

// featureKinds are the features used through an action kind of their
// own, for the feature intent to name them too: the kind, or "" for the
// one its choice names (Cunning Action's "dash").
var featureKinds = map[string]string{"second-wind": ActionSecondWind, "cunning-action": ""}

// howUsed says how a feature that is not used on a turn comes into play.
func howUsed(f srd.Feature) string {
	switch f.Use {
	case srd.UseReact:
		return "it is a reaction, offered when its moment comes"
	case srd.UseOnHit:
		return "it is offered when an attack hits"
	case srd.UseOnMiss:
		return "it is offered when an attack misses"
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
	for id, charges := range campaign.Charges(ch.Inventory) {
		rs[itemPool+id] = charges
	}
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

// namedDamage adds n to the first damage part of req, from source of
// kind, so the damage roll's working names it.
func namedDamage(req *rules.AttackRequest, n int, source, kind string) {
	if len(req.Damage) == 0 || n == 0 {
		return
	}
	req.Damage = slices.Clone(req.Damage)
	req.Damage[0] = plusTerm(req.Damage[0], n, source, kind)
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
		id, choice := onHitName(t.Name)
		f, ok := srd.LookupFeature(id)
		play := features[id].onHit
		switch {
		case t.By != e.Participants[ai].ID:
			return refuse(NotAllowed, "reaction", "only the attacker chooses what its hit does")
		case !ok || play == nil || !slices.Contains(e.Participants[ai].Combatant.Features, f.ID) || (choice != "" && play.pick == nil && len(play.options) == 0):
			return refuse(NotAllowed, "reaction", "%s cannot use %s on this hit", e.Participants[ai].Name, truncate(t.Name, 40))
		}
		if _, ok := play.option(t.Name); !ok && len(play.options) > 0 {
			return refuse(NotAllowed, "reaction", "%s has no way %q", f.Name, truncate(t.Name, 40))
		}
		if f.Resource != "" {
			if err := e.spendPool(ai, f, max(f.Cost, 1)); err != nil {
				return err
			}
		}
		switch {
		case play.pick != nil:
			if err := play.pick(e, res, ai, ti, choice, &req); err != nil {
				return err
			}
		case play.before != nil:
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
		after := play.after
		if o, _ := play.option(taken[i].Name); o.after != nil {
			after = o.after
		}
		if after != nil && r.Hit && !play.miss {
			if err := after(e, res, ai, ti, r, rs.source(taken[i])); err != nil {
				return err
			}
		}
		id, _ := onHitName(taken[i].Name)
		f, _ := srd.LookupFeature(id)
		res.Applied = append(res.Applied, applied(taken[i], e.Participants[ai], e.Participants[ai].Name+" uses "+f.Name+"."))
	}
	var offers []Offer
	p := pre.Participants[ai]
	for _, id := range p.Combatant.Features {
		play := features[id].onHit
		if play == nil || play.miss == r.Hit || slices.ContainsFunc(taken, func(t campaign.Reaction) bool { n, _ := onHitName(t.Name); return n == id }) {
			continue
		}
		f, _ := srd.LookupFeature(id)
		if f.Resource != "" && p.left(f.Resource) < max(f.Cost, 1) {
			continue
		}
		if play.offer != nil && !play.offer(pre, ai, ti, r) {
			continue
		}
		if play.choices == nil && len(play.options) == 0 {
			offers = append(offers, offerTo(p, id, ChangesYes))
			continue
		}
		if play.choices == nil {
			for _, o := range play.options {
				offers = append(offers, offerTo(p, id+":"+o.name, ChangesYes))
			}
			continue
		}
		for _, c := range play.choices(pre, ai, ti, r) {
			offers = append(offers, offerTo(p, id+":"+c, ChangesYes))
		}
	}
	if len(offers) > 0 {
		offers = pre.previewed(offers, Moment{Attack: &r})
		res.Openings = append(res.Openings, Opening{Attack: k, Roll: at, AttackerID: p.ID, TargetID: e.Participants[ti].ID, Offers: offers})
	}
	return nil
}
