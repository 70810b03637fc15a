package turn

import (
	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/rules/encounter"
)

// inEncounter runs a combat action through the encounter: turn order,
// action economy, the attack and the spell are the encounter's rules, and
// target ids name participants. An action ends the turn unless the intent
// keeps it open; a bonus action ends it only once the action is spent
// too, so a bonus action can come first.
func (r request) inEncounter(d Decision, rec campaign.EncounterRecord, e encounter.Encounter) (Decision, error) {
	in, actor := r.in, r.actor
	if in.Kind == encounter.ActionMove {
		// A move in a fight is a move of the encounter's (out of reach,
		// opportunity attacks drawn) to a neighbouring area: the map,
		// which the encounter does not know, says which.
		if err := r.v.Map.Move(areaOf(r.v.Map, actor), in.ToAreaID); err != nil {
			return d, fault.Refuse(op, "intent.to_area_id", fault.OutOfRange, "%s", publicMessage(err))
		}
	}
	var who string
	for _, p := range e.Participants {
		if p.CharacterID == actor.ID {
			who = p.ID
		}
	}
	if who == "" {
		return d, fault.Refuse(op, "intent", fault.NotAllowed, "%s is not in the encounter", actor.Name)
	}
	p, _ := e.Participant(who)
	act := encounter.Action{Kind: in.Kind, TargetID: in.TargetID, Weapon: in.Weapon, Spell: in.Spell,
		SlotLevel: in.SlotLevel, TargetIDs: in.TargetIDs, Bonus: in.Bonus, Ongoing: in.Ongoing, Choice: in.Choice}
	// Movement, like a bonus action, leaves the turn open for the action.
	act.EndTurn = !in.KeepTurn && (!(act.TakesBonusAction() || act.Kind == encounter.ActionMove) || p.Turn.ActionUsed)
	if e.Current == who && p.HP <= 0 && !p.Defeated && !p.Combatant.Stable {
		// A dying character's turn is its death saving throw, whatever
		// the player chose: the protocol has no word for it.
		act = encounter.Action{Kind: encounter.ActionDeathSave, EndTurn: true}
	}
	next, res, err := encounter.Act(e, who, act, r.src)
	if err != nil {
		return d, err
	}
	upd, err := encounter.Record(next, rec.Version)
	if err != nil {
		return d, err
	}
	d.Rolls, d.Summary, d.Encounter = Rolls(res.Rolls), res.Summary(), &upd
	if res.Moved {
		moved := actor
		moved.AreaID = in.ToAreaID
		d.Changed = []campaign.Character{moved}
	}
	return d, nil
}
