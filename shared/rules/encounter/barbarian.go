package encounter

import (
	"fmt"
	"math"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
)

// The barbarian's features in a fight.
var barbarianFeatures = map[string]classFeature{
	// Rage: a bonus action, out of heavy armour: for a minute, advantage
	// on Strength checks and saves (rules.Raging), the rage damage bonus
	// on melee weapon attacks made with Strength, resistance to
	// bludgeoning, piercing and slashing damage, and no spells. It ends
	// early when the barbarian falls unconscious, or when its turn ends
	// and it has neither attacked nor taken damage since its last turn
	// ended.
	"rage": {use: rage, attack: rageDamage, turnEnds: rageLapses},
	// Reckless Attack: decided before the first attack of a turn (a use
	// that takes no action): advantage on its melee Strength attacks this
	// turn, and attacks on it have advantage until its next turn.
	"reckless-attack": {use: reckless, attack: recklessAdvantage, attacked: recklessExposed},
	// Extra Attack: two attacks with the Attack action.
	"barbarian-extra-attack": {where: "weapon.go: attacksPerAction"},
}

// rageID is the effect a rage leaves on the barbarian.
const rageID = "rage"

func rage(e *Encounter, res *Result, ai int, _ Action, src dice.Source) error {
	p := e.Participants[ai]
	switch {
	case p.HeavyArmor:
		return refuse(NotAllowed, "action.feature", "%s wears heavy armour, which a rage cannot be fought in", p.Name)
	case e.raging(ai):
		return refuse(NotAllowed, "action.feature", "%s is already raging", p.Name)
	}
	if p.Combatant.Concentration != "" {
		if err := e.stopConcentrating(res, ai); err != nil {
			return err
		}
	}
	fx := Effect{Effect: spell.Effect{ID: rageID, Spell: "rage", CasterID: p.ID, TargetID: p.ID,
		Resist: rules.SetOf(rules.Bludgeoning, rules.Piercing, rules.Slashing), Ends: "1 minute"},
		Until: Until{Round: e.Round + 10, Turn: p.ID}, State: rules.Raging, Mark: rageTally(p)}
	if err := e.add(res, fx, src); err != nil {
		return err
	}
	res.say(fmt.Sprintf("%s flies into a rage (+%d damage with Strength melee attacks, resistance to bludgeoning, piercing and slashing).",
		p.Name, rageBonus(p)))
	return nil
}

// raging reports whether participant i rages.
func (e Encounter) raging(i int) bool {
	return e.holds(e.Participants[i].ID, rageID)
}

// rageBonus is the rage damage bonus at the barbarian's level.
func rageBonus(p Participant) int {
	n := int(math.Floor(campaign.ClassCounter(campaign.Character{Class: p.Class, Level: p.Combatant.Level}, "rage_damage_bonus")))
	return max(n, 2)
}

func rageDamage(e *Encounter, ai, _ int, req *rules.AttackRequest) {
	if !e.raging(ai) || req.Kind != rules.MeleeWeapon || req.Ability != rules.Str || len(req.Damage) == 0 || e.Participants[ai].HeavyArmor {
		return
	}
	addDamage(req, rageBonus(e.Participants[ai]))
}

// rageTally counts what keeps a rage going: the barbarian's attacks and
// the damage it has taken.
func rageTally(p Participant) int {
	return p.Stats.AttacksHit + p.Stats.AttacksMissed + p.Stats.DamageTaken
}

// rageLapses ends a rage at the end of its barbarian's turn when it is
// unconscious, or has not attacked nor taken damage since its last turn
// ended, and otherwise marks the tally.
func rageLapses(e *Encounter, res *Result, i int, _ dice.Source) error {
	p := e.Participants[i]
	k := -1
	for j, fx := range e.Effects {
		if fx.ID == rageID && fx.TargetID == p.ID {
			k = j
		}
	}
	if k < 0 {
		return nil
	}
	down := p.down() || p.Combatant.Conditions.Has(rules.Unconscious)
	if !down && rageTally(p) != e.Effects[k].Mark {
		e.Effects[k].Mark = rageTally(p)
		return nil
	}
	why := "it neither attacked nor took damage this turn"
	if down {
		why = "unconscious"
	}
	return e.endWhere(res, func(fx Effect) string {
		if fx.ID == rageID && fx.TargetID == p.ID {
			return why
		}
		return ""
	})
}

func reckless(e *Encounter, res *Result, ai int, _ Action, _ dice.Source) error {
	me := &e.Participants[ai]
	switch {
	case me.Turn.ActionUsed:
		return refuse(NotAllowed, "action.feature", "Reckless Attack is decided before the first attack of a turn")
	case me.Turn.Reckless:
		return refuse(NotAllowed, "action.feature", "%s already attacks recklessly this turn", me.Name)
	}
	me.Turn.Reckless = true
	res.say(me.Name + " attacks recklessly: advantage on Strength melee attacks this turn, and attacks against them have advantage until their next turn.")
	return nil
}

func recklessAdvantage(e *Encounter, ai, _ int, req *rules.AttackRequest) {
	if e.Participants[ai].Turn.Reckless && req.Kind == rules.MeleeWeapon && req.Ability == rules.Str {
		req.Advantage = append(req.Advantage[:len(req.Advantage):len(req.Advantage)], "Reckless Attack")
	}
}

func recklessExposed(e *Encounter, _, ti int, req *rules.AttackRequest) {
	if e.Participants[ti].Turn.Reckless {
		req.Advantage = append(req.Advantage[:len(req.Advantage):len(req.Advantage)], "attacking a reckless foe")
	}
}
