package encounter

// The fighter's features in a fight.
var fighterFeatures = map[string]classFeature{
	"extra-attack-1": {where: "weapon.go: attacksPerAction"},
	"extra-attack-2": {where: "weapon.go: attacksPerAction"},
	"extra-attack-3": {where: "weapon.go: attacksPerAction"},
	"second-wind":    {where: "bonus.go: secondWind"},
}
