package spell

import "chronicler/shared/rules"

// The boons' and wards' table entries: feasts and berries, foresight and
// a blank mind, stealth and rapture, a ward against the planes, a shield
// of flame, a smite, two blasts, a globe and a stopped clock (boons.go).
var boonSpecs = map[string]spec{
	"heroes-feast": {exact: true, cures: []rules.Condition{rules.Poisoned, rules.Frightened},
		rider: "{target} is cured of every disease, and needs no more food for the day"},
	"goodberry": {exact: true, rider: "each berry also nourishes a creature for a day; the berries lose their potency 24 hours after the casting"},
	"foresight": {exact: true, rider: "{target} can't be surprised"},
	"mind-blank": {exact: true, cures: []rules.Condition{rules.Charmed},
		rider: "no effect can sense {target}'s emotions or read its thoughts, divination spells can't find it, and even a wish can't reach its mind"},
	"pass-without-trace": {exact: true, rider: "{target} leaves no tracks and can't be tracked except by magic"},
	"enthrall":           {exact: true, rider: "the spell ends for {target} if {caster} is incapacitated or stops speaking"},
	"dispel-evil-and-good": {exact: true, ongoing: TriggerAction,
		rider: "{caster} may end the spell with its action to free a creature it touches of a charm, fright or possession " +
			"by such creatures, or to dismiss one of them to its home plane (a Charisma save)"},
	"fire-shield":            {exact: true},
	"branding-smite":         {exact: true},
	"delayed-blast-fireball": {exact: true},
	"prismatic-spray":        {exact: true},
	"globe-of-invulnerability": {exact: true,
		rider: "a spell of the level the globe blocks can still be cast at a creature inside it, to no effect; a spell dispel magic ends is not blocked"},
	"time-stop": {exact: true, rider: "{caster} must stay within 1,000 feet of where it cast the spell"},
}

// boonResolvers are their resolvers.
func boonResolvers() map[string]resolver {
	return map[string]resolver{
		"heroes-feast":             {targets: upTo(13), run: (*cast).heroesFeast},
		"goodberry":                {targets: self, check: selfOnly, run: (*cast).goodberry},
		"foresight":                {targets: one, run: (*cast).foresight},
		"mind-blank":               {targets: one, run: (*cast).mindBlank},
		"pass-without-trace":       {targets: anyIn, run: (*cast).passWithoutTrace},
		"enthrall":                 {targets: upTo(MaxTargets), ability: true, run: (*cast).enthrall},
		"dispel-evil-and-good":     {targets: dispelTargets, ability: true, check: checkDispel, run: (*cast).dispelEvil},
		"fire-shield":              {targets: self, check: checkFireShield, run: (*cast).fireShield},
		"branding-smite":           {targets: self, check: checkSmite, run: (*cast).brandingSmite},
		"delayed-blast-fireball":   {targets: anyIn, ability: true, check: (*cast).prepareDamage, run: (*cast).delayedBlast},
		"prismatic-spray":          {targets: anyIn, ability: true, run: (*cast).prismaticSpray},
		"globe-of-invulnerability": {targets: self, check: selfOnly, run: (*cast).globe},
		"time-stop":                {targets: self, check: selfOnly, run: (*cast).timeStop},
	}
}

// init merges this file's spells into specs and resolvers, which are
// package variables, made before any init runs; the inits of
// resolvers.go and shape.go's neighbours add their own ids, and each
// panics on one written twice, so none of these may be in their tables.
func init() {
	rs := boonResolvers()
	for id, sp := range boonSpecs {
		if _, dup := specs[id]; dup {
			panic("spell: " + id + " is specified twice")
		}
		if _, dup := resolvers[id]; dup {
			panic("spell: " + id + " has two resolvers")
		}
		r, ok := rs[id]
		if !ok {
			panic("spell: " + id + " has no resolver")
		}
		specs[id], resolvers[id] = sp, r
	}
}
