package campaign

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"chronicler/shared/fault"
	"chronicler/shared/srd"
)

// Abilities are the six ability scores.
type Abilities struct {
	Str int `json:"str"`
	Dex int `json:"dex"`
	Con int `json:"con"`
	Int int `json:"int"`
	Wis int `json:"wis"`
	Cha int `json:"cha"`
}

// Modifier is an ability score's modifier: floor((score-10)/2).
func Modifier(score int) int {
	d := score - 10
	if d < 0 {
		return (d - 1) / 2
	}
	return d / 2
}

// Slot is one spell-slot level's capacity and use.
type Slot struct {
	Max  int `json:"max"`
	Used int `json:"used"`
}

// Pool is a spent-from resource such as hit dice.
type Pool struct {
	Max  int `json:"max"`
	Used int `json:"used"`
}

// DeathSaves counts death saving throws while at 0 HP.
type DeathSaves struct {
	Successes int `json:"successes"`
	Failures  int `json:"failures"`
}

// Item is a stack of one thing in an inventory.
type Item struct {
	Item string `json:"item"`
	Qty  int    `json:"qty"`
	// Used are the uses spent of the stack's item in use, for an item
	// with a number of uses (a healer's kit's ten: KitUses). Beyond
	// protocol.md, additive.
	Used int `json:"used,omitempty"`
	// Name is the item's SRD name ("Crossbow, light"), where the rules
	// know the item. Beyond protocol.md, additive.
	Name string `json:"name,omitempty"`
	// Equipped marks armour worn, a shield carried and weapons wielded:
	// armour and shield give AC, a wielded weapon is the one attacked with
	// when none is named. Beyond protocol.md, additive.
	Equipped bool `json:"equipped,omitempty"`
	// Magic is the magic item that enchants a mundane one (a "weapon-1"
	// longsword is a +1 longsword; srd.MagicItem.Enchants); a magic item
	// in its own right is Item itself ("ring-of-protection"). Attuned
	// marks one its owner is attuned to: an item that requires
	// attunement works only so, three at most (magic.go). Beyond
	// protocol.md, additive.
	Magic   string `json:"magic,omitempty"`
	Attuned bool   `json:"attuned,omitempty"`
	// Pick is what its magic item's text leaves to the GM, chosen as it
	// was handed out (an Armor of Resistance's damage type: Picks).
	// Beyond protocol.md, additive.
	Pick string `json:"pick,omitempty"`
	// Does is what the stack's magic item does for its carrier now, in a
	// few words ("+3 Str → 19", "fire resistance": ItemEffect), where it
	// works (attuned, armour worn); written by Character.MarshalJSON
	// (ItemsDoing), never read. Beyond protocol.md, additive.
	Does string `json:"does,omitempty"`
}

// Character is a player character's whole sheet, as the wire shows it.
type Character struct {
	ID         string    `json:"id"`
	PlayerID   string    `json:"player_id"`
	Name       string    `json:"name"`
	Race       string    `json:"race"`
	Class      string    `json:"class"`
	Level      int       `json:"level"`
	XP         int       `json:"xp"`
	Abilities  Abilities `json:"abilities"`
	HP         int       `json:"hp"`
	MaxHP      int       `json:"max_hp"`
	TempHP     int       `json:"temp_hp"`
	AC         int       `json:"ac"`
	Speed      int       `json:"speed"`
	Conditions []string  `json:"conditions"`
	// Exhaustion is the exhaustion level, 0 to 6; a long rest with food
	// and drink takes one away.
	Exhaustion int `json:"exhaustion,omitempty"`
	// Drained is the hit point maximum a life drain took (a wight's, a
	// vampire's bite): the maximum is max_hp less it until a long rest or
	// Greater Restoration gives it back.
	Drained int `json:"drained,omitempty"`
	// Afflictions are the curses and diseases a monster's hit left
	// (mummy rot, lycanthropy), until a spell ends them. Beyond
	// protocol.md, additive.
	Afflictions   []Affliction    `json:"afflictions,omitempty"`
	Concentration *string         `json:"concentration"`
	SpellSlots    map[string]Slot `json:"spell_slots"`
	HitDice       Pool            `json:"hit_dice"`
	DeathSaves    DeathSaves      `json:"death_saves"`
	// Stable is a character at 0 hit points who no longer makes death
	// saving throws; it is unconscious until healed.
	Stable bool `json:"stable,omitempty"`
	// Dead is a character killed by three failed death saving throws or
	// massive damage: a state of its own, kept out of encounters until a
	// spell (Revivify, Raise Dead, ...) brings it back. A sheet stored
	// before the field was kept says dead as 0 HP with three failures,
	// which IsDead also reads.
	Dead bool `json:"dead"`
	// Resources are the class resources used (ResourcesOf gives them with
	// their maximum), by id: "bardic-inspiration", "second-wind".
	Resources map[string]Pool `json:"resources,omitempty"`
	// Subclass is the character's subclass once its level has come (the
	// SRD's one for its class: "berserker", "lore"); SubclassOf reads a
	// sheet that names none. Beyond protocol.md, additive.
	Subclass string `json:"subclass,omitempty"`
	// Choices are what the player chose for the features that ask
	// (srd.Choice), by choice id: "fighting-style": ["fighter-fighting-
	// style-defense"], "favored-enemy": ["undead"]. Beyond protocol.md,
	// additive.
	Choices map[string][]string `json:"choices,omitempty"`
	// Prepared are the spells a prepared caster (a cleric, a druid, a
	// paladin, a wizard) has prepared with the prepare intent (Prepare),
	// those its features always prepare aside. nil: it has never
	// prepared, and every spell it could prepare counts as prepared, as
	// on every sheet before spells were prepared. Beyond protocol.md,
	// additive.
	Prepared []string `json:"prepared,omitempty"`
	// MayPrepare says the character has finished a long rest since it
	// last prepared its spells, so it may prepare them again: a long
	// rest sets it, a prepare clears it. Beyond protocol.md, additive.
	MayPrepare bool `json:"may_prepare,omitempty"`
	// Features are the class features and racial traits the character
	// has, as the wire shows them (Views); written by MarshalJSON, never
	// read. Beyond protocol.md, additive.
	Features []FeatureView `json:"features,omitempty"`
	// Skills are the skills the character is proficient in (SRD skill
	// ids: "perception", "sleight-of-hand"), chosen from its class's.
	Skills []string `json:"skills,omitempty"`
	// Expertise are the skills whose proficiency bonus the character
	// doubles (a rogue's two from 1st level, a bard's from 3rd), from its
	// Skills. Beyond protocol.md, additive.
	Expertise []string `json:"expertise,omitempty"`
	// LevelUp says the character's XP has reached a level above its own:
	// its player may level it up (LevelUp). The wire always shows it as
	// LevelUpReady says (MarshalJSON); a sheet read back keeps what was
	// written, which code never needs to read.
	LevelUp   bool   `json:"level_up,omitempty"`
	Inventory []Item `json:"inventory"`
	// Coins are the character's purse; nil is empty. Beyond protocol.md,
	// additive.
	Coins *Coins `json:"coins,omitempty"`
	// Effects are the spells' lasting effects on the character, each
	// until a game time (Effect).
	Effects []Effect `json:"effects,omitempty"`
	// Orders are the player's standing orders for the character's
	// reactions and saves' rerolls (Order), applied when a reaction
	// window offers one and the player is not there to answer. Beyond
	// protocol.md's version 2, additive.
	Orders []Order `json:"orders,omitempty"`
	// WakesAt is the game time a character stable at 0 HP regains 1 HP
	// and wakes (1d4 hours after it was found stable); 0 when it is not
	// stable or the hours are not rolled yet.
	WakesAt int64 `json:"wakes_at,omitempty"`
	// AreaID is where the character is: each character has its own
	// area, and its player's scene is there.
	AreaID   string   `json:"area_id"`
	Presence Presence `json:"presence"`
	Version  int64    `json:"-"`
}

// IsDead reports whether the character is dead: marked so, or at 0 HP
// with three failed death saves (how a sheet said dead before Dead).
func (ch Character) IsDead() bool {
	return ch.Dead || (ch.HP <= 0 && ch.DeathSaves.Failures >= 3)
}

// Down reports whether the character is at 0 hit points or dead: it can
// take no action but speak.
func (ch Character) Down() bool { return ch.HP <= 0 || ch.IsDead() }

// NewCharacter is what a player asks for; the server derives the rest.
type NewCharacter struct {
	Name      string     `json:"name"`
	Race      string     `json:"race"`
	Class     string     `json:"class"`
	Level     int        `json:"level"`
	Abilities *Abilities `json:"abilities"`
	// Skills are the class skills chosen, as many as the class allows;
	// none takes the first ones of the class's list.
	Skills []string `json:"skills,omitempty"`
	// Subclass is the SRD's subclass of the class, for a character
	// created at or above the level it comes at; "" takes it then.
	Subclass string `json:"subclass,omitempty"`
	// Choices are what the character's features ask of its player, by
	// choice id (ChoicesFor lists them with their options): a fighting
	// style, expertise, a favored enemy, invocations. A choice left out,
	// or short, takes the first options not chosen.
	Choices map[string][]string `json:"choices,omitempty"`
	// Increases are the ability score improvements of a character
	// created above level 1, one for each level that brought one, in
	// order, each as the level_up intent takes it (+2 to one score or +1
	// to two); those left out raise the highest score below 20 by 2.
	Increases []map[string]int `json:"increases,omitempty"`
}

// StandardArray is the SRD's standard ability array, in sheet order.
var StandardArray = Abilities{Str: 15, Dex: 14, Con: 13, Int: 12, Wis: 10, Cha: 8}

// The SRD's point buy: what each score from 8 to 15 costs, and the
// points to spend.
var pointCost = map[int]int{8: 0, 9: 1, 10: 2, 11: 3, 12: 4, 13: 5, 14: 7, 15: 9}

const pointBudget = 27

// chosen refuses scores a new character cannot start with: they must be
// the standard array in any order, or a point buy within the budget.
// (Scores the player could pick freely would make every sheet all 18s.)
func (a Abilities) chosen() error {
	scores := []int{a.Str, a.Dex, a.Con, a.Int, a.Wis, a.Cha}
	sorted := slices.Sorted(slices.Values(scores))
	if slices.Equal(sorted, []int{8, 10, 12, 13, 14, 15}) {
		return nil
	}
	spent := 0
	for _, s := range scores {
		c, ok := pointCost[s]
		if !ok {
			return fmt.Errorf("must be the standard array (15, 14, 13, 12, 10, 8) in any order, or a point buy of scores from 8 to 15; %d is neither", s)
		}
		spent += c
	}
	if spent > pointBudget {
		return fmt.Errorf("a point buy spends at most %d points; these scores cost %d", pointBudget, spent)
	}
	return nil
}

type classData struct {
	hitDie int
	caster string // "", "full", "half", "pact"
}

// classes are the SRD 5.1 classes' hit dice and spellcasting progression.
var classes = map[string]classData{
	"barbarian": {12, ""}, "bard": {8, "full"}, "cleric": {8, "full"},
	"druid": {8, "full"}, "fighter": {10, ""}, "monk": {8, ""},
	"paladin": {10, "half"}, "ranger": {10, "half"}, "rogue": {8, ""},
	"sorcerer": {6, "full"}, "warlock": {8, "pact"}, "wizard": {6, "full"},
}

// startingEquipment is each class's SRD starting equipment, by SRD id:
// the first of each of its choices (a named weapon where the choice is
// "any martial weapon", and the simplest where it is a weapon or a
// pack), the armour worn, the weapons wielded (marked Equipped), and the
// rest carried. A fighter and a paladin take the choice of a weapon
// without the shield, a druid the leather armour without the wooden
// shield, as the SRD lets them.
var startingEquipment = map[string][]Item{
	"barbarian": {{Item: "greataxe", Qty: 1, Equipped: true}, {Item: "handaxe", Qty: 2}, {Item: "explorers-pack", Qty: 1}, {Item: "javelin", Qty: 4}},
	"bard": {{Item: "rapier", Qty: 1, Equipped: true}, {Item: "dagger", Qty: 1}, {Item: "leather-armor", Qty: 1, Equipped: true},
		{Item: "diplomats-pack", Qty: 1}, {Item: "lute", Qty: 1}},
	"cleric": {{Item: "mace", Qty: 1, Equipped: true}, {Item: "scale-mail", Qty: 1, Equipped: true}, {Item: "shield", Qty: 1, Equipped: true},
		{Item: "crossbow-light", Qty: 1}, {Item: "crossbow-bolt", Qty: 20}, {Item: "priests-pack", Qty: 1}, {Item: "amulet", Qty: 1}},
	"druid": {{Item: "scimitar", Qty: 1, Equipped: true}, {Item: "leather-armor", Qty: 1, Equipped: true}, {Item: "shield", Qty: 1, Equipped: true},
		{Item: "explorers-pack", Qty: 1}, {Item: "sprig-of-mistletoe", Qty: 1}},
	"fighter": {{Item: "longsword", Qty: 1, Equipped: true}, {Item: "crossbow-light", Qty: 1}, {Item: "crossbow-bolt", Qty: 20},
		{Item: "chain-mail", Qty: 1, Equipped: true}, {Item: "dungeoneers-pack", Qty: 1}},
	"monk": {{Item: "shortsword", Qty: 1, Equipped: true}, {Item: "dungeoneers-pack", Qty: 1}, {Item: "dart", Qty: 10}},
	"paladin": {{Item: "longsword", Qty: 1, Equipped: true}, {Item: "javelin", Qty: 5}, {Item: "chain-mail", Qty: 1, Equipped: true},
		{Item: "priests-pack", Qty: 1}, {Item: "amulet", Qty: 1}},
	"ranger": {{Item: "shortsword", Qty: 2, Equipped: true}, {Item: "longbow", Qty: 1}, {Item: "arrow", Qty: 20},
		{Item: "scale-mail", Qty: 1, Equipped: true}, {Item: "dungeoneers-pack", Qty: 1}},
	"rogue": {{Item: "rapier", Qty: 1, Equipped: true}, {Item: "shortbow", Qty: 1}, {Item: "arrow", Qty: 20}, {Item: "dagger", Qty: 2},
		{Item: "leather-armor", Qty: 1, Equipped: true}, {Item: "burglars-pack", Qty: 1}, {Item: "thieves-tools", Qty: 1}},
	"sorcerer": {{Item: "crossbow-light", Qty: 1, Equipped: true}, {Item: "crossbow-bolt", Qty: 20}, {Item: "dagger", Qty: 2},
		{Item: "component-pouch", Qty: 1}, {Item: "dungeoneers-pack", Qty: 1}},
	"warlock": {{Item: "crossbow-light", Qty: 1, Equipped: true}, {Item: "crossbow-bolt", Qty: 20}, {Item: "dagger", Qty: 2},
		{Item: "leather-armor", Qty: 1, Equipped: true}, {Item: "component-pouch", Qty: 1}, {Item: "scholars-pack", Qty: 1}},
	"wizard": {{Item: "quarterstaff", Qty: 1, Equipped: true}, {Item: "dagger", Qty: 1}, {Item: "component-pouch", Qty: 1},
		{Item: "scholars-pack", Qty: 1}, {Item: "spellbook", Qty: 1}},
}

// ArmorClass is the AC a character gets from what it carries, taken to be
// worn: the best body armour's base AC plus the Dexterity modifier (capped
// for medium armour, none for heavy), +2 with a shield. Without body armour
// it is 10 + Dexterity, or a barbarian's Unarmored Defense (+ Constitution)
// or a monk's (+ Wisdom, without a shield either), or 13 + Dexterity for a
// draconic sorcerer (Draconic Resilience).
func ArmorClass(class string, ab Abilities, inv []Item) int {
	return SumTerms(armorTerms(class, ab, inv))
}

// armorTerms are ArmorClass's parts, each named as a roll's working names
// it (Term): the body armour's base and the Dexterity it lets count (or
// 10 and Dexterity, and what the class adds without armour), a shield,
// and the magic of what is worn (itemACTerms).
func armorTerms(class string, ab Abilities, inv []Item) []Term {
	dex := Modifier(ab.Dex)
	var out []Term
	body, shield := armorWorn(inv, dex)
	switch {
	case body != nil:
		out = append(out, Term{Value: body.BaseAC, Source: strings.ToLower(body.Name), Kind: TermItem})
		if body.DexBonus {
			d, src := dex, "Dexterity"
			if body.DexMax > 0 && dex > body.DexMax {
				d, src = body.DexMax, fmt.Sprintf("Dexterity (at most %d in %s armour)", body.DexMax, body.Category)
			}
			out = append(out, Term{Value: d, Source: src, Kind: TermAbility})
		}
	case class == "sorcerer": // Draconic Resilience: the SRD's sorcerer is of the Draconic Bloodline
		out = append(out, Term{Value: 13, Source: "Draconic Resilience", Kind: TermFeature}, Term{Value: dex, Source: "Dexterity", Kind: TermAbility})
	default:
		out = append(out, Term{Value: 10, Source: "unarmoured", Kind: TermBase}, Term{Value: dex, Source: "Dexterity", Kind: TermAbility})
		switch {
		case class == "barbarian":
			out = append(out, Term{Value: Modifier(ab.Con), Source: "Constitution (Unarmored Defense)", Kind: TermAbility})
		case class == "monk" && !shield:
			out = append(out, Term{Value: Modifier(ab.Wis), Source: "Wisdom (Unarmored Defense)", Kind: TermAbility})
		}
	}
	if shield {
		out = append(out, Term{Value: 2, Source: "shield", Kind: TermItem})
	}
	return append(out, itemACTerms(inv)...)
}

// armorWorn is the best body armour of what inv wears at Dexterity
// modifier dex (nil without any), and whether a shield is worn.
func armorWorn(inv []Item, dex int) (body *srd.Armor, shield bool) {
	best := -1
	for _, it := range worn(inv) {
		a, ok := srd.LookupArmor(it.Item)
		if !ok || it.Qty < 1 {
			continue
		}
		if a.Category == "shield" {
			shield = true
			continue
		}
		got := a.BaseAC
		if a.DexBonus {
			bonus := dex
			if a.DexMax > 0 {
				bonus = min(bonus, a.DexMax)
			}
			got += bonus
		}
		if got > best {
			body, best = &a, got
		}
	}
	return body, shield
}

// heavyArmorSlows reports whether the character carries heavy armour whose
// Strength requirement it does not meet: its speed drops by 10 feet
// (dwarves excepted).
func heavyArmorSlows(race string, ab Abilities, inv []Item) bool {
	if race == "dwarf" {
		return false
	}
	for _, it := range worn(inv) {
		if a, ok := srd.LookupArmor(it.Item); ok && it.Qty > 0 && a.StrMinimum > ab.Str {
			return true
		}
	}
	return false
}

// racialIncreases are a new character's ability score increases, for
// scores base: its race's (srd.Race), its subrace's and a half-elf's
// chosen ones. A new character names neither a subrace nor that choice,
// so it takes the SRD's subrace of its race (hill dwarf, high elf, rock
// gnome, lightfoot halfling: one each), and a half-elf's +1 goes to the
// two highest of its base scores it may choose (not Charisma), the
// earlier on the sheet on a tie.
func racialIncreases(race string, base Abilities) (Abilities, error) {
	r, ok := srd.LookupRace(race)
	if !ok {
		return Abilities{}, fmt.Errorf("race %q is not in the SRD data", race)
	}
	var inc Abilities
	add := func(bonuses map[string]int) error {
		for id, n := range bonuses {
			p := inc.field(id)
			if p == nil {
				return fmt.Errorf("race %s: unknown ability %q", race, id)
			}
			*p += n
		}
		return nil
	}
	if err := add(r.AbilityBonuses); err != nil {
		return Abilities{}, err
	}
	if len(r.Subraces) > 0 {
		if err := add(r.Subraces[0].AbilityBonuses); err != nil {
			return Abilities{}, err
		}
	}
	if c := r.AbilityBonusChoice; c != nil {
		score := func(id string) int {
			if p := base.field(id); p != nil {
				return *p
			}
			return 0
		}
		from := slices.Clone(c.From)
		slices.SortFunc(from, func(a, b string) int {
			return cmp.Or(score(b)-score(a), slices.Index(abilityIDs, a)-slices.Index(abilityIDs, b))
		})
		chosen := map[string]int{}
		for _, id := range from[:min(c.Choose, len(from))] {
			chosen[id] = c.Bonus
		}
		if err := add(chosen); err != nil {
			return Abilities{}, err
		}
	}
	return inc, nil
}

// abilityIDs are the SRD's ability ids in sheet order.
var abilityIDs = []string{"str", "dex", "con", "int", "wis", "cha"}

// field is the score of the ability with SRD id ("str"), nil for any
// other id.
func (a *Abilities) field(id string) *int {
	switch id {
	case "str":
		return &a.Str
	case "dex":
		return &a.Dex
	case "con":
		return &a.Con
	case "int":
		return &a.Int
	case "wis":
		return &a.Wis
	case "cha":
		return &a.Cha
	}
	return nil
}

// Score is the score of the ability with SRD id ("str"), 0 for any other
// id.
func (a Abilities) Score(id string) int {
	if p := a.field(id); p != nil {
		return *p
	}
	return 0
}

// fullCaster is the SRD's spell slots per level for full casters (index =
// caster level - 1; entries are slots of spell levels 1..9).
var fullCaster = [20][]int{
	{2}, {3}, {4, 2}, {4, 3}, {4, 3, 2}, {4, 3, 3}, {4, 3, 3, 1}, {4, 3, 3, 2},
	{4, 3, 3, 3, 1}, {4, 3, 3, 3, 2}, {4, 3, 3, 3, 2, 1}, {4, 3, 3, 3, 2, 1},
	{4, 3, 3, 3, 2, 1, 1}, {4, 3, 3, 3, 2, 1, 1}, {4, 3, 3, 3, 2, 1, 1, 1},
	{4, 3, 3, 3, 2, 1, 1, 1}, {4, 3, 3, 3, 2, 1, 1, 1, 1}, {4, 3, 3, 3, 3, 1, 1, 1, 1},
	{4, 3, 3, 3, 3, 2, 1, 1, 1}, {4, 3, 3, 3, 3, 2, 2, 1, 1},
}

// spellSlots returns the slots a class has at a level.
func spellSlots(caster string, level int) map[string]Slot {
	slots := map[string]Slot{}
	var row []int
	switch caster {
	case "full":
		row = fullCaster[level-1]
	case "half":
		if level >= 2 {
			row = fullCaster[(level+1)/2-1]
		}
	case "pact":
		n, lvl := 1, min((level+1)/2, 5)
		switch {
		case level >= 17:
			n = 4
		case level >= 11:
			n = 3
		case level >= 2:
			n = 2
		}
		slots[itoa(lvl)] = Slot{Max: n}
		return slots
	}
	for i, n := range row {
		slots[itoa(i+1)] = Slot{Max: n}
	}
	return slots
}

func itoa(n int) string { return string(rune('0' + n)) }

// Classes lists the playable classes.
func Classes() []string { return keys(classes) }

// Races lists the playable races: the SRD's (srd.Races), whose data
// gives their speeds and ability score increases.
func Races() []string {
	var out []string
	for _, r := range srd.Races() {
		out = append(out, r.ID)
	}
	return out
}

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

// Build validates a requested character and derives its whole sheet at full
// health: racial increases (racialIncreases: the race's, its SRD subrace's
// and a half-elf's two), HP from the class hit die and CON, the class's
// starting weapons and armour, AC from that armour (ArmorClass), speed
// (10 feet less in heavy armour too heavy for the character, more for a
// monk's Unarmored Movement), spell slots and hit dice.
func (n NewCharacter) Build(id, playerID string) (Character, error) {
	const op = "create character"
	name := strings.TrimSpace(n.Name)
	if name == "" || utf8.RuneCountInString(name) > 60 {
		return Character{}, fault.Field(op, "name", "must be 1 to 60 characters")
	}
	race, ok := srd.LookupRace(strings.ToLower(n.Race))
	if !ok {
		return Character{}, fault.Field(op, "race", "must be an SRD race: dwarf, elf, halfling, human, dragonborn, gnome, half-elf, half-orc or tiefling")
	}
	class, ok := classes[strings.ToLower(n.Class)]
	if !ok {
		return Character{}, fault.Field(op, "class", "must be an SRD class: barbarian, bard, cleric, druid, fighter, monk, paladin, ranger, rogue, sorcerer, warlock or wizard")
	}
	level := n.Level
	if level == 0 {
		level = 1
	}
	if level < 1 || level > MaxLevel {
		return Character{}, fault.Field(op, "level", "must be between 1 and %d", MaxLevel)
	}
	base := StandardArray
	if n.Abilities != nil {
		base = *n.Abilities
		if err := base.chosen(); err != nil {
			return Character{}, fault.Field(op, "abilities", "%v", err)
		}
	}
	cls, rc := strings.ToLower(n.Class), strings.ToLower(n.Race)
	b, err := racialIncreases(rc, base)
	if err != nil {
		return Character{}, fault.Wrap(fault.Internal, op, err)
	}
	ab := Abilities{base.Str + b.Str, base.Dex + b.Dex, base.Con + b.Con, base.Int + b.Int, base.Wis + b.Wis, base.Cha + b.Cha}
	if ab, err = improvements(ab, cls, level, n.Increases); err != nil {
		return Character{}, err
	}
	ab = raised(Character{}, Character{Race: rc, Class: cls, Level: level}, ab)
	con := Modifier(ab.Con)
	hp := class.hitDie + con + (level-1)*(class.hitDie/2+1+con)
	hp = max(hp, level) // at least 1 per level, whatever the CON
	hp += toughness(rc, level)
	hp += resilientHP(cls, level)
	skills, err := chooseSkills(cls, n.Skills)
	if err != nil {
		return Character{}, err
	}
	inv := Named(startingEquipment[cls])
	speed := race.Speed
	if heavyArmorSlows(rc, ab, inv) {
		speed -= 10
	}
	speed += unarmoredMovement(cls, level, inv)
	ch := Character{
		ID: id, PlayerID: playerID, Name: name,
		Race: rc, Class: cls, Level: level,
		XP: xpFor(level), Abilities: ab, HP: hp, MaxHP: hp,
		AC: ArmorClass(cls, ab, inv), Speed: speed,
		Conditions: []string{}, SpellSlots: spellSlots(class.caster, level),
		HitDice: Pool{Max: level}, Inventory: inv, Skills: skills,
	}
	if ch.Subclass, err = chooseSubclass(op, cls, level, n.Subclass); err != nil {
		return Character{}, err
	}
	if ch.Choices, err = choose(op, ch, n.Choices); err != nil {
		return Character{}, err
	}
	ch.Expertise = slices.Clone(ch.Choices["expertise"])
	return WithFeatureNumbers(Character{}, ch), nil
}

// improvements are the scores after the ability score improvements of
// the levels up to level (the class's table), as asked, in order; one
// not asked raises the highest score below 20 by 2 (or what room is
// left), the earlier on the sheet on a tie. More than the levels bring
// is a fault.Invalid on increases.
func improvements(ab Abilities, class string, level int, asked []map[string]int) (Abilities, error) {
	const op = "create character"
	c, ok := srd.LookupClass(class)
	if !ok {
		return ab, nil
	}
	n := 0
	for _, l := range c.Levels[:min(level, len(c.Levels))] {
		if !l.AbilityScoreImprovement {
			continue
		}
		inc := defaultIncrease(ab)
		if n < len(asked) {
			inc = asked[n]
		}
		var err error
		if ab, err = improve(ab, inc, true, l.Level); err != nil {
			return ab, fault.Field(op, fmt.Sprintf("increases[%d]", n), "%s", publicText(err))
		}
		n++
	}
	if len(asked) > n {
		return ab, fault.Field(op, "increases", "a level %d %s has %d ability score improvements; %d are asked", level, class, n, len(asked))
	}
	return ab, nil
}

// defaultIncrease is +2 to the highest score below 20, or +1 to the two
// highest where only one point of room is left there.
func defaultIncrease(ab Abilities) map[string]int {
	best, room := "", 0
	for _, id := range abilityIDs {
		s := ab.Score(id)
		if s < 20 && (best == "" || s > ab.Score(best)) {
			best, room = id, 20-s
		}
	}
	switch {
	case best == "":
		return nil
	case room >= 2:
		return map[string]int{best: 2}
	}
	inc := map[string]int{best: 1}
	for _, id := range abilityIDs {
		if id != best && ab.Score(id) < 20 {
			inc[id] = 1
			break
		}
	}
	return inc
}

// publicText is an error's message without its operation.
func publicText(err error) string {
	_, msg := fault.Public(err)
	return msg
}

// chooseSkills checks a new character's skill choice against its class's
// (srd.Class.SkillChoices): as many as the class chooses, each from its
// list, none twice. No choice takes the first ones of the list.
func chooseSkills(class string, asked []string) ([]string, error) {
	const op = "create character"
	c, ok := srd.LookupClass(class)
	if !ok || c.SkillChoices == nil {
		if len(asked) > 0 {
			return nil, fault.Field(op, "skills", "a %s chooses no skills", class)
		}
		return nil, nil
	}
	sc := *c.SkillChoices
	if len(asked) == 0 {
		return slices.Clone(sc.From[:min(sc.Choose, len(sc.From))]), nil
	}
	if len(asked) != sc.Choose {
		return nil, fault.Field(op, "skills", "a %s chooses %d skills from %s", class, sc.Choose, strings.Join(sc.From, ", "))
	}
	out := make([]string, 0, len(asked))
	for _, s := range asked {
		s = strings.ToLower(strings.TrimSpace(s))
		switch {
		case !slices.Contains(sc.From, s):
			return nil, fault.Field(op, "skills", "%q is not a %s skill: choose from %s", truncate(s, 40), class, strings.Join(sc.From, ", "))
		case slices.Contains(out, s):
			return nil, fault.Field(op, "skills", "%s is chosen twice", s)
		}
		out = append(out, s)
	}
	slices.Sort(out)
	return out, nil
}
