package srdgen

import (
	"regexp"
	"strconv"
	"strings"

	"chronicler/shared/srd"
)

// An attack's damage may change with how it is made: "Hit: 9 (2d6 + 2)
// piercing damage in melee or 5 (1d6 + 2) piercing damage at range"; a
// swarm's bites with how hurt it is: "Hit: 7 (2d6) piercing damage, or 3
// (1d6) piercing damage if the swarm has half of its hit points or fewer."
// The reference keeps the first roll only; the data reads the other into
// the first damage part (srd.Damage.Ranged, HalfHP), and the list of
// adjustments quotes the sentence.

// KindAlternativeDamage is a damage roll in place of an attack's first,
// read from its text.
const KindAlternativeDamage = "alternative-damage"

var (
	atRange    = regexp.MustCompile(`damage in melee or \d+ \((\d+d\d+(?: [+-] \d+)?)\) [a-z]+ damage at range`)
	halfHPRoll = regexp.MustCompile(`, or \d+ \((\d+d\d+(?: [+-] \d+)?)\) [a-z]+ damage if the swarm has half of its hit points or fewer`)
)

// followAlternatives reads the damage a's hit deals at range or at half
// hit points in place of its first roll, from its text (desc).
func (t *Tables) followAlternatives(monster, desc string, a *srd.Action) {
	if a.AttackBonus == nil || len(a.Damage) == 0 || a.Damage[0].Dice == "" {
		return
	}
	_, hit, ok := strings.Cut(desc, "Hit:")
	if !ok {
		return
	}
	where := "monster " + monster
	if m := atRange.FindStringSubmatchIndex(hit); m != nil {
		a.Damage[0].Ranged = strings.ReplaceAll(hit[m[2]:m[3]], " ", "")
		t.adjust(KindAlternativeDamage, where, strconv.Quote(sentenceAt(hit, m[0], m[1])), "%q: %s at range", a.Name, a.Damage[0].Ranged)
	}
	if m := halfHPRoll.FindStringSubmatchIndex(hit); m != nil {
		a.Damage[0].HalfHP = strings.ReplaceAll(hit[m[2]:m[3]], " ", "")
		t.adjust(KindAlternativeDamage, where, strconv.Quote(sentenceAt(hit, m[0], m[1])), "%q: %s at half its hit points or fewer", a.Name, a.Damage[0].HalfHP)
	}
}
