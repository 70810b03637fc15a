package encounter

import (
	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
)

// ActionFirstAid is a character's action to stabilize a dying creature
// (TargetID): with a healer's kit if it carries one with a use left
// (Participant.Kit), which spends a use, no check needed; otherwise a DC
// 10 Wisdom (Medicine) check. On a creature that is not dying, it tends
// what a monster's hit left (riders.go: Tends): it shakes a sleeper
// awake, douses a fire, or stanches a wound with the check the wound
// asks; Choice names which ("wake", "douse", "stanch"), or the first.
// The rules' front door takes it from a help, or a healer's kit used, on
// a dying ally or one a rider holds.
const ActionFirstAid = "first_aid"

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
	case p.Turn.ActionUsed:
		return refuse(NotAllowed, "action.kind", "%s has already taken an action this turn", p.Name)
	}
	t := e.Participants[ti]
	if !t.Combatant.Dying() && !t.Combatant.Dead && len(e.Tends(t.ID)) > 0 {
		if e.elsewhere(t.ID) {
			return refuse(NotAllowed, "action.target_id", "%s is out of reach", t.Name)
		}
		return e.tend(res, ai, ti, in.Choice, src)
	}
	if why, no := rules.CanGiveFirstAid(p.Combatant, t.Combatant); no {
		field := "actor_id"
		if why.Patient {
			field = "action.target_id"
		}
		return refuse(why.Reason, field, "%s", why.Message)
	}
	if e.elsewhere(t.ID) {
		return refuse(NotAllowed, "action.target_id", "%s is out of reach", t.Name)
	}
	e.Participants[ai].Turn.ActionUsed = true
	_, err := e.firstAid(res, ai, ti, src)
	return err
}

// firstAid has participant h stabilize dying participant i
// (rules.GiveFirstAid), with a use of its healer's kit or a Wisdom
// (Medicine) check, and tells res.
func (e *Encounter) firstAid(res *Result, h, i int, src dice.Source) (rules.StabilizeResult, error) {
	healer, patient := e.Participants[h], e.Participants[i]
	r, err := rules.GiveFirstAid(healer.Combatant, healer.Kit, patient.Combatant, src)
	if err != nil {
		return r, fault.Wrap(fault.Internal, actOp, err)
	}
	if r.Kit {
		e.Participants[h].spendKit()
	}
	if err := e.apply(r.Changes); err != nil {
		return r, err
	}
	res.Rolls = append(res.Rolls, r.Rolls...)
	res.Changes = append(res.Changes, r.Changes...)
	res.say(r.Summary())
	return r, nil
}

// spendKit spends a use of the participant's healer's kits; Kit stays
// while uses are left. (An encounter stored before uses were counted
// has Kit and no KitUses: its kit has the one use.)
func (p *Participant) spendKit() {
	p.KitUses = max(p.KitUses-1, 0)
	p.Kit = p.KitUses > 0
}
