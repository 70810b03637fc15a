package encounter

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
)

// The monk's features in a fight.
var monkFeatures = map[string]classFeature{
	// Martial Arts: without armour or shield, unarmed strikes and monk
	// weapons (a shortsword, a simple melee weapon neither two-handed nor
	// heavy) may use Dexterity, and deal the martial arts die when it is
	// the larger; after the Attack action taken with one, an unarmed
	// strike as a bonus action.
	"martial-arts": {wield: martialArts, useWith: martialStrike},
	// Ki: the pool (resources.json, by the ki_points counter, back on a
	// short rest) and the save DC its features force, 8 + proficiency +
	// Wisdom.
	"ki": {where: "features.go: Participant.Pools; monk.go: kiDC"},
	// Flurry of Blows: 1 ki and the bonus action, after the Attack action:
	// two unarmed strikes.
	"flurry-of-blows": {useWith: flurry},
	// Patient Defense: 1 ki, the Dodge action as a bonus action.
	"patient-defense": {use: patientDefense},
	// Step of the Wind: 1 ki, Dash or Disengage (Action.Choice) as a
	// bonus action; the jump doubled is told.
	"step-of-the-wind": {use: stepOfTheWind},
	// Deflect Missiles: a reaction to a ranged weapon hit.
	"deflect-missiles": {where: "reaction.go: DeflectMissiles"},
	// Extra Attack: two attacks with the Attack action.
	"monk-extra-attack": {where: "weapon.go: attacksPerAction"},
	// Stunning Strike: on a melee weapon hit, 1 ki: a Constitution save
	// against the ki DC or stunned until the end of the monk's next turn.
	"stunning-strike": {onHit: &onHit{offer: standsAfter(func(_ Participant, r rules.AttackResult) bool { return r.Kind == rules.MeleeWeapon }), after: stun}},
	// Ki-Empowered Strikes: unarmed strikes are magical against
	// resistance and immunity to nonmagical attacks.
	"ki-empowered-strikes": {magic: func(_ Participant, req rules.AttackRequest) bool { return req.Weapon == unarmed }},
	// Stillness of Mind: the action ends one effect charming or
	// frightening the monk.
	"stillness-of-mind": {use: stillness},
	// Diamond Soul: 1 ki rolls a failed save again (its proficiency in
	// every save is rules.passives').
	"diamond-soul": {reroll: func(_ Participant, sv rules.SaveResult) bool { return !sv.Success && sv.AutoFail == "" }},
	// Empty Body: the action and 4 ki: invisible, and resistance to all
	// damage but force, for a minute.
	"empty-body": {use: emptyBody},
	// Perfect Self: 4 ki back on rolling initiative with none left.
	"perfect-self": {rolledInitiative: perfectSelf},
	// Open Hand Technique: a Flurry of Blows hit may knock the target
	// prone (Dexterity save), push it 15 ft (Strength save) or take its
	// reactions until the end of the monk's next turn.
	"open-hand-technique": {onHit: &onHit{offer: standsAfter(func(p Participant, _ rules.AttackResult) bool { return p.Turn.Flurry }), options: []hitOption{
		{name: "prone", after: inFlurry(topple)}, {name: "push", after: inFlurry(push)}, {name: "no-reactions", after: inFlurry(shake)},
	}}, turnEnds: shakenRecover},
	// Wholeness of Body: the action, once a long rest: 3 × level HP.
	"wholeness-of-body": {use: wholeness},
	// Quivering Palm: 3 ki on an unarmed hit sets the vibrations; the
	// action ends them (Con save or 0 HP, else 10d10 necrotic), or
	// Choice "end" lets them go harmlessly.
	"quivering-palm": {onHit: &onHit{offer: standsAfter(func(_ Participant, r rules.AttackResult) bool { return r.Weapon == unarmed }), after: vibrate}, use: quiver},
}

// The ids the monk's code names.
const (
	kiID = "ki"
	// unarmedID is Turn.AttackedWith for an Attack action made unarmed.
	unarmedID = "unarmed"
	// handShaken is the effect of Open Hand Technique that leaves its
	// target no reactions (turn.go's advance keeps it so).
	handShaken = "open-hand-technique"
	// vibrations is Quivering Palm's effect on its target.
	vibrations = "quivering-palm"
)

// kiDC is the save DC of the monk's ki features: 8 + its proficiency
// bonus + its Wisdom modifier.
func kiDC(p Participant) int {
	return 8 + p.Combatant.ProficiencyBonus + p.Combatant.Modifier(rules.Wis)
}

// monkCounter is the monk's class counter at its level ("martial_arts_die").
func monkCounter(p Participant, name string) int {
	return int(campaign.ClassCounter(campaign.Character{Class: p.Class, Level: p.Combatant.Level}, name))
}

// monkWeapon reports whether w is a monk weapon, or (the zero Weapon) an
// unarmed strike: a shortsword, or a simple melee weapon that is neither
// two-handed nor heavy.
func monkWeapon(w srd.Weapon) bool {
	switch {
	case w.ID == "":
		return true
	case w.ID == "shortsword":
		return true
	}
	return w.Category == "simple" && w.RangeType == "melee" &&
		!slices.Contains(w.Properties, "two-handed") && !slices.Contains(w.Properties, "heavy")
}

// martialArts makes a monk's attack with a monk weapon or an unarmed
// strike, without armour or shield, with Dexterity when it is the better
// ability, and with the martial arts die when it is larger than the
// weapon's.
func martialArts(p Participant, w srd.Weapon, req *rules.AttackRequest) {
	if p.Armored || !monkWeapon(w) || len(req.Damage) == 0 {
		return
	}
	c := p.Combatant
	mod := c.Modifier(req.Ability)
	if dex := c.Modifier(rules.Dex); dex > mod {
		req.Bonus += dex - mod
		req.Ability, mod = rules.Dex, dex
	}
	die := "1d" + strconv.Itoa(monkCounter(p, "martial_arts_die"))
	if w.Damage != nil {
		if own, err := dice.Parse(w.Damage.Dice); err == nil && own.Max() >= dice.MustParse(die).Max() {
			die = w.Damage.Dice
		}
	}
	x, err := dice.Parse(withModifier(die, mod))
	if err != nil {
		return
	}
	req.Damage = slices.Clone(req.Damage)
	req.Damage[0].Dice = x
}

// martialStrike is Martial Arts' bonus action: one unarmed strike after
// the Attack action taken with an unarmed strike or a monk weapon.
func martialStrike(e *Encounter, res *Result, ai int, in Action, src dice.Source, rs Reactions) error {
	p := e.Participants[ai]
	with := p.Turn.AttackedWith
	w, _ := lookupWeapon(with)
	switch {
	case p.Armored:
		return refuse(NotAllowed, "action.feature", "%s wears armour or carries a shield, and Martial Arts needs neither", p.Name)
	case with == "":
		return refuse(NotAllowed, "action.feature", "Martial Arts' bonus unarmed strike follows the Attack action, taken this turn with an unarmed strike or a monk weapon")
	case with != unarmedID && !monkWeapon(w):
		return refuse(NotAllowed, "action.feature", "%s took the Attack action with %s, not a monk weapon", p.Name, rules.Article(strings.ToLower(w.Name)))
	}
	res.say(p.Name + " follows up with an unarmed strike (Martial Arts).")
	return e.unarmedStrikes(res, ai, in, 1, src, rs)
}

// flurry is Flurry of Blows: two unarmed strikes after the Attack action.
func flurry(e *Encounter, res *Result, ai int, in Action, src dice.Source, rs Reactions) error {
	p := e.Participants[ai]
	if p.Turn.AttackedWith == "" {
		return refuse(NotAllowed, "action.feature", "Flurry of Blows follows the Attack action, taken this turn")
	}
	res.say(fmt.Sprintf("%s spends 1 ki on a Flurry of Blows (%d ki left).", p.Name, p.left(kiID)))
	e.Participants[ai].Turn.Flurry = true
	err := e.unarmedStrikes(res, ai, in, 2, src, rs)
	e.Participants[ai].Turn.Flurry = false
	return err
}

// unarmedStrikes makes n unarmed strikes of participant ai's, at the
// targets in.TargetIDs names in turn (the last again for the strikes
// left), or at in.TargetID; a target that falls ends them. Each hit may
// draw the monk's on-hit choices (rs).
func (e *Encounter) unarmedStrikes(res *Result, ai int, in Action, n int, src dice.Source, rs Reactions) error {
	ids := in.TargetIDs
	if len(ids) == 0 {
		ids = []string{in.TargetID}
	}
	for k := range n {
		id := ids[min(k, len(ids)-1)]
		if i := e.index(id); k > 0 && i >= 0 && e.Participants[i].down() {
			res.say(e.Participants[i].Name + " is down; the strikes left go unmade.")
			return nil
		}
		ti, err := e.target(ai, Action{TargetID: id, Distance: in.Distance})
		if err != nil {
			return err
		}
		if e.elsewhere(e.Participants[ti].ID) {
			return refuse(NotAllowed, "action.target_id", "%s", e.unreachable(ti))
		}
		req, err := weaponAttack(e.Participants[ai], unarmedID, in.Distance, "")
		if err != nil {
			return err
		}
		if ok, err := e.approachedBy(res, ai, ti, src); err != nil || !ok {
			return err
		}
		if spared, err := e.spared(res, ai, ti, src); err != nil || spared {
			if err != nil {
				return err
			}
			continue
		}
		if err := e.strikeWith(res, ai, ti, req, src, rs); err != nil {
			return err
		}
	}
	return nil
}

func patientDefense(e *Encounter, res *Result, ai int, _ Action, _ dice.Source) error {
	me := &e.Participants[ai]
	me.Combatant.Dodging = true
	res.say(fmt.Sprintf("%s spends 1 ki on Patient Defense and takes the Dodge action (%d ki left).", me.Name, me.left(kiID)))
	return nil
}

func stepOfTheWind(e *Encounter, res *Result, ai int, in Action, _ dice.Source) error {
	me := &e.Participants[ai]
	switch strings.ToLower(in.Choice) {
	case ActionDash:
		me.Turn.Dashed = true
		me.Turn.Movement += me.Combatant.CurrentSpeed()
		res.say(fmt.Sprintf("%s spends 1 ki on Step of the Wind and dashes (%d ft of movement this turn); its jumps are twice as far this turn.", me.Name, me.Turn.Movement))
	case ActionDisengage:
		me.Turn.Disengaged = true
		res.say(me.Name + " spends 1 ki on Step of the Wind and disengages; its jumps are twice as far this turn.")
	default:
		return refuse(InvalidArgs, "action.choice", "Step of the Wind dashes or disengages: choose dash or disengage")
	}
	return nil
}

// standsAfter is an on-hit offer for the monk's hits that fit and leave
// the target standing: a choice on a hit that felled it would be wasted.
func standsAfter(fits func(p Participant, r rules.AttackResult) bool) func(Encounter, int, int, rules.AttackResult) bool {
	return func(e Encounter, ai, _ int, r rules.AttackResult) bool {
		return fits(e.Participants[ai], r) && (r.Damage == nil || r.Damage.HPAfter > 0)
	}
}

// monkSave has participant ti make a save of ability a against monk ai's
// ki DC (save, which records it in res).
func (e *Encounter) monkSave(res *Result, ai, ti int, a rules.Ability, against string, src dice.Source) (rules.SaveResult, error) {
	return e.save(res, ti, saveCall{ability: a, dc: kiDC(e.Participants[ai]), reason: a.Name() + " saving throw against " + against}, src)
}

// stun is Stunning Strike's save: stunned until the end of the monk's
// next turn on a failure.
func stun(e *Encounter, res *Result, ai, ti int, r rules.AttackResult, src dice.Source) error {
	p, t := e.Participants[ai], e.Participants[ti]
	if r.Kind != rules.MeleeWeapon {
		return refuse(NotAllowed, "reaction", "Stunning Strike follows a melee weapon attack that hits")
	}
	sv, err := e.monkSave(res, ai, ti, rules.Con, "stunning strike", src)
	if err != nil {
		return err
	}
	strike := fmt.Sprintf("%s spends 1 ki on a Stunning Strike", p.Name)
	if sv.Success {
		res.say(fmt.Sprintf("%s: %s shrugs it off (Constitution save %d against DC %d).", strike, t.Name, sv.Total, sv.DC))
		return nil
	}
	cr, err := e.condition(res, ti, rules.Stunned)
	if err != nil {
		return err
	}
	if !cr.Changed && !e.Participants[ti].Combatant.Conditions.Has(rules.Stunned) {
		res.say(fmt.Sprintf("%s: %s can't be stunned.", strike, t.Name))
		return nil
	}
	fx := Effect{Effect: spell.Effect{ID: rules.Stunned.String(), Spell: "stunning-strike", CasterID: p.ID, TargetID: t.ID,
		Condition: rules.Stunned, Ends: "the end of the monk's next turn"}, Until: Until{Round: e.Round + 1, Turn: p.ID, End: true}}
	if err := e.add(res, fx, src); err != nil {
		return err
	}
	res.say(fmt.Sprintf("%s: %s is stunned until the end of %s's next turn (Constitution save %d against DC %d).", strike, t.Name, p.Name, sv.Total, sv.DC))
	return nil
}

// stillness is Stillness of Mind: it ends one effect that charms or
// frightens the monk (Choice "charmed" or "frightened"; "" the first it
// has), or the condition itself when no effect of the fight holds it.
func stillness(e *Encounter, res *Result, ai int, in Action, _ dice.Source) error {
	p := e.Participants[ai]
	var pick rules.Condition
	switch c, err := rules.ParseCondition(in.Choice); {
	case in.Choice == "":
		for _, c := range []rules.Condition{rules.Charmed, rules.Frightened} {
			if p.Combatant.Conditions.Has(c) {
				pick = c
				break
			}
		}
	case err != nil || (c != rules.Charmed && c != rules.Frightened):
		return refuse(InvalidArgs, "action.choice", "Stillness of Mind ends being charmed or frightened: choose charmed or frightened")
	default:
		pick = c
	}
	if pick == 0 || !p.Combatant.Conditions.Has(pick) {
		return refuse(NotAllowed, "action.feature", "%s is neither charmed nor frightened", p.Name)
	}
	res.say(fmt.Sprintf("%s stills the mind (Stillness of Mind).", p.Name))
	k := slices.IndexFunc(e.Effects, func(fx Effect) bool { return fx.TargetID == p.ID && fx.Condition == pick })
	if k >= 0 {
		one := e.Effects[k]
		return e.endWhere(res, func(fx Effect) string {
			if fx.TargetID == one.TargetID && fx.ID == one.ID && fx.Spell == one.Spell && fx.CasterID == one.CasterID {
				return "Stillness of Mind"
			}
			return ""
		})
	}
	cr, err := e.uncondition(res, ai, pick)
	if err != nil {
		return err
	}
	res.say(cr.Summary())
	return nil
}

// emptyBody is Empty Body: invisible, and resistance to every damage type
// but force, for a minute.
func emptyBody(e *Encounter, res *Result, ai int, _ Action, src dice.Source) error {
	p := e.Participants[ai]
	if e.holds(p.ID, "empty-body") {
		return refuse(NotAllowed, "action.feature", "%s's body is already empty", p.Name)
	}
	if _, err := e.condition(res, ai, rules.Invisible); err != nil {
		return err
	}
	all := rules.SetOf(rules.Acid, rules.Bludgeoning, rules.Cold, rules.Fire, rules.Lightning, rules.Necrotic,
		rules.Piercing, rules.Poison, rules.Psychic, rules.Radiant, rules.Slashing, rules.Thunder)
	fx := Effect{Effect: spell.Effect{ID: "empty-body", Spell: "empty-body", CasterID: p.ID, TargetID: p.ID,
		Condition: rules.Invisible, Resist: all, Ends: "1 minute"}, Until: Until{Round: e.Round + 10, Turn: p.ID}}
	if err := e.add(res, fx, src); err != nil {
		return err
	}
	res.say(fmt.Sprintf("%s spends 4 ki on Empty Body: invisible, and resisting all damage but force, for a minute (%d ki left).", p.Name, e.Participants[ai].left(kiID)))
	return nil
}

// perfectSelf gives a monk with no ki left 4 as it rolls initiative.
func perfectSelf(p *Participant) {
	pool, ok := p.Pools[kiID]
	if !ok || pool.Used < pool.Max {
		return
	}
	pool.Used = max(pool.Used-4, 0)
	p.Pools = maps.Clone(p.Pools)
	p.Pools[kiID] = pool
}

// inFlurry refuses an Open Hand Technique on a hit that is no Flurry of
// Blows strike, which nothing offers.
func inFlurry(after func(e *Encounter, res *Result, ai, ti int, r rules.AttackResult, src dice.Source) error) func(*Encounter, *Result, int, int, rules.AttackResult, dice.Source) error {
	return func(e *Encounter, res *Result, ai, ti int, r rules.AttackResult, src dice.Source) error {
		if !e.Participants[ai].Turn.Flurry {
			return refuse(NotAllowed, "reaction", "Open Hand Technique follows a Flurry of Blows strike that hits")
		}
		return after(e, res, ai, ti, r, src)
	}
}

// technique begins what Open Hand Technique tells: "Kai's Open Hand
// Technique".
func technique(e *Encounter, ai int) string {
	return possessive(e.Participants[ai].Name) + " Open Hand Technique"
}

// topple is Open Hand Technique's first way: a Dexterity save or prone.
func topple(e *Encounter, res *Result, ai, ti int, _ rules.AttackResult, src dice.Source) error {
	t := e.Participants[ti]
	sv, err := e.monkSave(res, ai, ti, rules.Dex, "open hand technique", src)
	if err != nil {
		return err
	}
	if sv.Success {
		res.say(fmt.Sprintf("%s: %s keeps its feet (Dexterity save %d against DC %d).", technique(e, ai), t.Name, sv.Total, sv.DC))
		return nil
	}
	if _, err := e.condition(res, ti, rules.Prone); err != nil {
		return err
	}
	res.say(fmt.Sprintf("%s: %s is knocked prone (Dexterity save %d against DC %d).", technique(e, ai), t.Name, sv.Total, sv.DC))
	return nil
}

// push is Open Hand Technique's second way: a Strength save or pushed 15
// ft away, out of the reach of those it stood with.
func push(e *Encounter, res *Result, ai, ti int, _ rules.AttackResult, src dice.Source) error {
	t := e.Participants[ti]
	sv, err := e.monkSave(res, ai, ti, rules.Str, "open hand technique", src)
	if err != nil {
		return err
	}
	if sv.Success {
		res.say(fmt.Sprintf("%s: %s stands its ground (Strength save %d against DC %d).", technique(e, ai), t.Name, sv.Total, sv.DC))
		return nil
	}
	e.part(ti)
	res.say(fmt.Sprintf("%s: %s is pushed 15 ft away, out of reach (Strength save %d against DC %d).", technique(e, ai), t.Name, sv.Total, sv.DC))
	return nil
}

// shake is Open Hand Technique's third way: the target takes no reactions
// until the end of the monk's next turn.
func shake(e *Encounter, res *Result, ai, ti int, _ rules.AttackResult, src dice.Source) error {
	p, t := e.Participants[ai], e.Participants[ti]
	fx := Effect{Effect: spell.Effect{ID: handShaken, Spell: "open-hand-technique", CasterID: p.ID, TargetID: t.ID,
		Ends: "the end of the monk's next turn", Note: "it can't take reactions"}, Until: Until{Round: e.Round + 1, Turn: p.ID, End: true}}
	if err := e.add(res, fx, src); err != nil {
		return err
	}
	e.Participants[ti].ReactionUsed = true
	res.say(fmt.Sprintf("%s: %s can't take reactions until the end of %s's next turn.", technique(e, ai), t.Name, p.Name))
	return nil
}

// shakenRecover gives back, as the monk's turn ends, the reactions of the
// creatures its Open Hand Technique held until then: the hold ends, and
// they have taken none since it began.
func shakenRecover(e *Encounter, _ *Result, i int, _ dice.Source) error {
	now := e.moment(e.Round, e.Participants[i].ID, true)
	for _, fx := range e.Effects {
		if fx.ID != handShaken || fx.CasterID != e.Participants[i].ID || !e.due(fx.Until, now) {
			continue
		}
		still := slices.ContainsFunc(e.Effects, func(o Effect) bool {
			return o.ID == handShaken && o.TargetID == fx.TargetID && !e.due(o.Until, now)
		})
		if t := e.index(fx.TargetID); t >= 0 && !still {
			e.Participants[t].ReactionUsed = e.holds(fx.TargetID, "slow")
		}
	}
	return nil
}

// wholeness is Wholeness of Body: three times the monk's level in hit
// points.
func wholeness(e *Encounter, res *Result, ai int, _ Action, src dice.Source) error {
	p := e.Participants[ai]
	h, err := e.heal(res, ai, flat(3*max(p.Combatant.Level, 1)), "", src)
	if err != nil {
		return err
	}
	res.say(fmt.Sprintf("%s uses Wholeness of Body and regains %d HP (%d/%d).", p.Name, h.Regained, h.HPAfter, h.MaxHP))
	return nil
}

// vibrate is Quivering Palm's hit: the vibrations go into the target, out
// of any other creature the monk had set them in. The fight keeps them
// until it ends.
func vibrate(e *Encounter, res *Result, ai, ti int, r rules.AttackResult, src dice.Source) error {
	p, t := e.Participants[ai], e.Participants[ti]
	if r.Weapon != unarmed {
		return refuse(NotAllowed, "reaction", "Quivering Palm follows an unarmed strike that hits")
	}
	if err := e.forget(res, func(fx Effect) bool { return fx.ID == vibrations && fx.CasterID == p.ID }); err != nil {
		return err
	}
	fx := Effect{Effect: spell.Effect{ID: vibrations, Spell: "quivering-palm", CasterID: p.ID, TargetID: t.ID,
		Ends: "until the monk ends them", Note: "lethal vibrations its monk may end with an action"}}
	if err := e.add(res, fx, src); err != nil {
		return err
	}
	res.say(fmt.Sprintf("%s spends 3 ki, and imperceptible vibrations run through %s (%d ki left).", p.Name, t.Name, e.Participants[ai].left(kiID)))
	return nil
}

// quiver is Quivering Palm's action: the vibrating creature makes a
// Constitution save, dropping to 0 hit points on a failure and taking
// 10d10 necrotic on a success. With Choice "end" the monk lets them go
// harmlessly, taking no action.
func quiver(e *Encounter, res *Result, ai int, in Action, src dice.Source) error {
	p := e.Participants[ai]
	k := slices.IndexFunc(e.Effects, func(fx Effect) bool { return fx.ID == vibrations && fx.CasterID == p.ID })
	switch {
	case k < 0:
		return refuse(NotAllowed, "action.feature", "no creature carries %s's vibrations: an unarmed strike that hits sets them, for 3 ki", p.Name)
	case strings.EqualFold(in.Choice, "end"):
		res.say(p.Name + " lets the vibrations fade harmlessly.")
		return e.forget(res, func(fx Effect) bool { return fx.ID == vibrations && fx.CasterID == p.ID })
	case in.Choice != "":
		return refuse(InvalidArgs, "action.choice", "Quivering Palm's action sets off the vibrations; choose end to let them fade instead")
	case p.Turn.ActionUsed:
		return refuse(NotAllowed, "action.feature", "setting off the vibrations takes an action, and %s has already taken one this turn", p.Name)
	}
	ti := e.index(e.Effects[k].TargetID)
	if ti < 0 || e.Participants[ti].Defeated || e.elsewhere(e.Participants[ti].ID) {
		return refuse(NotAllowed, "action.feature", "the creature carrying the vibrations is beyond them")
	}
	e.Participants[ai].Turn.ActionUsed = true
	if err := e.forget(res, func(fx Effect) bool { return fx.ID == vibrations && fx.CasterID == p.ID }); err != nil {
		return err
	}
	t := e.Participants[ti]
	sv, err := e.monkSave(res, ai, ti, rules.Con, "quivering palm", src)
	if err != nil {
		return err
	}
	hit := rules.Hit{Damage: []rules.Damage{{Amount: t.Combatant.HP + t.Combatant.TempHP}}}
	if sv.Success {
		dmg, rolls := rules.RollDamage(p.ID, []rules.DamageRoll{{Dice: dice.MustParse("10d10"), Type: rules.Necrotic}}, false, src)
		res.Rolls = append(res.Rolls, rolls...)
		hit = rules.Hit{Damage: dmg}
	}
	tell := fmt.Sprintf("%s sets off the vibrations, and %s fails its Constitution save (%d against DC %d): ", p.Name, t.Name, sv.Total, sv.DC)
	if sv.Success {
		tell = fmt.Sprintf("%s sets off the vibrations; %s resists (Constitution save %d against DC %d): ", p.Name, t.Name, sv.Total, sv.DC)
	}
	_, err = e.damage(res, ai, ti, t.Combatant, hit, tell, src)
	return err
}
