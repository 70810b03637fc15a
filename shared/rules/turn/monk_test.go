package turn_test

import (
	"slices"
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/dice/dicetest"
	"chronicler/shared/fault"
	"chronicler/shared/intent"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/rules/turn"
	"chronicler/shared/world"
)

// monkAt is Kai, a human monk of the given level from the standard array
// (Wisdom 11: +0), in the common room.
func monkAt(t *testing.T, level int) (turn.View, campaign.Character) {
	t.Helper()
	ch, err := campaign.NewCharacter{Name: "Kai", Race: "human", Class: "monk", Level: level}.Build("kai", "p-kai")
	if err != nil {
		t.Fatal(err)
	}
	ch.AreaID = world.StarterArea
	v := turn.View{Map: world.Starter("camp-1"), Scene: campaign.Scene{Location: "Common Room"}, Characters: []campaign.Character{ch}}
	return v, ch
}

// Tranquility: an 11th-level monk ends each long rest under Sanctuary, at
// its ki DC (8 + 4 + 0 = 12), until the next; carried into a fight, a
// goblin (Wisdom -1) that fails its Wisdom save can't attack it.
func TestTranquility(t *testing.T) {
	v, kai := monkAt(t, 11)
	d := decided(t, v, kai, intent.Intent{Kind: "rest", Rest: "long"})
	rested := d.Changed[0]
	i := slices.IndexFunc(rested.Effects, func(fx campaign.Effect) bool { return fx.Spell == "sanctuary" })
	if i < 0 || rested.Effects[i].DC != 12 || rested.Effects[i].Until != 0 || !strings.Contains(d.Summary, "Sanctuary") {
		t.Fatalf("after the rest: effects %+v, %q", rested.Effects, d.Summary)
	}
	// A second rest puts on a new one, not two.
	again := decided(t, with(v, d), rested, intent.Intent{Kind: "rest", Rest: "long"})
	if n := len(again.Changed[0].Effects); n != 1 {
		t.Errorf("%d effects after two rests", n)
	}
	e, _, err := encounter.Start("enc-t", []campaign.Character{rested}, []encounter.MonsterSpec{{SRDID: "goblin", Count: 1}}, nil, dicetest.Faces(t, 1, 20), nil)
	if err != nil {
		t.Fatal(err)
	}
	_, res, err := encounter.MonsterTurn(e, dicetest.Faces(t, 5))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Attacks) != 0 || !strings.Contains(res.Summary(), "DC 12") {
		t.Errorf("the goblin's turn: %q", res.Summary())
	}

	v, low := monkAt(t, 10)
	if d := decided(t, v, low, intent.Intent{Kind: "rest", Rest: "long"}); len(d.Changed[0].Effects) != 0 {
		t.Errorf("a 10th-level monk's rest left %+v", d.Changed[0].Effects)
	}
}

// Out of a fight, Wholeness of Body heals three times the monk's level,
// once until a long rest; Stillness of Mind ends being frightened.
func TestMonkFeaturesOutOfAFight(t *testing.T) {
	v, kai := monkAt(t, 6)
	kai.HP = 10
	v.Characters = []campaign.Character{kai}
	d := decided(t, v, kai, intent.Intent{Kind: "feature", Feature: "wholeness-of-body"})
	healed := d.Changed[0]
	if healed.HP != 28 || healed.Resources["wholeness-of-body"].Used != 1 {
		t.Fatalf("healed: %d HP, resources %+v: %q", healed.HP, healed.Resources, d.Summary)
	}
	_, err := turn.Decide(with(v, d), healed, act(intent.Intent{Kind: "feature", Feature: "wholeness-of-body"}), dicetest.Faces(t))
	refusal(t, err, fault.NotAllowed, "intent.feature", "")

	v, kai = monkAt(t, 7)
	kai.Conditions = []string{"frightened"}
	v.Characters = []campaign.Character{kai}
	d = decided(t, v, kai, intent.Intent{Kind: "feature", Feature: "stillness-of-mind"})
	if c := d.Changed[0].Conditions; slices.Contains(c, "frightened") {
		t.Errorf("still frightened: %v, %q", c, d.Summary)
	}
}
