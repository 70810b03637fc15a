package srdgen

import (
	"regexp"
	"strconv"
	"strings"

	"chronicler/shared/srd"
)

// glareTarget is a single target's action: "The mummy targets one
// creature it can see", "The lich fixes its gaze on one creature", "One
// creature of the quasit's choice".
var glareTarget = regexp.MustCompile(`targets one creature|fixes its gaze on one creature|^One creature of`)

// glareCondition is its save and condition: "must succeed on a DC 11
// Wisdom saving throw against this magic or become frightened until the
// end of the mummy's next turn", "or be blinded until magic ... removes
// the blindness" (until something ends it).
var glareCondition = regexp.MustCompile(`must succeed on a DC (\d+) (Strength|Dexterity|Constitution|Intelligence|Wisdom|Charisma) saving throw(?: against this magic)? or (?:be|become) (frightened|blinded|paralyzed|stunned|charmed)(?: for (1 minute|1 hour|24 hours)| until the end of the [a-z' ]+?'s next turn)?`)

// glareWorse is a worse condition on a save failed by more: "If the
// target fails the saving throw by 5 or more, it is also paralyzed for
// the same duration."
var glareWorse = regexp.MustCompile(`fails the saving throw by (\d+) or more, it is also (paralyzed|stunned|unconscious) for the same duration`)

// followGlares reads a single target's condition behind a save (a
// mummy's Dreadful Glare, a lich's Frightening Gaze, a solar's Blinding
// Gaze, a quasit's Scare) into a.Inflicts, with a.Single: the area
// conditions' reading (followAreaConditions) leaves them out.
func (t *Tables) followGlares(monster, desc string, a *srd.Action) {
	if a.AttackBonus != nil || a.DC == nil || len(a.Inflicts) > 0 || !glareTarget.MatchString(desc) {
		return
	}
	m := glareCondition.FindStringSubmatchIndex(desc)
	if m == nil {
		return
	}
	c := srd.HitCondition{Condition: desc[m[6]:m[7]]}
	switch {
	case m[8] >= 0:
		c.Duration = desc[m[8]:m[9]]
	case strings.Contains(desc[m[0]:m[1]], "next turn"):
		c.Duration = "the source's next turn"
	}
	c.Repeat = repeatsSave.MatchString(desc) || strings.Contains(desc, "repeat the saving throw at the end of each of its turns")
	a.Single = true
	a.Inflicts = append(a.Inflicts, c)
	t.adjust(KindAreaCondition, "monster "+monster, strconv.Quote(sentenceAt(desc, m[0], m[1])), "%q, one target: %s", a.Name, describe(c))
	if w := glareWorse.FindStringSubmatchIndex(desc); w != nil {
		by, _ := strconv.Atoi(desc[w[2]:w[3]])
		worse := c
		worse.Condition, worse.FailBy, worse.Repeat = desc[w[4]:w[5]], by, false
		a.Inflicts = append(a.Inflicts, worse)
		t.adjust(KindAreaCondition, "monster "+monster, strconv.Quote(sentenceAt(desc, w[0], w[1])), "%q, failed by %d: %s", a.Name, by, describe(worse))
	}
	if strings.Contains(desc, "immune to") && strings.Contains(desc, "24 hours") {
		a.ImmuneAfter = true
	}
}
