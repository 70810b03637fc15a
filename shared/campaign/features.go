package campaign

import (
	"iter"
	"math"
	"slices"
	"strings"
	"sync"

	"chronicler/shared/srd"
)

// What a character has of the SRD's class features and racial traits
// (srd.Features), from its class, level, subclass, race and choices; the
// resources they spend (srd.Resources), with what its sheet says is used;
// and the list its sheet shows (FeatureView).

// Subclasses are the SRD's one subclass per class and the class level it
// is chosen at.
var Subclasses = map[string]struct {
	ID    string
	Level int
}{
	"barbarian": {"berserker", 3}, "bard": {"lore", 3}, "cleric": {"life", 1}, "druid": {"land", 2},
	"fighter": {"champion", 3}, "monk": {"open-hand", 3}, "paladin": {"devotion", 3}, "ranger": {"hunter", 3},
	"rogue": {"thief", 3}, "sorcerer": {"draconic", 1}, "warlock": {"fiend", 1}, "wizard": {"evocation", 2},
}

// SubclassOf is the character's subclass: the one its sheet names, or the
// SRD's for its class once its level has come (a sheet from before
// subclasses were kept names none); "" before that level.
func SubclassOf(ch Character) string {
	if ch.Subclass != "" {
		return ch.Subclass
	}
	if s, ok := Subclasses[ch.Class]; ok && ch.Level >= s.Level {
		return s.ID
	}
	return ""
}

// raceIDs are the race and the subrace a character of race has: the SRD's
// subrace of its race, as Build takes it.
func raceIDs(race string) []string {
	if sub, ok := catalog().subrace[race]; ok {
		return []string{race, sub}
	}
	return []string{race}
}

// FeaturesOf are the class features and racial traits the character has,
// in the data's order: its class's up to its level (its subclass's only),
// and its race's and subrace's. An option of a feature (a fighting style,
// an invocation) counts only when the character chose it (Choices, under
// the parent's choice id); the parent that asks for the choice counts
// too.
func FeaturesOf(ch Character) []srd.Feature {
	sub := SubclassOf(ch)
	races := raceIDs(ch.Race)
	cat := catalog()
	var out []srd.Feature
	for f := range chain(cat.byClass[ch.Class], cat.byRace[ch.Race]) {
		has := false
		switch {
		case f.Class != "":
			has = f.Level <= ch.Level && (f.Subclass == "" || f.Subclass == sub)
		default:
			has = slices.ContainsFunc(f.Races, func(r string) bool { return slices.Contains(races, r) }) && f.Level <= ch.Level
		}
		if has && f.Parent != "" {
			p := cat.byID[f.Parent]
			has = p.Choice != nil && slices.Contains(ch.Choices[p.Choice.ID], f.ID)
		}
		if has {
			out = append(out, f)
		}
	}
	return out
}

// featureCatalog is what every sheet written reads of the rules data
// (Views lists its features, ResourcesOf its pools), read once: the
// features, by id, by class and by race (its subrace's too), each race's
// SRD subrace, the classes and the resources. Nothing changes the rows:
// callers read them and never write.
type featureCatalog struct {
	all       []srd.Feature
	byID      map[string]srd.Feature
	byClass   map[string][]srd.Feature
	byRace    map[string][]srd.Feature
	subrace   map[string]string
	classes   map[string]srd.Class
	resources []srd.Resource
}

var catalog = sync.OnceValue(func() featureCatalog {
	c := featureCatalog{all: srd.Features(), byID: map[string]srd.Feature{}, byClass: map[string][]srd.Feature{},
		byRace: map[string][]srd.Feature{}, subrace: map[string]string{}, classes: map[string]srd.Class{}, resources: srd.Resources()}
	for _, r := range srd.Races() {
		if len(r.Subraces) > 0 {
			c.subrace[r.ID] = r.Subraces[0].ID
		}
	}
	for _, cl := range srd.Classes() {
		c.classes[cl.ID] = cl
	}
	for _, f := range c.all {
		c.byID[f.ID] = f
		if f.Class != "" {
			c.byClass[f.Class] = append(c.byClass[f.Class], f)
		}
		for race, sub := range c.subrace {
			if slices.Contains(f.Races, race) || slices.Contains(f.Races, sub) {
				c.byRace[race] = append(c.byRace[race], f)
			}
		}
		for _, r := range f.Races {
			if _, isRace := c.subrace[r]; !isRace && !slices.ContainsFunc(c.byRace[r], func(o srd.Feature) bool { return o.ID == f.ID }) {
				c.byRace[r] = append(c.byRace[r], f)
			}
		}
	}
	return c
})

// HasFeature reports whether the character has the feature or trait id.
func HasFeature(ch Character, id string) bool {
	return slices.ContainsFunc(FeaturesOf(ch), func(f srd.Feature) bool { return f.ID == id })
}

// chain yields the rows of each list in turn.
func chain(lists ...[]srd.Feature) iter.Seq[srd.Feature] {
	return func(yield func(srd.Feature) bool) {
		for _, l := range lists {
			for _, f := range l {
				if !yield(f) {
					return
				}
			}
		}
	}
}

// FeatureIDs are the ids of FeaturesOf.
func FeatureIDs(ch Character) []string {
	fs := FeaturesOf(ch)
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.ID
	}
	return out
}

// ClassCounter is the character's class counter at its level ("ki_points",
// "rage_damage_bonus": srd.ClassLevel.Counters), 0 without one.
func ClassCounter(ch Character, name string) float64 {
	c, ok := catalog().classes[ch.Class]
	if !ok || ch.Level < 1 || ch.Level > len(c.Levels) {
		return 0
	}
	return c.Levels[ch.Level-1].Counter(name)
}

// resourceMax is the size of resource r for the character, 0 when it has
// none of it (another class's, a level not reached yet).
func resourceMax(ch Character, owned func() []srd.Feature, r srd.Resource) int {
	switch {
	case r.Class != "" && (r.Class != ch.Class || ch.Level < r.Level):
		return 0
	case r.Race != "" && (!slices.Contains(raceIDs(ch.Race), r.Race) || ch.Level < r.Level):
		return 0
	case r.Feature != "" && !slices.ContainsFunc(owned(), func(f srd.Feature) bool { return f.ID == r.Feature }):
		return 0
	}
	m := r.Max
	n := m.Fixed + m.PerLevel*ch.Level
	if m.Counter != "" {
		n += int(math.Floor(ClassCounter(ch, m.Counter)))
	}
	if m.Ability != "" {
		n += Modifier(ch.Abilities.Score(m.Ability))
	}
	return max(n, m.Min)
}

// ResourcesOf returns the pools a character's class, level and race give
// it (srd.Resources), with what its sheet says is used (a sheet from
// before it kept them has used nothing).
func ResourcesOf(ch Character) map[string]Pool {
	out := map[string]Pool{}
	owned := sync.OnceValue(func() []srd.Feature { return FeaturesOf(ch) }) // only when a pool asks
	for _, r := range catalog().resources {
		n := resourceMax(ch, owned, r)
		if n <= 0 {
			continue
		}
		out[r.ID] = Pool{Max: n, Used: min(max(ch.Resources[r.ID].Used, 0), n)}
	}
	return out
}

// Rested is the character's resources after a rest: all of them back
// after a long one, those that come back on a short one after that.
func Rested(ch Character, long bool) map[string]Pool {
	out := ResourcesOf(ch)
	for id, p := range out {
		r, _ := srd.LookupResource(id)
		short := r.Recharge == "short" || (r.Recharge == "short_from" && ch.Level >= r.ShortFrom)
		if long || short {
			p.Used = 0
			out[id] = p
		}
	}
	return out
}

// The class resources the engine names in code.
const (
	ResourceBardicInspiration = "bardic-inspiration"
	ResourceSecondWind        = "second-wind"
	ResourceWildShape         = "wild-shape"
)

// FeatureView is one feature or trait as the sheet shows it on the wire:
// what it is, how it is used, and what a use costs and has left. Beyond
// protocol.md, additive.
type FeatureView struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Use is srd.Feature.Use: "" (always on), "action", "bonus_action",
	// "free", "reaction", "on_hit", "on_miss" or "rest".
	Use     string `json:"use,omitempty"`
	Summary string `json:"summary,omitempty"`
	// Resource, Cost and Left: the pool a use spends, what a use takes
	// and what the pool has left now.
	Resource string `json:"resource,omitempty"`
	Cost     int    `json:"cost,omitempty"`
	Left     *int   `json:"left,omitempty"`
	// Told says the narrator tells it rather than the rules playing it.
	Told bool `json:"told,omitempty"`
}

// Views are the character's features as its sheet shows them
// (FeatureView), option parents and subclass level markers left out.
func Views(ch Character) []FeatureView {
	pools := ResourcesOf(ch)
	var out []FeatureView
	for _, f := range FeaturesOf(ch) {
		if f.Told != "" && f.Use == srd.UsePassive && f.Summary == "" {
			continue // a marker or a choice, nothing to show
		}
		v := FeatureView{ID: f.ID, Name: f.Name, Use: f.Use, Summary: f.Summary, Resource: f.Resource, Told: f.Told != ""}
		if f.Resource != "" {
			v.Cost = max(f.Cost, 1)
			if p, ok := pools[f.Resource]; ok {
				left := p.Max - p.Used
				v.Left = &left
			}
		}
		out = append(out, v)
	}
	return out
}

// sheetPlayed are the features the sheet itself plays: what they change
// is a number or a list the sheet keeps (its AC, its ability scores, its
// subclass, its expertise, its spell slots), written by Build and LevelUp.
var sheetPlayed = map[string]string{
	"barbarian-unarmored-defense": "ArmorClass: 10 + Dex + Con unarmoured",
	"monk-unarmored-defense":      "ArmorClass: 10 + Dex + Wis unarmoured, without a shield",
	"rogue-expertise-1":           "choose: the expertise choice, from the character's skills",
	"rogue-expertise-2":           "choose: the expertise choice, from the character's skills",
	"bard-expertise-1":            "choose: the expertise choice, from the character's skills",
	"bard-expertise-2":            "choose: the expertise choice, from the character's skills",
	// sheetfeatures.go
	"fast-movement":                  "Speed: +10 ft out of heavy armour (WithFeatureNumbers)",
	"fighter-fighting-style-defense": "ArmorClass: +1 in armour (WithFeatureNumbers)",
	"fighting-style-defense":         "ArmorClass: +1 in armour (WithFeatureNumbers)",
	"ranger-fighting-style-defense":  "ArmorClass: +1 in armour (WithFeatureNumbers)",
	"primal-champion":                "Abilities: Strength and Constitution +4 at 20th (raised)",
	// The Channel Divinity rows give the pool its options spend
	// (ResourcesOf): a paladin's one use, a cleric's by its
	// channel_divinity_charges counter, back on a short rest.
	"channel-divinity":        "ResourcesOf: paladin-channel-divinity",
	"channel-divinity-1-rest": "ResourcesOf: cleric-channel-divinity",
	"channel-divinity-2-rest": "ResourcesOf: cleric-channel-divinity",
	"channel-divinity-3-rest": "ResourcesOf: cleric-channel-divinity",
	"unarmored-movement-1":    "Speed: + the unarmored_movement counter without armour or shield (unarmoredMovement)",
	"bonus-proficiencies":     "FeatureSkills: the three skills chosen",
	"font-of-inspiration":     "Rested: Bardic Inspiration's recharge, short_from level 5",
	"draconic-resilience":     "ArmorClass: 13 + Dex unarmoured; resilientHP: +1 HP a level",
}

// resilientHP is what Draconic Resilience adds to a character's hit point
// maximum at level: 1 a sorcerer level (the SRD's sorcerer is of the
// Draconic Bloodline from 1st level).
func resilientHP(class string, level int) int {
	if s := Subclasses[class]; s.ID == "draconic" && level >= s.Level {
		return level
	}
	return 0
}

// SheetPlayed reports whether the sheet plays feature f (the coverage
// test's): an ability score improvement (LevelUp), a subclass's choice
// (SubclassOf), spellcasting (the slots), what it does with spells
// (spells.go: RepertoireOf, the choices), or a row of sheetPlayed.
func SheetPlayed(f srd.Feature) bool {
	_, ok := sheetPlayed[f.ID]
	switch {
	case ok, traitOnSheet(f):
		return true
	case f.Name == "Ability Score Improvement":
		return true // LevelUp's improve
	case f.Choice != nil && f.Choice.ID == "subclass":
		return true // SubclassOf
	case strings.HasPrefix(f.ID, "spellcasting-") || f.ID == "pact-magic":
		return true // the spell slots and casting (spellSlots)
	case spellsPlay(f):
		return true // the spells it has the character choose or gives it (spells.go)
	}
	return false
}
