package spell

import "fmt"

// bodySpecs are the spells that change a body, its senses or the light
// around it (bodies.go).
var bodySpecs = map[string]spec{
	"shillelagh":          {exact: true},
	"enlarge-reduce":      {exact: true},
	"expeditious-retreat": {exact: true},
	"jump":                {exact: true},
	"fly":                 {exact: true},
	"gaseous-form":        {exact: true},
	"spider-climb":        {exact: true},
	"water-breathing":     {exact: true},
	"water-walk":          {exact: true},
	"alter-self":          {exact: true},
	"darkvision":          {exact: true},
	"light":               {exact: true},
	"daylight":            {exact: true},
	"dancing-lights":      {exact: true},
	"continual-flame":     {exact: true},
	"fog-cloud":           {exact: true},
}

// bodyResolvers are their resolvers.
func bodyResolvers() map[string]resolver {
	return map[string]resolver{
		"shillelagh":          {targets: self, ability: true, check: checkShillelagh, run: (*cast).shillelagh},
		"enlarge-reduce":      {targets: one, ability: true, check: checkForm(enlargeForms), run: (*cast).enlargeReduce},
		"expeditious-retreat": {targets: self, check: selfOnly, run: (*cast).expeditiousRetreat},
		"jump": {targets: one, run: told("its jump distance is tripled",
			"jumps three times as far for the minute")},
		"fly":          {targets: perSlot(1, 3), run: (*cast).fly},
		"gaseous-form": {targets: one, run: (*cast).gaseousForm},
		"spider-climb": {targets: one, run: told("it climbs walls and ceilings, hands free, with a climbing speed equal to its walking speed",
			"climbs like a spider: walls and ceilings, hands free, as fast as it walks")},
		"water-breathing": {targets: upTo(10), run: told("it breathes underwater",
			"breathes underwater for 24 hours")},
		"water-walk": {targets: upTo(10), run: told("it walks on any liquid as on solid ground",
			"walks on water and any other liquid as on solid ground for the hour")},
		"alter-self": {targets: self, check: checkAlterSelf, run: (*cast).alterSelf},
		"darkvision": {targets: one, run: (*cast).darkvision},
		"light": {targets: object, ability: true, run: lights(BrightLightID,
			"sheds bright light in a 20-foot radius and dim light 20 feet beyond")},
		"continual-flame": {targets: object, run: lights(BrightLightID,
			"bears a flame as bright as a torch, until dispelled")},
		"dancing-lights": {targets: anyIn, run: lights(DimLightID,
			"is lit by four dancing lights shedding dim light")},
		"daylight": {targets: anyIn, run: lights(BrightLightID,
			"stands in daylight: bright light 60 feet around, dim light 60 feet beyond")},
		"fog-cloud": {targets: anyIn, run: (*cast).fogCloud},
	}
}

// init merges this file's spells into specs and resolvers. It runs
// after resolvers.go's init, which makes the resolvers' map: the go
// command hands a package's files to the compiler sorted by name.
func init() {
	rs := bodyResolvers()
	for id, sp := range bodySpecs {
		if _, dup := specs[id]; dup {
			panic(fmt.Sprintf("spell %q is in specs twice", id))
		}
		if _, dup := resolvers[id]; dup {
			panic(fmt.Sprintf("spell %q has two resolvers", id))
		}
		if _, ok := rs[id]; !ok {
			panic(fmt.Sprintf("spell %q has no resolver", id))
		}
		specs[id] = sp
		resolvers[id] = rs[id]
	}
}
