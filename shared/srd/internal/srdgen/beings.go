package srdgen

import (
	"strconv"
	"strings"

	"chronicler/shared/srd"
	"regexp"
)

// Some actions call creatures to the monster's side: a vampire's
// Children of the Night, a treant's Animate Trees, a wraith's Create
// Specter. The reference says what comes only in the words; the data
// reads it (srd.Action.Call), and the list of adjustments quotes each
// sentence.

// KindCall is an action's call of creatures.
const KindCall = "call"

var (
	// callsSwarms is the vampire's "The vampire magically calls 2d4
	// swarms of bats or rats, provided that the sun isn't up".
	callsSwarms = regexp.MustCompile(`magically calls (\d+d\d+) swarms of (bats) or (rats), provided that the sun isn't up`)
	// callsOutdoors is "While outdoors, the vampire can call 3d6 wolves
	// instead".
	callsOutdoors = regexp.MustCompile(`While outdoors, the [a-z]+ can call (\d+d\d+) (wolves) instead`)
	// arriveIn is "The called creatures arrive in 1d4 rounds".
	arriveIn = regexp.MustCompile(`The called creatures arrive in (\d+d\d+) rounds`)
	// untilDies is "until the vampire dies" (the beasts, the trees).
	untilDies = regexp.MustCompile(`until the [a-z]+ dies`)
	// animatesTrees is the treant's "magically animates one or two trees
	// ... These trees have the same statistics as a treant, except ...
	// they have only the Slam action option".
	animatesTrees = regexp.MustCompile(`magically animates one or (two) trees[^.]*\.[^.]*same statistics as a [a-z]+, except[^.]*only the ([A-Z][a-z]+) action option`)
	// risesAs is the wraith's "targets a humanoid ... that has been dead
	// for no longer than 1 minute and died violently. The target's
	// spirit rises as a specter".
	risesAs = regexp.MustCompile(`targets a humanoid within \d+ feet of it that has been dead for no longer than 1 minute and died violently\. The target's spirit rises as a ([a-z]+)`)
	// noMoreThan is "The wraith can have no more than seven specters
	// under its control at one time".
	noMoreThan = regexp.MustCompile(`can have no more than ([a-z]+) [a-z]+ under its control at one time`)
)

// calledIDs are the stat blocks the texts' words name.
var calledIDs = map[string]string{"bats": "swarm-of-bats", "rats": "swarm-of-rats", "wolves": "wolf", "specter": "specter"}

// numberWords are the counts the texts spell out.
var numberWords = map[string]int{"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}

// followCalls reads the creatures a's text (desc) calls.
func (t *Tables) followCalls(monster, desc string, a *srd.Action) {
	if a.AttackBonus != nil {
		return
	}
	where := "monster " + monster
	quote := func(re *regexp.Regexp) string {
		m := re.FindStringIndex(desc)
		return strconv.Quote(sentenceAt(desc, m[0], m[1]))
	}
	switch {
	case callsSwarms.MatchString(desc):
		g := callsSwarms.FindStringSubmatch(desc)
		c := &srd.Call{SunDown: true, WhileAlive: untilDies.MatchString(desc),
			Creatures: []srd.Called{{Monster: calledIDs[g[2]], Count: g[1]}, {Monster: calledIDs[g[3]], Count: g[1]}}}
		if o := callsOutdoors.FindStringSubmatch(desc); o != nil {
			c.Creatures = append(c.Creatures, srd.Called{Monster: calledIDs[o[2]], Count: o[1], Outdoors: true})
			t.adjust(KindCall, where, quote(callsOutdoors), "%q: calls %s %s outdoors", a.Name, o[1], calledIDs[o[2]])
		}
		if r := arriveIn.FindStringSubmatch(desc); r != nil {
			c.Arrive = r[1]
			t.adjust(KindCall, where, quote(arriveIn), "%q: the called arrive in %s rounds", a.Name, r[1])
		}
		a.Call = c
		t.adjust(KindCall, where, quote(callsSwarms), "%q: calls %s %s or %s while the sun isn't up; gone when the caller dies: %t", a.Name, g[1], calledIDs[g[2]], calledIDs[g[3]], c.WhileAlive)
	case animatesTrees.MatchString(desc):
		g := animatesTrees.FindStringSubmatch(desc)
		a.Call = &srd.Call{WhileAlive: untilDies.MatchString(desc),
			Creatures: []srd.Called{{Count: strconv.Itoa(numberWords[g[1]]), Only: g[2]}}}
		t.adjust(KindCall, where, quote(animatesTrees), "%q: animates %d trees of its own statistics with only its %s; gone when it dies: %t", a.Name, numberWords[g[1]], g[2], a.Call.WhileAlive)
	case risesAs.MatchString(desc):
		g := risesAs.FindStringSubmatch(desc)
		a.Call = &srd.Call{Corpse: true, Creatures: []srd.Called{{Monster: calledIDs[g[1]], Count: "1"}}}
		if m := noMoreThan.FindStringSubmatch(desc); m != nil {
			a.Call.Max = numberWords[strings.ToLower(m[1])]
		}
		t.adjust(KindCall, where, quote(risesAs), "%q: raises a %s from a humanoid's corpse, %d at most", a.Name, calledIDs[g[1]], a.Call.Max)
	}
}
