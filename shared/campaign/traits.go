package campaign

import (
	"slices"

	"chronicler/shared/srd"
)

// What racial traits (and a druid's Nature's Ward) put on a character's
// sheet as the rules read it: skills, weapons, resistances and
// immunities it has from its race or features rather than its class,
// and a dragonborn's ancestry. rules.FromSheet and the fight read them;
// the sheet's own lists stay what the player chose.

// Ancestry is a dragonborn's draconic ancestry: its breath weapon's
// damage type, the save against it and its area, and the damage type it
// resists.
type Ancestry struct {
	ID     string // the option feature's id: "draconic-ancestry-red"
	Dragon string // "red"
	Damage string // "fire"
	Save   string // "dex" or "con"
	Area   string // "a 15 ft cone", "a 5 by 30 ft line"
}

const (
	line = "a 5 by 30 ft line"
	cone = "a 15 ft cone"
)

// ancestries are the SRD's draconic ancestries, by option feature id.
var ancestries = map[string]Ancestry{
	"draconic-ancestry-black":  {Dragon: "black", Damage: "acid", Save: "dex", Area: line},
	"draconic-ancestry-blue":   {Dragon: "blue", Damage: "lightning", Save: "dex", Area: line},
	"draconic-ancestry-brass":  {Dragon: "brass", Damage: "fire", Save: "dex", Area: line},
	"draconic-ancestry-bronze": {Dragon: "bronze", Damage: "lightning", Save: "dex", Area: line},
	"draconic-ancestry-copper": {Dragon: "copper", Damage: "acid", Save: "dex", Area: line},
	"draconic-ancestry-gold":   {Dragon: "gold", Damage: "fire", Save: "dex", Area: cone},
	"draconic-ancestry-green":  {Dragon: "green", Damage: "poison", Save: "con", Area: cone},
	"draconic-ancestry-red":    {Dragon: "red", Damage: "fire", Save: "dex", Area: cone},
	"draconic-ancestry-silver": {Dragon: "silver", Damage: "cold", Save: "con", Area: cone},
	"draconic-ancestry-white":  {Dragon: "white", Damage: "cold", Save: "con", Area: cone},
}

// AncestryOf is the draconic ancestry a dragonborn chose
// (Choices["draconic-ancestry"]); false for any other character, or a
// dragonborn that has not chosen yet.
func AncestryOf(ch Character) (Ancestry, bool) {
	return AncestryIn(FeatureIDs(ch))
}

// ancestryIn finds the ancestry among feature ids.
func AncestryIn(ids []string) (Ancestry, bool) {
	for _, id := range ids {
		if a, ok := ancestries[id]; ok {
			a.ID = id
			return a, true
		}
	}
	return Ancestry{}, false
}

// traitSkills are the skills a trait makes a character proficient in.
var traitSkills = map[string][]string{
	"keen-senses": {"perception"},
	"menacing":    {"intimidation"},
}

// FeatureSkills are the skills the character is proficient in by its
// race: an elf's Keen Senses, a half-orc's Menacing, and the two a
// half-elf chose with Skill Versatility (Choices["skill-versatility"]).
func FeatureSkills(ch Character) []string {
	var out []string
	for _, f := range FeaturesOf(ch) {
		out = append(out, traitSkills[f.ID]...)
		if c := f.Choice; skillChoices[f.ID] && c != nil {
			for _, s := range ch.Choices[c.ID] {
				if slices.Contains(c.From, s) {
					out = append(out, s)
				}
			}
		}
	}
	return out
}

// skillChoices are the features whose choice is skills the character
// becomes proficient in: a half-elf's Skill Versatility, a Lore bard's
// Bonus Proficiencies.
var skillChoices = map[string]bool{"skill-versatility": true, "bonus-proficiencies": true}

// traitWeapons are the weapons (SRD ids) a trait makes a character
// proficient with, whatever its class.
var traitWeapons = map[string][]string{
	"dwarven-combat-training": {"battleaxe", "handaxe", "light-hammer", "warhammer"},
	"elf-weapon-training":     {"longsword", "shortsword", "shortbow", "longbow"},
}

// TraitWeapons reports whether feature ids (a combatant's) make their
// owner proficient with weapon w (an SRD id).
func TraitWeapons(ids []string, w string) bool {
	for _, id := range ids {
		if slices.Contains(traitWeapons[id], w) {
			return true
		}
	}
	return false
}

// traitResist are the damage types a trait resists.
var traitResist = map[string][]string{
	"dwarven-resilience": {"poison"},
	"hellish-resistance": {"fire"},
}

// FeatureResistances are the damage types the character resists by its
// race: a dwarf's poison, a tiefling's fire, a dragonborn's ancestry's.
func FeatureResistances(ch Character) []string {
	ids := FeatureIDs(ch)
	var out []string
	for _, id := range ids {
		out = append(out, traitResist[id]...)
	}
	if a, ok := AncestryIn(ids); ok && slices.Contains(ids, "damage-resistance") {
		out = append(out, a.Damage)
	}
	return out
}

// FeatureImmunities are the damage types and conditions the character is
// immune to by its features: a druid's Nature's Ward, poison and
// poisoned (and disease, which the rules keep no count of).
func FeatureImmunities(ch Character) (damage, conditions []string) {
	if HasFeature(ch, "natures-ward") {
		return []string{"poison"}, []string{"poisoned"}
	}
	return nil, nil
}

// toughness is the hit points a hill dwarf's Dwarven Toughness adds to
// its maximum at level: one a level.
func toughness(race string, level int) int {
	if slices.Contains(raceIDs(race), "hill-dwarf") {
		return level
	}
	return 0
}

// traitsOnSheet are the racial traits the sheet plays (SheetPlayed):
// what they change is what FromSheet reads from it.
var traitsOnSheet = map[string]string{
	"keen-senses":        "FeatureSkills",
	"menacing":           "FeatureSkills",
	"skill-versatility":  "FeatureSkills",
	"hellish-resistance": "FeatureResistances",
	"damage-resistance":  "FeatureResistances",
	"draconic-ancestry":  "AncestryOf",
	"natures-ward":       "FeatureImmunities",
	"dwarven-toughness":  "Build and LevelUp: one more hit point a level",
}

// traitOnSheet reports whether the sheet plays f: a row of traitsOnSheet,
// or an ancestry the dragonborn chose.
func traitOnSheet(f srd.Feature) bool {
	_, ok := traitsOnSheet[f.ID]
	_, anc := ancestries[f.ID]
	return ok || anc
}
