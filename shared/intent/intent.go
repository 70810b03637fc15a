package intent

import (
	"slices"
	"strings"
	"unicode/utf8"

	"chronicler/shared/fault"
)

// Limits of an intent: the wire refuses more (events re-exports them).
const (
	MaxActionRunes = 2000 // a turn's free text, and what a say intent speaks
	MaxIDLength    = 128  // every id an intent names, and a cast's choice
	MaxChoices     = 20   // a level up's choices, and the options of each
	MaxPrepared    = 30   // the spells a prepare names (a 20th-level caster prepares 25 at most)
	MaxListed      = 50   // the ids a cast's with and spare name
)

// Intent is a structured action: what a player's button or the parser
// asks the rules to decide. Kind names its row in the kind table (Lookup);
// the other fields are those the kind takes.
type Intent struct {
	Kind      string   `json:"kind"`
	TargetID  string   `json:"target_id,omitempty"`
	Weapon    string   `json:"weapon,omitempty"`
	Spell     string   `json:"spell,omitempty"`
	TargetIDs []string `json:"target_ids,omitempty"`
	SlotLevel int      `json:"slot_level,omitempty"`
	Ability   string   `json:"ability,omitempty"`
	Skill     string   `json:"skill,omitempty"`
	// Difficulty, with check, is how hard the task is, from the closed
	// list Difficulties ("medium"); the rules set the DC from it (SRD:
	// very easy 5 to nearly impossible 30). A check without one has no
	// DC and only a total. Beyond protocol.md, additive.
	Difficulty string `json:"difficulty,omitempty"`
	ToAreaID   string `json:"to_area_id,omitempty"`
	Item       string `json:"item,omitempty"`
	Rest       string `json:"rest,omitempty"`
	Text       string `json:"text,omitempty"`
	// Bonus takes the intent as a bonus action in an encounter: attack
	// (two-weapon fighting's off hand), dash, disengage or hide (a rogue's
	// Cunning Action, a ranger's Vanish), use_item of a potion (a thief's
	// Fast Hands), second_wind, or a cast whose spell takes a bonus
	// action. Beyond protocol.md, additive.
	Bonus bool `json:"bonus,omitempty"`
	// KeepTurn leaves the actor's encounter turn open after the intent,
	// for a bonus action or end_turn to follow; without it an action ends
	// the turn. Beyond protocol.md, additive.
	KeepTurn bool `json:"keep_turn,omitempty"`
	// Ongoing, with cast, uses again a spell the actor cast earlier in
	// the encounter (Spiritual Weapon's attack, Call Lightning's bolt)
	// instead of casting it. Beyond protocol.md, additive.
	Ongoing bool `json:"ongoing,omitempty"`
	// Choice, with cast, is the caster's pick where the spell offers one:
	// the condition Lesser or Greater Restoration ends ("poisoned"), the
	// damage type Protection from Energy wards against ("fire"), the word
	// Command speaks ("halt"); Weapon, with cast, names the weapon Magic
	// Weapon makes magic. With check, it is what the check is about: a
	// creature type ("undead") or a terrain ("forest"), which a ranger's
	// Favored Enemy and Natural Explorer read (so does the creature a
	// check's target_id names). With rest, it is what a feature the rest
	// plays takes: the slots Arcane Recovery brings back ("2,1", or
	// "none" to keep it), the damage type Fiendish Resilience resists
	// ("fire"). Beyond protocol.md, additive.
	Choice string `json:"choice,omitempty"`
	// HP, with level_up, is how the new level's hit points come: "fixed"
	// (the class's value; the default) or "roll" (the hit die, rolled by
	// the player in a table that rolls by hand). Beyond protocol.md,
	// additive.
	HP string `json:"hp,omitempty"`
	// Increases, with level_up at a level that brings an ability score
	// improvement, are the scores it raises by ability ("str"): +2 to one
	// or +1 to two. Beyond protocol.md, additive.
	Increases map[string]int `json:"increases,omitempty"`
	// Subclass and Choices, with level_up, are what the new level asks of
	// the player: the subclass it brings (the SRD's one for the class),
	// and the choices its features ask, by choice id ("expertise":
	// ["stealth", "perception"]); the character's sheet and GET
	// /api/rules/choices list them with their options. Beyond
	// protocol.md, additive.
	Subclass string              `json:"subclass,omitempty"`
	Choices  map[string][]string `json:"choices,omitempty"`
	// Feature, with feature, is the class feature or racial trait used
	// (its SRD id: "rage", "lay-on-hands"; the sheet lists the character's
	// with how each is used); target_id is whom it is used on, where it is
	// used on someone, and choice what for, where it offers a choice.
	// Beyond protocol.md, additive.
	Feature string `json:"feature,omitempty"`
	// Spells, with prepare, are the spells a prepared caster (a cleric,
	// a druid, a paladin, a wizard) prepares after a long rest, by SRD
	// id; its sheet says how many (the spellcasting ability modifier
	// plus its level) and from what. Beyond protocol.md, additive.
	Spells []string `json:"spells,omitempty"`
	// Replace, with level_up, is a spell known the new level gives up
	// for the one choices names in its place, by choice id ("spells":
	// "sleep"), as the SRD lets a bard, ranger, sorcerer or warlock at
	// each level. Beyond protocol.md, additive.
	Replace map[string]string `json:"replace,omitempty"`
	// With, with cast, are the class features the caster works into the
	// spell, by id: Metamagic options ("metamagic-quickened-spell", or
	// "quickened"), Elemental Affinity's resistance ("elemental-
	// affinity"), Overchannel ("overchannel"); Spare, the creatures among
	// its targets the caster spares (Careful Spell, Sculpt Spells).
	// Beyond protocol.md, additive.
	With  []string `json:"with,omitempty"`
	Spare []string `json:"spare,omitempty"`
}

// Has reports whether the intent sets the field the wire spells so
// ("target_id"); false for a name that is no field of an intent's.
func (in Intent) Has(field string) bool {
	switch field {
	case "kind":
		return in.Kind != ""
	case "target_id":
		return in.TargetID != ""
	case "weapon":
		return in.Weapon != ""
	case "spell":
		return in.Spell != ""
	case "target_ids":
		return len(in.TargetIDs) > 0
	case "slot_level":
		return in.SlotLevel != 0
	case "ability":
		return in.Ability != ""
	case "skill":
		return in.Skill != ""
	case "difficulty":
		return in.Difficulty != ""
	case "to_area_id":
		return in.ToAreaID != ""
	case "item":
		return in.Item != ""
	case "rest":
		return in.Rest != ""
	case "text":
		return in.Text != ""
	case "bonus":
		return in.Bonus
	case "keep_turn":
		return in.KeepTurn
	case "ongoing":
		return in.Ongoing
	case "choice":
		return in.Choice != ""
	case "hp":
		return in.HP != ""
	case "increases":
		return len(in.Increases) > 0
	case "feature":
		return in.Feature != ""
	case "subclass":
		return in.Subclass != ""
	case "choices":
		return len(in.Choices) > 0
	case "spells":
		return len(in.Spells) > 0
	case "replace":
		return len(in.Replace) > 0
	case "with":
		return len(in.With) > 0
	case "spare":
		return len(in.Spare) > 0
	}
	return false
}

// Validate checks an intent against its kind's row: a known kind, a bonus
// action only where the kind may be one, a cast's extras only with a
// kind that casts, and the kind's fields. Every failure is a fault.Invalid
// of operation op naming the field at fault ("intent.target_id").
func (in Intent) Validate(op string) error {
	k, ok := Lookup(in.Kind)
	if !ok {
		return fault.Field(op, "intent.kind", "unknown kind %q", clip(in.Kind, 40))
	}
	if in.Bonus && !k.Bonus {
		return fault.Field(op, "intent.bonus", "%s can't be taken as a bonus action", in.Kind)
	}
	if in.Ongoing && !k.Casts {
		return fault.Field(op, "intent.ongoing", "goes with %s only", casting())
	}
	for _, l := range []struct {
		name string
		list []string
	}{{"with", in.With}, {"spare", in.Spare}} {
		name, list := l.name, l.list
		if len(list) > 0 && !k.Casts {
			return fault.Field(op, "intent."+name, "goes with %s only", casting())
		}
		if len(list) > MaxListed {
			return fault.Field(op, "intent."+name, "names more than %d", MaxListed)
		}
		for _, id := range list {
			if id == "" || len(id) > MaxIDLength {
				return fault.Field(op, "intent."+name, "holds an empty id or one longer than %d bytes", MaxIDLength)
			}
		}
	}
	switch {
	case in.Choice != "" && len(k.Choices) > 0 && !slices.Contains(k.Choices, in.Choice):
		return fault.Field(op, "intent.choice", "must be one of %s for %s", strings.Join(k.Choices, ", "), in.Kind)
	case in.Choice != "" && !k.Casts && !k.Chooses && len(k.Choices) == 0:
		return fault.Field(op, "intent.choice", "goes with %s only", choosing())
	case len(in.Choice) > MaxIDLength:
		return fault.Field(op, "intent.choice", "is longer than %d bytes", MaxIDLength)
	}
	for _, name := range []string{"hp", "increases", "feature", "subclass", "choices", "spells", "replace"} {
		// A level up's choices go with the kinds that take them only.
		if in.Has(name) && !slices.ContainsFunc(k.Fields, func(f Field) bool { return f.Name == name }) {
			return fault.Field(op, "intent."+name, "goes with %s only", taking(name))
		}
	}
	for _, f := range k.Fields {
		if p := f.problem(k.Name, in); p != "" {
			return fault.Field(op, "intent."+f.Name, "%s", p)
		}
	}
	return nil
}

// casting names the kinds that cast, for a refusal.
func casting() string {
	var names []string
	for _, k := range kinds {
		if k.Casts {
			names = append(names, k.Name)
		}
	}
	return strings.Join(names, ", ")
}

// taking names the kinds that take a field, for a refusal.
func taking(field string) string {
	var names []string
	for _, k := range kinds {
		if slices.ContainsFunc(k.Fields, func(f Field) bool { return f.Name == field }) {
			names = append(names, k.Name)
		}
	}
	return strings.Join(names, ", ")
}

// choosing names the kinds that take a choice, for a refusal.
func choosing() string {
	var names []string
	for _, k := range kinds {
		if k.Casts || k.Chooses || len(k.Choices) > 0 {
			names = append(names, k.Name)
		}
	}
	return strings.Join(names, ", ")
}

// clip cuts s to at most n bytes at a rune boundary, marking the cut: a
// refusal never echoes much of what it refuses.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}
