package spell

import (
	"slices"

	"chronicler/shared/campaign"
)

// ProofAgainstDetection is the Amulet of Proof against Detection and
// Location: while its wearer wears it (attuned), it is hidden from
// divination magic as a Nondetection hides its target.
const ProofAgainstDetection = "amulet-of-proof-against-detection-and-location"

// HiddenFromDivination reports whether character ch is hidden from
// divination magic: a Nondetection on its sheet, or a worn Amulet of
// Proof against Detection and Location. What reads a Nondetection off a
// sheet (Detect Magic's auras, a divination's targets, Locate
// Creature's quarry) reads it here.
func HiddenFromDivination(ch campaign.Character) bool {
	return slices.ContainsFunc(ch.Effects, func(fx campaign.Effect) bool { return fx.ID == NondetectionID }) ||
		slices.Contains(campaign.WornMagic(ch.Inventory), ProofAgainstDetection)
}
