package spell

// The area wards (wards.go): kept on their caster's sheet with the area they
// ward, they go off on the foes when a fight starts there. Their entries
// join specs in init.
var wardSpecs = map[string]spec{
	"glyph-of-warding":   {exact: true},
	"symbol":             {exact: true},
	"antipathy-sympathy": {exact: true},
	"forbiddance":        {exact: true},
	"hallow":             {exact: true},
}

func init() {
	for id, sp := range wardSpecs {
		if _, dup := specs[id]; dup {
			panic("spell: " + id + " is specified twice")
		}
		specs[id] = sp
	}
}
