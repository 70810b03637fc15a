package spell

// The shape changes' table entries (Polymorph, True Polymorph,
// Shapechange, Animal Shapes); their resolvers are in shapes.go.
func init() {
	for id, sp := range map[string]spec{
		"polymorph": {exact: true, rider: "{target} can't speak, cast spells or take any action that needs hands or speech; " +
			"its gear melds into the new form"},
		"true-polymorph": {exact: true, rider: "if {caster} concentrates for the full hour, {target}'s new form is permanent until dispelled; " +
			"True Polymorph can also turn a creature into an object or an object into a creature (CR 9 or lower), which the narrator tells"},
		"shapechange": {exact: true, ongoing: TriggerAction, rider: "{caster} keeps its class and racial features where the new form can use them, " +
			"but no legendary or lair actions of the form; with its action it may take another form, or its own (choice \"end\")"},
		"animal-shapes": {exact: true, rider: "{target} can't speak or cast spells; its gear melds into the new form; " +
			"{caster} may use an action on later turns to give it a new form"},
	} {
		if _, dup := specs[id]; dup {
			panic("spell: two specs for " + id)
		}
		specs[id] = sp
	}
}
