package srdgen

import (
	"regexp"
	"strconv"
	"strings"

	"chronicler/shared/srd"
)

// KindBoon is what a monster's action does for itself or its side, read
// from its text (srd.Action.Boon), and how many its bolts strike
// (srd.Action.Bolts).
const KindBoon = "boon"

// boonHeal is a healing touch's or a Heal Self's "magically regains 20
// (4d8 + 2) hit points".
var boonHeal = regexp.MustCompile(`magically regains \d+ \((\d+d\d+(?: \+ \d+)?)\) hit points`)

// boonCures are the words of what a touch frees its target from, with
// the condition each ends: "freed from any curse, disease, poison,
// blindness, or deafness"; "neutralizes all poisons".
var boonCures = []struct{ word, condition string }{{"poison", "poisoned"}, {"blindness", "blinded"}, {"deafness", "deafened"}}

// boonDie, boonAllies and boonEnds are a Leadership's "The creature can
// add a d4 to its roll", said "For 1 minute ... whenever a nonhostile
// creature ... makes an attack roll or a saving throw", which "ends if
// the knight is incapacitated".
var (
	boonDie    = regexp.MustCompile(`can add a (d\d+) to its roll`)
	boonAllies = regexp.MustCompile(`^For 1 minute, .*nonhostile creature .*makes an attack roll or a saving throw`)
	boonEnds   = regexp.MustCompile(`effect ends if the [a-z]+ is incapacitated`)
)

// stoneBreath is a gorgon's breath turning to stone in two stages, as a
// cockatrice's bite does: "On a failed save, a target begins to turn to
// stone and is restrained. The restrained target must repeat the saving
// throw at the end of its next turn. ... On a failure, the target is
// petrified until freed by the greater restoration spell or other
// magic."
var stoneBreath = regexp.MustCompile(`On a failed save, a target begins to turn to stone and is restrained\. The restrained target must repeat the saving throw at the end of its next turn\..*On a failure, the target is petrified until freed by`)

// bolts is an action's strikes at so many creatures it picks: "creates
// three bolts of lightning, each of which can strike a target".
var bolts = regexp.MustCompile(`creates (two|three|four) bolts of [a-z]+, each of which can strike a target`)

// followBoons reads a's boon and its single target's limits from its
// text (types_boons.go).
func (t *Tables) followBoons(monster, desc string, a *srd.Action) {
	if a.AttackBonus != nil {
		return
	}
	if m := boonHeal.FindStringSubmatchIndex(desc); m != nil {
		b := srd.Boon{Target: "self", Heals: strings.ReplaceAll(desc[m[2]:m[3]], " ", "")}
		if strings.Contains(desc, "touches another creature") {
			b.Target = "another"
		}
		if tail := desc[m[1]:]; b.Target == "another" {
			for _, c := range boonCures {
				if strings.Contains(tail, c.word) {
					b.Cures = append(b.Cures, c.condition)
				}
			}
		}
		a.Boon = &b
		t.adjust(KindBoon, "monster "+monster, strconv.Quote(sentenceAt(desc, m[0], m[1])), "%q heals %s: %s, ends %v", a.Name, b.Target, b.Heals, b.Cures)
	}
	if m := stoneBreath.FindStringIndex(desc); m != nil && a.DC != nil && len(a.Inflicts) == 0 {
		c := srd.HitCondition{Condition: "restrained", Worsens: "petrified"} // behind the action's save
		a.Inflicts = append(a.Inflicts, c)
		t.adjust(KindAreaCondition, "monster "+monster, strconv.Quote(desc[m[0]:m[1]]), "%q: %s", a.Name, describe(c))
	}
	if m := bolts.FindStringSubmatchIndex(desc); m != nil && a.DC != nil {
		a.Bolts = map[string]int{"two": 2, "three": 3, "four": 4}[desc[m[2]:m[3]]]
		t.adjust(KindBoon, "monster "+monster, strconv.Quote(desc[m[0]:m[1]]), "%q strikes %d creatures at most", a.Name, a.Bolts)
	}
	if m := boonDie.FindStringSubmatchIndex(desc); m != nil && boonAllies.MatchString(desc) {
		b := srd.Boon{Target: "allies", Die: "1" + desc[m[2]:m[3]], Lasts: "1 minute", EndsIncapacitated: boonEnds.MatchString(desc)}
		a.Boon = &b
		t.adjust(KindBoon, "monster "+monster, strconv.Quote(sentenceAt(desc, m[0], m[1])), "%q: its side's attack rolls and saves add %s for %s, ended by its incapacitation: %v", a.Name, b.Die, b.Lasts, b.EndsIncapacitated)
	}
}
