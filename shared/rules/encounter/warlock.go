package encounter

// The warlock's features in a fight.
var warlockFeatures = map[string]classFeature{}
