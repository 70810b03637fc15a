package encounter

import (
	"fmt"
	"slices"
	"strings"

	"chronicler/shared/dice"
	"chronicler/shared/rules"
	"chronicler/shared/srd"
)

// The ranger's features in a fight. Favored Enemy, Natural Explorer,
// Steel Will, Land's Stride, Feral Senses and Evasion are the core
// rules' (rules/features.go).
//
// Where creatures stand is who is in melee with whom (reach.go), so
// "within 5 feet of the target" is read as beside it: two creatures in
// melee with one same creature stand beside each other (beside).
var rangerFeatures = map[string]classFeature{
	"ranger-extra-attack": {where: "weapon.go: attacksPerAction"},
	// Primeval Awareness: an action and a ranger spell slot (the lowest
	// it has, or the one the action names): for a minute a slot level,
	// whether aberrations, celestials, dragons, elementals, fey, fiends
	// or undead are within a mile. In a fight it tells which of those
	// kinds the fight holds; beyond it, the narrator.
	"primeval-awareness": {use: primevalAwareness},
	// Hunter's Prey: Colossus Slayer, 1d8 more on a weapon hit on a
	// creature below its hit point maximum, once a turn.
	"hunters-prey-colossus-slayer": {attack: colossusSlayer, attackDone: colossusSlain},
	// Giant Killer: when a Large or larger creature beside the ranger
	// attacks it, hit or miss, the ranger's reaction is a melee attack
	// back.
	"hunters-prey-giant-killer": {answer: &answer{offer: giantKillerOffer, after: giantKiller}},
	// Horde Breaker: once on its turn, after a weapon attack, one more
	// attack with the same weapon at another creature beside the first
	// target (a use that takes no action, naming that creature).
	"hunters-prey-horde-breaker": {use: hordeBreaker, attackDone: struck},
	// Defensive Tactics: Escape the Horde, disadvantage on opportunity
	// attacks against the ranger.
	"defensive-tactics-escape-the-horde": {attacked: escapeTheHorde},
	// Multiattack Defense: a creature that hits the ranger has +4 AC to
	// beat with its later attacks on it that turn.
	"defensive-tactics-multiattack-defense": {attacked: multiattackDefense, attackedDone: multiattackHit},
	// Vanish: the Hide action as a bonus action.
	"vanish": {bonus: []string{ActionHide}},
	// Multiattack: Volley, the action's ranged weapon attacks at a
	// creature and every foe beside it; Whirlwind Attack, a melee attack
	// at every foe within the ranger's reach.
	"multiattack-volley":           {use: volley},
	"multiattack-whirlwind-attack": {use: whirlwind},
	// Superior Hunter's Defense: Stand Against the Tide, when a foe's
	// melee attack misses the ranger, its reaction turns the attack on
	// another foe beside it; Uncanny Dodge as the rogue's.
	"superior-hunters-defense-stand-against-the-tide": {answer: &answer{offer: tideOffer, after: standAgainstTheTide}},
	"superior-hunters-defense-uncanny-dodge":          {where: "reaction.go: UncannyDodge"},
	// Foe Slayer: once on its turn, the ranger's Wisdom modifier on an
	// attack at a favored enemy: on the attack roll when it turns a miss
	// into a hit, else on the hit's damage (rules.Reserve).
	"foe-slayer": {attack: foeSlayer},
}

// beside reports whether participants i and j stand within 5 feet of
// each other as the engine keeps it: in melee with each other, or both
// in melee with one same creature.
func (e Encounter) beside(i, j int) bool {
	if i == j {
		return false
	}
	if e.engaged(i, j) {
		return true
	}
	for _, id := range e.Participants[i].Engaged {
		if slices.Contains(e.Participants[j].Engaged, id) {
			return true
		}
	}
	return false
}

// weaponKind reports whether an attack is made with a weapon.
func weaponKind(k rules.AttackKind) bool { return k == rules.MeleeWeapon || k == rules.RangedWeapon }

// favored reports whether participant ti is of a kind participant ai
// chose as a favored enemy: its creature type, or a humanoid's race (the
// stat block's subtype: "gnoll", "orc").
func (e Encounter) favored(ai, ti int) bool {
	chosen := e.Participants[ai].Combatant.Choices[rules.FavoredEnemies]
	t := e.Participants[ti]
	if t.Type != "" && slices.Contains(chosen, t.Type) {
		return true
	}
	if m, ok := srd.LookupMonster(t.SRDID); ok && m.Subtype != "" {
		return slices.Contains(chosen, strings.ToLower(m.Subtype))
	}
	return false
}

// primeval are the kinds Primeval Awareness senses.
var primeval = []string{"aberration", "celestial", "dragon", "elemental", "fey", "fiend", "undead"}

func primevalAwareness(e *Encounter, res *Result, ai int, in Action, _ dice.Source) error {
	p := e.Participants[ai]
	lvl := in.SlotLevel
	if lvl == 0 {
		lvl = lowestSlot(p.Combatant)
	}
	if lvl < 1 || lvl > len(p.Combatant.SpellSlots) || p.Combatant.SpellSlots[lvl-1].Used >= p.Combatant.SpellSlots[lvl-1].Max {
		return refuse(NoSlot, "action.slot_level", "%s has no spell slot left to spend on Primeval Awareness", p.Name)
	}
	used := p.Combatant.SpellSlots[lvl-1].Used
	ch := []rules.Change{{TargetID: p.ID, Field: rules.FieldSpellSlotsUsed, Slot: lvl, From: used, To: used + 1}}
	if err := e.apply(ch); err != nil {
		return err
	}
	res.Changes = append(res.Changes, ch...)
	var found []string
	for _, o := range e.Participants {
		if o.Kind != p.Kind && !o.Defeated && slices.Contains(primeval, o.Type) && !slices.Contains(found, o.Type) {
			found = append(found, o.Type)
		}
	}
	sensed := "none of them is among the creatures of this fight"
	if len(found) > 0 {
		sensed = "among the creatures of this fight: " + rules.JoinAnd(found)
	}
	res.say(fmt.Sprintf("%s spends a level %d slot and feels for aberrations, celestials, dragons, elementals, fey, fiends and undead within a mile for %d minute(s): %s.",
		p.Name, lvl, lvl, sensed))
	return nil
}

func colossusSlayer(e *Encounter, ai, ti int, req *rules.AttackRequest) {
	t := e.Participants[ti].Combatant
	if !weaponKind(req.Kind) || len(req.Damage) == 0 || e.marked(ai, "hunters-prey-colossus-slayer") || t.HP >= t.CurrentMaxHP() {
		return
	}
	req.Damage = append(slices.Clip(req.Damage), rules.DamageRoll{Dice: dice.MustParse("1d8"), Type: req.Damage[0].Type})
}

// colossusSlain marks Colossus Slayer used on the hit that dealt it: a
// weapon hit on a creature below its maximum.
func colossusSlain(e *Encounter, _ *Result, ai, _ int, r rules.AttackResult) {
	if r.Hit && weaponKind(r.Kind) && r.Damage != nil && r.Damage.HPBefore < r.Damage.MaxHP {
		e.mark(ai, "hunters-prey-colossus-slayer")
	}
}

// sizeRank orders creature sizes; "" is Medium.
func sizeRank(size string) int {
	return slices.Index([]string{"tiny", "small", "medium", "large", "huge", "gargantuan"}, strings.ToLower(cmpOr(size, "medium")))
}

func cmpOr(s, or string) string {
	if s == "" {
		return or
	}
	return s
}

// sees reports whether participant i can see participant j.
func (e Encounter) sees(i, j int) bool {
	return !e.Participants[i].Combatant.Conditions.Has(rules.Blinded) && !e.Participants[j].Combatant.Conditions.Has(rules.Invisible)
}

func giantKillerOffer(e Encounter, i, ai, ti int, r rules.AttackResult) (string, bool) {
	me := e.Participants[i]
	switch {
	case i != ti || sizeRank(e.Participants[ai].Size) < sizeRank("large") || !e.engaged(i, ai) || !e.sees(i, ai):
		return "", false
	case me.down() || e.Participants[ai].down() || (r.Damage != nil && r.Damage.HPAfter <= 0):
		return "", false
	}
	return ChangesNo, true
}

func giantKiller(e *Encounter, res *Result, i, ai, _ int, _ rules.AttackRequest, _ rules.AttackResult, src dice.Source) error {
	req, err := bestMelee(e.Participants[i])
	if err != nil {
		return err
	}
	return e.strike(res, i, ai, req, src)
}

// struck marks the first target and weapon of the owner's weapon attacks
// on its turn, for Horde Breaker.
func struck(e *Encounter, _ *Result, ai, ti int, r rules.AttackResult) {
	if !e.ownTurn(ai) || !weaponKind(r.Kind) || len(e.firstStruck(ai)) > 0 {
		return
	}
	e.mark(ai, "struck:"+e.Participants[ti].ID+":"+weaponID(e.Participants[ai], r.Weapon))
}

// firstStruck is the target and weapon id of the owner's first weapon
// attack this turn; nil when it has made none.
func (e Encounter) firstStruck(i int) []string {
	suffix := e.markOf("")
	for _, m := range e.Participants[i].Marks {
		if what, ok := strings.CutSuffix(m, suffix); ok {
			if rest, ok := strings.CutPrefix(what, "struck:"); ok {
				return strings.SplitN(rest, ":", 2)
			}
		}
	}
	return nil
}

// weaponID is the weapon a character attacked with, as the attack names
// it ("a longsword"): its SRD id, "" for an unarmed strike.
func weaponID(p Participant, named string) string {
	for _, id := range p.Weapons {
		if w, ok := srd.LookupWeapon(id); ok && rules.Article(strings.ToLower(w.Name)) == named {
			return id
		}
	}
	return ""
}

func hordeBreaker(e *Encounter, res *Result, ai int, in Action, src dice.Source) error {
	p := e.Participants[ai]
	first := e.firstStruck(ai)
	switch {
	case e.marked(ai, "hunters-prey-horde-breaker"):
		return refuse(NotAllowed, "action.feature", "%s has used Horde Breaker this turn", p.Name)
	case len(first) < 2:
		return refuse(NotAllowed, "action.feature", "Horde Breaker follows a weapon attack made this turn")
	}
	ti, err := e.target(ai, in)
	if err != nil {
		return err
	}
	oi := e.index(first[0])
	switch {
	case ti == oi:
		return refuse(NotAllowed, "action.target_id", "Horde Breaker's attack goes at another creature than the first")
	case e.elsewhere(e.Participants[ti].ID):
		return refuse(NotAllowed, "action.target_id", "%s", e.unreachable(ti))
	case oi < 0:
		return refuse(NotAllowed, "action.feature", "the first target of the turn is gone")
	case !e.beside(oi, ti):
		return refuse(OutOfRange, "action.target_id", "%s is not beside %s", e.Participants[ti].Name, e.Participants[oi].Name)
	}
	weapon := first[1]
	if in.Weapon != "" {
		if w, ok := lookupWeapon(in.Weapon); !ok || w.ID != weapon {
			return refuse(NotAllowed, "action.weapon", "Horde Breaker's attack is made with the same weapon as the first")
		}
	}
	req, err := weaponAttack(p, weapon, in.Distance, "")
	if err != nil {
		return err
	}
	e.mark(ai, "hunters-prey-horde-breaker")
	res.say(p.Name + " turns on another of the horde (Horde Breaker).")
	if !req.Kind.Ranged() {
		if ok, err := e.approachedBy(res, ai, ti, src); err != nil || !ok {
			return err
		}
	}
	return e.strike(res, ai, ti, req, src)
}

func escapeTheHorde(_ *Encounter, _, _ int, req *rules.AttackRequest) {
	if req.Opportunity {
		req.Disadvantage = append(slices.Clip(req.Disadvantage), "Escape the Horde")
	}
}

func multiattackDefense(e *Encounter, ai, ti int, req *rules.AttackRequest) {
	if e.marked(ti, "multiattack-defense:"+e.Participants[ai].ID) {
		req.ACBonus += 4
	}
}

func multiattackHit(e *Encounter, _ *Result, ai, ti int, r rules.AttackResult) {
	if r.Hit {
		e.mark(ti, "multiattack-defense:"+e.Participants[ai].ID)
	}
}

// foes are the participants hostile to participant i that ok accepts,
// alive and where the fight is, in the order of the fight.
func (e Encounter) foes(i int, ok func(j int) bool) []int {
	var out []int
	for _, id := range e.Order {
		j := e.index(id)
		if j < 0 || j == i || e.Participants[j].Kind == e.Participants[i].Kind || e.Participants[j].down() || e.elsewhere(id) {
			continue
		}
		if ok(j) {
			out = append(out, j)
		}
	}
	return out
}

func volley(e *Encounter, res *Result, ai int, in Action, src dice.Source) error {
	p := e.Participants[ai]
	ti, err := e.target(ai, in)
	if err != nil {
		return err
	}
	if e.elsewhere(e.Participants[ti].ID) {
		return refuse(NotAllowed, "action.target_id", "%s", e.unreachable(ti))
	}
	weapon := in.Weapon
	if weapon == "" {
		weapon = bestWeapon(p, true, false)
	}
	if w, ok := lookupWeapon(weapon); !ok || w.RangeType != "ranged" {
		return refuse(NotAllowed, "action.weapon", "a volley is shot with a ranged weapon")
	}
	targets := append([]int{ti}, e.foes(ai, func(j int) bool { return j != ti && e.beside(j, ti) })...)
	res.say(fmt.Sprintf("%s looses a volley at %s.", p.Name, names(*e, targets)))
	return e.attackEach(res, ai, weapon, in.Distance, targets, src)
}

func whirlwind(e *Encounter, res *Result, ai int, in Action, src dice.Source) error {
	p := e.Participants[ai]
	weapon := in.Weapon
	if weapon == "" {
		weapon = bestWeapon(p, false, true)
	}
	if w, ok := lookupWeapon(weapon); ok && w.RangeType == "ranged" {
		return refuse(NotAllowed, "action.weapon", "a whirlwind attack is made with a melee weapon")
	}
	targets := e.foes(ai, func(j int) bool { return e.engaged(ai, j) })
	if len(targets) == 0 {
		return refuse(NotAllowed, "action.feature", "no foe is within %s's reach", p.Name)
	}
	res.say(fmt.Sprintf("%s whirls through %s.", p.Name, names(*e, targets)))
	return e.attackEach(res, ai, weapon, 0, targets, src)
}

// attackEach makes one attack with weapon at each target, a roll each,
// while the attacker can.
func (e *Encounter) attackEach(res *Result, ai int, weapon string, distance int, targets []int, src dice.Source) error {
	for _, ti := range targets {
		if !e.Participants[ai].canAct() || e.Participants[ti].Defeated {
			continue
		}
		req, err := weaponAttack(e.Participants[ai], weapon, distance, "")
		if err != nil {
			return err
		}
		if err := e.strike(res, ai, ti, req, src); err != nil {
			return err
		}
	}
	e.Participants[ai].Hidden = false
	return nil
}

// tideTarget is the foe of participant i that Stand Against the Tide
// turns ai's attack on: another of ai's side beside it, the one with
// the fewest hit points; -1 if none.
func (e Encounter) tideTarget(i, ai int) int {
	best := -1
	for _, j := range e.foes(i, func(j int) bool { return j != ai && e.beside(j, ai) }) {
		if best < 0 || e.Participants[j].Combatant.HP < e.Participants[best].Combatant.HP {
			best = j
		}
	}
	return best
}

func tideOffer(e Encounter, i, ai, ti int, r rules.AttackResult) (string, bool) {
	melee := r.Kind == rules.MeleeWeapon || r.Kind == rules.MeleeSpell
	if i != ti || r.Hit || !melee || e.Participants[ai].Kind == e.Participants[i].Kind || e.tideTarget(i, ai) < 0 {
		return "", false
	}
	return ChangesNo, true
}

func standAgainstTheTide(e *Encounter, res *Result, i, ai, _ int, req rules.AttackRequest, _ rules.AttackResult, src dice.Source) error {
	j := e.tideTarget(i, ai)
	if j < 0 || !e.Participants[ai].canAct() {
		return nil
	}
	res.say(fmt.Sprintf("%s turns the blow: %s repeats its attack against %s.", e.Participants[i].Name, e.Participants[ai].Name, e.Participants[j].Name))
	again := req
	again.Penalty, again.ACBonus, again.HalveDamage, again.Reserves = 0, 0, false, nil
	again.Advantage, again.Disadvantage = nil, nil
	return e.strike(res, ai, j, again, src)
}

func foeSlayer(e *Encounter, ai, ti int, req *rules.AttackRequest) {
	wis := e.Participants[ai].Combatant.Modifier(rules.Wis)
	if !e.ownTurn(ai) || wis <= 0 || e.marked(ai, "foe-slayer") || !e.favored(ai, ti) {
		return
	}
	req.Reserves = append(slices.Clip(req.Reserves), rules.Reserve{ID: "foe-slayer", Name: "foe slayer", Dice: flat(wis), OrDamage: true})
}
