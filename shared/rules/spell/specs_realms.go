package spell

import (
	"chronicler/shared/rules"
	"chronicler/shared/srd"
)

// The spells that take a creature out of the fight's reach, or put
// something between creatures: other planes, prisons, stone, walls,
// shells and fields, a rise into the air. The fights keep no map, so
// each is played as who is out of whose reach (realms.go; the encounter's
// spells_realms.go). Their entries join specs in init.
var realmsSpecs = map[string]spec{
	"plane-shift": {exact: true, rider: "{target} arrives at a random place on the plane {caster} named, and must find its own way back"},
	"etherealness": {exact: true, ongoing: TriggerAction,
		rider: "on the Border Ethereal {caster} sees and hears the plane it left, in grey and no farther than 60 feet, moves through its objects, " +
			"and may dismiss the spell with an action; returning into a solid space shunts it aside with 2 force damage a foot"},
	"imprisonment": {exact: true, rider: "{target} needs no air, food or drink and does not age while bound; divination can't find it; " +
		"the binding ends on the condition {caster} set as it was cast, or a 9th-level dispel magic on the prison or its component"},
	"meld-into-stone": {exact: true, ongoing: TriggerAction,
		rider: "merged, {caster} can't see outside and hears with disadvantage; the stone's partial destruction expels it with 6d6 bludgeoning damage, " +
			"its complete destruction with 50, prone in the nearest space"},
	"mislead": {exact: true, conds: []rules.Condition{rules.Invisible}, ends: "1 hour, while the caster concentrates, or until it attacks or casts a spell",
		rider: "an illusory double of {caster} appears where it stands; with its action {caster} moves the double up to twice its speed " +
			"and may see and hear through it (a bonus action switches), blinded and deafened to its own surroundings meanwhile"},
	"geas": {conds: charmed, ends: "30 days (a year with a 7th- or 8th-level slot, until ended with a 9th); remove curse, greater restoration or wish ends it",
		rider: "{target} must do the service or refrain as {caster} commands, and takes 5d10 psychic damage (once a day at most) each time it acts directly against it; " +
			"a suicidal command ends the spell, and a creature that can't understand {caster} is unaffected"},
	"modify-memory": {conds: []rules.Condition{rules.Charmed, rules.Incapacitated},
		ends: "1 minute, while the caster concentrates, or until it takes damage or is targeted by another spell",
		rider: "{target} is unaware of its surroundings but hears {caster}, who may reshape its memory of an event of the last day of no more than 10 minutes " +
			"(a week at 6th level, a month at 7th, a year at 8th, any time at 9th); the memory takes hold when the spell ends, not if it is broken first"},
	"magic-circle": {exact: true, ends: "1 hour (an hour more for each slot level above 3rd)",
		rider: "a creature of the circle's type can't willingly enter it by nonmagical means, and must succeed on a Charisma save to teleport or travel into it"},
	"antilife-shell": {exact: true},
	"levitate": {exact: true, save: &srd.Save{Ability: "con", OnSuccess: "none"},
		rider: "{target} moves only by pushing or pulling against a fixed surface within reach, as if climbing; {caster} can move it 20 feet up or down"},
	"telekinesis": {exact: true, ongoing: TriggerAction,
		rider: "{caster} may instead move an object of up to 1,000 pounds 30 feet, contesting a creature that wears or carries it; switching targets frees the last"},
	"reverse-gravity": {exact: true, rider: "objects that are not anchored fall upward too, and a ceiling in the way is struck as in a fall"},
	"wall-of-force": {exact: true, optional: true,
		rider: "nothing passes the wall of force, not even the Ethereal; it is immune to damage and dispel magic, and disintegrate destroys it"},
	"prismatic-wall": {exact: true, save: &srd.Save{Ability: "con", OnSuccess: "none"}, conds: []rules.Condition{rules.Blinded}, ends: "1 minute",
		rider: "a creature that starts its turn within 20 feet of the wall saves again or is blinded; passing through it crosses seven layers, " +
			"a Dexterity save each: 10d6 fire, acid, lightning, poison and cold, then restrained on the way to stone, then blinded and sent to another plane"},
	"earthquake": {exact: true, save: &srd.Save{Ability: "dex", OnSuccess: "none"},
		rider: "the ground is difficult terrain; 1d6 fissures open at the start of {caster}'s next turn, and structures take 50 bludgeoning damage each turn, " +
			"collapsing on those nearby (Dexterity save or 5d6 bludgeoning, prone and buried)"},
	"antimagic-field": {exact: true,
		rider: "magic items become mundane, summoned creatures wink out and teleportation fails in the field"},
	"wall-of-stone": {exact: true, optional: true,
		rider: "each 10-foot panel has AC 15 and 30 hit points an inch of thickness; a creature the wall would enclose makes a Dexterity save " +
			"to use its reaction to move out; held the full 10 minutes, the wall is permanent"},
}

func init() {
	for id, sp := range realmsSpecs {
		if _, dup := specs[id]; dup {
			panic("spell: " + id + " is specified twice")
		}
		specs[id] = sp
	}
	for id, r := range realmsResolvers() {
		if _, dup := resolvers[id]; dup {
			panic("spell: " + id + " has two resolvers")
		}
		resolvers[id] = r
	}
}
