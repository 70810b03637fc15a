package encounter

import (
	"fmt"
	"slices"
	"strings"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/rules"
	"chronicler/shared/srd"
)

// A hit's curse or disease (srd.Action.Affliction: mummy rot, a
// were-creature's lycanthropy, a diseased rat's bite, a clay golem's
// slam) goes on the creature that fails its save as a campaign.Affliction
// (rules.Combatant.Afflictions), which the sheet keeps after the fight,
// as it keeps a life drain's loss. A clay golem's takes the damage the
// hit dealt from the maximum at once, and a maximum taken to 0 kills; the
// others take theirs day by day, out of the fight. One the creature
// already carries is not caught again.

// afflict plays the affliction of stat block attack a, whose hit r struck
// participant ti, for attacker ai. Its save may be rolled again by the
// target's features (Indomitable), a moment of their own (rs).
func (e *Encounter) afflict(res *Result, rs Reactions, ai, ti int, a srd.Action, r rules.AttackResult, src dice.Source) error {
	f := a.Affliction
	t := e.Participants[ti]
	if f == nil || !r.Hit || t.Defeated || t.Left || t.Combatant.Dead {
		return nil
	}
	if len(f.Only) > 0 && !slices.Contains(f.Only, t.Type) {
		return nil
	}
	if slices.ContainsFunc(t.Combatant.Afflictions, func(x campaign.Affliction) bool { return x.Name == f.Name && !f.Drains }) {
		return nil
	}
	if f.Kind == "disease" && rules.DiseaseImmune(t.Combatant.Features) {
		res.say(t.Name + " is immune to disease, and " + possessive(e.Participants[ai].Name) + " " + strings.ToLower(a.Name) + " gives it none.")
		return nil
	}
	save := f.Save
	sv, err := e.hitSave(res, rs, ai, ti, a, srd.HitCondition{Save: &save}, src)
	if err != nil {
		return err
	}
	what := possessive(e.Participants[ai].Name) + " " + strings.ToLower(a.Name)
	if sv.Success {
		res.say(fmt.Sprintf("%s resists %s (%s save %d against DC %d).", t.Name, afflictionWord(*f), sv.Ability.Name(), sv.Total, sv.DC))
		return nil
	}
	took := campaign.Affliction{Name: f.Name, Kind: f.Kind, From: e.Participants[ai].SRDID, NoHealing: f.NoHealing, Daily: f.Daily}
	if f.Drains && r.Damage != nil {
		took.Reduced = r.Damage.Taken
	}
	c := t.Combatant
	after := c
	after.Afflictions = append(slices.Clone(c.Afflictions), took)
	top := after.CurrentMaxHP()
	changes := []rules.Change{rules.AfflictionsChange(c, after.Afflictions)}
	if c.HP > top {
		changes = append(changes, rules.Change{TargetID: c.ID, Field: rules.FieldHP, From: c.HP, To: top})
	}
	if err := e.apply(changes); err != nil {
		return err
	}
	res.Changes = append(res.Changes, changes...)
	switch {
	case f.Drains && top == 0:
		res.say(fmt.Sprintf("%s takes %s's hit point maximum to 0, and %s dies.", what, t.Name, t.Name))
		return e.destroy(res, ai, ti)
	case f.Drains:
		res.say(fmt.Sprintf("%s takes %d from %s's hit point maximum, now %d until Greater Restoration or other magic.", what, took.Reduced, t.Name, top))
	default:
		res.say(fmt.Sprintf("%s is %s (%s save %d against DC %d)%s.", t.Name, afflictionWord(*f), sv.Ability.Name(), sv.Total, sv.DC, afflictionDoes(*f)))
	}
	return nil
}

// afflictionWord is how a sentence names catching f: "cursed with mummy
// rot", "diseased".
func afflictionWord(f srd.Affliction) string {
	switch f.Kind {
	case "curse":
		return "cursed with " + f.Name
	case "disease":
		return "diseased"
	}
	return "drained of its hit point maximum"
}

// afflictionDoes is what f does, as the turn's line tells it.
func afflictionDoes(f srd.Affliction) string {
	var does []string
	switch f.NoHealing {
	case "all":
		does = append(does, "can't regain hit points")
	case "nonmagical":
		does = append(does, "regains hit points only by magic")
	}
	if f.Daily != "" {
		does = append(does, "loses "+f.Daily+" of its hit point maximum every 24 hours")
	}
	if len(does) == 0 {
		return ""
	}
	return ": it " + strings.Join(does, " and ")
}

// AfflictionsDelta is a character's afflictions before and after a fight
// that changed them.
type AfflictionsDelta struct {
	Before []campaign.Affliction `json:"before"`
	After  []campaign.Affliction `json:"after"`
}
