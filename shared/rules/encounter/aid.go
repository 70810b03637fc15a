package encounter

import (
	"strings"

	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
)

// ActionFirstAid is a character's action to stabilize a dying creature
// (TargetID): with a healer's kit if it carries one (Participant.Kit), no
// check needed; otherwise a DC 10 Wisdom (Medicine) check. The rules'
// front door takes it from a help, or a healer's kit used, on a dying
// ally.
const ActionFirstAid = "first_aid"

// IsHealersKit reports whether an inventory item is the SRD's healer's
// kit, by its id or its name ("healers-kit", "Healer's Kit").
func IsHealersKit(item string) bool {
	return slug(strings.ReplaceAll(item, "'", "")) == "healers-kit"
}

// aid is ActionFirstAid: participant ai gives first aid to its target.
func (e *Encounter) aid(res *Result, ai int, in Action, src dice.Source) error {
	p := e.Participants[ai]
	ti := e.index(in.TargetID)
	switch {
	case p.Kind != KindCharacter:
		return refuse(NotAllowed, "action.kind", "%s does not give first aid", p.Name)
	case in.TargetID == "":
		return refuse(InvalidArgs, "action.target_id", "name the dying creature to give first aid to")
	case ti < 0:
		return refuse(InvalidArgs, "action.target_id", "no participant %q", truncate(in.TargetID, 60))
	case ti == ai:
		return refuse(InvalidArgs, "action.target_id", "%s can't give first aid to itself", p.Name)
	case p.Turn.ActionUsed:
		return refuse(NotAllowed, "action.kind", "%s has already taken an action this turn", p.Name)
	}
	t := e.Participants[ti]
	switch {
	case t.Defeated:
		return refuse(NotAllowed, "action.target_id", "%s is dead: first aid can't help; a spell that brings back the dead can", t.Name)
	case e.elsewhere(t.ID):
		return refuse(NotAllowed, "action.target_id", "%s is out of reach", t.Name)
	case t.Combatant.HP > 0:
		return refuse(NotAllowed, "action.target_id", "%s is not dying", t.Name)
	case t.Combatant.Stable:
		return refuse(NotAllowed, "action.target_id", "%s is already stable", t.Name)
	}
	e.Participants[ai].Turn.ActionUsed = true
	_, err := e.firstAid(res, ai, ti, src)
	return err
}

// firstAid has participant h stabilize dying participant i, with its
// healer's kit or a Wisdom (Medicine) check, and tells res.
func (e *Encounter) firstAid(res *Result, h, i int, src dice.Source) (rules.StabilizeResult, error) {
	healer, patient := e.Participants[h], e.Participants[i]
	var (
		r    rules.StabilizeResult
		err  error
		text string
	)
	if healer.Kit {
		r, err = rules.Stabilize(patient.Combatant, "a healer's kit")
		r.HealerID, r.Healer = healer.ID, healer.Name
		text = healer.Name + " stabilizes " + patient.Name + " with a healer's kit."
	} else {
		r, err = rules.FirstAid(healer.Combatant, patient.Combatant, src)
		text = r.Summary()
	}
	if err != nil {
		return r, fault.Wrap(fault.Internal, actOp, err)
	}
	if err := e.apply(r.Changes); err != nil {
		return r, err
	}
	res.Rolls = append(res.Rolls, r.Rolls...)
	res.Changes = append(res.Changes, r.Changes...)
	res.say(text)
	return r, nil
}
