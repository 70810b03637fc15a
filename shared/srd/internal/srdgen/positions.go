package srdgen

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"chronicler/shared/srd"
)

// Some actions move creatures, and the text says how far and behind
// which save: a balor's whip pulls 25 feet "toward the balor", a roper
// reels in each creature it grapples, an air elemental's whirlwind flings
// those in its space 20 feet and a kraken flings one it grapples 60, the
// thrown creature's fall and the save of the one it is thrown at. A
// harpy's Luring Song charms those who hear it into walking to it. And
// some hits blind while the monster holds on: a cloaker or darkmantle
// attached to a head when it struck with advantage, a rug of smothering
// for as long as its grapple lasts. The reference has none of it; the
// data reads it (srd.Action.Move, Lure, and the hit conditions'
// Advantage and Blinded), and the list of adjustments quotes each
// sentence.

// KindPosition is a move, a lure or a hold that blinds, an action's text
// carries.
const KindPosition = "position"

var (
	// pulledToward is the whip's "must succeed on a DC 20 Strength saving
	// throw or be pulled up to 25 feet toward the balor".
	pulledToward = regexp.MustCompile(`must succeed on a DC (\d+) (Strength) saving throw or be pulled up to (\d+) feet toward`)
	// reels is the roper's "pulls each creature grappled by it up to 25
	// ft. straight toward it".
	reels = regexp.MustCompile(`pulls each creature grappled by it up to (\d+) ft\. straight toward it`)
	// whirls is the whirlwind's "Each creature in the elemental's space
	// must make a DC 13 Strength saving throw. On a failure, a target
	// takes 15 (3d8 + 2) bludgeoning damage and is flung up 20 feet away".
	whirls = regexp.MustCompile(`Each creature in the [a-z']+ space must make a DC (\d+) (Strength) saving throw\. On a failure, a target takes \d+ \((\d+d\d+(?: [+-] \d+)?)\) ([a-z]+) damage and is flung up (\d+) feet away`)
	// halfNotFlung is "the target takes half the bludgeoning damage and
	// isn't flung away".
	halfNotFlung = regexp.MustCompile(`takes half the [a-z]+ damage and isn't flung away`)
	// thrown is the kraken's "One Large or smaller object held or
	// creature grappled by the kraken is thrown up to 60 feet".
	thrown = regexp.MustCompile(`creature grappled by the [a-z]+ is thrown up to (\d+) feet in a random direction and knocked prone`)
	// fallsPer is "takes 3 (1d6) bludgeoning damage for every 10 feet it
	// was thrown".
	fallsPer = regexp.MustCompile(`takes \d+ \((\d+d\d+)\) bludgeoning damage for every 10 feet it was thrown`)
	// struckSave is "that creature must succeed on a DC 18 Dexterity
	// saving throw or take the same damage and be knocked prone".
	struckSave = regexp.MustCompile(`that creature must succeed on a DC (\d+) (Dexterity) saving throw or take the same damage and be knocked prone`)
	// luring is the harpy's "Every humanoid and giant within 300 ft. of
	// the harpy that can hear the song must succeed on a DC 11 Wisdom
	// saving throw or be charmed until the song ends".
	luring         = regexp.MustCompile(`Every (humanoid) and (giant) within \d+ ft\. of the [a-z]+ that can hear the song must succeed on a DC (\d+) (Wisdom) saving throw or be (charmed) until the song ends`)
	lureHolds      = regexp.MustCompile(`While charmed by the [a-z]+, a target is incapacitated`)
	lureWalks      = regexp.MustCompile(`must move on its turn toward the [a-z]+`)
	lureDamage     = regexp.MustCompile(`whenever it takes damage from a source other than the [a-z]+, a target can repeat the saving throw`)
	lureRepeats    = regexp.MustCompile(`can also repeat the saving throw at the end of each of its turns`)
	lureImmune     = regexp.MustCompile(`successfully saves is immune to this [a-z]+'s song for the next 24 hours`)
	attachedBlinds = regexp.MustCompile(`(?:if the target is (Large|Medium) or smaller, the [a-z]+ attaches to it\. If the [a-z]+ has advantage against the target|If the target is (Large|Medium) or smaller and the [a-z]+ has advantage on the attack roll)[^.]*the target is (?:also )?blinded`)
	detaches       = regexp.MustCompile(`detach the [a-z]+ by (?:succeeding on a|making a successful) DC (\d+) Strength check`)
	smothers       = regexp.MustCompile(`Until this grapple ends, the target is restrained, blinded`)
)

// followPositions reads the move, the lure or the blinding hold of a's
// text (desc).
func (t *Tables) followPositions(monster, desc string, a *srd.Action) {
	where := "monster " + monster
	quote := func(m []int) string { return strconv.Quote(sentenceAt(desc, m[0], m[1])) }
	dc := func(value, ability, success string) *srd.DC {
		v, _ := strconv.Atoi(value)
		return &srd.DC{Ability: abilityIDs[ability], Value: v, Success: success}
	}
	feet := func(s string) int { n, _ := strconv.Atoi(s); return n }
	fall := func(v *srd.Move) {
		if m := fallsPer.FindStringSubmatch(desc); m != nil {
			v.Fall = m[1]
		}
		if m := struckSave.FindStringSubmatch(desc); m != nil {
			v.Struck = dc(m[1], m[2], "none")
		}
	}
	switch {
	case a.AttackBonus != nil && pulledToward.MatchString(desc):
		m := pulledToward.FindStringSubmatchIndex(desc)
		g := pulledToward.FindStringSubmatch(desc)
		a.Move = &srd.Move{Kind: "pull", Feet: feet(g[3]), Save: dc(g[1], g[2], "none")}
		t.adjust(KindPosition, where, quote(m), "%q: a hit pulls its target %d feet, behind a DC %s %s save", a.Name, a.Move.Feet, g[1], a.Move.Save.Ability)
	case a.AttackBonus == nil && reels.MatchString(desc):
		g := reels.FindStringSubmatch(desc)
		a.Move = &srd.Move{Kind: "pull", Feet: feet(g[1]), Grappled: true}
		t.adjust(KindPosition, where, quote(reels.FindStringSubmatchIndex(desc)), "%q: pulls each creature it grapples %d feet", a.Name, a.Move.Feet)
	case a.AttackBonus == nil && whirls.MatchString(desc):
		g := whirls.FindStringSubmatch(desc)
		success := "none"
		if halfNotFlung.MatchString(desc) {
			success = "half"
		}
		a.Move = &srd.Move{Kind: "fling", Feet: feet(g[5]), Save: dc(g[1], g[2], success),
			Damage: []srd.Damage{{Dice: strings.ReplaceAll(g[3], " ", ""), Type: g[4]}}}
		fall(a.Move)
		t.adjust(KindPosition, where, quote(whirls.FindStringSubmatchIndex(desc)), "%q: flings each creature in its space %d feet, prone, with %s %s damage behind a DC %s %s save (%s on a success); %s per 10 feet; %s",
			a.Name, a.Move.Feet, a.Move.Damage[0].Dice, g[4], g[1], a.Move.Save.Ability, success, a.Move.Fall, struckSaid(a.Move))
	case a.AttackBonus == nil && thrown.MatchString(desc):
		g := thrown.FindStringSubmatch(desc)
		a.Move = &srd.Move{Kind: "fling", Feet: feet(g[1]), Grappled: true, One: true}
		fall(a.Move)
		t.adjust(KindPosition, where, quote(thrown.FindStringSubmatchIndex(desc)), "%q: flings one creature it grapples %d feet, prone; %s per 10 feet; %s",
			a.Name, a.Move.Feet, a.Move.Fall, struckSaid(a.Move))
	case a.AttackBonus == nil && luring.MatchString(desc):
		g := luring.FindStringSubmatch(desc)
		a.DC = dc(g[3], g[4], "none")
		a.Inflicts = []srd.HitCondition{{Condition: g[5], Repeat: lureRepeats.MatchString(desc)}}
		a.ImmuneAfter = lureImmune.MatchString(desc)
		a.Lure = &srd.Lure{Only: []string{g[1], g[2]}, Incapacitated: lureHolds.MatchString(desc),
			Walks: lureWalks.MatchString(desc), DamageSaves: lureDamage.MatchString(desc)}
		t.adjust(KindPosition, where, quote(luring.FindStringSubmatchIndex(desc)), "%q: charms %s and %s behind a DC %s %s save (repeated: %t; immune after: %t), incapacitated: %t, walking to it: %t, a save again on damage: %t",
			a.Name, g[1], g[2], g[3], a.DC.Ability, a.Inflicts[0].Repeat, a.ImmuneAfter, a.Lure.Incapacitated, a.Lure.Walks, a.Lure.DamageSaves)
	}
	if a.AttackBonus == nil {
		return
	}
	_, hit, _ := strings.Cut(desc, "Hit:")
	if m := attachedBlinds.FindStringSubmatchIndex(hit); m != nil {
		var size string
		if m[2] >= 0 {
			size = hit[m[2]:m[3]]
		} else {
			size = hit[m[4]:m[5]]
		}
		hc := srd.HitCondition{Condition: "blinded", Advantage: true, MaxSize: strings.ToLower(size)}
		if d := detaches.FindStringSubmatch(hit); d != nil {
			hc.Escape, _ = strconv.Atoi(d[1])
		}
		a.OnHit = append(a.OnHit, hc)
		t.adjust(KindHitCondition, where, strconv.Quote(sentenceAt(hit, m[0], m[1])), "%q: blinded while attached, on a hit with advantage on a %s or smaller target; a DC %d Strength check detaches it",
			a.Name, hc.MaxSize, hc.Escape)
	}
	if m := smothers.FindStringSubmatchIndex(hit); m != nil {
		for i := range a.OnHit {
			if a.OnHit[i].Condition == "grappled" {
				a.OnHit[i].Blinded = true
				t.adjust(KindHitCondition, where, strconv.Quote(sentenceAt(hit, m[0], m[1])), "%q: blinded until the grapple ends", a.Name)
			}
		}
	}
}

// struckSaid tells the save of a creature a thrown one strikes.
func struckSaid(v *srd.Move) string {
	if v.Struck == nil {
		return "no save for a creature it strikes"
	}
	return fmt.Sprintf("a creature it strikes: DC %d %s save or the same damage and prone", v.Struck.Value, v.Struck.Ability)
}
