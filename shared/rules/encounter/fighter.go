package encounter

import (
	"fmt"

	"chronicler/shared/dice"
	"chronicler/shared/rules"
)

// The fighter's features in a fight, and every class's fighting styles
// (fightingstyle.go).
var fighterFeatures = merged(map[string]classFeature{
	"extra-attack-1": {where: "weapon.go: attacksPerAction"},
	"extra-attack-2": {where: "weapon.go: attacksPerAction"},
	"extra-attack-3": {where: "weapon.go: attacksPerAction"},
	"second-wind":    {where: "bonus.go: secondWind"},
	// Action Surge: on its turn, once its action is taken, one more
	// action; one a turn, from the uses its level gives (the
	// action_surges counter: two from 17th).
	"action-surge-1-use":  {use: actionSurge},
	"action-surge-2-uses": {where: "fighter.go: actionSurge, by the action_surges counter"},
	// Indomitable: a saving throw it fails, rolled again (the new roll
	// stands), from the uses its level gives (the indomitable_uses
	// counter), offered where the fight offers save rerolls.
	"indomitable-1-use":  {rerollSave: func(Participant, rules.SaveResult) bool { return true }},
	"indomitable-2-uses": {where: "fighter.go: indomitable-1-use, by the indomitable_uses counter"},
	"indomitable-3-uses": {where: "fighter.go: indomitable-1-use, by the indomitable_uses counter"},
	// Improved and Superior Critical (Champion): its weapon attacks are
	// critical hits on a 19 or 20, then on an 18 to 20.
	"improved-critical": {attack: criticalFrom(19)},
	"superior-critical": {attack: criticalFrom(18)},
	// Survivor (Champion): at the start of each of its turns, at no
	// more than half its hit points and above 0, it regains 5 + its
	// Constitution modifier.
	"survivor": {turnStarts: survive},
}, fightingStyles)

func actionSurge(e *Encounter, res *Result, ai int, _ Action, _ dice.Source) error {
	me := &e.Participants[ai]
	switch {
	case me.Turn.Surged:
		return refuse(NotAllowed, "action.feature", "%s has already surged this turn: one Action Surge a turn", me.Name)
	case !me.Turn.ActionUsed:
		return refuse(NotAllowed, "action.feature", "Action Surge gives one more action once %s has taken this turn's: take it first", me.Name)
	}
	me.Turn.ActionUsed, me.Turn.Surged = false, true
	res.say(fmt.Sprintf("%s surges with Action Surge and may take one more action (%d use(s) left).", me.Name, me.left("action-surge")))
	return nil
}

// criticalFrom makes the owner's weapon attacks critical hits from the
// natural roll n.
func criticalFrom(n int) func(e *Encounter, ai, ti int, req *rules.AttackRequest) {
	return func(_ *Encounter, _, _ int, req *rules.AttackRequest) {
		if req.Kind != rules.MeleeWeapon && req.Kind != rules.RangedWeapon {
			return
		}
		if req.CriticalOn == 0 || req.CriticalOn > n {
			req.CriticalOn = n
		}
	}
}

// survive is Survivor at the start of the champion's turn.
func survive(e *Encounter, res *Result, i int, src dice.Source) error {
	p := e.Participants[i]
	c := p.Combatant
	if c.HP <= 0 || c.HP > c.CurrentMaxHP()/2 || p.Defeated {
		return nil
	}
	h, err := e.heal(res, i, flat(max(5+c.Modifier(rules.Con), 0)), "", src)
	if err != nil {
		return err
	}
	res.say(fmt.Sprintf("%s holds on (Survivor) and regains %d HP (%d/%d).", p.Name, h.Regained, h.HPAfter, h.MaxHP))
	return nil
}
