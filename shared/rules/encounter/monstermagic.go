package encounter

import (
	"slices"

	"chronicler/shared/dice"
	"chronicler/shared/srd"
)

// What a monster's magic does to where it stands and what strikes it,
// played as the fights keep positions (reach.go): a Teleport
// (teleport.go), an androsphinx's Roar (roars.go), a cloaker's Phantasms
// (phantasms.go).

// Ids of the actions played here.
const (
	teleportID  = "teleport"
	phantasmsID = "phantasms"
)

// playsMagic reports whether the fights play action a (PlaysAction):
// a Teleport that keeps the monster in the fight, a Roar in stages, a
// cloaker's Phantasms.
func playsMagic(a srd.Action) bool {
	return teleportsNear(a) || roars(a) || a.ID == phantasmsID
}

// magicTurn is monster ai's action when it is one played here: its
// phantasms, its next roar, a blink dog's teleport and bite, a
// withdrawal by teleport. It reports whether it took the action.
func (e *Encounter) magicTurn(res *Result, ai int, src dice.Source, rs Reactions) (bool, error) {
	if err := e.phantasmsFade(res, ai); err != nil {
		return false, err
	}
	p := e.Participants[ai]
	for _, a := range p.Actions {
		switch {
		case a.ID == phantasmsID && e.readyPhantasms(ai, a):
			return true, e.phantasms(res, ai, a, src)
		case roars(a):
			if stage, ok := e.readyRoar(ai, a); ok {
				return true, e.roar(res, ai, a, stage, src, rs)
			}
		case teleportsNear(a) && a.Usage != nil && a.Usage.Type == "recharge":
			if !slices.Contains(p.Spent, a.ID) {
				return true, e.blinkBite(res, ai, a, src, rs)
			}
		case teleportsNear(a) && !slices.Contains(p.Spent, a.ID) && e.withdraws(ai):
			e.markSpent(ai, a.ID) // once a fight
			e.Participants[ai].Turn.ActionUsed = true
			res.Kind = ActionMove
			e.teleportAway(res, ai)
			return true, nil
		}
	}
	return false, nil
}
