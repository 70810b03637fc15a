package campaign

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"chronicler/shared/srd"
)

// What a worn magic item does to its wearer beyond AC and saves
// (srd.ItemEffects): the ability scores it sets, the damage it resists or
// is immune to, the conditions it wards off, the speed it gives. It works
// as the others do (works: attuned where it must be), and an armour's
// only while worn; a potion does nothing until drunk (the fight's).

// wornEffects are the effects of the magic items in inv that work for
// their carrier now.
func wornEffects(inv []Item) []srd.MagicItem {
	var out []srd.MagicItem
	for _, it := range inv {
		if m, ok := wornEffect(inv, it); ok {
			out = append(out, m)
		}
	}
	return out
}

// wornEffect is the magic item stack it of inv is, when it works for its
// carrier now: not a potion, and armour only while worn.
func wornEffect(inv []Item, it Item) (srd.MagicItem, bool) {
	m, ok := works(it)
	if !ok || m.Category == "potion" {
		return m, false
	}
	if m.Enchants == "armor" && !slices.ContainsFunc(worn(inv), func(w Item) bool { return w.Item == it.Item && w.Magic == it.Magic }) {
		return m, false // armour in the pack is not worn
	}
	return m, true
}

// ItemsDoing is inv with each stack's Does: what its magic item does for
// a character of abilities ab now (ItemEffect), for the items that work
// (wornEffect); an unattuned item's is "". inv is not changed in place.
func ItemsDoing(inv []Item, ab Abilities) []Item {
	if inv == nil {
		return nil
	}
	out := make([]Item, len(inv))
	for i, it := range inv {
		it.Does = ""
		if _, ok := wornEffect(inv, it); ok {
			it.Does = ItemEffect(it, ab)
		}
		out[i] = it
	}
	return out
}

// ItemScores is the abilities as the magic items in inv set them: a
// score the item gives becomes it unless the character's own is higher
// (Gauntlets of Ogre Power's Strength 19).
func ItemScores(ab Abilities, inv []Item) Abilities {
	for _, m := range wornEffects(inv) {
		for _, s := range m.Scores {
			SetScoreAtLeast(&ab, s.Ability, s.Score)
		}
	}
	return ab
}

// SetScoreAtLeast raises ability ("str") of ab to score, unless higher.
func SetScoreAtLeast(ab *Abilities, ability string, score int) {
	var p *int
	switch ability {
	case "str":
		p = &ab.Str
	case "dex":
		p = &ab.Dex
	case "con":
		p = &ab.Con
	case "int":
		p = &ab.Int
	case "wis":
		p = &ab.Wis
	case "cha":
		p = &ab.Cha
	default:
		return
	}
	*p = max(*p, score)
}

// ItemDefences are the damage types the magic items in inv resist and
// are immune to, and the conditions they are immune to (a Periapt of
// Proof against Poison's poison and poisoned).
func ItemDefences(inv []Item) (resists, immune, conditions []string) {
	add := func(to *[]string, vs []string) {
		for _, v := range vs {
			if !slices.Contains(*to, v) {
				*to = append(*to, v)
			}
		}
	}
	for _, m := range wornEffects(inv) {
		add(&resists, m.Resists)
		add(&immune, m.Immune)
		add(&conditions, m.ConditionImmune)
	}
	return resists, immune, conditions
}

// ItemSpeed is walking speed as the magic items in inv make it: at least
// what an item gives (Boots of Striding and Springing's 30), doubled by
// Boots of Speed (their heels clicked as the fight starts: the fight is
// far shorter than their ten minutes).
func ItemSpeed(speed int, inv []Item) int {
	times := 1
	for _, m := range wornEffects(inv) {
		speed = max(speed, m.Speed)
		times = max(times, m.SpeedTimes)
	}
	return speed * times
}

// ItemWeaponDamage is what the magic of the weapon stack the character
// fights with adds to its hits (a Flame Tongue's 2d6 fire), by weapon
// id: the wielded stack's, else the first carried that works.
func ItemWeaponDamage(inv []Item, weapon string) []srd.ItemDamage {
	var found []srd.ItemDamage
	for _, it := range inv {
		if it.Item != weapon || it.Qty < 1 {
			continue
		}
		m, ok := works(it)
		if !ok || m.Enchants != "weapon" || len(m.Damage) == 0 {
			continue
		}
		if it.Equipped {
			return m.Damage
		}
		if found == nil {
			found = m.Damage
		}
	}
	return found
}

// ItemEffect is what a magic item does, in a few words, for a sheet: "+2 Str
// → 19", "fire resistance", "speed 30 ft", a magic arrow's bonus; "" where
// it does none of those. ab are the character's own scores.
func ItemEffect(it Item, ab Abilities) string {
	m, ok := MagicOf(it)
	if !ok {
		return ""
	}
	var parts []string
	if m.Enchants == "ammunition" && m.Bonus > 0 {
		// The stack's name ("Arrow, +1") says the bonus, not that a hit
		// spends the magic.
		parts = append(parts, fmt.Sprintf("+%d to attack and damage rolls, lost once it hits", m.Bonus))
	}
	for _, s := range m.Scores {
		before := ab
		SetScoreAtLeast(&ab, s.Ability, s.Score)
		if d := scoreSum(ab) - scoreSum(before); d > 0 {
			parts = append(parts, fmt.Sprintf("+%d %s → %d", d, titled(s.Ability), s.Score))
		} else {
			parts = append(parts, fmt.Sprintf("%s %d (no effect)", titled(s.Ability), s.Score))
		}
	}
	for _, r := range m.Resists {
		parts = append(parts, r+" resistance")
	}
	if len(Picks(m.ID)) > 0 && it.Pick == "" {
		parts = append(parts, "no damage type chosen: the GM's")
	}
	for _, r := range m.Immune {
		parts = append(parts, r+" immunity")
	}
	for _, c := range m.ConditionImmune {
		parts = append(parts, "immune to "+c)
	}
	if m.Speed > 0 {
		parts = append(parts, "speed "+strconv.Itoa(m.Speed)+" ft")
	}
	if m.SpeedTimes > 1 {
		parts = append(parts, "speed ×"+strconv.Itoa(m.SpeedTimes))
	}
	for _, d := range m.Damage {
		s := "+" + d.Dice
		if d.Type != "" {
			s += " " + d.Type
		}
		if len(d.Against) > 0 {
			s += " vs " + strings.Join(d.Against, "/")
		}
		if d.Critical {
			s += " on a 20"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ", ")
}

func scoreSum(ab Abilities) int { return ab.Str + ab.Dex + ab.Con + ab.Int + ab.Wis + ab.Cha }

func titled(ability string) string {
	if ability == "" {
		return ""
	}
	return strings.ToUpper(ability[:1]) + ability[1:]
}

// WornMagic are the ids of the magic items in inv that work for their
// carrier now (wornEffect): those a fight plays by name (a Cloak of
// Displacement) are among them.
func WornMagic(inv []Item) []string {
	var out []string
	for _, m := range wornEffects(inv) {
		if !slices.Contains(out, m.ID) {
			out = append(out, m.ID)
		}
	}
	return out
}
