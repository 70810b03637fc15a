package spell

import "chronicler/shared/srd"

// The spells of truth, minds, looks, wards and bindings (minds.go). Their
// entries join specs in init.
var mSpecs = map[string]spec{
	"zone-of-truth": {exact: true, save: &srd.Save{Ability: "cha", OnSuccess: "none"},
		rider: "a creature that enters the zone later, or starts its turn there, saves too; {caster} knows who fails"},
	"detect-thoughts": {exact: true, save: &srd.Save{Ability: "wis", OnSuccess: "none"}, ongoing: TriggerAction},
	"seeming":         {exact: true, save: &srd.Save{Ability: "cha", OnSuccess: "none"}},
	"alarm":           {exact: true},
	"awaken":          {exact: true},
	"planar-binding":  {exact: true},
}

func init() {
	for id, sp := range mSpecs {
		if _, dup := specs[id]; dup {
			panic("spell: " + id + " is specified twice")
		}
		specs[id] = sp
	}
	for id, r := range mResolvers() {
		if _, dup := resolvers[id]; dup {
			panic("spell: " + id + " has two resolvers")
		}
		resolvers[id] = r
	}
}
