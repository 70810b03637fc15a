package turn_test

import (
	"testing"

	"chronicler/shared/dice/dicetest"
	"chronicler/shared/intent"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/rules/spell"
	"chronicler/shared/rules/turn"
)

// Goodberries out of a fight: each eaten restores 1 hit point and leaves
// one fewer on the sheet; the last takes the effect with it.
func TestGoodberriesOutOfAFight(t *testing.T) {
	v, mira, _ := table(t)
	mira.HP = 5
	mira = mira.WithEffect(encounter.Lasting(spell.Effect{ID: spell.GoodberryID, Spell: "goodberry", CasterID: mira.ID, TargetID: mira.ID, Left: 2}, 1, 0))
	eat := intent.Intent{Kind: "use_item", Item: spell.GoodberryID}
	d, err := turn.Decide(v, mira, act(eat), dicetest.Faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Changed) != 1 || d.Changed[0].HP != 6 || d.Changed[0].Effects[0].Left != 1 {
		t.Fatalf("changed %+v, want Mira at 6 HP with one berry left", d.Changed)
	}
	d, err = turn.Decide(v, d.Changed[0], act(eat), dicetest.Faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if d.Changed[0].HP != 7 || len(d.Changed[0].Effects) != 0 {
		t.Fatalf("changed %+v, want Mira at 7 HP and the berries gone", d.Changed)
	}
	if _, err := turn.Decide(v, d.Changed[0], act(eat), dicetest.Faces(t)); err == nil {
		t.Error("a berry was eaten from an empty hand")
	}
}
