package encounter

import (
	"strconv"

	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
)

// The rogue's features in a fight. Evasion, Reliable Talent, Slippery
// Mind, Elusive and Supreme Sneak are the core rules' (rules/features.go).
var rogueFeatures = map[string]classFeature{
	// Cunning Action: Dash, Disengage or Hide as a bonus action.
	"cunning-action": {bonus: []string{ActionDash, ActionDisengage, ActionHide}},
	"sneak-attack":   {where: "weapon.go: sneakDice"},
	"uncanny-dodge":  {where: "reaction.go: UncannyDodge"},
	// Fast Hands (Thief): Cunning Action's bonus action may also use an
	// object: the engine's objects in a fight are its potions, drunk or
	// given.
	"fast-hands": {bonus: []string{ActionPotion}},
	// Thief's Reflexes: unless surprised, a second turn in the first
	// round, at the rogue's initiative minus 10 (turn.go: outOfOrder).
	"thiefs-reflexes": {afterInitiative: reflexes},
	// Stroke of Luck: once a rest, a miss is turned into a hit, offered
	// when the rogue's attack misses (a target within range: the engine
	// refuses an attack out of range before it is rolled).
	"stroke-of-luck": {onHit: &onHit{miss: true, before: strokeOfLuck}},
}

func reflexes(e *Encounter, i int) {
	p := e.Participants[i]
	if p.Surprised || e.Round != 1 || p.Defeated {
		return
	}
	at := p.Initiative - 10
	fx := spell.Effect{ID: extraTurn, Spell: "thiefs-reflexes", CasterID: p.ID, TargetID: p.ID,
		Ends: "the end of the first round", Note: "a second turn this round, at initiative " + strconv.Itoa(at)}
	// Until the second round, so it never leaves the fight with the rogue.
	e.Effects = append(e.Effects, Effect{Effect: fx, Mark: at, Until: Until{Round: 2}})
}

func strokeOfLuck(e *Encounter, res *Result, ai, _ int, req *rules.AttackRequest) error {
	req.Sure = true
	res.say(e.Participants[ai].Name + " turns the miss into a hit with a Stroke of Luck.")
	return nil
}
