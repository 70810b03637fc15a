package srd

// Class features and racial traits, as data: every one the SRD 5.1 gives
// (features.json, one row each, held to the reference by this package's
// tests), with how a character uses it and, for those the engine leaves to
// the narrator, why. The resources they spend are resources.json's. How a
// feature plays is the rules engine's: each played feature has its
// resolver there, under its id (shared/rules/feature lists where).

// How a feature is used (Feature.Use).
const (
	UsePassive = ""             // always on: it changes numbers the rules read
	UseAction  = "action"       // the turn's action
	UseBonus   = "bonus_action" // the turn's bonus action
	UseFree    = "free"         // on the character's turn, taking no action (Action Surge)
	UseReact   = "reaction"     // the character's reaction, offered in a reaction window
	UseOnHit   = "on_hit"       // a choice offered when the character hits (Divine Smite)
	UseOnMiss  = "on_miss"      // a choice offered when the character's attack misses (Stroke of Luck)
	UseRest    = "rest"         // during a short rest (Arcane Recovery, Song of Rest)
)

// Feature is one class feature (Class set) or racial trait (Races set).
type Feature struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Class and Subclass are a class feature's (the SRD's one subclass
	// per class: "berserker", "lore", ...); Level is the class level it
	// comes at.
	Class    string `json:"class,omitempty"`
	Subclass string `json:"subclass,omitempty"`
	Level    int    `json:"level,omitempty"`
	// Races are the race and subrace ids with a racial trait.
	Races []string `json:"races,omitempty"`
	// Parent is the feature this one is an option of: a fighting style
	// of Fighting Style, an invocation of Eldritch Invocations. A
	// character has an option only when it chose it (Choice).
	Parent string `json:"parent,omitempty"`
	// Use is how the feature is used (UsePassive, UseAction, ...).
	Use string `json:"use,omitempty"`
	// Resource is the pool a use spends (resources.json), Cost how much
	// of it a use takes (1 when 0 and Resource is set).
	Resource string `json:"resource,omitempty"`
	Cost     int    `json:"cost,omitempty"`
	// Choice is what a character chooses with the feature: its options,
	// expertise's skills, a favored enemy's type.
	Choice *Choice `json:"choice,omitempty"`
	// Requires is what a character must have to choose this option (an
	// invocation's prerequisites).
	Requires *Requires `json:"requires,omitempty"`
	// Summary says what it does, in the project's words.
	Summary string `json:"summary,omitempty"`
	// Told is why the engine leaves the feature to the narrator ("a
	// language"); "" for a feature the engine plays.
	Told string `json:"told,omitempty"`
}

// Played reports whether the engine plays the feature.
func (f Feature) Played() bool { return f.Told == "" }

// Choice is a choice a feature asks for. ID is the key the sheet keeps
// the answer under (campaign.Character.Choices); the number to choose is
// Count, or the class level's counter Counter (invocations known) when
// set; the options are From (ids: features, skills, creature types,
// damage types), or the features whose Parent is the choosing feature
// when From is empty.
type Choice struct {
	ID      string   `json:"id"`
	Count   int      `json:"count,omitempty"`
	Counter string   `json:"counter,omitempty"`
	From    []string `json:"from,omitempty"`
}

// Requires are an option's prerequisites: a class level, a feature (a
// pact boon), a cantrip known.
type Requires struct {
	Level   int    `json:"level,omitempty"`
	Feature string `json:"feature,omitempty"`
	Spell   string `json:"spell,omitempty"`
}

// Resource is a pool a class feature or racial trait spends: its maximum
// and when it comes back.
type Resource struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Class and Level: a class's, from that class level on; Race: a
	// race's (or subrace's), from character Level on.
	Class string `json:"class,omitempty"`
	Race  string `json:"race,omitempty"`
	Level int    `json:"level,omitempty"`
	// Feature, when set, is a feature the character must have for the
	// pool (an invocation's once-a-day spell): one it did not choose
	// gives none.
	Feature string `json:"feature,omitempty"`
	// Max is the pool's size.
	Max ResourceMax `json:"max"`
	// Recharge is "short" (a short or long rest brings it all back),
	// "long" (a long rest), or "short_from" with ShortFrom (short from that
	// level on, long before: Font of Inspiration).
	Recharge  string `json:"recharge"`
	ShortFrom int    `json:"short_from,omitempty"`
}

// ResourceMax is a pool's size: Fixed, plus the class level's Counter,
// plus PerLevel times the class level, plus the Ability modifier; at
// least Min.
type ResourceMax struct {
	Fixed    int    `json:"fixed,omitempty"`
	Counter  string `json:"counter,omitempty"`
	PerLevel int    `json:"per_level,omitempty"`
	Ability  string `json:"ability,omitempty"`
	Min      int    `json:"min,omitempty"`
}

// LookupFeature returns the feature or trait with the given id ("rage").
func LookupFeature(id string) (Feature, bool) {
	f, ok := data().features.get(id)
	return f.clone(), ok
}

// Features returns every class feature and racial trait: the classes'
// features by class and level, then the racial traits.
func Features() []Feature { return cloneAll(data().features.all, Feature.clone) }

// LookupResource returns the resource with the given id ("ki").
func LookupResource(id string) (Resource, bool) { return data().resources.get(id) }

// Resources returns every resource, sorted by id.
func Resources() []Resource { return append([]Resource(nil), data().resources.all...) }
