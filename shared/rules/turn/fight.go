package turn

import (
	"fmt"
	"slices"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/rules/encounter"
)

// inEncounter runs a combat action through the encounter: turn order,
// action economy, the attack and the spell are the encounter's rules, and
// target ids name participants. An action ends the turn unless the intent
// keeps it open; a bonus action ends it only once the action is spent
// too, so a bonus action can come first. A dying character's player
// asks for nothing: its turn is the death save the rules make
// (encounter.Forced), and whatever it asks is refused.
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
	who, err := participantOf(e, actor)
	if err != nil {
		return d, err
	}
	p, _ := e.Participant(who)
	act := encounter.Action{Kind: in.Kind, TargetID: in.TargetID, Weapon: in.Weapon, Spell: in.Spell,
		SlotLevel: in.SlotLevel, TargetIDs: in.TargetIDs, Bonus: in.Bonus, Ongoing: in.Ongoing, Choice: in.Choice,
		ToAreaID: in.ToAreaID, Feature: in.Feature, With: in.With, Spare: in.Spare, Item: in.Item}
	// Movement, like a bonus action, leaves the turn open for the action.
	act.EndTurn = !in.KeepTurn && !act.Free() && (!(act.TakesBonusAction() || act.Kind == encounter.ActionMove) || p.Turn.ActionUsed)
	return r.play(d, rec, e, who, act)
}

// participantOf is the actor's participant id in the encounter.
func participantOf(e encounter.Encounter, actor campaign.Character) (string, error) {
	for _, p := range e.Participants {
		if p.CharacterID == actor.ID {
			return p.ID, nil
		}
	}
	return "", fault.Refuse(op, "intent", fault.NotAllowed, "%s is not in the encounter", actor.Name)
}

// play has participant who take act in the encounter and decides the
// turn from what it made of it.
func (r request) play(d Decision, rec campaign.EncounterRecord, e encounter.Encounter, who string, act encounter.Action) (Decision, error) {
	next, res, err := encounter.ActWith(e, who, act, r.src, r.choices)
	if err != nil {
		return d, err
	}
	var changed []campaign.Character
	if res.Moved {
		moved := r.actor
		moved.AreaID = act.ToAreaID
		changed = []campaign.Character{moved}
	}
	gone, err := r.journeyed(next, act, res) // a journey's travellers (journeys.go)
	if err != nil {
		return d, err
	}
	changed = append(changed, gone...)
	out, err := played(r.v.Characters, changed, rec, next, res)
	out.Intent, out.Fight = d.Intent, &res
	return out, err
}

// Played is the decision of a turn the rules played in an encounter, for
// a participant with no player or no choice to make: a monster's turn, a
// legendary action, a dying character's death save, the turn of a
// character whose player is away, the end of a fight stored decided. rec
// is the encounter as stored before the turn; next and res are what the
// encounter made of it; chars are the campaign's characters, on whose
// sheets the end of the encounter, when the turn ended it, writes what
// the fight did to them (Changed).
func Played(chars []campaign.Character, rec campaign.EncounterRecord, next encounter.Encounter, res encounter.Result) (Decision, error) {
	return played(chars, nil, rec, next, res)
}

// played is Played with the sheets the turn changed before the end of
// the encounter, if it ended, writes what the fight did over them.
func played(chars, changed []campaign.Character, rec campaign.EncounterRecord, next encounter.Encounter, res encounter.Result) (Decision, error) {
	upd, err := encounter.Record(next, rec.Version)
	if err != nil {
		return Decision{}, err
	}
	d := Decision{Rolls: Rolls(res.Rolls), Summary: res.Summary(), Encounter: &upd, Changed: changed, Clock: next.Now(), fighting: fightersOf(&next)}
	for _, a := range res.Applied {
		d.Reactions = append(d.Reactions, a.AppliedReaction)
	}
	concluded(&d, chars, next)
	return d, nil
}

// concluded writes onto d what the end of the encounter puts on the
// characters' sheets, when next is an encounter the turn ended: every
// committed diff (hit points, conditions, death saves, dead, slots,
// resources) and the XP earned, over the sheets the turn already changed.
func concluded(d *Decision, chars []campaign.Character, next encounter.Encounter) {
	if next.Status != encounter.Ended {
		return
	}
	base := slices.Clone(chars)
	for _, ch := range d.Changed {
		if i := slices.IndexFunc(base, func(b campaign.Character) bool { return b.ID == ch.ID }); i >= 0 {
			base[i] = ch
		}
	}
	ended := next.Diffs().CharacterUpdates(base)
	for _, ch := range d.Changed {
		if !slices.ContainsFunc(ended, func(u campaign.Character) bool { return u.ID == ch.ID }) {
			ended = append(ended, ch)
		}
	}
	d.Changed = ended
}

// Fighting are the characters in the fight the decision leaves under
// way, whose lasting effects the fight keeps (Settle leaves them be).
func (d Decision) Fighting() []string { return d.fighting }

// joins reports whether the actor, not in the fight under way, comes
// into it with its intent: a move into the fight's area, or anything
// but words where the fight is.
func (r request) joins(e encounter.Encounter) bool {
	if e.AreaID == "" {
		return false
	}
	if r.in.Kind == encounter.ActionMove {
		return r.in.ToAreaID == e.AreaID
	}
	return r.in.Kind != "say" && areaOf(r.v.Map, r.actor) == e.AreaID
}

// join brings the actor into the fight: a move there first, when it
// comes from a neighbouring area.
func (r request) join(d Decision, rec campaign.EncounterRecord, e encounter.Encounter) (Decision, error) {
	actor := r.actor
	from := areaOf(r.v.Map, actor)
	moved := from != e.AreaID
	if moved {
		if err := r.v.Map.Move(from, e.AreaID); err != nil {
			return d, fault.Refuse(op, "intent.to_area_id", fault.OutOfRange, "%s", publicMessage(err))
		}
		actor.AreaID = e.AreaID
	}
	next, log, err := encounter.Join(e, actor, r.src)
	if err != nil {
		return d, err
	}
	upd, err := encounter.Record(next, rec.Version)
	if err != nil {
		return d, err
	}
	p, _ := next.Participant(actor.ID)
	d.Rolls, d.Encounter = Rolls(log.Rolls), &upd
	d.Summary = fmt.Sprintf("%s joins the fight (initiative %d).", actor.Name, p.Initiative)
	if moved {
		d.Summary = fmt.Sprintf("%s goes from %s to %s and joins the fight (initiative %d).", actor.Name, r.v.Map.Areas[from].Name, r.v.Map.Areas[e.AreaID].Name, p.Initiative)
		d.Changed = []campaign.Character{actor}
	}
	d.Clock, d.fighting = max(next.Now(), r.v.Clock), fightersOf(&next)
	return d, nil
}
