package encounter

import (
	"fmt"
	"slices"
	"strings"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
)

// The cleric's features in a fight.
var clericFeatures = map[string]classFeature{
	// Turn Undead: an action, from Channel Divinity: each undead where
	// the fight is makes a Wisdom save against the cleric's spell save DC
	// or is turned for a minute, or until it takes damage. A turned
	// creature flees: the fight has no distances to run, so it takes no
	// action, bonus action or reaction on its turns, and attacks no one,
	// while the narrator tells its flight. From 5th level one whose
	// challenge rating is at most the cleric's destroy_undead_cr counter
	// (1/2 at 5th, 1 at 8th, 2 at 11th, 3 at 14th, 4 at 17th) is
	// destroyed instead.
	"channel-divinity-turn-undead":   {use: turnUndead, anyTurnStarts: turnedFlee("channel-divinity-turn-undead")},
	"destroy-undead-cr-1-2-or-below": {where: "cleric.go: turnUndead destroys by the destroy_undead_cr counter"},
	"destroy-undead-cr-1-or-below":   {where: "cleric.go: turnUndead destroys by the destroy_undead_cr counter"},
	"destroy-undead-cr-2-or-below":   {where: "cleric.go: turnUndead destroys by the destroy_undead_cr counter"},
	"destroy-undead-cr-3-or-below":   {where: "cleric.go: turnUndead destroys by the destroy_undead_cr counter"},
	"destroy-undead-cr-4-or-below":   {where: "cleric.go: turnUndead destroys by the destroy_undead_cr counter"},
	// Preserve Life: an action, from Channel Divinity: five times the
	// cleric level in hit points, shared among the creatures it names
	// (Action.TargetIDs, or TargetID; none: every character where the
	// fight is), the most hurt first, each raised at most to half its
	// hit point maximum; undead and constructs are passed by.
	"channel-divinity-preserve-life": {use: preserveLife},
	// Divine Strike: once on each of the cleric's turns, on a weapon hit,
	// 1d8 radiant more (2d8 from 14th level): offered on the hit, since
	// the cleric may keep it for a later one.
	"divine-strike": {onHit: &onHit{offer: divineStrikeOffered, before: divineStrike}},
	// Divine Intervention: an action, once a long rest: the percentile
	// roll, at or under the cleric level, says the deity answers; what it
	// does is the narrator's. A success bars the feature for seven days:
	// the engine keeps no such clock on a feature, so the long rest its
	// pool comes back with stands in for it (a success and a failure cost
	// the same). From 20th level it succeeds without a roll.
	"divine-intervention":             {use: divineIntervention},
	"divine-intervention-improvement": {where: "cleric.go: divineIntervention succeeds without a roll"},
	// The Life domain's healing: the spell rules read the caster's
	// features as they heal.
	"disciple-of-life": {where: "spell/features.go: healing spells restore 2 + their level more"},
	"blessed-healer":   {where: "spell/features.go: healing another restores 2 + the spell's level to the caster"},
	"supreme-healing":  {where: "spell/features.go: healing dice give their most"},
}

// turnedID is the effect Turn Undead and Turn the Unholy leave on a
// creature they turn.
const turnedID = "turned"

func turnUndead(e *Encounter, res *Result, ai int, _ Action, src dice.Source) error {
	p := e.Participants[ai]
	cr := campaign.ClassCounter(campaign.Character{Class: p.Class, Level: p.Combatant.Level}, "destroy_undead_cr")
	return e.turnOut(res, ai, src, "channel-divinity-turn-undead", []string{"undead"}, cr)
}

// turnOut is a Channel Divinity that turns creatures of kinds: each one
// where the fight is saves (Wisdom, against participant ai's spell save
// DC) or is turned, or destroyed when its challenge rating is at most
// destroy (0: none is). feature is the feature used, which its turned
// effect names. There must be a creature of the kinds to turn.
func (e *Encounter) turnOut(res *Result, ai int, src dice.Source, feature string, kinds []string, destroy float64) error {
	p := e.Participants[ai]
	ability, err := spellAbility(p)
	if err != nil {
		return err
	}
	dc := 8 + p.Combatant.ProficiencyBonus + p.Combatant.Modifier(ability)
	var targets []int
	for i, t := range e.Participants {
		if slices.Contains(kinds, t.Type) && !t.down() && !e.elsewhere(t.ID) && t.Kind != p.Kind {
			targets = append(targets, i)
		}
	}
	if len(targets) == 0 {
		return refuse(NotAllowed, "action.feature", "there is no %s in the fight to turn", plurals(kinds))
	}
	f, _ := srd.LookupFeature(feature)
	name := strings.TrimPrefix(f.Name, "Channel Divinity: ")
	res.say(fmt.Sprintf("%s presents a holy symbol and calls on %s (DC %d).", p.Name, name, dc))
	for _, ti := range targets {
		t := e.Participants[ti]
		c := saveCall{ability: rules.Wis, dc: dc, reason: "Wisdom saving throw against " + strings.ToLower(name)}
		if e.defiesTurning(ti) {
			c.adv = []string{"turn resistance"}
		}
		sv, err := e.save(res, ti, c, src)
		if err != nil {
			return err
		}
		switch {
		case sv.Success:
			res.say(fmt.Sprintf("%s holds its ground (%d).", t.Name, sv.Total))
		case destroy > 0 && challengeOf(t) <= destroy:
			if err := e.destroy(res, ai, ti); err != nil {
				return err
			}
			res.say(fmt.Sprintf("%s fails (%d) and is destroyed.", t.Name, sv.Total))
		default:
			fx := Effect{Effect: spell.Effect{ID: turnedID, Spell: feature, CasterID: p.ID, TargetID: t.ID,
				Ends: "1 minute, or until it takes damage", Note: "turned: it flees, with no action and no reaction"},
				Until: Until{Round: e.Round + 10, Turn: p.ID}}
			if err := e.add(res, fx, nil); err != nil {
				return err
			}
			e.Participants[ti].ReactionUsed = true
			res.say(fmt.Sprintf("%s fails (%d) and is turned: it flees.", t.Name, sv.Total))
		}
	}
	return nil
}

// defiesTurning reports whether participant i has advantage on saves
// against being turned: its own Turn Resistance or Turning Defiance, or,
// for a ghoul, a ghast standing with it.
func (e Encounter) defiesTurning(i int) bool {
	t := e.Participants[i]
	if slices.Contains(t.Traits, "turn-resistance") || slices.Contains(t.Traits, "turn-defiance") {
		return true
	}
	return t.SRDID == "ghoul" && slices.ContainsFunc(e.Participants, func(o Participant) bool {
		return o.Kind == t.Kind && slices.Contains(o.Traits, "turn-defiance") && !o.down() && !e.elsewhere(o.ID)
	})
}

// xpByCR is the SRD's experience points by challenge rating, to the CR
// 4 that Destroy Undead reaches.
var xpByCR = []struct {
	cr float64
	xp int
}{{0, 10}, {0.125, 25}, {0.25, 50}, {0.5, 100}, {1, 200}, {2, 450}, {3, 700}, {4, 1100}}

// challengeOf is a monster's challenge rating as its experience points
// give it (the SRD ties the two), so a homebrew stat block counts as its
// XP says; above CR 4 it is read as 5, beyond every Destroy Undead.
func challengeOf(p Participant) float64 {
	for _, row := range xpByCR {
		if p.XP <= row.xp {
			return row.cr
		}
	}
	return 5
}

// destroy kills participant ti outright, by participant ai: its hit
// points go to 0, its concentration ends, it is dead.
func (e *Encounter) destroy(res *Result, ai, ti int) error {
	c := e.Participants[ti].Combatant
	var chs []rules.Change
	if c.HP != 0 {
		chs = append(chs, rules.Change{TargetID: c.ID, Field: rules.FieldHP, From: c.HP, To: 0})
	}
	if c.Concentration != "" {
		chs = append(chs, rules.Change{TargetID: c.ID, Field: rules.FieldConcentration, From: c.Concentration, To: ""})
	}
	chs = append(chs, rules.Change{TargetID: c.ID, Field: rules.FieldDead, From: false, To: true})
	if err := e.apply(chs); err != nil {
		return err
	}
	res.Changes = append(res.Changes, chs...)
	e.Participants[ti].Stats.DamageTaken += c.HP
	e.Participants[ai].Stats.DamageDealt += c.HP
	e.Participants[ai].Stats.Kills++
	return nil
}

// turnedFlee is what the turning of feature does as a turned creature's
// turn starts: it flees, with no action, bonus action or reaction.
func turnedFlee(feature string) func(e *Encounter, res *Result, o int, _ dice.Source) error {
	return func(e *Encounter, res *Result, o int, _ dice.Source) error {
		i := e.index(e.Current)
		owner := e.Participants[o].ID
		if i < 0 || !slices.ContainsFunc(e.Effects, func(fx Effect) bool {
			return fx.ID == turnedID && fx.Spell == feature && fx.CasterID == owner && fx.TargetID == e.Current
		}) {
			return nil
		}
		p := &e.Participants[i]
		if p.Turn.ActionUsed && p.ReactionUsed {
			return nil // turned twice over
		}
		p.Turn.ActionUsed, p.Turn.BonusActionUsed, p.ReactionUsed = true, true, true
		res.say(p.Name + " is turned, and flees: it takes no action this turn.")
		return nil
	}
}

func preserveLife(e *Encounter, res *Result, ai int, in Action, src dice.Source) error {
	p := e.Participants[ai]
	ids := slices.Clone(in.TargetIDs)
	if in.TargetID != "" && !slices.Contains(ids, in.TargetID) {
		ids = append([]string{in.TargetID}, ids...)
	}
	var targets []int
	for _, id := range ids {
		i, err := e.touched(ai, id, "Preserve Life")
		if err != nil {
			return err
		}
		targets = append(targets, i)
	}
	if len(targets) == 0 {
		for i, t := range e.Participants {
			if t.Kind == KindCharacter && !t.Defeated && !e.elsewhere(t.ID) {
				targets = append(targets, i)
			}
		}
	}
	// The most hurt first, as far as the hit points go.
	slices.SortStableFunc(targets, func(a, b int) int {
		return e.Participants[a].Combatant.HP - e.Participants[b].Combatant.HP
	})
	pool := 5 * p.Combatant.Level
	left := pool
	var told []string
	for _, i := range targets {
		t := e.Participants[i]
		if t.Type == "undead" || t.Type == "construct" {
			told = append(told, t.Name+" is "+aType(t.Type)+", and Preserve Life passes it by.")
			continue
		}
		n := min(t.Combatant.CurrentMaxHP()/2-t.Combatant.HP, left)
		if n <= 0 {
			continue
		}
		h, err := e.heal(res, i, flat(n), "", src)
		if err != nil {
			return err
		}
		told = append(told, h.Summary())
		left -= h.Regained
	}
	if left == pool {
		return refuse(NotAllowed, "action.target_ids", "Preserve Life raises no one above half their hit points, and none here is below")
	}
	res.say(fmt.Sprintf("%s evokes healing energy (%d of %d hit points given).", p.Name, pool-left, pool))
	for _, s := range told {
		res.say(s)
	}
	return nil
}

// divineStrikeDice is Divine Strike's radiant d8s at a cleric's level.
func divineStrikeDice(level int) string {
	if level >= 14 {
		return "2d8"
	}
	return "1d8"
}

// divineStrikeOffered: a weapon attack that hit, on the cleric's own turn,
// with no Divine Strike dealt yet this turn.
func divineStrikeOffered(e Encounter, ai, _ int, r rules.AttackResult) bool {
	p := e.Participants[ai]
	weapon := r.Kind == rules.MeleeWeapon || r.Kind == rules.RangedWeapon
	return weapon && e.Current == p.ID && !p.Turn.DivineStrike
}

func divineStrike(e *Encounter, res *Result, ai, _ int, req *rules.AttackRequest) error {
	p := &e.Participants[ai]
	if p.Turn.DivineStrike {
		return refuse(NotAllowed, "reaction", "Divine Strike is dealt once a turn, and %s has dealt it", p.Name)
	}
	p.Turn.DivineStrike = true
	x := dice.MustParse(divineStrikeDice(p.Combatant.Level))
	req.Damage = append(slices.Clip(req.Damage), rules.DamageRoll{Dice: x, Type: rules.Radiant})
	res.say(fmt.Sprintf("%s's strike carries divine power: %s radiant more.", p.Name, x))
	return nil
}

// d100 is the percentile roll.
var d100 = dice.MustParse("1d100")

func divineIntervention(e *Encounter, res *Result, ai int, _ Action, src dice.Source) error {
	p := e.Participants[ai]
	r, ok := DivineIntervention(p.ID, p.Combatant.Level, src)
	if r != nil {
		res.Rolls = append(res.Rolls, *r)
	}
	res.say(DivineAnswer(p.Name, p.Combatant.Level, r, ok))
	return nil
}

// DivineIntervention is the call of cleric id, of level, on its deity, in
// a fight or out of one: the percentile roll (nil from 20th level, when
// the call needs none) and whether the deity answers, at or under the
// level. What it does is the narrator's.
func DivineIntervention(id string, level int, src dice.Source) (*rules.Roll, bool) {
	if level >= 20 {
		return nil, true
	}
	r := rules.Roll{Reason: "divine intervention", RollerID: id, Result: dice.Roll(d100, src)}
	ok := r.Total <= level
	r.Outcome = "failure"
	if ok {
		r.Outcome = "success"
	}
	return &r, ok
}

// DivineAnswer tells a Divine Intervention (DivineIntervention) of the
// cleric name at level.
func DivineAnswer(name string, level int, r *rules.Roll, ok bool) string {
	switch {
	case r == nil:
		return name + " calls on their deity, who answers without fail: the narrator tells how it intervenes."
	case ok:
		return fmt.Sprintf("%s calls on their deity and rolls %d, at or under %d: the deity intervenes, as the narrator tells.", name, r.Total, level)
	}
	return fmt.Sprintf("%s calls on their deity and rolls %d, over %d: no answer comes.", name, r.Total, level)
}
