package encounter

// The monk's features in a fight.
var monkFeatures = map[string]classFeature{
	"monk-extra-attack": {where: "weapon.go: attacksPerAction"},
}
