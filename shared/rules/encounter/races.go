package encounter

// The racial traits in a fight.
var raceFeatures = map[string]classFeature{
	"lucky": {where: "rules: Combatant.Lucky; breath.go: a failed save's reroll"},
}
