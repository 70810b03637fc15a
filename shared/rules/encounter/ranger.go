package encounter

// The ranger's features in a fight.
var rangerFeatures = map[string]classFeature{
	"ranger-extra-attack": {where: "weapon.go: attacksPerAction"},
}
