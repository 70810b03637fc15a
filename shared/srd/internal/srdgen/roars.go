package srdgen

import (
	"regexp"
	"strconv"
	"strings"

	"chronicler/shared/srd"
)

var (
	// roarStage is one stage of an androsphinx's Roar, a paragraph of its
	// text: "Second Roar. Each creature that fails a DC 18 Wisdom saving
	// throw is deafened and frightened for 1 minute."
	roarStage = regexp.MustCompile(`^(First|Second|Third) Roar\. (.*)$`)
	// roarHolds is a stage's conditions and their time: "is deafened and
	// frightened for 1 minute".
	roarHolds = regexp.MustCompile(`is ([a-z]+)(?: and ([a-z]+))? for (1 minute)`)
	// roarWorse is the condition that comes with another while it lasts:
	// "A frightened creature is paralyzed".
	roarWorse = regexp.MustCompile(`A ([a-z]+) creature is ([a-z]+)`)
	// roarHeard is who a roar reaches: "able to hear the roar".
	roarHeard = regexp.MustCompile(`able to hear the roar`)
)

// roarOrder is a stage's place among the roars.
var roarOrder = map[string]int{"First": 0, "Second": 1, "Third": 2}

// followRoars reads what each stage of a roar (an action with Stages
// whose text names them: "First Roar. ...") does to those who fail its
// save, into the stage's Inflicts, and that only those who hear it are
// caught (Heard). Each stage's save is the reference's own.
func (t *Tables) followRoars(monster, desc string, a *srd.Action) {
	if len(a.Stages) == 0 || a.AttackBonus != nil {
		return
	}
	heard := roarHeard.MatchString(desc)
	for _, line := range strings.Split(desc, "\n") {
		m := roarStage.FindStringSubmatch(strings.TrimSpace(line))
		if m == nil || roarOrder[m[1]] >= len(a.Stages) {
			continue
		}
		s := &a.Stages[roarOrder[m[1]]]
		if s.DC == nil {
			continue
		}
		text := m[2]
		repeat := strings.Contains(text, "repeat the saving throw at the end of each of its turns")
		if h := roarHolds.FindStringSubmatch(text); h != nil {
			for _, c := range []string{h[1], h[2]} {
				if c != "" {
					s.Inflicts = append(s.Inflicts, srd.HitCondition{Condition: c, Duration: h[3], Repeat: repeat})
				}
			}
			// The worse condition comes with the one it follows, and
			// ends with it (the second roar's paralysis).
			if w := roarWorse.FindStringSubmatch(text); w != nil && strings.Contains(h[0], w[1]) {
				s.Inflicts = append(s.Inflicts, srd.HitCondition{Condition: w[2], Duration: h[3], Repeat: repeat})
			}
		}
		if strings.Contains(text, "is knocked prone") {
			s.Inflicts = append(s.Inflicts, srd.HitCondition{Condition: "prone"})
		}
		s.Heard = heard
		var conds []string
		for _, c := range s.Inflicts {
			conds = append(conds, describe(c))
		}
		t.adjust(KindAreaCondition, "monster "+monster, strconv.Quote(line), "%q, stage %d of %q (heard: %t): %s",
			s.Name, roarOrder[m[1]]+1, a.Name, s.Heard, strings.Join(conds, ", "))
	}
}
