package encounter

// The sorcerer's features in a fight.
var sorcererFeatures = map[string]classFeature{}
