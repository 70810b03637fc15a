package rules

import "slices"

// The states spells put on a creature while they last (the encounter adds
// them to Combatant.Features): Enhance Ability's advantage on one
// ability's checks, Bestow Curse's disadvantage on one ability's checks
// and saves, and the sight of See Invisibility and True Seeing.

// The sight states.
const (
	SeeingInvisible = "see-invisibility"
	TrueSeeing      = "true-seeing"
)

// Enhanced is the state of Enhance Ability on ability a:
// "enhanced-str".
func Enhanced(a Ability) string { return "enhanced-" + a.String() }

// Cursed is the state of Bestow Curse on ability a: "cursed-str".
func Cursed(a Ability) string { return "cursed-" + a.String() }

func init() {
	rows := map[string]passive{
		SeeingInvisible: {seesInvisible: true},
		TrueSeeing:      {seesInvisible: true},
	}
	for a := Str; a <= Cha; a++ {
		rows[Enhanced(a)] = passive{checkAdvantage: func(_ Combatant, x Ability) (string, bool) { return "Enhance Ability", x == a }}
		rows[Cursed(a)] = passive{
			checkDisadvantage: func(_ Combatant, x Ability) (string, bool) { return "Bestow Curse", x == a },
			saveDisadvantage:  func(_ Combatant, req SaveRequest) (string, bool) { return "Bestow Curse", req.Ability == a },
		}
	}
	for id, p := range rows {
		if _, dup := passives[id]; dup {
			panic("rules: two passives for " + id)
		}
		passives[id] = p
	}
}

// seeInvisible takes from an attack roll what invisibility gives when the
// one it should hide from sees it: the invisible attacker's advantage on
// a target that sees invisible creatures, and the disadvantage on an
// invisible target for an attacker that does.
func (e *Edge) seeInvisible(attacker, target Combatant) {
	sees := func(p passive) bool { return p.seesInvisible }
	if target.featureIs(sees) {
		e.Advantage = slices.DeleteFunc(e.Advantage, func(why string) bool { return why == "attacker invisible" })
	}
	if attacker.featureIs(sees) {
		e.Disadvantage = slices.DeleteFunc(e.Disadvantage, func(why string) bool { return why == "target invisible" })
	}
}
