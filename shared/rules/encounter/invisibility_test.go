package encounter_test

import (
	"slices"
	"strings"
	"testing"

	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
)

// An imp's Invisibility: with no foe beside it, its first turn goes to
// turning invisible (the spell's effect on itself, held by its
// concentration); its next turn's sting has advantage (an unseen
// attacker) and ends the invisibility; it never turns invisible again in
// the fight.
func TestImpTurnsInvisibleThenStingsWithAdvantage(t *testing.T) {
	e := monstersFirst(t, "imp", 1, mira())
	e, res, err := encounter.MonsterTurn(e, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	imp := participant(t, e, "imp-1")
	if !imp.Combatant.Conditions.Has(rules.Invisible) || len(res.Attacks) != 0 || !strings.Contains(res.Summary(), "Imp 1 turns invisible") {
		t.Fatalf("the imp's first turn: %v, attacks %d: %s", imp.Conditions, len(res.Attacks), res.Summary())
	}
	if imp.Combatant.Concentration != "invisibility" {
		t.Errorf("the imp concentrates on %q", imp.Combatant.Concentration)
	}
	e, _ = actFaces(t, e, "mira", endTurn())
	// Its sting: 2 and 18 with advantage, the 18 (+5) hits AC 16; 1d4 + 3
	// piercing and its poison save follow from the script's faces.
	e, res, err = encounter.MonsterTurn(e, scriptAfter(t, 2, 18))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Attacks) == 0 || len(res.Attacks[0].Edge.Advantage) == 0 {
		t.Fatalf("the unseen imp's sting: %+v: %s", res.Attacks, res.Summary())
	}
	if imp := participant(t, e, "imp-1"); imp.Combatant.Conditions.Has(rules.Invisible) || !slices.Contains(imp.Spent, "invisibility") {
		t.Errorf("after its sting the imp is %v, spent %v", imp.Conditions, imp.Spent)
	}
}
