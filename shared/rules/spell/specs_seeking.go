package spell

// The spells that find and read what the campaign keeps (seeking.go): magic
// items, the spells on a creature, where on the map a character or an
// item is, and the way to a place. Their entries join specs in init.
var pSpecs = map[string]spec{
	"identify":        {exact: true},
	"locate-creature": {exact: true},
	"locate-object":   {exact: true},
	"find-the-path":   {exact: true},
}

func init() {
	for id, sp := range pSpecs {
		if _, dup := specs[id]; dup {
			panic("spell: " + id + " is specified twice")
		}
		specs[id] = sp
	}
	for id, r := range pResolvers() {
		if _, dup := resolvers[id]; dup {
			panic("spell: " + id + " has two resolvers")
		}
		resolvers[id] = r
	}
}
