package encounter

import (
	"fmt"
	"strings"

	"chronicler/shared/dice"
	"chronicler/shared/rules"
	"chronicler/shared/srd"
)

// A life drain (srd.Action.Drain) takes from the hit point maximum of the
// creature a monster's attack hits what the hit dealt, until the creature
// finishes a long rest (rules.Combatant.Drained, which the sheet keeps
// after the fight and the long rest gives back): a wight's and a wraith's
// behind a Constitution save, a vampire's bite always, of its necrotic
// damage, and the vampire regains as much. The hit points above the new
// maximum are lost; a creature whose maximum reaches 0 dies.

// drain plays the life drain of stat block attack a, whose hit r took
// from participant ti, for attacker ai. Its save may be rolled again by
// the target's features (Indomitable), a moment of their own (rs).
func (e *Encounter) drain(res *Result, rs Reactions, ai, ti int, a srd.Action, r rules.AttackResult, src dice.Source) error {
	d := a.Drain
	t := e.Participants[ti]
	if d == nil || !r.Hit || r.Damage == nil || t.Defeated || t.Left {
		return nil
	}
	amount := 0
	for _, part := range r.Damage.Parts {
		if d.Type == "" || part.Type.String() == d.Type {
			amount += part.Taken
		}
	}
	if amount <= 0 {
		return nil
	}
	what := possessive(e.Participants[ai].Name) + " " + strings.ToLower(a.Name)
	if d.Save != nil {
		sv, err := e.hitSave(res, rs, ai, ti, a, srd.HitCondition{Save: d.Save}, src)
		if err != nil {
			return err
		}
		if sv.Success {
			res.say(fmt.Sprintf("%s resists %s (%s save %d against DC %d): the hit point maximum holds.", t.Name, what, sv.Ability.Name(), sv.Total, sv.DC))
			return nil
		}
	}
	c := e.Participants[ti].Combatant
	after := c
	after.Drained += amount
	top := after.CurrentMaxHP()
	changes := []rules.Change{{TargetID: c.ID, Field: rules.FieldDrained, From: c.Drained, To: after.Drained}}
	if c.HP > top {
		changes = append(changes, rules.Change{TargetID: c.ID, Field: rules.FieldHP, From: c.HP, To: top})
	}
	if err := e.apply(changes); err != nil {
		return err
	}
	res.Changes = append(res.Changes, changes...)
	if top == 0 {
		res.say(fmt.Sprintf("%s drains %s's hit point maximum to 0, and %s dies.", what, t.Name, t.Name))
		if err := e.destroy(res, ai, ti); err != nil {
			return err
		}
	} else {
		res.say(fmt.Sprintf("%s drains %d from %s's hit point maximum, now %d until a long rest.", what, amount, t.Name, top))
	}
	if !d.Heals || e.Participants[ai].Defeated {
		return nil
	}
	h, err := e.heal(res, ai, flat(amount), "", src)
	if err != nil {
		return err
	}
	if h.Regained > 0 {
		res.say(fmt.Sprintf("%s regains %d hit points (%d/%d).", e.Participants[ai].Name, h.Regained, h.HPAfter, h.MaxHP))
	}
	return nil
}
