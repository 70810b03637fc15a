package intent

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// A Kind is one kind of intent and all that is known of it short of how
// the rules resolve it: what the wire requires of it, the action economy,
// the allowlist, its route in a fight and what the narrator's read_intent
// answer offers. The kind table holds one row per kind; a new kind is a row
// here and a resolver (rules/turn out of a fight, rules/encounter in one).
type Kind struct {
	Name string // as the wire spells it: "use_item"
	// Fields are the fields the kind requires or bounds, checked in this
	// order; a field not listed may be left out.
	Fields []Field
	// Bonus: the kind may be taken as a bonus action.
	Bonus bool
	// Casts: the kind casts a spell, so it takes ongoing and any choice.
	Casts bool
	// Choices are the closed list of choices a kind that casts nothing
	// takes ("prone" or "push" for a shove); none takes no choice.
	Choices []string
	// Chooses: the kind takes an open choice, which its resolver checks
	// (a feature's: Step of the Wind's "dash" or "disengage").
	Chooses bool
	// Always: no table's allowlist refuses the kind.
	Always bool
	// Down: a character at 0 hit points may still take it.
	Down bool
	// ActionOnly: the kind spends an action of the turn and does nothing
	// else, so out of a fight it changes nothing and needs no resolver of
	// its own.
	ActionOnly bool
	// Fight is how the kind is taken while an encounter is under way.
	Fight Fight
	// Read: the narrator's read_intent answer offers the kind, and the
	// model may fill ReadFields for it (any other field must stay empty).
	Read       bool
	ReadFields []string
}

// Fight is how a kind is taken while an encounter is under way.
type Fight int

const (
	// FightAnyTime: as out of a fight, whoever's turn it is.
	FightAnyTime Fight = iota
	// FightEncounter: the encounter decides it, in initiative order and
	// with its action economy.
	FightEncounter
	// FightOwnTurn: as out of a fight, on the actor's own turn only,
	// which it leaves open.
	FightOwnTurn
	// FightRefused: not while the encounter lasts.
	FightRefused
)

// A Field is one field of an intent's as a kind checks it.
type Field struct {
	Name     string // as the wire spells it: "target_id"
	Required bool   // the kind has nothing to act on without it
	// problem says what is wrong with the intent's value of the field
	// for a kind, or "" when nothing is.
	problem func(kind string, in Intent) string
}

// idField is a required id: 1 to MaxIDLength bytes.
func idField(name string, get func(Intent) string) Field {
	return Field{Name: name, Required: true, problem: func(kind string, in Intent) string {
		if v := get(in); v == "" || len(v) > MaxIDLength {
			return "is required for " + kind
		}
		return ""
	}}
}

// The fields kinds check.
var (
	targetIDField = idField("target_id", func(in Intent) string { return in.TargetID })
	spellField    = idField("spell", func(in Intent) string { return in.Spell })
	toAreaField   = idField("to_area_id", func(in Intent) string { return in.ToAreaID })
	itemField     = idField("item", func(in Intent) string { return in.Item })
	featureField  = idField("feature", func(in Intent) string { return in.Feature })

	slotLevelField = Field{Name: "slot_level", problem: func(_ string, in Intent) string {
		if in.SlotLevel < 0 || in.SlotLevel > 9 {
			return "must be between 1 and 9"
		}
		return ""
	}}
	abilityField = Field{Name: "ability", Required: true, problem: func(_ string, in Intent) string {
		switch in.Ability {
		case "str", "dex", "con", "int", "wis", "cha":
			return ""
		}
		return "must be one of str, dex, con, int, wis, cha"
	}}
	restField = Field{Name: "rest", Required: true, problem: func(_ string, in Intent) string {
		if in.Rest != "short" && in.Rest != "long" {
			return "must be short or long"
		}
		return ""
	}}
	hpField = Field{Name: "hp", problem: func(_ string, in Intent) string {
		if in.HP != "" && in.HP != "fixed" && in.HP != "roll" {
			return "must be fixed or roll"
		}
		return ""
	}}
	increasesField = Field{Name: "increases", problem: func(_ string, in Intent) string {
		total := 0
		for id, n := range in.Increases {
			switch id {
			case "str", "dex", "con", "int", "wis", "cha":
			default:
				return "names abilities: str, dex, con, int, wis or cha"
			}
			if n < 1 || n > 2 {
				return "is +2 to one score or +1 to two"
			}
			total += n
		}
		if total > 2 {
			return "is +2 to one score or +1 to two"
		}
		return ""
	}}
	subclassField = Field{Name: "subclass", problem: func(_ string, in Intent) string {
		if len(in.Subclass) > MaxIDLength {
			return fmt.Sprintf("is longer than %d bytes", MaxIDLength)
		}
		return ""
	}}
	choicesField = Field{Name: "choices", problem: func(_ string, in Intent) string {
		if len(in.Choices) > MaxChoices {
			return fmt.Sprintf("names more than %d choices", MaxChoices)
		}
		for k, v := range in.Choices {
			if k == "" || len(k) > MaxIDLength || len(v) > MaxChoices {
				return fmt.Sprintf("holds an empty or long choice id, or more than %d options", MaxChoices)
			}
			for _, o := range v {
				if o == "" || len(o) > MaxIDLength {
					return fmt.Sprintf("holds an empty option or one longer than %d bytes", MaxIDLength)
				}
			}
		}
		return ""
	}}
	replaceField = Field{Name: "replace", problem: func(_ string, in Intent) string {
		if len(in.Replace) > MaxChoices {
			return fmt.Sprintf("names more than %d choices", MaxChoices)
		}
		for k, v := range in.Replace {
			if k == "" || v == "" || len(k) > MaxIDLength || len(v) > MaxIDLength {
				return fmt.Sprintf("holds an empty id or one longer than %d bytes", MaxIDLength)
			}
		}
		return ""
	}}
	spellsField = Field{Name: "spells", Required: true, problem: func(kind string, in Intent) string {
		if len(in.Spells) == 0 || len(in.Spells) > MaxPrepared {
			return fmt.Sprintf("names 1 to %d spells for %s", MaxPrepared, kind)
		}
		for _, s := range in.Spells {
			if s == "" || len(s) > MaxIDLength {
				return fmt.Sprintf("holds an empty spell id or one longer than %d bytes", MaxIDLength)
			}
		}
		return ""
	}}
	difficultyField = Field{Name: "difficulty", problem: func(_ string, in Intent) string {
		if in.Difficulty != "" && !slices.Contains(Difficulties, in.Difficulty) {
			return "must be one of " + strings.Join(Difficulties, ", ")
		}
		return ""
	}}
	textField = Field{Name: "text", Required: true, problem: func(_ string, in Intent) string {
		if strings.TrimSpace(in.Text) == "" || utf8.RuneCountInString(in.Text) > MaxActionRunes {
			return fmt.Sprintf("must be 1 to %d characters", MaxActionRunes)
		}
		return ""
	}}
)

// Difficulties are the closed list of how hard a check's task is, the
// SRD's typical difficulty classes from the easiest (DC 5) to the hardest
// (DC 30), as the wire spells them. The words and the model name one of
// these, never a number; the rules hold the DC of each.
var Difficulties = []string{"very_easy", "easy", "medium", "hard", "very_hard", "nearly_impossible"}

// kinds is the kind table, in protocol.md's order and, beyond it,
// additive: hide, a fighter's second_wind, level_up (a character whose
// XP has reached a new level takes it, with the player's choices; no
// table's allowlist refuses it, and a character at 0 HP may), equip and
// unequip (armour worn, weapons wielded: between fights, as armour takes
// minutes; in a fight an attack names its weapon), the SRD's contests
// in a fight: grapple, shove (prone, or push 5 feet) and escape from a
// grapple; an attack's choice is the grip of a versatile weapon (one- or
// two-handed; the rules pick it by the hands free when none is named);
// feature, and prepare (a prepared caster's spells after a long rest: out
// of a fight, and, like level_up, a sheet's bookkeeping no allowlist
// refuses). read_intent offers the kinds a player's words commonly take
// and nothing a fight's bookkeeping or a sheet's needs (hide,
// second_wind, level_up and prepare are buttons).
var kinds = []Kind{
	{Name: "attack", Fields: []Field{targetIDField}, Bonus: true, Choices: []string{"one-handed", "two-handed"}, Fight: FightEncounter,
		Read: true, ReadFields: []string{"target_id", "weapon"}},
	{Name: "cast", Fields: []Field{slotLevelField, spellField}, Bonus: true, Casts: true, Fight: FightEncounter,
		Read: true, ReadFields: []string{"spell", "target_ids", "slot_level"}},
	{Name: "check", Fields: []Field{abilityField, difficultyField}, Chooses: true, Fight: FightOwnTurn,
		Read: true, ReadFields: []string{"ability", "skill", "difficulty"}},
	{Name: "move", Fields: []Field{toAreaField}, Fight: FightEncounter,
		Read: true, ReadFields: []string{"to_area_id"}},
	{Name: "use_item", Fields: []Field{itemField}, Bonus: true, Fight: FightOwnTurn,
		Read: true, ReadFields: []string{"item"}},
	{Name: "dodge", ActionOnly: true, Fight: FightEncounter, Read: true},
	{Name: "dash", ActionOnly: true, Bonus: true, Fight: FightEncounter, Read: true},
	{Name: "disengage", ActionOnly: true, Bonus: true, Fight: FightEncounter, Read: true},
	{Name: "help", Fight: FightOwnTurn, Read: true, ReadFields: []string{"target_id"}},
	{Name: "end_turn", ActionOnly: true, Always: true, Fight: FightEncounter, Read: true},
	{Name: "rest", Fields: []Field{restField}, Chooses: true, Fight: FightRefused, Read: true, ReadFields: []string{"rest"}},
	{Name: "say", Fields: []Field{textField}, Always: true, Down: true, Fight: FightAnyTime, Read: true},
	{Name: "hide", Bonus: true, Fight: FightEncounter},
	{Name: "second_wind", Bonus: true, Fight: FightEncounter},
	{Name: "level_up", Fields: []Field{hpField, increasesField, subclassField, choicesField, replaceField}, Always: true, Down: true, Fight: FightRefused},
	{Name: "equip", Fields: []Field{itemField}, Fight: FightRefused, Read: true, ReadFields: []string{"item"}},
	{Name: "unequip", Fields: []Field{itemField}, Fight: FightRefused, Read: true, ReadFields: []string{"item"}},
	{Name: "attune", Fields: []Field{itemField}, Choices: []string{"end"}, Fight: FightRefused, Read: true, ReadFields: []string{"item"}},
	{Name: "grapple", Fields: []Field{targetIDField}, Fight: FightEncounter, Read: true, ReadFields: []string{"target_id"}},
	{Name: "shove", Fields: []Field{targetIDField}, Choices: []string{"prone", "push"}, Fight: FightEncounter,
		Read: true, ReadFields: []string{"target_id"}},
	{Name: "escape", Fight: FightEncounter, Read: true},
	{Name: "feature", Fields: []Field{featureField}, Chooses: true, Fight: FightEncounter,
		Read: true, ReadFields: []string{"feature", "target_id", "choice"}},
	{Name: "prepare", Fields: []Field{spellsField}, Always: true, Fight: FightRefused},
}

// Kinds is the kind table, in its order.
func Kinds() []Kind { return slices.Clone(kinds) }

// Lookup is the kind named so.
func Lookup(name string) (Kind, bool) {
	i := slices.IndexFunc(kinds, func(k Kind) bool { return k.Name == name })
	if i < 0 {
		return Kind{}, false
	}
	return kinds[i], true
}

// Names are the kinds' names, in the table's order.
func Names() []string {
	out := make([]string, len(kinds))
	for i, k := range kinds {
		out[i] = k.Name
	}
	return out
}

// Allowed reports whether a table's allowlist lets a turn take an intent
// of this kind: an empty list allows every kind, and no list refuses a
// kind the table marks Always.
func Allowed(allowlist []string, kind string) bool {
	if k, ok := Lookup(kind); ok && k.Always {
		return true
	}
	return len(allowlist) == 0 || slices.Contains(allowlist, kind)
}
