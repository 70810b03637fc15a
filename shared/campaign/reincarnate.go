package campaign

import (
	"fmt"

	"chronicler/shared/srd"
)

// Reincarnated is ch returned to life in a body of another race
// (Reincarnate): its old race's ability score increases (and its SRD
// subrace's) come off, the new race's go on, and what the sheet derives
// from them follows: speed, armour class, the hit point maximum (the
// Constitution modifier per level, a hill dwarf's toughness), with the
// hit points moved as much; class, levels and features stay. A race the
// SRD data lacks is an error.
func Reincarnated(ch Character, race string) (Character, error) {
	to, ok := srd.LookupRace(race)
	if !ok {
		return ch, fmt.Errorf("reincarnate: race %q is not in the SRD data", race)
	}
	was, ok := srd.LookupRace(ch.Race)
	if !ok {
		return ch, fmt.Errorf("reincarnate: %s's race %q is not in the SRD data", ch.Name, ch.Race)
	}
	old, err := racialIncreases(was.ID, ch.Abilities)
	if err != nil {
		return ch, err
	}
	base := Abilities{ch.Abilities.Str - old.Str, ch.Abilities.Dex - old.Dex, ch.Abilities.Con - old.Con,
		ch.Abilities.Int - old.Int, ch.Abilities.Wis - old.Wis, ch.Abilities.Cha - old.Cha}
	inc, err := racialIncreases(to.ID, base)
	if err != nil {
		return ch, err
	}
	ab := Abilities{base.Str + inc.Str, base.Dex + inc.Dex, base.Con + inc.Con, base.Int + inc.Int, base.Wis + inc.Wis, base.Cha + inc.Cha}
	out := ch
	out.Race, out.Abilities = to.ID, ab
	out.Speed += to.Speed - was.Speed
	if heavyArmorSlows(was.ID, ch.Abilities, ch.Inventory) {
		out.Speed += 10
	}
	if heavyArmorSlows(to.ID, ab, ch.Inventory) {
		out.Speed -= 10
	}
	out.AC += ArmorClass(ch.Class, ab, ch.Inventory) - ArmorClass(ch.Class, ch.Abilities, ch.Inventory)
	hp := (Modifier(ab.Con)-Modifier(ch.Abilities.Con))*ch.Level + toughness(to.ID, ch.Level) - toughness(was.ID, ch.Level)
	out.MaxHP = max(ch.MaxHP+hp, ch.Level)
	out.HP = min(max(ch.HP+hp, 1), out.MaxHP)
	return out, nil
}
