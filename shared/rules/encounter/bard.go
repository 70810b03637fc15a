package encounter

// The bard's features in a fight.
var bardFeatures = map[string]classFeature{
	"cutting-words": {where: "reaction.go: CuttingWords"},
}
