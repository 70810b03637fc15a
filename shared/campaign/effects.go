package campaign

import (
	"fmt"
	"slices"
)

// Game time is counted in seconds since the campaign began (State.Clock).
const (
	Round  int64 = 6
	Minute int64 = 60
	Hour   int64 = 60 * Minute
)

// Effect is a spell's lasting effect on a character, as its sheet keeps it
// between fights: what it changes while it lasts, whose concentration
// holds it and until when. The sheet's ac, speed and max_hp already count
// AC, Speed and MaxHP (Mage Armor's AC 13 + Dexterity is the sheet's ac
// while it lasts); they come off when the effect ends. Until is the game
// time (State.Clock) it ends at; 0 is never by time (until dispelled).
//
// A fight carries a character's effects in when it starts and back out
// when it ends (rules/encounter). The effect ID "concentration" marks, on
// a caster, a concentration spell that left no other effect: its
// concentration ends with it.
type Effect struct {
	ID       string `json:"id"`
	Spell    string `json:"spell"`
	CasterID string `json:"caster_id"`
	// Condition is a condition the effect holds on the character
	// ("invisible"), which goes with it.
	Condition string `json:"condition,omitempty"`
	// Dice is a roll the effect adds (Bless's "1d4"), or the temporary
	// hit points it gives each turn in a fight (Heroism's).
	Dice  string `json:"dice,omitempty"`
	AC    int    `json:"ac,omitempty"`
	MaxHP int    `json:"max_hp,omitempty"`
	Speed int    `json:"speed,omitempty"`
	// Resist are damage types the character resists while it lasts
	// (Nonmagical: only from nonmagical attacks); Immune, conditions it
	// can't be given.
	Resist     []string `json:"resist,omitempty"`
	Nonmagical bool     `json:"nonmagical,omitempty"`
	Immune     []string `json:"immune,omitempty"`
	// ImmuneDamage are damage types it takes no damage of while it
	// lasts (Heroes' Feast's poison).
	ImmuneDamage []string `json:"immune_damage,omitempty"`
	// DamageType, Weapon and Bonus are what a weapon's hits gain (Magic
	// Weapon, Divine Favor); Left is what the effect has left to use.
	DamageType    string `json:"damage_type,omitempty"`
	Weapon        string `json:"weapon,omitempty"`
	Bonus         int    `json:"bonus,omitempty"`
	Left          int    `json:"left,omitempty"`
	Concentration bool   `json:"concentration,omitempty"`
	SlotLevel     int    `json:"slot_level,omitempty"`
	// Ends is how long it lasts, as the spell says; Note what it does.
	Ends  string `json:"ends,omitempty"`
	Note  string `json:"note,omitempty"`
	Until int64  `json:"until,omitempty"`
	// DC is the save the effect asks of others, where it asks one
	// (Sanctuary's, against its caster's spell save DC).
	DC int `json:"dc,omitempty"`
	// Summon is the pick of the creatures the effect keeps in the
	// character's service, Left of them, to come into its fights (Find
	// Familiar's "fey-owl").
	Summon string `json:"summon,omitempty"`
	// Pick and Area are a ward's: what its caster picked, and the area
	// of the map it wards (Glyph of Warding's "fire" in the cellar).
	Pick string `json:"pick,omitempty"`
	Area string `json:"area,omitempty"`
	// Held is the spell a Contingency holds, cast on the character when
	// the circumstance Ends names comes.
	Held string `json:"held,omitempty"`
}

// ConcentrationMark is the Effect.ID of a concentration held with no
// other lasting effect.
const ConcentrationMark = "concentration"

// same reports whether two effects are the same spell's same effect,
// which do not add up: the later one replaces the earlier.
func (fx Effect) same(o Effect) bool { return fx.Spell == o.Spell && fx.ID == o.ID }

// WithEffect puts a lasting effect on the character: its AC and speed are
// added to the sheet's, its hit point maximum too, with as many hit
// points when it raises it (Aid). The same spell's same effect already on
// the sheet is replaced, not added to.
func (ch Character) WithEffect(fx Effect) Character {
	ch, _ = ch.WithoutEffects(fx.same)
	ch.Effects = append(slices.Clone(ch.Effects), fx)
	ch.AC += fx.AC
	ch.Speed += fx.Speed
	if fx.MaxHP != 0 {
		ch.MaxHP += fx.MaxHP
		if fx.MaxHP > 0 && ch.HP > 0 {
			ch.HP += fx.MaxHP
		}
		ch.HP = min(ch.HP, ch.MaxHP)
	}
	return ch
}

// WithoutEffects ends the effects match picks: their AC, speed and hit
// point maximum come off the sheet (the hit points above the new maximum
// are lost) and a condition one held goes unless another effect still
// holds it. It returns the sheet and the effects ended.
func (ch Character) WithoutEffects(match func(Effect) bool) (Character, []Effect) {
	var gone []Effect
	keep := make([]Effect, 0, len(ch.Effects))
	for _, fx := range ch.Effects {
		if match(fx) {
			gone = append(gone, fx)
			continue
		}
		keep = append(keep, fx)
	}
	if len(gone) == 0 {
		return ch, nil
	}
	ch.Effects = keep
	if len(keep) == 0 {
		ch.Effects = nil
	}
	for _, fx := range gone {
		ch.AC -= fx.AC
		ch.Speed -= fx.Speed
		if fx.MaxHP != 0 {
			ch.MaxHP -= fx.MaxHP
			ch.HP = min(ch.HP, ch.MaxHP)
		}
		if fx.Condition != "" && !slices.ContainsFunc(keep, func(o Effect) bool { return o.Condition == fx.Condition }) {
			ch.Conditions = slices.DeleteFunc(slices.Clone(ch.Conditions), func(c string) bool { return c == fx.Condition })
		}
	}
	return ch, gone
}

// ReplaceEffects makes fx the character's lasting effects, the sheet's
// AC, speed and hit point maximum moved by the difference (a fight gives
// back the effects it carried out; those that ended in it no longer
// count). The hit points are the caller's; they stay within the maximum.
func (ch Character) ReplaceEffects(fx []Effect) Character {
	sum := func(list []Effect) (ac, speed, maxHP int) {
		for _, f := range list {
			ac, speed, maxHP = ac+f.AC, speed+f.Speed, maxHP+f.MaxHP
		}
		return
	}
	ac0, sp0, hp0 := sum(ch.Effects)
	ac1, sp1, hp1 := sum(fx)
	ch.AC += ac1 - ac0
	ch.Speed += sp1 - sp0
	ch.MaxHP += hp1 - hp0
	ch.HP = min(ch.HP, ch.MaxHP)
	ch.Effects = slices.Clone(fx)
	return ch
}

// concentrationBreakers are the conditions that end concentration.
var concentrationBreakers = []string{"incapacitated", "paralyzed", "petrified", "stunned", "unconscious"}

// Concentrating is the spell the character concentrates on and can hold:
// "" when it concentrates on none, or is at 0 HP, dead or incapacitated
// (which end concentration).
func (ch Character) Concentrating() string {
	if ch.Concentration == nil || ch.Down() || slices.ContainsFunc(ch.Conditions, func(c string) bool {
		return slices.Contains(concentrationBreakers, c)
	}) {
		return ""
	}
	return *ch.Concentration
}

// Expire ends, on the characters of chars, the lasting effects whose time
// is up at clock and those whose caster no longer holds the concentration
// they need (it concentrates on another spell, is at 0 HP, dead or
// incapacitated); a caster none of whose concentrated spell's effects is
// left once its time is up stops concentrating, and one that can no
// longer hold its concentration loses it. Casters not among chars are
// taken to hold theirs. It returns the sheets it changed, in chars' order.
func Expire(chars []Character, clock int64) []Character {
	by := make(map[string]int, len(chars))
	for i, ch := range chars {
		by[ch.ID] = i
	}
	holds := func(fx Effect) bool {
		i, ok := by[fx.CasterID]
		return !ok || chars[i].Concentrating() == fx.Spell
	}
	out := slices.Clone(chars)
	changed := make([]bool, len(chars))
	var timeUp []Effect
	for i, ch := range out {
		next, gone := ch.WithoutEffects(func(fx Effect) bool {
			return (fx.Until > 0 && fx.Until <= clock) || (fx.Concentration && !holds(fx))
		})
		for _, fx := range gone {
			if fx.Concentration && fx.Until > 0 && fx.Until <= clock {
				timeUp = append(timeUp, fx)
			}
		}
		if len(gone) > 0 {
			out[i], changed[i] = next, true
		}
	}
	// Concentration ends with the spell's time, and as the caster can no
	// longer hold it.
	for i, ch := range out {
		if ch.Concentration == nil {
			continue
		}
		spell := *ch.Concentration
		over := ch.Concentrating() == "" || slices.ContainsFunc(timeUp, func(fx Effect) bool {
			return fx.CasterID == ch.ID && fx.Spell == spell && !slices.ContainsFunc(out, func(o Character) bool {
				return slices.ContainsFunc(o.Effects, func(k Effect) bool { return k.CasterID == ch.ID && k.Spell == spell })
			})
		})
		if over {
			out[i].Concentration, changed[i] = nil, true
		}
	}
	var res []Character
	for i, ch := range out {
		if changed[i] {
			res = append(res, ch)
		}
	}
	return res
}

// MaxEffects bounds the lasting effects one character keeps.
const MaxEffects = 20

// EffectsProblem is what is wrong with a sheet's lasting effects as
// outside input (an imported campaign) gives them, "" if nothing: at
// most MaxEffects, each naming a spell, with short texts, a game time
// not before the campaign began and changes within the game's bounds.
func EffectsProblem(fx []Effect) string {
	if len(fx) > MaxEffects {
		return fmt.Sprintf("a character keeps at most %d lasting effects", MaxEffects)
	}
	for i, f := range fx {
		switch {
		case f.Spell == "" || len(f.Spell) > 60 || len(f.ID) > 60 || len(f.CasterID) > 100:
			return fmt.Sprintf("effect %d: spell (1 to 60 characters), id and caster_id are required and short", i)
		case len(f.Note) > 300 || len(f.Ends) > 300 || len(f.Dice) > 20 || len(f.Condition) > 30 ||
			len(f.DamageType) > 30 || len(f.Weapon) > 60 || len(f.Resist) > 13 || len(f.Immune) > 15:
			return fmt.Sprintf("effect %d: its texts are too long", i)
		case f.Until < 0 || f.SlotLevel < 0 || f.SlotLevel > 9 || f.Left < 0 || f.Left > 100:
			return fmt.Sprintf("effect %d: until, slot_level or left out of range", i)
		case abs(f.AC) > 20 || abs(f.Speed) > 240 || abs(f.MaxHP) > 200 || abs(f.Bonus) > 10:
			return fmt.Sprintf("effect %d: ac, speed, max_hp or bonus out of range", i)
		case f.DC < 0 || f.DC > 30:
			return fmt.Sprintf("effect %d: dc must be between 1 and 30, or none", i)
		case len(f.Pick) > 60 || len(f.Area) > 100 || len(f.Held) > 60:
			return fmt.Sprintf("effect %d: pick, area or held is too long", i)
		}
	}
	return ""
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
