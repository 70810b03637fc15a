package encounter

import (
	"slices"

	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
	"chronicler/shared/world"
)

// Light in a fight, coarsely: the fight's area is bright, dim or dark
// (Encounter.Light), brighter where a spell lights it (Light, Daylight:
// bright; Dancing Lights: dim; spells_bodies.go's light). Bright and dim light change nothing in a fight. In
// darkness a creature that cannot see in the dark fights blind: its
// attacks are at disadvantage (its target is unseen) and attacks on it
// at advantage (its attacker is). Darkvision sees darkness as dim light,
// so it is enough; blindsight and truesight see without light.

// Darkvision is the sense (a monster's Senses, a character's racial
// trait) that sees in darkness as in dim light.
const Darkvision = "darkvision"

// seesInDark reports whether participant i sees in darkness.
func (e Encounter) seesInDark(i int) bool {
	p := e.Participants[i]
	return slices.Contains(p.Combatant.Features, Darkvision) || e.holds(p.ID, spell.DarkvisionID) ||
		slices.ContainsFunc(p.Senses, func(s string) bool { return s == Darkvision || s == "blindsight" || s == "truesight" })
}

// lit changes an attack of ai on ti for the light the fight is in.
func (e *Encounter) lit(ai, ti int, req *rules.AttackRequest) {
	e.obscured(ai, ti, req) // a Fog Cloud (spells_bodies.go)
	if e.light() != world.LightDark {
		return
	}
	if !e.seesInDark(ai) {
		req.Disadvantage = append(slices.Clip(req.Disadvantage), "darkness: the target is unseen")
	}
	if !e.seesInDark(ti) {
		req.Advantage = append(slices.Clip(req.Advantage), "darkness: the attacker is unseen")
	}
}
