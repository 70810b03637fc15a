package spell

// Spirit Guardians is an area around its caster that creatures set off by
// starting their turn in it (its damage and save are its text's: the
// generator reads them); the encounter holds the caster's foes in its
// reach as in the area (encounter/zones.go).
func init() {
	if _, dup := specs["spirit-guardians"]; dup {
		panic("spell: spirit-guardians specified twice")
	}
	specs["spirit-guardians"] = spec{idle: true, ongoing: TriggerZone, rider: "{target}'s speed is halved in the area"}
}

// AroundCaster reports whether spell id's area moves with its caster and
// holds the foes in its reach (Spirit Guardians), rather than the
// creatures named as it is cast.
func AroundCaster(id string) bool { return id == "spirit-guardians" }
