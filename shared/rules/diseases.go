package rules

import "slices"

// PeriaptOfHealth is a worn Periapt of Health, among its wearer's
// Features: immune to contracting any disease (DiseaseImmune).
const PeriaptOfHealth = "periapt-of-health"

// DiseaseImmune reports whether features make their owner immune to
// contracting a disease: a paladin's Divine Health, a worn Periapt of
// Health. A disease a monster's hit gives (campaign.Affliction of kind
// "disease") and Contagion both pass such a creature by.
func DiseaseImmune(features []string) bool {
	return slices.Contains(features, "divine-health") || slices.Contains(features, PeriaptOfHealth)
}
