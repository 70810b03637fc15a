package spell

import "chronicler/shared/srd"

// The spells of copies, allies, safeguards and secrets (safeguards.go). Their
// entries join specs in init.
var oSpecs = map[string]spec{
	"simulacrum": {exact: true},
	"planar-ally": {exact: true,
		rider: "the creature bargains for its service: about 100 gp a minute, 1,000 gp an hour, 10,000 gp a day (up to 10), less for a task of its own ethos; it refuses what seems suicidal"},
	"contingency":  {exact: true},
	"clone":        {exact: true},
	"nondetection": {exact: true},
	"dream":        {exact: true, save: &srd.Save{Ability: "wis", OnSuccess: "none"}},
	"detect-magic": {exact: true},
}

func init() {
	for id, sp := range oSpecs {
		if _, dup := specs[id]; dup {
			panic("spell: " + id + " is specified twice")
		}
		specs[id] = sp
	}
	for id, r := range oResolvers() {
		if _, dup := resolvers[id]; dup {
			panic("spell: " + id + " has two resolvers")
		}
		resolvers[id] = r
	}
}
