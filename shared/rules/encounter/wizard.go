package encounter

// The wizard's features in a fight.
var wizardFeatures = map[string]classFeature{}
