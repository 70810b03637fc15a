package srdgen

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"chronicler/shared/srd"
)

// A Charge, a Pounce or a Trampling Charge is a run at a target and the
// hit that follows it: "If the boar moves at least 20 ft. straight toward
// a target and then hits it with a tusk attack on the same turn, the
// target takes an extra 3 (1d6) slashing damage. If the target is a
// creature, it must succeed on a DC 11 Strength saving throw or be knocked
// prone." A Pounce and a Trampling Charge add an attack as a bonus action
// at a target left prone. The reference keeps none of it but the words;
// the data reads the run's feet (Amount), the attack it follows (Follows,
// an action's id), the extra dice (Dice), the save against falling prone
// (OnHit) and the bonus attack (Then).

// KindCharge is a Charge's or a Pounce's numbers, read from its text.
const KindCharge = "charge"

var (
	chargeRun   = regexp.MustCompile(`moves at least (\d+) (?:ft\.|feet) straight toward (?:a target|a creature) and then hits it with (?:a |an |its )?([a-z]+)(?: attack)? on the same turn`)
	chargeExtra = regexp.MustCompile(`takes an extra \d+ \((\d+d\d+)\)(?: [a-z]+)? damage`)
	chargeProne = regexp.MustCompile(`must succeed on a DC (\d+) Strength saving throw or be (?:pushed up to 10 (?:ft\.|feet) away and )?knocked prone`)
	chargeThen  = regexp.MustCompile(`can make (?:one|another) (?:attack with its ([a-z]+)|([a-z]+) attack) against it as a bonus action`)
)

// chargeTraits are the special abilities read as a run and a hit.
var chargeTraits = map[string]bool{"charge": true, "pounce": true, "trampling-charge": true}

// followCharge reads the run and hit of m's Charge or Pounce from its text
// (by the special ability's index in m.SpecialAbilities), naming the
// attacks by the ids of m's actions.
func (t *Tables) followCharge(m *srd.Monster, texts map[string]string) error {
	for i := range m.SpecialAbilities {
		a := &m.SpecialAbilities[i]
		if !chargeTraits[a.ID] {
			continue
		}
		desc := texts[a.Name]
		run := chargeRun.FindStringSubmatch(desc)
		if run == nil {
			return fmt.Errorf("%s %q: no run and hit in %q", m.ID, a.Name, desc)
		}
		a.Amount, _ = strconv.Atoi(run[1])
		follows, ok := actionNamed(*m, run[2])
		if !ok {
			return fmt.Errorf("%s %q: no action %q", m.ID, a.Name, run[2])
		}
		a.Follows = follows
		said := fmt.Sprintf("%q: a %d-foot run, then a hit with %s", a.Name, a.Amount, follows)
		if x := chargeExtra.FindStringSubmatch(desc); x != nil {
			a.Dice = x[1]
			said += ", " + x[1] + " more damage"
		}
		if p := chargeProne.FindStringSubmatch(desc); p != nil {
			dc, _ := strconv.Atoi(p[1])
			a.OnHit = []srd.HitCondition{{Condition: "prone", Save: &srd.DC{Ability: "str", Value: dc, Success: "none"}}}
			said += ", prone behind DC " + p[1] + " str"
		}
		if b := chargeThen.FindStringSubmatch(desc); b != nil {
			word := b[1] + b[2]
			then, ok := actionNamed(*m, word)
			if !ok {
				return fmt.Errorf("%s %q: no action %q", m.ID, a.Name, word)
			}
			a.Then = then
			said += ", then a bonus " + then + " at the prone"
		}
		t.adjust(KindCharge, "monster "+m.ID, strconv.Quote(desc), "%s", said)
	}
	return nil
}

// actionNamed is the id of m's action a text names by a word ("tusk" for
// Tusks, "hooves").
func actionNamed(m srd.Monster, word string) (string, bool) {
	for _, a := range m.Actions {
		if a.ID == word || strings.TrimSuffix(a.ID, "s") == word || a.ID == word+"s" {
			return a.ID, true
		}
	}
	return "", false
}
