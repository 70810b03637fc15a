package encounter

import (
	"fmt"

	"chronicler/shared/dice"
	"chronicler/shared/rules"
	"chronicler/shared/srd"
)

// A single target's limits (srd.Action.Upon, Drops, read by
// srdgen/actions3.go): whom the action may pick, and a failed save that
// drops the target to 0 hit points.

// uponFits reports whether participant i is one monster ai's action a
// may pick: with no Upon anyone; "grappled", a creature it grapples (a
// chuul's Tentacles); "frightened", a frightened creature that can see
// it (a sea hag's Death Glare: "If the target can see the hag").
func (e Encounter) uponFits(ai, i int, a srd.Action) bool {
	t := e.Participants[i]
	switch a.Upon {
	case "grappled":
		return t.GrappledBy == e.Participants[ai].ID && t.Combatant.Conditions.Has(rules.Grappled)
	case "frightened":
		return t.Combatant.Conditions.Has(rules.Frightened) && !t.Combatant.Conditions.Has(rules.Blinded)
	}
	return true
}

// dropToZero drops participant ti, who failed its save sv against
// monster ai's action a, to 0 hit points: damage of all it has, temporary
// hit points too, of no type, so nothing resists it.
func (e *Encounter) dropToZero(res *Result, ai, ti int, a srd.Action, sv rules.SaveResult, src dice.Source) error {
	t := e.Participants[ti]
	hit := rules.Hit{Damage: []rules.Damage{{Amount: t.Combatant.HP + t.Combatant.TempHP}}}
	tell := fmt.Sprintf("%s's %s drops %s to 0 hit points (%s save %d against DC %d): ", e.Participants[ai].Name, a.Name, t.Name, sv.Ability.Name(), sv.Total, sv.DC)
	_, err := e.damage(res, ai, ti, t.Combatant, hit, tell, src)
	return err
}
