package encounter

// The paladin's features in a fight.
var paladinFeatures = map[string]classFeature{
	"paladin-extra-attack": {where: "weapon.go: attacksPerAction"},
}
