package encounter

// wornPlayed are the worn magic items the fight plays in code of its own
// rather than by a row of itemFeatures, and where:
//   - a Periapt of Health (rules.DiseaseImmune, among its wearer's
//     Features from the sheet) keeps a monster's hit from giving its
//     wearer a disease (afflict.go) and Contagion from taking hold.
var wornPlayed = map[string]string{
	"periapt-of-health": "afflict.go: a disease passes its wearer by",
}
