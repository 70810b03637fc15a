package srdgen

import (
	"regexp"
	"strconv"
	"strings"

	"chronicler/shared/srd"
)

// A life drain takes from the hit point maximum of the creature it hits
// what the hit dealt, until a long rest: "The target must succeed on a DC
// 13 Constitution saving throw or its hit point maximum is reduced by an
// amount equal to the damage taken. This reduction lasts until the target
// finishes a long rest." The reference has no field for it; the data reads
// it from the text after "Hit:" into srd.Action.Drain, and the list of
// adjustments quotes each sentence read. A drain that lasts until other
// magic removes it (a clay golem's slam) is left to the narrator.

// KindDrain is a life drain a hit's text carries (srd.Action.Drain).
const KindDrain = "life-drain"

var (
	// drainSaved is a drain behind a save: "must succeed on a DC 13
	// Constitution saving throw or its hit point maximum is reduced by an
	// amount equal to the damage taken".
	drainSaved = regexp.MustCompile(`must succeed on a DC (\d+) (Strength|Dexterity|Constitution|Intelligence|Wisdom|Charisma) saving throw or (?:its hit point maximum is reduced|have its hit point maximum reduced) by an amount equal to the damage taken`)
	// drainAlways is a drain of one damage type with no save, which may
	// heal the attacker: "The target's hit point maximum is reduced by an
	// amount equal to the necrotic damage taken, and the vampire regains
	// hit points equal to that amount."
	drainAlways = regexp.MustCompile(`The target's hit point maximum is reduced by an amount equal to the ([a-z]+) damage taken(, and the [a-z ]+ regains hit points equal to that amount)?`)
	// untilLongRest is how long a drain the data keeps lasts.
	untilLongRest = regexp.MustCompile(`(?:reduction|effect) lasts until the (?:target|creature) finishes a long rest`)
)

// followDrain reads the life drain a's hit carries from its text (desc)
// into a.Drain.
func (t *Tables) followDrain(monster, desc string, a *srd.Action) {
	if a.AttackBonus == nil {
		return
	}
	_, hit, ok := strings.Cut(desc, "Hit:")
	if !ok || !untilLongRest.MatchString(hit) {
		return
	}
	var d srd.Drain
	var at []int
	if m := drainSaved.FindStringSubmatchIndex(hit); m != nil {
		dc, _ := strconv.Atoi(hit[m[2]:m[3]])
		d.Save = &srd.DC{Ability: abilityIDs[hit[m[4]:m[5]]], Value: dc, Success: "none"}
		at = m
	} else if m := drainAlways.FindStringSubmatchIndex(hit); m != nil && damageTypeIDs[hit[m[2]:m[3]]] {
		d.Type, d.Heals = hit[m[2]:m[3]], m[4] >= 0
		at = m
	} else {
		return
	}
	a.Drain = &d
	what := "the damage taken"
	if d.Type != "" {
		what = "the " + d.Type + " damage taken"
	}
	if d.Save != nil {
		what += ", on a failed DC " + strconv.Itoa(d.Save.Value) + " " + d.Save.Ability + " save"
	}
	if d.Heals {
		what += "; the attacker regains as much"
	}
	t.adjust(KindDrain, "monster "+monster, strconv.Quote(sentenceAt(hit, at[0], at[1])), "%q: hit point maximum down by %s, until a long rest", a.Name, what)
}
