package spell

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"chronicler/shared/rules"
	"chronicler/shared/srd"
)

// Shape is how Cast resolves a spell.
type Shape uint8

// The shapes. The zero Shape is Narrative.
const (
	// ShapeNarrative: Cast spends the slot, moves concentration and records
	// the targets; what the spell does is the narrator's to tell.
	ShapeNarrative Shape = iota
	// ShapeAttack: a spell attack roll against each target, damage on a
	// hit (critical hits double the dice), any condition on a hit.
	ShapeAttack
	// ShapeSaveDamage: each target saves against the caster's DC; damage
	// rolled once, half or none on a success as the data says, and any
	// condition on a failure.
	ShapeSaveDamage
	// ShapeAutoDamage: damage with no roll to avoid it.
	ShapeAutoDamage
	// ShapeHeal: hit points regained, with the spellcasting modifier when
	// the data says so.
	ShapeHeal
	// ShapeCondition: each target saves or gains the spell's condition.
	ShapeCondition
	// ShapeExact: a resolver written for the spell (Magic Missile, Sleep,
	// Shield, Counterspell, ...).
	ShapeExact
)

var shapeIDs = [...]string{"narrative", "attack", "save_damage", "auto_damage", "heal", "condition", "exact"}

// Shapes are every shape, narrative last, in the order reports list them.
var Shapes = []Shape{ShapeAttack, ShapeSaveDamage, ShapeAutoDamage, ShapeHeal, ShapeCondition, ShapeExact, ShapeNarrative}

// String is the shape's id: "save_damage".
func (s Shape) String() string {
	if int(s) < len(shapeIDs) {
		return shapeIDs[s]
	}
	return "Shape(" + strconv.Itoa(int(s)) + ")"
}

// MarshalText writes the shape's id.
func (s Shape) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a shape's id.
func (s *Shape) UnmarshalText(b []byte) error {
	i := slices.Index(shapeIDs[:], string(b))
	if i < 0 {
		return fmt.Errorf("unknown spell shape %q", b)
	}
	*s = Shape(i)
	return nil
}

// Mechanical reports whether Cast resolves the shape's effect itself.
func (s Shape) Mechanical() bool { return s != ShapeNarrative && int(s) < len(shapeIDs) }

// Trigger is what sets off a spell's later effect, which Cast resolves
// with Options.Ongoing.
type Trigger uint8

// The triggers.
const (
	// TriggerNone: the spell has no later effect Cast resolves.
	TriggerNone Trigger = iota
	// TriggerAction: the caster uses the spell again with an action or
	// bonus action (Spiritual Weapon's attack, Call Lightning's bolt,
	// Vampiric Touch's touch); the caster must be able to act.
	TriggerAction
	// TriggerZone: a creature sets the effect off by entering or staying
	// in the area (Moonbeam, Cloudkill, Web) or the summoned thing acts on
	// its own (Faithful Hound); the caster need not act.
	TriggerZone
	// TriggerSave: an affected target repeats its save (Hold Person at the
	// end of each of its turns, Dominate Person when it takes damage); a
	// success ends the spell's conditions on it.
	TriggerSave
)

var triggerIDs = [...]string{"none", "action", "zone", "save"}

// String is the trigger's id: "zone".
func (t Trigger) String() string {
	if int(t) < len(triggerIDs) {
		return triggerIDs[t]
	}
	return "Trigger(" + strconv.Itoa(int(t)) + ")"
}

// MarshalText writes the trigger's id.
func (t Trigger) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// UnmarshalText reads a trigger's id.
func (t *Trigger) UnmarshalText(b []byte) error {
	i := slices.Index(triggerIDs[:], string(b))
	if i < 0 {
		return fmt.Errorf("unknown spell trigger %q", b)
	}
	*t = Trigger(i)
	return nil
}

// TriggerOf is what sets off s's later effect, by its id; TriggerNone for
// a spell Cast knows no later effect of.
func TriggerOf(s srd.Spell) Trigger { return specOf(s.ID).ongoing }

// dieCount is a number of dice of one size: 3d6.
type dieCount struct{ n, sides int }

// spec is what the data cannot say about one SRD spell. The zero spec
// reads everything from the data.
type spec struct {
	exact bool  // resolved by its own function (exact.go)
	shape Shape // overrides the data's reading when not 0
	// why, when set, makes a spell whose data looks mechanical narrative,
	// and says why.
	why    string
	attack string    // the attack type when the data has none
	save   *srd.Save // the save when the data has none
	// conds are imposed on a failed save or a hit; choose lets the caster
	// pick one (Options.Condition); ends is how long they last.
	conds  []rules.Condition
	choose bool
	ends   string
	// maxTargets is the most targets a casting at a slot level may have;
	// nil means MaxTargets for an area spell and 1 otherwise.
	maxTargets func(slot int) int
	optional   bool // the casting may have no target
	idle       bool // the casting affects nobody: the spell acts later (Options.Ongoing)
	ongoing    Trigger
	// resaveDamage: a failed repeat save deals the spell's damage
	// (Phantasmal Killer).
	resaveDamage bool
	noCover      bool     // the save ignores cover (Sacred Flame)
	perSlot      dieCount // damage added per slot level above the data's highest
	dust         bool     // a creature dropped to 0 hit points dies (Disintegrate)
	drain        bool     // the caster regains half the necrotic damage dealt (Vampiric Touch)
	cures        []rules.Condition
	cureOne      bool // the caster ends one of cures (Options.Condition), not all
	// rider is an effect on an affected target the engine does not apply,
	// told in the notes; "{target}" and "{caster}" are replaced.
	rider string
}

func plus(base, from int) func(int) int { return func(slot int) int { return base + slot - from } }
func fixed(n int) func(int) int         { return func(int) int { return n } }

var (
	paralyzed = []rules.Condition{rules.Paralyzed}
	charmed   = []rules.Condition{rules.Charmed}
)

// specs holds every SRD spell whose data needs help, by id.
var specs = map[string]spec{
	// Exact resolvers (exact.go).
	"magic-missile":   {exact: true},
	"sleep":           {exact: true},
	"color-spray":     {exact: true},
	"bless":           {exact: true},
	"bane":            {exact: true},
	"shield":          {exact: true},
	"counterspell":    {exact: true},
	"feather-fall":    {exact: true},
	"eldritch-blast":  {exact: true},
	"scorching-ray":   {exact: true},
	"false-life":      {exact: true},
	"power-word-kill": {exact: true},
	"power-word-stun": {exact: true, conds: []rules.Condition{rules.Stunned}, ongoing: TriggerSave,
		save: &srd.Save{Ability: "con", OnSuccess: "none"}, ends: "until it succeeds on a Constitution save at the end of one of its turns"},
	"mass-heal":  {exact: true, cures: []rules.Condition{rules.Blinded, rules.Deafened}},
	"acid-arrow": {exact: true},
	// Attacks against the outlined have advantage (the encounter gives it).
	"faerie-fire": {exact: true},
	// Armor class while they last (the encounter applies Effect.AC).
	"shield-of-faith": {exact: true},
	"mage-armor":      {exact: true},
	"barkskin":        {exact: true},
	// Darkness lies on the fight (darkness.go).
	"darkness": {exact: true},

	// The table's resolvers (resolvers.go).
	"revivify":   {exact: true},
	"raise-dead": {exact: true, rider: "{target} takes a -4 penalty to attack rolls, saving throws and ability checks, 1 less after each long rest"},
	"resurrection": {exact: true, rider: "{target} takes a -4 penalty to attack rolls, saving throws and ability checks, 1 less after each long rest; " +
		"if {target} had been dead a year or more, {caster} can't cast spells and has disadvantage on attack rolls, ability checks and saving throws until a long rest"},
	"true-resurrection": {exact: true},
	"spare-the-dying":   {exact: true},
	"lesser-restoration": {exact: true, cureOne: true,
		cures: []rules.Condition{rules.Blinded, rules.Deafened, rules.Paralyzed, rules.Poisoned}},
	"greater-restoration":    {exact: true, cureOne: true, cures: []rules.Condition{rules.Exhaustion, rules.Charmed, rules.Petrified}},
	"protection-from-poison": {exact: true, rider: "{target} has advantage on saving throws against being poisoned for the hour"},
	"aid":                    {exact: true},
	"haste": {exact: true, rider: "{target} also gains an action on each of its turns (one weapon attack, Dash, Disengage, Hide or Use an Object); " +
		"when Haste ends, {target} can't move or act until after its next turn"},
	"slow": {exact: true, ongoing: TriggerSave, ends: "1 minute, or until it succeeds on a Wisdom save at the end of one of its turns",
		rider: "{target} can't take reactions, takes an action or a bonus action on its turn but not both, makes no more than one attack, " +
			"and on an 11 or higher on a d20 a 1-action spell it casts waits for its next turn"},
	"longstrider": {exact: true},
	"blur":        {exact: true},
	"protection-from-evil-and-good": {exact: true, rider: "{target} can't be charmed, frightened or possessed by those creatures, " +
		"and has advantage on a new save against such an effect already on it"},
	"invisibility":           {exact: true, conds: []rules.Condition{rules.Invisible}, ends: "1 hour, or until it attacks or casts a spell"},
	"greater-invisibility":   {exact: true, conds: []rules.Condition{rules.Invisible}, ends: "1 minute"},
	"true-strike":            {exact: true},
	"stoneskin":              {exact: true},
	"protection-from-energy": {exact: true},
	"divine-favor":           {exact: true},
	"hunters-mark": {exact: true, rider: "{caster} has advantage on Wisdom (Perception) and Wisdom (Survival) checks to find {target}, " +
		"and may mark another creature with a bonus action if {target} drops to 0 hit points"},
	"magic-weapon": {exact: true},
	"guidance":     {exact: true},
	"resistance":   {exact: true},
	"heroism":      {exact: true},
	"mirror-image": {exact: true},
	"blink": {exact: true, rider: "while on the Ethereal Plane {caster} sees and hears the plane it left, in grey and no farther than 60 feet, " +
		"and may dismiss the spell with an action"},
	"sanctuary":      {exact: true},
	"beacon-of-hope": {exact: true},
	"holy-aura":      {exact: true},
	"freedom-of-movement": {exact: true, rider: "{target} ignores difficult terrain, escapes nonmagical restraints and grapples " +
		"for 5 feet of movement, moves and attacks underwater without penalty, and no magic can lower its speed"},
	"misty-step":     {exact: true},
	"dimension-door": {exact: true},
	"harm":           {exact: true},
	"divine-word":    {exact: true},
	"command":        {exact: true},

	// Spell attacks.
	"arcane-sword": {optional: true, ongoing: TriggerAction},
	"chill-touch": {rider: "{target} can't regain hit points until the start of {caster}'s next turn, " +
		"and if undead has disadvantage on attack rolls against {caster} until then"},
	"contagion": {conds: []rules.Condition{rules.Poisoned},
		ends: "until it succeeds on three Constitution saves, or fails three and the disease sets in for 7 days"},
	"faithful-hound":   {idle: true, ongoing: TriggerZone},
	"flame-blade":      {attack: "melee", idle: true, ongoing: TriggerAction},
	"guiding-bolt":     {},
	"produce-flame":    {optional: true, ongoing: TriggerAction},
	"ray-of-frost":     {rider: "{target}'s speed drops by 10 feet until the start of {caster}'s next turn"},
	"shocking-grasp":   {rider: "{target} can't take reactions until the start of its next turn"},
	"spiritual-weapon": {optional: true, ongoing: TriggerAction},
	"vampiric-touch":   {drain: true, ongoing: TriggerAction},

	// Saves for damage.
	"acid-splash": {maxTargets: fixed(2)},
	"black-tentacles": {idle: true, ongoing: TriggerZone, conds: []rules.Condition{rules.Restrained},
		ends: "until the spell ends or it frees itself with a Strength or Dexterity check against the DC as its action"},
	"blade-barrier":      {idle: true, ongoing: TriggerZone},
	"call-lightning":     {save: &srd.Save{Ability: "dex", OnSuccess: "half"}, ongoing: TriggerAction},
	"chain-lightning":    {maxTargets: plus(4, 6)},
	"cloudkill":          {idle: true, ongoing: TriggerZone},
	"disintegrate":       {perSlot: dieCount{3, 6}, dust: true, maxTargets: fixed(1)}, // its 10-foot cube is for objects
	"finger-of-death":    {rider: "if {target} is a humanoid and dies, it rises as a zombie under {caster}'s command at the start of {caster}'s next turn"},
	"flaming-sphere":     {save: &srd.Save{Ability: "dex", OnSuccess: "half"}, idle: true, ongoing: TriggerZone},
	"freezing-sphere":    {perSlot: dieCount{1, 6}},
	"guardian-of-faith":  {idle: true, ongoing: TriggerZone, rider: "the guardian vanishes once it has dealt 60 damage in all"},
	"incendiary-cloud":   {ongoing: TriggerZone},
	"insect-plague":      {ongoing: TriggerZone},
	"moonbeam":           {idle: true, ongoing: TriggerZone},
	"sacred-flame":       {noCover: true},
	"storm-of-vengeance": {conds: []rules.Condition{rules.Deafened}, ends: "5 minutes"},
	"sunbeam":            {conds: []rules.Condition{rules.Blinded}, ends: "until the caster's next turn", ongoing: TriggerAction},
	"sunburst": {conds: []rules.Condition{rules.Blinded}, ongoing: TriggerSave,
		ends: "1 minute, or until it succeeds on a Constitution save at the end of one of its turns"},
	"thunderwave":     {rider: "{target} is pushed 10 feet away from {caster}"},
	"vicious-mockery": {rider: "{target} has disadvantage on its next attack roll before the end of its next turn"},
	"wall-of-fire":    {perSlot: dieCount{1, 8}},

	// Automatic damage.
	"heat-metal": {shape: ShapeAutoDamage, ongoing: TriggerAction,
		rider: "{target}, if holding or wearing the object, must succeed on a Constitution save or drop it; if it keeps it, " +
			"it has disadvantage on attack rolls and ability checks until the start of {caster}'s next turn"},

	// Healing.
	"heal":              {cures: []rules.Condition{rules.Blinded, rules.Deafened}},
	"mass-cure-wounds":  {maxTargets: fixed(6)},
	"mass-healing-word": {maxTargets: fixed(6)},
	"prayer-of-healing": {maxTargets: fixed(6)},
	"regenerate":        {rider: "{target} regains 1 hit point at the start of each of its turns for the next hour"},

	// Conditions on a failed save.
	"hold-person":  {conds: paralyzed, ongoing: TriggerSave, maxTargets: plus(1, 2), ends: "1 minute, or until it succeeds on a Wisdom save at the end of one of its turns"},
	"hold-monster": {conds: paralyzed, ongoing: TriggerSave, maxTargets: plus(1, 5), ends: "1 minute, or until it succeeds on a Wisdom save at the end of one of its turns"},
	"hideous-laughter": {conds: []rules.Condition{rules.Prone, rules.Incapacitated}, ongoing: TriggerSave,
		ends:  "1 minute, or until it succeeds on a Wisdom save at the end of one of its turns or when it takes damage (with advantage)",
		rider: "{target} can't stand up while it laughs"},
	"blindness-deafness": {conds: []rules.Condition{rules.Blinded, rules.Deafened}, choose: true, ongoing: TriggerSave,
		maxTargets: plus(1, 2), ends: "1 minute, or until it succeeds on a Constitution save at the end of one of its turns"},
	"charm-person":      {conds: charmed, maxTargets: plus(1, 1), ends: "1 hour, or until the caster or its companions harm it"},
	"animal-friendship": {conds: charmed, maxTargets: plus(1, 1), ends: "24 hours, or until the caster or its companions harm it"},
	"dominate-beast":    {conds: charmed, ongoing: TriggerSave, ends: "1 minute, or until it succeeds on a Wisdom save made each time it takes damage"},
	"dominate-person":   {conds: charmed, ongoing: TriggerSave, ends: "1 minute, or until it succeeds on a Wisdom save made each time it takes damage"},
	"dominate-monster":  {conds: charmed, ongoing: TriggerSave, ends: "1 hour, or until it succeeds on a Wisdom save made each time it takes damage"},
	"fear": {conds: []rules.Condition{rules.Frightened}, ongoing: TriggerSave,
		ends:  "1 minute, or until it succeeds on a Wisdom save at the end of a turn when it can't see the caster",
		rider: "{target} drops whatever it is holding and must Dash away from {caster} on its turns"},
	"hypnotic-pattern": {conds: []rules.Condition{rules.Charmed, rules.Incapacitated}, maxTargets: fixed(MaxTargets),
		ends: "1 minute, or until it takes damage or someone uses an action to shake it out of its stupor"},
	"entangle": {conds: []rules.Condition{rules.Restrained},
		ends: "1 minute, or until it frees itself with a Strength check against the DC as its action"},
	"grease": {conds: []rules.Condition{rules.Prone}, ongoing: TriggerZone, ends: "until it stands up"},
	"web": {save: &srd.Save{Ability: "dex", OnSuccess: "none"}, conds: []rules.Condition{rules.Restrained}, idle: true, ongoing: TriggerZone,
		ends: "1 hour, or until it frees itself with a Strength check against the DC as its action"},
	"sleet-storm": {save: &srd.Save{Ability: "dex", OnSuccess: "none"}, conds: []rules.Condition{rules.Prone}, idle: true, ongoing: TriggerZone,
		ends: "until it stands up"},
	"phantasmal-killer": {shape: ShapeCondition, conds: []rules.Condition{rules.Frightened}, ongoing: TriggerSave, resaveDamage: true,
		perSlot: dieCount{1, 10}, ends: "1 minute, or until it succeeds on a Wisdom save at the end of one of its turns (taking the psychic damage on each failure)"},
	"banishment": {conds: []rules.Condition{rules.Incapacitated}, maxTargets: plus(1, 4), ends: "1 minute, while the caster concentrates",
		rider: "{target} is banished to a harmless demiplane, gone until the spell ends; " +
			"if it is native to another plane and the spell lasts the full minute, it goes home and does not return"},
	"weird": {conds: []rules.Condition{rules.Frightened},
		ends: "1 minute, or until it succeeds on a Wisdom save at the end of one of its turns (taking 4d10 psychic damage on each failure)"},
}

// specOf is the spec for a spell id.
func specOf(id string) spec { return specs[id] }

// Classify is how Cast resolves s: by its id for the spells with their
// own resolver or whose data reads wrong, otherwise from the data. A spell
// with an attack type and damage is an attack; damage with a save that
// halves or negates it a save for damage; damage with no save automatic;
// healing by slot level healing; a save whose failure imposes a condition
// the package knows for the id a condition. Anything else is narrative.
func Classify(s srd.Spell) Shape {
	sp := specOf(s.ID)
	switch {
	case sp.exact:
		return ShapeExact
	case sp.why != "":
		return ShapeNarrative
	case sp.shape != 0:
		return sp.shape
	}
	atk, save := attackType(s, sp), saveOf(s, sp)
	switch {
	case atk != "" && (s.Damage != nil || len(sp.conds) > 0):
		return ShapeAttack
	case s.Damage != nil && save != nil && (save.OnSuccess == "half" || save.OnSuccess == "none"):
		return ShapeSaveDamage
	case s.Damage != nil && save == nil:
		return ShapeAutoDamage
	case len(s.HealAtSlotLevel) > 0:
		return ShapeHeal
	case save != nil && len(sp.conds) > 0:
		return ShapeCondition
	}
	return ShapeNarrative
}

// SaveAbility is the ability of the saving throw s forces on its targets,
// from its data or, where the data has none, what the package knows of
// it (Call Lightning's Dexterity); 0 for a spell that forces none.
func SaveAbility(s srd.Spell) rules.Ability {
	sv := saveOf(s, specOf(s.ID))
	if sv == nil {
		return 0
	}
	a, err := rules.ParseAbility(sv.Ability)
	if err != nil {
		return 0
	}
	return a
}

func attackType(s srd.Spell, sp spec) string {
	if s.AttackType != "" {
		return s.AttackType
	}
	return sp.attack
}

func saveOf(s srd.Spell, sp spec) *srd.Save {
	if s.Save != nil {
		return s.Save
	}
	return sp.save
}

// Report is how many SRD spells Cast resolves mechanically, by shape.
type Report struct {
	Total      int `json:"total"`
	Mechanical int `json:"mechanical"`
	Narrative  int `json:"narrative"`
	// Counts and Spells are the number and the ids (sorted) of the spells
	// of each shape, narrative included.
	Counts map[Shape]int      `json:"counts"`
	Spells map[Shape][]string `json:"spells"`
	// Why says, for narrative spells, why the narrator tells them: what
	// they do that the engine does not keep, or why Cast does not apply
	// the damage or healing their data has.
	Why map[string]string `json:"why,omitempty"`
}

// Coverage classifies every SRD spell as lookup returns it (a campaign's
// book; nil means srd.LookupSpell). A spell lookup does not find counts
// as the SRD has it.
func Coverage(lookup func(string) (srd.Spell, bool)) Report {
	if lookup == nil {
		lookup = srd.LookupSpell
	}
	r := Report{Counts: map[Shape]int{}, Spells: map[Shape][]string{}, Why: map[string]string{}}
	for _, base := range srd.Spells() {
		s, ok := lookup(base.ID)
		if !ok {
			s = base
		}
		sh := Classify(s)
		r.Total++
		r.Counts[sh]++
		r.Spells[sh] = append(r.Spells[sh], s.ID)
		if sh.Mechanical() {
			r.Mechanical++
		} else {
			r.Narrative++
		}
		if why := specOf(s.ID).why; why != "" {
			r.Why[s.ID] = why
		}
	}
	return r
}

// String is the report as a table: one line per shape with its count,
// then the totals.
func (r Report) String() string {
	var b strings.Builder
	for _, sh := range Shapes {
		fmt.Fprintf(&b, "%-12s %3d\n", sh, r.Counts[sh])
	}
	fmt.Fprintf(&b, "%-12s %3d of %d\n", "mechanical", r.Mechanical, r.Total)
	fmt.Fprintf(&b, "%-12s %3d of %d\n", "narrative", r.Narrative, r.Total)
	return b.String()
}

// Idle reports whether spell s affects nobody as it is cast: it acts
// later, when a creature sets it off (Moonbeam) or its caster uses it.
func Idle(s srd.Spell) bool { return specOf(s.ID).idle }
