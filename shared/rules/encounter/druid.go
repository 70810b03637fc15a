package encounter

// The druid's features in a fight.
var druidFeatures = map[string]classFeature{}
