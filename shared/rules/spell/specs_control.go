package spell

import (
	"chronicler/shared/rules"
	"chronicler/shared/srd"
)

// The spells that take hold of a creature's will, body or place: charms
// told as suggestions, dances, confusion, prisons of force, a maze. Their
// entries join specs in init.
var controlSpecs = map[string]spec{
	"suggestion": {conds: charmed, ends: "8 hours, or until it takes damage (from the caster or its companions)",
		rider: "{target} pursues the course of action {caster} suggests as best it can; a suggestion of an obviously harmful act ends the spell"},
	"mass-suggestion": {conds: charmed, maxTargets: fixed(12), ends: "24 hours, or until it takes damage (from the caster or its companions)",
		rider: "{target} pursues the course of action {caster} suggests as best it can; a suggestion of an obviously harmful act negates the spell " +
			"(cast with a 7th-level slot it lasts 10 days, 8th 30 days, 9th a year and a day)"},
	"compulsion": {exact: true, ongoing: TriggerSave, ends: "1 minute, or until it succeeds on a Wisdom save at the end of one of its turns",
		rider: "on each of its turns {target} must use as much of its movement as it can to move in the direction {caster} designates " +
			"with a bonus action, after any action it takes; it won't walk into an obviously deadly hazard, and it provokes opportunity attacks"},
	"confusion": {exact: true, ongoing: TriggerSave, ends: "1 minute, or until it succeeds on a Wisdom save at the end of one of its turns"},
	"irresistible-dance": {exact: true, ongoing: TriggerSave, save: &srd.Save{Ability: "wis", OnSuccess: "none"},
		ends: "1 minute, or until it succeeds on the Wisdom save it makes with its action"},
	"eyebite": {exact: true, ongoing: TriggerAction, conds: []rules.Condition{rules.Unconscious, rules.Frightened, rules.Poisoned}, choose: true},
	"flesh-to-stone": {exact: true, conds: []rules.Condition{rules.Restrained},
		ends: "1 minute; it repeats the Constitution save after each of its turns: three successes end the spell, three failures turn it to stone"},
	"feeblemind": {exact: true,
		ends: "until it succeeds on the Intelligence save it repeats after every 30 days, or greater restoration, heal or wish ends it"},
	"resilient-sphere": {exact: true, ends: "1 minute, while the caster concentrates",
		rider: "{target}'s sphere can be rolled at half its speed with its action, or picked up and carried; disintegrate destroys it, harming nothing inside"},
	"forcecage": {exact: true, ends: "1 hour",
		rider: "{target} can't leave the cage by nonmagical means; to teleport or travel to another plane out of it, it must first succeed on a Charisma save"},
	"maze": {exact: true, ends: "10 minutes, while the caster concentrates, or until it escapes with a DC 20 Intelligence check made with its action"},
}

func init() {
	for id, sp := range controlSpecs {
		if _, dup := specs[id]; dup {
			panic("spell: " + id + " is specified twice")
		}
		specs[id] = sp
	}
}
