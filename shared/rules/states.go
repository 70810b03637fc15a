package rules

import "chronicler/shared/campaign"

// Glib is Glibness's state: the d20 of the creature's Charisma checks
// counts as 15 when it rolls lower.
const Glib = "glibness"

// sheetStates are the states a spell's lasting effect on a sheet puts on
// the character out of a fight as in one, by the effect's id, which is
// the state's.
var sheetStates = []string{Glib}

func init() {
	if _, dup := passives[Glib]; dup {
		panic("rules: two passives for " + Glib)
	}
	passives[Glib] = passive{checkFloor: func(_ Combatant, a Ability, _ Skill) int {
		if a == Cha {
			return 15
		}
		return 0
	}}
}

// effectStates are the states of sheetStates ch's lasting effects hold.
func effectStates(ch campaign.Character) []string {
	var out []string
	for _, fx := range ch.Effects {
		for _, st := range sheetStates {
			if fx.ID == st {
				out = append(out, st)
			}
		}
	}
	return out
}
