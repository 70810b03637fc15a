package campaign

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"

	"chronicler/shared/fault"
	"chronicler/shared/srd"
)

// MaxLevel is the highest level a character reaches.
const MaxLevel = 20

// xpThresholds are the SRD's experience points needed for each level.
var xpThresholds = [MaxLevel]int{0, 300, 900, 2700, 6500, 14000, 23000, 34000, 48000, 64000,
	85000, 100000, 120000, 140000, 165000, 195000, 225000, 265000, 305000, 355000}

func xpFor(level int) int { return xpThresholds[level-1] }

// LevelFor is the level xp reaches, 1 to 20.
func LevelFor(xp int) int {
	level := 1
	for level < MaxLevel && xp >= xpThresholds[level] {
		level++
	}
	return level
}

// LevelUpReady reports whether the character's XP has reached a level
// above its own, so its player may level it up (LevelUp). XP never
// raises a level by itself: the level's hit points and ability score
// improvement are the player's choices.
func (ch Character) LevelUpReady() bool {
	return ch.Level >= 1 && ch.Level < 20 && LevelFor(ch.XP) > ch.Level
}

// MarshalJSON writes the sheet with level_up as LevelUpReady says, its
// features as Views lists them, what each magic item does (ItemsDoing)
// and its resources with their sizes (ResourcesOf), so every sheet on
// the wire or in an export shows a level up waiting and what it can use,
// whatever wrote it.
func (ch Character) MarshalJSON() ([]byte, error) {
	type sheet Character // the fields, without this method
	s := sheet(ch)
	s.LevelUp = ch.LevelUpReady()
	s.Features = Views(ch)
	s.Inventory = ItemsDoing(ch.Inventory, ch.Abilities)
	if rs := ResourcesOf(ch); len(rs) > 0 {
		s.Resources = rs // each pool with its size at the sheet's level
	}
	return json.Marshal(s)
}

// Stored is the sheet as a store writes it: without the features
// MarshalJSON lists for the wire, which follow from the rest.
type Stored Character

// UnmarshalJSON reads a sheet without the features and the items' does
// MarshalJSON listed: they follow from the rest of it (Views,
// ItemsDoing), so a sheet read back is the sheet that was written.
func (ch *Character) UnmarshalJSON(b []byte) error {
	type sheet Character // the fields, without this method
	var s sheet
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	*ch = Character(s)
	ch.Features = nil
	for i := range ch.Inventory {
		ch.Inventory[i].Does = ""
	}
	return nil
}

// Hit points on a new level (LevelChoice.HitPoints).
const (
	HitPointsFixed = "fixed" // the class's fixed value: half the hit die, plus one
	HitPointsRoll  = "roll"  // the hit die as the player rolls it
)

// LevelChoice is what a player chooses for their character's next level.
type LevelChoice struct {
	// Roll is the hit die as rolled for the level's hit points; 0 takes
	// the class's fixed value instead. The Constitution modifier is
	// added either way, for at least 1 hit point.
	Roll int
	// Increases is the ability score improvement of a level that brings
	// one, by ability id ("str"): +2 to one score or +1 to two, none above
	// 20 (only what room is left, when the scores are that high). A level
	// without one takes none.
	Increases map[string]int
	// Subclass is the subclass taken at the level that brings it (the
	// SRD's one; "" takes it), and Choices what the level's features ask
	// (ChoicesFor): those left out take the first options.
	Subclass string
	Choices  map[string][]string
	// Replace is what the level gives up of a choice that allows a swap
	// (ChoiceSpec.Swap: a spell known), by choice id, one option each;
	// Choices names what takes its place, or the first option left does.
	Replace map[string]string
}

// Leveled is what a level up gave a character, as the table is told.
type Leveled struct {
	CharacterID string `json:"character_id"`
	Level       int    `json:"level"`
	// HitPoints is how the level's hit points came: HitPointsFixed or
	// HitPointsRoll.
	HitPoints string `json:"hit_points"`
	HPGained  int    `json:"hp_gained"`
	MaxHP     int    `json:"max_hp"`
	// ProficiencyBonus is the bonus at the new level.
	ProficiencyBonus int `json:"proficiency_bonus"`
	// Features are the class features the level brings, by the SRD's
	// names.
	Features []string `json:"features"`
	// Increases is the ability score improvement taken, if the level
	// brings one.
	Increases map[string]int `json:"increases,omitempty"`
	// SpellSlots are the character's spell slots at the new level, by
	// spell level, where it has any.
	SpellSlots map[string]Slot `json:"spell_slots,omitempty"`
	// Subclass is the subclass the level brought; Choices what the
	// level's features chose (ChoicesFor), the new options only.
	Subclass string              `json:"subclass,omitempty"`
	Choices  map[string][]string `json:"choices,omitempty"`
	// Replaced is what the level gave up for them (LevelChoice.Replace).
	// Beyond protocol.md, additive.
	Replaced map[string]string `json:"replaced,omitempty"`
}

// LevelUp raises the character one level, as its player chose: its hit
// points (the hit die rolled, or the class's fixed value, plus the
// Constitution modifier, at least 1; all of it to the current hit points
// too unless at 0), one more hit die, the class's spell slots at the new
// level (those used stay used), the proficiency bonus of the level (it
// follows from the level) and its features, and the ability score
// improvement at a level that brings one. A better Constitution modifier
// raises the hit point maximum for every level; a better Dexterity (or,
// unarmoured, Constitution or Wisdom) raises the AC as ArmorClass reckons
// it, and enough Strength for the heavy armour carried gives back its 10
// feet of speed; a monk's Unarmored Movement grows with its column.
//
// A dead character, or one whose XP has not reached the next level, is a
// fault.Invalid refusal (ActorStateRestricted, NotAllowed); an
// improvement that is not one, or one at a level without it, is InvalidArgs
// on intent.increases. ch is not changed.
func LevelUp(ch Character, c LevelChoice) (Character, Leveled, error) {
	const op = "level up"
	class, ok := srd.LookupClass(ch.Class)
	data, known := classes[ch.Class]
	switch {
	case !ok || !known || len(class.Levels) < 20:
		return ch, Leveled{}, fault.E(fault.Internal, op, "class %q is not in the SRD data", ch.Class)
	case ch.IsDead():
		return ch, Leveled{}, fault.Refuse(op, "intent", fault.ActorStateRestricted, "%s is dead; only a spell that brings back the dead can change that", ch.Name)
	case ch.Level >= 20:
		return ch, Leveled{}, fault.Refuse(op, "intent", fault.NotAllowed, "%s is at level 20, the highest", ch.Name)
	case !ch.LevelUpReady():
		return ch, Leveled{}, fault.Refuse(op, "intent", fault.NotAllowed, "%s has %d XP; level %d needs %d", ch.Name, ch.XP, ch.Level+1, xpFor(ch.Level+1))
	case c.Roll < 0 || c.Roll > class.HitDie:
		return ch, Leveled{}, fault.E(fault.Internal, op, "a d%d cannot roll %d", class.HitDie, c.Roll)
	}
	to := ch.Level + 1
	row := class.Levels[to-1]
	before := ch.Abilities
	after, err := improve(before, c.Increases, row.AbilityScoreImprovement, to)
	if err != nil {
		return ch, Leveled{}, err
	}
	next := ch
	next.Level = to
	after = raised(ch, next, after)
	out := ch
	out.Conditions = slices.Clone(ch.Conditions)
	out.Inventory = slices.Clone(ch.Inventory)
	con, was := Modifier(after.Con), Modifier(before.Con)
	die, how := class.HitDie/2+1, HitPointsFixed
	if c.Roll > 0 {
		die, how = c.Roll, HitPointsRoll
	}
	gain := max(die+con, 1) + (con-was)*ch.Level + toughness(ch.Race, to) - toughness(ch.Race, ch.Level) +
		resilientHP(ch.Class, to) - resilientHP(ch.Class, ch.Level)
	out.MaxHP += gain
	if out.HP > 0 {
		out.HP += gain
	}
	out.HitDice.Max = to
	out.SpellSlots = spellSlots(data.caster, to)
	for k, sl := range ch.SpellSlots {
		if n, ok := out.SpellSlots[k]; ok {
			n.Used = min(sl.Used, n.Max)
			out.SpellSlots[k] = n
		}
	}
	out.AC += ArmorClass(ch.Class, after, ch.Inventory) - ArmorClass(ch.Class, before, ch.Inventory)
	if heavyArmorSlows(ch.Race, before, ch.Inventory) && !heavyArmorSlows(ch.Race, after, ch.Inventory) {
		out.Speed += 10
	}
	out.Speed += unarmoredMovement(ch.Class, to, ch.Inventory) - unarmoredMovement(ch.Class, ch.Level, ch.Inventory)
	out.Abilities, out.Level = after, to
	out = WithFeatureNumbers(ch, out)
	out.LevelUp = out.LevelUpReady()
	sub, err := chooseSubclass("level up", ch.Class, to, c.Subclass)
	if err != nil {
		return ch, Leveled{}, err
	}
	if out.Subclass == "" {
		out.Subclass = sub
	}
	if out.Choices, err = replace(out, c.Replace, c.Choices); err != nil {
		return ch, Leveled{}, err
	}
	if out.Choices, err = choose("level up", out, c.Choices); err != nil {
		return ch, Leveled{}, err
	}
	out.Expertise = slices.Clone(out.Choices["expertise"])
	got := Leveled{CharacterID: ch.ID, Level: to, HitPoints: how, HPGained: gain, MaxHP: out.MaxHP,
		ProficiencyBonus: row.ProficiencyBonus, Features: slices.Clone(row.Features)}
	if got.Features == nil {
		got.Features = []string{}
	}
	if row.AbilityScoreImprovement && len(c.Increases) > 0 {
		got.Increases = maps.Clone(c.Increases)
	}
	if len(out.SpellSlots) > 0 {
		got.SpellSlots = maps.Clone(out.SpellSlots)
	}
	if out.Subclass != ch.Subclass {
		got.Subclass = out.Subclass
	}
	if len(c.Replace) > 0 {
		got.Replaced = maps.Clone(c.Replace)
	}
	for k, v := range out.Choices {
		if added := slices.DeleteFunc(slices.Clone(v), func(o string) bool { return slices.Contains(ch.Choices[k], o) }); len(added) > 0 {
			if got.Choices == nil {
				got.Choices = map[string][]string{}
			}
			got.Choices[k] = added
		}
	}
	return out, got, nil
}

// improve is the scores after a level's ability score improvement: inc
// on a level that brings one (asi), none on any other.
func improve(a Abilities, inc map[string]int, asi bool, level int) (Abilities, error) {
	const op, field = "level up", "intent.increases"
	if !asi {
		if len(inc) > 0 {
			return a, fault.Refuse(op, field, fault.InvalidArgs, "level %d brings no ability score improvement", level)
		}
		return a, nil
	}
	room, total := 0, 0
	for _, id := range abilityIDs {
		room += max(20-*a.field(id), 0)
	}
	for _, id := range slices.Sorted(maps.Keys(inc)) {
		n := inc[id]
		p := a.field(id)
		switch {
		case p == nil:
			return a, fault.Refuse(op, field, fault.InvalidArgs, "%q is not an ability: name str, dex, con, int, wis or cha", truncate(id, 20))
		case n < 1 || n > 2:
			return a, fault.Refuse(op, field, fault.InvalidArgs, "an ability score improvement is +2 to one score or +1 to two")
		case *p+n > 20:
			return a, fault.Refuse(op, field, fault.InvalidArgs, "%s is %d: an ability score improvement takes no score above 20", strings.ToUpper(id), *p)
		}
		*p += n
		total += n
	}
	if want := min(2, room); total != want {
		return a, fault.Refuse(op, field, fault.InvalidArgs, "level %d brings an ability score improvement: +2 to one score or +1 to two (%d points to give)", level, want)
	}
	return a, nil
}
