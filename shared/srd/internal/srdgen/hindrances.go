package srdgen

import (
	"regexp"
	"strconv"
	"strings"

	"chronicler/shared/srd"
)

// deathGlare is a single target in a condition whose failed save drops
// it to 0 hit points: "The hag targets one frightened creature she can
// see ... or drop to 0 hit points."
var deathGlare = regexp.MustCompile(`targets one (frightened) creature .*must succeed on a DC \d+ [A-Za-z]+ saving throw(?: against this magic)? or drop to 0 hit points`)

// graspPoison is a creature the monster grapples poisoned, and paralyzed
// while poisoned: "One creature grappled by the chuul must succeed on a
// DC 13 Constitution saving throw or be poisoned for 1 minute. Until
// this poison ends, the target is paralyzed. The target can repeat the
// saving throw at the end of each of its turns".
var graspPoison = regexp.MustCompile(`^One creature (grappled) by the [a-z]+ must succeed on a DC \d+ [A-Za-z]+ saving throw or be poisoned for (1 minute)\. Until this poison ends, the target is paralyzed\.`)

// selfBoons are the boons whose text is each one stat block's, read
// whole: a clay golem's Haste, a unicorn's Shimmering Shield, a
// duergar's Enlarge.
var selfBoons = []struct {
	re   *regexp.Regexp
	boon srd.Boon
}{
	{regexp.MustCompile(`^Until the end of its next turn, the [a-z]+ magically gains a \+2 bonus to its AC, has advantage on Dexterity saving throws, and can use its (slam) attack as a bonus action\.`),
		srd.Boon{Target: "self", AC: 2, Advantage: []string{"dex"}, Lasts: "the source's next turn"}},
	{regexp.MustCompile(`creates a shimmering, magical field around itself or another creature it can see within 60 ft\. of it\. The target gains a \+2 bonus to AC until the end of the [a-z]+'s next turn\.`),
		srd.Boon{Target: "either", AC: 2, Lasts: "the source's next turn"}},
	{regexp.MustCompile(`^For 1 minute, the [a-z]+ magically increases in size.*While (enlarged), the [a-z]+ is Large, doubles its damage dice on Strength-based weapon attacks \(included in the attacks\), and makes Strength checks and Strength saving throws with advantage\.`),
		srd.Boon{Target: "self", Advantage: []string{"str"}, Lasts: "1 minute"}},
}

// slows is a stone golem's Slow, read whole: "The golem targets one or
// more creatures it can see within 10 ft. of it. ... On a failed save, a
// target can't use reactions, its speed is halved, and it can't make
// more than one attack on its turn. In addition, the target can take
// either an action or a bonus action on its turn, not both. These
// effects last for 1 minute. A target can repeat the saving throw at the
// end of each of its turns".
var slows = regexp.MustCompile(`^The [a-z]+ targets one or more creatures it can see within 10 ft\. of it\. .*On a failed save, a target can't use reactions, its speed is halved, and it can't make more than one attack on its turn\. In addition, the target can take either an action or a bonus action on its turn, not both\. These effects last for (1 minute)\. A target can repeat the saving throw at the end of each of its turns`)

// leap is a save of either ability that knocks prone and deals two
// damage rolls, half on a success: "Each of those creatures must
// succeed on a DC 16 Strength or Dexterity saving throw (target's
// choice) or be knocked prone and take 14 (3d6 + 4) bludgeoning damage
// plus 14 (3d6 + 4) slashing damage. On a successful save, the creature
// takes only half the damage, isn't knocked prone".
var leap = regexp.MustCompile(`must succeed on a DC (\d+) (Strength|Dexterity) or (Strength|Dexterity) saving throw \(target's choice\) or be knocked prone and take \d+ \((\d+d\d+ \+ \d+)\) ([a-z]+) damage plus \d+ \((\d+d\d+ \+ \d+)\) ([a-z]+) damage\. On a successful save, the creature takes only half the damage, isn't knocked prone`)

// lands is where such a leap lands: "in a space that contains one or
// more other creatures", those engaged with it.
var lands = regexp.MustCompile(`land on its feet in a space that contains one or more other creatures`)

// fetid is a cloud poisoning those who start their turn in it, and
// limiting their turns: "A 10-foot radius of disgusting green gas
// extends out from the dretch. ... It lasts for 1 minute ... Any
// creature that starts its turn in that area must succeed on a DC 11
// Constitution saving throw or be poisoned until the start of its next
// turn. While poisoned in this way, the target can take either an
// action or a bonus action on its turn, not both, and can't take
// reactions."
var fetid = regexp.MustCompile(`^A 10-foot radius of [a-z ]+ gas extends out from the [a-z]+\..*It lasts for (1 minute) or until .*Any creature that starts its turn in that area must succeed on a DC \d+ [A-Za-z]+ saving throw or be (poisoned) until the start of its next turn\. While poisoned in this way, the target can take either an action or a bonus action on its turn, not both, and can't take reactions\.`)

// followHindrances reads a single target's limits (whom it may pick, a
// drop to 0 hit points) and the boons of one stat block's text each
// from a's text.
func (t *Tables) followHindrances(monster, desc string, a *srd.Action) {
	if a.AttackBonus != nil {
		return
	}
	if m := deathGlare.FindStringSubmatchIndex(desc); m != nil && a.DC != nil {
		a.Single, a.Upon, a.Drops = true, desc[m[2]:m[3]], true
		t.adjust(KindAreaCondition, "monster "+monster, strconv.Quote(desc[m[0]:m[1]]), "%q, one %s target: 0 hit points on a failed save", a.Name, a.Upon)
	}
	if m := graspPoison.FindStringSubmatchIndex(desc); m != nil && a.DC != nil && len(a.Inflicts) == 0 {
		repeat := repeatsSave.MatchString(desc)
		for _, c := range []string{"poisoned", "paralyzed"} {
			a.Inflicts = append(a.Inflicts, srd.HitCondition{Condition: c, Duration: desc[m[4]:m[5]], Repeat: repeat})
		}
		a.Single, a.Upon = true, desc[m[2]:m[3]]
		t.adjust(KindAreaCondition, "monster "+monster, strconv.Quote(desc[m[0]:m[1]]), "%q, one %s target: %s, %s", a.Name, a.Upon, describe(a.Inflicts[0]), describe(a.Inflicts[1]))
	}
	if m := slows.FindStringSubmatchIndex(desc); m != nil && a.DC != nil {
		a.Hinders = &srd.Hinder{NoReactions: true, HalfSpeed: true, OneAttack: true, ActionOrBonus: true, Lasts: desc[m[2]:m[3]], Repeat: true}
		a.Engaged = true
		t.adjust(KindAreaCondition, "monster "+monster, strconv.Quote(desc[m[0]:m[1]]), "%q on those engaged with it: %+v", a.Name, *a.Hinders)
	}
	if m := leap.FindStringSubmatchIndex(desc); m != nil && a.DC == nil && len(a.Damage) == 0 && lands.MatchString(desc) {
		dc, _ := strconv.Atoi(desc[m[2]:m[3]])
		a.DC = &srd.DC{Ability: abilityIDs[desc[m[4]:m[5]]], Value: dc, Success: "half"}
		a.Either = abilityIDs[desc[m[6]:m[7]]]
		for _, k := range []int{8, 12} {
			a.Damage = append(a.Damage, srd.Damage{Dice: strings.ReplaceAll(desc[m[k]:m[k+1]], " ", ""), Type: desc[m[k+2]:m[k+3]]})
		}
		a.Inflicts = append(a.Inflicts, srd.HitCondition{Condition: "prone"})
		a.Engaged = true
		t.adjust(KindAreaCondition, "monster "+monster, strconv.Quote(desc[m[0]:m[1]]), "%q on those engaged with it: DC %d %s or %s, %s %s + %s %s, half on a success, prone on a failure",
			a.Name, dc, a.DC.Ability, a.Either, a.Damage[0].Dice, a.Damage[0].Type, a.Damage[1].Dice, a.Damage[1].Type)
	}
	if m := fetid.FindStringSubmatchIndex(desc); m != nil && a.DC != nil {
		a.Hinders = &srd.Hinder{NoReactions: true, ActionOrBonus: true, Cloud: desc[m[2]:m[3]]}
		a.Inflicts = append(a.Inflicts, srd.HitCondition{Condition: desc[m[4]:m[5]]})
		a.Engaged = true
		t.adjust(KindAreaCondition, "monster "+monster, strconv.Quote(desc[m[0]:m[1]]), "%q: a cloud for %s on those engaged with it, poisoned and hindered to their next turn's start: %+v", a.Name, a.Hinders.Cloud, *a.Hinders)
	}
	for _, sb := range selfBoons {
		m := sb.re.FindStringSubmatchIndex(desc)
		if m == nil || a.Boon != nil {
			continue
		}
		b := sb.boon
		b.Advantage = append([]string(nil), b.Advantage...)
		if len(m) > 2 && m[2] >= 0 {
			switch w := desc[m[2]:m[3]]; w {
			case "enlarged":
				b.State = w
			default:
				b.Bonus = w
			}
		}
		a.Boon = &b
		t.adjust(KindBoon, "monster "+monster, strconv.Quote(desc[m[0]:m[1]]), "%q for %s: AC +%d, advantage %v, bonus attack %q, state %q, for %s", a.Name, b.Target, b.AC, b.Advantage, b.Bonus, b.State, b.Lasts)
	}
}
