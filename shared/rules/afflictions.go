package rules

import (
	"slices"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
)

// A curse or disease a monster's hit leaves (campaign.Affliction) stays
// on the creature past the fight: what it took of the hit point maximum
// counts off CurrentMaxHP, and one that forbids healing holds the hit
// points where they are (Heal for all of them, a rest and a hit die for
// a disease that only magic gets past). A spell ends it (spell/restore.go).

// FieldAfflictions is the whole list of a creature's afflictions, before
// and after ([]campaign.Affliction).
const FieldAfflictions Field = "afflictions"

// applyAfflictions sets c's afflictions to ch.To, when they were ch.From.
func (c *Combatant) applyAfflictions(ch Change) error {
	from, ok1 := ch.From.([]campaign.Affliction)
	to, ok2 := ch.To.([]campaign.Affliction)
	if !ok1 || !ok2 {
		return fault.Field("apply change", string(ch.Field), "%v: want afflictions", ch)
	}
	if !slices.Equal(c.Afflictions, from) {
		return fault.E(fault.Conflict, "apply change", "%v: the afflictions are %v", ch, c.Afflictions)
	}
	c.Afflictions = slices.Clone(to)
	if len(to) == 0 {
		c.Afflictions = nil
	}
	return nil
}

// AfflictionsChange is the change that gives c the afflictions to.
func AfflictionsChange(c Combatant, to []campaign.Affliction) Change {
	from := slices.Clone(c.Afflictions)
	if from == nil {
		from = []campaign.Affliction{}
	}
	if to == nil {
		to = []campaign.Affliction{}
	}
	return Change{TargetID: c.ID, Field: FieldAfflictions, From: from, To: to}
}
