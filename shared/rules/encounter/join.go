package encounter

import (
	"slices"
	"strconv"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
)

// Join brings a character into the fight under way, as it comes into the
// fight's area: snapshotted from its sheet with its lasting effects, as
// Start would, it rolls initiative and takes its place in the order
// (after those it ties with), and acts when that place comes round. It
// returns the encounter and the initiative roll. An encounter that has
// ended, a character already in it or dead, or a full encounter is a
// fault.Invalid refusal (NotAllowed).
func Join(e Encounter, ch campaign.Character, src dice.Source) (Encounter, rules.Log, error) {
	switch {
	case e.Status != Active:
		return e, rules.Log{}, refuse(NotAllowed, "encounter", "the encounter has ended")
	case e.index(ch.ID) >= 0 || slices.ContainsFunc(e.Participants, func(p Participant) bool { return p.CharacterID == ch.ID }):
		return e, rules.Log{}, refuse(NotAllowed, "character_id", "%s is already in the fight", ch.Name)
	case ch.IsDead():
		return e, rules.Log{}, refuse(NotAllowed, "character_id", "%s is dead and fights no more until brought back", ch.Name)
	case len(e.Participants) >= MaxParticipants:
		return e, rules.Log{}, refuse(NotAllowed, "encounter", "the fight holds at most %d participants", MaxParticipants)
	}
	out := e.clone()
	p := characterParticipant(ch)
	rolls, err := rollInitiativeOf(&p, src)
	if err != nil {
		return e, rules.Log{}, fault.Wrap(fault.Internal, "join encounter", err)
	}
	log := rules.Log{Rolls: rolls}
	out.takePlace(p)
	out.carryIn([]campaign.Character{ch})
	servants, err := out.servantsIn(out.index(p.ID), src)
	if err != nil {
		return e, rules.Log{}, fault.Wrap(fault.Internal, "join encounter", err)
	}
	log.Rolls = append(log.Rolls, servants...)
	out.featuresInitiative(len(out.Participants) - 1)
	out.log(out.Round, p.ID, p.Name+" joins the fight (initiative "+strconv.Itoa(p.Initiative)+").")
	return out, log, nil
}

// takePlace adds participant p, its initiative rolled, to the fight: at
// its place in the order, after those it ties with.
func (e *Encounter) takePlace(p Participant) {
	e.Participants = append(e.Participants, p)
	at := slices.IndexFunc(e.Order, func(id string) bool {
		o, ok := e.Participant(id)
		return !ok || o.Defeated || o.Initiative < p.Initiative
	})
	if at < 0 {
		at = len(e.Order)
	}
	e.Order = slices.Insert(e.Order, at, p.ID)
}
