package spell

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"chronicler/shared/rules"
)

// Area wards: the spells that ward a place and go off when foes come
// there (Glyph of Warding, Symbol, Antipathy/Sympathy, Forbiddance,
// Hallow). They take ten minutes to a day to cast, so they are cast out
// of a fight; the fights keep no map, but each happens in an area of
// the campaign's. A casting leaves an effect on its caster (WardID: the
// caster's pick, its DC and the area, which the turn stamps where the
// caster stands) that the sheet keeps; when a fight starts in that area,
// the ward resolves on the monsters there (encounter/spells_wards.go), once:
// a glyph or a symbol is then spent, the others stay for their duration
// and go off in each fight there. Ward reads what a kept ward does.

// WardID is the effect on a caster's sheet that keeps a ward it set on
// an area (Effect.Area), until it goes off or its time is up.
const WardID = "ward"

// Ward is what a ward does to the foes as a fight starts in its area.
type Ward struct {
	// Kinds are the creature types or kinds it falls on (a monster's
	// type, or a word of its name: "goblin"); none: every foe.
	Kinds []string
	// Save is the ability a foe saves with (0: none); Half says a
	// success halves the damage, else a success spares it all.
	Save rules.Ability
	Half bool
	// Dice and Type are its damage.
	Dice string
	Type rules.DamageType
	// Condition is what a failed save puts on a foe, for Ends.
	Condition rules.Condition
	Ends      string
	// Discord is Symbol's: disadvantage on attack rolls (and checks,
	// which a fight rolls none of) for a minute.
	Discord bool
	// Vulnerable is Hallow's Energy Vulnerability on a foe that fails;
	// Resist its Energy Protection and Courage its fright kept off the
	// characters; Light its Darkness or Daylight over the fight.
	Vulnerable rules.DamageType
	Resist     rules.DamageType
	Courage    bool
	Light      string
	// Spent says it goes off once and is gone; EachTurn that it goes off
	// again on each such foe as its turn starts (Forbiddance).
	Spent, EachTurn bool
	// Told is what it does that the fight does not play.
	Told string
}

// Lights a hallowed area may be under (world.Area.Light's words).
const (
	wardDark   = "dark"
	wardBright = "bright"
)

// warders are the ward spells, by id.
var warders = map[string]bool{"glyph-of-warding": true, "symbol": true, "antipathy-sympathy": true, "forbiddance": true, "hallow": true}

// Wards reports whether spell id wards a place (its choice is the pick
// Ward reads).
func Wards(id string) bool { return warders[id] }

func init() {
	for id := range warders {
		if _, dup := resolvers[id]; dup {
			panic("spell: " + id + " resolved twice")
		}
		resolvers[id] = resolver{targets: none, ability: true, check: checkWard, run: (*cast).setWard}
	}
}

func checkWard(c *cast) error {
	_, err := WardOf(c.spell.ID, c.opts.Choice, c.slot)
	return err
}

// setWard leaves the effect that keeps the ward on its caster; where it is
// the caller stamps (Effect.Area).
func (c *cast) setWard() error {
	w, err := WardOf(c.spell.ID, c.opts.Choice, c.slot)
	if err != nil {
		return err
	}
	ends := c.spell.Duration
	if w.Spent {
		ends = "until it goes off"
	}
	pick := strings.ToLower(strings.TrimSpace(c.opts.Choice))
	note := c.spell.Name + " (" + wardWords(c.spell.ID, w, pick) + ")"
	c.r.Effects = append(c.r.Effects, Effect{ID: WardID, Spell: c.spell.ID, CasterID: c.casterID, TargetID: c.casterID,
		Pick: pick, DC: c.r.DC, Ends: ends, Note: note})
	c.r.Notes = append(c.r.Notes, fmt.Sprintf("%s wards the place where %s stands: %s, when a fight starts there.", c.spell.Name, c.r.Caster, wardWords(c.spell.ID, w, pick)))
	if w.Told != "" {
		c.r.Notes = append(c.r.Notes, w.Told)
	}
	return nil
}

// wardWords says what a ward does, in words.
func wardWords(id string, w Ward, pick string) string {
	on := "on the foes"
	if len(w.Kinds) > 0 {
		on = "on the " + strings.Join(w.Kinds, ", ")
	}
	switch {
	case w.Dice != "" && w.Save != 0:
		return fmt.Sprintf("%s %s %s, %s save for half", w.Dice, w.Type, on, w.Save.Name())
	case w.Dice != "":
		return fmt.Sprintf("%s %s %s as they come and at each turn's start", w.Dice, w.Type, on)
	case w.Condition != 0:
		return fmt.Sprintf("%s save or %s %s", w.Save.Name(), w.Condition, on)
	case w.Discord:
		return fmt.Sprintf("%s save or discord %s", w.Save.Name(), on)
	case w.Vulnerable != 0:
		return fmt.Sprintf("%s save or vulnerable to %s %s", w.Save.Name(), w.Vulnerable, on)
	}
	return pick
}

// glyphTypes are the damage types an explosive runes glyph may deal.
var glyphTypes = []string{"acid", "cold", "fire", "lightning", "thunder"}

// symbols are Symbol's glyphs: the save each asks and what a failure
// does (Death's 10d10 necrotic, half on a success).
var symbols = map[string]Ward{
	"death":        {Save: rules.Con, Half: true, Dice: "10d10", Type: rules.Necrotic},
	"discord":      {Save: rules.Con, Discord: true, Ends: "1 minute"},
	"fear":         {Save: rules.Wis, Condition: rules.Frightened, Ends: "1 minute"},
	"hopelessness": {Save: rules.Cha, Condition: rules.Incapacitated, Ends: "1 minute"},
	"insanity":     {Save: rules.Int, Condition: rules.Incapacitated, Ends: "1 minute"},
	"pain":         {Save: rules.Con, Condition: rules.Incapacitated, Ends: "1 minute"},
	"sleep":        {Save: rules.Wis, Condition: rules.Unconscious, Ends: "10 minutes, or until it takes damage"},
	"stunning":     {Save: rules.Wis, Condition: rules.Stunned, Ends: "1 minute"},
}

// spiritKinds are the kinds Forbiddance may hurt and Hallow bars.
var spiritKinds = []string{"celestial", "elemental", "fey", "fiend", "undead"}

// WardOf reads what a ward of spell id does, picked as pick (the
// intent's choice) at slot level; a pick the spell does not offer is
// refused.
func WardOf(id, pick string, slot int) (Ward, error) {
	words := strings.FieldsFunc(strings.ToLower(pick), func(r rune) bool { return r == ' ' || r == '-' || r == ',' || r == '_' })
	has := func(w string) bool { return slices.Contains(words, w) }
	switch id {
	case "glyph-of-warding":
		// Explosive runes: 5d8 of the chosen type, 1d8 more for each
		// slot level above 3rd, Dexterity save for half.
		if has("spell") {
			return Ward{Spent: true, Told: "The spell glyph casts the spell stored in it on the first intruder; the narrator tells what it does."}, nil
		}
		t := glyphTypes[0]
		for _, w := range words {
			if slices.Contains(glyphTypes, w) {
				t = w
			} else if w != "explosive" && w != "runes" {
				return Ward{}, refuse(ReasonNotAllowed, "explosive runes deal %s; a spell glyph is \"spell\", not %q", strings.Join(glyphTypes, ", "), clip(w))
			}
		}
		dt, _ := rules.ParseDamageType(t)
		return Ward{Save: rules.Dex, Half: true, Dice: strconv.Itoa(5+max(slot-3, 0)) + "d8", Type: dt, Spent: true}, nil
	case "symbol":
		g := "death"
		if len(words) > 0 {
			g = words[0]
		}
		w, ok := symbols[g]
		if !ok {
			return Ward{}, refuse(ReasonNotAllowed, "Symbol's glyphs are death, discord, fear, hopelessness, insanity, pain, sleep and stunning, not %q", clip(g))
		}
		w.Spent = true
		switch g {
		case "hopelessness":
			w.Told = "Hopeless, a foe can't attack or harm anyone: a monster has nothing else to do with its turns, so they pass."
		case "insanity":
			w.Told = "An insane foe takes no actions and moves at the GM's whim."
		}
		return w, nil
	case "antipathy-sympathy":
		// The chosen kind saves with Wisdom or is frightened while it
		// is there; sympathy's pull the narrator tells.
		w := Ward{Save: rules.Wis, Condition: rules.Frightened, Ends: "while it is in the warded area"}
		for _, x := range words {
			switch x {
			case "antipathy", "a", "an":
			case "sympathy":
				w.Condition, w.Told = 0, "Sympathy draws the creatures of that kind to the place, which the narrator tells."
			default:
				w.Kinds = append(w.Kinds, strings.TrimSuffix(x, "s"))
			}
		}
		if len(w.Kinds) == 0 {
			return Ward{}, refuse(ReasonNotAllowed, "Antipathy/Sympathy names a kind of creature (\"antipathy goblins\")")
		}
		return w, nil
	case "forbiddance":
		// 5d10 radiant or necrotic to the chosen kinds as they come,
		// and as each of their turns starts there.
		w := Ward{Dice: "5d10", Type: rules.Radiant, EachTurn: true,
			Told: "No creature teleports or travels by plane or portal into the warded area."}
		for _, x := range words {
			switch k := strings.TrimSuffix(x, "s"); {
			case x == "radiant":
			case x == "necrotic":
				w.Type = rules.Necrotic
			case slices.Contains(spiritKinds, k):
				w.Kinds = append(w.Kinds, k)
			case x == "and":
			default:
				return Ward{}, refuse(ReasonNotAllowed, "Forbiddance hurts celestials, elementals, fey, fiends or undead with radiant or necrotic, not %q", clip(x))
			}
		}
		if len(w.Kinds) == 0 {
			w.Kinds = spiritKinds
		}
		return w, nil
	case "hallow":
		return hallowOf(words)
	}
	return Ward{}, refuse(ReasonInvalidArgs, "%q wards no place", clip(id))
}

// hallowOf reads Hallow's bound effect: a foe saves with Charisma or is
// frightened (Fear), or vulnerable to the type (Energy Vulnerability);
// the characters are spared fright (Courage) or resist the type (Energy
// Protection); or the fight is dark or bright (Darkness, Daylight).
func hallowOf(words []string) (Ward, error) {
	const kept = "Celestials, elementals, fey, fiends and undead can't enter the hallowed area, nor charm, frighten or possess those in it."
	w := Ward{Told: kept}
	var dt rules.DamageType
	for _, x := range words {
		if t, err := rules.ParseDamageType(x); err == nil {
			dt = t
		}
	}
	physical := dt == rules.Bludgeoning || dt == rules.Piercing || dt == rules.Slashing
	switch {
	case len(words) == 0:
	case slices.Contains(words, "fear"):
		w.Save, w.Condition, w.Ends = rules.Cha, rules.Frightened, "while it is in the hallowed area"
	case slices.Contains(words, "courage"):
		w.Courage = true
	case slices.Contains(words, "vulnerability") || slices.Contains(words, "protection"):
		if dt == 0 || physical {
			return Ward{}, refuse(ReasonNotAllowed, "Hallow's energy effects name a damage type other than bludgeoning, piercing or slashing")
		}
		if slices.Contains(words, "vulnerability") {
			w.Save, w.Vulnerable = rules.Cha, dt
		} else {
			w.Resist = dt
		}
	case slices.Contains(words, "darkness"):
		w.Light = wardDark
	case slices.Contains(words, "daylight"):
		w.Light = wardBright
	case slices.Contains(words, "silence"), slices.Contains(words, "tongues"), slices.Contains(words, "rest"), slices.Contains(words, "interference"):
		w.Told = kept + " Its bound effect (" + strings.Join(words, " ") + ") is the narrator's."
	default:
		return Ward{}, refuse(ReasonNotAllowed, "Hallow binds courage, darkness, daylight, energy protection or vulnerability (with a type), everlasting rest, "+
			"extradimensional interference, fear, silence or tongues, not %q", clip(strings.Join(words, " ")))
	}
	return w, nil
}
