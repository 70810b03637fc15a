package rules

import "chronicler/shared/dice"

// Edge is the advantage and disadvantage on one d20 roll, each source named
// ("poisoned", "target prone within 5 ft", or the caller's own "help
// action"). Any number of sources may stand on either side; if both sides
// have any, they cancel and the d20 is rolled once (5e).
type Edge struct {
	Advantage    []string `json:"advantage,omitempty"`
	Disadvantage []string `json:"disadvantage,omitempty"`
}

// net is +1 for advantage, -1 for disadvantage, 0 for a straight roll.
func (e Edge) net() int {
	switch a, d := len(e.Advantage) > 0, len(e.Disadvantage) > 0; {
	case a && !d:
		return 1
	case d && !a:
		return -1
	}
	return 0
}

// options are the dice options the edge rolls with, with Lucky if the
// roller has the trait. dice.Roll cancels advantage against disadvantage
// itself; passing only the net one keeps the Result's flags the same.
func (e Edge) options(lucky bool) []dice.Option {
	var o []dice.Option
	switch e.net() {
	case 1:
		o = append(o, dice.Advantage())
	case -1:
		o = append(o, dice.Disadvantage())
	}
	if lucky {
		o = append(o, dice.Lucky())
	}
	return o
}

// phrase is how the summary tells the edge: " with advantage", " with
// disadvantage" or nothing.
func (e Edge) phrase() string {
	switch e.net() {
	case 1:
		return ", with advantage"
	case -1:
		return ", with disadvantage"
	}
	return ""
}

func (e *Edge) adv(why string) { e.Advantage = append(e.Advantage, why) }
func (e *Edge) dis(why string) { e.Disadvantage = append(e.Disadvantage, why) }

func (e *Edge) situational(adv, dis []string) {
	e.Advantage = append(e.Advantage, adv...)
	e.Disadvantage = append(e.Disadvantage, dis...)
}

// addCheckConditions adds what c's conditions do to its ability checks.
func (e *Edge) addCheckConditions(c Combatant) {
	if c.Exhaustion >= 1 {
		e.dis("exhaustion")
	}
	if c.Conditions.Has(Poisoned) {
		e.dis("poisoned")
	}
	if c.Conditions.Has(Frightened) {
		e.dis("frightened")
	}
}

// addSaveConditions adds what c's conditions and Dodge do to its saving
// throws of ability a.
func (e *Edge) addSaveConditions(c Combatant, a Ability) {
	if c.Exhaustion >= 3 {
		e.dis("exhaustion")
	}
	if a == Dex {
		if c.Conditions.Has(Restrained) {
			e.dis("restrained")
		}
		if c.dodges() {
			e.adv("dodging")
		}
	}
}

// addAttackConditions adds what the attacker's and the target's
// conditions do to an attack roll; within5 says the attacker is within 5
// feet of the target.
func (e *Edge) addAttackConditions(attacker, target Combatant, within5 bool) {
	ac, tc := attacker.Conditions, target.Conditions
	if ac.Has(Blinded) {
		e.dis("attacker blinded")
	}
	if ac.Has(Invisible) {
		e.adv("attacker invisible")
	}
	if ac.Has(Poisoned) {
		e.dis("attacker poisoned")
	}
	if ac.Has(Frightened) {
		e.dis("attacker frightened")
	}
	if ac.Has(Prone) {
		e.dis("attacker prone")
	}
	if ac.Has(Restrained) {
		e.dis("attacker restrained")
	}
	if attacker.Exhaustion >= 3 {
		e.dis("attacker exhausted")
	}

	if tc.Has(Blinded) {
		e.adv("target blinded")
	}
	if tc.Has(Invisible) {
		e.dis("target invisible")
	}
	for _, t := range targetAdvantage {
		if tc.Has(t.c) {
			e.adv(t.why)
		}
	}
	if tc.Has(Prone) {
		if within5 {
			e.adv("target prone within 5 ft")
		} else {
			e.dis("target prone beyond 5 ft")
		}
	}
	// Dodge works only against an attacker the target can see.
	if target.dodges() && !tc.Has(Blinded) && !ac.Has(Invisible) {
		e.dis("target dodging")
	}
}

// targetAdvantage are the target's conditions that give attacks against it
// advantage whatever the distance.
var targetAdvantage = [...]struct {
	c   Condition
	why string
}{
	{Paralyzed, "target paralyzed"}, {Petrified, "target petrified"}, {Restrained, "target restrained"},
	{Stunned, "target stunned"}, {Unconscious, "target unconscious"},
}
