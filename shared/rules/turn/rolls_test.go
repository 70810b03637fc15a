package turn_test

import (
	"testing"

	"chronicler/shared/dice"
	"chronicler/shared/rules"
	"chronicler/shared/rules/turn"
)

// A stored roll keeps what the dice did: the faces each term kept and
// dropped, and the advantage it was rolled with; ids count from r1.
func TestRollsKeepTheirTerms(t *testing.T) {
	x, err := dice.Parse("1d20+5")
	if err != nil {
		t.Fatal(err)
	}
	r := dice.Roll(x, dice.NewSeeded(3), dice.Advantage())
	rolls := turn.Rolls([]rules.Roll{{Reason: "attack roll", Result: r}, {Reason: "damage", Result: r}})
	got := rolls[0]
	if !got.Advantage || len(got.Terms) != 2 || len(got.Terms[0].Kept) != 1 || len(got.Terms[0].Dropped) != 1 ||
		got.Terms[0].Kept[0] != r.Natural || got.Dice != "1d20+5" || got.Total != r.Total {
		t.Fatalf("stored roll %+v from %+v", got, r)
	}
	if got.RollID != "r1" || rolls[1].RollID != "r2" || rolls[1].Reason != "damage" {
		t.Fatalf("roll ids %s, %s", got.RollID, rolls[1].RollID)
	}
}
