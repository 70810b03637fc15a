package rules

import (
	"fmt"
	"slices"
	"strings"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
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

// AfflictionsDawn is what a day takes of character ch's hit point maximum
// through its afflictions that say how much every 24 hours (mummy rot's
// 3d6, a diseased rat's 1d6): each long rest takes in a day, so each rolls
// its dice once and adds them to what it has taken. The hit points fall
// to the new maximum; a maximum at 0 kills. It returns the sheet, the
// rolls and what the table is told ("" when no affliction took anything).
func AfflictionsDawn(ch campaign.Character, src dice.Source) (campaign.Character, []Roll, string) {
	var rolls []Roll
	var said []string
	as := slices.Clone(ch.Afflictions)
	for i, a := range as {
		x, err := dice.Parse(a.Daily)
		if a.Daily == "" || err != nil {
			continue
		}
		r := dice.Roll(x, src)
		as[i].Reduced = min(a.Reduced+max(r.Total, 0), 1000)
		rolls = append(rolls, Roll{Reason: a.Name + ": the hit point maximum a day takes", RollerID: ch.ID, Result: r})
		said = append(said, fmt.Sprintf("%s takes %d more of %s's hit point maximum (%d in all).", capital(a.Name), max(r.Total, 0), ch.Name, as[i].Reduced))
	}
	if len(rolls) == 0 {
		return ch, nil, ""
	}
	ch.Afflictions = as
	top := FromSheet(ch).CurrentMaxHP()
	ch.HP = min(ch.HP, top)
	if top <= 0 {
		ch.HP, ch.Dead = 0, true
		said = append(said, fmt.Sprintf("With no hit point maximum left, %s dies.", ch.Name))
	}
	return ch, rolls, strings.Join(said, " ")
}
