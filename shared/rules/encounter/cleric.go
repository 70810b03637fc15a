package encounter

// The cleric's features in a fight.
var clericFeatures = map[string]classFeature{}
